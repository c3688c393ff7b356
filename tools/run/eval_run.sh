#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the evaluation flows once per trace (issue 29; docs/eval.md): the --json results that both
# make eval's report (tools/report/eval_report.py) and the reproduction ledger (tools/report/reproduction.py)
# are derived from, OUT/json/<flow>/<trace>.json, each run's wall time in
# OUT/json/wall/<flow>/<trace>.json ({"wall_us": N}), deltarf sim's plot data in OUT/data/<trace>/.
# usage: tools/run/eval_run.sh DELTARF OUT FLOWS TRACE...
#   FLOWS, comma-separated: sim; patch (common, clustered, dispersed, packed placement: the
#   ledger's); patch-recorded (the same under --map recorded); pilot; pv (t0 = NBTI: the
#   ledger's); pv-t0pv (Eq. (1) with t0 = the PV shift); compare (deltarf compare, issue 32).
#   The flows' former results are removed first. Environment: EVAL_MAP (sim's placement,
#   packed), PATCH_MAPS (fault maps, 4), PV_CHIPS (100), PV_YEARS (7). A flow's failure stops
#   the run (exit 1).
set -euo pipefail
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

# run FLOW NAME CMD...: CMD's stdout into json/FLOW/NAME.json, its wall time beside
run() {
    local flow=$1 name=$2
    shift 2
    mkdir -p "$J/$flow" "$J/wall/$flow"
    local t0=${EPOCHREALTIME/./}
    "$@" >"$J/$flow/$name.json" || { echo "eval_run: $flow on $name failed: $*" >&2; exit 1; }
    printf '{"wall_us": %d}\n' $((${EPOCHREALTIME/./} - t0)) >"$J/wall/$flow/$name.json"
}

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
