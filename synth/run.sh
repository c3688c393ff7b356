#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# synth/run.sh: the `make synth` flow. Synthesises each named RTL block with Yosys on the
# project's liberty (synth/deltarf45.lib), leaves its numbers in SYNTH_DIR/BLOCK/result.json; then
# tools/synth/synth_report.py writes SYNTH_DIR/area.md and area.csv (the papers' figures from
# data/papers/synth.tsv) and tools/report/results.py the result SYNTH_RESULT (docs/results.md).
# usage: synth/run.sh BLOCK...  (env SYNTH_CLOCK_PS, RTL_DIR, SYNTH_DIR, SYNTH_JOBS, SYNTH_RESULT,
# LAUNCHER); exits 1 if a block failed. SYNTH_CLOCK_PS: the clock period, ABC's delay target (make
# synth: CLOCK_PS). Each block is a job of the one runner (tools/run/runner.py run: SYNTH_JOBS at a
# time here, LAUNCHER=slurm a Slurm job array), which runs synth/run.sh --block BLOCK.
# BLOCK@N: BLOCK with its parameter IMPL = N (chparam); with BLOCK also named, the report's Area
# work sets BLOCK@0, the straightforward implementation, beside BLOCK, the optimised default.
set -u
export LC_ALL=C

LIB=synth/deltarf45.lib
RTL_DIR=${RTL_DIR:-rtl}
OUT=${SYNTH_DIR:-build/synth}
JOBS=${SYNTH_JOBS:-2}
TIMEOUT_S=${SYNTH_TIMEOUT:-900} # a block that takes longer is reported as FAILED (timeout)
CYCLE_PS=${SYNTH_CLOCK_PS:-}    # abc -D: the papers' 1 GHz cycle (the Makefile's CLOCK_PS)
# SYNTH_FAST=1 (make synth-smoke, a make test step): ABC's fast liberty mapping (abc -fast),
# about a tenth of the mapping time; every block is still synthesised, checked and mapped and the
# macros measured, but the areas and delays are not the reported ones (make synth makes those).
# (Without -constr and -D: with them the fast script's buffering step fails on some blocks,
# "node has no fanout"; so no delay either.)
# The smoke run also skips synth's SAT-based resource sharing (-noshare: dcp_slice 69 -> 48 s CPU),
# and synthesises each block of the run once: inside another block, the run's blocks are black
# boxes, as the memory macros are (docs/synth.md: dcp_slice 107 -> 16 s of CPU without its psu,
# Com, Dec and RC units). make synth flattens every block whole.
# Timing-driven mapping (docs/synth.md): ABC's classic delay-oriented mapper `map -D` on the
# sized cells, then buffering and up/down-sizing to the same target, in $OUT/abc.script.
ABC_MAP=abc; ABC_TIMING="-constr $OUT/abc.constr -D $CYCLE_PS -script $OUT/abc.script"; SYNTH_OPTS=""
[ -n "${SYNTH_FAST:-}" ] && { ABC_MAP="abc -fast"; ABC_TIMING=""; SYNTH_OPTS=" -noshare"; }

# Memory macros (docs/synth.md). A module named here is an SRAM/eDRAM array in the papers:
# synthesised on its own it is reported as storage bits and bytes (its $mem bits plus the
# flip-flops of the registers named after the colon, e.g. the valid bits kept as a vector for
# their reset; its other flip-flops are counted apart as control), inside another block it is a
# black box. Arrays inferred as $mem cells in any other block (rc_slice's slice, the DRB of
# dcp_compress) are macros too: kept as unmapped $mem cells, reported as bits, and left out of
# the logic area. The arrays are the blocks whose synth column in blocks.tsv says macro:
# SYNTH_MACROS, module[:register,register...] each (make synth passes it).
MACRO_SPECS=${SYNTH_MACROS:-}
MACRO_MODULES=$(for m in $MACRO_SPECS; do printf '%s ' "${m%%:*}"; done)

die() { echo "synth: $*" >&2; exit 2; }
ONE=""  # --block BLOCK: that block's job alone (the runner's), the run's setup already made
[ "${1:-}" = --block ] && { [ $# -eq 2 ] || die "usage: synth/run.sh --block BLOCK"; ONE=$2; }
[ $# -gt 0 ] || die "usage: synth/run.sh BLOCK..."
[[ $CYCLE_PS =~ ^[0-9]+$ ]] || die "SYNTH_CLOCK_PS (the clock period in ps) not set: make synth sets it"
command -v yosys >/dev/null || die "yosys not found (make tools)"
[ -f "$LIB" ] || die "$LIB missing (run from the repository root)"
ls "$RTL_DIR"/*.v >/dev/null 2>&1 || die "no Verilog in $RTL_DIR"

# the block list, duplicates dropped, order kept
blocks=()
for b in "$@"; do
  case " ${blocks[*]-} " in *" $b "*) ;; *) blocks+=("$b") ;; esac
done

if [ -z "$ONE" ]; then
mkdir -p "$OUT"
# the smoke's black boxes: the top modules of the run's blocks (the jobs inherit the list)
[ -n "${SYNTH_FAST:-}" ] && export SMOKE_BOXES="$(for b in "${blocks[@]}"; do echo "${b%@*}"; done | sort -u | tr '\n' ' ')"
rm -f "$OUT/area.md" "$OUT/area.csv"
# The timing environment of ABC and of make power's OpenSTA (tools/synth/power.py reads this file):
# every input driven by an INV_X1, every output loads 3.7 fF (about two gate inputs); ABC's
# `stime -p` then reports the mapped netlist's longest combinational path.
printf 'set_driving_cell INV_X1\nset_load 3.7\n' >"$OUT/abc.constr"
D="-D $CYCLE_PS"
echo "strash; &get -n; &fraig -x; &put; scorr; dc2; dretime; strash; dch -f; map $D; cleanup; buffer;" \
  "upsize $D; dnsize $D; stime -p" >"$OUT/abc.script"
fi

is_macro() { case " $MACRO_MODULES " in *" $1 "*) return 0 ;; esac; return 1; }
present_modules() { # the macro modules that exist in the RTL
  local m
  for m in $MACRO_MODULES; do
    grep -qE "^[[:space:]]*module[[:space:]]+$m\b" "$RTL_DIR"/*.v && echo "$m"
  done
}
PRESENT_MACROS=$(present_modules | tr '\n' ' ')

# --- one block: a generated Yosys script, its log, the numbers in $d/result.json ----------
synth_block() {
  local b=$1 d="$OUT/$1" top=${1%@*} m t0 rc
  rm -rf "$d" && mkdir -p "$d"
  {
    echo "# generated by synth/run.sh: block $b"
    echo "read_liberty -lib $LIB"
    echo "read_verilog -I$RTL_DIR $RTL_DIR/*.v"
    for m in $(printf '%s\n' $PRESENT_MACROS ${SMOKE_BOXES:-} | sort -u); do [ "$m" = "$top" ] || echo "blackbox $m"; done
    [ "$top" = "$b" ] || echo "chparam -set IMPL ${b#*@} $top"
    echo "synth -top $top -flatten$SYNTH_OPTS -run :fine"
    echo "# synth's fine and check steps without memory_map: \$mem cells stay macros"
    echo "opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast"
    echo "hierarchy -check; check"
    echo "tee -q -o $d/generic.json stat -json"
    echo "dfflibmap -liberty $LIB"
    echo "$ABC_MAP -liberty $LIB $ABC_TIMING"
    echo "opt_clean"
    echo "# the netlist; public names for every wire and cell, the same in the Verilog and the JSON"
    echo "rename -enumerate"
    echo "write_verilog -noattr $d/$b.mapped.v"
    echo "write_json $d/$b.mapped.json"
  } >"$d/$b.ys"
  t0=$(date +%s.%N)
  timeout "$TIMEOUT_S" yosys -q -l "$d/$b.log" -s "$d/$b.ys" >"$d/stdout.txt" 2>&1
  rc=$?
  # the numbers, from Yosys' JSON, in $d/result.json; the status and seconds apart
  # shellcheck disable=SC2086 # the macro specs are words
  python3 -m tools.synth.synth_block "$d" "$b" "$(is_macro "$top" && echo macro || echo logic)" "$rc" "$t0" \
    "$(date +%s.%N)" "$TIMEOUT_S" $MACRO_SPECS
}

# a block's job fails when the block did (its status says why)
[ -n "$ONE" ] && { synth_block "$ONE" && [ "$(cat "$OUT/$ONE/status" 2>/dev/null)" = ok ]; exit; }

# --- the blocks as the runner's jobs, SYNTH_JOBS at a time ----------------------------------
start=$(date +%s)
if [ "${SYNTH_REPORT_ONLY:-0}" != 1 ]; then # 1: rewrite the report from the last results
  # longest first (the last run's time; a new block counts as long) to shorten the run
  order=$(for b in "${blocks[@]}"; do echo "$(cat "$OUT/$b/seconds" 2>/dev/null || echo 9999) $b"; done \
          | sort -k1,1 -g -r | cut -d' ' -f2)
  mkdir -p "$OUT/launch"
  for b in $order; do printf '%s\tsynth/run.sh --block %s\n' "$b" "$b"; done >"$OUT/launch/jobs"
  python3 -m tools.run.runner run -l "${LAUNCHER:-local}" -j "$JOBS" -p synth-blocks "$OUT/launch"
fi
total_s=$(( $(date +%s) - start ))

# --- the report: area.csv and area.md (tools/synth/synth_report.py), the run as data from area.csv --
python3 -m tools.synth.synth_report "$OUT" "$CYCLE_PS" "$JOBS" "$total_s" "$ABC_MAP${ABC_TIMING:+ -D $CYCLE_PS (map)}" \
  "$(yosys -V | cut -d" " -f2)" "${SYNTH_REPORT_ONLY:-0}" "${blocks[@]}" || die "no report written (tools/synth/synth_report.py)"
# (docs/results.md, flow synth)
python3 -m tools.report.results synth "$OUT" "$([ -n "${SYNTH_FAST:-}" ] && echo smoke || echo full)" "$CYCLE_PS" \
  "${SYNTH_RESULT:-$OUT/synth.json}" || die "no result written (tools/report/results.py)"

fails=0
for b in "${blocks[@]}"; do
  s=$(cat "$OUT/$b/status" 2>/dev/null || echo "no result")
  [ "$s" = ok ] || { echo "synth: $b FAILED: $s (log: $OUT/$b/$b.log)"; fails=$((fails + 1)); }
done
echo "synth: ${#blocks[@]} blocks in ${total_s} s, $fails failed; report $OUT/area.md, $OUT/area.csv"
[ "$fails" -eq 0 ]
