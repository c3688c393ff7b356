#!/bin/bash
# Proves the lockstep harness catches a bug: builds the compression-unit bench on IMPL 0 (the
# 32-bit comparators) against an RTL copy whose element-delta comparator of lane 5 is stuck at
# 1, and requires a failing run with a first-divergence report, a replay command that
# reproduces it, and a waveform.
set -euo pipefail
work=build/selftest
rm -rf "$work/rtl" && mkdir -p "$work/rtl"
cp rtl/*.v rtl/*.vh "$work/rtl/"
target="$work/rtl/rc_compress_deltas.v"
sed -i 's/assign eq_e\[j\] = (de_j == ref_e);/assign eq_e[j] = (j == 5) ? 1'"'"'b1 : (de_j == ref_e);/' "$target"
pass=0; fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "selftest: FAILED: $1"; fail=$((fail+1)); fi; }
check "the mutation was applied" "grep -q \"(j == 5) ? 1'b1\" $target"
make -s BUILD="$work" RTL_DIR="$work/rtl" "$work/tb/bench_rc_compress@0" >/dev/null
set +e
"$work/tb/bench_rc_compress@0" --seed 1 >"$work/run.log" 2>&1
status=$?
set -e
check "the broken RTL fails the bench" "[ $status -ne 0 ]"
check "first-divergence report" "grep -qE 'FIRST DIVERGENCE at cycle [0-9]+ .*: signal compr expected 0x[01] got 0x[01]' $work/run.log"
check "seed reported" "grep -q 'seed 1, xseed' $work/run.log"
replay=$(sed -n 's/^rc_compress: replay: //p' "$work/run.log")
check "replay command reported" "[ -n \"$replay\" ]"
if [ -n "$replay" ]; then
  $replay >"$work/replay.log" 2>&1 || true
  check "replay reproduces the divergence" \
    "[ \"$(grep 'FIRST DIVERGENCE' "$work/run.log")\" = \"$(grep 'FIRST DIVERGENCE' "$work/replay.log")\" ]"
fi
wave=$(sed -n 's/^rc_compress: waveform: \([^ ]*\) .*/\1/p' "$work/run.log")
check "waveform written" "[ -n \"$wave\" ] && [ -s \"$wave\" ]"
echo "selftest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
