# SPDX-License-Identifier: Apache-2.0
# --- pilot register file (docs/pilot-decisions.md) -------------------------------
# pilot-cli: the swap and pilot verbs' black-box tests (tests/pilot/cli.sh).
TEST_STEPS += pilot-cli:5
.PHONY: pilot-cli
pilot-cli: $(BUILD)/deltarf
	tests/pilot/cli.sh $(BUILD)/deltarf

# eval-pilot: deltarf pilot on every trace -> build/eval/report-pilot.md and
# build/eval/plots/pilot_fig2.svg, pilot_fig10.svg (tools/report/eval_report_pilot.py); part of make eval.
.PHONY: eval-pilot
eval-pilot: $(BUILD)/deltarf
	$(call eval_part,pilot,$(LEDGER_TRACES),pilot)

# fuzz_pilot_text / fuzz_pilot_xz: deltarf pilot's trace evaluation on any bytes (fuzz/fuzz_pilot.c),
# one binary, two seed corpora; fuzz_swap (fuzz_records.c with swap_record) is built by mk/fuzz.mk.
$(FUZZ_OUT)/bin/fuzz_pilot_text $(FUZZ_OUT)/bin/fuzz_pilot_xz: fuzz/fuzz_pilot.c $(FUZZ_HDR) $(FUZZ_LIB_OBJ)
	$(call fuzz_link,fuzz_pilot.c)
