#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs a block's lockstep bench against its mutants (mutate/gen.sh model, --mutant K) for
# `make mutate` (issue 7; docs/mutate.md): killed = the bench reports a divergence.
# usage: mutate/run.sh [-n TXNS] [-j JOBS] [-t SECONDS] [-o FILE] BLOCK DIR [K...]  (default: all)
#   -> FILE (DIR/results.tsv): K, verdict (killed survived timeout crashed), first divergence;
#      DIR/runs/K.log
set -uo pipefail
txns=100000 jobs=2 tmo=120 res=
while getopts n:j:t:o: o; do
  case $o in n) txns=$OPTARG ;; j) jobs=$OPTARG ;; t) tmo=$OPTARG ;; o) res=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: mutate/run.sh [-n TXNS] [-j JOBS] [-t SECONDS] [-o FILE] BLOCK DIR [K...]" >&2; exit 2; }
block=$1 dir=$2; shift 2
res=${res:-$dir/results.tsv}
[ -x "$dir/bench" ] && [ -s "$dir/mutants.ys" ] \
  || { echo "mutate/run.sh: $dir has no bench or mutants.ys (make $dir/bench)" >&2; exit 2; }
mkdir -p "$dir/runs"

# One mutant: its verdict line on stdout.
run_one() {
  local k=$1 log=$dir/runs/$1.log rc
  timeout "$tmo" "$dir/bench" --mutant "$k" --n "$txns" >"$log" 2>&1
  rc=$?
  local div
  div=$(grep -m1 -o 'FIRST DIVERGENCE.*' "$log")
  if [ -n "$div" ]; then printf '%s\tkilled\t%s\n' "$k" "${div#FIRST DIVERGENCE }"
  elif [ $rc -eq 124 ]; then printf '%s\ttimeout\tno divergence in %s s\n' "$k" "$tmo"
  elif [ $rc -gt 128 ] || [ $rc -eq 2 ]; then printf '%s\tcrashed\texit status %s\n' "$k" "$rc"
  else printf '%s\tsurvived\t%s\n' "$k" "$(grep -m1 -o '[0-9]* passed.*' "$log")"
  fi
}
export -f run_one
export dir txns tmo
if [ $# -eq 0 ]; then set -- $(seq 1 "$(wc -l <"$dir/mutants.ys")"); fi
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'run_one {}' | sort -n >"$res"
awk -F'\t' -v b="$block" '{c[$2]++} END {printf "%s: %d mutants run, %d killed, %d survived, %d timeout, %d crashed\n",
  b, NR, c["killed"], c["survived"], c["timeout"], c["crashed"]}' "$res"
