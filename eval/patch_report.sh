#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# DC-Patch on the real traces (dc-patch paper Section V-A, Figs. 2, 3, 5 and 6): runs
# `deltarf patch` on every trace, scenario and placement (--map) and writes the report section
# "## DC-Patch" with the paper's numbers beside ours. Usage: patch_report.sh DELTARF OUT MAPS TRACE...
set -euo pipefail
deltarf=$1 out=$2 maps=$3
shift 3
[ $# -gt 0 ] || { echo "patch_report.sh: no traces" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
start=$(date +%s.%N)
status=0
for t in "$@"; do
  for sc in common clustered dispersed; do
    for pol in recorded packed; do
      "$deltarf" patch "$t" --scenario "$sc" --map "$pol" --maps "$maps" --seed 1 --md-row \
        >>"$rows" || status=1
    done
  done
done
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

cols='| trace | scenario | placement | compressed writes | rel. unc. | rel. comp. | faulty unc. | faulty comp. | allocated | normal | patch faulty | patch reliable | LDS | mispredicted | spill peak KB | reads | lost |'
rule='| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
{
  echo "## DC-Patch"
  echo
  echo "\`deltarf patch\` (docs/eval-patch.md): every trace of data/traces replayed through the"
  echo "cycle-level slice model (PT, PSU, speculative Com unit with its DRB, Dec units, LDS spill"
  echo "partition) on $maps Table 1 fault maps per slice (seed 1), for each scenario and both"
  echo "placements of wavefronts on slices (\`--map\`, eval/place.h, shared with \`deltarf sim\`):"
  echo "\`recorded\` (the trace's own SIMD, 1-4 wavefronts a slice) and \`packed\` (the default: the"
  echo "lowest slice that is empty or holds windows of the same size with one free, up to 16"
  echo "wavefronts a slice, the occupancy of the aging paper's Table 5)."
  echo "Every read is checked against the last value written: the \`lost\` column (lost reads plus"
  echo "dropped writes) must be 0."
  echo
  echo "Percentages. Fig. 2: writes stored compressed. Fig. 3: entries per cycle (trace cycles)"
  echo "holding a register, by the reliability of the entry (fault map) and the register's state,"
  echo "each register counted in its own window entry as in the paper's conventional register file;"
  echo "allocated: entries of live windows. Fig. 5: writes that are normal, patches to a faulty or"
  echo "reliable entry, LDS writes. Fig. 6: mispredicted writes; spill partition peak (256 B a slot)."
  echo
  echo "$cols"
  echo "$rule"
  cat "$rows"
  echo
  awk -F'|' -v paper_fig3="$(printf '22 30 10 14\n20 25 13 17')" '
    function trim(s) { gsub(/^ +| +$/, "", s); return s }
    { sc = trim($3); pol = trim($4); k = sc " " pol; n[k]++
      for (i = 5; i <= 16; i++) sum[k, i] += trim($i)
      sum[k, 19] += trim($12) + trim($13)
      if (trim($16) + 0 > peak[k]) peak[k] = trim($16) + 0
      lost += trim($18) }
    function avg(k, i) { return n[k] ? sum[k, i] / n[k] : 0 }
    function row(name, paper, i, sc,   s, p) {
      s = avg(sc " recorded", i); p = avg(sc " packed", i)
      printf "| %s | %s | %.1f | %.1f |\n", name, paper, s, p
      big[name] = (paper ~ /^[0-9.]+$/) && (far(s, paper) || far(p, paper))
    }
    # large: more than 5 points apart, or more than 1 point and a factor 2
    function far(x, ref,   d) { ref += 0; d = x > ref ? x - ref : ref - x
      return d > 5 || (d > 1 && (x > 2 * ref || ref > 2 * x)) }
    # Fig. 3 as a share of the occupied entries (the paper: 22 30 10 14 of 76 in common)
    function share(name, paper, i, sc,   s, p, ts, tp, j) {
      for (j = 6; j <= 9; j++) { ts += avg(sc " recorded", j); tp += avg(sc " packed", j) }
      s = ts ? 100 * avg(sc " recorded", i) / ts : 0; p = tp ? 100 * avg(sc " packed", i) / tp : 0
      printf "| %s | %.1f | %.1f | %.1f |\n", name, paper, s, p
    }
    END {
      split(paper_fig3, f3, "\n"); split(f3[1], c, " "); split(f3[2], d, " ")
      print "### Against the paper (mean over the traces, percent)"
      print ""
      print "| figure, quantity | paper (suite mean) | ours, recorded | ours, packed |"
      print "| --- | ---: | ---: | ---: |"
      row("Fig. 2 compressed writes (common)", "40", 5, "common")
      row("Fig. 3 reliable entries, uncompressed (common)", c[1], 6, "common")
      row("Fig. 3 reliable entries, compressed (common)", c[2], 7, "common")
      row("Fig. 3 faulty entries, uncompressed (common)", c[3], 8, "common")
      row("Fig. 3 faulty entries, compressed (common)", c[4], 9, "common")
      row("Fig. 3 reliable entries, uncompressed (dispersed)", d[1], 6, "dispersed")
      row("Fig. 3 reliable entries, compressed (dispersed)", d[2], 7, "dispersed")
      row("Fig. 3 faulty entries, uncompressed (dispersed)", d[3], 8, "dispersed")
      row("Fig. 3 faulty entries, compressed (dispersed)", d[4], 9, "dispersed")
      share("Fig. 3 share of occupied entries: reliable, uncompressed (common)", 100 * 22 / 76, 6, "common")
      share("Fig. 3 share of occupied entries: reliable, compressed (common)", 100 * 30 / 76, 7, "common")
      share("Fig. 3 share of occupied entries: faulty, uncompressed (common)", 100 * 10 / 76, 8, "common")
      share("Fig. 3 share of occupied entries: faulty, compressed (common)", 100 * 14 / 76, 9, "common")
      row("register file utilisation (common)", "74", 10, "common")
      row("Fig. 5 normal writes (common)", "70", 11, "common")
      row("Fig. 5 patches, faulty + reliable (common)", "30", 19, "common")
      row("Fig. 5 LDS writes (dispersed)", "0 (1-2 BlackS)", 14, "dispersed")
      row("Fig. 6 mispredicted writes (common)", "2.4", 15, "common")
      printf "| spill partition peak, KB (dispersed, largest trace) | 23 (BlackS), <= 3 others | %.2f | %.2f |\n", peak["dispersed recorded"], peak["dispersed packed"]
      print ""
      print "Large differences (more than 5 points, or a factor 2 above 1 point):"
      print ""
      if (big["Fig. 2 compressed writes (common)"])
        print "- Fig. 2: five kernels are not the paper'"'"'s suite. RadixSort sorts rand() keys and almost nothing compresses; about half of Reduction'"'"'s writes are divergent, which disables compression; DCT, mostly work-item-id arithmetic, compresses most of its writes."
      if (big["register file utilisation (common)"] || big["Fig. 3 reliable entries, compressed (common)"] || big["Fig. 3 reliable entries, uncompressed (common)"])
        print "- Fig. 3 and utilisation: the recorded runs put 1-4 wavefronts on a SIMD, so under the recorded placement a few % of a slice is live. The packed placement reaches the aging paper'"'"'s Table 5 occupancy only where many wavefronts run at once (DCT, SimpleConvolution); RadixSort and Reduction never have more than a few live. Registers are counted once written. The share rows remove the utilisation: there the reliable/faulty split follows the fault map and the compressed share follows Fig. 2."
      if (big["Fig. 5 normal writes (common)"] || big["Fig. 5 patches, faulty + reliable (common)"])
        print "- Fig. 5: RadixSort (about 99 % normal writes: long wavefronts whose registers almost never change compression state) lifts the mean; the other traces are within a few points of the paper'"'"'s 70 %."
      if (big["Fig. 6 mispredicted writes (common)"])
        print "- Fig. 6: MatrixTranspose'"'"'s registers repeat every 16 lanes (16 x 16 work-groups), so block 0 looks compressible and the whole register is not: half of its writes mispredict, which lifts the mean. The other traces mispredict under 1 %."
      printf "\nlost reads + dropped writes over every run: %d\n", lost
    }' "$rows"
  echo
  echo "Run: \`make eval-patch\` (${secs} s wall)."
} >"$out"
echo "eval-patch: $out ($# traces, 3 scenarios, 2 placements, $maps maps; ${secs} s)"
exit $status
