#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make gates-smoke, a make test step (docs/synth.md, Gate-level check): make
# verify-gates and make gates-activity end to end on one small block synthesised on the fly
# (synth/run.sh SYNTH_FAST=1): its netlist passes lockstep, on the check bench (which traces
# nothing) and on the traced one, which writes a well-formed activity.json; a missing netlist is a one-line
# error; the netlist with one cell swapped for its complement fails like an RTL bug, with the
# waveform of its traced build. usage: tests/gates_smoke.sh OUT BLOCK
set -u
OUT=$1 BLOCK=$2
# the makes below are the user's own: not sub-makes of make test (no jobserver warning line)
unset MAKEFLAGS MFLAGS MAKELEVEL
fail() { echo "gates-smoke: FAILED: $*"; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT"
# gates NAME NETLISTS [TARGET]: make TARGET (verify-gates) of the block on OUT/NETLISTS, built and
# run in OUT/NAME, its output in OUT/NAME.log
gates() { make --no-print-directory BLOCKS="$BLOCK" GATES="$OUT/$1" \
  GATES_NETLISTS="$OUT/$2" GATES_N=300 "${3:-verify-gates}" >"$OUT/$1.log" 2>&1; }

# 1. a missing netlist: one line, exit 1, nothing built
out=$(python3 -m tools.synth.gates check "$OUT/none" "$BLOCK" 2>&1); rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && [[ $out == *"no netlist $OUT/none/$BLOCK/$BLOCK.mapped.v"* ]] \
  || fail "a missing netlist gave exit $rc and: $out"
gates none none && fail "make verify-gates passed without a netlist"
grep -q "^gates: check: no netlist" "$OUT/none.log" && [ ! -e "$OUT/none/$BLOCK/bench" ] \
  || fail "make verify-gates without a netlist: $(head -3 "$OUT/none.log")"

# an unknown block: one line naming it
out=$(make --no-print-directory BLOCKS=no_such_block verify-gates 2>&1); rc=$?
[ $rc -ne 0 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && [[ $out == *no_such_block* ]] \
  || fail "an unknown block gave exit $rc and: $out"

# 2. the block's netlist passes on its check bench, which traces nothing, and on its traced
# bench, which writes its activity
SYNTH_FAST=1 SYNTH_DIR="$OUT/synth" synth/run.sh "$BLOCK" >"$OUT/synth.log" 2>&1 \
  || fail "synth/run.sh $BLOCK: $(tail -3 "$OUT/synth.log")"
gates good synth || fail "the netlist of $BLOCK: $(tail -15 "$OUT/good.log")"
grep -q "^verify-gates: 1 passed, 0 failed$" "$OUT/good.log" || fail "no closing line: $(tail -3 "$OUT/good.log")"
[ ! -e "$OUT/good/$BLOCK/bench-trace" ] || fail "make verify-gates built the traced bench of a passing netlist"
cp "$OUT/good.log" "$OUT/good-check.log"
gates good synth gates-activity || fail "the traced netlist of $BLOCK: $(tail -15 "$OUT/good.log")"
grep -q "^gates-activity: 1 passed, 0 failed$" "$OUT/good.log" || fail "no closing line: $(tail -3 "$OUT/good.log")"
python3 - "$OUT/good/$BLOCK/activity.json" "$BLOCK" <<'EOF' || fail "activity.json of $BLOCK"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["version"] == 1 and doc["block"] == sys.argv[2] and doc["cycles"] >= 300, doc
nets = doc["nets"]
assert nets and all(set(n) == {"net", "driver", "activity", "duty"} for n in nets)
assert all(0 <= n["duty"] <= 1 and n["activity"] >= 0 for n in nets)
assert any(0 < n["activity"] < 2 for n in nets), "no net switched"
assert all(n["driver"] for n in nets), [n for n in nets if not n["driver"]][:3]
EOF

"$OUT/good/$BLOCK/bench-trace" --stop-at 5 --wave "$OUT/w.fst" --activity "$OUT/a.fst" >/dev/null 2>&1
[ $? -eq 2 ] || fail "the traced bench took --wave with --activity (two traces of one model)"

# 3. one cell swapped for its complement: the bench fails at a divergence, and the traced build
# made for it writes the waveform
mkdir -p "$OUT/broken/$BLOCK"
broke=$(python3 -m tools.synth.gates break synth/deltarf45.lib "$OUT/synth/$BLOCK/$BLOCK".mapped.{json,v} \
  "$OUT/broken/$BLOCK/$BLOCK".mapped.{json,v}) || fail "gates.py break"
gates broken broken && fail "the broken netlist passed ($broke)"
grep -q "FIRST DIVERGENCE" "$OUT/broken.log" && grep -q "^verify-gates: 0 passed, 1 failed$" "$OUT/broken.log" \
  && grep -q "replay: " "$OUT/broken.log" || fail "the broken netlist failed otherwise: $(tail -5 "$OUT/broken.log")"
wave="$OUT/broken/$BLOCK/bench-seed1.fst"
grep -q "^$BLOCK: waveform: $wave rewritten by the traced build" "$OUT/broken.log" \
  && [ -s "$wave" ] || fail "no waveform of the broken netlist: $(grep waveform "$OUT/broken.log")"
echo "gates-smoke: $BLOCK: the netlist passed (checked, then traced), a missing one was refused," \
  "the broken one failed ($broke), its waveform from the traced build:"
grep -m1 'FIRST DIVERGENCE' "$OUT/broken.log"
