#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# pv_rf's mutant cnot0:shl.A[4]^5@pv_rf.v:388a8680 (118 of the draw at 93e5375; PV/NBTI paper
# Section 3.2, Eq. (3) row; docs/mutate.md, "pv_rf's mutant 118"): proves that it meets pv_rf's
# formal requirement, so that it answers every read the program rule D18 allows exactly as the
# block does. The mutant (`{2'b0, warp}` bit 4 XOR the
# inverse of bit 5 on its way into `row_full`) is applied by sed to a copy of rtl/, pv_rf's
# wrapper's row formula likewise to a copy of formal/; `pv_rf.prove spec` then runs at ROWS = 64
# (the paper's rows, where bit 4 of the warp reaches the row; at ROWS = 4 it is cut off) with
# VEC_BITS = 4, 2 blocks and the store under its contract (the `store` group's). Four runs:
#   gold      the block, its wrapper at ROWS = 64                      must PASS
#   mutant    the mutant, the wrapper with the mutant's row formula    must PASS (the verdict)
#   unseen    the mutant, the block's wrapper                          must FAIL (the row moved)
#   alias     bit 4 of the warp held at 0 in both (warps w, w ^ 16 share rows) must FAIL
# mutate/score.py runs it for a survivor of that signature (mutate/spec/pv_rf.txt, docs/mutate.md).
# usage: mutate/spec/pv_rf_row_full.sh [OUT_DIR]  (default build/mutate/spec-row-full); exit 0
#        when all four agree
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build/mutate/spec-row-full}
rtl_row='{2'"'"'b0, warp} << kshift'
wrap_row='{2'"'"'b0, ww} << peek_kshift'
mut_rtl='{2'"'"'b0, warp[5], warp[4] ^ ~warp[5], warp[3:0]} << kshift'
mut_wrap='{2'"'"'b0, ww[5], ww[4] ^ ~ww[5], ww[3:0]} << peek_kshift'
alias_rtl='{2'"'"'b0, warp[5], 1'"'"'b0, warp[3:0]} << kshift'
alias_wrap='{2'"'"'b0, ww[5], 1'"'"'b0, ww[3:0]} << peek_kshift'

# tree NAME RTL_ROW WRAP_ROW: OUT/NAME with rtl/ and formal/ copies, the rows replaced
tree() {
    local d=$out/$1
    rm -rf "$d" && mkdir -p "$d/rtl" "$d/formal/engine"
    cp rtl/*.v rtl/*.vh "$d/rtl/" && cp formal/*.v formal/*.vh formal/*.sh "$d/formal/"
    cp formal/engine/*.sh "$d/formal/engine/" && ln -s "$PWD/tools" "$d/tools"
    ln -s "$PWD/params.def" "$d/params.def" && ln -s "$PWD/blocks.tsv" "$d/blocks.tsv"
    sed -i "s/$(sed 's/[][\\.*^$/]/\\&/g' <<< "$rtl_row")/$(sed 's/[\\&/]/\\&/g' <<< "$2")/" "$d/rtl/pv_rf.v"
    sed -i "s/$(sed 's/[][\\.*^$/]/\\&/g' <<< "$wrap_row")/$(sed 's/[\\&/]/\\&/g' <<< "$3")/" "$d/formal/pv_rf_props.v"
    sed -i '/^\/\/@ prove spec$/,/^\/\/@ cover /s/^\(\/\/@   params  VEC_BITS=4, \)ROWS=4$/\1ROWS=64/' "$d/formal/pv_rf_props.v"
    grep -qF -- "$2" "$d/rtl/pv_rf.v" && grep -qF -- "$3" "$d/formal/pv_rf_props.v" \
        && python3 -m tools.run.formal_groups lines "$d/formal/pv_rf_props.v" prove \
            | grep -q '^spec|pv_rf_props|VEC_BITS=4,ROWS=64|' \
        || { echo "row_full: $1: a substitution did not apply (RTL or wrapper changed?)"; return 1; }
}

# run NAME WANT: the spec group in OUT/NAME, its verdict against WANT (PASS or FAIL)
run() {
    local d=$out/$1 got
    "$d/formal/run.sh" -r "$d/rtl" -o "$d/out" -g spec pv_rf.prove > "$d/run.txt" 2>&1
    got=$(awk -F'\t' '{ print $8 }' "$d/out/results/pv_rf.prove.tsv" 2>/dev/null)
    echo "row_full $1: $got (want $WANT) - $(awk -F'\t' '{ print $7 " s " $9 }' "$d/out/results/pv_rf.prove.tsv" 2>/dev/null)"
    [ "$got" = "$2" ]
}

bad=0
tree gold "$rtl_row" "$wrap_row" || bad=1
tree mutant "$mut_rtl" "$mut_wrap" || bad=1
tree unseen "$mut_rtl" "$wrap_row" || bad=1
tree alias "$alias_rtl" "$alias_wrap" || bad=1
[ $bad -eq 0 ] || exit 2
for t in gold:PASS mutant:PASS unseen:FAIL alias:FAIL; do
    WANT=${t#*:} run "${t%%:*}" "${t#*:}" || bad=1
done
[ $bad -eq 0 ] && echo "row_full: the mutant meets pv_rf's requirement (equivalent under D18)" \
    || echo "row_full: FAILED (logs in $out/*/run.txt)"
exit $bad
