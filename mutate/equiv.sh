#!/bin/bash
# Proves a surviving mutant equivalent to its block for `make mutate` (issue 7; docs/mutate.md):
# Yosys 0.23 `miter -equiv` of the flattened block (gold) and the single mutant, bit-blasted to
# AIGER, and ABC's sequential equivalence prover `dprove` (signal correspondence, induction, PDR)
# from the all-zero state of both copies; if it decides nothing, `scorr; pdr`.
# usage: mutate/equiv.sh [-t SECONDS] BLOCK DIR K -> "K proven" (exit 0), "K not equivalent" or
#   "K unproven" (exit 1); DIR/equiv/K.log: the Yosys and ABC logs. SECONDS per step: 300 or
#   MUT_PROOF_SECONDS.
set -uo pipefail
tmo=${MUT_PROOF_SECONDS:-300} # per step (Yosys, ABC); the proofs are load-dependent
if [ "${1:-}" = -t ]; then tmo=$2; shift 2; fi
[ $# -eq 3 ] || { echo "usage: mutate/equiv.sh [-t SECONDS] BLOCK DIR K" >&2; exit 2; }
block=$1 dir=$2 k=$3
line=$(sed -n "${k}p" "$dir/mutants.ys" 2>/dev/null)
[ -n "$line" ] && [ -s "$dir/gold.il" ] \
  || { echo "mutate/equiv.sh: no mutant $k in $dir/mutants.ys or no $dir/gold.il" >&2; exit 2; }
# The single mutation, on the copy 'mut' of the block, without the run-time selector.
one=$(sed -E "s/ -ctrl mutsel [0-9]+ [0-9]+//; s/ -module $block / -module mut /" <<<"$line")
mkdir -p "$dir/equiv"
log=$dir/equiv/$k.log aig=$dir/equiv/$k.aig
rm -f "$aig"
# Memories become flip-flops; FFs without an initial value start at 0 in both copies;
# undefined constants are 0 in both.
timeout "$tmo" yosys -q -l "$log" -p "read_rtlil $dir/gold.il; copy $block mut; $one
rename $block gold; memory -nomap; opt_clean; miter -equiv -flatten gold mut miter
hierarchy -top miter; memory_map; opt -fast; techmap; opt -fast; setundef -zero -init
setundef -zero; dffunmap; aigmap; opt_clean; write_aiger -zinit $aig" >/dev/null 2>&1 \
  && timeout "$tmo" yosys-abc -c "read_aiger $aig; dprove" >>"$log" 2>&1

# What the log says so far: proven, not equivalent or unproven.
verdict() {
  if grep -qE "^(Networks are equivalent|UNSATISFIABLE|Property proved)" "$log"; then echo proven
  elif grep -qiE "not equivalent|was asserted|^SATISFIABLE" "$log"; then echo "not equivalent"
  else echo unproven; fi
}
# dprove gives up on some invariants PDR finds once the copies' corresponding flip-flops are
# merged (rar_alloc's s_all bounds: 52 s)
if [ "$(verdict)" = unproven ] && [ -s "$aig" ]; then
  timeout "$tmo" yosys-abc -c "read_aiger $aig; scorr; pdr" >>"$log" 2>&1
fi
v=$(verdict)
echo "$k $v"
[ "$v" = proven ]
