#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Cross-simulation on Icarus Verilog: replays every lockstep bench's vectors (the inputs it
# drove and the C model's expected outputs, per cycle) on the RTL with the testbenches generated
# from the ports (build/gen/icarus/*_tb.v, tools/registry.py), and proves a testbench fails on
# a corrupted copy of the first block's. usage: tools/icarus.sh SEED N BLOCK...
# tools/bench.sh sources this file for build_tb, make_vectors and run_tb (globals SEED, N, OUT).
set -euo pipefail

GEN=${GEN:-build/gen}
pass=0
fail=0
ran=""
# shellcheck source=tools/closing.sh
source "$(dirname "${BASH_SOURCE[0]}")/closing.sh"

# Compiles the testbench of block; RTL modules are found by file name in rtl/ (-y).
build_tb() {
  local block=$1
  iverilog -g2005 -Wall -I rtl -I tb -y rtl -s "${block}_tb" \
    -o "$OUT/${block}_tb.vvp" "$GEN/icarus/${block}_tb.v"
}

# Writes $OUT/<block>.vec with the Verilator lockstep bench. A short run may miss coverage
# bins (exit 1); that is `make verify`'s business, but a divergence is shown here. With
# ICARUS_CYCLES > 0 the replay is its first ICARUS_CYCLES cycles (a prefix of a run is a run):
# psu's directed steering sweep alone is 65,280 cycles (its take sweep 2,048 more), two minutes
# of Icarus.
make_vectors() {
  local block=$1 log="$OUT/$1.gen.log" vec="$OUT/$1.vec"
  if ! "build/tb/bench_$block" --seed "$SEED" --n "$N" --vectors "$vec" \
      >"$log" 2>&1; then
    grep -h "FIRST DIVERGENCE" "$log" | sed 's/^/icarus: note: verilator bench: /' || true
  fi
  [ -s "$vec" ] || { echo "icarus: no vectors written for $block (see $log)"; exit 2; }
  if [ "${ICARUS_CYCLES:-0}" -gt 0 ] && [ "$(wc -l <"$vec")" -gt "$ICARUS_CYCLES" ]; then
    head -n "$ICARUS_CYCLES" "$vec" >"$vec.prefix" && mv "$vec.prefix" "$vec"
    echo "icarus: $block: the first $ICARUS_CYCLES cycles of the run replayed (ICARUS_CYCLES)"
  fi
}

# Runs one testbench on one vector file; prints its result lines, returns its status.
run_tb() {
  local block=$1 vec=$2 log=$3 rc=0
  vvp -n "$OUT/${block}_tb.vvp" "+vectors=$vec" >"$log" 2>&1 || rc=$?
  grep -h "^$block (icarus): " "$log" || cat "$log"
  return "$rc"
}

# One block from start to end: testbench, vectors, replay. It passes only on exit status 0
# and a "0 failed" line.
check_block() {
  local block=$1 log="$OUT/$1.log"
  build_tb "$block" && make_vectors "$block" && run_tb "$block" "$OUT/$block.vec" "$log" \
    && grep -q "^$block (icarus): [0-9]* passed, 0 failed$" "$log"
}

# Runs check_block on every block, ICARUS_JOBS (2) at a time; prints each block's output in
# order and counts the results.
check_blocks() {
  local block jobs=${ICARUS_JOBS:-2}
  for block in "$@"; do
    [ -x "build/tb/bench_$block" ] || continue # not run: named by closing
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    (if check_block "$block" >"$OUT/$block.out" 2>&1; then echo 0; else echo 1; fi >"$OUT/$block.rc") &
  done
  wait
  for block in "$@"; do
    [ -e "$OUT/$block.rc" ] || continue
    cat "$OUT/$block.out"
    if [ "$(cat "$OUT/$block.rc" 2>/dev/null)" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
    ran="$ran $block"
  done
}

# Copies SRC to DST up to line LINE + 1, flipping bit 0 of field FIELD of line LINE
# (which must be a compared line).
corrupt_copy() {
  awk -v L="$3" -v F="$4" 'NR == L {
      if ($1 != "1") { print "icarus: line " L " is not compared" > "/dev/stderr"; exit 3 }
      d = "0123456789abcdef"; v = $F; i = index(d, substr(v, length(v), 1)) - 1
      i = (i % 2) ? i - 1 : i + 1
      $F = substr(v, 1, length(v) - 1) substr(d, i + 1, 1)
    } NR > L + 1 { exit } { print }' "$1" >"$2"
}

# Corrupts one expected output of one compared line of the block's vectors (both picked from
# the seed) and requires its testbench to report exactly that cycle and signal.
check_corrupted() {
  local block=$1 src="$OUT/$1.vec" bad="$OUT/$1.corrupt.vec" log="$OUT/$1.corrupt.log"
  local lines line k sig field outputs
  # fields of a line: the flag, then the ports but clk, in RTL order
  mapfile -t outputs < <(awk -v b="$block" '$1 == b && $2 != "clk" { n++ } $1 == b && $3 == "output" { print n + 1, $2 }' "$GEN/ports.tsv")
  lines=$(wc -l <"$src")
  local span=$((lines - 2 < 2000 ? lines - 2 : 2000))
  line=$((3 + (SEED * 7919) % (span > 0 ? span : 1)))
  k=$((SEED % ${#outputs[@]}))
  field=${outputs[$k]% *}; sig=${outputs[$k]#* }
  echo "icarus: corrupted copy of $block: cycle $((line - 1)), signal $sig flipped (bit 0)"
  if ! corrupt_copy "$src" "$bad" "$line" "$field"; then
    fail=$((fail + 1))
  elif run_tb "$block" "$bad" "$log"; then
    echo "icarus: FAIL: the corrupted copy passed"
    fail=$((fail + 1))
  elif grep -q "^$block (icarus): FIRST DIVERGENCE at cycle $((line - 1)): signal $sig " "$log"; then
    echo "icarus: corrupted copy detected as expected"
    pass=$((pass + 1))
  else
    echo "icarus: FAIL: the corrupted copy was not reported at cycle $((line - 1)), signal $sig"
    fail=$((fail + 1))
  fi
}

main() {
  SEED=${1:?usage: tools/icarus.sh SEED N BLOCK...}
  N=$2
  shift 2
  OUT=build/icarus
  mkdir -p "$OUT"
  rm -f "$OUT"/*.rc
  check_blocks "$@"
  [ $# -gt 0 ] && check_corrupted "$1" # the first block's vectors, corrupted
  closing icarus "$pass" "$fail" "$*" "$ran"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main "$@"
fi
