#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# X-initialisation sweep (issue 7): every lockstep bench rerun with Verilator's randomised
# initial state (--x-assign/--x-initial unique, rand-reset 2) under several fixed X seeds and
# random mid-stream resets: the RTL must match the reset state the C models define.
# usage: tools/xsweep.sh [-d BENCH_DIR] [-s SEED] [-n N] [-j JOBS] [-l LOG_DIR] -x "X..." BENCH...
#        tools/xsweep.sh selftest OUT "X..."   (an RTL copy without a reset must fail the sweep)
set -u
# shellcheck source=tools/closing.sh
source "$(dirname "$0")/closing.sh"

# Self-test: dcp_beats.valid without its reset in a copy of the RTL under OUT/rtl; the Dec
# unit's bench on it must fail the sweep under some of the X seeds and pass under others
# (the X seed reaches the initial state), and the reported replay must reproduce the failure.
selftest() {
  local out=$1 xs=$2 pass=0 fail=0
  local rtl=$out/rtl bench=$out/tb/bench_dcp_decompress log=$out/selftest.log
  check() { if eval "$2"; then pass=$((pass + 1)); else echo "xsweep-selftest: FAILED: $1"; fail=$((fail + 1)); fi; }
  # shellcheck source=tools/rtl_copy.sh
  source "$(dirname "$0")/rtl_copy.sh"
  rtl_copy "$rtl" dcp_beats.v "0,/valid <= 1'b0;/s//\/\/ xsweep self-test: valid has no reset/"
  check "the reset was removed" "grep -q 'valid has no reset' $rtl/dcp_beats.v"
  share_objects "$out"
  make -s BUILD="$out" RTL_DIR="$rtl" "$bench" >/dev/null || { echo "xsweep-selftest: build failed"; exit 1; }
  "$0" -d "$out/tb" -n 2000 -j 1 -l "$out/selftest-logs" -x "$xs" dcp_decompress >"$log" 2>&1
  local status=$?
  check "the sweep fails on the RTL without the reset" "[ $status -ne 0 ]"
  check "some X seeds pass, some fail (the seed sets the initial state)" \
    "grep -q 'xsweep: [1-9][0-9]* passed, [1-9][0-9]* failed' $log"
  local replay
  replay=$(sed -n 's/^ *dcp_decompress: replay: //p' "$log" | head -1)
  check "a replay command is reported" "[ -n \"$replay\" ]"
  if [ -n "$replay" ]; then
    $replay >"$out/selftest-replay.log" 2>&1
    check "the replay reproduces the divergence" "[ \"$(grep -m1 'FIRST DIVERGENCE' "$log" | sed 's/^ *//')\" = \"$(grep -m1 'FIRST DIVERGENCE' "$out/selftest-replay.log")\" ]"
  fi
  "$bench" --xseed 0 --n 1 >/dev/null 2>&1
  check "X seed 0 (Verilator: a random seed, not replayable) is refused" "[ $? -eq 2 ]"
  echo "xsweep-selftest: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
if [ "${1:-}" = selftest ]; then
  [ $# -eq 3 ] || { echo "usage: $0 selftest OUT \"X...\"" >&2; exit 2; }
  selftest "$2" "$3"
  exit
fi

dir=build/tb; seed=1; n=""; jobs=2; logs=build/xsweep/logs; xseeds=""
while getopts "d:s:n:j:l:x:" opt; do
  case $opt in
    d) dir=$OPTARG ;; s) seed=$OPTARG ;; n) n=$OPTARG ;; j) jobs=$OPTARG ;;
    l) logs=$OPTARG ;; x) xseeds=$OPTARG ;;
    *) echo "usage: $0 [-d DIR] [-s SEED] [-n N] [-j JOBS] [-l LOGS] -x \"X...\" BENCH..." >&2
       exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ -z "$xseeds" ] || [ $# -eq 0 ]; then
  echo "usage: $0 [-d DIR] [-s SEED] [-n N] [-j JOBS] [-l LOGS] -x \"X...\" BENCH..." >&2
  exit 2
fi
mkdir -p "$logs"

# One bench under every X seed in turn (a failing run writes its waveform beside the bench,
# named by the stimulus seed: runs of one bench must not overlap). Prints one result line
# per run: "ok|FAIL BENCH XSEED LOG".
sweep_bench() {
  local bench=$1 x log args
  for x in $xseeds; do
    log=$logs/$bench-x$x.log
    args=(--seed "$seed" --xseed "$x")
    [ -n "$n" ] && args+=(--n "$n")
    if "$dir/bench_$bench" "${args[@]}" >"$log" 2>&1; then
      echo "ok $bench $x $log"
    else
      echo "FAIL $bench $x $log"
    fi
  done
}

results=$logs/results.txt
: >"$results"
running=0
for bench in "$@"; do
  [ -x "$dir/bench_$bench" ] || continue # named by closing below
  sweep_bench "$bench" >>"$results" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

pass=0; fail=0
while read -r verdict bench x log; do
  if [ "$verdict" = ok ]; then pass=$((pass + 1)); continue; fi
  fail=$((fail + 1))
  echo "xsweep: $bench FAILED under X seed $x (seed $seed)"
  if [ -f "$log" ]; then
    grep -E 'FIRST DIVERGENCE|never hit|replay:|waveform:' "$log" | sed 's/^/  /'
    grep -q 'replay:' "$log" || tail -3 "$log" | sed 's/^/  /'
  else
    echo "  $log"
  fi
done < <(sort -k2,2 -k3,3n "$results")
echo "xsweep: $# benches x $(wc -w <<<"$xseeds") X seeds, seed $seed"
closing xsweep "$pass" "$fail" "$*" "$(cut -d' ' -f2 "$results" | sort -u | tr '\n' ' ')"
