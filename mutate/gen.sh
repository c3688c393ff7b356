#!/bin/bash
# Mutants of one RTL block for `make mutate` (issue 7; the block's paper section is in README.md):
# Yosys 0.23 `mutate -list` over the flattened block's cells, all applied with -ctrl into one
# netlist whose new input port mutsel picks the mutant at run time (0: the original). docs/mutate.md
# usage: mutate/gen.sh [-r RTL_DIR] BLOCK N SEED OUTDIR
#   -> OUTDIR/mutants.ys (line K: the mutate command of mutant K), OUTDIR/net.v (the netlist),
#      OUTDIR/gold.il (the flattened block before mutation, for mutate/equiv.sh)
set -euo pipefail
rtl=rtl
if [ "${1:-}" = -r ]; then rtl=$2; shift 2; fi
[ $# -eq 4 ] || { echo "usage: mutate/gen.sh [-r RTL_DIR] BLOCK N SEED OUTDIR" >&2; exit 2; }
block=$1 n=$2 seed=$3 out=$4
[[ $n =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ && $n -ge 1 && $n -lt 65535 ]] \
  || { echo "mutate/gen.sh: N (1..65534) and SEED must be unsigned integers" >&2; exit 2; }
mkdir -p "$out"
yosys -q -l "$out/gen.log" -p "read_verilog -I$rtl $rtl/*.v; hierarchy -check -top $block; proc
flatten; opt_clean; write_rtlil $out/gold.il
mutate -list $n -seed $seed -ctrl mutsel 16 1 -o $out/mutants.ys
script $out/mutants.ys
opt_clean
write_verilog $out/net.v" >/dev/null
echo "$block: $(wc -l <"$out/mutants.ys") mutants in $out/net.v"
