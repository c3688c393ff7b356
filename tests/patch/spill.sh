#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# DC-Patch's spills are capacity (dc-patch paper Sections IV-B, V-A1-2; docs/eval-patch.md decision
# 9): generated traces of BlackScholes' shape (tools/gentrace.c: 62-register wavefronts, 4 to a
# slice, 4 slices of one compute unit, every register written). With no compressible result the
# 248 uncompressed registers of a slice need one reliable entry each, and every Table 1 map has
# 66 + 90 = 156 of them under dispersed, 87 + 84 = 171 under common (docs/dcpatch-faultmap.md):
# 92 and 77 registers spill at the peak, 92 x 256 B = 23 KB a slice, 4 x 92 = 368 slots a CU
# (the LDS is the CU's). With pattern results only, nothing spills.
# usage: tests/patch/spill.sh DELTARF GENTRACE
set -uo pipefail
BIN=${1:?usage: spill.sh DELTARF GENTRACE} GEN=${2:?usage: spill.sh DELTARF GENTRACE}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL spill: $*" >&2; }
# expect FILE KEY VALUE: the JSON output holds "KEY": VALUE
expect() {
    if grep -q "\"$2\": $3\([,}]\|$\)" "$1"; then ok; else
        bad "$(basename "$1"): \"$2\" is not $3 ($(grep -o "\"$2\": [^,}]*" "$1" | head -1))"; fi
}

for p in 0 10; do
    "$GEN" --seed 7 --waves 16 --nvregs 62 --instrs 2000 --simds 4 --patterns "$p" >"$T/p$p.trace" \
        || bad "gentrace --patterns $p"
done
for sc in dispersed common; do
    "$BIN" patch "$T/p0.trace" --scenario "$sc" --maps 2 --json >"$T/$sc.json" || bad "patch p0 $sc: exit $?"
    expect "$T/$sc.json" slices 4
    expect "$T/$sc.json" lost 0
    expect "$T/$sc.json" dropped 0
    grep -q '"lds": [1-9]' "$T/$sc.json" && grep -q '"lds_reads": [1-9]' "$T/$sc.json" && ok \
        || bad "p0 $sc: no LDS write or read"
done
expect "$T/dispersed.json" spill_peak_slots 92
expect "$T/dispersed.json" spill_peak_kb 23.00
expect "$T/dispersed.json" spill_peak_cu_slots 368
expect "$T/common.json" spill_peak_slots 77
expect "$T/common.json" spill_peak_cu_slots 308
"$BIN" patch "$T/p10.trace" --scenario dispersed --maps 2 --json >"$T/p10.json" || bad "patch p10: exit $?"
expect "$T/p10.json" spill_peak_cu_slots 0
expect "$T/p10.json" lds 0
expect "$T/p10.json" lds_reads 0
echo "spill: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
