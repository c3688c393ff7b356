# SPDX-License-Identifier: Apache-2.0
# deltarf: C golden models, RTL and lockstep co-verification of the GPU register-file
# mechanisms of ../shared/papers. `make verify` is the main job, `make test` runs everything.
SHELL := /bin/bash
BUILD := build
SEED ?= 1
N ?=
CC := gcc
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -I. -Icommon -Icmodel -Itb -Icli -I$(BUILD)/gen
DEPFLAGS = -MMD -MP # a header change rebuilds only what includes it
LDLIBS := -llzma -lm
RTL_DIR ?= rtl
RTL := $(wildcard $(RTL_DIR)/*.v)
GEN := $(BUILD)/gen
# every flow's results as JSON (docs/results.md, tools/report/results.py)
RESULTS := $(BUILD)/results

# --- the block registry (blocks.tsv, tools/gen/registry.py) ----------------------------------
# $(GEN)/registry.mk: BLOCKS, IMPL_BLOCKS, SYNTH_BLOCKS, SYNTH_MACROS, RTL_FILES_<b>,
# RTL_INCLUDES_<b>, FORMAL_FILES_<b>, VFLAGS_<b> and the mutate settings; beside it the ports
# read from the RTL and, per block, the bench's port struct, the Verilator shim and the Icarus
# testbench.
# The tools come first (tools/check/ensure-tools.sh installs what is missing), then the registry: a
# hard include, so a registry that cannot be generated (no yosys, an RTL error) stops every
# target with its own error instead of leaving BLOCKS empty (docs/registry.md).
TOOLS_OK := $(BUILD)/.tools-ok
ifeq ($(filter clean,$(MAKECMDGOALS)),)
include $(GEN)/registry.mk
# BLOCKS= on the command line narrows a run to registered blocks; it never empties one. (Read
# once make has (re)made the registry and restarted.)
ifneq ($(wildcard $(GEN)/registry.mk),)
$(if $(strip $(BLOCKS)),,$(error no block to run: BLOCKS is empty (the registry, blocks.tsv, lists $(words $(REGISTRY_BLOCKS)))))
$(if $(filter-out $(REGISTRY_BLOCKS),$(BLOCKS)),$(error BLOCKS names what blocks.tsv does not register: $(filter-out $(REGISTRY_BLOCKS),$(BLOCKS))))
endif
endif
$(GEN)/registry.mk: blocks.tsv tools/gen/registry.py $(RTL) | $(TOOLS_OK)
	RTL_DIR=$(RTL_DIR) python3 -m tools.gen.registry gen $(GEN)
$(GEN)/tb/ports_%.h $(GEN)/tb/shim_%.cpp $(GEN)/icarus/%_tb.v: $(GEN)/registry.mk ;
# What every layer shares (common/: the seeded generator, JSON strings), the C models of the
# blocks (cmodel/) and the trace evaluation built on them (eval/)
CMODEL_SRC := $(wildcard common/*.c) $(wildcard cmodel/*.c) $(wildcard eval/*/*.c)
HARNESS_SRC := tb/harness.c tb/stim.c tb/dcp_stats.c
# Verilator's runtime is the same in every bench: ccache compiles it once.
export OBJCACHE = $(if $(shell command -v ccache),ccache,)
# The model's C++ at -O2 (Verilator's default OPT_FAST is -Os) with clang++: its models run the
# slice benches 1.3-1.5x faster than g++'s and build in 0.6x the CPU time (docs/bench.md). The
# code run once (Verilator's __Slow files: construction, trace set-up) at OPT_SLOW, unoptimised:
# dcp_slice's trace set-up takes 14 s to compile at -O2, 3 s at -O0. Per-block: blocks.tsv.
# The model's C++ for the machine that builds it, where its bench runs (-march=native: a row of
# 512 bits is then a few vector operations; dcp_slice 0.83-0.92x the time, docs/bench.md), but
# without AVX-512, which valgrind 3.19 cannot decode (a callgrind profile of a bench) and which
# ran no faster. ccache keys an object on the flags, not on the CPU: do not share a ccache
# directory between machines of different CPUs. Verilator's runtime (OPT_GLOBAL) stays generic.
VERILATOR_FLAGS := --cc --exe --build -j 2 -O3 --x-assign unique --x-initial unique \
  --trace-fst -Wall -I$(RTL_DIR) -Itb \
  -MAKEFLAGS "OPT_FAST=-O2\ -march=native\ -mno-avx512f OPT_GLOBAL=-O2 CXX=clang++"

.SECONDARY:
.PHONY: all verify test test-build lint bench clean tools unit params cli icarus asan selftest
all: $(BUILD)/deltarf

tools: $(TOOLS_OK)
$(TOOLS_OK): tools/check/ensure-tools.sh
	@tools/check/ensure-tools.sh
	@mkdir -p $(BUILD) && touch $@

# --- C models, harness library, CLI -------------------------------------------------
$(BUILD)/obj/%.o: %.c | $(TOOLS_OK) $(GEN)/drf_energy.h $(GEN)/drf_gpus.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

CMODEL_OBJ := $(CMODEL_SRC:%.c=$(BUILD)/obj/%.o)
# The models and the trace evaluation at -O3 (deltarf compare about 7 % faster than at -O2,
# results the same: docs/compare.md, Measured)
$(CMODEL_OBJ): CFLAGS += -O3
# deltarf compare's energy model: the C view of data/power/logic.tsv and the papers' values
# (tools/gen/energy_data.py; docs/compare.md)
ENERGY_DATA := data/power/logic.tsv data/papers/reproduction.tsv data/papers/nodes.tsv
$(GEN)/drf_energy.h: $(ENERGY_DATA) tools/gen/energy_data.py
	@mkdir -p $(dir $@)
	python3 -m tools.gen.energy_data header $(ENERGY_DATA) $@
# The papers' GPUs shipped in the binary (data/gpus/*.config, docs/gpu.md; eval/gpu/gpu.c)
GPU_DATA := $(sort $(wildcard data/gpus/*.config))
$(GEN)/drf_gpus.h: $(GPU_DATA) tools/gen/gpu_data.py
	@mkdir -p $(dir $@)
	python3 -m tools.gen.gpu_data $@ $(GPU_DATA)
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(BUILD)/obj/%.o)
# The harness as an archive: a bench links only the members it uses (dcp_stats: dcp_slice's).
HARNESS_LIB := $(BUILD)/libhx.a
$(HARNESS_LIB): $(HARNESS_OBJ)
	ar rcs $@ $^

$(BUILD)/libdrf.a: $(CMODEL_OBJ)
	ar rcs $@ $^

CLI_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard cli/*.c))
$(BUILD)/deltarf: $(CLI_OBJ) $(BUILD)/libdrf.a
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

# --- Verilator lockstep benches ------------------------------------------------------
BENCHES := $(BLOCKS:%=$(BUILD)/tb/bench_%)
# Blocks with two implementations, module parameter IMPL (docs/synth.md, Area work): bench_B
# runs the default, optimised IMPL 1; bench_B@0 is the same bench on IMPL 0 (straightforward).
VARIANT_BENCHES := $(IMPL_BLOCKS:%=$(BUILD)/tb/bench_%@0)
# A bench: tb/bench_<b>.c, the generated port struct and shim, the block's RTL files.
.SECONDEXPANSION:
BENCH_DEPS = tb/bench_%.c $(GEN)/tb/ports_%.h $(GEN)/tb/shim_%.cpp tb/vshim.cpp tb/vshim.hpp \
  tb/harness.h tb/dut.h $$(RTL_FILES_$$*) $$(RTL_INCLUDES_$$*) $(HARNESS_LIB) $(BUILD)/libdrf.a \
  $(BUILD)/verilator.flags $(BUILD)/vflags/$$*
# $(call verilate,BLOCK,NAME,FLAGS): tb/bench_BLOCK.c on the block's RTL (or BENCH_RTL) with
# top BLOCK, its registry options and the extra Verilator FLAGS, as $(BUILD)/tb/bench_NAME
# (Verilator's files in $(BUILD)/vl/NAME); HARNESS_FIRST: objects linked before the harness's.
define verilate
	@mkdir -p $(BUILD)/tb $(BUILD)/vl/$2
	$(CC) $(CFLAGS) -I$(GEN)/tb $(DEPFLAGS) -MT $@ -c tb/bench_$1.c -o $(BUILD)/vl/$2/bench_$1.o
	@rm -f $@ # the C objects are not among Verilator's link dependencies
	verilator $(VERILATOR_FLAGS) $(VFLAGS_$1) --top-module $1 $3 -Mdir $(BUILD)/vl/$2 -o $(CURDIR)/$@ \
	  -CFLAGS "-I$(CURDIR)/tb -I$(CURDIR)/cmodel -I$(CURDIR)/common" \
	  -LDFLAGS "$(CURDIR)/$(BUILD)/vl/$2/bench_$1.o $(HARNESS_FIRST:%=$(CURDIR)/%) $(CURDIR)/$(HARNESS_LIB) $(CURDIR)/$(BUILD)/libdrf.a" \
	  $(or $(BENCH_RTL),$(RTL_FILES_$1)) $(CURDIR)/$(GEN)/tb/shim_$1.cpp $(CURDIR)/tb/vshim.cpp \
	  >$(BUILD)/vl/$2/build.log 2>&1 || { tail -30 $(BUILD)/vl/$2/build.log; exit 1; }
endef
$(BUILD)/tb/bench_%: $(BENCH_DEPS) | $(TOOLS_OK)
	$(call verilate,$*,$*)
$(BUILD)/tb/bench_%@0: $(BENCH_DEPS) | $(TOOLS_OK)
	$(call verilate,$*,$*@0,-GIMPL=0)

verify: $(BENCHES) $(VARIANT_BENCHES)
	@python3 -m tools.run.runner verify -s $(SEED) -n "$(N)" -o $(BUILD)/verify -r $(RESULTS)/verify.json \
	  $(BLOCKS) $(IMPL_BLOCKS:%=%@0)

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
	$(BUILD)/deltarf --usage-table | python3 -m tools.gen.readme_cli --check README.md

ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The same C models, CLI and unit tests under ASan/UBSan: every object compiled once (make -j).
ASAN_CFLAGS = $(CFLAGS) -O1 $(ASAN_FLAGS)
$(BUILD)/asan/obj/%.o: %.c | $(TOOLS_OK) $(GEN)/drf_energy.h $(GEN)/drf_gpus.h
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -Itests $(DEPFLAGS) -c $< -o $@
ASAN_LIB_OBJ := $(CMODEL_SRC:%.c=$(BUILD)/asan/obj/%.o)
$(BUILD)/asan/deltarf: $(CLI_OBJ:$(BUILD)/obj/%=$(BUILD)/asan/obj/%) $(ASAN_LIB_OBJ)
	$(CC) $(ASAN_CFLAGS) $^ $(LDLIBS) -o $@
$(BUILD)/asan/tests/%: $(BUILD)/asan/obj/tests/%.o $(ASAN_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) $^ $(LDLIBS) -o $@
asan: $(BUILD)/asan/deltarf $(UNIT_TESTS:$(BUILD)/tests/%=$(BUILD)/asan/tests/%)
	@for t in $(filter $(BUILD)/asan/tests/%,$^); do $$t || exit 1; done
	tests/cli_test.sh $(BUILD)/asan/deltarf
	python3 -m tests.compare_smoke $(BUILD)/asan/deltarf $(COMPARE_SMOKE_TRACES)

# --- Icarus cross-simulation and benchmarks ------------------------------------------
# every block's stimulus replayed on Icarus (ICARUS_N transactions each, at most ICARUS_CYCLES
# cycles of a run; 0: all)
ICARUS_N ?= 500
ICARUS_CYCLES ?= 20000
icarus: $(BENCHES) $(BLOCKS:%=$(GEN)/icarus/%_tb.v)
	ICARUS_CYCLES=$(ICARUS_CYCLES) python3 -m tools.run.icarus run -r $(RESULTS)/icarus.json $(SEED) $(ICARUS_N) $(BLOCKS)

# BENCH_BASE: the revision the lockstep speed is compared with (side by side, one run): the
# main of 2026-12-06 before the second round of speed work on the slow benches (docs/bench.md;
# the first round's base was 4081b39, before the registry: BENCH_BASE=4081b39).
BENCH_BASE ?= 71f28d9
bench: $(BENCHES) $(BUILD)/libdrf.a
	python3 -m tools.run.bench -r $(RESULTS)/bench.json $(SEED) $(BENCH_BASE)
# The comparison with BENCH_BASE alone, on BENCH_BLOCKS (the slow benches by default):
# build/bench/base.md, each row also saying whether both revisions' runs ended on the same
# closing line and wrote byte-identical bin counts (same seed, same transactions).
BENCH_BLOCKS ?= psu dcp_slice
.PHONY: bench-base
bench-base: $(BENCH_BLOCKS:%=$(BUILD)/tb/bench_%)
	python3 -m tools.run.bench base $(SEED) $(BENCH_BASE) $(BENCH_BLOCKS)

# --- lint, parameters, harness self-test, everything ----------------------------------
lint: | $(TOOLS_OK)
	tools/check/lint.sh $(BLOCKS) && tools/check/spdx.sh check

params: | $(TOOLS_OK)
	tests/params_agree.sh

selftest: $(BUILD)/libdrf.a $(HARNESS_LIB) $(BUILD)/tb/bench_rar_phys | $(TOOLS_OK)
	tests/harness_selftest.sh

# Everything the test steps share, built once before they run side by side.
test-build: $(BUILD)/deltarf $(HARNESS_LIB) $(BENCHES) $(VARIANT_BENCHES) $(UNIT_TESTS)

# make test's steps: one list, to which the Makefile and each mk/*.mk fragment add the steps they
# define, as NAME:S (the step's wall seconds in a fresh make test, measured: the longest start
# first). They run side by side, two at a time, after check-registry and test-build; NAME:S:wait
# marks one that mostly waits (regress-selftest, on its Slurm cluster): it runs beside them, no slot.
# check-tests fails naming any file under tests/ that no step runs (tools/check/check_tests_run.py).
TEST_STEPS += synth-smoke:182 asan:33 icarus:61 lint:19 verify:16 selftest:25 unit:4 cli:3 \
  params:1 check-tests:2 check-docs:1 pytools:5 first-contact:15
TEST_STEP_NAMES = $(foreach s,$(TEST_STEPS),$(firstword $(subst :, ,$s)))
test: | $(TOOLS_OK)
	tools/run/run-tests.sh check-registry test-build -- $(TEST_STEPS)

.PHONY: test-steps check-tests check-docs pytools first-contact results-check
test-steps:
	@echo $(TEST_STEP_NAMES)
check-tests:
	python3 -m tools.check.check_tests_run check-registry $(TEST_STEP_NAMES)
# every path README.md and docs/ name exists (tools/check/check_doc_paths.py)
check-docs:
	python3 -m tools.check.check_doc_paths
# the results' schemas (docs/results.md) and a bench's run end to end: its --result, make verify's
# merge, JUnit XML from it; then every result in build/results checked (tools/report/results.py)
TEST_STEPS += results-check:2
results-check: $(BUILD)/tb/bench_rar_phys
	@python3 -m tools.run.runner verify -o $(BUILD)/results-check -r $(BUILD)/results-check/verify.json -s 1 \
	  rar_phys >/dev/null
	python3 -m tools.report.results junit $(BUILD)/results-check/verify.json $(BUILD)/results-check/junit.xml
	python3 -m tools.report.results check $(BUILD)/results-check $(wildcard $(RESULTS))
# the Python tools' unit tests (tests/tools/), one file each, as modules of the tree's root (tools/
# is a package run with python3 -m: README.md, Layout)
PY_TESTS := $(wildcard tests/tools/test_*.py)
pytools:
	@for t in $(PY_TESTS); do python3 -m unittest -q $$t || exit 1; done; echo "pytools: $(words $(PY_TESTS)) test files passed"
# the newcomer's first contact, in a scratch copy: no tools, no registry, fewer benches than
# listed: every run fails naming what is missing (tests/first_contact.sh)
first-contact: $(BUILD)/tb/bench_rar_phys
	tests/first_contact.sh $(BUILD)/tb

# --- synthesis: area and logic-depth report (synth/run.sh, docs/synth.md) ------------
# SYNTH_BLOCKS (registry.mk): every block, the modules its synth column names, and B@0 for the
# blocks with an IMPL 0 (set beside B in the report's Area work); SYNTH_MACROS: the arrays.
# CLOCK_PS: the papers' 1 GHz clock (aging Sec. 5.1.3, DC-Patch Sec. IV-E): ABC's delay target in
# make synth, OpenSTA's clock in make power.
CLOCK_PS := 1000
export SYNTH_CLOCK_PS := $(CLOCK_PS)
.PHONY: synth synth-smoke synth-blocks blocks check-registry readme liberty power power-smoke
synth: | $(TOOLS_OK)
	SYNTH_MACROS="$(SYNTH_MACROS)" RTL_DIR=$(RTL_DIR) SYNTH_RESULT=$(RESULTS)/synth.json \
	  synth/run.sh $(SYNTH_BLOCKS); \
	  tests/synth_smoke.py $(SYNTH_BLOCKS)
# make test's step: every block synthesised and mapped with ABC's fast mapping (SYNTH_FAST)
# into build/synth-smoke, each block once (the run's blocks black boxes inside the others);
# the same checks (docs/synth.md, make synth-smoke).
synth-smoke: | $(TOOLS_OK)
	SYNTH_FAST=1 SYNTH_DIR=$(BUILD)/synth-smoke SYNTH_MACROS="$(SYNTH_MACROS)" RTL_DIR=$(RTL_DIR) \
	  SYNTH_RESULT=$(RESULTS)/synth-smoke.json synth/run.sh $(SYNTH_BLOCKS); SYNTH_DIR=$(BUILD)/synth-smoke tests/synth_smoke.py $(SYNTH_BLOCKS)

synth-blocks:
	@echo $(SYNTH_BLOCKS)

# synth/deltarf45.lib (committed) cut anew from the Nangate liberty (tools/synth/libcut.py)
NANGATE_LIB ?= ../shared/liberty/NangateOpenCellLibrary_typical.lib
liberty:
	python3 -m tools.synth.libcut $(NANGATE_LIB) synth/deltarf45.lib

# make power: make synth, then make gates-activity on its netlists (every block's traced gate
# bench against its C model, each net's switching activity: mk/gates.mk), then OpenSTA's slack
# and power of every block at CLOCK_PS with that activity (tools/synth/power.py; docs/synth.md)
# -> build/synth/power.{csv,md,json} (power.json also in build/results). power-smoke (make test):
# one block end to end, and bad input.
GATES_DIR ?= $(BUILD)/gates
power: synth
	@$(MAKE) --no-print-directory gates-activity GATES=$(GATES_DIR) GATES_NETLISTS=$(BUILD)/synth \
	  GATES_BLOCKS="$(BLOCKS)"
	python3 -m tools.synth.power $(BUILD)/synth $(GATES_DIR) $(CLOCK_PS) $(BLOCKS)
	python3 -m tools.report.results put $(BUILD)/synth/power.json $(RESULTS)/power.json
POWER_SMOKE_BLOCK := frf_mode_ctl
TEST_STEPS += power-smoke:20
power-smoke: | $(TOOLS_OK)
	SYNTH_DIR=$(BUILD)/power-smoke SYNTH_MACROS="$(SYNTH_MACROS)" RTL_DIR=$(RTL_DIR) \
	  synth/run.sh $(POWER_SMOKE_BLOCK) >/dev/null
	python3 tests/power_smoke.py $(BUILD)/power-smoke $(CLOCK_PS) $(POWER_SMOKE_BLOCK)

# The block list, for scripts (tools/run/bench.py).
blocks:
	@echo $(BLOCKS)

# Every registered block has its parts; every RTL top is registered; README's table is current.
check-registry: $(GEN)/registry.mk
	python3 -m tools.gen.registry check $(GEN)

# README.md's block table from blocks.tsv and its CLI section from the CLI's verb table.
readme: $(BUILD)/deltarf
	python3 -m tools.gen.registry readme
	$(BUILD)/deltarf --usage-table | python3 -m tools.gen.readme_cli README.md

# --- per-topic fragments: mk/*.mk, one a flow (formal, eval, mutate, fuzz...) ----------------
include $(wildcard mk/*.mk)

# A bench is remade when the Verilator options change (the C++ compiler among them): their text
# after the Makefile and mk/*.mk, kept in a file rewritten only when it differs (a bench's own
# target-specific additions, mutate's, do not reach this copy).
VERILATOR_FLAGS_ALL := $(VERILATOR_FLAGS)
$(BUILD)/verilator.flags: FORCE
	@mkdir -p $(@D); echo '$(VERILATOR_FLAGS_ALL)' | cmp -s - $@ || echo '$(VERILATOR_FLAGS_ALL)' >$@
# and when its own options (blocks.tsv's verilator column, VFLAGS_<block>) change, the same way
$(BUILD)/vflags/%: FORCE
	@mkdir -p $(@D); echo '$(VFLAGS_$*)' | cmp -s - $@ || echo '$(VFLAGS_$*)' >$@
