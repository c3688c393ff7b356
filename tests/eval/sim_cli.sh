#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CLI tests of `deltarf sim` (aging paper Sections 5-6 on traces, docs/eval.md): a valid tiny
# trace in text, JSON and plot-data form; each malformed trace kind and a truncated xz stream
# give one error line naming file and line and exit 1; usage errors exit 2.
set -u
BIN=${1:-build/deltarf}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

hdr='# deltarf register-write trace v1'
vals() { local v=$1 i; for i in $(seq 64); do printf ' %08x' "$v"; done; }
{
    echo "$hdr"
    echo "A 100 0 0 1 2"
    echo "W 110 0 0 1 0 ffffffffffffffff$(vals 5)"
    echo "R 112 0 0 1 0"
    echo "W 120 0 0 1 1 ffffffffffffffff$(vals 3)"
    echo "F 130 0 0 1"
} >"$T/good.trace"

# A valid trace: every scheme reported; constant writes compress, so RC never wakes a register.
out=$("$BIN" sim "$T/good.trace" --repeat 1 2>"$T/err") && [ ! -s "$T/err" ] \
    && grep -q '^rc+rar ' <<<"$out" && grep -q '^argo ' <<<"$out" \
    && grep -q 'constant 100.0%' <<<"$out" && ok || bad "valid trace: $out $(cat "$T/err")"
rc_line=$(grep '^rc ' <<<"$out")
[ "$(awk '{print $(NF-4)}' <<<"$rc_line")" = 0 ] && ok || bad "rc wake-ups: $rc_line"
# The Ts increase over the lifetime (docs/eval-decisions.md, decision 15): a column of the text,
# ts_increase_pct in the JSON, the same number.
ts_json=$("$BIN" sim "$T/good.trace" --repeat 1 --json | grep -o '"scheme":"baseline"[^}]*' \
    | grep -o '"ts_increase_pct":[0-9.e+-]*' | cut -d: -f2)
ts_text=$(awk '/^baseline /{print $(NF-5)}' <<<"$out")
[ -n "$ts_json" ] && grep -q ' Ts+3y ' <<<"$out" \
    && [ "$(LC_ALL=C printf '%.1f%%' "$ts_json")" = "$ts_text" ] \
    && ok || bad "Ts increase: text '$ts_text', json '$ts_json'"
json=$("$BIN" sim "$T/good.trace" --repeat 1 --scheme rc --scheme wc --json) \
    && [[ $json == '{"trace":'* ]] && grep -q '"scheme":"rc"' <<<"$json" \
    && ! grep -q '"scheme":"baseline"' <<<"$json" && ok || bad "json: $json"
"$BIN" sim "$T/good.trace" --repeat 1 --plots "$T/plots" >/dev/null \
    && [ "$(grep -vc '^#' "$T/plots/bits.tsv")" = 2048 ] && [ "$(grep -vc '^#' "$T/plots/regs.tsv")" = 256 ] \
    && [ "$(grep -vc '^#' "$T/plots/summary.tsv")" = 6 ] && [ -s "$T/plots/patterns.tsv" ] \
    && ok || bad "plot data"
# The trace path is a JSON string: quotes and backslashes escaped.
cp "$T/good.trace" "$T/q\"uo\\te.trace"
json=$("$BIN" sim "$T/q\"uo\\te.trace" --repeat 1 --scheme rc --json) \
    && grep -qF "{\"trace\":\"$T/q\\\"uo\\\\te.trace\",\"map\":\"packed\"," <<<"$json" \
    && ok || bad "json escaping: ${json:0:120}"
xz -c "$T/good.trace" >"$T/good.trace.xz"
untimed() { "$BIN" sim "$1" --repeat 1 --json | sed 's/"[a-z_]*per_s":[0-9.e+-]*//g; s/"peak_rss_kb":[0-9]*//; s/^{"trace":"[^"]*"//'; }
[ "$(untimed "$T/good.trace.xz")" = "$(untimed "$T/good.trace")" ] \
    && ok || bad "xz and text give different results"

# Malformed traces: exactly one line "deltarf sim: FILE:LINE: ...", exit status 1.
expect_error() { # name line file
    "$BIN" sim "$3" >/dev/null 2>"$T/err"
    local st=$?
    if [ $st -eq 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "^deltarf sim: $3:$2: " "$T/err"; then
        ok
    else
        bad "$1: status $st, stderr: $(cat "$T/err")"
    fi
}
malformed() { # name line event-line
    { echo "$hdr"; echo "A 100 0 0 1 2"; echo "$3"; } >"$T/$1.trace"
    expect_error "$1" "$2" "$T/$1.trace"
}
malformed bad-field 3 "R 101 0 0 1 zz"
malformed unknown-event 3 "X 101 0 0 1"
malformed vreg-range 3 "W 101 0 0 1 2 ffffffffffffffff$(vals 1)"
malformed short-write 3 "W 101 0 0 1 0 ffffffffffffffff 00000001"
malformed cycle-back 3 "R 99 0 0 1 0"
{ echo "$hdr"; echo "W 100 0 0 1 0 ffffffffffffffff$(vals 1)"; } >"$T/w-before-a.trace"
expect_error w-before-a 2 "$T/w-before-a.trace"
# truncated xz: the good trace's stream cut short
head -c $(( $(stat -c %s "$T/good.trace.xz") - 20 )) "$T/good.trace.xz" >"$T/cut.trace.xz"
"$BIN" sim "$T/cut.trace.xz" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "^deltarf sim: $T/cut.trace.xz:[0-9]*: " "$T/err" \
    && ok || bad "truncated xz: $(cat "$T/err")"
"$BIN" sim "$T/missing.trace" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && ok || bad "missing file: $(cat "$T/err")"

# Usage errors exit 2.
for args in "" "--scheme nope $T/good.trace" "$T/good.trace --map x" "$T/good.trace --repeat -1" \
            "$T/good.trace --dispatch x" \
            "$T/good.trace extra" "$T/good.trace --repeat"; do
    # shellcheck disable=SC2086
    "$BIN" sim $args >/dev/null 2>&1
    [ $? -eq 2 ] && ok || bad "usage error not 2: sim $args"
done

# A real trace end to end (the smallest): the baseline holds some cell at '0' all the time.
if [ -f data/traces/Reduction.trace.xz ]; then
    out=$("$BIN" sim data/traces/Reduction.trace.xz --scheme baseline --scheme rc+rar) \
        && grep -q '^baseline  *100.0%' <<<"$out" && ok || bad "Reduction: $out"
fi
echo "sim_cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
