#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The aging paper's Section 6 figures drawn from `deltarf sim --plots` data with gnuplot (svg):
# Fig. 7 (write patterns), 12 (per-bit '0' / '1' / off, averaged over traces), 13 and 16
# (longest '0' / '1' duty cycle), 19 (normalised dVth), per-register longest duty cycles (14-18):
# every trace's on one chart, and Figs. 14-15 / 17-18 as drawn for BlackScholes and DCT. The
# per-figure data is written by tools/eval_report.py (DATA/plot/*.dat); per register,
# DATA/<bench>/regs.tsv. usage: tools/eval_plots.sh DATA PLOTS BENCH...
set -euo pipefail
DATA=$1 PLOTS=$2
shift 2
if ! command -v gnuplot >/dev/null; then
    echo "eval_plots: gnuplot not found, no plots" >&2
    exit 0
fi
SCHEMES="baseline rar rc rc+rar wc argo"
T=$DATA/plot
mkdir -p "$PLOTS"
for f in fig7 fig12 l0 l1 d0 d1; do
    [ -f "$T/$f.dat" ] || { echo "eval_plots: $T/$f.dat missing (tools/eval_report.py writes it)" >&2; exit 1; }
done

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
