# SPDX-License-Identifier: Apache-2.0
# --- PV/NBTI banked register file (issue 18, pv-nbti-banked-rf paper, docs/pv-decisions.md) ---
# make pv-cli: the pvorg / rename / bank verbs' black-box tests.
TEST_STEPS += pv-cli:8
.PHONY: pv-cli
pv-cli: $(BUILD)/deltarf
	tests/pv/cli.sh $(BUILD)/deltarf

# make pv-eval (a prerequisite of make eval): deltarf pv on every trace, 100 chips, 7 years:
# $(BUILD)/eval/report-pv.md and the Fig. 8 / Fig. 12 plots (tools/pv_eval.sh).
.PHONY: pv-eval
pv-eval: $(BUILD)/deltarf
	tools/pv_eval.sh $(BUILD)/deltarf $(BUILD)/eval $(EVAL_TRACES)
eval: pv-eval
