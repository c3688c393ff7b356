# --- mutation score of the lockstep benches: Yosys 0.23 mutate (mutate/, docs/mutate.md) ------
# One Verilator model per block holds all its mutants (mutate -ctrl); the bench picks one with
# --mutant K. make mutate: every block, build/mutate/report.md; make mutate-sample: a fixed
# sample (MUT_SAMPLE_BLOCKS, every 20th mutant of the seed-1 list), a step of make test.
MUT := $(BUILD)/mutate
MUT_N ?= 200
MUT_SEED ?= 1
MUT_TXNS ?= 100000
# dcp_slice's netlist model runs ~1.2 ms a transaction (17x its RTL model): a survivor's run
# (~50 s) is bounded lower to keep make mutate within the hour. 40000 writes hold ~12 injection
# phases, each after a phase on all 16 windows, which the fault-map bits of high entries need.
export MUT_TXNS_dcp_slice ?= 40000
# Blocks mutated in their own cells only: dcp_slice's submodules (PT, PSU, Com, Dec, RC units,
# encoders) are blocks of their own, scored on their own benches (mutate/gen.sh -t).
MUT_TOP_ONLY := dcp_slice
# Blocks whose survivors are proven with their memories cut (mutate/equiv.sh -c): memory_map of
# dcp_slice's 64 KB array and LDS does not finish within the proof limit.
export MUT_CUT_MEMORIES ?= dcp_slice
# The killed mutant the cut prover is checked on: one whose effect reaches the outputs only
# through the slice memory (mutant 193: lane 8's write enable, rtl/dcp_slice.v line 239); it
# has cut-points too (mutate/keep/dcp_slice.txt), so that step is checked as well.
export MUT_CHECK_dcp_slice ?= 193
# The false lemma the lemma prover (mutate/lemma.sh) is checked on: a compressed register's PT
# row names block 1, 2 or 3 (mutate/lemmas/dcp_slice.txt holds the true one, for the other rows).
export MUT_LEMMA_CHECK_dcp_slice ?= sb0 == 2'd0 && sb1 == 2'd0
MUT_SAMPLE_BLOCKS := rc_decompress rc_ctable rar_phys dcp_pt
# every 20th mutant from the 13th: one survivor to prove (rc_decompress, combinational), none of
# the 256-row tables, whose proofs take ~40 s of Yosys each (docs/mutate.md)
MUT_SAMPLE := $(shell seq 13 20 $(MUT_N))
.PHONY: mutate mutate-sample FORCE
# The netlist of MUT_N mutants; remade when N, the seed or -t changes (net.cfg).
mut_top = $(if $(filter $*,$(MUT_TOP_ONLY)),-t)
$(MUT)/%/net.v: $(RTL) mutate/gen.sh $(MUT)/%/net.cfg | $(TOOLS_OK)
	mutate/gen.sh -r $(RTL_DIR) $(mut_top) $* $(MUT_N) $(MUT_SEED) $(MUT)/$*
$(MUT)/%/net.cfg: FORCE
	@mkdir -p $(dir $@); echo "$(strip $(MUT_N) $(MUT_SEED) $(mut_top))" | cmp -s - $@ \
	  || echo "$(strip $(MUT_N) $(MUT_SEED) $(mut_top))" >$@
# The block's unchanged bench and shim on the mutant netlist; the shim exposes mutsel.
$(MUT)/%/bench: RTL = $(MUT)/$*/net.v
$(MUT)/%/bench: VERILATOR_FLAGS += -Wno-fatal -Wno-lint -Wno-style -CFLAGS -DDRF_MUTANT_PORT
$(MUT)/%/bench: $(BENCH_DEPS) $(MUT)/%/net.v | $(TOOLS_OK)
	$(call verilate,$*,mutate_$*)

mutate: $(BLOCKS:%=$(MUT)/%/bench)
	mutate/score.sh -d $(MUT) -n $(MUT_TXNS) -c -o $(MUT)/report.md $(BLOCKS)

mutate-sample: $(MUT_SAMPLE_BLOCKS:%=$(MUT)/%/bench)
	mutate/score.sh -d $(MUT) -n $(MUT_TXNS) -k "$(MUT_SAMPLE)" -t mutate-sample -c \
	  -o $(MUT)/sample.md $(MUT_SAMPLE_BLOCKS)
