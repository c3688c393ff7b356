#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make fuzz-regress (a make test step): replays every seed input and every saved crash input
# of each fuzz target (fuzz/corpus/T, fuzz/crashes/T) once through the target's libFuzzer
# ASan/UBSan build, so that each crash the fuzzers found stays a regression test.
# usage: fuzz/regress.sh OUT TARGET...
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$1" && pwd) # absolute: the args target changes directory
shift
pass=0; fail=0
for t in "$@"; do
  dirs=("$here/corpus/$t")
  [ -d "$here/crashes/$t" ] && dirs+=("$here/crashes/$t")
  mapfile -t inputs < <(find "${dirs[@]}" -type f | sort)
  log=$out/logs/regress-$t.log
  mkdir -p "$out/logs"
  if [ "${#inputs[@]}" -eq 0 ]; then
    echo "fuzz-regress: $t: no inputs"; fail=$((fail + 1)); continue
  fi
  if "$out/bin/fuzz_$t" -runs=1 "${inputs[@]}" </dev/null >"$log" 2>&1 &&
     [ "$(grep -c '^Executed ' "$log")" -eq "${#inputs[@]}" ]; then
    echo "fuzz-regress: $t: ${#inputs[@]} inputs, no crash"; pass=$((pass + 1))
  else
    echo "fuzz-regress: $t: FAILED on $(grep '^Running: ' "$log" | tail -1 | cut -d' ' -f2-)"
    grep -m1 -E 'ERROR|property failed' "$log"
    fail=$((fail + 1))
  fi
done
echo "fuzz-regress: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
