# SPDX-License-Identifier: Apache-2.0
# --- gate-level lockstep check of the mapped netlists (docs/synth.md, Gate-level check)
# make verify-gates: every block's netlist of make synth ($(GATES_NETLISTS)/B/B.mapped.v, cells
# of synth/deltarf45.lib modelled by tools/synth/liberty.py) run by the block's own bench against its C
# model, GATES_N transactions (tools/synth/gates.py; tools/run/runner.py each runs the blocks). make
# gates-activity (make power runs it): the same runs with each net's switching activity in
# $(GATES)/B/activity.json (tools/synth/fst_activity.c). The black-boxed macros (rc_ctable, dcp_pt,
# pv_rf_store) are their RTL, read by Verilator from rtl/ (-I); inferred arrays are in the
# netlist as arrays.
GATES := $(BUILD)/gates
GATES_NETLISTS ?= $(BUILD)/synth
GATES_N ?= 2000
GATES_BLOCKS = $(BLOCKS) $(IMPL_BLOCKS:%=%@0)
# activity.json's clock period: the papers' 1 GHz (synth/run.sh's CYCLE_PS)
CLOCK_NS ?= 1
VERILATOR_ROOT := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
FST_SRC := $(VERILATOR_ROOT)/include/gtkwave
FST_ACTIVITY := $(BUILD)/tools/fst_activity
# Verilator's files of a gate bench: $(BUILD)/vl/$(GATES_VL)/B (its traced build: B-trace)
GATES_VL = $(patsubst $(BUILD)/%,%,$(GATES))
.PHONY: verify-gates gates-activity gates-smoke

$(GATES)/cells.v: synth/deltarf45.lib tools/synth/liberty.py | $(TOOLS_OK)
	@mkdir -p $(@D)
	python3 -m tools.synth.liberty models $< $@

# Verilator's own FST reader (gtkwave's fstapi.c, lz4, fastlz), built as Verilator builds it
$(BUILD)/tools/fst/%.o: $(FST_SRC)/%.c | $(TOOLS_OK)
	@mkdir -p $(@D)
	$(CC) -O2 -w -DFST_CONFIG_INCLUDE='"fst_config.h"' -I$(FST_SRC) -c $< -o $@
$(FST_ACTIVITY): tools/synth/fst_activity.c $(addprefix $(BUILD)/tools/fst/,fstapi.o lz4.o fastlz.o)
	$(CC) $(CFLAGS) -I$(FST_SRC) $^ -lz -lpthread -o $@

# The netlist Verilator runs (tools/synth/gates.py simnet): the JSON netlist with every net split into
# bits inside a top with the block's ports (B@0's top is B). Verilator 5.006 mis-evaluates a
# netlist whose vectors feed their own bits through cells, and, with its DFG optimisation, some
# others (dcp_pt): docs/synth.md, Gate-level check.
gates_top = $(firstword $(subst @, ,$*))
$(GATES)/%/sim.v: $$(GATES_NETLISTS)/$$*/$$*.mapped.json tools/synth/gates.py $(GATES)/bench.cfg | $(TOOLS_OK)
	@mkdir -p $(@D)
	yosys -q -p 'read_json $<; rename $(gates_top) $(gates_top)__net; splitnets -ports; write_verilog -noattr $@.split'
	python3 -m tools.synth.gates simnet $< $@.split $@ && rm -f $@.split

# The gate benches: the block's unchanged bench and shim on the simulation netlist and the cell
# models, in two builds, each made to be run once (docs/synth.md, Gate-level check: build time):
# - $(GATES)/B/bench, make verify-gates' check: no signal traced ($(GATES)/notrace.vlt: the
#   harness's tracing calls stay and trace nothing; a netlist's trace code is about half of its
#   C++, and writing the trace most of its run);
# - $(GATES)/B/bench-trace, make gates-activity's (make power's) and a failure's waveform:
#   --trace-depth 2 --trace-underscore, every net of the netlist (the split netlist is the
#   second level; Yosys names most nets _N_, which Verilator leaves out by default), not the pins
#   of every cell instance (depth 3 declared up to four times as many, for the same activity).
# Both: the model's C++ at -O1 (OPT_FAST) in functions of at most 2000 statements; -j 1, since
# GATES_JOBS benches are built at a time. -fno-dfg: see above.
GATES_VFLAGS := -Wno-fatal -Wno-lint -Wno-style -fno-dfg --output-split-cfuncs 2000 -j 1 \
  -MAKEFLAGS "OPT_FAST=-O1"
GATES_TRACE_VFLAGS := --trace-depth 2 --trace-underscore --output-split-ctrace 2000
# gate benches built, and blocks run, at a time: the machine's two cores
GATES_JOBS ?= 2
GATES_BENCH_DEPS = $(BENCH_DEPS) $(GATES)/cells.v $(GATES)/bench.cfg $(GATES)/notrace.vlt
$(GATES)/%/bench: BENCH_RTL = $(GATES)/notrace.vlt $(@D)/sim.v $(GATES)/cells.v
$(GATES)/%/bench-trace: BENCH_RTL = $(@D)/sim.v $(GATES)/cells.v
$(GATES)/%/bench: VERILATOR_FLAGS += $(GATES_VFLAGS)
$(GATES)/%/bench-trace: VERILATOR_FLAGS += $(GATES_VFLAGS) $(GATES_TRACE_VFLAGS)
$(GATES)/notrace.vlt:
	@mkdir -p $(@D); printf '`verilator_config\ntracing_off\n' >$@

# $(call gate_bench,FILE,SUFFIX): the rules of $(GATES)/B/FILE, Verilator's files in
# $(BUILD)/vl/$(GATES_VL)/B SUFFIX; B@0 is the bench of B on the netlist of B with IMPL = 0
define gate_bench
$(GATES)/%/$1: $$(GATES_BENCH_DEPS) $(GATES)/%/sim.v | $(TOOLS_OK)
	$$(call verilate,$$*,$(GATES_VL)/$$*$2)
$(GATES)/%@0/$1: $$(GATES_BENCH_DEPS) $(GATES)/%@0/sim.v | $(TOOLS_OK)
	$$(call verilate,$$*,$(GATES_VL)/$$*@0$2)
endef
$(eval $(call gate_bench,bench,))
$(eval $(call gate_bench,bench-trace,-trace))

# the netlists' folder and the options: the benches are remade when they change
GATES_CFG = $(GATES_NETLISTS) $(GATES_VFLAGS) $(GATES_TRACE_VFLAGS)
$(GATES)/bench.cfg: FORCE
	@mkdir -p $(@D); echo '$(GATES_CFG)' | cmp -s - $@ || echo '$(GATES_CFG)' >$@

# $(call gate_runs,NAME,BENCH,COMMAND,PREREQUISITES): make NAME. tools/synth/gates.py check: a missing
# netlist is one line; the blocks' BENCH built GATES_JOBS at a time, the largest netlist first
# (tools/synth/gates.py order); runner.py each: COMMAND per block ({} its name), GATES_JOBS at a time,
# the logs in order (in $(GATES)/NAME), then "NAME: N passed, N failed".
define gate_runs
	@python3 -m tools.synth.gates check $(GATES_NETLISTS) $(GATES_BLOCKS)
	@$(MAKE) --no-print-directory -j$(GATES_JOBS) $4 \
	  $$(python3 -m tools.synth.gates order $(GATES_NETLISTS) $(GATES_BLOCKS) | sed 's|.*|$(GATES)/&/$2|')
	@python3 -m tools.run.runner each -j $(GATES_JOBS) -p $1 -o $(GATES)/$1 '$3' $(GATES_BLOCKS)
endef
# make verify-gates: every block's netlist against its C model (tools/synth/gates.py run: a failure
# is replayed on the traced build for its waveform)
verify-gates: | $(TOOLS_OK)
	$(call gate_runs,verify-gates,bench,python3 -m tools.synth.gates run $(GATES_NETLISTS) $(GATES) $(SEED) $(GATES_N) {})
# make gates-activity (make power runs it): the same runs on the traced builds, each net's
# switching activity in $(GATES)/B/activity.json (tools/synth/gates.py activity, tools/fst_activity)
gates-activity: | $(TOOLS_OK)
	$(call gate_runs,gates-activity,bench-trace,python3 -m tools.synth.gates activity $(GATES_NETLISTS) $(GATES) \
	  $(FST_ACTIVITY) $(CLOCK_NS) $(SEED) $(GATES_N) {},$(FST_ACTIVITY))

# make test's step: verify-gates end to end on one small block synthesised on the fly, a
# missing netlist refused, a netlist with one cell swapped for its complement failing
# (tests/gates_smoke.sh)
GATES_SMOKE_BLOCK ?= frf_mode_ctl
TEST_STEPS += gates-smoke:32
gates-smoke: | $(TOOLS_OK)
	tests/gates_smoke.sh $(BUILD)/gates-smoke $(GATES_SMOKE_BLOCK)
