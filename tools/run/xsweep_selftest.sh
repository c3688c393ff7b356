#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The X-initialisation sweep can fail (docs/xinit.md): dcp_beats.valid without its reset
# in a copy of the RTL under OUT/rtl; the Dec unit's bench on it must fail the sweep
# (tools/run/xsweep.py) under some of the X seeds and pass under others (the X seed reaches the
# initial state), and the reported replay must reproduce the failure.
# usage: tools/run/xsweep_selftest.sh OUT "X..."
set -u
[ $# -eq 2 ] || { echo "usage: $0 OUT \"X...\"" >&2; exit 2; }
here=$(dirname "$0")
out=$1 xs=$2 pass=0 fail=0
rtl=$out/rtl bench=$out/tb/bench_dcp_decompress log=$out/selftest.log
check() { if eval "$2"; then pass=$((pass + 1)); else echo "xsweep-selftest: FAILED: $1"; fail=$((fail + 1)); fi; }
# shellcheck source=tools/run/rtl_copy.sh
source "$here/rtl_copy.sh"
rtl_copy "$rtl" dcp_beats.v "0,/valid <= 1'b0;/s//\/\/ xsweep self-test: valid has no reset/"
check "the reset was removed" "grep -q 'valid has no reset' $rtl/dcp_beats.v"
share_objects "$out"
make -s BUILD="$out" RTL_DIR="$rtl" "$bench" >/dev/null || { echo "xsweep-selftest: build failed"; exit 1; }
python3 -m tools.run.xsweep -d "$out/tb" -n 2000 -j 1 -l "$out/selftest-logs" -x "$xs" dcp_decompress >"$log" 2>&1
status=$?
check "the sweep fails on the RTL without the reset" "[ $status -ne 0 ]"
check "some X seeds pass, some fail (the seed sets the initial state)" \
  "grep -q 'xsweep: [1-9][0-9]* passed, [1-9][0-9]* failed' $log"
replay=$(sed -n 's/^ *dcp_decompress: replay: //p' "$log" | head -1)
check "a replay command is reported" "[ -n \"$replay\" ]"
if [ -n "$replay" ]; then
  $replay >"$out/selftest-replay.log" 2>&1
  check "the replay reproduces the divergence" "[ \"$(grep -m1 'FIRST DIVERGENCE' "$log" | sed 's/^ *//')\" = \"$(grep -m1 'FIRST DIVERGENCE' "$out/selftest-replay.log")\" ]"
fi
"$bench" --xseed 0 --n 1 >/dev/null 2>&1
check "X seed 0 (Verilator: a random seed, not replayable) is refused" "[ $? -eq 2 ]"
echo "xsweep-selftest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
