#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make verify-gates (issue 30; docs/synth.md, Gate-level check): each block's gate-level bench
# ($GATES/B/bench, its netlist of make synth) in lockstep with its C model, then its switching
# activity ($GATES/B/activity.json) from the run's trace; closes with "verify-gates: N passed,
# N failed" (tools/closing.sh).
# usage: tools/verify_gates.sh check NETLISTS BLOCK...   (one line and exit 1 on a missing netlist)
#        tools/verify_gates.sh run NETLISTS SEED N BLOCK... (env GATES, FST_ACTIVITY, CLOCK_NS)
set -u
# shellcheck source=tools/closing.sh
source "$(dirname "$0")/closing.sh"

# check NETLISTS BLOCK...: every netlist and its JSON is there; an RTL file newer than a netlist
# is named (the netlist may be stale: make synth again)
check() {
  local dir=$1 b f newer
  shift
  for b in "$@"; do
    for f in "$dir/$b/$b.mapped.v" "$dir/$b/$b.mapped.json"; do
      [ -s "$f" ] || { echo "verify-gates: no netlist $f: run make synth first"; exit 1; }
    done
    newer=$(find rtl -name '*.v' -newer "$dir/$b/$b.mapped.v" | head -1)
    [ -z "$newer" ] || echo "verify-gates: note: $newer is newer than $dir/$b/$b.mapped.v (make synth again if it changed)"
  done
  return 0
}

# one NETLISTS SEED N BLOCK: the bench, then the activity of its run; 0 when both succeed
one() {
  local dir=$1 seed=$2 n=$3 b=$4 out=$GATES/$4 t0 rc
  t0=$(date +%s.%N)
  "$out/bench" --seed "$seed" --n "$n" --bins-out "$out/bins.txt" --activity "$out/run.fst"
  rc=$?
  if [ $rc -eq 0 ]; then
    "$FST_ACTIVITY" "$out/run.fst" >"$out/counts.tsv" \
      && python3 tools/gates.py activity "$dir/$b/$b.mapped.json" "$out/counts.tsv" "$b" \
           "$CLOCK_NS" "$out/activity.json" \
      || rc=1
  fi
  rm -f "$out/run.fst" "$out/counts.tsv"
  [ $rc -eq 0 ] && echo "verify-gates: $b: passed, $n transactions in $(awk -v t0="$t0" \
    -v t1="$(date +%s.%N)" 'BEGIN { printf "%.1f", t1 - t0 }') s (the bench and its activity)"
  return $rc
}

run() {
  local dir=$1 seed=$2 n=$3 b pass=0 fail=0 ran=""
  shift 3
  for b in "$@"; do
    [ -x "$GATES/$b/bench" ] || continue
    if one "$dir" "$seed" "$n" "$b"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
    ran="$ran $b"
  done
  closing verify-gates "$pass" "$fail" "$*" "$ran"
}

case ${1:-} in
  check) shift; check "$@" ;;
  run) shift; run "$@" ;;
  *) sed -n '7,8p' "$0" >&2; exit 2 ;;
esac
