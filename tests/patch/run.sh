#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Tests of `deltarf patch` (DC-Patch on real traces, dc-patch paper Section V-A): nothing lost
# on Reduction and MatrixTranspose under every scenario, a hand-checked tiny trace (alone and
# interleaved with a copy on another slice), the online placement (eval/trace/place.h), the loss check
# itself (fault injection), spills set by capacity on generated traces, JSON escaping, and bad
# arguments. Usage: tests/patch/run.sh DELTARF GENTRACE
set -uo pipefail
bin=${1:?usage: run.sh DELTARF GENTRACE} gen=${2:?usage: run.sh DELTARF GENTRACE}
here=$(cd "$(dirname "$0")" && pwd)
traces=$here/../../data/traces
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL patchtest: $*" >&2; }

# expect FILE KEY VALUE: the JSON output holds "KEY": VALUE
expect() {
  if grep -q "\"$2\": $3\([,}]\|$\)" "$1"; then ok; else
    bad "$(basename "$1"): \"$2\" is not $3 ($(grep -o "\"$2\": [^,}]*" "$1" | head -1))"; fi
}

# runs deltarf patch ARGS into $tmp/out (stdout) and $tmp/err; sets rc
run() { "$bin" patch "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# 1. real traces: every read returns the last value written, under each scenario and placement
for t in Reduction MatrixTranspose; do
  for sc in common clustered dispersed; do
    for pol in recorded packed; do
      run "$traces/$t.trace.xz" --scenario "$sc" --map "$pol" --maps 2 --json
      if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]; then ok; else bad "$t $sc $pol: exit $rc $(cat "$tmp/err")"; fi
      expect "$tmp/out" lost 0
      expect "$tmp/out" dropped 0
      expect "$tmp/out" trace_lanes_not_kept 0
      grep -q '"reads": [1-9]' "$tmp/out" && ok || bad "$t $sc $pol: no read checked"
    done
  done
done

# tiny_counts K: the tiny trace's per-map counts (tests/patch/README.md) times K
tiny_counts() {
  local k=$1
  expect "$tmp/out" writes $((7 * k))
  expect "$tmp/out" reads $((6 * k))
  expect "$tmp/out" compressed_writes $((2 * k))
  expect "$tmp/out" compressible_writes $((2 * k))
  expect "$tmp/out" divergent_writes $((2 * k))
  expect "$tmp/out" mispredicted_writes $((1 * k))
  expect "$tmp/out" normal $((2 * k))
  expect "$tmp/out" patch_faulty $((1 * k))
  expect "$tmp/out" patch_reliable $((4 * k))
  expect "$tmp/out" lds 0
  expect "$tmp/out" lost 0
}

# 2. the tiny hand-written trace (tests/patch/README.md): the same counts on every map and seed
for seed in 1 2; do
  run "$here/tiny.trace" --scenario common --maps 3 --seed "$seed" --json
  [ "$rc" -eq 0 ] && ok || bad "tiny seed $seed: exit $rc $(cat "$tmp/err")"
  tiny_counts 3
  expect "$tmp/out" utilisation 0.015625
done

# 2b. streaming: the tiny trace interleaved line by line with a copy (wavefront 8 on cu 1) runs
# two slices on their own clocks under the recorded placement: twice the counts. Packed puts
# both windows of 4 registers on one slice (reg_base 0 and 4).
awk '/^[AWRF] / { print; $3 = 1; $5 = 8; print; next } { print }' "$here/tiny.trace" >"$tmp/twin.trace"
run "$tmp/twin.trace" --scenario clustered --maps 3 --map recorded --json
[ "$rc" -eq 0 ] && ok || bad "twin recorded: exit $rc $(cat "$tmp/err")"
tiny_counts 6
expect "$tmp/out" slices 2
run "$tmp/twin.trace" --scenario clustered --maps 3 --json
[ "$rc" -eq 0 ] && ok || bad "twin packed: exit $rc $(cat "$tmp/err")"
expect "$tmp/out" slices 1
expect "$tmp/out" writes 42
expect "$tmp/out" lost 0
expect "$tmp/out" utilisation 0.031250

# 2c. packed placement is decided online at each A (docs/eval-decisions.md, decision 2): a
# slice takes one window size at a time, and an empty slice takes a new one.
hdr='# deltarf register-write trace v1'
printf '%s\nA 10 0 0 1 4\nA 11 0 1 2 8\nF 12 0 0 1\nF 13 0 1 2\n' "$hdr" >"$tmp/mixed.trace"
printf '%s\nA 10 0 0 1 4\nF 11 0 0 1\nA 12 0 1 2 8\nF 13 0 1 2\n' "$hdr" >"$tmp/seq.trace"
for t in mixed:2 seq:1; do
  run "$tmp/${t%:*}.trace" --scenario common --maps 1 --json
  [ "$rc" -eq 0 ] && ok || bad "${t%:*}: exit $rc $(cat "$tmp/err")"
  expect "$tmp/out" slices "${t#*:}"
done
# A wavefront that does not fit waits (docs/eval-decisions.md, decision 3a): another window
# size on a SIMD holding windows of 4 waits until it is empty (10 -> 20), and its F is replayed
# 9 cycles late; two 200-register wavefronts on one SIMD: the second waits 1 cycle.
printf '%s\nA 10 0 0 1 4\nA 11 0 0 2 8\nF 20 0 0 1\nF 21 0 0 2\n' "$hdr" >"$tmp/mixed-recorded.trace"
for t in "$tmp/mixed-recorded.trace:9" "$here/wait.trace:1"; do
  run "${t%:*}" --scenario common --map recorded --maps 1 --json
  [ "$rc" -eq 0 ] && grep -q "\"dispatch\":{\"waited\":1,\"wait_cycles\":${t##*:},\"wait_max\":${t##*:}," "$tmp/out" \
    && ok || bad "recorded, a wavefront waits: $t exit $rc $(grep dispatch "$tmp/out") $(cat "$tmp/err")"
done

# 2d. JSON: the trace name is escaped
cp "$here/tiny.trace" "$tmp/q\"uo\\te.trace"
run "$tmp/q\"uo\\te.trace" --scenario common --maps 1 --json
grep -qF '{"trace": "q\"uo\\te.trace", "scenario": "common", "placement": "packed"' "$tmp/out" \
  && ok || bad "JSON escaping: $(head -1 "$tmp/out")"

# 3. the check can fail: every block turns faulty under live registers (--inject)
run "$traces/Reduction.trace.xz" --scenario common --maps 1 --inject 20 --json
[ "$rc" -eq 1 ] && ok || bad "inject: exit $rc, expected 1"
grep -q '"lost": [1-9]' "$tmp/out" && ok || bad "inject: no lost read reported"
grep -q 'reads lost; first at trace line' "$tmp/err" && ok || bad "inject: no loss message"

# 3b. spills are capacity (docs/eval-patch.md decision 9): generated traces of BlackScholes' shape
# (62-register wavefronts, 4 to a slice, the 4 slices of one CU, every register written). With no
# compressible result the 248 uncompressed registers of a slice need a reliable entry each; every
# Table 1 map has 66 + 90 = 156 of them under dispersed, 87 + 84 = 171 under common
# (docs/dcpatch-faultmap.md): 92 and 77 spill at the peak, 92 x 256 B = 23 KB a slice, 4 x 92 =
# 368 slots a CU (the LDS is the CU's). With pattern results only, nothing spills.
for p in 0 10; do
  "$gen" --seed 7 --waves 16 --nvregs 62 --instrs 2000 --simds 4 --patterns "$p" >"$tmp/p$p.trace" \
    || bad "gentrace --patterns $p"
done
for sc in dispersed common; do
  run "$tmp/p0.trace" --scenario "$sc" --maps 2 --json
  cp "$tmp/out" "$tmp/$sc.json"
  [ "$rc" -eq 0 ] && ok || bad "spill p0 $sc: exit $rc $(cat "$tmp/err")"
  expect "$tmp/$sc.json" slices 4
  expect "$tmp/$sc.json" dropped 0
  grep -q '"lds": [1-9]' "$tmp/$sc.json" && grep -q '"lds_reads": [1-9]' "$tmp/$sc.json" && ok \
    || bad "spill p0 $sc: no LDS write or read"
done
expect "$tmp/dispersed.json" spill_peak_slots 92
expect "$tmp/dispersed.json" spill_peak_kb 23.00
expect "$tmp/dispersed.json" spill_peak_cu_slots 368
expect "$tmp/common.json" spill_peak_slots 77
expect "$tmp/common.json" spill_peak_cu_slots 308
run "$tmp/p10.trace" --scenario dispersed --maps 2 --json
expect "$tmp/out" spill_peak_cu_slots 0
expect "$tmp/out" lds 0
expect "$tmp/out" lds_reads 0

# 4. the same seed gives the same figures; text output names every figure
run "$traces/Reduction.trace.xz" --scenario clustered --md-row && cp "$tmp/out" "$tmp/a"
run "$traces/Reduction.trace.xz" --scenario clustered --md-row
cmp -s "$tmp/out" "$tmp/a" && ok || bad "same seed, different figures"
run "$here/tiny.trace" --scenario dispersed
for f in 'Fig. 2' 'Fig. 3' 'Fig. 5' 'Fig. 6' 'events/s'; do
  grep -q "$f" "$tmp/out" && ok || bad "text output lacks $f"
done

# 5. bad input: one line on stderr, nothing on stdout, non-zero exit
while IFS= read -r args; do
  eval "run $args"
  lines=$(wc -l <"$tmp/err")
  if [ "$rc" -ne 0 ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/out" ]; then ok; else
    bad "bad input '$args': exit $rc, $lines stderr lines"; fi
done <<EOF
"$here/tiny.trace"
"$here/tiny.trace" --scenario typical
"$here/tiny.trace" --scenario common --maps 0
"$here/tiny.trace" --scenario common --maps x
"$here/tiny.trace" --scenario common --maps 1001
"$here/tiny.trace" --scenario common --seed -1
"$here/tiny.trace" --scenario common --seed 12abc
"$here/tiny.trace" --scenario common --seed 99999999999999999999999
"$here/tiny.trace" --scenario common --seed
"$here/tiny.trace" --scenario common --map round-robin
"$here/tiny.trace" --scenario common --policy packed
"$here/tiny.trace" --scenario common --frobnicate 1
"$here/tiny.trace" "$here/tiny.trace" --scenario common
--scenario common
"$tmp/missing.trace" --scenario common
"$here/bad-order.trace" --scenario common
"$here/bad-field.trace" --scenario common
"$here/run.sh" --scenario common
EOF

echo "patchtest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
