# SPDX-License-Identifier: Apache-2.0
# --- DC-Patch on real traces: deltarf patch (docs/eval-patch.md) --------------------
# eval-patch: every trace x scenario x placement (--map), PATCH_MAPS fault maps ->
# $(BUILD)/eval/report-patch.md ("## DC-Patch", the paper's Figs. 2, 3, 5, 6 beside ours;
# eval_part: mk/eval.mk); patchtest: tests/patch/run.sh (its README lists the checks).
TEST_STEPS += patchtest:1
.PHONY: eval-patch patchtest
eval-patch: $(BUILD)/deltarf
	$(call eval_part,patch$(comma)patch-recorded,$(LEDGER_TRACES),patch)

patchtest: $(BUILD)/deltarf $(BUILD)/tools/gentrace
	tests/patch/run.sh $(BUILD)/deltarf $(BUILD)/tools/gentrace
