# --- Section 6 evaluation on real traces: deltarf sim (issue 6, docs/eval.md) --------------------
# eval-sim: every trace under every scheme -> $(BUILD)/eval/report-sim.md and plots in
# $(BUILD)/eval/plots; eval: that report plus DC-Patch's (eval-patch, mk/patch.mk) when defined,
# as $(BUILD)/eval/report.md. evaltest: the replay's unit test and the CLI tests (tests/eval/).
EVAL_TRACES := $(wildcard data/traces/*.trace.xz)
EVAL_MAP ?= packed
.PHONY: eval eval-sim evaltest
eval-sim: $(BUILD)/deltarf
	tools/eval_report.sh $(BUILD)/deltarf $(BUILD)/eval $(EVAL_MAP) $(EVAL_TRACES)

eval: eval-sim $(if $(wildcard mk/patch.mk),eval-patch)
	@{ echo "# deltarf: evaluation on the real traces of data/traces (make eval)"; echo; \
	  cat $(BUILD)/eval/report-sim.md; } >$(BUILD)/eval/report.md
	@if [ -f $(BUILD)/eval/report-patch.md ]; then echo >>$(BUILD)/eval/report.md; \
	  cat $(BUILD)/eval/report-patch.md >>$(BUILD)/eval/report.md; fi
	@if [ -f $(BUILD)/eval/report-pv.md ]; then echo >>$(BUILD)/eval/report.md; \
	  cat $(BUILD)/eval/report-pv.md >>$(BUILD)/eval/report.md; fi
	@echo "eval: $(BUILD)/eval/report.md"

evaltest: $(BUILD)/deltarf $(BUILD)/tests/test_sim
	$(BUILD)/tests/test_sim
	tests/eval/sim_cli.sh $(BUILD)/deltarf
