#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make coverage-selftest (issue 28; docs/coverage.md): make coverage's gate end to end
# (tools/regress/coverage.sh -R: verilator_coverage merge, genhtml, tools/regress/coverage_gate.py)
# on the fixture block's hand-made counts of two seeds (fixture.s1.dat, fixture.s2.dat): the
# branch arm hit only in seed 2 counts as hit; tied[1], never hit, fails the gate, named, until an
# exclusion names it; a stale exclusion, or one naming a toggling bit, fails it again. Then the
# real exclusions file (EXCL) is checked for form and registered blocks.
# usage: tests/coverage/selftest.sh DIR [EXCL]   (DIR: scratch, emptied; EXCL: the real file)
set -u
here=$(dirname "$0")
dir=${1:?usage: tests/coverage/selftest.sh DIR [EXCL]} excl=${2:-docs/coverage-exclusions.tsv}
fails=0
rm -rf "$dir" && mkdir -p "$dir/dat" || exit 2
cp "$here/fixture.s1.dat" "$here/fixture.s2.dat" "$dir/dat/" || exit 2

# gate EXPECT-STATUS EXPECT-TEXT WHAT, with the exclusions on stdin
gate() {
  cat >"$dir/excl.tsv"
  out=$(tools/regress/coverage.sh -R -o "$dir" -x "$dir/excl.tsv" -r "$here/blocks.tsv" fixture 2>&1)
  st=$?
  if [ "$st" -ne "$1" ] || ! grep -qF -- "$2" <<<"$out"; then
    echo "coverage-selftest: FAIL: $3: exit $st (expected $1), output without '$2':"
    printf '  %s\n' "${out//$'\n'/$'\n'  }"
    fails=$((fails + 1))
  else
    echo "coverage-selftest: ok: $3"
  fi
}
row() { printf 'fixture\ttoggle\ttests/coverage/fixture.v:*\tTOP.fixture\t%s\t%s\n' "$1" "$2"; }

gate 1 "never hit, not excluded: fixture toggle tests/coverage/fixture.v:5 TOP.fixture tied[1]" \
  "an unhit point no exclusion names fails the gate, named" </dev/null
grep -q "TOP.fixture if" <<<"$out" && { echo "coverage-selftest: FAIL: the if arm hit in seed 2 reported unhit"; fails=$((fails + 1)); }
row "tied[1]" "wire tied = 2'b01: bit 1 is 0" | gate 0 "coverage gate: pass" \
  "the same point excluded: the gate passes"
grep -q "| fixture | 1/1 (100.0%) | 2/2 (100.0%) | 4/4 (100.0%) | no points | 1 |" "$dir/summary.md" ||
  { echo "coverage-selftest: FAIL: summary.md's row"; fails=$((fails + 1)); }
{ row "tied[1]" "bit 1 is 0"; row "gone[3]" "a signal since removed"; } |
  gate 1 "(fixture toggle tests/coverage/fixture.v:* TOP.fixture gone[3]) names no point of fixture: stale" \
  "a stale exclusion fails the gate"
{ row "tied[1]" "bit 1 is 0"; row "a" "wrongly claimed constant"; } |
  gate 1 "names a point hit 13 times in 2 runs: fixture toggle tests/coverage/fixture.v:4 TOP.fixture a" \
  "an exclusion naming a toggling bit fails the gate"
row "tied[*]" "tied is 2'b01" | gate 0 "coverage gate: pass" \
  "a constant bit's X-initial settle (tied[0], once a run) may be excluded"
printf 'fixture\ttoggle\t*\n' | gate 2 "3 tab-separated fields" "a malformed exclusions file is an error"

# the real exclusions file: its form, and every block registered
if python3 tools/regress/coverage_gate.py --check -x "$excl" -r blocks.tsv; then
  echo "coverage-selftest: ok: $excl well formed"
else
  echo "coverage-selftest: FAIL: $excl"; fails=$((fails + 1))
fi
if [ "$fails" -ne 0 ]; then echo "coverage-selftest: $fails failed"; exit 1; fi
echo "coverage-selftest: passed"
