# --- pilot register file (issue 19; docs/pilot-decisions.md) -------------------------------
# pilot-cli: the swap and pilot verbs' black-box tests (tests/pilot/cli.sh).
.PHONY: pilot-cli
pilot-cli: $(BUILD)/deltarf
	tests/pilot/cli.sh $(BUILD)/deltarf
