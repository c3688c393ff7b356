#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The PV/NBTI banked-RF evaluation (pv-nbti-banked-rf paper Sections 3.1, 4.1, 6.2) on every trace:
# OUT/report-pv.md, and with gnuplot Fig. 12 (normalized guardband per benchmark under PV-opt and
# PV-opt+NBTI-opt) and Fig. 8 (chip 1's virtual-bank latency, fresh and aged, with the boundary,
# and utilisation, under PV-opt) as svg in OUT/plots. usage: tools/pv_eval.sh DELTARF OUT TRACE...
set -euo pipefail
BIN=$1 OUT=$2
shift 2
CHIPS=${PV_CHIPS:-100} YEARS=${PV_YEARS:-7}
mkdir -p "$OUT/pv" "$OUT/plots"
{
  echo "## PV/NBTI banked register file (pv-nbti-banked-rf paper; docs/pv-decisions.md D19-D22)"
  echo
  for t in "$@"; do
    name=$(basename "$t" .trace.xz)
    "$BIN" pv "$t" --chips "$CHIPS" --years "$YEARS" | sed "s|^## [^:]*: |## $name: |"
    "$BIN" pv "$t" --chips "$CHIPS" --years "$YEARS" --json >"$OUT/pv/$name.json"
    "$BIN" pv "$t" --chips "$CHIPS" --years "$YEARS" --t0 pv --json >"$OUT/pv/$name-t0pv.json"
  done
  echo "Eq. (1) with Delta Vth_t0 = the PV shift (--t0 pv, the literal reading; docs/pv-decisions.md D2):"
  echo "PV-opt and PV-opt+NBTI-opt normalized guardband per trace (ours): columns 4 and 5 of fig12.dat."
} >"$OUT/report-pv.md"

# The PV-opt and PV-opt+NBTI-opt normalized guardbands of a deltarf pv --json file.
fig12_pair() {
  grep -o '"scheme":"[^"]*","slow_share":[^,]*,"freq0":[^,]*,"freq_aged":[^,]*,"guardband":[^,]*,"norm_guardband":[^,]*' \
    "$1" | awk -F'[:,]' '
      { gsub(/"/, "", $2); v[$2] = $NF }
      END { printf "%s\t%s", v["PV-opt (+hybrid)"], v["PV-opt+NBTI-opt"] }'
}
# fig12.dat: bench, PV-opt and PV-opt+NBTI-opt normalized guardband (t0 = 0), the same with t0 = PV
for t in "$@"; do
  name=$(basename "$t" .trace.xz)
  printf '%s\t%s\t%s\n' "$name" "$(fig12_pair "$OUT/pv/$name.json")" \
    "$(fig12_pair "$OUT/pv/$name-t0pv.json")"
done >"$OUT/pv/fig12.dat"
sed 's/^/    /' "$OUT/pv/fig12.dat" >>"$OUT/report-pv.md"

# fig8-<bench>.dat: virtual bank, utilisation, fresh and aged delay (chip 1, PV-opt), boundary
for t in "$@"; do
  name=$(basename "$t" .trace.xz)
  awk -v RS='{"scheme":' 'NR > 1 && /^"PV-opt \(\+hybrid\)"/' "$OUT/pv/$name.json" |
    grep -o '"boundary0":[0-9.]*\|{"util":[0-9.]*,"delay0":[0-9.]*,"delay":[0-9.]*}' |
    awk -F'[:,}]' '/boundary0/ { b = $2; next } { printf "%d\t%s\t%s\t%s\t%s\n", n++, $2, $4, $6, b }' \
    >"$OUT/pv/fig8-$name.dat"
done

command -v gnuplot >/dev/null || { echo "pv_eval: gnuplot not found, no plots" >&2; exit 0; }
gnuplot <<GP
set terminal svg size 900,420
set output "$OUT/plots/pv-fig12-guardband.svg"
set title "Fig. 12 (ours): normalized guardband ($CHIPS chips, $YEARS years); paper: 0.73, 0.56"
set style data histograms; set style histogram clustered gap 1; set style fill solid 0.8
set ylabel "guardband / baseline guardband"; set xtics rotate by -30; set logscale y
plot "$OUT/pv/fig12.dat" using 2:xtic(1) title "PV-opt", '' using 3 title "PV-opt+NBTI-opt", \
     '' using 4 title "PV-opt, Eq. (1) t0 = PV", '' using 5 title "PV-opt+NBTI-opt, t0 = PV", \
     0.73 with lines dt 2 title "paper PV-opt", 0.56 with lines dt 3 title "paper PV-opt+NBTI-opt"
GP
for f in "$OUT"/pv/fig8-*.dat; do
  name=$(basename "$f" .dat); name=${name#fig8-}
  gnuplot <<GP
set terminal svg size 900,420
set output "$OUT/plots/pv-fig8-$name.svg"
set title "Fig. 8: $name, chip 1, PV-opt: virtual-bank latency and utilisation"
set xlabel "virtual bank"; set ylabel "latency (relative to nominal)"; set y2label "utilisation"
set ytics nomirror; set y2tics; set xrange [-0.5:15.5]
plot "$f" using 1:2 axes x1y2 with boxes fill solid 0.3 title "utilisation", \
     '' using 1:3 with linespoints title "latency, fresh", '' using 1:4 with linespoints title "latency, $YEARS years", \
     '' using 1:5 with lines dt 2 title "boundary"
GP
done
echo "pv_eval: $OUT/report-pv.md, plots in $OUT/plots"
