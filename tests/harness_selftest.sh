#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Proves the lockstep harness catches a bug and reports it whole, on broken RTL copies:
#  1. the compression-unit bench on IMPL 0 with lane 5's element-delta comparator stuck at 1:
#     a failing run with a first-divergence report, its inputs, the last 8 transactions, a
#     replay command that reproduces it, and a waveform;
#  2. rar_phys with reg_phys off by one and overflow inverted: both mismatches are listed;
#  3. rar_phys with a new output port the bench does not know: the bench fails naming it.
set -euo pipefail
pass=0; fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "selftest: FAILED: $1"; fail=$((fail+1)); fi; }

# broken NAME FILE SED BENCH: BENCH built on a copy of rtl/ whose FILE is changed by SED, run on
# seed 1; its log is build/selftest/NAME/run.log
broken() {
  local work=build/selftest/$1 file=$2 expr=$3 bench=$4
  rm -rf "$work/rtl" && mkdir -p "$work/rtl"
  cp rtl/*.v rtl/*.vh "$work/rtl/"
  sed -i "$expr" "$work/rtl/$file"
  check "$1: the change was applied to $file" "! cmp -s rtl/$file $work/rtl/$file"
  make -s BUILD="$work" RTL_DIR="$work/rtl" "$work/tb/bench_$bench" >/dev/null
  set +e
  "$work/tb/bench_$bench" --seed 1 >"$work/run.log" 2>&1
  check "$1: the broken RTL fails the bench" "[ $? -ne 0 ]"
  set -e
}

broken comparator rc_compress_deltas.v \
  's/assign eq_e\[j\] = (de_j == ref_e);/assign eq_e[j] = (j == 5) ? 1'"'"'b1 : (de_j == ref_e);/' 'rc_compress@0'
log=build/selftest/comparator/run.log
check "first-divergence report" "grep -qE 'FIRST DIVERGENCE at cycle [0-9]+ .*: signal compr expected 0x[01] got 0x[01]' $log"
check "the inputs of the failing cycle" "grep -qE '^rc_compress: inputs at cycle [0-9]+: rst=0x[01] start=.* sw_data=0x[0-9a-f]{128}$' $log"
check "the last 8 transactions, with their cycles and inputs" "[ \$(grep -cE '^rc_compress:   #[0-9]+ cycles [0-9]+-[0-9]+: rst=' $log) -eq 8 ]"
check "seed reported" "grep -q 'seed 1, xseed' $log"
replay=$(sed -n 's/^rc_compress: replay: //p' "$log")
check "replay command reported" "[ -n \"$replay\" ]"
if [ -n "$replay" ]; then
  $replay >build/selftest/comparator/replay.log 2>&1 || true
  check "replay reproduces the divergence" \
    "[ \"$(grep 'FIRST DIVERGENCE' "$log")\" = \"$(grep 'FIRST DIVERGENCE' build/selftest/comparator/replay.log)\" ]"
fi
wave=$(sed -n 's/^rc_compress: waveform: \([^ ]*\) .*/\1/p' "$log")
check "waveform written" "[ -n \"$wave\" ] && [ -s \"$wave\" ]"

broken every-mismatch rar_phys.v \
  's/assign overflow = ~err \& sel;/assign overflow = ~err \& ~sel;/; s/: base + index;/: base + index + 1'"'"'b1;/' rar_phys
log=build/selftest/every-mismatch/run.log
check "every mismatching output of the cycle is listed" \
  "grep -q 'FIRST DIVERGENCE.*signal ' $log && grep -q '^rar_phys:   and signal ' $log"

broken unknown-output rar_phys.v \
  's/output wire                     err /output wire probe, output wire err /; s/assign overflow = ~err \& sel;/assign overflow = ~err \& sel;\n    assign probe = sel;/' rar_phys
check "an output the bench never compares fails it, named" \
  "grep -q 'FIRST DIVERGENCE.*output probe was not compared' build/selftest/unknown-output/run.log"
echo "selftest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
