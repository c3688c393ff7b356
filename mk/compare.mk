# SPDX-License-Identifier: Apache-2.0
# --- deltarf compare: the four papers' techniques side by side (docs/compare.md) ---
# compare-smoke (make test): deltarf compare on two small in-tree traces, its JSON validated
# against the schema, its figures those of deltarf sim and deltarf pilot, bad input refused.
TEST_STEPS += compare-smoke:2
COMPARE_SMOKE_TRACES := data/traces/Reduction.trace.xz data/traces/MatrixTranspose.trace.xz
.PHONY: compare compare-smoke compare-launchers power-data check-power-data
compare-smoke: $(BUILD)/deltarf
	python3 -m tests.compare_smoke $(BUILD)/deltarf $(COMPARE_SMOKE_TRACES)

# make compare TRACES="..." LAUNCHER=local|slurm: one deltarf compare job per trace through the
# runner (tools/run/runner.py fanout, the Slurm cluster of make slurm-up), the JSON merged with its
# summary over kernels -> build/compare/compare.json (tools/report/compare_json.py merge).
TRACES ?= $(wildcard data/traces/*.trace.xz)
COMPARE_CHIPS ?= 100
COMPARE_YEARS ?= 7
COMPARE_OUT := $(BUILD)/compare
compare_job = $(BUILD)/deltarf compare $1 --chips $(COMPARE_CHIPS) --years $(COMPARE_YEARS) \
  --json $(COMPARE_OUT)/runs/$(notdir $1).json
compare: $(BUILD)/deltarf
	@rm -rf $(COMPARE_OUT)/runs $(COMPARE_OUT)/launch && mkdir -p $(COMPARE_OUT)/runs
	python3 -m tools.run.runner fanout -l $(LAUNCHER) -p compare $(COMPARE_OUT)/launch \
	  $(foreach t,$(TRACES),'$(call compare_job,$t)')
	python3 -m tools.report.compare_json merge $(COMPARE_OUT)/compare.json $(COMPARE_OUT)/runs/*.json
	@echo "compare: $(COMPARE_OUT)/compare.json ($(words $(TRACES)) traces)"

# compare-launchers: make compare locally and on the Slurm cluster of make slurm-up (which must
# be up), the same merged JSON either way (not in make test: it needs the cluster).
compare-launchers: $(BUILD)/deltarf
	$(MAKE) -s compare LAUNCHER=local && cp $(COMPARE_OUT)/compare.json $(COMPARE_OUT)/local.json
	$(MAKE) -s compare LAUNCHER=slurm
	cmp $(COMPARE_OUT)/local.json $(COMPARE_OUT)/compare.json
	@echo "compare-launchers: local and slurm give the same $(COMPARE_OUT)/compare.json"

# data/power/logic.tsv, the added logic's figures the CLI is built with, from make power's table
# (power-data regenerates it; check-power-data fails when it is out of date with that table).
POWER_DATA_ARGS = logic $(BUILD)/synth/power.csv $(BUILD)/synth/area.csv data/power/logic.tsv
power-data:
	python3 -m tools.gen.energy_data $(POWER_DATA_ARGS)
check-power-data:
	python3 -m tools.gen.energy_data $(POWER_DATA_ARGS) --check
