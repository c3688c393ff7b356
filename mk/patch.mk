# SPDX-License-Identifier: Apache-2.0
# --- DC-Patch on real traces: deltarf patch (issue 6, docs/eval-patch.md) --------------------
# eval-patch: every trace x scenario x placement (--map) -> $(BUILD)/eval/report-patch.md
# ("## DC-Patch", the paper's Figs. 2, 3, 5, 6 beside ours); patchtest: tests/patch/run.sh.
PATCH_TRACES := $(wildcard data/traces/*.trace.xz)
PATCH_MAPS ?= 4
TEST_STEPS += patchtest:1
.PHONY: eval-patch patchtest
eval-patch: $(BUILD)/deltarf
	eval/patch_report.sh $(BUILD)/deltarf $(BUILD)/eval/report-patch.md $(PATCH_MAPS) $(PATCH_TRACES)

patchtest: $(BUILD)/deltarf
	tests/patch/run.sh $(BUILD)/deltarf
