# SPDX-License-Identifier: Apache-2.0
# --- NVIDIA traces in Accel-Sim's format (eval/trace/accel_trace.c, docs/accel-trace.md) -------------
# make accel-cli (a make test step): every trace verb on the fixture of tests/data/accel.
# make bench-accel: the reader's speed on a generated .traceg of ACCEL_MB megabytes, plain and
# xz, beside xz -dc (build/bench/accel/, not in make test: minutes of CPU).
ACCEL_MB ?= 300
TEST_STEPS += accel-cli:3
.PHONY: accel-cli bench-accel
accel-cli: $(BUILD)/deltarf
	tests/accel/cli.sh $(BUILD)/deltarf

# The trace reader alone: events, MB/s, peak memory (tools/c/trace_drain.c).
$(BUILD)/tools/trace_drain: tools/c/trace_drain.c $(BUILD)/libdrf.a | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

bench-accel: $(BUILD)/tools/trace_drain
	tools/run/bench_accel.sh $(BUILD) $(ACCEL_MB)
