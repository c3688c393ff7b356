# SPDX-License-Identifier: Apache-2.0
# --- make eval: the four papers' evaluations on real traces (docs/eval.md) ---------
# eval: every flow run once per trace (tools/run/eval_run.sh: deltarf sim, patch, pilot, pv with
# --json into $(BUILD)/eval/json), then from those same results the report
# ($(BUILD)/eval/report.md, tools/report/eval_report.py, plots in $(BUILD)/eval/plots) and the
# reproduction ledger ($(BUILD)/eval/reproduction.{json,md}, tools/report/reproduction.py), beside the
# papers' values of data/papers/reproduction.tsv. eval-sim (and eval-patch, eval-pilot, pv-eval
# in mk/patch.mk, mk/pilot.mk, mk/pv.mk): one flow and its report section alone. evaltest: the
# replay's and the dispatch's unit tests and the CLI tests (tests/eval/: errors, oversubscribed
# slices, folded repetitions).
EVAL_TRACES := $(wildcard data/traces/*.trace.xz)
comma := ,
# LEDGER_TRACES: the traces every flow runs on; e.g. LEDGER_TRACES="data/traces/*.trace.xz
# ../shared/traces/BlackScholes.trace.xz" (the shell expands it; BlackScholes needs about 1.6 GB
# and minutes). deltarf sim also replays BlackScholes, the aging paper's own Figs. 14 and 17
# kernel, when ../shared/traces holds it (never in make test: ledgertest uses EVAL_TRACES).
LEDGER_TRACES ?= $(EVAL_TRACES)
EVAL_SIM_EXTRA := $(wildcard ../shared/traces/BlackScholes.trace.xz)
EVAL_SIM_ONLY = $(foreach t,$(EVAL_SIM_EXTRA),$(if $(filter $(notdir $t),$(notdir $(wildcard $(LEDGER_TRACES)))),,$t))
EVAL_MAP ?= packed
EVAL_OUT := $(BUILD)/eval
PAPERS := data/papers/reproduction.tsv
# $(call eval_part,FLOWS,TRACES,SECTION): the flows on the traces, then that report section
eval_part = EVAL_MAP=$(EVAL_MAP) PATCH_MAPS=$(PATCH_MAPS) tools/run/eval_run.sh $(BUILD)/deltarf \
	$(EVAL_OUT) $(1) $(2) && python3 -m tools.report.eval_report $(EVAL_OUT)/json $(PAPERS) $(EVAL_OUT) $(3)
PATCH_MAPS ?= 4
TEST_STEPS += evaltest:3
.PHONY: eval eval-sim evaltest eval-ledger ledgertest
eval-sim: $(BUILD)/deltarf
	$(call eval_part,sim,$(LEDGER_TRACES) $(EVAL_SIM_ONLY),sim)

eval: $(BUILD)/deltarf
	EVAL_MAP=$(EVAL_MAP) tools/run/eval_run.sh $(BUILD)/deltarf $(EVAL_OUT) sim $(LEDGER_TRACES) $(EVAL_SIM_ONLY)
	PATCH_MAPS=$(PATCH_MAPS) tools/run/eval_run.sh $(BUILD)/deltarf $(EVAL_OUT) \
		patch,patch-recorded,pilot,pv,pv-t0pv,compare $(LEDGER_TRACES)
	python3 -m tools.report.eval_report $(EVAL_OUT)/json $(PAPERS) $(EVAL_OUT)
	python3 -m tools.report.reproduction build $(PAPERS) $(EVAL_OUT)/json $(EVAL_OUT) $(LEDGER_SYNTH)
	python3 -m tools.report.results eval $(EVAL_OUT)/reproduction.json $(EVAL_OUT)/report.md $(RESULTS)/eval.json
	@echo "eval: $(EVAL_OUT)/report.md, $(EVAL_OUT)/reproduction.md"

# eval-ledger: the ledger alone, from the flows it reads (no recorded placement, no t0 = PV run).
# The hardware rows: make power's power.csv and area.csv in LEDGER_SYNTH (docs/synth.md).
LEDGER_SYNTH ?= $(BUILD)/synth
eval-ledger: $(BUILD)/deltarf
	PATCH_MAPS=$(PATCH_MAPS) tools/run/eval_run.sh $(BUILD)/deltarf $(EVAL_OUT) sim,patch,pilot,pv,compare $(LEDGER_TRACES)
	python3 -m tools.report.reproduction build $(PAPERS) $(EVAL_OUT)/json $(EVAL_OUT) $(LEDGER_SYNTH)
	python3 -m tools.report.results eval $(EVAL_OUT)/reproduction.json $(EVAL_OUT)/report.md $(RESULTS)/eval.json

# ledgertest: the ledger on the in-tree traces (1 fault map, 10 chips: fast), then validated: every
# required id, fields typed, classes recomputed from the numbers, a cause naming an existing doc
# or test unless reproduced. The generator's unit tests are tests/tools/test_reproduction.py, the
# report's tests/tools/test_eval_report.py.
TEST_STEPS += ledgertest:25
ledgertest: $(BUILD)/deltarf
	PATCH_MAPS=1 PV_CHIPS=10 tools/run/eval_run.sh $(BUILD)/deltarf $(BUILD)/ledgertest sim,patch,pilot,pv,compare $(EVAL_TRACES)
	python3 -m tools.report.reproduction build $(PAPERS) $(BUILD)/ledgertest/json $(BUILD)/ledgertest
	python3 -m tools.report.reproduction check $(BUILD)/ledgertest/reproduction.json .
	python3 -m tools.report.results eval $(BUILD)/ledgertest/reproduction.json $(BUILD)/ledgertest/report.md \
	  $(BUILD)/ledgertest/eval.json

test-build: $(BUILD)/tools/gentrace
evaltest: $(BUILD)/deltarf $(BUILD)/tests/test_sim $(BUILD)/tests/test_dispatch $(BUILD)/tools/gentrace
	$(BUILD)/tests/test_sim
	$(BUILD)/tests/test_dispatch
	tests/eval/sim_cli.sh $(BUILD)/deltarf
	tests/eval/oversub.sh $(BUILD)/deltarf $(BUILD)/tools/gentrace
	tests/eval/repeat.sh $(BUILD)/deltarf $(BUILD)/tools/gentrace

# Synthetic traces of the shapes of SDK runs not in the repository (tools/c/gentrace.c).
$(BUILD)/tools/gentrace: tools/c/gentrace.c | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

# The large-trace part of make bench alone: build/bench/trace.md (tools/run/bench.py trace).
.PHONY: bench-trace
bench-trace: $(BUILD)/deltarf $(BUILD)/tools/gentrace
	@mkdir -p $(BUILD)/bench
	python3 -m tools.run.bench trace
