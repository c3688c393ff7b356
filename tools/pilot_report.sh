#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The pilot register file's evaluation (pilot paper Sections II, V; docs/pilot-eval.md): runs
# `deltarf pilot` on every trace, writes OUT/report-pilot.md (our figures beside the paper's)
# and draws Fig. 2 (top-N access shares per kernel) and Fig. 10 (accesses by RF partition and
# FRF mode) with gnuplot into OUT/plots. usage: tools/pilot_report.sh DELTARF OUT TRACE...
set -euo pipefail
BIN=$1 OUT=$2
shift 2
D=$OUT/pilot
mkdir -p "$D" "$OUT/plots"
: >"$D/fig2.dat"
: >"$D/fig10.dat"
rows=()
for t in "$@"; do
    name=$(basename "$t" .trace.xz)
    "$BIN" pilot "$t" >"$D/$name.txt"
    f=$D/$name.txt
    v() { awk -v k="$1" '$1 == k { print $2; exit }' "$f"; }
    kern=$(awk '$1 == "kernels" { print $2 }' "$f")
    waves=$(awk '$1 == "kernels" { print $4 }' "$f")
    acc=$(awk '$1 == "accesses" { print $2 }' "$f")
    low=$(v frf-low)
    dyn=$(v dynamic-energy)
    leak=$(v leakage)
    rows+=("| $name | $kern | $waves | $acc | $(v top-3) | $(v top-4) | $(v top-5) | $(v frf-static) | $(v frf-pilot) | $(v frf-oracle) | $(v frf-pilot-move) | $low | $dyn | $leak |")
    awk -v n="$name" '$1 == "kernel" { gsub(/%/, ""); printf "%s:k%s\t%s\t%s\t%s\n", n, $2, $8, $10, $12 }' "$f" >>"$D/fig2.dat"
    awk -v n="$name" '$1 == "partition" { gsub(/%/, ""); printf "%s\t%s\t%s\t%s\n", n, $3, $5, $7 }' "$f" >>"$D/fig10.dat"
done

{
    echo "## Pilot register file: deltarf pilot on every trace (pilot paper Sections II, V)"
    echo
    echo "n = 4 FRF registers per warp, 50-cycle epochs, threshold 85 of 400 issue slots scaled to a compute"
    echo "unit's 50: 11 (docs/pilot-eval.md, decision 6)."
    echo "top-k: share of all accesses (R and W lines, launch values excluded) to the k most"
    echo "accessed registers, **pooled over the trace's kernels** (the paper's Fig. 2 is per kernel;"
    echo "per-kernel figures are in $D/<trace>.txt and Fig. 2 below). FRF: share of accesses the FRF"
    echo "serves with a static R0..R3, with pilot-warp profiling (warps keep the table they start"
    echo "with), with an oracle that knows the kernel, and with the pilot's choice if live warps'"
    echo "values moved when it ends; FRF_low: share of the pilot policy's FRF accesses made in FRF_low."
    echo
    echo "| trace | kernels | wavefronts | accesses | top-3 | top-4 | top-5 | FRF static | FRF pilot | FRF oracle | FRF pilot, values moved | FRF_low of FRF | dynamic energy | leakage |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    printf '%s\n' "${rows[@]}"
    awk -F'\t' '{ a += $2; b += $3; c += $4; n++ }
        END { if (n) printf "| mean of the %d kernels (per kernel, as Fig. 2) | %d | | | %.1f%% | %.1f%% | %.1f%% | | | | | | | |\n", n, n, a / n, b / n, c / n }' "$D/fig2.dat"
    echo "| paper (Figs. 2, 4, 10, 11) | | | | 62% | 72% | 77% | 25% (sgemm) | | 55% (sgemm) | | 22% | -54% | -39% |"
    echo
    echo "Plots: $OUT/plots/pilot_fig2.svg (top-3/4/5 per kernel), $OUT/plots/pilot_fig10.svg"
    echo "(accesses by partition and FRF mode, pilot policy)."
} >"$OUT/report-pilot.md"

if ! command -v gnuplot >/dev/null; then
    echo "pilot_report: gnuplot not found, no plots" >&2
    exit 0
fi
gnuplot <<GP
set terminal svg size 1000,420 font "sans,10"
set output "$OUT/plots/pilot_fig2.svg"
set title "Fig. 2: accesses to the top-N registers, per kernel"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "% of the kernel's accesses"
set yrange [0:100]
set xtics rotate by -45 scale 0 font ",8"
set datafile separator "\t"
set key top right
plot "$D/fig2.dat" using 2:xtic(1) title "top 3", '' using 3 title "top 4", '' using 4 title "top 5"
set output "$OUT/plots/pilot_fig10.svg"
set title "Fig. 10: accesses by RF partition and FRF mode (pilot policy, n = 4)"
set style histogram rowstacked
set ylabel "% of accesses"
plot "$D/fig10.dat" using 2:xtic(1) title "FRF high", '' using 3 title "FRF low", '' using 4 title "SRF"
GP
