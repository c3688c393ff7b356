# SPDX-License-Identifier: Apache-2.0
# --- mutation score of the lockstep benches: Yosys 0.23 mutate (mutate/, docs/mutate.md) ------
# One Verilator model per block holds all its mutants (mutate -ctrl); the bench picks one with
# --mutant K. make mutate: every block, build/mutate/report.md; make mutate-sample: a fixed
# sample (MUT_SAMPLE_BLOCKS, every 20th mutant of the seed-1 list), a step of make test.
MUT := $(BUILD)/mutate
MUT_N ?= 200
MUT_SEED ?= 1
MUT_TXNS ?= 100000
# Per-block settings (MUT_TXNS_<b>, MUT_TOP_ONLY, MUT_CUT_MEMORIES, MUT_CHECK_<b>,
# MUT_LEMMA_CHECK_<b>, MUT_SAMPLE_BLOCKS) come from blocks.tsv's mutate column (registry.mk).
# Mutants are named by their signature (mutate/mutants.py, docs/mutate.md), and a block's
# MUT_CHECK_<b> mutant is pinned: added to the netlist when the draw lacks it.
# dcp_slice: its netlist model runs ~1.2 ms a transaction (17x its RTL model), so a survivor's
# run is bounded at 40000 writes (~12 injection phases); it is mutated in its own cells only
# (its submodules are blocks of their own); its survivors are proven with its memories cut
# (memory_map of the 64 KB array does not finish); the cut prover is checked on a killed mutant
# of lane 8's write enable (reaching the outputs only through the slice memory), the lemma
# prover on a false lemma (mutate/lemmas/dcp_slice.txt holds the true one).
# every 20th mutant from the 13th: survivors to prove (rc_decompress's, combinational), none of
# the 256-row tables, whose proofs take ~40 s of Yosys each (docs/mutate.md)
MUT_SAMPLE := $(shell seq 13 20 $(MUT_N))
TEST_STEPS += mutate-sample:34
.PHONY: mutate mutate-sample FORCE
# The netlist of MUT_N mutants and the pinned one; remade when N, the seed, -t or the pin
# changes (net.cfg).
mut_opts = $(strip $(if $(filter $*,$(MUT_TOP_ONLY)),-t) $(if $(MUT_CHECK_$*),-p '$(MUT_CHECK_$*)'))
$(MUT)/%/net.v: $(RTL) mutate/mutants.py $(MUT)/%/net.cfg | $(TOOLS_OK)
	mutate/mutants.py gen -r $(RTL_DIR) $(mut_opts) $* $(MUT_N) $(MUT_SEED) $(MUT)/$*
$(MUT)/%/net.cfg: FORCE
	@mkdir -p $(dir $@); echo "$(strip $(MUT_N) $(MUT_SEED) $(mut_opts))" | cmp -s - $@ \
	  || echo "$(strip $(MUT_N) $(MUT_SEED) $(mut_opts))" >$@
# The block's unchanged bench and shim on the mutant netlist; the shim exposes mutsel.
$(MUT)/%/bench: BENCH_RTL = $(MUT)/$*/net.v
$(MUT)/%/bench: VERILATOR_FLAGS += -Wno-fatal -Wno-lint -Wno-style -CFLAGS -DDRF_MUTANT_PORT
$(MUT)/%/bench: $(BENCH_DEPS) $(MUT)/%/net.v | $(TOOLS_OK)
	$(call verilate,$*,mutate_$*)

mutate: $(BLOCKS:%=$(MUT)/%/bench)
	python3 -m mutate.score -d $(MUT) -n $(MUT_TXNS) -c -o $(MUT)/report.md -r $(RESULTS)/mutate.json $(BLOCKS)

mutate-sample: $(MUT_SAMPLE_BLOCKS:%=$(MUT)/%/bench)
	python3 -m mutate.score -d $(MUT) -n $(MUT_TXNS) -k "$(MUT_SAMPLE)" -t mutate-sample -c \
	  -o $(MUT)/sample.md -r $(RESULTS)/mutate-sample.json $(MUT_SAMPLE_BLOCKS)
