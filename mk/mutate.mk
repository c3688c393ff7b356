# --- mutation score of the lockstep benches: Yosys 0.23 mutate (mutate/, docs/mutate.md) ------
# One Verilator model per block holds all its mutants (mutate -ctrl); the bench picks one with
# --mutant K. make mutate: every block, build/mutate/report.md; make mutate-sample: a fixed
# sample (MUT_SAMPLE_BLOCKS, every 20th mutant of the seed-1 list), a step of make test.
MUT := $(BUILD)/mutate
MUT_N ?= 200
MUT_SEED ?= 1
MUT_TXNS ?= 100000
# dcp_slice's netlist model runs ~3.6 ms a transaction (27x its RTL model): a survivor's run
# is bounded lower to keep make mutate within the hour.
export MUT_TXNS_dcp_slice ?= 5000
MUT_SAMPLE_BLOCKS := rc_decompress rc_ctable rar_phys dcp_pt
MUT_SAMPLE := $(shell seq 1 20 $(MUT_N))
.PHONY: mutate mutate-sample FORCE
# The netlist of MUT_N mutants; remade when N or the seed changes (net.cfg).
$(MUT)/%/net.v: $(RTL) mutate/gen.sh $(MUT)/%/net.cfg | $(TOOLS_OK)
	mutate/gen.sh -r $(RTL_DIR) $* $(MUT_N) $(MUT_SEED) $(MUT)/$*
$(MUT)/%/net.cfg: FORCE
	@mkdir -p $(dir $@); echo "$(MUT_N) $(MUT_SEED)" | cmp -s - $@ || echo "$(MUT_N) $(MUT_SEED)" >$@
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
