# SPDX-License-Identifier: Apache-2.0
# Shared by mutate/equiv.sh and mutate/lemma.sh (docs/mutate.md): the Yosys commands
# that mask each memory write port's data by its enable (mutate/memwr_mask.v) and collect the
# ports into one $mem_v2 per memory, ready to be cut (DIR/equiv/memcut.*); the lemmas' checkers
# and assumptions inserted into the block's netlist.
# shellcheck shell=bash disable=SC2034 # used by the scripts that source this file
masked="techmap -map $(dirname "${BASH_SOURCE[0]}")/memwr_mask.v t:\$memwr_v2
chtype -map \$__memwr_masked \$memwr_v2; opt_clean; memory_collect"

# Verilog FILE copied to OUT with TEXT (awk escapes: \n) at the end of module gold.
into_gold() { # TEXT FILE OUT
  awk -v t="$1" '/^module gold\(/ {g = 1} g && /^endmodule/ {printf "%s", t; g = 0} {print}' \
    "$2" >"$3"
}
