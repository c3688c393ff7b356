#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make accel-cli: every trace verb reads the Accel-Sim fixture (tests/data/accel: kernelslist.g,
# its xz forms, a .traceg alone; docs/accel-trace.md) and exits 0 with the -nregs warning once
# however often it reads the trace; a kernelslist on standard input names its kernels relative
# to the current directory; a figure that needs register values is n/a (null) with the reason;
# a malformed kernel stops every verb with one line FILE:LINE, exit 1.
# usage: tests/accel/cli.sh DELTARF
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$(cd "$(dirname "$0")/../data/accel" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # NAME COMMAND...: the command must succeed
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else echo "accel-cli: FAIL: $name"; fail=$((fail + 1)); fi
}

warned_once() { [ "$(grep -c 'kernel-1.traceg:6: warning: -nregs = 21955 is out of range' "$1")" -eq 1 ]; }

# Every verb on the list: exit 0, the warning once (patch reads the trace once per map).
for verb in "pilot" "pv" "sim" "patch --scenario common --maps 3" "compare"; do
  # shellcheck disable=SC2086 # the verb's options are words
  "$bin" $verb "$data/kernelslist.g" >"$tmp/out" 2>"$tmp/err"
  check "$verb: exit 0" [ $? -eq 0 ]
  check "$verb: the -nregs warning once" warned_once "$tmp/err"
  check "$verb: nothing else on stderr" [ "$(wc -l <"$tmp/err")" -eq 1 ]
done
"$bin" pilot "$data/kernelslist.g" >"$tmp/out" 2>/dev/null
check "pilot: the fixture's accesses" grep -q '^accesses 20 (R 10, W 10;' "$tmp/out"
check "pilot: one kernel a kernel file" grep -q '^kernels 2 wavefronts 6 ' "$tmp/out"
"$bin" pv "$data/kernelslist.g" >"$tmp/out" 2>/dev/null
check "pv: the fixture's accesses" grep -q ': 20 accesses, 6 wavefronts,' "$tmp/out"
# docs/pv-decisions.md D24: a warp of 32 is one of the paper's warps, classed by its own
# instructions' masks (warp 1 of block 0 and the two stores: threads 0-15 only)
check "pv: a warp is one warp" grep -q '^trace: on GPU fermi-pv (15 SMs of 48 warps, 8 blocks and 32768 registers; a wavefront 1 warps): 3 blocks on 3 SMs' "$tmp/out"
check "pv: 6 of 20 warp accesses by one half" grep -q ', 6 of 20 warp accesses by one half' "$tmp/out"
# docs/pilot-eval.md decision 6: an NVIDIA trace's epochs on the Pilot paper's Kepler (Table II:
# 8 issued a cycle, 400 slots, 85 of them), unless --gpu names another GPU
"$bin" pilot "$data/kernelslist.g" >"$tmp/out" 2>/dev/null
check "pilot: Table II's GPU" grep -q '^frf-low .*(GPU pilot: epoch 50 cycles, threshold 85 of 400 issue slots' "$tmp/out"
"$bin" pilot "$data/kernelslist.g" --gpu gcn-aging --json >"$tmp/out" 2>/dev/null
check "pilot --gpu gcn-aging: a CU's 50 slots" grep -q '"threshold": 11, "issue_slots": 50,' "$tmp/out"

# pv and pilot give the same figures from the list, its xz forms and (a kernel alone) a .traceg
# and its .traceg.xz, the trace's name aside
same() { # VERB A B: VERB's JSON on A and B equal but for the trace's name (pv on 3 chips)
  local opts=() f t
  [ "$1" = pv ] && opts=(--chips 3)
  for f in a b; do
    [ $f = a ] && t=$2 || t=$3
    "$bin" "$1" "$data/$t" --json "${opts[@]}" 2>/dev/null | sed 's/"trace": *"[^"]*"//' >"$tmp/$f"
  done
  [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"
}
for verb in pv pilot; do
  for pair in "kernelslist.g kernelslist-xz.g" "kernelslist.g kernelslist.g.xz" \
              "kernel-1.traceg kernel-1.traceg.xz" "kernel-2.traceg kernel-2.traceg.xz"; do
    # shellcheck disable=SC2086 # two file names
    check "$verb: ${pair% *} and ${pair#* } the same" same $verb $pair
  done
done

# The same events from the xz forms, a .traceg alone, and the list on standard input.
"$bin" pilot "$data/kernelslist.g" >"$tmp/plain" 2>/dev/null
for list in kernelslist-xz.g kernelslist.g.xz; do
  "$bin" pilot "$data/$list" >"$tmp/out" 2>/dev/null
  check "pilot $list: as kernelslist.g" cmp -s "$tmp/plain" "$tmp/out"
done
(cd "$data" && xz -dc kernelslist.g.xz | "$bin" pilot - >"$tmp/out" 2>/dev/null)
check "pilot - (a list on stdin): as kernelslist.g" cmp -s "$tmp/plain" "$tmp/out"
"$bin" pilot "$data/kernel-2.traceg" >"$tmp/out" 2>"$tmp/err"
check "pilot kernel-2.traceg: its accesses, no warning" \
  grep -q '^accesses 7 (R 3, W 4;' "$tmp/out"
check "pilot kernel-2.traceg: no warning" [ ! -s "$tmp/err" ]

# No register values (docs/accel-trace.md): what needs them is null with the reason, never a
# number computed from zeros; what needs only the accesses stays a number.
"$bin" sim "$data/kernelslist.g" --json >"$tmp/sim.json" 2>/dev/null
check "sim --json: value figures null, access figures numbers" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = {x["scheme"]: x for x in d["schemes"]}
assert d["na"] == "the trace carries no register values" and d["patterns_all"] is None
assert all(x["longest0"] is None and x["ts_increase_pct"] is None and x["wakeups"] is None
           for x in s.values())
assert s["rc"]["energy_pj"]["total"] is None and s["wc"]["perf_overhead_pct"] is None
assert s["baseline"]["energy_pj"]["total"] > 0 and s["argo"]["cycles"] > 0' "$tmp/sim.json"
"$bin" sim "$data/kernelslist.g" --plots "$tmp/plots" >/dev/null 2>"$tmp/err"
check "sim --plots: refused, one line" [ $? -eq 1 ] && [ "$(grep -vc warning "$tmp/err")" -eq 1 ]
"$bin" patch "$data/kernelslist.g" --scenario common --json >"$tmp/patch.json" 2>/dev/null
check "patch --json: figures null but the windows'" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["na"] == "the trace carries no register values"
assert d["fig2"] is None and d["fig5"] is None and d["compressed_writes"] is None
assert d["utilisation"] > 0 and d["writes"] == 40' "$tmp/patch.json"
"$bin" patch "$data/kernelslist.g" --scenario common >"$tmp/out" 2>/dev/null
check "patch: n/a line, no figure" grep -q '^  n/a: the trace carries no register values' "$tmp/out"
# its energy and time (compare's row, docs/eval-patch.md decision 10): n/a with the cause, the
# baseline's a number
check "patch: energy n/a with the cause" python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["energy"]
assert e["technique"]["energy_pj"] is None and e["baseline"]["energy_pj"] > 0
assert e["technique"]["na"]["energy_pj"] == "the trace carries no register values"' "$tmp/patch.json"
check "patch: no Fig. line" [ "$(grep -c 'Fig\. ' "$tmp/out")" -eq 0 ]

# A malformed kernel: one line naming the kernel file and line, exit 1, for every verb.
cp "$data/kernelslist.g" "$data/kernel-2.traceg" "$tmp/"
sed 's/^0020 ffffffff 1 R4 LDG.E 1 R2 /0020 ffffffff 1 Q4 LDG.E 1 R2 /' "$data/kernel-1.traceg" \
  >"$tmp/kernel-1.traceg"
for verb in "pilot" "pv" "sim" "patch --scenario common" "compare"; do
  # shellcheck disable=SC2086
  "$bin" $verb "$tmp/kernelslist.g" >/dev/null 2>"$tmp/err"
  check "$verb, bad register: exit 1" [ $? -eq 1 ]
  check "$verb, bad register: one line FILE:LINE" \
    grep -qx "deltarf ${verb%% *}: $tmp/kernel-1.traceg:27: bad register 'Q4' .*" "$tmp/err"
  check "$verb, bad register: nothing else" [ "$(grep -vc 'warning' "$tmp/err")" -eq 1 ]
done

echo "accel-cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
