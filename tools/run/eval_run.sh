#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the evaluation flows once per trace (docs/eval.md): the --json results that both
# make eval's report (tools/report/eval_report.py) and the reproduction ledger (tools/report/reproduction.py)
# are derived from, OUT/json/<flow>/<trace>.json, each run's wall time in
# OUT/json/wall/<flow>/<trace>.json ({"wall_us": N}), deltarf sim's plot data in OUT/data/<trace>/.
# usage: tools/run/eval_run.sh DELTARF OUT FLOWS TRACE...
#   FLOWS, comma-separated: sim; patch (common, clustered, dispersed, packed placement: the
#   ledger's); patch-recorded (the same under --map recorded); pilot; pv (t0 = NBTI: the
#   ledger's); pv-t0pv (Eq. (1) with t0 = the PV shift); compare (deltarf compare).
#   The flows' former results are removed first. Environment: EVAL_MAP (sim's placement,
#   packed), PATCH_MAPS (fault maps, 4), PV_CHIPS (100), PV_YEARS (7). Each run of a flow on a
#   trace is a job of the one runner (tools/run/runner.py run: EVAL_JOBS at a time, 1; LAUNCHER=slurm
#   a Slurm job array), which runs tools/run/eval_run.sh --job OUT FLOW NAME CMD...; a failed run
#   fails the whole (exit 1, the others run).
set -euo pipefail

# --job OUT FLOW NAME CMD...: CMD's stdout into OUT/json/FLOW/NAME.json, its wall time beside
if [ "${1:-}" = --job ]; then
    J=$2/json flow=$3 name=$4
    shift 4
    mkdir -p "$J/$flow" "$J/wall/$flow"
    t0=${EPOCHREALTIME/./}
    "$@" >"$J/$flow/$name.json" || { echo "eval_run: $flow on $name failed: $*" >&2; exit 1; }
    printf '{"wall_us": %d}\n' $((${EPOCHREALTIME/./} - t0)) >"$J/wall/$flow/$name.json"
    exit 0
fi
[ $# -ge 4 ] || { echo "usage: tools/run/eval_run.sh DELTARF OUT FLOWS TRACE..." >&2; exit 2; }
BIN=$1 OUT=$2 FLOWS=$3
shift 3
MAP=${EVAL_MAP:-packed} MAPS=${PATCH_MAPS:-4} CHIPS=${PV_CHIPS:-100} YEARS=${PV_YEARS:-7}
J=$OUT/json

# the result folders of a flow
dirs() {
    case $1 in
    sim|pilot|pv|pv-t0pv|compare) echo "$1" ;;
    patch) echo patch-common patch-clustered patch-dispersed ;;
    patch-recorded) echo patch-common-recorded patch-clustered-recorded patch-dispersed-recorded ;;
    *) echo "eval_run: unknown flow $1" >&2; exit 2 ;;
    esac
}
for f in ${FLOWS//,/ }; do
    dirs "$f" >/dev/null || exit 2
    for d in $(dirs "$f"); do rm -rf "${J:?}/$d" "$J/wall/$d"; done
done

# run FLOW NAME CMD...: the job that runs CMD for FLOW on trace NAME (--job above)
run() {
    local flow=$1 name=$2
    shift 2
    printf '%s\t%s\n' "$flow.$name" "$(printf '%q ' tools/run/eval_run.sh --job "$OUT" "$flow" "$name" "$@")"
}

mkdir -p "$OUT/launch"
{
for t in "$@"; do
    name=$(basename "$t"); name=${name%.xz}; name=${name%.trace}
    for f in ${FLOWS//,/ }; do
        case $f in
        sim) mkdir -p "$OUT/data"
            run sim "$name" "$BIN" sim "$t" --map "$MAP" --json --plots "$OUT/data/$name" ;;
        patch|patch-recorded)
            for sc in common clustered dispersed; do
                if [ "$f" = patch ]; then
                    run "patch-$sc" "$name" "$BIN" patch "$t" --scenario "$sc" --maps "$MAPS" --seed 1 --json
                else
                    run "patch-$sc-recorded" "$name" "$BIN" patch "$t" --scenario "$sc" --map recorded \
                        --maps "$MAPS" --seed 1 --json
                fi
            done ;;
        pilot) run pilot "$name" "$BIN" pilot "$t" --json ;;
        pv) run pv "$name" "$BIN" pv "$t" --chips "$CHIPS" --years "$YEARS" --json ;;
        pv-t0pv) run pv-t0pv "$name" "$BIN" pv "$t" --chips "$CHIPS" --years "$YEARS" --t0 pv --json ;;
        compare) run compare "$name" "$BIN" compare "$t" --chips "$CHIPS" --years "$YEARS" --json - ;;
        esac
    done
done
} >"$OUT/launch/jobs"
python3 -m tools.run.runner run -l "${LAUNCHER:-local}" -j "${EVAL_JOBS:-1}" -p eval_run "$OUT/launch"
