# deltarf: C golden models, RTL and lockstep co-verification of the GPU register-file
# mechanisms of ../shared/papers. `make verify` is the main job, `make test` runs everything.
SHELL := /bin/bash
BUILD := build
SEED ?= 1
N ?=
CC := gcc
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -Icmodel -Itb -Icli -Ieval
LDLIBS := -llzma -lm
BLOCKS := rc_compress rc_decompress rc_ctable rc_slice rar_phys rar_alloc dcp_pt dcp_compress dcp_decompress psu psu_prio_enc dcp_slice pv_bank_map pv_bank_org pv_bank_rename pv_busy_arb pv_fwas pv_rf
RTL_DIR ?= rtl
RTL := $(wildcard $(RTL_DIR)/*.v)
# C models of the blocks (cmodel/) and the trace evaluation built on them (eval/)
CMODEL_SRC := $(wildcard cmodel/*.c) $(wildcard eval/*.c)
HARNESS_SRC := tb/harness.c tb/stim.c
# Verilator's runtime is the same in every bench: ccache compiles it once.
export OBJCACHE = $(if $(shell command -v ccache),ccache,)
VERILATOR_FLAGS := --cc --exe --build -j 2 -O3 --x-assign unique --x-initial unique \
  --trace-fst -Wall -I$(RTL_DIR) -Itb
TOOLS_OK := $(BUILD)/.tools-ok

.SECONDARY:
.PHONY: all verify test lint bench clean tools unit params cli icarus asan selftest
all: $(BUILD)/deltarf

tools: $(TOOLS_OK)
$(TOOLS_OK): tools/ensure-tools.sh
	@tools/ensure-tools.sh
	@mkdir -p $(BUILD) && touch $@

# --- C models, harness library, CLI -------------------------------------------------
$(BUILD)/obj/%.o: %.c $(wildcard cmodel/*.h tb/*.h cli/*.h eval/*.h) | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

CMODEL_OBJ := $(CMODEL_SRC:%.c=$(BUILD)/obj/%.o)
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(BUILD)/obj/%.o)

$(BUILD)/libdrf.a: $(CMODEL_OBJ)
	ar rcs $@ $^

CLI_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard cli/*.c))
$(BUILD)/deltarf: $(CLI_OBJ) $(BUILD)/libdrf.a
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

# --- Verilator lockstep benches ------------------------------------------------------
BENCHES := $(BLOCKS:%=$(BUILD)/tb/bench_%)
# Blocks with two implementations, module parameter IMPL (docs/synth.md, Area work): bench_B
# runs the default, optimised IMPL 1; bench_B@0 is the same bench on IMPL 0 (straightforward).
IMPL_BLOCKS := rc_compress rc_decompress psu_prio_enc
VARIANT_BENCHES := $(IMPL_BLOCKS:%=$(BUILD)/tb/bench_%@0)
BENCH_DEPS = tb/bench_%.c tb/shim_%.cpp tb/vshim.cpp tb/vshim.hpp $(RTL) $(HARNESS_OBJ) \
  $(BUILD)/libdrf.a
# $(call verilate,BLOCK,NAME,FLAGS): tb/bench_BLOCK.c on the RTL with top BLOCK and the extra
# Verilator FLAGS, as $(BUILD)/tb/bench_NAME (Verilator's files in $(BUILD)/vl/NAME)
define verilate
	@mkdir -p $(BUILD)/tb $(BUILD)/vl/$2
	$(CC) $(CFLAGS) -c tb/bench_$1.c -o $(BUILD)/vl/$2/bench_$1.o
	@rm -f $@ # the C objects are not among Verilator's link dependencies
	verilator $(VERILATOR_FLAGS) --top-module $1 $3 -Mdir $(BUILD)/vl/$2 -o $(CURDIR)/$@ \
	  -CFLAGS "-O2 -I$(CURDIR)/tb -I$(CURDIR)/cmodel" \
	  -LDFLAGS "$(CURDIR)/$(BUILD)/vl/$2/bench_$1.o $(HARNESS_OBJ:%=$(CURDIR)/%) $(CURDIR)/$(BUILD)/libdrf.a" \
	  $(RTL) $(CURDIR)/tb/shim_$1.cpp $(CURDIR)/tb/vshim.cpp >$(BUILD)/vl/$2/build.log 2>&1 \
	  || { tail -30 $(BUILD)/vl/$2/build.log; exit 1; }
endef
$(BUILD)/tb/bench_%: $(BENCH_DEPS) | $(TOOLS_OK)
	$(call verilate,$*,$*)
$(BUILD)/tb/bench_%@0: $(BENCH_DEPS) | $(TOOLS_OK)
	$(call verilate,$*,$*@0,-GIMPL=0)

verify: $(BENCHES) $(VARIANT_BENCHES)
	@tools/verify.sh $(SEED) "$(N)" $(BLOCKS) $(IMPL_BLOCKS:%=%@0)

clean:
	rm -rf $(BUILD)

# --- C unit tests, CLI tests, sanitizers ---------------------------------------------
UNIT_TESTS := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))
$(BUILD)/tests/%: tests/%.c tests/check.h $(BUILD)/libdrf.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests $< $(BUILD)/libdrf.a $(LDLIBS) -o $@

unit: $(UNIT_TESTS)
	@for t in $^; do $$t || exit 1; done

cli: $(BUILD)/deltarf
	tests/cli_test.sh $(BUILD)/deltarf

ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
asan: | $(TOOLS_OK)
	@mkdir -p $(BUILD)/asan
	$(CC) $(CFLAGS) -O1 $(ASAN_FLAGS) cli/*.c $(CMODEL_SRC) $(LDLIBS) -o $(BUILD)/asan/deltarf
	@for t in $(wildcard tests/test_*.c); do \
	  $(CC) $(CFLAGS) -Itests -O1 $(ASAN_FLAGS) $$t $(CMODEL_SRC) $(LDLIBS) -o $(BUILD)/asan/$$(basename $$t .c) \
	  && $(BUILD)/asan/$$(basename $$t .c) || exit 1; done
	tests/cli_test.sh $(BUILD)/asan/deltarf

# --- Icarus cross-simulation and benchmarks ------------------------------------------
icarus: $(BUILD)/tb/bench_rc_compress $(BUILD)/tb/bench_rc_decompress
	tools/icarus.sh $(SEED)

bench: $(BENCHES) $(BUILD)/libdrf.a
	tools/bench.sh

# --- lint, parameters, harness self-test, everything ----------------------------------
lint: | $(TOOLS_OK)
	tools/lint.sh $(BLOCKS)

params: | $(TOOLS_OK)
	tests/params_agree.sh

selftest: | $(TOOLS_OK)
	tests/harness_selftest.sh

test: | $(TOOLS_OK)
	tools/run-tests.sh unit cli pv-cli params lint verify xsweep xsweep-selftest fuzz-regress icarus asan selftest synth formal mutate-sample evaltest patchtest

# --- synthesis: area and logic-depth report (synth/run.sh, docs/synth.md) ------------
# Every block of BLOCKS plus the submodules reported on their own; build/synth/area.md, .csv.
# BLOCK@0: BLOCK synthesised with IMPL = 0, set beside its default in the report's Area work.
SYNTH_BLOCKS := $(BLOCKS) rc_compress_ctrl rc_compress_deltas \
  $(IMPL_BLOCKS:%=%@0) rc_compress_deltas@0
.PHONY: synth synth-blocks blocks
synth: | $(TOOLS_OK)
	RTL_DIR=$(RTL_DIR) synth/run.sh $(SYNTH_BLOCKS); tests/synth_smoke.sh $(SYNTH_BLOCKS)

synth-blocks:
	@echo $(SYNTH_BLOCKS)

# The block list, for scripts (tools/bench.sh).
blocks:
	@echo $(BLOCKS)


# --- per-topic fragments: formal (issue 4), eval (issue 6), mutate / fuzz (issue 7) --------
include $(wildcard mk/*.mk)
