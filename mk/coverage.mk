# SPDX-License-Identifier: Apache-2.0
# --- code coverage of the RTL (issue 20; docs/coverage.md): the benches built with Verilator
# --coverage in their own build tree ($(COV_OUT)/build, the normal benches untouched), run over
# COV_SEEDS seeds each through the regression launcher (LAUNCHER), merged with
# verilator_coverage; HTML by genhtml (lcov) in $(COV_OUT)/html/index.html, the per-block table
# of line, toggle and branch coverage in $(COV_OUT)/summary.md (tools/regress/coverage.sh).
# The gate (issue 28): make coverage fails on a point never hit that no exclusion of
# COV_EXCLUSIONS names, and on an exclusion that is stale or names a hit point
# (tools/regress/coverage_gate.py); make coverage-selftest proves it on a fixture, in seconds.
COV_OUT := $(BUILD)/coverage
COV_EXCLUSIONS ?= docs/coverage-exclusions.tsv
COV_SEEDS ?= 1-5
COV_N ?=
COV_FLAGS ?= --coverage
ifeq ($(COVERAGE),1)
VERILATOR_FLAGS += $(COV_FLAGS)
endif
.PHONY: coverage coverage-build coverage-report coverage-selftest
coverage-build: | $(TOOLS_OK)
	@$(MAKE) --no-print-directory BUILD=$(COV_OUT)/build COVERAGE=1 \
	  $(BLOCKS:%=$(COV_OUT)/build/tb/bench_%)

coverage: coverage-build
	@COV_RESULT=$(RESULTS)/coverage.json tools/regress/coverage.sh -s "$(COV_SEEDS)" -n "$(COV_N)" \
	  -o $(COV_OUT) -x $(COV_EXCLUSIONS) \
	  $(BLOCKS)

# the report again from the counts of the last run, nothing run
coverage-report:
	@COV_RESULT=$(RESULTS)/coverage.json tools/regress/coverage.sh -R -o $(COV_OUT) -x $(COV_EXCLUSIONS) \
	  $(BLOCKS)

# make test's step (the gate's unit tests run in pytools): tools/regress/coverage.sh -R (merge,
# genhtml, gate) on a fixture block's counts: fails naming an unhit point, passes once it is excluded,
# fails on a stale exclusion and on one naming a hit point; the real exclusions file parsed.
TEST_STEPS += coverage-selftest:5
coverage-selftest: | $(TOOLS_OK)
	tests/coverage/selftest.sh $(BUILD)/coverage-selftest $(COV_EXCLUSIONS)
