#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Self-test of the formal flow (formal/run.sh, docs/formal.md): copies rtl/ to
# build/formal/broken/, breaks one module with sed and requires its proof to FAIL with a
# counterexample VCD. Mutations: Fig. 11's comparator (aging paper Section 5.2), Fig. 9's FSM,
# the PSU encoder tree (dc-patch Section IV-D; caught by the optimised-vs-straightforward miter)
# the special MOV of the RC slice (Section 5.1) and of the DC-Patch slice, and the PV ranking's
# tie-break (pv-nbti-banked-rf Section 4.2.2).
set -u
cd "$(dirname "$0")/.."
source tools/run/rtl_copy.sh
B=build/formal/broken
fails=0 n=0

# quick_skip NAME: a mutation left to the full profile (make formal): true, and says so, in the
# quick one
quick_skip() {
    [ "${FORMAL_PROFILE:-full}" = quick ] || return 1
    echo "formal selftest $1: skipped in the quick profile (make formal runs it)"
}

# mutate NAME FILE SED_EXPR GREP_MUTATED TASK GROUP: one mutation, one proof that must fail
mutate() {
    local name=$1 file=$2 expr=$3 mutated=$4 task=$5 group=$6
    n=$((n + 1))
    rm -rf "$B/$name"
    if ! rtl_copy "$B/$name/rtl" "$file" "$expr" || ! grep -qF -- "$mutated" "$B/$name/rtl/$file"; then
        echo "formal selftest $name: the mutation did not apply to rtl/$file (RTL changed?)"
        fails=$((fails + 1)); return
    fi
    # the groups at their full-profile depths: a bug may need all of them (dcp_slice: frame 13)
    FORMAL_PROFILE=full formal/run.sh -r "$B/$name/rtl" -o "$B/$name/out" -g "$group" "$task" > "$B/$name/run.txt" 2>&1
    local rc=$? res="$B/$name/out/results/$task.tsv"
    local verdict vcd
    verdict=$(awk -F'\t' '{ print $8 }' "$res" 2>/dev/null)
    vcd=$(grep -o '[^ ]*\.vcd' "$res" 2>/dev/null | head -1)
    if [ $rc -ne 0 ] && [ "$verdict" = FAIL ] && [ -n "$vcd" ] && [ -s "$vcd" ]; then
        echo "formal selftest $name: ok, the broken $file fails its proof ($(grep -o 'counterexample[^(]*' "$res" | head -1))"
    else
        echo "formal selftest $name: FAILED, the broken $file gave '$verdict' (wanted FAIL with a VCD): $B/$name/run.txt"
        fails=$((fails + 1))
    fi
}

# Fig. 11: the overflow comparator index >= limit becomes index > limit
mutate rar_phys rar_phys.v 's/wire          sel = {1'"'"'b0, index} >= limit;/wire          sel = {1'"'"'b0, index} > limit;/' \
    "sel = {1'b0, index} > limit;" rar_phys.prove datapath
# Fig. 9: deltas C32-C47 moves on to deltas C48-C63 even when the subwavefront is not compressible
mutate rc_compress_ctrl rc_compress_ctrl.v 's/DELTAS_C32: next = compr ? DELTAS_C48 : IDLE;/DELTAS_C32: next = DELTAS_C48;/' \
    "DELTAS_C32: next = DELTAS_C48;" rc_compress.prove fsm

# DC-Patch Section IV-D: the optimised encoder's first tree level prefers the upper input
mutate psu_prio_enc psu_lowest.vh 's/p\[64\*l +: 64\] = ~v;/p[64*l +: 64] = l == 0 ? v >> 1 : ~v;/' \
    "p[64*l +: 64] = l == 0 ? v >> 1 : ~v;" psu_prio_enc.prove equiv-128
# Aging paper Section 5.1 / docs/rc-decisions.md: the special MOV decompresses the subwavefront
# that read port B names instead of the one being written
# (its broken proof, a counterexample from reset at frame 7 on its own model, about 45 s of CPU:
# the full profile only, make formal)
quick_skip rc_slice || \
mutate rc_slice rc_slice.v 's/\.sw(mov_active ? sw : rd_sw_b)/.sw(rd_sw_b)/' \
    ".sw(rd_sw_b)" rc_slice.prove read-lane0
# dc-patch decision 13: the special MOV's lanes the write leaves inactive are written inverted
# (its BMC to frame 12 is the self-test's longest run: the full profile only, make formal)
quick_skip dcp_slice || \
mutate dcp_slice dcp_slice.v 's/old_row = mov_row;/old_row = ~mov_row;/' \
    "old_row = ~mov_row;" dcp_slice.prove read-lane0
# PV Section 4.2.2 / docs/pv-decisions.md D7: tied sub-banks ranked higher ID first
mutate pv_bank_org pv_bank_org.v 's/(d\[j\*DB +: DB\] == cur \&\& J < ia)/(d[j*DB +: DB] == cur \&\& J > ia)/' \
    "== cur && J > ia)" pv_bank_org.prove spec

[ "$fails" -eq 0 ] && echo "formal selftest: $n mutations caught" || echo "formal selftest: $fails problem(s)"
[ "$fails" -eq 0 ]
