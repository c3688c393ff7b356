#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make coverage-selftest (docs/coverage.md): make coverage's gate end to end
# (tools/regress/coverage.sh -R: verilator_coverage merge, genhtml, tools/regress/coverage_gate.py)
# on the fixture block's hand-made counts of two seeds (fixture.s1.dat, fixture.s2.dat): the
# branch arm hit only in seed 2 counts as hit; tied[1], never hit, fails the gate, named, until an
# exclusion names it; a stale exclusion, or one naming a toggling bit, fails it again. Then the
# closure record (tools/regress/coverage_closure.py) on a scratch tree of the fixture block: a
# failed gate is not recorded and make test's check fails; a passing one is, until a source
# changes. Last, the real exclusions file (EXCL) is checked for form and registered blocks.
# usage: tests/coverage/selftest.sh DIR [EXCL]   (DIR: scratch, emptied; EXCL: the real file)
set -u
here=$(dirname "$0")
dir=${1:?usage: tests/coverage/selftest.sh DIR [EXCL]} excl=${2:-docs/coverage-exclusions.tsv}
fails=0
rm -rf "$dir" && mkdir -p "$dir/dat" || exit 2
cp "$here/fixture.s1.dat" "$here/fixture.s2.dat" "$dir/dat/" || exit 2

# expect EXPECT-STATUS EXPECT-TEXT WHAT COMMAND...: the command's output in $out
expect() {
  local st want=$1 text=$2 what=$3
  shift 3
  out=$("$@" 2>&1)
  st=$?
  if [ "$st" -ne "$want" ] || ! grep -qF -- "$text" <<<"$out"; then
    echo "coverage-selftest: FAIL: $what: exit $st (expected $want), output without '$text':"
    printf '  %s\n' "${out//$'\n'/$'\n'  }"
    fails=$((fails + 1))
  else
    echo "coverage-selftest: ok: $what"
  fi
}
# gate EXPECT-STATUS EXPECT-TEXT WHAT, with the exclusions on stdin
gate() {
  cat >"$dir/excl.tsv"
  expect "$1" "$2" "$3" tools/regress/coverage.sh -R -o "$dir" -x "$dir/excl.tsv" -r "$here/blocks.tsv" fixture
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

# The closure record (tools/regress/coverage_closure.py; docs/coverage.md, Closure kept by make
# test) on a scratch tree of the fixture block, with the gate's own results: a run whose gate
# fails on the unhit tied[1] is not recorded, so make test's check keeps failing; a passing run
# is, and the check passes until a source changes, naming it; an edit during a run is refused.
t=$dir/tree
mkdir -p "$t/rtl" "$t/tb" && cp "$here/fixture.v" "$t/rtl/" && cp "$here/blocks.tsv" "$t/" || exit 2
echo '/* the fixture bench */' >"$t/tb/bench_fixture.c" && echo '/* the shim */' >"$t/tb/vshim.cpp" &&
  echo 'RTL_FILES_fixture := rtl/fixture.v' >"$t/registry.mk" || exit 2
closure() {
  python3 -m tools.regress.coverage_closure -C "$t" -g registry.mk -x excl.tsv -c closure.json "$@"
}
# gate_then_record EXPECT-STATUS EXPECT-TEXT WHAT: after a gate() run (its exclusions in
# $dir/excl.tsv, its result in $dir/coverage.json), what make coverage does: the sources
# hashed, then the record
gate_then_record() {
  cp "$dir/excl.tsv" "$t/excl.tsv" && closure snapshot -o "$dir/sources.json" fixture || exit 2
  expect "$1" "$2" "$3" closure record -s "$dir/sources.json" -j "$dir/coverage.json"
}
gate 1 "never hit, not excluded" "the closure's run: the gate fails on tied[1]" </dev/null
gate_then_record 1 "not recorded (closure.json unchanged): its gate failed" \
  "a run whose gate failed is not recorded"
expect 1 "coverage closure: fixture: no closure recorded" \
  "with no closure recorded, the check fails" closure check
row "tied[1]" "wire tied = 2'b01: bit 1 is 0" | gate 0 "coverage gate: pass" \
  "the closure's run: tied[1] excluded, the gate passes"
gate_then_record 0 "fixture closed at seeds 1-5" "a passing run is recorded"
expect 0 "coverage closure: pass: 1 blocks closed" "the check passes on the recorded sources" \
  closure check
echo '// an edit' >>"$t/rtl/fixture.v"
expect 1 "fixture: changed since its closure at seeds 1-5: rtl/fixture.v (changed)" \
  "an edited source fails the check, named" closure check
closure snapshot -o "$dir/sources.json" fixture || exit 2
echo '// an edit during the run' >>"$t/rtl/fixture.v"
expect 1 "sources changed during the run: fixture: rtl/fixture.v (changed)" \
  "a source edited during a run is not recorded" \
  closure record -s "$dir/sources.json" -j "$dir/coverage.json"

# the real exclusions file: its form, and every block registered
if python3 -m tools.regress.coverage_gate --check -x "$excl" -r blocks.tsv; then
  echo "coverage-selftest: ok: $excl well formed"
else
  echo "coverage-selftest: FAIL: $excl"; fails=$((fails + 1))
fi
if [ "$fails" -ne 0 ]; then echo "coverage-selftest: $fails failed"; exit 1; fi
echo "coverage-selftest: passed"
