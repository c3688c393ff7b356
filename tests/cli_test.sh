#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Black-box tests of the deltarf CLI (RC compression and decompression, aging paper
# Section 5.1): golden vectors, round trips and bad inputs; checks stdout, stderr, status.
# usage: tests/cli_test.sh BINARY
set -u
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 BINARY (an executable deltarf)" >&2
  exit 2
fi
bin=$1
data=$(dirname "$0")/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
in=$tmp/in
: >"$in"
pass=0
fail=0

# Eq. (2) with BS = 8, computed here independently of the C models:
# eq2 C0 DE DB -> the 64 components C_i = C0 + (i/8)*DB + (i%8)*DE mod 2^32.
eq2() {
  local words=() i w
  for ((i = 0; i < 64; i++)); do
    printf -v w '%08x' $(( ($1 + (i / 8) * $3 + (i % 8) * $2) & 0xffffffff ))
    words+=("$w")
  done
  echo "${words[*]}"
}

# The register of eq2 with component $4 (0-based) replaced by $5.
eq2_with() {
  local words
  read -ra words <<<"$(eq2 "$1" "$2" "$3")"
  words[$4]=$5
  echo "${words[*]}"
}

# A register line with N words: words N.
words() { eq2 0 0 0 | cut -d' ' -f"1-$1"; }

# Every hex word of stdin as 8 lowercase digits, one register per line.
normalize() {
  local line w out
  while read -ra line; do
    out=()
    for w in "${line[@]}"; do
      w=${w#0[xX]}
      printf -v w '%08x' $((16#$w))
      out+=("$w")
    done
    echo "${out[*]}"
  done
}

# verdict NAME WHY: counts one case, failed when WHY (the reason) is not empty.
verdict() {
  if [ -z "$2" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $1: $2"
  fi
}

# expect NAME STATUS STDOUT STDERR ARG...: runs BINARY ARG... with stdin from $in.
# STDERR is a glob pattern; a failing run must print exactly one stderr line.
expect() {
  local name=$1 want_rc=$2 want_out=$3 want_err=$4
  shift 4
  "$bin" "$@" <"$in" >"$tmp/out" 2>"$tmp/err"
  local rc=$? out err why=""
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
  [ "$rc" -eq "$want_rc" ] || why="status $rc, want $want_rc"
  [ -n "$why" ] || [ "$out" == "$want_out" ] ||
    why="stdout '${out:0:160}', want '${want_out:0:160}'"
  # shellcheck disable=SC2053 # STDERR is a pattern
  [ -n "$why" ] || [[ $err == $want_err ]] || why="stderr '$err', want '$want_err'"
  if [ -z "$why" ] && [ "$rc" -ne 0 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
    why="stderr has $(wc -l <"$tmp/err") lines, want 1"
  fi
  verdict "$name" "$why"
}

# feed LINE...: the stdin of the next expect, one argument per line.
feed() { printf '%s\n' "$@" >"$in"; }

paper=$(grep -v '^#' "$data/paper_example.txt")
paper_prefix="00000002 00000004 00000006 00000008 0000000a 0000000c 0000000e 00000010"
paper_prefix+=" 0000000a 0000000c 0000000e 00000010 00000012 00000014 00000016 00000018"
usage_err="deltarf: * usage: deltarf compress|decompress|rar|*"

# --- golden vectors: compress -------------------------------------------------------
why=""
[[ $paper == "$paper_prefix "* ]] && [ "$paper" == "$(eq2 2 2 8)" ] ||
  why="$data/paper_example.txt is not 2-4-6-8-10-12-14-16-10-12-..."
verdict "paper example data" "$why"
expect "paper example (file argument)" 0 "C 00000002 1 3" "" compress "$data/paper_example.txt"
feed "$paper"
expect "paper example (stdin)" 0 "C 00000002 1 3" "" compress
expect "paper example (stdin as -)" 0 "C 00000002 1 3" "" compress -
feed "$(eq2 0xdeadbeef 0 0)"
expect "constant register" 0 "C deadbeef 7 7" "" compress
feed "$(eq2 0x1000 4 32)"
expect "single delta 4" 0 "C 00001000 2 5" "" compress
feed "$(eq2 7 1 8)"
expect "single delta 1" 0 "C 00000007 0 3" "" compress
feed "$(eq2 0 16 128)"
expect "single delta 16 needs block delta 128" 0 "U" "" compress
feed "$(eq2 5 128 0)"
expect "element delta 128" 0 "U" "" compress
feed "$(eq2 5 1 128)"
expect "block delta 128" 0 "U" "" compress
feed "$(eq2 1000 -1 -8)"
expect "negative single delta" 0 "U" "" compress
feed "$(eq2 1000 2 -16)"
expect "negative block delta" 0 "U" "" compress
feed "$(eq2 5 3 24)"
expect "delta 3" 0 "U" "" compress
feed "$(eq2 0xfffffff0 1 8)"
expect "wrap-around at 2^32" 0 "C fffffff0 0 3" "" compress
feed "$(eq2 0xffffffff 64 64)"
expect "wrap-around, largest deltas" 0 "C ffffffff 6 6" "" compress
feed "$(eq2 42 0 1)"
expect "zero element delta, block delta 1" 0 "C 0000002a 7 0" "" compress
feed "$(eq2_with 2 2 8 63 00000049)"
expect "paper example, last component off by one" 0 "U" "" compress
feed "$(eq2_with 2 2 8 17 00010014)"
expect "paper example, one flipped bit" 0 "U" "" compress
feed "$(eq2_with 0 0 0 63 1)"
expect "constant but the last component" 0 "U" "" compress

# All 64 code pairs, each with its own base.
expected=()
: >"$tmp/pairs"
for de in 0 1 2 3 4 5 6 7; do
  for db in 0 1 2 3 4 5 6 7; do
    c0=$(( (de * 8 + db) * 0x1234567 + 0xfffff000 & 0xffffffff ))
    eq2 "$c0" $(( de == 7 ? 0 : 1 << de )) $(( db == 7 ? 0 : 1 << db )) >>"$tmp/pairs"
    expected+=("$(printf 'C %08x %d %d' "$c0" "$de" "$db")")
  done
done
cp "$tmp/pairs" "$in"
expect "every code pair compresses" 0 "$(printf '%s\n' "${expected[@]}")" "" compress

# Input formats: 0x prefixes, upper case, short words, tabs, CRLF, comments, blanks.
fancy=$(sed 's/0000000\([0-9a-f]\)/0x\1/g; s/000000\([0-9a-f][0-9a-f]\)/\U\1/g; s/ /\t /g' \
  <<<"$paper")
printf '# comment\n\n   \t\n  # indented comment\n  %s  \r\n%s\n' "$fancy" "$(eq2 9 0 0)" >"$in"
expect "mixed formats, comments and blank lines" 0 $'C 00000002 1 3\nC 00000009 7 7' "" compress
printf '%s' "$paper" >"$in"
expect "last line without newline" 0 "C 00000002 1 3" "" compress
printf '' >"$in"
expect "empty input" 0 "" "" compress
feed "# only" "" "#"
expect "only comments" 0 "" "" decompress
printf '%s %*s\n' "$paper" $((4096 - ${#paper} - 1)) "" >"$in"
expect "4096-byte line" 0 "C 00000002 1 3" "" compress
printf '# a comment of 4097 bytes %4071s\n%s\n' "" "$paper" >"$in"
expect "4097-byte line" 1 "" "deltarf: <stdin>:1: line longer than 4096 bytes" compress

# --- golden vectors: decompress -----------------------------------------------------
feed "00000002 1 3"
expect "paper example decompresses" 0 "$paper" "" decompress
feed "2 1 3" "0X2 1 3"
expect "short and 0x C0" 0 "$paper"$'\n'"$paper" "" decompress
feed "deadbeef 7 7"
expect "constant entry" 0 "$(eq2 0xdeadbeef 0 0)" "" decompress
feed "fffffff0 0 3"
expect "wrap-around entry" 0 "$(eq2 0xfffffff0 1 8)" "" decompress
printf '%s\n' "${expected[@]#C }" >"$in"
expect "every code pair decompresses" 0 "$(cat "$tmp/pairs")" "" decompress

# --- round trip compress -> decompress ---------------------------------------------
{
  echo "# round trip"
  echo "$fancy"
  eq2 0x80000000 4 64
  eq2 0xfffffffe 2 0
  eq2_with 2 2 8 5 0
  eq2 0x12345678 0 0
  eq2 0xffffffc0 64 1
} >"$tmp/rt"
"$bin" compress "$tmp/rt" >"$tmp/rt.c" 2>"$tmp/err"
grep '^C ' "$tmp/rt.c" | sed 's/^C //' >"$in"
# The input registers whose result is "C ...", normalized.
grep -v '^#' "$tmp/rt" | paste -d' ' "$tmp/rt.c" - | grep '^C ' | cut -d' ' -f5- |
  normalize >"$tmp/rt.want"
if [ "$(grep -c '^C ' "$tmp/rt.c")" -eq 5 ] && [ "$(sed -n 4p "$tmp/rt.c")" == "U" ]; then
  expect "round trip" 0 "$(cat "$tmp/rt.want")" "" decompress
else
  verdict "round trip" "compress gave '$(tr '\n' '|' <"$tmp/rt.c")'"
fi

# --- bad input ----------------------------------------------------------------------
feed "$(words 63)"
expect "63 words" 1 "" "deltarf: <stdin>:1: expected 64 hex words, got 63" compress
feed "$(words 64) 0"
expect "65 words" 1 "" "deltarf: <stdin>:1: more than 64 hex words" compress
feed "$(eq2_with 2 2 8 4 12g4)"
expect "non-hex word" 1 "" "deltarf: <stdin>:1: word 5 '12g4' is not a hex word" compress
feed "$(eq2_with 2 2 8 0 100000000)"
expect "word over 32 bits" 1 "" \
  "deltarf: <stdin>:1: word 1 '100000000' has more than 8 hex digits (32 bits)" compress
feed "$(eq2_with 2 2 8 63 0x)"
expect "bare 0x" 1 "" "deltarf: <stdin>:1: word 64 '0x' is not a hex word" compress
feed "$(eq2_with 2 2 8 1 -4)"
expect "negative word" 1 "" "deltarf: <stdin>:1: word 2 '-4' is not a hex word" compress
feed "# header" "$paper" "" "$(words 3)"
expect "error line number after good lines" 1 "C 00000002 1 3" \
  "deltarf: $in:4: expected 64 hex words, got 3" compress "$in"
printf '%s\0\n' "$paper" >"$in"
expect "NUL byte" 1 "" "deltarf: <stdin>:1: NUL byte in line" compress
feed "2 8 3"
expect "code 8" 1 "" "deltarf: <stdin>:1: log2de '8' out of range 0..7" decompress
feed "2 1 99999999999999999999999"
expect "huge code" 1 "" \
  "deltarf: <stdin>:1: log2db '99999999999999999999999' out of range 0..7" decompress
feed "2 -1 3"
expect "negative code" 1 "" "deltarf: <stdin>:1: log2de '-1' is not a decimal number" decompress
feed "2 1 0x3"
expect "hex code" 1 "" "deltarf: <stdin>:1: log2db '0x3' is not a decimal number" decompress
feed "2 1"
expect "missing code" 1 "" "deltarf: <stdin>:1: missing log2db" decompress
feed "2 1 3 x"
expect "trailing junk" 1 "" "deltarf: <stdin>:1: trailing junk 'x'" decompress
feed "C 00000002 1 3"
expect "compress output fed back verbatim" 0 "$paper" "" decompress
feed "C C 2 1 3"
expect "only one C prefix" 1 "" "deltarf: <stdin>:1: trailing junk '3'" decompress
feed "CC 1 3"
expect "CC is a C0, not a prefix" 0 "$(eq2 0xcc 2 8)" "" decompress
feed "zz 1 3"
expect "non-hex C0" 1 "" "deltarf: <stdin>:1: C0 'zz' is not a hex word" decompress
feed "1ffffffff 1 3"
expect "C0 over 32 bits" 1 "" \
  "deltarf: <stdin>:1: C0 '1ffffffff' has more than 8 hex digits (32 bits)" decompress
feed "$(printf 'x%.0s' {1..40}) 1 3"
expect "long bad word is shortened" 1 "" \
  "deltarf: <stdin>:1: C0 'xxxxxxxxxxxxxxxxxxxxxxxx...' is not a hex word" decompress
printf '2\0331 1 3\n' >"$in"
expect "control character shown as ?" 1 "" \
  "deltarf: <stdin>:1: C0 '2?1' is not a hex word" decompress
feed ""
expect "missing file" 1 "" "deltarf: $tmp/missing: No such file or directory" \
  compress "$tmp/missing"
expect "directory" 1 "" "deltarf: $tmp: Is a directory" decompress "$tmp"
if [ "$(id -u)" -ne 0 ]; then
  feed "2 1 3"
  chmod 000 "$in"
  expect "unreadable file" 1 "" "deltarf: $in: Permission denied" decompress "$in"
  chmod 600 "$in"
fi
if [ -w /dev/full ]; then
  feed "2 1 3"
  "$bin" decompress <"$in" >/dev/full 2>"$tmp/err"
  rc=$?
  why=""
  [ "$rc" -eq 1 ] && [ "$(cat "$tmp/err")" == "deltarf: <stdout>: write error" ] ||
    why="status $rc, stderr '$(cat "$tmp/err")'"
  verdict "write error" "$why"
fi

# --- rar: the paper's example (Section 5.2) and the bad-input rules ------------------
feed "50 10 0 9" "50 10 1 9" "0 256 255 1" "246 10 9 9" "0 1 0 0"
expect "RAR: paper example and edges" 0 $'59\n50\n0\n254\n0' "" rar
feed "50 10 10 9"
expect "RAR: s >= N" 1 "" "deltarf: <stdin>:1: illegal RAR input: *" rar
feed "50 10 1 10"
expect "RAR: index >= N" 1 "" "deltarf: <stdin>:1: illegal RAR input: *" rar
feed "250 10 1 1"
expect "RAR: window past the slice" 1 "" "deltarf: <stdin>:1: illegal RAR input: *" rar
feed "0 0 0 0"
expect "RAR: N = 0" 1 "" "deltarf: <stdin>:1: illegal RAR input: *" rar
feed "1 4 3 0" "1 2 3"
expect "RAR: short line" 1 "4" "deltarf: <stdin>:2: missing index" rar
feed "0 257 0 0"
expect "RAR: N over 256" 1 "" "deltarf: <stdin>:1: N '257' *" rar
feed "0 x 0 0"
expect "RAR: non-decimal" 1 "" "deltarf: <stdin>:1: N 'x' is not a decimal number" rar

# --- faultmap -------------------------------------------------------------------------
feed ""
for scenario in common clustered dispersed; do
  "$bin" faultmap --scenario "$scenario" --seed 5 >"$tmp/map" 2>"$tmp/err"
  rc=$?
  why=""
  entries=$(grep -vc '^#' "$tmp/map")
  faulty=$(grep -v '^#' "$tmp/map" | grep -c 1)
  [ "$rc" -eq 0 ] && [ "$entries" -eq 256 ] && ! grep -v '^#' "$tmp/map" | grep -qv '^[01]\{4\}$' ||
    why="status $rc, $entries entries"
  verdict "faultmap $scenario: 256 lines of 4 bits" "$why"
  case $scenario in common) want=85 ;; clustered) want=95 ;; dispersed) want=100 ;; esac
  [ "$faulty" -eq "$want" ] && why="" || why="$faulty faulty entries, want $want (Table 1)"
  verdict "faultmap $scenario: Table 1 share of faulty entries" "$why"
done
a=$("$bin" faultmap --scenario common --seed 5)
b=$("$bin" faultmap --scenario common --seed 5)
c=$("$bin" faultmap --scenario common --seed 6)
[ "$a" == "$b" ] && [ "$a" != "$c" ] && why="" || why="same seed differs or seeds agree"
verdict "faultmap: reproducible per seed" "$why"
expect "faultmap: unknown scenario" 2 "" "deltarf: unknown scenario * 'rare'; usage: *" \
  faultmap --scenario rare
expect "faultmap: bad seed" 2 "" "deltarf: bad seed '-1'; usage: *" faultmap --scenario common --seed -1
expect "faultmap: no scenario" 2 "" "deltarf: faultmap needs --scenario; usage: *" faultmap

# --- "-": a TRACE from standard input, as from the file (docs/trace-reader.md) ----------------
trace=$(dirname "$0")/../data/traces/Reduction.trace.xz
# same_as_file NAME ARGS...: the verb's output on "-" (fed the decompressed trace) is the file's,
# but the trace's name and the run's speed and memory
volatile='"(trace|peak_rss_kb|events_per_s|reader_events_per_s|seconds)": ?("[^"]*"|[0-9.e+-]*)'
same_as_file() {
  local name=$1 verb=$2; shift 2
  xz -dc "$trace" | "$bin" "$verb" - "$@" 2>"$tmp/err" | sed -E "s/$volatile//g; s|^## -:|##|" >"$tmp/stdin.out"
  "$bin" "$verb" "$trace" "$@" 2>&1 | sed -E "s/$volatile//g; s|^## [^:]*:|##|" >"$tmp/file.out"
  local why=""
  [ -s "$tmp/stdin.out" ] && cmp -s "$tmp/stdin.out" "$tmp/file.out" || why="differs from the file's: $(diff "$tmp/stdin.out" "$tmp/file.out" | head -3 | cut -c1-200)"
  verdict "$name" "$why"
}
same_as_file "sim -" sim --json
same_as_file "patch - on 3 maps (standard input kept for every pass)" patch --scenario common --maps 3 --json
same_as_file "pilot -" pilot
same_as_file "pv -" pv --chips 2 --json

# --- usage --------------------------------------------------------------------------
feed ""
expect "no arguments" 2 "" "$usage_err"
expect "unknown subcommand" 2 "" "deltarf: unknown subcommand 'squash'; usage: *" squash
expect "too many arguments" 2 "" "deltarf: unexpected argument 'b'; usage: *" compress a b
expect "unknown option" 2 "" "deltarf: unknown option '-x'; usage: *" compress -x
"$bin" --help >"$tmp/out" 2>"$tmp/err"
rc=$?
why=""
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] &&
  head -1 "$tmp/out" | grep -q '^usage: deltarf compress' ||
  why="status $rc, stdout '$(head -1 "$tmp/out")'"
verdict "--help" "$why"
version=$("$(dirname "$0")/../tools/gen/version.sh")
expect "--version" 0 "deltarf $version" "" --version
expect "--version with an argument" 2 "" "deltarf: unexpected argument 'x'; usage: *" --version x

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
