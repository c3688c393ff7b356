#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Mutants of one RTL block for `make mutate` (issue 7; the block's paper section is in README.md):
# Yosys 0.23 `mutate -list` over the flattened block's cells, all applied with -ctrl into one
# netlist whose new input port mutsel picks the mutant at run time (0: the original). docs/mutate.md
# usage: mutate/gen.sh [-r RTL_DIR] [-t] BLOCK N SEED OUTDIR
#   -> OUTDIR/mutants.ys (line K: the mutate command of mutant K), OUTDIR/net.v (the netlist),
#      OUTDIR/gold.il (the flattened block before mutation, for mutate/equiv.sh)
#   -t: mutants of the block's own cells only, not of its submodules (drawn before flatten)
set -euo pipefail
rtl=rtl top=
while [ $# -gt 0 ]; do
  case $1 in -r) rtl=$2; shift 2 ;; -t) top=1; shift ;; *) break ;; esac
done
[ $# -eq 4 ] || { echo "usage: mutate/gen.sh [-r RTL_DIR] [-t] BLOCK N SEED OUTDIR" >&2; exit 2; }
block=$1 n=$2 seed=$3 out=$4
[[ $n =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ && $n -ge 1 && $n -lt 65535 ]] \
  || { echo "mutate/gen.sh: N (1..65534) and SEED must be unsigned integers" >&2; exit 2; }
mkdir -p "$out"
list="mutate -list $n -seed $seed -ctrl mutsel 16 1 -o $out/mutants.ys" before="" after=$list
# -t: the block's own internal cells ($-types but not the $paramod submodules) before flatten
[ -n "$top" ] && before="opt_clean; $list $block/t:\$* $block/t:\$paramod* %d" after=
yosys -q -l "$out/gen.log" -p "read_verilog -I$rtl $rtl/*.v; hierarchy -check -top $block; proc
$before
flatten; opt_clean; write_rtlil $out/gold.il
$after
script $out/mutants.ys
opt_clean
write_verilog $out/net.v" >/dev/null
echo "$block: $(wc -l <"$out/mutants.ys") mutants in $out/net.v"
