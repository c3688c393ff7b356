#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make coverage (docs/coverage.md): runs the benches built with Verilator --coverage
# ($(COV_OUT)/build/tb, mk/coverage.mk) over SEEDS seeds each through the regression
# (tools/regress/regress.py, LAUNCHER), merges the counts per block and over all blocks with
# verilator_coverage, writes the HTML report with genhtml (lcov), then the per-block table of line,
# toggle and branch coverage and the gate (docs/registry.md): every point never hit must be named by an
# exclusion of EXCL (tools/regress/coverage_gate.py), DIR/summary.md; exit 1 when not.
# usage: tools/regress/coverage.sh [-s SEEDS] [-n N] [-o DIR] [-x EXCL] [-r REGISTRY] [-R] BLOCK...
#   SEEDS (1-5), N: as make regress; DIR: build/coverage; EXCL: docs/coverage-exclusions.tsv;
#   REGISTRY: blocks.tsv (an exclusion's block must be registered); -R: the report and gate
#   only, from DIR/dat/BLOCK.s*.dat
set -u
seeds=1-5 n='' out=build/coverage report_only='' excl=docs/coverage-exclusions.tsv reg=blocks.tsv
while getopts s:n:o:x:r:R o; do
  case $o in s) seeds=$OPTARG ;; n) n=$OPTARG ;; o) out=$OPTARG ;; x) excl=$OPTARG ;;
    r) reg=$OPTARG ;; R) report_only=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: tools/regress/coverage.sh [-s SEEDS] [-n N] [-o DIR] [-x EXCL] [-r REGISTRY] [-R] BLOCK..." >&2; exit 2; }
status=0
if [ -z "$report_only" ]; then
  rm -rf "$out/dat"
  start=$SECONDS
  python3 -m tools.regress.regress -l "${LAUNCHER:-local}" -s "$seeds" -n "$n" -o "$out/regress" \
    -b "$out/build/tb" -c "$out/dat" "$@"
  status=$?
  [ "$status" -le 1 ] || exit 2
  echo "coverage: $((SECONDS - start)) s of runs" >"$out/runs.txt"
fi

# Per block: BLOCK.dat (its seeds merged), BLOCK.info (lcov); all.info over every block.
for b in "$@"; do
  ls "$out/dat/$b".s*.dat >/dev/null 2>&1 || { echo "coverage: no counts for $b in $out/dat" >&2; exit 2; }
  if ! verilator_coverage --write "$out/$b.dat" "$out/dat/$b".s*.dat >/dev/null ||
     ! verilator_coverage --write-info "$out/$b.info" "$out/$b.dat" >/dev/null; then
    echo "coverage: verilator_coverage failed on $out/dat/$b.s*.dat" >&2; exit 2
  fi
done
dats=()
for b in "$@"; do dats+=("$out/$b.dat"); done
verilator_coverage --write-info "$out/all.info" "${dats[@]}" >/dev/null ||
  { echo "coverage: verilator_coverage --write-info failed" >&2; exit 2; }
rm -rf "$out/html"
genhtml -q --branch-coverage --legend -t "deltarf RTL coverage ($seeds seeds)" -o "$out/html" \
  "$out/all.info" >"$out/genhtml.log" 2>&1 || { echo "coverage: genhtml failed (see $out/genhtml.log)" >&2; exit 2; }

# The report and the gate (tools/regress/coverage_gate.py): DIR/summary.md, DIR/points.tsv, the
# result COV_RESULT (DIR/coverage.json; docs/results.md); exit 1
# when a point never hit is not excluded, or an exclusion is stale or names a hit point.
python3 -m tools.regress.coverage_gate -o "$out" -x "$excl" -r "$reg" -s "$seeds" \
  -n "$n" -j "${COV_RESULT:-$out/coverage.json}" "$@"
gate=$?
[ "$gate" -le 1 ] || exit 2
echo "coverage: $out/summary.md, $out/html/index.html"
[ "$status" -ne 0 ] || status=$gate
exit "$status"
