#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs a block's lockstep bench against its mutants (mutate/mutants.py model, --mutant K) for
# `make mutate` (issue 7; docs/mutate.md): killed = the bench reports a divergence.
# usage: mutate/run.sh [-n TXNS] [-j JOBS] [-t SECONDS] [-o FILE] BLOCK DIR [K...]  (default: all)
#   -> FILE (DIR/results.tsv): K, verdict (killed survived timeout crashed), first divergence;
#      DIR/runs/out/K.log; the runs go through tools/regress/launch.sh (env LAUNCHER: local or slurm)
set -uo pipefail
txns=100000 jobs=2 tmo=120 res=
while getopts n:j:t:o: o; do
  case $o in n) txns=$OPTARG ;; j) jobs=$OPTARG ;; t) tmo=$OPTARG ;; o) res=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: mutate/run.sh [-n TXNS] [-j JOBS] [-t SECONDS] [-o FILE] BLOCK DIR [K...]" >&2; exit 2; }
block=$1 dir=$2; shift 2
here=$(dirname "$0")
res=${res:-$dir/results.tsv}
[ -x "$dir/bench" ] && [ -s "$dir/mutants.ys" ] \
  || { echo "mutate/run.sh: $dir has no bench or mutants.ys (make $dir/bench)" >&2; exit 2; }
mkdir -p "$dir/runs"

# One mutant's verdict line from its run (the launcher's runs/out/K.log and K.status).
verdict() {
  local k=$1 log=$dir/runs/out/$1.log rc div
  rc=$(cut -d' ' -f1 "$dir/runs/out/$k.status" 2>/dev/null) || rc=none
  div=$(grep -m1 -o 'FIRST DIVERGENCE.*' "$log" 2>/dev/null)
  if [ -n "$div" ]; then printf '%s\tkilled\t%s\n' "$k" "${div#FIRST DIVERGENCE }"
  elif [ "$rc" = none ]; then printf '%s\tcrashed\tno result (the launcher lost the run)\n' "$k"
  elif [ "$rc" -eq 124 ]; then printf '%s\ttimeout\tno divergence in %s s\n' "$k" "$tmo"
  elif [ "$rc" -gt 128 ] || [ "$rc" -eq 2 ]; then printf '%s\tcrashed\texit status %s\n' "$k" "$rc"
  else printf '%s\tsurvived\t%s\n' "$k" "$(grep -m1 -o '[0-9]* passed.*' "$log")"
  fi
}
if [ $# -eq 0 ]; then set -- $(seq 1 "$(wc -l <"$dir/mutants.ys")"); fi
# One job per mutant through the launcher (tools/regress/launch.sh; LAUNCHER=local: -j at a
# time on this machine, LAUNCHER=slurm: a Slurm job array; docs/regress.md).
for k in "$@"; do printf '%s\ttimeout %s %s/bench --mutant %s --n %s\n' "$k" "$tmo" "$dir" "$k" "$txns"; done \
  >"$dir/runs/jobs"
launcher=${LAUNCHER:-local}
[ "$launcher" = local ] && set -- -j "$jobs" || set --
"$here/../tools/regress/launch.sh" -l "$launcher" -p "mutate $block" "$@" "$dir/runs" >&2 || [ $? -eq 3 ] || exit 2
cut -f1 "$dir/runs/jobs" | while read -r k; do verdict "$k"; done | sort -n >"$res"
awk -F'\t' -v b="$block" '{c[$2]++} END {printf "%s: %d mutants run, %d killed, %d survived, %d timeout, %d crashed\n",
  b, NR, c["killed"], c["survived"], c["timeout"], c["crashed"]}' "$res"
