# --- pilot register file (issue 19; docs/pilot-decisions.md) -------------------------------
# pilot-cli: the swap and pilot verbs' black-box tests (tests/pilot/cli.sh).
.PHONY: pilot-cli
pilot-cli: $(BUILD)/deltarf
	tests/pilot/cli.sh $(BUILD)/deltarf

# eval-pilot: deltarf pilot on every trace of data/traces -> build/eval/report-pilot.md and
# build/eval/plots/pilot_fig2.svg, pilot_fig10.svg (tools/pilot_report.sh); make eval adds it.
.PHONY: eval-pilot
eval-pilot: $(BUILD)/deltarf
	tools/pilot_report.sh $(BUILD)/deltarf $(BUILD)/eval $(EVAL_TRACES)
