# SPDX-License-Identifier: Apache-2.0
# --- Section 6 evaluation on real traces: deltarf sim (issue 6, docs/eval.md) --------------------
# eval-sim: every trace under every scheme -> $(BUILD)/eval/report-sim.md and plots in
# $(BUILD)/eval/plots; eval: that report plus DC-Patch's (eval-patch, mk/patch.mk) when defined,
# as $(BUILD)/eval/report.md. evaltest: the replay's and the dispatch's unit tests and the CLI
# tests (tests/eval/: errors, oversubscribed slices, folded repetitions).
EVAL_TRACES := $(wildcard data/traces/*.trace.xz)
# make eval also replays BlackScholes, the aging paper's own Figs. 14 and 17 kernel, when
# ../shared/traces holds it (minutes; never in make test: ledgertest uses EVAL_TRACES).
EVAL_SIM_TRACES := $(EVAL_TRACES) $(wildcard ../shared/traces/BlackScholes.trace.xz)
EVAL_MAP ?= packed
TEST_STEPS += evaltest:3
.PHONY: eval eval-sim evaltest eval-ledger ledgertest
eval-sim: $(BUILD)/deltarf
	tools/eval_report.sh $(BUILD)/deltarf $(BUILD)/eval $(EVAL_MAP) $(EVAL_SIM_TRACES)

eval: eval-sim $(if $(wildcard mk/patch.mk),eval-patch) $(if $(wildcard mk/pilot.mk),eval-pilot)
	@{ echo "# deltarf: evaluation on the real traces of data/traces (make eval)"; echo; \
	  cat $(BUILD)/eval/report-sim.md; } >$(BUILD)/eval/report.md
	@if [ -f $(BUILD)/eval/report-patch.md ]; then echo >>$(BUILD)/eval/report.md; \
	  cat $(BUILD)/eval/report-patch.md >>$(BUILD)/eval/report.md; fi
	@if [ -f $(BUILD)/eval/report-pilot.md ]; then echo >>$(BUILD)/eval/report.md; \
	  cat $(BUILD)/eval/report-pilot.md >>$(BUILD)/eval/report.md; fi
	@if [ -f $(BUILD)/eval/report-pv.md ]; then echo >>$(BUILD)/eval/report.md; \
	  cat $(BUILD)/eval/report-pv.md >>$(BUILD)/eval/report.md; fi
	@if [ -f $(BUILD)/eval/reproduction.md ]; then printf '\n## Reproduction ledger\n\nEvery quantitative result of the four papers beside ours, with its class and cause: [reproduction.md](reproduction.md) (docs/eval.md).\n' >>$(BUILD)/eval/report.md; fi
	@echo "eval: $(BUILD)/eval/report.md"

# eval-ledger (a prerequisite of make eval): the reproduction ledger, every quantitative result of
# the four papers beside ours -> $(BUILD)/eval/reproduction.{json,md} (tools/reproduction_run.sh,
# tools/reproduction.py; the papers' values: data/papers/reproduction.tsv; docs/eval.md).
# LEDGER_TRACES: other real traces too, e.g. LEDGER_TRACES="../shared/traces/*.trace.xz" (the shell
# expands it; BlackScholes needs about 1.6 GB and minutes).
LEDGER_TRACES ?= $(EVAL_TRACES)
eval-ledger: $(BUILD)/deltarf
	tools/reproduction_run.sh $(BUILD)/deltarf $(BUILD)/eval $(LEDGER_TRACES)
eval: eval-ledger

# ledgertest: the ledger on the in-tree traces (1 fault map, 10 chips: fast), then validated: every
# required id, fields typed, classes recomputed from the numbers, a cause naming an existing doc
# or test unless reproduced. The generator's unit tests are tests/tools/test_reproduction.py.
TEST_STEPS += ledgertest:25
ledgertest: $(BUILD)/deltarf
	LEDGER_MAPS=1 PV_CHIPS=10 tools/reproduction_run.sh $(BUILD)/deltarf $(BUILD)/ledgertest $(EVAL_TRACES)
	python3 tools/reproduction.py check $(BUILD)/ledgertest/reproduction.json .

test-build: $(BUILD)/tools/gentrace
evaltest: $(BUILD)/deltarf $(BUILD)/tests/test_sim $(BUILD)/tests/test_dispatch $(BUILD)/tools/gentrace
	$(BUILD)/tests/test_sim
	$(BUILD)/tests/test_dispatch
	tests/eval/sim_cli.sh $(BUILD)/deltarf
	tests/eval/oversub.sh $(BUILD)/deltarf $(BUILD)/tools/gentrace
	tests/eval/repeat.sh $(BUILD)/deltarf $(BUILD)/tools/gentrace

# Synthetic traces of the shapes of SDK runs not in the repository (tools/gentrace.c).
$(BUILD)/tools/gentrace: tools/gentrace.c | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

# The large-trace part of make bench alone: build/bench/trace.md (tools/bench_trace.sh).
.PHONY: bench-trace
bench-trace: $(BUILD)/deltarf $(BUILD)/tools/gentrace
	@mkdir -p $(BUILD)/bench
	tools/bench_trace.sh $(BUILD)/deltarf $(BUILD)/tools/gentrace $(BUILD)/bench | tee $(BUILD)/bench/trace.md
