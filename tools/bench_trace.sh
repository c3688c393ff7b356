#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Trace-evaluation speed and memory on generated traces of the SDK runs not in the repository
# (issue 21): deltarf sim with all schemes on a BinomialOption-shaped trace (128 wavefronts,
# 0.55 M W and 1.03 M R lines, 354 MB of text) against `xz -dc` alone on the same file, in the
# same run; deltarf sim and patch (2 maps) on a BlackScholes-shaped one (1024 wavefronts of 62
# registers live at once). Reports only, asserts nothing. Traces are generated into build/bench
# once (tools/gentrace.c, seed 1; xz -0). usage: tools/bench_trace.sh DELTARF GENTRACE [OUT]
set -euo pipefail
BIN=$1 GEN=$2 OUT=${3:-build/bench}
mkdir -p "$OUT"

# trace NAME GENTRACE-ARGS...: $OUT/NAME.trace.xz, generated once
trace() {
    local name=$1 f="$OUT/$1.trace.xz"
    shift
    if [ ! -s "$f" ]; then
        echo "bench: generating $f (gentrace $*)" >&2
        "$GEN" --seed 1 "$@" | xz -T2 -0 >"$f.tmp" && mv "$f.tmp" "$f"
    fi
    echo "$f"
}

# timed LOG OUT CMD...: runs CMD, stdout to OUT; "wall user rss_kb" of GNU time in LOG.time
timed() {
    local log=$1 out=$2
    shift 2
    /usr/bin/time -f '%e %U %M' -o "$log.time" "$@" >"$out" 2>"$log.err"
}
col() { awk -v c="$2" '{print $c}' "$1.time"; }

BINOM=$(trace BinomialOption-gen --waves 128 --nvregs 20 --instrs 4300)
BLACK=$(trace BlackScholes-gen --waves 1024 --nvregs 62 --instrs 200)
size=$(xz --robot -l "$BINOM" | awk '$1 == "totals" {print $5}')
timed "$OUT/xz" /dev/null xz -dc "$BINOM"
timed "$OUT/sim-binom" "$OUT/sim-binom.out" "$BIN" sim "$BINOM" --json
timed "$OUT/sim-black" "$OUT/sim-black.out" "$BIN" sim "$BLACK" --json
timed "$OUT/patch-black" "$OUT/patch-black.out" "$BIN" patch "$BLACK" --scenario common --maps 2 --json

echo "## Trace evaluation on generated large traces (tools/gentrace.c, seed 1)"
echo
echo "| run | wall s | user CPU s | peak RSS MB | MB/s of trace text (wall) | MB/s (CPU) | / xz -dc (wall) | / xz -dc (CPU) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
row() { # label log
    awk -v l="$1" -v s="$size" -v xw="$(col "$OUT/xz" 1)" -v xu="$(col "$OUT/xz" 2)" \
        '{ printf "| %s | %.1f | %.1f | %.0f | %s | %s | %s | %s |\n", l, $1, $2, $3 / 1024,
           (s ? sprintf("%.1f", s / 1e6 / $1) : "-"), (s && $2 > 0 ? sprintf("%.1f", s / 1e6 / $2) : "-"), (xw > 0 ? sprintf("%.2f", $1 / xw) : "-"),
           (xu > 0 ? sprintf("%.2f", $2 / xu) : "-") }' "$2.time"
}
row "xz -dc BinomialOption-gen ($(awk -v s="$size" 'BEGIN {printf "%.0f MB", s / 1e6}'))" "$OUT/xz"
row "deltarf sim, all schemes, BinomialOption-gen" "$OUT/sim-binom"
echo "| deltarf sim, all schemes, BlackScholes-gen | $(awk '{printf "%.1f | %.1f | %.0f", $1, $2, $3 / 1024}' "$OUT/sim-black.time") | | | | |"
echo "| deltarf patch --maps 2, BlackScholes-gen | $(awk '{printf "%.1f | %.1f | %.0f", $1, $2, $3 / 1024}' "$OUT/patch-black.time") | | | | |"
echo
echo "Goals (issue 21): deltarf sim >= 50 MB/s of trace text with all schemes and <= 4x the time"
echo "of xz -dc on the same file; sim and patch (2 maps) on BlackScholes within 5 minutes each."
echo "Waits (BlackScholes-gen): $(grep -o '"dispatch":{[^}]*}' "$OUT/sim-black.out")"
echo "The machine is shared (load average $(cut -d' ' -f1-3 /proc/loadavg) at the end): wall times include"
echo "other jobs, CPU times do not (user time sums both threads of deltarf sim on an xz file)."
