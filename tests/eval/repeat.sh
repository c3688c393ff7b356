#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `deltarf sim --repeat R` reads the trace once and folds the repetitions (docs/eval-decisions.md,
# decision 6): its figures equal those of one replay of R copies of the trace written back to
# back (cycles shifted by the trace's length, new wavefront ids), where RAR's s and ARGO's
# pointer carry over from copy to copy. Windows are reused (40 wavefronts, 20 live), so RAR
# rotates and ARGO moves. usage: tests/eval/repeat.sh DELTARF GENTRACE
set -u
BIN=${1:?usage: repeat.sh DELTARF GENTRACE} GEN=${2:?usage: repeat.sh DELTARF GENTRACE}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL repeat: $*" >&2; }

"$GEN" --seed 9 --waves 40 --nvregs 13 --instrs 6 --live 20 >"$T/one.trace"
# copies TRACE R: R copies back to back
copies() {
    awk -v r="$2" '/^[AWRF] / { if (!n++) first = $2; last = $2; line[n] = $0 }
        END { print "# deltarf register-write trace v1"
              for (k = 0; k < r; k++) for (i = 1; i <= n; i++) {
                  split(line[i], f, " "); f[2] += k * (last - first + 1); f[5] += k * 1000000
                  s = f[1]; for (j = 2; j <= length(f); j++) s = s " " f[j]; print s } }' "$1"
}
figures() { sed 's/"[a-z_]*per_s":[0-9.e+-]*//g; s/"dispatch":{[^}]*}//; s/"peak_rss_kb":[0-9]*//;
    s/^{"trace":"[^"]*"//; s/"repeat":[0-9]*//' "$1" | tr ',' '\n'; }
# same A B: the same fields, numbers within 1e-5 relative (energies are sums of pJ: x R and
# R sums differ in the last bits, and %.6g may round them apart)
same() {
    paste -d '\t' <(figures "$1") <(figures "$2") | awk -F'\t' '
        { a = $1; b = $2; sub(/.*:/, "", a); sub(/.*:/, "", b); sub(/[]}]+$/, "", a); sub(/[]}]+$/, "", b)
          if ($1 == $2) next
          if (a + 0 == a && b + 0 == b && (a - b) ^ 2 <= 1e-10 * (a ^ 2 + b ^ 2)) next
          bad++; print "differs: " $1 " / " $2 > "/dev/stderr" }
        END { exit bad > 0 }' && [ "$(figures "$1" | wc -l)" = "$(figures "$2" | wc -l)" ]
}
for r in 2 5; do
    copies "$T/one.trace" "$r" >"$T/copies.trace"
    for map in packed recorded; do
        "$BIN" sim "$T/one.trace" --dispatch passes --map "$map" --repeat "$r" --json >"$T/folded.json"
        "$BIN" sim "$T/copies.trace" --dispatch passes --map "$map" --repeat 1 --json >"$T/copies.json"
        grep -q '"scheme":"rar"' "$T/folded.json" && same "$T/folded.json" "$T/copies.json" \
            && ok || bad "--repeat $r --map $map differs from $r copies"
    done
done
# the repetitions matter: RAR's longest '1' duty cycle drops from 1 to 5 repetitions
l1() { "$BIN" sim "$T/one.trace" --dispatch passes --repeat "$1" --scheme rar --json | grep -o '"longest1":[0-9.e+-]*'; }
[ "$(l1 1)" != "$(l1 5)" ] && ok || bad "RAR's figures do not change with --repeat"
echo "repeat: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
