# SPDX-License-Identifier: Apache-2.0
# --- formal verification: Yosys 0.23 sat and yosys-smtbmc + z3 (formal/, docs/formal.md) -----
# One proof and one cover task per block of blocks.tsv; a task reruns only when its props, its
# RTL (FORMAL_FILES_<b>, registry.mk) or the runner changes (stamps: a stale one's rule lists its
# task in FORMAL_OUT/todo; formal/run.sh runs those, and the self-test, as the one runner's jobs
# and leaves the stamps of the tasks that passed). build/formal/report.md and
# junit.xml rendered from build/results/formal.json (formal-quick.json; docs/results.md);
# formal/selftest.sh: a broken block must fail.
FORMAL_MODULES := $(BLOCKS)
# FORMAL_JOBS tasks at a time (2), or LAUNCHER=slurm: each task a job of one Slurm job array.
FORMAL_JOBS ?= 2
export FORMAL_JOBS
# FORMAL_PROFILE: full (make formal, every group) or quick (make formal-quick, make test's step:
# the groups marked full skipped, quick=D depths; every block keeps a proof and a cover), each
# with its own output tree and stamps (docs/formal.md, "Profiles").
FORMAL_PROFILE ?= full
export FORMAL_PROFILE
ifeq ($(FORMAL_PROFILE),quick)
FORMAL_OUT := $(BUILD)/formal-quick
FORMAL_RESULT := $(RESULTS)/formal-quick.json
else
FORMAL_OUT := $(BUILD)/formal
FORMAL_RESULT := $(RESULTS)/formal.json
endif
FORMAL_STAMPS := $(foreach m,$(FORMAL_MODULES),$(FORMAL_OUT)/$(m).prove.ok $(FORMAL_OUT)/$(m).cover.ok)
define FORMAL_RULES
$(FORMAL_OUT)/$(1).prove.ok $(FORMAL_OUT)/$(1).cover.ok: $(FORMAL_OUT)/$(1).%.ok: formal/$(1)_props.v \
    $(FORMAL_FILES_$(1)) $(RTL_INCLUDES_$(1)) $(foreach v,dut ports params,$(GEN)/formal/$(1)_$(v).vh) $(RTL_DIR)/drf_params.vh params.def tools/gen/gen_params.sh \
    formal/common.v $(wildcard formal/*.vh) formal/run.sh tools/run/formal_groups.py formal/covers.sh $(wildcard formal/engine/*.sh) formal/cover2assert.v | $(TOOLS_OK)
	@mkdir -p $(FORMAL_OUT) && echo $(1).$$* >>$(FORMAL_OUT)/todo
endef
$(foreach m,$(FORMAL_MODULES),$(eval $(call FORMAL_RULES,$(m))))
# the wrappers' views of their blocks (ports, parameters, instance), written with the registry
$(GEN)/formal/%.vh: $(GEN)/registry.mk ;
TEST_STEPS += formal-quick:476
.PHONY: formal formal-quick formal-selftest
formal-quick: | $(TOOLS_OK)
	+@$(MAKE) --no-print-directory formal FORMAL_PROFILE=quick
# The self-test runs beside the tasks, started first (its own output tree, build/formal/broken).
# The recursive make (the stale tasks into todo) is alone on its line (make -n runs such a line:
# check-tests' dry run).
# FORMAL_SLOW=1: a task whose stamp was left with its slow groups skipped runs again
formal: | $(TOOLS_OK)
	@rm -f $(FORMAL_OUT)/tasks.failed $(FORMAL_OUT)/todo
	@[ "$(FORMAL_SLOW)" != 1 ] || grep -lx 'slow groups skipped' $(FORMAL_OUT)/*.ok 2>/dev/null \
	  | xargs rm -f
	@$(MAKE) --no-print-directory $(FORMAL_STAMPS)
	@formal/run.sh -t -r $(RTL_DIR) -o $(FORMAL_OUT) $$(cat $(FORMAL_OUT)/todo 2>/dev/null) \
	  || { mkdir -p $(FORMAL_OUT); touch $(FORMAL_OUT)/tasks.failed; }
	@formal/run.sh -r $(RTL_DIR) -o $(FORMAL_OUT) report $(FORMAL_RESULT)
	@[ ! -e $(FORMAL_OUT)/tasks.failed ] || { echo "formal: a task failed (above)"; exit 1; }
formal-selftest: | $(TOOLS_OK)
	formal/selftest.sh
