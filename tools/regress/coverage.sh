#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make coverage (issue 20; docs/coverage.md): runs the benches built with Verilator --coverage
# ($(COV_OUT)/build/tb, mk/coverage.mk) over SEEDS seeds each through the regression
# (tools/regress/regress.sh, LAUNCHER), merges the counts per block and over all blocks with
# verilator_coverage, writes the HTML report with genhtml (lcov) and the per-block table of line,
# toggle and branch coverage, with every point never hit listed, in DIR/summary.md.
# usage: tools/regress/coverage.sh [-s SEEDS] [-n N] [-o DIR] [-R] BLOCK...
#   SEEDS (1-5), N: as make regress; DIR: build/coverage; -R: the report only, from DIR/dat
set -u
here=$(dirname "$0")
seeds=1-5 n= out=build/coverage report_only=
while getopts s:n:o:R o; do
  case $o in s) seeds=$OPTARG ;; n) n=$OPTARG ;; o) out=$OPTARG ;; R) report_only=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: tools/regress/coverage.sh [-s SEEDS] [-n N] [-o DIR] [-R] BLOCK..." >&2; exit 2; }
status=0
if [ -z "$report_only" ]; then
  rm -rf "$out/dat"
  start=$SECONDS
  "$here/regress.sh" -l "${LAUNCHER:-local}" -s "$seeds" -n "$n" -o "$out/regress" \
    -b "$out/build/tb" -c "$out/dat" "$@"
  status=$?
  [ "$status" -le 1 ] || exit 2
  echo "coverage: $((SECONDS - start)) s of runs" >"$out/runs.txt"
fi

# Per block: BLOCK.dat (its seeds merged), BLOCK.info (lcov); all.info over every block.
for b in "$@"; do
  ls "$out/dat/$b".s*.dat >/dev/null 2>&1 || { echo "coverage: no counts for $b in $out/dat" >&2; exit 2; }
  verilator_coverage --write "$out/$b.dat" "$out/dat/$b".s*.dat >/dev/null
  verilator_coverage --write-info "$out/$b.info" "$out/$b.dat" >/dev/null
done
dats=()
for b in "$@"; do dats+=("$out/$b.dat"); done
verilator_coverage --write-info "$out/all.info" "${dats[@]}" >/dev/null
rm -rf "$out/html"
genhtml -q --branch-coverage --legend -t "deltarf RTL coverage ($seeds seeds)" -o "$out/html" \
  "$out/all.info" >"$out/genhtml.log" 2>&1 || { echo "coverage: genhtml failed (see $out/genhtml.log)" >&2; exit 2; }

# "covered total" of lcov's branches (BRDA: a count or -) in an info file.
lcov_branches() { awk -F, '/^BRDA:/ {t++; if ($4 != "-" && $4 > 0) c++} END {print c + 0, t + 0}' "$1"; }

# The points of a Verilator .dat as "kind<TAB>count<TAB>file:line<TAB>what<TAB>hierarchy";
# kind: line, branch (an if/else or case arm) or toggle, from Verilator's page v_line/...
points() {
  awk '/^C / {
    rec = $0; cnt = rec; sub(/.* /, "", cnt); sub(/^C \047/, "", rec); sub(/\047 [0-9]+$/, "", rec)
    n = split(rec, kv, "\001"); delete v
    for (i = 1; i <= n; i++) if ((j = index(kv[i], "\002"))) v[substr(kv[i], 1, j - 1)] = substr(kv[i], j + 1)
    kind = v["page"]; sub(/^v_/, "", kind); sub(/\/.*/, "", kind)
    printf "%s\t%s\t%s:%s\t%s\t%s\n", kind, cnt, v["f"], v["l"], v["o"], v["h"]
  }' "$1"
}

# "C/T (P%)" of "C T" (words: covered, total)
pct() { read -r c t <<<"$1"; awk -v c="$c" -v t="$t" 'BEGIN {if (t) printf "%d/%d (%.1f%%)", c, t, 100 * c / t; else printf "no points"}'; }
{
  echo "# RTL code coverage (make coverage)"
  echo
  echo "Verilator 5.006 --coverage of each block's lockstep bench over seeds $seeds${n:+ (N=$n)}, merged"
  echo "with verilator_coverage: Verilator's line points (statement blocks), branch points (each"
  echo "if/else and case arm), toggle points (a bit of a signal up to 256 bits wide that changed"
  echo "at least once); lcov: the branches genhtml reads from \`verilator_coverage --write-info\`"
  echo "(BRDA records; Verilator 5.006 writes none). HTML: $out/html/index.html. docs/coverage.md."
  echo
  echo "| block | line points | branch points | toggle points | lcov branches |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  for b in "$@"; do
    points "$out/$b.dat" >"$out/$b.points"
    row="| $b |"
    for k in line branch toggle; do
      row+=" $(pct "$(awk -F'\t' -v k=$k '$1 == k {t++; c += ($2 > 0)} END {print c + 0, t + 0}' "$out/$b.points")") |"
    done
    echo "$row $(pct "$(lcov_branches "$out/$b.info")") |"
  done
  echo
  echo "## Points never hit"
  echo
  for b in "$@"; do
    echo "### $b"
    echo
    awk -F'\t' '$2 == 0 {printf "- %s %s %s (%s)\n", $1, $3, $4, $5; m++} END {if (!m) print "none"}' \
      "$out/$b.points"
    echo
  done
} >"$out/summary.md"
sed -n '/^| block/,/^$/p' "$out/summary.md"
echo "coverage: $out/summary.md, $out/html/index.html"
exit "$status"
