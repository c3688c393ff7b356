#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The aging paper's Section 6 figures drawn from `deltarf sim --plots` data with gnuplot (svg):
# Fig. 7 (write patterns), 12 (per-bit '0' / '1' / off, averaged over traces), 13 and 16
# (longest '0' / '1' duty cycle), 19 (normalised dVth), per-register longest duty cycles (14-18):
# every trace's on one chart, and Figs. 14-15 / 17-18 as drawn for BlackScholes and DCT.
# usage: tools/eval_plots.sh DATA PLOTS BENCH...  (DATA/<bench>/*.tsv, DATA/all.tsv)
set -euo pipefail
DATA=$1 PLOTS=$2
shift 2
if ! command -v gnuplot >/dev/null; then
    echo "eval_plots: gnuplot not found, no plots" >&2
    exit 0
fi
SCHEMES="baseline rar rc rc+rar wc argo"
T=$DATA/plot
mkdir -p "$T" "$PLOTS"

# fig7.dat: bench constant single double other divergent (fractions of instruction writes)
for b in "$@"; do
    awk -v b="$b" -F'\t' '$1 == "all" {t = $2 + $3 + $4 + $5 + $6; if (t == 0) t = 1
        printf "%s\t%g\t%g\t%g\t%g\t%g\n", b, $3 / t, $4 / t, $5 / t, $2 / t, $6 / t}' "$DATA/$b/patterns.tsv"
done >"$T/fig7.dat"

# metric.dat: bench, one column per scheme (summary column c), then the average row
metric() { # column file
    awk -F'\t' -v c="$1" -v schemes="$SCHEMES" '
        BEGIN { ns = split(schemes, S, " ") }
        { v[$1, $2] = $(c + 1); if (!($1 in seen)) { seen[$1] = 1; order[++nb] = $1 } }
        END { for (i = 1; i <= nb; i++) { line = order[i]
                  for (s = 1; s <= ns; s++) { line = line "\t" v[order[i], S[s]]; sum[s] += v[order[i], S[s]] }
                  print line }
              line = "average"; for (s = 1; s <= ns; s++) line = line "\t" sum[s] / nb; print line }' \
        "$DATA/all.tsv" >"$T/$2"
}
metric 2 l0.dat
metric 5 l1.dat
metric 8 d0.dat
metric 9 d1.dat

# fig12.dat: bit, then 0 / 1 / off per scheme, averaged over the traces
files=()
for b in "$@"; do files+=("$DATA/$b/bits.tsv"); done
paste "${files[@]}" | awk -F'\t' -v n=$# '!/^#/ {
    w = NF / n; line = $1
    for (c = 2; c <= w; c++) { s = 0; for (k = 0; k < n; k++) s += $(k * w + c); line = line "\t" s / n }
    print line }' >"$T/fig12.dat"

# Bar charts grow with the traces (about 130 px a group) so that every group keeps its width;
# the kernel names are drawn under the axis, slanted, ending at their group's tic.
width=$(( ($# + 1) * 130 + 250 ))
[ "$width" -ge 900 ] || width=900
axis() { # the x axis of the bar charts
    cat <<EOF
set xtics rotate by 30 right nomirror
set bmargin 5
set key outside right top
EOF
}
bars() { # title ylabel datafile output
    cat <<EOF
set terminal svg size $width,440 dynamic font "sans,11"
set output "$PLOTS/$4"
set title "$1"
set ylabel "$2"
set yrange [0:1.05]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
$(axis)
plot for [i=2:7] "$T/$3" using i:xtic(1) title word("$SCHEMES", i-1)
EOF
}
{
    cat <<EOF
reset
set terminal svg size $width,440 dynamic font "sans,11"
set output "$PLOTS/fig7.svg"
set title "Fig. 7: register writes by pattern (RC, BS = 8)"
set ylabel "fraction of writes"
set yrange [0:1.05]
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
$(axis)
plot for [i=2:6] "$T/fig7.dat" using i:xtic(1) title word("constant single-delta double-delta other divergent", i-1)
reset
EOF
    bars "Fig. 13: longest '0' duty cycle over the cells of the slice" "fraction of time" l0.dat fig13.svg
    echo reset
    bars "Fig. 16: longest '1' duty cycle over the cells of the slice" "fraction of time" l1.dat fig16.svg
    cat <<EOF
reset
set terminal svg size 1200,800 dynamic font "sans,10"
set output "$PLOTS/fig12.svg"
set multiplot layout 3,2 title "Fig. 12: average duty cycle per bit position (all traces)"
set xrange [0:2047]
set yrange [0:1]
set xlabel "bit position (lane x 32 + bit)"
set ylabel "fraction of time"
set style fill solid 0.9 noborder
set key outside right
do for [k=0:5] {
  set title word("$SCHEMES", k+1)
  plot "$T/fig12.dat" using 1:(0):(column(2+3*k)) with filledcurves title "'0'", \\
       "" using 1:(column(2+3*k)):(column(2+3*k)+column(3+3*k)) with filledcurves title "'1'", \\
       "" using 1:(column(2+3*k)+column(3+3*k)):(1) with filledcurves title "off"
}
unset multiplot
EOF
    for b in "$@"; do
        cat <<EOF
reset
set terminal svg size 1000,420 dynamic font "sans,11"
set output "$PLOTS/regs-$b.svg"
set title "Figs. 14-18: longest duty cycle per register, $b (solid '0', dashed '1')"
set xlabel "register"
set ylabel "fraction of time"
set xrange [0:255]
set yrange [0:1.05]
set key outside right top
plot for [k=0:5] "$DATA/$b/regs.tsv" using 1:(column(2+2*k)) with lines lw 1.5 lc k+1 title word("$SCHEMES", k+1), \\
     for [k=0:5] "" using 1:(column(3+2*k)) with lines dt 2 lc k+1 notitle
EOF
    done
    # Figs. 14-15 and 17-18 as the paper draws them: one kernel (BlackS, DCT), one panel per
    # scheme, the longest '0' (v = 0) or '1' (v = 1) duty cycle of every register as bars.
    for fig in "14 BlackScholes 0" "15 DCT 0" "17 BlackScholes 1" "18 DCT 1"; do
        read -r num bench v <<<"$fig"
        [ -f "$DATA/$bench/regs.tsv" ] || continue
        cat <<EOF
reset
set terminal svg size 1200,760 dynamic font "sans,10"
set output "$PLOTS/fig$num.svg"
set multiplot layout 3,2 title "Fig. $num: longest '$v' duty cycle per register, $bench"
set xrange [-1:256]
set yrange [0:1.05]
set xtics 0,32,255
set xlabel "register"
set ylabel "fraction of time"
set style fill solid 1.0 noborder
set boxwidth 0.8
unset key
do for [k=0:5] {
  set title word("$SCHEMES", k+1)
  plot "$DATA/$bench/regs.tsv" using 1:(column(2+2*k+$v)) with boxes lc k+1
}
unset multiplot
EOF
    done
} >"$T/all.gp"
gnuplot "$T/all.gp"
# Fig. 19 as one figure: T0 above T1
{
    echo "set terminal svg size $width,860 dynamic font \"sans,11\""
    echo "set output \"$PLOTS/fig19.svg\""
    echo "set multiplot layout 2,1"
    bars "Fig. 19: normalised highest dVth, T0 ('0' duty cycles)" "dVth / max" d0.dat x | sed '1,2d'
    bars "Fig. 19: normalised highest dVth, T1 ('1' duty cycles)" "dVth / max" d1.dat x | sed '1,2d'
    echo "unset multiplot"
} >"$T/fig19.gp"
gnuplot "$T/fig19.gp"
