# SPDX-License-Identifier: Apache-2.0
# --- regression at scale: many seeds per block, locally or on Slurm (docs/regress.md)
# make regress SEEDS=1-1000 BLOCKS="..." N=... LAUNCHER=local|slurm: one job per (block, seed)
# through the runner (tools/run/runner.py) -> build/regress/junit.xml, summary.md. make slurm-up /
# slurm-down: a single-node cluster of our own under build/slurm (tools/regress/slurm.sh).
# make regress-selftest (a step of make test): the cluster, a small Slurm regression with one
# seed failing on purpose (bench_BLOCK@failseed, built with HX_FAIL_SEED), its replay.
SEEDS ?= 1-10
LAUNCHER ?= local
export LAUNCHER
# -j of the launcher: local jobs at once (default: the cores), the Slurm array's throttle (%N)
REGRESS_JOBS ?=
REGRESS_FAIL_SEED ?= 4
REGRESS_OUT := $(BUILD)/regress
# LAUNCHER (exported) also sets how formal, fuzz, synth and eval start their jobs: each runs
# them through the runner (tools/run/runner.py run)
TEST_STEPS += regress-selftest:29:wait
.PHONY: regress slurm-up slurm-down slurm-status regress-selftest
regress: $(BLOCKS:%=$(BUILD)/tb/bench_%)
	@python3 -m tools.regress.regress -l $(LAUNCHER) -s "$(SEEDS)" -n "$(N)" -o $(REGRESS_OUT) -r $(RESULTS)/regress.json \
	  $(if $(REGRESS_JOBS),-j $(REGRESS_JOBS)) $(BLOCKS)

slurm-up: | $(TOOLS_OK)
	@REGRESS_SLURM_DIR=$(BUILD)/slurm tools/regress/slurm.sh up
slurm-down:
	@REGRESS_SLURM_DIR=$(BUILD)/slurm tools/regress/slurm.sh down
slurm-status:
	@REGRESS_SLURM_DIR=$(BUILD)/slurm tools/regress/slurm.sh status

# bench_BLOCK@failseed: BLOCK's bench with the harness built with -DHX_FAIL_SEED, so that seed
# REGRESS_FAIL_SEED fails (tb/harness.c) and every other seed runs as in bench_BLOCK.
$(BUILD)/obj/tb/harness-failseed$(REGRESS_FAIL_SEED).o: tb/harness.c $(wildcard tb/*.h) | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DHX_FAIL_SEED=$(REGRESS_FAIL_SEED) -c $< -o $@
# (linked before the harness archive, it keeps the archive's harness.o out)
$(BUILD)/tb/bench_%@failseed: HARNESS_FIRST := $(BUILD)/obj/tb/harness-failseed$(REGRESS_FAIL_SEED).o
$(BUILD)/tb/bench_%@failseed: $(BENCH_DEPS) $(BUILD)/obj/tb/harness-failseed$(REGRESS_FAIL_SEED).o | $(TOOLS_OK)
	$(call verilate,$*,$*@failseed)

regress-selftest: $(BUILD)/tb/bench_rar_phys $(BUILD)/tb/bench_rar_phys@failseed
	@tools/regress/selftest.sh -f $(REGRESS_FAIL_SEED) rar_phys
