# SPDX-License-Identifier: Apache-2.0
# --- X-initialisation sweep: every bench under three large X seeds (docs/xinit.md) ----------
# The benches are built with --x-assign unique --x-initial unique; --xseed sets Verilator's
# rand-reset 2 and seed. Same stimulus as make verify (SEED, each bench's default N), so the
# coverage bins are those verify hits; only the initial state changes.
XSWEEP_XSEEDS ?= 1073741827 1500000001 2147483629
XSWEEP_N ?=
XSWEEP_OUT := $(BUILD)/xsweep
TEST_STEPS += xsweep:52 xsweep-selftest:19
.PHONY: xsweep xsweep-selftest
xsweep: $(BENCHES) $(VARIANT_BENCHES)
	@python3 -m tools.run.xsweep -s $(SEED) -l $(XSWEEP_OUT)/logs -x "$(XSWEEP_XSEEDS)" -r $(RESULTS)/xsweep.json \
	  $(if $(XSWEEP_N),-n $(XSWEEP_N)) $(BLOCKS) $(IMPL_BLOCKS:%=%@0)

# The sweep must catch a register without its reset: dcp_beats' valid (the Dec unit's beat
# counter) loses it in an RTL copy under $(XSWEEP_OUT)/rtl; see tools/run/xsweep_selftest.sh.
xsweep-selftest: $(BUILD)/libdrf.a $(HARNESS_LIB) | $(TOOLS_OK)
	@tools/run/xsweep_selftest.sh $(XSWEEP_OUT) "$(XSWEEP_XSEEDS)"
