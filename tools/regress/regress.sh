#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make regress (issue 20; docs/regress.md): one job per (block, seed), each the block's lockstep
# bench build/tb/bench_BLOCK --seed S [--n N], run through the launcher (tools/regress/launch.sh:
# this machine's cores or a Slurm job array), then build/regress/junit.xml and summary.md
# (tools/regress/report.sh). The functional coverage bins are judged over the merged seeds
# (tools/regress/merge_bins.py): a seed may miss a bin, no bin may be missed by every seed.
# Ends with "regress: N passed, N failed" and every failure's replay line; exit 1 when any job
# failed or a bin was never hit.
# usage: tools/regress/regress.sh [-l local|slurm] [-s SEEDS] [-n N] [-j JOBS] [-o DIR]
#                                 [-b BENCHDIR] [-c COVDIR] BLOCK...
#   SEEDS: ranges and numbers, "1-1000" or "1-20,33" (default 1-10); N: transactions per job
#   (default: each bench's own); -j: see launch.sh; DIR: build/regress; BENCHDIR: build/tb;
#   COVDIR: benches built with --coverage write their counts to COVDIR/BLOCK.sSEED.dat
#   env REGRESS_TIMEOUT: seconds per job (default 3600; a job over it fails)
set -u
here=$(dirname "$0")
launcher=local seeds=1-10 n= jobs= out=build/regress tb=build/tb cov=
while getopts l:s:n:j:o:b:c: o; do
  case $o in l) launcher=$OPTARG ;; s) seeds=$OPTARG ;; n) n=$OPTARG ;; j) jobs=$OPTARG ;;
    o) out=$OPTARG ;; b) tb=$OPTARG ;; c) cov=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: tools/regress/regress.sh [-l local|slurm] [-s SEEDS] [-n N] [-j JOBS] [-o DIR] BLOCK..." >&2; exit 2; }

# The seed list of "A-B,C,...", one a line; exit 2 on anything else.
expand_seeds() {
  local part
  for part in ${1//,/ }; do
    if [[ $part =~ ^([0-9]+)-([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ]; then
      seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
    elif [[ $part =~ ^[0-9]+$ ]]; then echo "$part"
    else echo "regress: bad SEEDS '$1' (expected e.g. 1-1000 or 1-20,33)" >&2; return 2; fi
  done
}
seed_list=$(expand_seeds "$seeds") || exit 2
[ -z "$n" ] || [[ $n =~ ^[0-9]+$ ]] || { echo "regress: bad N '$n'" >&2; exit 2; }
for b in "$@"; do
  [ -x "$tb/bench_$b" ] || { echo "regress: no bench $tb/bench_$b (make $tb/bench_$b)" >&2; exit 2; }
done

rm -rf "$out/bins"
mkdir -p "$out/bins" ${cov:+"$cov"}
# jobs: ID<TAB>COMMAND; meta.tsv: ID, block, seed
: >"$out/jobs.tmp"; : >"$out/meta.tsv"
for b in "$@"; do
  for s in $seed_list; do
    id=$b.s$s
    printf '%s\t%stimeout %s %s/bench_%s --seed %s%s --bins-out %s/bins/%s.txt\n' "$id" \
      "${cov:+DRF_COVERAGE_DAT=$cov/$id.dat }" "${REGRESS_TIMEOUT:-3600}" "$tb" "$b" "$s" \
      "${n:+ --n $n}" "$out" "$id" >>"$out/jobs.tmp"
    printf '%s\t%s\t%s\n' "$id" "$b" "$s" >>"$out/meta.tsv"
  done
done
mv "$out/jobs.tmp" "$out/jobs"
echo "regress: $(wc -l <"$out/jobs") jobs ($# block(s) x $(wc -w <<<"$seed_list") seed(s)${n:+, N=$n}), LAUNCHER=$launcher"
start=$SECONDS
"$here/launch.sh" -l "$launcher" ${jobs:+-j "$jobs"} -p regress "$out"
rc=$?
[ "$rc" -eq 2 ] && exit 2
echo "$launcher $((SECONDS - start))" >"$out/wall"
"$here/report.sh" "$out"
