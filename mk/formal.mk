# SPDX-License-Identifier: Apache-2.0
# --- formal verification: Yosys 0.23 sat and yosys-smtbmc + z3 (formal/, docs/formal.md) -----
# One proof and one cover task per block of blocks.tsv; a task reruns only when its props, its
# RTL (FORMAL_FILES_<b>, registry.mk) or the runner changes (stamps). build/formal/report.md and
# junit.xml rendered from build/results/formal.json (formal-quick.json; docs/results.md);
# formal/selftest.sh: a broken block must fail.
FORMAL_MODULES := $(BLOCKS)
# LAUNCHER=slurm: each task a Slurm job (launch_one, mk/regress.mk); make -jN sets how many.
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
    $(FORMAL_FILES_$(1)) $(RTL_DIR)/drf_params.vh params.def tools/gen_params.sh \
    formal/common.v $(wildcard formal/*.vh) formal/run.sh formal/groups.py formal/covers.sh $(wildcard formal/engine/*.sh) formal/cover2assert.v | $(TOOLS_OK)
	@rm -f $$@
	$$(call launch_one,$(FORMAL_OUT)/launch/$(1).$$*,formal/run.sh -r $(RTL_DIR) -o $(FORMAL_OUT) $(1).$$*)
	@touch $$@
endef
$(foreach m,$(FORMAL_MODULES),$(eval $(call FORMAL_RULES,$(m))))
TEST_STEPS += formal-quick:690
.PHONY: formal formal-quick formal-selftest
formal-quick: | $(TOOLS_OK)
	+@$(MAKE) --no-print-directory formal FORMAL_PROFILE=quick
# The self-test runs beside the tasks, started first (its own output tree, build/formal/broken).
# The recursive make is alone on its line (make -n runs such a line: check-tests' dry run).
formal: | $(TOOLS_OK)
	@rm -f $(FORMAL_OUT)/tasks.failed
	@$(MAKE) --no-print-directory -k formal-selftest $(FORMAL_STAMPS) \
	  || { mkdir -p $(FORMAL_OUT); touch $(FORMAL_OUT)/tasks.failed; }
	@formal/run.sh -r $(RTL_DIR) -o $(FORMAL_OUT) report $(FORMAL_RESULT)
	@[ ! -e $(FORMAL_OUT)/tasks.failed ] || { echo "formal: a task failed (above)"; exit 1; }
formal-selftest: | $(TOOLS_OK)
	formal/selftest.sh
