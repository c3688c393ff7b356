#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Proves the invariants of a block that mutate/equiv.sh -c assumes of it (docs/mutate.md):
# each lemma of mutate/lemmas/BLOCK.txt must hold in every cycle after the first reset, from any
# power-up state, in the block with its memories above MUT_LEMMA_MAP_BITS bits (16384) cut (read
# data free, an over-approximation) and the smaller ones as flip-flops; ABC's pdr, one per lemma.
# usage: mutate/lemma.sh BLOCK DIR (after equiv.sh made DIR/equiv/memcut.*) -> DIR/equiv/lemmas.tsv:
#   name, proven / refuted / unproven, expression; made once per gold.il and lemma file. Logs:
#   DIR/equiv/lemma/. mutate/lemma.sh BLOCK DIR EXPRESSION -> the verdict of that one (make
#   mutate's check of the prover on a false lemma, MUT_LEMMA_CHECK_<block>, must be refuted).
set -uo pipefail
here=$(dirname "$0")
tmo=${MUT_PROOF_SECONDS:-300}
block=$1 dir=$2 check=${3:-}
src=$here/lemmas/$block.txt out=$dir/equiv/lemmas.tsv work=$dir/equiv/lemma
[ -s "$src" ] || [ -n "$check" ] || exit 0
[ -s "$dir/equiv/memcut.bits" ] \
  || { echo "mutate/lemma.sh: no $dir/equiv/memcut.bits (mutate/equiv.sh -c makes it)" >&2; exit 2; }
# shellcheck source=mutate/common.sh
. "$here/common.sh"
exec 9>"$dir/equiv/lemma.lock" # the survivors' proofs run two at a time: one makes the table
flock 9
mkdir -p "$work"

# The block as module gold, its large memories cut: $work/gold.v.
netlist() {
  local cut
  cut=$(awk -v m="${MUT_LEMMA_MAP_BITS:-16384}" '$3 > m {printf "chtype -set %s gold/%s; ", $1, $2}' \
    "$dir/equiv/memcut.bits")
  timeout "$tmo" yosys -q -l "$work/gold.log" -p "read_rtlil $dir/gold.il; $masked
read_verilog -lib $dir/equiv/memcut.v; rename $block gold; $cut expose -evert gold/t:memcut*
memory_map; opt_clean; write_verilog -norename $work/gold.v" >/dev/null 2>&1 || : >"$work/gold.v"
}

# One lemma: "proven" when pdr finds an inductive invariant, "refuted" when it finds a trace
# (read data of the cut memories free: maybe not a real one), else "unproven". The check starts
# at the first reset.
prove() { # NAME EXPRESSION
  local checker="  reg lemma_reset_seen = 1'b0;\\n"
  checker+="  always @(posedge clk) if (rst) lemma_reset_seen <= 1'b1;\\n"
  into_gold "$checker  always @* if (lemma_reset_seen) assert ($2);\\n" "$work/gold.v" "$work/$1.v"
  rm -f "$work/$1.aig"
  timeout "$tmo" yosys -q -l "$work/$1.log" -p "read_verilog -formal $work/$1.v; hierarchy -top gold
proc; async2sync; delete -port gold/o:*; opt_clean; techmap; opt -fast; setundef -zero; dffunmap
aigmap; opt_clean; write_aiger -zinit $work/$1.aig" >/dev/null 2>&1
  rm -f "$work/$1.v"
  [ -s "$work/$1.aig" ] && timeout "$tmo" yosys-abc -c "read_aiger $work/$1.aig; pdr" >>"$work/$1.log" 2>&1
  if grep -q "^Property proved" "$work/$1.log"; then echo proven
  elif grep -q "was asserted in frame" "$work/$1.log"; then echo refuted
  else echo unproven; fi
}

if [ -n "$check" ]; then
  netlist && prove check "$check"
else
  key=$(cat "$dir/gold.il" "$src" "$0" | md5sum | cut -d' ' -f1)
  [ "$(head -1 "$out" 2>/dev/null)" = "# $key" ] && exit 0
  netlist
  {
    echo "# $key"
    grep -v '^ *\(#\|$\)' "$src" | while read -r name expr; do
      printf '%s\t%s\t%s\n' "$name" "$(prove "$name" "$expr")" "$expr"
    done
  } >"$out.tmp" && mv -f "$out.tmp" "$out"
fi
rm -f "$work/gold.v"
