#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make eval-sim: the aging paper's Section 6 evaluation (Figs. 7, 12, 13, 16, 19, 21, Table 5) on
# every trace under every scheme with `deltarf sim`, beside the paper's published numbers:
# OUT/report-sim.md, plot data in OUT/data/<bench>/, figures in OUT/plots/ (docs/eval.md).
# usage: tools/eval_report.sh DELTARF OUT MAP TRACE...
set -euo pipefail
BIN=$1 OUT=$2 MAP=$3
shift 3
[ $# -gt 0 ] || { echo "eval_report: no traces" >&2; exit 1; }
mkdir -p "$OUT/data" "$OUT/plots"
DATA=$OUT/data
ALL=$DATA/all.tsv
: >"$ALL"
benches=()
start=$(date +%s.%N)
for t in "$@"; do
    b=$(basename "$t" .trace.xz)
    benches+=("$b")
    t0=$(date +%s.%N)
    "$BIN" sim "$t" --map "$MAP" --plots "$DATA/$b" >"$DATA/$b.txt"
    awk -v s="$t0" -v e="$(date +%s.%N)" 'BEGIN {printf "%.2f\n", e - s}' >"$DATA/$b.time"
    awk -v b="$b" '!/^#/ {print b "\t" $0}' "$DATA/$b/summary.tsv" >>"$ALL"
done
wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.1f", e - s}')
tools/eval_plots.sh "$DATA" "$OUT/plots" "${benches[@]}"
tools/eval_tables.awk -v map="$MAP" -v wall="$wall" -v data="$DATA" -v benches="${benches[*]}" \
    "$ALL" >"$OUT/report-sim.md"
echo "eval-sim: $OUT/report-sim.md (${#benches[@]} traces, ${wall} s)"
