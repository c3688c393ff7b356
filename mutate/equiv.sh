#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Proves a surviving mutant equivalent to its block for `make mutate` (docs/mutate.md):
# Yosys 0.23 `miter -equiv` of the flattened block (gold) and the single mutant, bit-blasted to
# AIGER, and ABC's sequential equivalence prover `dprove` (signal correspondence, induction, PDR)
# from the all-zero state of both copies; if it decides nothing, `scorr; pdr`.
# -c (blocks with memories too large for memory_map, e.g. dcp_slice's 64 KB): the memories are cut
# instead, and so are the flip-flops both copies share: read data and flip-flop outputs become
# inputs common to both copies, write ports (data masked by enable, mutate/memwr_mask.v), read
# addresses and flip-flop inputs become outputs. Equal outputs for every input and state imply
# equal behaviour from equal initial states (memories equal by induction), so a proof is sound.
# Else the same one step assuming the block's invariants mutate/lemma.sh proves (lemmas), else
# the flip-flops and memories mutate/keep/BLOCK.txt names for K kept in both copies, from the
# zero state (scorr; pdr), else from the zero state with all flip-flops kept (dprove). With
# free read data no counterexample is a real one: -c answers "proven" (or "proven with lemmas
# A,B", "proven with cut-points ...") or "unproven".
# Without -c, a mutant not proven from the zero state is tried once more with the block's rst
# input held at 1 in the first cycle and the outputs of that cycle not compared ("proven from
# a reset"): the benches compare only after their reset cycles, and a mutant that changes the
# encoding of reset state (e.g. a counter bit inverted on its way into the flip-flop) or reads
# a flip-flop whose power-up value no reset has set yet differs from the block only before the
# first reset.
# usage: mutate/equiv.sh [-t SECONDS] [-c] BLOCK DIR K -> "K proven..." (exit 0), "K not
#   equivalent" or "K unproven" (exit 1); DIR/equiv/K.log: the Yosys and ABC logs. SECONDS per
#   step: 300 or MUT_PROOF_SECONDS.
set -uo pipefail
here=$(dirname "$0")
tmo=${MUT_PROOF_SECONDS:-300} # per step (Yosys, ABC); the proofs are load-dependent
cut=
while [ $# -gt 0 ]; do
  case $1 in -t) tmo=$2; shift 2 ;; -c) cut=1; shift ;; *) break ;; esac
done
[ $# -eq 3 ] || { echo "usage: mutate/equiv.sh [-t SECONDS] [-c] BLOCK DIR K" >&2; exit 2; }
block=$1 dir=$2 k=$3
line=$(sed -n "${k}p" "$dir/mutants.ys" 2>/dev/null)
[ -n "$line" ] && [ -s "$dir/gold.il" ] \
  || { echo "mutate/equiv.sh: no mutant $k in $dir/mutants.ys or no $dir/gold.il" >&2; exit 2; }
# The single mutation, on the copy 'mut' of the block, without the run-time selector.
one=$(sed -E "s/ -ctrl mutsel [0-9]+ [0-9]+//; s/ -module $block / -module mut /" <<<"$line")
mkdir -p "$dir/equiv"
log=$dir/equiv/$k.log aig=$dir/equiv/$k.aig
: >"$log"
# shellcheck source=mutate/common.sh
. "$here/common.sh"
# -c: one black box per memory of the block, with its port widths (expose -evert takes them from
# the module): DIR/equiv/memcut.v, the chtype commands DIR/equiv/memcut.ys and each memory's
# box, cell and size in bits DIR/equiv/memcut.bits (for mutate/lemma.sh), made once.
memcut_lib() {
  [ -e "$dir/equiv/memcut.ys" ] && [ -e "$dir/equiv/memcut.bits" ] && return
  local tmp=$dir/equiv/memcut.$$ # two proofs may make them at once: each its own, then renamed
  : >"$tmp.v"; : >"$tmp.ys"; : >"$tmp.bits" # a block without memories: -c cuts flip-flops only
  timeout "$tmo" yosys -p "read_rtlil $dir/gold.il; $masked; cd $block; dump t:\$mem_v2" |
    awk -v v="$tmp.v" -v ys="$tmp.ys" -v bits="$tmp.bits" '
      function port(dir, name, w) { if (w > 0) printf "    %s [%d:0] %s;\n", dir, w - 1, name >v }
      function box() {
        if (cell == "") return
        printf "(* blackbox *)\nmodule memcut%d (RD_CLK, RD_EN, RD_ARST, RD_SRST, RD_ADDR, " \
          "RD_DATA, WR_CLK, WR_EN, WR_ADDR, WR_DATA);\n", n >v
        port("input", "RD_CLK", p["RD_PORTS"]); port("input", "RD_EN", p["RD_PORTS"])
        port("input", "RD_ARST", p["RD_PORTS"]); port("input", "RD_SRST", p["RD_PORTS"])
        port("input", "RD_ADDR", p["RD_PORTS"] * p["ABITS"])
        port("output", "RD_DATA", p["RD_PORTS"] * p["WIDTH"])
        port("input", "WR_CLK", p["WR_PORTS"]); port("input", "WR_EN", p["WR_PORTS"] * p["WIDTH"])
        port("input", "WR_ADDR", p["WR_PORTS"] * p["ABITS"])
        port("input", "WR_DATA", p["WR_PORTS"] * p["WIDTH"])
        print "endmodule" >v
        printf "chtype -set memcut%d gold/%s mut/%s\n", n, cell, cell >ys
        printf "memcut%d %s %d\n", n, cell, p["SIZE"] * p["WIDTH"] >bits
        n++
      }
      $1 == "cell" && $2 == "$mem_v2" { box(); cell = substr($3, 2); delete p }
      $1 == "parameter" && $2 ~ /^\\(ABITS|SIZE|WIDTH|RD_PORTS|WR_PORTS)$/ { p[substr($2, 2)] = $3 + 0 }
      END { box() }' && mv -f "$tmp.v" "$dir/equiv/memcut.v" && mv -f "$tmp.bits" "$dir/equiv/memcut.bits" \
      && mv -f "$tmp.ys" "$dir/equiv/memcut.ys"
}
# The two copies: gold, the block, and mut, the single mutant.
pair="read_rtlil $dir/gold.il; copy $block mut; $one; rename $block gold"
# Yosys runs the COMMANDS, its log appended to the proof's.
yosys_logged() { # COMMANDS
  timeout "$tmo" yosys -q -l "$log.yosys" -p "$1" >/dev/null 2>&1
  cat "$log.yosys" >>"$log" 2>/dev/null; rm -f "$log.yosys"
}
# One proof: the miter built by the Yosys commands MITER (memories and flip-flops handled
# there), bit-blasted; FFs without an initial value start at 0 in both copies, undefined
# constants are 0 in both; ABC's dprove, or the ABC commands ABC.
prove() { # MITER [ABC_SECONDS [ABC]]
  rm -f "$aig"
  yosys_logged "$pair; $1; hierarchy -top miter; opt -fast; techmap; opt -fast
setundef -zero -init; setundef -zero; dffunmap; aigmap; opt_clean; write_aiger -zinit $aig"
  [ -s "$aig" ] && timeout "${2:-$tmo}" yosys-abc -c "read_aiger $aig; ${3:-dprove}" >>"$log" 2>&1
}

# -c, one step as above with the block's proven lemmas (mutate/lemma.sh) assumed of gold: they
# hold in all its states after a reset, so equal outputs and next states from every equal state
# that satisfies them imply equal behaviour from reset on. Yosys sat; $lemmas: their names.
prove_with_lemmas() {
  local table=$dir/equiv/lemmas.tsv cutv=$dir/equiv/$k.cut.v
  "$here/lemma.sh" "$block" "$dir"
  lemmas=$(awk -F'\t' '$2 == "proven" {printf "%s%s", s, $1; s = ","}' "$table" 2>/dev/null)
  [ -n "$lemmas" ] || return
  yosys_logged "$pair; $cutmem; expose -evert gold/t:memcut* mut/t:memcut*
write_verilog -norename $cutv.tmp"
  into_gold "$(awk -F'\t' '$2 == "proven" {printf "  always @* assume (%s);\\n", $3}' "$table")" \
    "$cutv.tmp" "$cutv" 2>/dev/null
  rm -f "$cutv.tmp"
  yosys_logged "read_verilog -formal $cutv; proc; expose -dff -evert-dff -shared gold mut
$miter; hierarchy -top miter; opt -fast; sat -prove trigger 0 -set-assumes"
  rm -f "$cutv"
}

# -c, with cut-points: the flip-flops and memories that mutate/keep/BLOCK.txt names for mutant K
# are kept in both copies (from the zero state, which is their reset state), every other one
# cut as in the first step; the miter still compares the cut flip-flops' next states, so a
# proof holds of the whole block (a smaller cut only over-approximates less). ABC's scorr
# merges the kept pairs that are equal, pdr finds the relation between the others.
prove_kept() {
  local spec sel= uncut= w
  spec=$("$here/mutants.py" keep "$block" "$dir" "$k") # by K's signature (mutate/mutants.py)
  [ -n "$spec" ] || return
  set -f # the names are Yosys patterns
  for w in $spec; do
    case $w in mem:*) uncut+=" ${w#mem:}" ;; *) sel+=" gold/w:$w mut/w:$w" ;; esac
  done
  set +f
  awk -v u="$uncut" 'BEGIN {n = split(u, a, " "); for (i = 1; i <= n; i++) keep["gold/" a[i]]}
    !($4 in keep)' "$dir/equiv/memcut.ys" >"$dir/equiv/$k.memcut.ys"
  prove "$masked; read_verilog -lib $dir/equiv/memcut.v; script $dir/equiv/$k.memcut.ys
expose -evert gold/t:memcut* mut/t:memcut*; memory_map; opt_clean
select -set kept $sel; select -set kept @kept %ci1
expose -dff -evert-dff -shared gold mut %u @kept %d; $miter" "$((4 * tmo))" "scorr; pdr"
  rm -f "$dir/equiv/$k.memcut.ys"
  kept=1
}

# What the log says so far: proven, not equivalent or unproven.
verdict() {
  if grep -qE "^(Networks are equivalent|UNSATISFIABLE|Property proved)|no model found: SUCCESS" \
    "$log"; then echo proven
  elif grep -qiE "not equivalent|was asserted|^SATISFIABLE" "$log"; then echo "not equivalent"
  else echo unproven; fi
}

miter="miter -equiv -flatten gold mut miter"

# A module miter around the miter (renamed miter_core) with its in_rst forced to 1 in the first
# cycle; fails when the block has no rst or clk input. Ports: the block's inputs (gold.il).
reset_first_v() {
  awk -v b="$block" '
    $1 == "module" { in_block = ($2 == "\\" b) }
    in_block && $1 == "wire" && $(NF - 2) == "input" {
      n = $NF; sub(/^\\/, "", n); w = ($2 == "width") ? $3 : 1; name[++np] = "in_" n; width[np] = w }
    END {
      for (i = 1; i <= np; i++) { has[name[i]] = 1; ports = ports name[i] ", " }
      if (!has["in_rst"] || !has["in_clk"]) exit 1
      print "module miter(" ports "trigger);"
      for (i = 1; i <= np; i++) printf "    input [%d:0] %s;\n", width[i] - 1, name[i]
      print "    output trigger;"
      print "    wire core_trigger;"
      print "    reg started = 1\x27b0; // 0 in the first cycle only"
      print "    always @(posedge in_clk) started <= 1\x27b1;"
      print "    assign trigger = started & core_trigger; // the reset cycle is not compared"
      printf "    miter_core core("
      for (i = 1; i <= np; i++)
        printf ".%s(%s), ", name[i], name[i] == "in_rst" ? "in_rst | !started" : name[i]
      print ".trigger(core_trigger));"
      print "endmodule" }' "$dir/gold.il"
}
if [ -n "$cut" ]; then
  memcut_lib || { echo "$k unproven"; exit 1; }
  cutmem="$masked; read_verilog -lib $dir/equiv/memcut.v; script $dir/equiv/memcut.ys"
  # one step from any state: the shared flip-flops cut too
  prove "$cutmem; expose -dff -evert-dff -evert -shared gold mut; $miter"
  lemmas= kept=
  [ "$(verdict)" = proven ] || prove_with_lemmas
  [ "$(verdict)" = proven ] || { lemmas=; prove_kept; }
  # else from the zero state, the flip-flops kept: an invariant of theirs (e.g. read data
  # registers that differ only while the port is idle) is dprove's to find, within 120 s
  # (dcp_slice: 46 s when it succeeds; its other survivors would take the whole limit)
  [ "$(verdict)" = proven ] \
    || { lemmas= kept=; prove "$cutmem; expose -evert gold/t:memcut* mut/t:memcut*; $miter" 120; }
  # read data are free, so a counterexample need not be a real one
  v=$(verdict)
  [ "$v" = proven ] || v=unproven
  [ "$v" = proven ] && [ -n "$lemmas" ] && v="proven with lemmas $lemmas"
  [ "$v" = proven ] && [ -n "$kept" ] && v="proven with cut-points (mutate/keep/$block.txt)"
else
  # from the zero state; $1: Yosys commands between the miter and its memory_map
  zero_state() {
    prove "memory -nomap; opt_clean; $miter; $1 hierarchy -top miter; memory_map"
    # dprove gives up on some invariants PDR finds once the copies' corresponding flip-flops
    # are merged (rar_alloc's s_all bounds: 52 s)
    if [ "$(verdict)" = unproven ] && [ -s "$aig" ]; then
      timeout "$tmo" yosys-abc -c "read_aiger $aig; scorr; pdr" >>"$log" 2>&1
    fi
  }
  zero_state ""
  v=$(verdict)
  # (not when Yosys gave no miter within its limit: it would not now either)
  if [ "$v" != proven ] && [ -s "$aig" ] && reset_first_v >"$dir/equiv/$k.rst.v"; then
    echo "== again with rst = 1 in the first cycle ($dir/equiv/$k.rst.v)" >>"$log"
    zero_state "rename miter miter_core; read_verilog $dir/equiv/$k.rst.v; proc; hierarchy -top miter; flatten;"
    v=$(verdict)
    [ "$v" = proven ] && v="proven from a reset"
  fi
  rm -f "$dir/equiv/$k.rst.v"
fi
echo "$k $v"
[ "${v%% *}" = proven ]
