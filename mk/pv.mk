# SPDX-License-Identifier: Apache-2.0
# --- PV/NBTI banked register file (pv-nbti-banked-rf paper, docs/pv-decisions.md) ---
# make pv-cli: the pvorg / rename / bank verbs' black-box tests.
TEST_STEPS += pv-cli:8
.PHONY: pv-cli
pv-cli: $(BUILD)/deltarf
	tests/pv/cli.sh $(BUILD)/deltarf

# make pv-eval (part of make eval): deltarf pv on every trace, PV_CHIPS chips (100), PV_YEARS
# years (7), Eq. (1)'s t0 = NBTI and = PV: $(BUILD)/eval/report-pv.md and the Fig. 8 / Fig. 12
# plots (tools/report/eval_report_pv.py).
.PHONY: pv-eval
pv-eval: $(BUILD)/deltarf
	$(call eval_part,pv$(comma)pv-t0pv,$(LEDGER_TRACES),pv)
