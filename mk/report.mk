# SPDX-License-Identifier: Apache-2.0
# --- make report: one static page of where the design stands (docs/report.md)
# report: $(BUILD)/report/index.html from $(RESULTS)/*.json (tools/report/report.py), the evaluation's
# ledger and plots, the last runs (each run's results kept in $(RESULTS)/history/).
# report-browser (make test): headless Chromium (tools/report/report_browser.py) renders the page of the
# results there are (a fresh clone: few or none; screenshot $(BUILD)/report/screenshot.png) and
# the page of the fixture tests/report/ (some flows run, links, a ledger, a plot): a row per
# registry block, no broken link or image; then a copy with a row, a link and an image broken
# must fail naming each. Its history goes to its own folder, not $(RESULTS)/history.
REPORT_DIR := $(BUILD)/report
REPORT_FIXTURE := tests/report
REPORT_TEST := $(BUILD)/report-browser
.PHONY: report report-browser
report: | $(TOOLS_OK)
	python3 -m tools.report.report $(RESULTS) $(REPORT_DIR) --plots $(EVAL_OUT)/plots
	@echo "report: file://$(abspath $(REPORT_DIR))/index.html"

TEST_STEPS += report-browser:15
report-browser: | $(TOOLS_OK)
	python3 -m tools.report.results check $(wildcard $(REPORT_FIXTURE)/results/*.json)
	python3 -m tools.report.report $(REPORT_FIXTURE)/results $(REPORT_TEST)/fixture \
	  --plots $(REPORT_FIXTURE)/plots --history $(REPORT_TEST)/fixture-history >/dev/null
	python3 -m tools.report.report_browser check $(REPORT_TEST)/fixture/index.html \
	  $(REPORT_TEST)/fixture.png $(BLOCKS) --image $(REPORT_FIXTURE)/plots/fixture.svg
	python3 -m tools.report.report_browser selftest $(REPORT_TEST)/fixture/index.html $(BLOCKS)
	python3 -m tools.report.report $(RESULTS) $(REPORT_TEST)/live --plots $(EVAL_OUT)/plots \
	  --history $(REPORT_TEST)/live-history >/dev/null
	@mkdir -p $(REPORT_DIR)
	python3 -m tools.report.report_browser check $(REPORT_TEST)/live/index.html \
	  $(REPORT_DIR)/screenshot.png $(BLOCKS)
