#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Black-box tests of the pilot register file's CLI verbs (pilot paper Section III-B, Figs.
# 6-7; docs/pilot-decisions.md): deltarf swap golden vectors and bad inputs, deltarf pilot on a
# small hand-made trace and bad inputs. usage: tests/pilot/cli.sh BINARY
set -u
[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: $0 BINARY" >&2; exit 2; }
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

verdict() { # NAME WHY (empty: passed)
  if [ -z "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi
}

# ok NAME EXPECTED_FILE CMD...: exit 0, stdout equal to the file, stderr empty
ok() {
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  local why=""
  [ $rc -eq 0 ] || why="exit $rc ($(head -1 "$tmp/err"))"
  [ -z "$why" ] && ! cmp -s "$tmp/out" "$want" && why="stdout differs: $(diff "$want" "$tmp/out" | head -3 | tr '\n' '|')"
  [ -z "$why" ] && [ -s "$tmp/err" ] && why="stderr not empty"
  verdict "$name" "$why"
}

# bad NAME INPUT PATTERN [VERB]: exit 1, one stderr line matching PATTERN
bad() {
  local name=$1 verb=${4:-swap}
  printf '%b' "$2" >"$tmp/in"
  "$bin" "$verb" "$tmp/in" >/dev/null 2>"$tmp/err"; local rc=$?
  local why=""
  [ $rc -eq 1 ] || why="exit $rc, want 1"
  [ -z "$why" ] && [ "$(wc -l <"$tmp/err")" -ne 1 ] && why="stderr has $(wc -l <"$tmp/err") lines"
  [ -z "$why" ] && ! grep -qE "$3" "$tmp/err" && why="stderr '$(cat "$tmp/err")' does not match '$3'"
  verdict "$name" "$why"
}

# --- swap: the paper's Fig. 7 (left, middle, right), typed from the paper ----------------
ok "swap Fig. 7" "$here/fig7.out" "$bin" swap "$here/fig7.in"
ok "swap Fig. 7 stdin" "$here/fig7.out" "$bin" swap - <"$here/fig7.in"
printf '4 5 6 7;8 9 10 11\n' >"$tmp/plain"
ok "swap plain numbers, no blanks around ;" "$here/fig7.out" "$bin" swap "$tmp/plain"
# a top register already in the FRF keeps its place (docs/pilot-decisions.md, table 4)
printf 'R0 R1 R2 R3 ; R8 R1 R9 R10\n' >"$tmp/keep"
{ for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do echo "i R0 R0"; done
  printf 'v R0 R8\nv R8 R0\ni R0 R0\ni R0 R0\nv R2 R9\nv R9 R2\nv R3 R10\nv R10 R3\n\n'; } >"$tmp/keep.out"
ok "swap top register already in the FRF" "$tmp/keep.out" "$bin" swap "$tmp/keep"
# two records: two blocks of 3 tables
cat "$here/fig7.in" "$tmp/plain" >"$tmp/two"; cat "$here/fig7.out" "$here/fig7.out" >"$tmp/two.out"
ok "swap two records" "$tmp/two.out" "$bin" swap "$tmp/two"

bad "swap 3 registers" '4 5 6 ; 8 9 10 11\n' 'swap|:1: compiler top-n: expected 4 registers, got 3'
bad "swap no separator" '4 5 6 7 8 9 10 11\n' ":1: expected ';'"
bad "swap R63" '4 5 6 7 ; 8 9 10 63\n' ':1: pilot top-n: register 4 is R63'
bad "swap repeat" '4 5 6 7 ; 8 9 10 10\n' ':1: pilot top-n names a register twice'
bad "swap 5 pilot registers" '4 5 6 7 ; 8 9 10 11 12\n' ":1: trailing junk '12'"
bad "swap junk register" '# c\n4 5 6 7 ; 8 9 10 1x\n' ':2: pilot top-n: register 4 is not'
bad "swap empty pilot" '4 5 6 7 ;\n' ':1: pilot top-n: expected 4 registers, got 0'
bad "swap huge number" '4 5 6 7 ; 8 9 10 99999999999999999999\n' ':1: pilot top-n: register 4'
bad "swap NUL byte" '4 5 6 7 ; 8 9\x00 10 11\n' ':1:'
"$bin" swap "$tmp/missing" >/dev/null 2>"$tmp/err"
verdict "swap missing file" "$([ $? -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] || echo 'want exit 1, one line')"

if [ -f "$here/pilot.sh" ]; then source "$here/pilot.sh"; fi

echo "pilot cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
