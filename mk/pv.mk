# --- PV/NBTI banked register file (issue 18, pv-nbti-banked-rf paper, docs/pv-decisions.md) ---
# make pv-cli: the pvorg / rename / bank verbs' black-box tests.
.PHONY: pv-cli
pv-cli: $(BUILD)/deltarf
	tests/pv/cli.sh $(BUILD)/deltarf
