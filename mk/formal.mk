# --- formal verification: Yosys 0.23 sat and yosys-smtbmc + z3 (formal/, docs/formal.md) -----
# One proof and one cover task per module; a task reruns only when its wrapper, its RTL or the
# runner changes (stamps). build/formal/report.md; formal/selftest.sh: a broken module must fail.
# LAUNCHER=slurm: each task a Slurm job (launch_one, mk/regress.mk); make -jN sets how many.
FORMAL_MODULES := $(shell formal/run.sh modules)
FORMAL_OUT := $(BUILD)/formal
FORMAL_STAMPS := $(foreach m,$(FORMAL_MODULES),$(FORMAL_OUT)/$(m).prove.ok $(FORMAL_OUT)/$(m).cover.ok)
define FORMAL_RULES
$(FORMAL_OUT)/$(1).prove.ok $(FORMAL_OUT)/$(1).cover.ok: $(FORMAL_OUT)/$(1).%.ok: formal/$(1)_props.v \
    $(addprefix $(RTL_DIR)/,$(shell formal/run.sh files $(1)) drf_params.vh) \
    formal/common.v formal/run.sh formal/cover2assert.v | $(TOOLS_OK)
	@rm -f $$@
	$$(call launch_one,$(FORMAL_OUT)/launch/$(1).$$*,formal/run.sh -r $(RTL_DIR) -o $(FORMAL_OUT) $(1).$$*)
	@touch $$@
endef
$(foreach m,$(FORMAL_MODULES),$(eval $(call FORMAL_RULES,$(m))))
.PHONY: formal formal-selftest
formal: | $(TOOLS_OK)
	@s=0; $(MAKE) --no-print-directory -k $(FORMAL_STAMPS) || s=1; \
	formal/run.sh -r $(RTL_DIR) -o $(FORMAL_OUT) report || s=1; \
	formal/selftest.sh || s=1; exit $$s
formal-selftest: | $(TOOLS_OK)
	formal/selftest.sh
