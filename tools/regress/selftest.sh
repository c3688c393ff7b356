#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make regress-selftest (a step of make test; docs/regress.md): brings up the
# single-node Slurm cluster (tools/regress/slurm.sh), runs a small regression through it with
# LAUNCHER=slurm on BLOCK and BLOCK@failseed (the same bench built to fail on seed F only, -f),
# checks that exactly that seed failed, that its replay line reproduces the failure and that
# junit.xml and summary.md say so, and brings the cluster down, also on failure or interrupt;
# then short seeds of BLOCK, whose coverage bins are judged over the merged seeds.
# usage: tools/regress/selftest.sh -f F [-s SEEDS] BLOCK   (SEEDS: 1-6; F must be among them)
set -u
here=$(dirname "$0")
fseed= seeds=1-6
while getopts f:s: o; do
  case $o in f) fseed=$OPTARG ;; s) seeds=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] && [ -n "$fseed" ] || { echo "usage: tools/regress/selftest.sh -f F [-s SEEDS] BLOCK" >&2; exit 2; }
block=$1 bad=$1@failseed out=build/regress-selftest
export REGRESS_SLURM_DIR=build/slurm-selftest REGRESS_SLURM_PORT=${REGRESS_SLURM_PORT:-16827}
unset SLURM_CONF
trap 'timeout 60 "$here/slurm.sh" down >/dev/null' EXIT
# The long steps run as a waited-for child, so that an interrupt stops them at once.
child=
trap 'kill "$child" 2>/dev/null; exit 130' INT TERM
waited() { "$@" & child=$!; wait "$child"; }
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else echo "regress-selftest: FAILED: $1"; fail=$((fail + 1)); fi; }

rm -rf "$out/out" "$out/results.tsv" "$out/junit.xml"
mkdir -p "$out"
waited timeout 60 "$here/slurm.sh" up || { echo "regress-selftest: 0 passed, 1 failed (no cluster)"; exit 1; }
waited timeout 120 python3 -m tools.regress.regress -l slurm -s "$seeds" -o "$out" "$block" "$bad" >"$out/run.log" 2>&1
status=$?
cat "$out/run.log"
nseeds=$(awk -F'\t' '$2 == b' b="$block" "$out/meta.tsv" | wc -l)
check "the regression fails" "[ $status -eq 1 ]"
check "closing line: $((2 * nseeds - 1)) passed, 1 failed" \
  "grep -qx 'regress: $((2 * nseeds - 1)) passed, 1 failed' $out/run.log"
check "the jobs ran on the Slurm node" "[ \$(awk -F'\t' '\$9 == \"\"' $out/results.tsv | wc -l) -eq 0 ] && grep -q 'Slurm job array' $out/run.log"
check "exactly $bad seed $fseed failed" \
  "[ \"\$(awk -F'\t' '\$4 == \"failed\" {print \$2, \$3}' $out/results.tsv)\" = '$bad $fseed' ]"
replay=$(sed -n 's/^regress: replay: //p' "$out/run.log")
check "its replay line is printed" "[[ '$replay' == 'build/tb/bench_$bad --seed $fseed '* ]]"
div=$(grep -m1 'FIRST DIVERGENCE' "$out/out/$bad.s$fseed.log")
check "the job's log has the divergence" "[ -n '$div' ]"
if [ -n "$replay" ]; then
  $replay >"$out/replay.log" 2>&1
  check "the replay fails the same way" \
    "[ \$? -ne 0 ] && [ \"\$(grep -m1 'FIRST DIVERGENCE' $out/replay.log)\" = '$div' ]"
fi
check "junit.xml is valid XML (xmllint)" "xmllint --noout $out/junit.xml"
check "junit.xml: 2 testsuites, 1 failure" \
  "[ \$(grep -c '<testsuite ' $out/junit.xml) -eq 2 ] && grep -q '<testsuites name=\"regress\" tests=\"$((2 * nseeds))\" failures=\"1\"' $out/junit.xml"
check "junit.xml: the failing testcase carries the replay and the report" \
  "grep -A1 'name=\"$bad seed $fseed\"' $out/junit.xml | grep -q 'message=\"replay: build/tb/bench_$bad --seed $fseed ' && sed -n '/<system-out>/,/<\/system-out>/p' $out/junit.xml | grep -q 'FIRST DIVERGENCE'"
check "summary.md: both blocks with their counts" \
  "grep -q '^| $block | $nseeds | $nseeds | 0 |' $out/summary.md && grep -q '^| $bad | $nseeds | $((nseeds - 1)) | 1 |' $out/summary.md"
# Short seeds (docs/registry.md): a bin a seed misses fails no job; the regression judges the bins over
# its merged seeds and fails naming a bin no seed hit (rar_phys: the first 2000 cycles are its
# fixed prologue, the same in every seed; 20000 transactions reach every bin).
short=$out-short
python3 -m tools.regress.regress -l local -s 1-2 -n 2000 -o "$short" "$block" >"$short.log" 2>&1
status=$?
check "short seeds: no job fails on its own unhit bins" \
  "[ \$(awk -F'\t' '\$4 == \"failed\"' $short/results.tsv | wc -l) -eq 0 ]"
check "short seeds: the regression fails on a bin no seed hit, named" \
  "[ $status -eq 1 ] && grep -q 'coverage bin never hit by any seed: legal N = 256' $short.log && grep -qx 'regress: 2 passed, 1 failed' $short.log"
python3 -m tools.regress.regress -l local -s 1-2 -n 20000 -o "$short" "$block" >"$short.log" 2>&1
check "longer seeds that hit every bin together pass" \
  "[ $? -eq 0 ] && grep -qE 'coverage ([0-9]+)/\1 bins hit over 2 seed' $short.log"
echo "regress-selftest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
