#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Real runs with more live wavefronts than slots (docs/eval-decisions.md, decision 3a): a
# generated trace of BlackScholes' shape (1024 wavefronts of 62 registers live at once: 8 per
# SIMD, 2x the slots of every slice under both placements) replays under `deltarf sim` and
# `deltarf patch`; 512 wavefronts wait, every W and R line is replayed, nothing is lost, and
# spilling every held line to the temporary file changes no figure. --dispatch stream (decision
# 6a): Table 4's 10 CUs hold 40 slices x 4 windows of 62 registers, so 1024 - 160 wavefronts
# wait, and 2 copies of the trace launched at once make 2048 - 160 wait, every line replayed.
# usage: tests/eval/oversub.sh DELTARF GENTRACE
set -u
BIN=${1:?usage: oversub.sh DELTARF GENTRACE} GEN=${2:?usage: oversub.sh DELTARF GENTRACE}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL oversub: $*" >&2; }

"$GEN" --seed 3 --waves 1024 --nvregs 62 --instrs 3 >"$T/bs.trace" || bad "gentrace"
W=$(grep -c '^W' "$T/bs.trace") R=$(grep -c '^R' "$T/bs.trace")
# the one replay's dispatch: waited, the replayed W and R lines
dispatch() { grep -o '"dispatch":{[^}]*}' "$1"; }
field() { dispatch "$1" | grep -o "\"$2\":[0-9]*" | cut -d: -f2; }
untimed() { sed 's/"[a-z_]*per_s":[0-9.e+-]*//g; s/"dispatch":{[^}]*}//; s/"peak_rss_kb":[0-9]*//' "$1"; }
for map in packed recorded; do
    "$BIN" sim "$T/bs.trace" --dispatch passes --map "$map" --repeat 1 --scheme rc+rar --json >"$T/sim-$map.json" 2>"$T/err"
    st=$?
    [ $st -eq 0 ] && [ "$(field "$T/sim-$map.json" waited)" = 512 ] \
        && [ "$(field "$T/sim-$map.json" writes)" = "$W" ] && [ "$(field "$T/sim-$map.json" reads)" = "$R" ] \
        && grep -q "\"writes\":$W,\"launch_writes\":1024,\"reads\":$R," "$T/sim-$map.json" \
        && ok || bad "sim --map $map: exit $st, $(dispatch "$T/sim-$map.json") $(cat "$T/err")"
    "$BIN" patch "$T/bs.trace" --map "$map" --scenario dispersed --maps 1 --json >"$T/patch.json" 2>"$T/err"
    st=$?
    [ $st -eq 0 ] && grep -q '"lost": 0, "dropped": 0' "$T/patch.json" && [ "$(field "$T/patch.json" waited)" = 512 ] \
        && grep -q "\"writes\": $W, \"launch_writes\": 1024, \"reads\": $R," "$T/patch.json" \
        && ok || bad "patch --map $map: exit $st, $(grep -o '"writes": [0-9]*\|"lost": [0-9]*' "$T/patch.json") $(cat "$T/err")"
done
for r in 1 2; do
    "$BIN" sim "$T/bs.trace" --dispatch stream --repeat "$r" --scheme rc+rar --json >"$T/stream.json" 2>"$T/err"
    st=$?
    [ $st -eq 0 ] && [ "$(field "$T/stream.json" waited)" = $((1024 * r - 160)) ] \
        && [ "$(field "$T/stream.json" writes)" = $((W * r)) ] && [ "$(field "$T/stream.json" reads)" = $((R * r)) ] \
        && grep -q "\"dispatch\":\"stream\",\"cus\":10,\"copies\":$r,\"repeat\":$r,.*\"wavefronts\":$((1024 * r)),.*\"slices\":40," "$T/stream.json" \
        && ok || bad "sim --dispatch stream --repeat $r: exit $st, $(dispatch "$T/stream.json") $(cat "$T/err")"
done
# Held lines spilled: 8 long wavefronts on one SIMD under --map recorded (4 wait, about 90 KB
# of lines each); with no memory for them, every full chunk goes to the file and comes back.
"$GEN" --seed 5 --waves 8 --nvregs 62 --instrs 300 --simds 1 >"$T/one.trace"
"$BIN" sim "$T/one.trace" --dispatch passes --map recorded --json >"$T/mem.json"
"$BIN" sim "$T/one.trace" --dispatch passes --map recorded --json --buffer-mb 0 >"$T/spill.json"
[ "$(field "$T/mem.json" waited)" = 4 ] && [ "$(field "$T/mem.json" spilled_bytes)" = 0 ] \
    && [ "$(field "$T/spill.json" spilled_bytes)" -gt 100000 ] && [ "$(untimed "$T/spill.json")" = "$(untimed "$T/mem.json")" ] \
    && ok || bad "sim --buffer-mb 0: $(dispatch "$T/spill.json") or the figures differ"
pjson() { "$BIN" patch "$T/one.trace" --map recorded --scenario common --maps 1 --json "$@" \
    | sed 's/"peak_rss_kb": [0-9]*, "events_per_s": [0-9]*//; s/"dispatch":{[^}]*}//'; }
[ "$(pjson)" = "$(pjson --buffer-mb 0)" ] && ok || bad "patch --buffer-mb 0: the figures differ"
echo "oversub: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
