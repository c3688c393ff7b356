# SPDX-License-Identifier: Apache-2.0
# --- gate-level lockstep check of the mapped netlists (issue 30; docs/synth.md, Gate-level check)
# make verify-gates: every block's netlist of make synth ($(GATES_NETLISTS)/B/B.mapped.v, cells
# of synth/deltarf45.lib modelled by tools/liberty.py) run by the block's own bench against its C
# model, GATES_N transactions, with its switching activity in $(GATES)/B/activity.json
# (tools/fst_activity.c, tools/gates.py; tools/runner.py each runs the blocks). The black-boxed macros (rc_ctable, dcp_pt, pv_rf_store)
# are their RTL, read by Verilator from rtl/ (-I); inferred arrays are in the netlist as arrays.
GATES := $(BUILD)/gates
GATES_NETLISTS ?= $(BUILD)/synth
GATES_N ?= 2000
GATES_BLOCKS = $(BLOCKS) $(IMPL_BLOCKS:%=%@0)
# activity.json's clock period: the papers' 1 GHz (synth/run.sh's CYCLE_PS)
CLOCK_NS ?= 1
VERILATOR_ROOT := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
FST_SRC := $(VERILATOR_ROOT)/include/gtkwave
FST_ACTIVITY := $(BUILD)/tools/fst_activity
# Verilator's files of a gate bench: $(BUILD)/vl/$(GATES_VL)/B
GATES_VL = $(patsubst $(BUILD)/%,%,$(GATES))
.PHONY: verify-gates gates-smoke

$(GATES)/cells.v: synth/deltarf45.lib tools/liberty.py | $(TOOLS_OK)
	@mkdir -p $(@D)
	python3 tools/liberty.py models $< $@

# Verilator's own FST reader (gtkwave's fstapi.c, lz4, fastlz), built as Verilator builds it
$(BUILD)/tools/fst/%.o: $(FST_SRC)/%.c | $(TOOLS_OK)
	@mkdir -p $(@D)
	$(CC) -O2 -w -DFST_CONFIG_INCLUDE='"fst_config.h"' -I$(FST_SRC) -c $< -o $@
$(FST_ACTIVITY): tools/fst_activity.c $(addprefix $(BUILD)/tools/fst/,fstapi.o lz4.o fastlz.o)
	$(CC) $(CFLAGS) -I$(FST_SRC) $^ -lz -lpthread -o $@

# The netlist Verilator runs (tools/gates.py simnet): the JSON netlist with every net split into
# bits inside a top with the block's ports (B@0's top is B). Verilator 5.006 mis-evaluates a
# netlist whose vectors feed their own bits through cells, and, with its DFG optimisation, some
# others (dcp_pt): docs/synth.md, Gate-level check.
gates_top = $(firstword $(subst @, ,$*))
$(GATES)/%/sim.v: $$(GATES_NETLISTS)/$$*/$$*.mapped.json tools/gates.py $(GATES)/bench.cfg | $(TOOLS_OK)
	@mkdir -p $(@D)
	yosys -q -p 'read_json $<; rename $(gates_top) $(gates_top)__net; splitnets -ports; write_verilog -noattr $@.split'
	python3 tools/gates.py simnet $< $@.split $@ && rm -f $@.split

# A gate bench: the block's unchanged bench and shim on the simulation netlist and the cell
# models. --trace-depth 3 --trace-underscore: every net of the netlist (the split netlist is the
# third level; Yosys names most nets _N_, which Verilator leaves out by default), not the pins
# of every cell instance. -fno-dfg: see above.
GATES_VFLAGS := -Wno-fatal -Wno-lint -Wno-style --trace-depth 3 --trace-underscore -fno-dfg
GATES_BENCH_DEPS = $(BENCH_DEPS) $(GATES)/cells.v $(GATES)/bench.cfg
$(GATES)/%/bench: BENCH_RTL = $(@D)/sim.v $(GATES)/cells.v
$(GATES)/%/bench: VERILATOR_FLAGS += $(GATES_VFLAGS)
$(GATES)/%/bench: $(GATES_BENCH_DEPS) $(GATES)/%/sim.v | $(TOOLS_OK)
	$(call verilate,$*,$(GATES_VL)/$*)
# B@0: the bench of B on the netlist of B with IMPL = 0
$(GATES)/%@0/bench: $(GATES_BENCH_DEPS) $(GATES)/%@0/sim.v | $(TOOLS_OK)
	$(call verilate,$*,$(GATES_VL)/$*@0)

# the netlists' folder and the options: the benches are remade when they change
$(GATES)/bench.cfg: FORCE
	@mkdir -p $(@D); echo '$(GATES_NETLISTS) $(GATES_VFLAGS)' | cmp -s - $@ \
	  || echo '$(GATES_NETLISTS) $(GATES_VFLAGS)' >$@

# tools/gates.py check: a missing netlist is one line; runner.py each: tools/gates.py run per
# block, the logs in order, "verify-gates: N passed, N failed"
verify-gates: | $(TOOLS_OK)
	@python3 tools/gates.py check $(GATES_NETLISTS) $(GATES_BLOCKS)
	@$(MAKE) --no-print-directory $(GATES_BLOCKS:%=$(GATES)/%/bench) $(FST_ACTIVITY)
	@tools/runner.py each -p verify-gates -o $(GATES)/log \
	  'python3 tools/gates.py run $(GATES_NETLISTS) $(GATES) $(FST_ACTIVITY) $(CLOCK_NS) $(SEED) $(GATES_N) {}' \
	  $(GATES_BLOCKS)

# make test's step: verify-gates end to end on one small block synthesised on the fly, a
# missing netlist refused, a netlist with one cell swapped for its complement failing
# (tests/gates_smoke.sh)
GATES_SMOKE_BLOCK ?= frf_mode_ctl
TEST_STEPS += gates-smoke:32
gates-smoke: | $(TOOLS_OK)
	tests/gates_smoke.sh $(BUILD)/gates-smoke $(GATES_SMOKE_BLOCK)
