#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Speed figures (make bench): lockstep cycles/s on Verilator and on Icarus with the same
# stimulus, and the C functional models against memcpy. Reports only, asserts nothing on speed.
# Prints a markdown table and writes it to build/bench/report.md.
# usage: tools/bench.sh [SEED [BASE_REV]]: with BASE_REV, every bench of that revision is built
# (build/bench-base) and run beside today's on the same seed and transactions, in one run.
set -euo pipefail

SEED=${1:-1}
BASE_REV=${2:-}
BLOCKS=(rc_compress rc_decompress) # the Verilator / Icarus comparison
OUT=build/bench
declare -A VL_N=([rc_compress]=2000000 [rc_decompress]=2500000) # about 1-2 s each
declare -A IC_N=([rc_compress]=6000 [rc_decompress]=6000)       # about 3 s each
declare -A VL_RATE IC_RATE VL_CYCLES IC_CYCLES
THROUGHPUT=build/bench_throughput

# closing_line BLOCK LOG: the bench's closing progress line in LOG (empty when none),
# "<block>: done/total <unit>, C cycles, X Mcycles/s" (stderr)
closing_line() { grep -E "^$1: [0-9]+/[0-9]+ .* cycles, [0-9.]+ Mcycles/s$" "$2" | tail -n 1 || true; }
# line_cycles: the C of the closing line on standard input (the last "N cycles,": a unit may
# end in "cycles" too, as rc_ctable's "table cycles")
line_cycles() { awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "cycles,") c = $i; print c }'; }

# Verilator lockstep: cycles and cycles/s from the bench's closing progress line.
verilator_rate() {
  local block=$1 log="$OUT/$1.verilator.log" line
  "build/tb/bench_$block" --seed "$SEED" --n "${VL_N[$block]}" >"$log" 2>&1 || true
  line=$(closing_line "$block" "$log")
  [ -n "$line" ] || { echo "bench: no progress line from bench_$block (see $log)" >&2; exit 2; }
  VL_CYCLES[$block]=$(line_cycles <<<"$line")
  VL_RATE[$block]=$(awk '{print $(NF - 1) * 1e6}' <<<"$line")
}

# Icarus on vectors of the same seed (fewer transactions): wall time of the vvp run.
icarus_rate() {
  local block=$1 t0 t1
  tools/icarus.py tb "$block" "$OUT"
  tools/icarus.py vectors "$block" "$SEED" "${IC_N[$block]}" "$OUT"
  t0=$(date +%s.%N)
  tools/icarus.py replay "$block" "$OUT/$block.vec" "$OUT/$block.icarus.log" "$OUT" >/dev/null \
    || echo "bench: note: the Icarus run of $block failed (see $OUT/$block.icarus.log)" >&2
  t1=$(date +%s.%N)
  IC_CYCLES[$block]=$(wc -l <"$OUT/$block.vec")
  IC_RATE[$block]=$(awk -v c="${IC_CYCLES[$block]}" -v a="$t0" -v b="$t1" 'BEGIN {print c / (b - a)}')
}

# Every block's lockstep bench at its default transaction count: cycles/s from its
# closing progress line.
all_benches_table() {
  local block line
  echo "## Every lockstep bench, default transactions, seed $SEED"
  echo
  echo "| bench | transactions | cycles | Verilator lockstep cycles/s |"
  echo "|---|---|---:|---:|"
  for block in $(make -s --no-print-directory blocks); do
    "build/tb/bench_$block" --seed "$SEED" >"$OUT/$block.default.log" 2>&1 || true
    line=$(closing_line "$block" "$OUT/$block.default.log")
    awk -v b="$block" '{ t = $2; for (i = 3; $i != ","; i++) t = t " " $i
                         for (i = 1; i < NF; i++) if ($(i + 1) == "cycles") c = $i
                         printf "| %s | %s | %s | %.2f M |\n", b, t, c, $(NF - 1) }' \
      <<<"${line//,/ ,}"
  done
}

# Mcycles/s of a bench binary: the cycles of its closing progress line over the wall time of
# the whole run (the line's own rate has two decimals only): bench_rate BINARY BLOCK LOG [ARGS]
bench_rate() {
  local bin=$1 block=$2 log=$3 t0 t1
  shift 3
  t0=$EPOCHREALTIME
  "$bin" --seed "$SEED" "$@" >"$log" 2>&1 || true
  t1=$EPOCHREALTIME
  closing_line "$block" "$log" | line_cycles |
    awk -v a="$t0" -v b="$t1" '{ printf "%.4f\n", $1 / (b - a) / 1e6 }'
}

# Today's benches beside those of BASE_REV, built from a copy of that revision, same seed and
# transactions, each pair run back to back (best of 3 runs each).
base_table() {
  local base=build/bench-base block n a b x
  rm -rf "$base/src" && mkdir -p "$base/src"
  git archive "$BASE_REV" | tar -x -C "$base/src"
  echo "## Lockstep speed against $BASE_REV ($(git log -1 --format=%h "$BASE_REV")), seed $SEED, best of 3 runs"
  echo
  echo "| bench | transactions | $BASE_REV Mcycles/s | today Mcycles/s | today / $BASE_REV |"
  echo "|---|---:|---:|---:|---:|"
  for block in $(make -s --no-print-directory blocks); do
    make -s -C "$base/src" "build/tb/bench_$block" >"$base/$block.build.log" 2>&1 || { echo "| $block | (not in $BASE_REV) | | | |"; continue; }
    n=$(awk -v b="$block" '$1 == b { print $2 }' <<<"$BENCH_BASE_N")
    n=${n:-400000}
    a=0; b=0
    for _ in 1 2 3; do
      x=$(bench_rate "$base/src/build/tb/bench_$block" "$block" "$base/$block.log" --n "$n"); a=$(awk -v a="$a" -v x="$x" 'BEGIN { print (x > a ? x : a) }')
      x=$(bench_rate "build/tb/bench_$block" "$block" "$OUT/$block.vsbase.log" --n "$n"); b=$(awk -v b="$b" -v x="$x" 'BEGIN { print (x > b ? x : b) }')
    done
    awk -v blk="$block" -v n="$n" -v a="$a" -v b="$b" 'BEGIN { printf "| %s | %d | %.2f | %.2f | %.2fx |\n", blk, n, a, b, (a > 0 ? b / a : 0) }'
  done
}
# transactions per bench in the comparison (a few seconds each at today's speed)
BENCH_BASE_N="rc_compress 400000
rc_decompress 400000
psu 30000
psu_prio_enc 200000
rc_slice 60000
dcp_slice 60000"

# "2.5 M", "10.4 k" style.
human() {
  awk -v x="$1" 'BEGIN { if (x >= 1e6) printf "%.2f M", x / 1e6
                         else if (x >= 1e3) printf "%.1f k", x / 1e3
                         else printf "%.0f", x }'
}

lockstep_table() {
  echo "## Lockstep co-simulation, seed $SEED (cycles/s, C model in the loop)"
  echo
  echo "| block | Verilator cycles/s | (cycles) | Icarus cycles/s | (cycles) | Verilator / Icarus |"
  echo "|---|---:|---:|---:|---:|---:|"
  for block in "${BLOCKS[@]}"; do
    printf '| %s | %s | %s | %s | %s | %s |\n' "$block" "$(human "${VL_RATE[$block]}")" \
      "${VL_CYCLES[$block]}" "$(human "${IC_RATE[$block]}")" "${IC_CYCLES[$block]}" \
      "$(awk -v a="${VL_RATE[$block]}" -v b="${IC_RATE[$block]}" 'BEGIN {printf "%.0fx", a / b}')"
  done
  echo
  echo "Icarus replays the harness's vector file (build/gen/icarus/*_tb.v), so its time includes"
  echo "parsing the vectors; Verilator's includes running the C model."
}

# Value of key in the "key value" output of bench_throughput.
tp() {
  awk -v k="$1" '$1 == k {print $2}' "$OUT/throughput.txt"
}

throughput_table() {
  echo "## C functional models, $(tp buffer_registers) registers ($(tp buffer_mib) MiB), best of 3 rounds"
  echo
  echo "| operation | registers/s | GB/s | x memcpy |"
  echo "|---|---:|---:|---:|"
  echo "| rc_compress_register | $(human "$(tp compress_regs_per_s)") | $(tp compress_gb_per_s) | $(tp compress_memcpy_ratio) |"
  echo "| rc_decompress_register | $(human "$(tp decompress_regs_per_s)") | $(tp decompress_gb_per_s) | $(tp decompress_memcpy_ratio) |"
  echo "| memcpy | - | $(tp memcpy_gb_per_s) | 1.000 |"
  echo
  echo "Buffer mix: constant, single-delta, double-delta, near-miss and random registers;"
  echo "$(tp compressible_fraction) of them compressible."
}

# Trace evaluation (issue 6): deltarf sim events/s per scheme and deltarf patch events/s on
# every trace, and the wall time of all schemes on all traces (goal: under one minute).
eval_table() {
  local t name t0 t1
  echo "## Trace evaluation: events/s of deltarf sim per scheme and of deltarf patch"
  echo
  echo "| trace | events | baseline | rar | rc | rc+rar | wc | argo | patch (common, 4 maps) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  t0=$(date +%s.%N)
  for t in data/traces/*.trace.xz; do
    name=$(basename "$t" .trace.xz)
    build/deltarf sim "$t" --json >"$OUT/sim-$name.json"
    build/deltarf patch "$t" --scenario common --json >"$OUT/patch-$name.json"
    awk -v n="$name" -v patch="$(grep -o '"events_per_s": *[0-9.e+]*' "$OUT/patch-$name.json" | grep -o '[0-9.e+]*$')" '
      function h(x) { x += 0; return x >= 1e6 ? sprintf("%.2f M", x / 1e6) : sprintf("%.0f k", x / 1e3) }
      { if (match($0, /"events":[0-9]+/)) ev = substr($0, RSTART + 9, RLENGTH - 9)
        s = $0; row = ""
        while (match(s, /"scheme":"[^"]*"/)) {
          s = substr(s, RSTART + RLENGTH)
          match(s, /"events_per_s":[0-9.e+]+/); row = row " | " h(substr(s, RSTART + 15, RLENGTH - 15))
        }
        printf "| %s | %s%s | %s |\n", n, ev, row, h(patch) }' "$OUT/sim-$name.json"
  done
  t1=$(date +%s.%N)
  echo
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "All six schemes and DC-Patch (4 fault maps) on every trace: %.1f s wall (goal: every scheme on every trace under 60 s).\n", b - a }'
  echo "sim reads a trace once for every scheme and folds its repetitions; patch reads it once per fault map."
}

targets() {
  echo "## Targets (from the issue; reported, not asserted)"
  echo
  echo "- Verilator lockstep >= 2 M cycles/s and >= 50x Icarus"
  echo "- C compress >= 0.25x memcpy bandwidth"
}

main() {
  mkdir -p "$OUT"
  for block in "${BLOCKS[@]}"; do
    verilator_rate "$block"
    icarus_rate "$block"
  done
  make -s build/deltarf
  gcc -O2 -std=c11 -Wall -Wextra -Werror -Icmodel tools/bench_throughput.c build/libdrf.a \
    -o "$THROUGHPUT"
  "$THROUGHPUT" >"$OUT/throughput.txt"
  make -s build/tools/gentrace
  { lockstep_table; echo; all_benches_table; echo
    [ -n "$BASE_REV" ] && { base_table; echo; }
    throughput_table; echo; eval_table; echo
    tools/bench_trace.sh build/deltarf build/tools/gentrace "$OUT"; echo; targets; } \
    | tee "$OUT/report.md"
}

main
