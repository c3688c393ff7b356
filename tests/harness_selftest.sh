#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Proves the lockstep harness catches a bug and reports it whole, on broken RTL copies:
#  1. the compression-unit bench on IMPL 0 with lane 5's element-delta comparator stuck at 1:
#     a failing run with a first-divergence report, its inputs, the last 8 transactions, a
#     replay command that reproduces it, and a waveform;
#  2. rar_phys with reg_phys off by one and overflow inverted: both mismatches are listed;
#  3. rar_phys with a new output port the bench does not know: the bench fails naming it;
#  and each run's --result (docs/results.md, run) valid and saying the same as its report.
set -euo pipefail
source tools/run/rtl_copy.sh
pass=0; fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "selftest: FAILED: $1"; fail=$((fail+1)); fi; }

# broken NAME FILE SED BENCH: BENCH built on a copy of rtl/ whose FILE is changed by SED (the
# C objects are the main build's, make selftest builds them first); the three builds run at
# once, then each bench runs on seed 1 with its log in build/selftest/NAME/run.log.
names=(); benches=()
broken() {
  local work=build/selftest/$1
  rm -rf "$work" && share_objects "$work"
  local applied=false
  rtl_copy "$work/rtl" "$2" "$3" && applied=true
  check "$1: the change was applied to $2" "$applied"
  names+=("$1"); benches+=("$4")
}
build_and_run() {
  local i pids=() work
  for i in "${!names[@]}"; do
    work=build/selftest/${names[$i]}
    make -s BUILD="$work" RTL_DIR="$work/rtl" "$work/tb/bench_${benches[$i]}" >"$work/build.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!names[@]}"; do
    work=build/selftest/${names[$i]}
    if ! wait "${pids[$i]}"; then
      check "${names[$i]}: the broken RTL builds (see $work/build.log)" false
      continue
    fi
    set +e
    "$work/tb/bench_${benches[$i]}" --seed 1 --result "$work/run.json" >"$work/run.log" 2>&1
    check "${names[$i]}: the broken RTL fails the bench" "[ $? -ne 0 ]"
    set -e
  done
}

broken comparator rc_compress_deltas.v \
  's/assign eq_e\[j\] = (de_j == ref_e);/assign eq_e[j] = (j == 5) ? 1'"'"'b1 : (de_j == ref_e);/' 'rc_compress@0'
broken every-mismatch rar_phys.v \
  's/assign overflow = ~err \& sel;/assign overflow = ~err \& ~sel;/; s/: base + index;/: base + index + 1'"'"'b1;/' rar_phys
broken unknown-output rar_phys.v \
  's/output wire                     err /output wire probe, output wire err /; s/assign overflow = ~err \& sel;/assign overflow = ~err \& sel;\n    assign probe = sel;/' rar_phys
build_and_run

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
# field FILE KEY...: a value of the run's --result (KEY #: the length of what is there)
field() {
  python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2:]:
    v = len(v) if k == "#" else v[int(k)] if isinstance(v, list) else v[k]
print(v)' "$@"
}
res=build/selftest/comparator/run.json
check "the --result files are valid" "python3 -m tools.report.results check build/selftest/*/run.json >/dev/null"
check "--result: failed, with the report's replay and waveform, 8 transactions before" \
  "[ $(field $res passed) = False ] && [ \"$(field $res first_divergence replay)\" = \"$replay\" ] &&
   [ \"$(field $res first_divergence waveform)\" = \"$wave\" ] && [ $(field $res first_divergence history '#') -eq 8 ]"
check "--result: the divergence's cycle and first mismatch as reported" \
  "grep -qF 'FIRST DIVERGENCE at cycle $(field $res first_divergence cycle) ' $log &&
   grep -qF '$(field $res first_divergence mismatches 0)' $log"
check "--result: a file that cannot be written is an error (exit 2)" \
  "build/tb/bench_rar_phys --n 10 --result /nonexistent/r.json >/dev/null 2>&1; [ \$? -eq 2 ]"

log=build/selftest/every-mismatch/run.log
check "every mismatching output of the cycle is listed" \
  "grep -q 'FIRST DIVERGENCE.*signal ' $log && grep -q '^rar_phys:   and signal ' $log"
check "--result lists them all" \
  "[ $(field build/selftest/every-mismatch/run.json first_divergence mismatches '#') -eq $(grep -c 'FIRST DIVERGENCE.*signal \|^rar_phys:   and signal ' $log) ]"

check "an output the bench never compares fails it, named" \
  "grep -q 'FIRST DIVERGENCE.*output probe was not compared' build/selftest/unknown-output/run.log"
echo "selftest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
