# SPDX-License-Identifier: Apache-2.0
# --- code coverage of the RTL (docs/coverage.md): the benches built with Verilator
# --coverage in their own build tree ($(COV_OUT)/build, the normal benches untouched), run over
# COV_SEEDS seeds each through the regression launcher (LAUNCHER), merged with
# verilator_coverage; HTML by genhtml (lcov) in $(COV_OUT)/html/index.html, the per-block table
# of line, toggle and branch coverage in $(COV_OUT)/summary.md (tools/regress/coverage.sh).
# The gate (docs/coverage.md): make coverage fails on a point never hit that no exclusion of
# COV_EXCLUSIONS names, and on an exclusion that is stale or names a hit point
# (tools/regress/coverage_gate.py); make coverage-selftest proves it on a fixture, in seconds.
# The closure (docs/coverage.md, Closure kept by make test): a make coverage whose gate passes
# records, per block, the hashes of the sources it ran on and its seeds in COV_CLOSURE
# (tools/regress/coverage_closure.py); make test's coverage-closure step fails on a block whose
# sources differ from its record, and make coverage-changed runs make coverage on those blocks.
COV_OUT := $(BUILD)/coverage
COV_CLOSURE_EXCLUSIONS := docs/coverage-exclusions.tsv
COV_EXCLUSIONS ?= $(COV_CLOSURE_EXCLUSIONS)
COV_CLOSURE_SEEDS := 1-5
COV_SEEDS ?= $(COV_CLOSURE_SEEDS)
COV_N ?=
COV_FLAGS ?= --coverage
ifeq ($(COVERAGE),1)
VERILATOR_FLAGS += $(COV_FLAGS)
endif
.PHONY: coverage coverage-build coverage-report coverage-selftest coverage-closure coverage-changed
coverage-build: | $(TOOLS_OK)
	@$(MAKE) --no-print-directory BUILD=$(COV_OUT)/build COVERAGE=1 \
	  $(BLOCKS:%=$(COV_OUT)/build/tb/bench_%)

COV_CLOSURE := docs/coverage-closure.json
CLOSURE = python3 -m tools.regress.coverage_closure -g $(GEN)/registry.mk -x $(COV_CLOSURE_EXCLUSIONS) \
  -c $(COV_CLOSURE) -S $(COV_CLOSURE_SEEDS)
# A run is recorded as the closure only with the benches' own N, the --coverage points and the
# tracked exclusions (the tool checks that its seeds hold COV_CLOSURE_SEEDS); the sources are
# hashed before the build and must be the same when the gate has passed.
COV_RECORD = $(and $(if $(COV_N),,1),$(filter --coverage,$(COV_FLAGS)),$(filter $(COV_CLOSURE_EXCLUSIONS),$(COV_EXCLUSIONS)))
coverage: | $(TOOLS_OK)
	@$(CLOSURE) snapshot -o $(COV_OUT)/sources.json $(BLOCKS)
	@$(MAKE) --no-print-directory coverage-build
	@COV_RESULT=$(RESULTS)/coverage.json tools/regress/coverage.sh -s "$(COV_SEEDS)" -n "$(COV_N)" \
	  -o $(COV_OUT) -x $(COV_EXCLUSIONS) \
	  $(BLOCKS)
	@$(if $(COV_RECORD),$(CLOSURE) record -s $(COV_OUT)/sources.json -j $(RESULTS)/coverage.json,\
	  echo "coverage: not recorded as the closure (COV_N, COV_FLAGS or COV_EXCLUSIONS not the closure's)")

# make coverage on the blocks whose closure does not hold (what make test's coverage-closure names)
coverage-changed: | $(TOOLS_OK)
	@b=$$($(CLOSURE) changed $(BLOCKS)) || exit 2; \
	if [ -z "$$b" ]; then echo "coverage-changed: every block is closed at its sources ($(COV_CLOSURE))"; \
	else echo "coverage-changed: make coverage BLOCKS=\"$$b\""; $(MAKE) --no-print-directory coverage BLOCKS="$$b"; fi

# make test's step, under a second: every block's sources against its record in COV_CLOSURE
TEST_STEPS += coverage-closure:1
coverage-closure: | $(TOOLS_OK)
	@$(CLOSURE) check $(BLOCKS)

# the report again from the counts of the last run, nothing run
coverage-report:
	@COV_RESULT=$(RESULTS)/coverage.json tools/regress/coverage.sh -R -o $(COV_OUT) -x $(COV_EXCLUSIONS) \
	  $(BLOCKS)

# make test's step (the gate's unit tests run in pytools): tools/regress/coverage.sh -R (merge,
# genhtml, gate) on a fixture block's counts: fails naming an unhit point, passes once it is excluded,
# fails on a stale exclusion and on one naming a hit point; the closure record of the fixture's
# runs (a failed gate not recorded, an edited source named); the real exclusions file parsed.
TEST_STEPS += coverage-selftest:5
coverage-selftest: | $(TOOLS_OK)
	tests/coverage/selftest.sh $(BUILD)/coverage-selftest $(COV_EXCLUSIONS)
