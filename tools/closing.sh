# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The closing line of every bench runner (verify, xsweep, icarus, regress, mutate, coverage;
# issue 28): a run that ran fewer benches than it was given, or none, fails and names them.
# Sourced; usage: closing NAME PASS FAIL "EXPECTED..." "RAN..."  (returns 0 only when every
# expected bench ran, at least one did, and nothing failed)

# not_run "EXPECTED..." "RAN...": the expected names missing from RAN, one a line
not_run() {
  comm -23 <(tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -u) <(tr ' ' '\n' <<<"$2" | grep -v '^$' | sort -u)
}

closing() {
  local name=$1 pass=$2 fail=$3 expected=$4 ran=$5 missing
  if [ -z "${expected// /}" ]; then
    echo "$name: nothing to run: no bench was given (the registry, blocks.tsv, lists them)"
    fail=$((fail + 1))
  fi
  missing=$(not_run "$expected" "$ran" | tr '\n' ' ')
  if [ -n "$missing" ]; then
    echo "$name: not run: ${missing% }"
    fail=$((fail + $(wc -w <<<"$missing")))
  fi
  echo "$name: $pass passed, $fail failed"
  [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}
