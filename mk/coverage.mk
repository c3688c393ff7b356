# SPDX-License-Identifier: Apache-2.0
# --- code coverage of the RTL (issue 20; docs/coverage.md): the benches built with Verilator
# --coverage in their own build tree ($(COV_OUT)/build, the normal benches untouched), run over
# COV_SEEDS seeds each through the regression launcher (LAUNCHER), merged with
# verilator_coverage; HTML by genhtml (lcov) in $(COV_OUT)/html/index.html, the per-block table
# of line, toggle and branch coverage in $(COV_OUT)/summary.md (tools/regress/coverage.sh).
COV_OUT := $(BUILD)/coverage
COV_SEEDS ?= 1-5
COV_N ?=
COV_FLAGS ?= --coverage
ifeq ($(COVERAGE),1)
VERILATOR_FLAGS += $(COV_FLAGS)
endif
.PHONY: coverage coverage-build coverage-report
coverage-build: | $(TOOLS_OK)
	@$(MAKE) --no-print-directory BUILD=$(COV_OUT)/build COVERAGE=1 \
	  $(BLOCKS:%=$(COV_OUT)/build/tb/bench_%)

coverage: coverage-build
	@tools/regress/coverage.sh -s "$(COV_SEEDS)" -n "$(COV_N)" -o $(COV_OUT) $(BLOCKS)

# the report again from the counts of the last run, nothing run
coverage-report:
	@tools/regress/coverage.sh -R -o $(COV_OUT) $(BLOCKS)
