#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The block registry (blocks.tsv) for make and the scripts: block lists, one block's column,
# the generated views (make definitions, port lists, bench port structs, Verilator shims,
# Icarus testbenches), the registry check and the README's block table.
# usage: tools/registry.sh blocks | field BLOCK COLUMN | cycles BLOCK[@N] | gen OUT | check OUT |
#        readme [FILE]
# (check reads the views gen wrote in OUT)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REG=$ROOT/blocks.tsv
RTL_DIR=${RTL_DIR:-rtl}
COLUMNS="block cmodel impl synth verilator mutate cycles paper what"

rows() { grep -v '^#' "$REG" | grep -v '^[[:space:]]*$'; }
blocks() { rows | cut -f1; }
column_no() {
  local i=1 c
  for c in $COLUMNS; do [ "$c" = "$1" ] && { echo "$i"; return; }; i=$((i + 1)); done
  echo "registry: no column $1" >&2; return 2
}
field() {
  local n
  n=$(column_no "$2")
  rows | awk -F'\t' -v b="$1" -v n="$n" '$1 == b { print $n; found = 1 } END { exit !found }' \
    || { echo "registry: no block $1 in blocks.tsv" >&2; return 2; }
}

# cycles BLOCK[@N]: the clock cycles of one operation, the cycles column's number or the value
# of the params.def parameter it names (BLOCK@N: BLOCK's)
cycles() {
  local c
  c=$(field "${1%@*}" cycles) || return 2
  case $c in
    [1-9]*) [[ $c =~ ^[1-9][0-9]*$ ]] || { echo "registry: ${1%@*}: cycles '$c' is not a number" >&2; return 2; }
            echo "$c" ;;
    *) "$ROOT/tools/gen_params.sh" value "$c" 2>/dev/null \
         || { echo "registry: ${1%@*}: cycles names no params.def parameter ($c)" >&2; return 2; } ;;
  esac
}

# --- generated views ---------------------------------------------------------------------
# write_if_changed FILE: stdin to FILE only when it differs (make then rebuilds only what changed)
write_if_changed() {
  local tmp="$1.tmp.$$"
  cat >"$tmp"
  if cmp -s "$tmp" "$1"; then rm -f "$tmp"; else mv "$tmp" "$1"; fi
}

# module_file MODULE: the RTL file defining MODULE (from MODULES, "module file" lines)
module_file() { awk -v m="$1" '$1 == m { print $2; exit }' <<<"$MODULES"; }
MODULES=$(cd "$ROOT" && awk 'match($0, /^[[:space:]]*module[[:space:]]+[A-Za-z_][A-Za-z_0-9]*/) {
  n = split(substr($0, RSTART, RLENGTH), w, /[[:space:]]+/); print w[n], FILENAME }' "$RTL_DIR"/*.v)

# yosys_views OUT: OUT/ports.tsv (module port dir width, declaration order, default parameters)
# and OUT/hier/BLOCK.txt (the modules of each block's hierarchy), in one Yosys run
yosys_views() {
  local out=$1 b script="read_verilog -I$RTL_DIR $RTL_DIR/*.v; design -save base;"
  mkdir -p "$out/hier"
  for b in $(blocks); do
    script="$script design -load base; hierarchy -top $b; tee -q -o $out/hier/$b.ls ls;"
  done
  script="$script design -load base; delete p:*; write_json $out/all.json" # ports and cells: no proc needed
  yosys -q -p "$script" >"$out/yosys.log" 2>&1 || { cat "$out/yosys.log" >&2; return 1; }
  for b in $(blocks); do
    sed -n 's/^ *\(\$paramod.\)\?\([A-Za-z_0-9]*\).*/\2/p' "$out/hier/$b.ls" | grep -v '^$' \
      | grep -v '^modules$' | sort -u >"$out/hier/$b.txt"
  done
  # Yosys writes one "name": { ... "direction": ..., "bits": [ ... ] } per port, in order
  awk '/^    "[^"]+": \{$/ && !inports { split($0, a, "\""); mod = a[2] }
       /^      "ports": \{/ { inports = 1; next }
       inports && /^      \}/ { inports = 0; next }
       inports && /^        "[^"]+": \{/ { split($0, a, "\""); port = a[2] }
       inports && /"direction"/ { split($0, a, "\""); dir = a[4] }
       inports && /"bits"/ { n = gsub(/,/, ","); print mod, port, dir, n + 1 }' "$out/all.json" \
    | write_if_changed "$out/ports.tsv"
  grep -o '"type": "[A-Za-z_][A-Za-z_0-9]*"' "$out/all.json" | cut -d'"' -f4 | sort -u \
    | write_if_changed "$out/instantiated.txt"
  rm -f "$out/all.json"
}

# block_files OUT BLOCK: the RTL files of BLOCK's hierarchy, its top first
block_files() {
  local top
  top=$(module_file "$2")
  echo "$top"
  files_of "$1/hier/$2.txt" | grep -vxF "$top" | sort -u
  return 0
}
# files_of FILE: the RTL file of each module named in FILE (one a line)
files_of() { awk 'NR == FNR { file[$1] = $2; next } $1 in file { print file[$1] }' <(echo "$MODULES") "$1"; }

# formal_files OUT BLOCK: BLOCK's files plus those of the RTL modules its properties name
# (a props line that starts with a module's name: an instance of it)
formal_files() {
  local props=formal/$2_props.v
  block_files "$1" "$2"
  [ -f "$props" ] || return 0
  files_of <(awk 'NR == FNR { m[$1] = 1; next } $1 in m { print $1 }' <(echo "$MODULES") "$props")
  return 0
}

# ports OUT BLOCK: "name dir width" lines of BLOCK's top
ports() { awk -v b="$2" '$1 == b { print $2, $3, $4 }' "$1/ports.tsv"; }

# The bench's view of a block: a struct with every port but clk and an open() that binds them.
gen_ports_h() {
  local out=$1 b=$2 guard
  guard=PORTS_$(echo "$b" | tr a-z A-Z)_H
  echo "/* SPDX-License-Identifier: Apache-2.0 */"
  echo "/* Ports of rtl/$b.v for tb/bench_$b.c, generated by tools/registry.sh from the RTL:"
  echo " * do not edit. Every output must be compared (hx_expect) or declared don't-care"
  echo " * (hx_dont_care, with a reason) in every checked cycle. */"
  echo "#ifndef $guard"
  echo "#define $guard"
  echo
  echo "#include \"harness.h\""
  echo
  echo "typedef struct {"
  awk '$1 != "clk" { printf "    const dut_port *%s; /* %s [%d:0] */\n", $1, $2, $3 - 1 }' <<<"$PORTS"
  echo "} ${b}_ports;"
  echo
  echo "dut *dut_open_$b(uint32_t xseed);"
  echo
  echo "/* Opens the Verilated $b (X-initialisation seeded by --xseed) and binds its ports. */"
  echo "static inline void ${b}_open(hx_bench *b, ${b}_ports *p)"
  echo "{"
  echo "    hx_attach(b, dut_open_$b(b->o.xseed));"
  awk '$1 != "clk" { printf "    p->%s = hx_port(b, \"%s\");\n", $1, $1 }' <<<"$PORTS"
  echo "}"
  echo
  echo "#endif"
}

gen_shim() {
  local out=$1 b=$2
  echo "// SPDX-License-Identifier: Apache-2.0"
  echo "// Verilator shim of rtl/$b.v (tb/vshim.hpp), generated by tools/registry.sh: do not edit."
  echo "#include \"V$b.h\""
  echo "#include \"vshim.hpp\""
  echo
  echo "DRF_SHIM($b)"
  echo "{"
  echo "    return {"
  awk '{ printf "        PORT(%s, %s, %d),\n", $1, $2 == "input" ? "DUT_IN" : "DUT_OUT", $3 }' <<<"$PORTS"
  echo "    };"
  echo "}"
}

# The Icarus testbench of a block: replays the vectors of its lockstep bench (--vectors: per
# cycle the armed flag, every input, every output's expected value or x for don't-care).
gen_icarus_tb() {
  local out=$1 b=$2 clocked=0 widest
  [[ $'\n'$PORTS == *$'\n'"clk input "* ]] && clocked=1
  widest=$(awk '$3 > w { w = $3 } END { print w }' <<<"$PORTS")
  echo "// SPDX-License-Identifier: Apache-2.0"
  echo "// Icarus replay of tb/bench_$b.c's vectors on rtl/$b.v, generated by tools/registry.sh."
  echo "\`default_nettype none"
  echo "module ${b}_tb;"
  echo "    localparam VEC_BLOCK = \"$b\";"
  echo "    localparam integer VEC_BITS = $widest;"
  echo "\`include \"vec_io.vh\""
  awk '$2 == "input" { printf "    reg  [%d:0] %s;\n", $3 - 1, $1 }
       $2 == "output" { printf "    wire [%d:0] %s;\n    reg  [VEC_BITS-1:0] exp_%s;\n", $3 - 1, $1, $1 }' <<<"$PORTS"
  echo "    reg [VEC_BITS-1:0] v;"
  echo "    reg more;"
  echo "    $b dut ("
  awk '{ l[NR] = sprintf("        .%s(%s)", $1, $1) } END { for (i = 1; i <= NR; i++) print l[i] (i < NR ? "," : "") }' <<<"$PORTS"
  echo "    );"
  echo "    initial begin"
  [ "$clocked" = 1 ] && echo "        clk = 1'b0;"
  echo "        vec_open;"
  echo "        vec_next_line(more);"
  echo "        while (more && !vec_failed) begin"
  awk '$1 != "clk" && $2 == "input" { printf "            vec_field(%d, v); %s = v[%d:0];\n", $3, $1, $3 - 1 }
       $2 == "output" { printf "            vec_field(%d, exp_%s);\n", $3, $1 }' <<<"$PORTS"
  echo "            #1;"
  awk '$2 == "output" { printf "            vec_compare(\"%s\", %s, exp_%s);\n", $1, $1, $1 }' <<<"$PORTS"
  if [ "$clocked" = 1 ]; then echo "            clk = 1'b1; #1; clk = 1'b0; #1;"; else echo "            #2;"; fi
  echo "            vec_end_line;"
  echo "            vec_next_line(more);"
  echo "        end"
  echo "        vec_finish;"
  echo "    end"
  echo "endmodule"
  echo "\`default_nettype wire"
}

# make definitions of every block: lists, files, Verilator options, mutate settings
gen_mk() {
  local out=$1 b
  echo "# SPDX-License-Identifier: Apache-2.0"
  echo "# generated by tools/registry.sh from blocks.tsv: do not edit"
  echo "REGISTRY_BLOCKS := $(blocks | tr '\n' ' ')"
  echo "BLOCKS := \$(REGISTRY_BLOCKS)"
  echo "REGISTRY_IMPL_BLOCKS := $(rows | awk -F'\t' '$3 != "-" { printf "%s ", $1 }')"
  echo "IMPL_BLOCKS = \$(filter \$(BLOCKS),\$(REGISTRY_IMPL_BLOCKS))"
  echo "SYNTH_BLOCKS := $(rows | awk -F'\t' '{ n = split($4, w, " "); printf "%s ", $1; for (i = 2; i <= n; i++) if (w[i] !~ /^macro:/) printf "%s ", w[i]; if ($3 != "-") printf "%s@%s ", $1, $3 }')"
  echo "SYNTH_MACROS := $(rows | awk -F'\t' '{ n = split($4, w, " "); if (w[1] ~ /^macro/) { m = w[1]; sub(/^macro/, $1, m); printf "%s ", m }
                                                 for (i = 2; i <= n; i++) if (w[i] ~ /^macro:/) printf "%s ", substr(w[i], 7) }')"
  for b in $(blocks); do
    echo "RTL_FILES_$b := $(block_files "$out" "$b" | tr '\n' ' ')"
    echo "FORMAL_FILES_$b := $(formal_files "$out" "$b" | sort -u | tr '\n' ' ')"
    echo "VFLAGS_$b := $(field "$b" verilator | sed 's/^-$//')"
    echo "CYCLES_$b := $(cycles "$b")"
  done
  rows | awk -F'\t' '
    { n = split($6, s, ";")
      for (i = 1; i <= n; i++) {
        k = s[i]; v = ""
        if (index(k, "=")) { v = substr(k, index(k, "=") + 1); k = substr(k, 1, index(k, "=") - 1) }
        if (k == "sample") sample = sample $1 " "
        else if (k == "top-only") top = top $1 " "
        else if (k == "cut") cut = cut $1 " "
        else if (k == "txns") printf "export MUT_TXNS_%s ?= %s\n", $1, v
        else if (k == "check") printf "export MUT_CHECK_%s ?= %s\n", $1, v
        else if (k == "lemma-check") printf "export MUT_LEMMA_CHECK_%s ?= %s\n", $1, v
      } }
    END { print "MUT_SAMPLE_BLOCKS := " sample; print "MUT_TOP_ONLY := " top
          print "export MUT_CUT_MEMORIES ?= " cut }'
}

gen() {
  local out=$1 b
  command -v yosys >/dev/null \
    || { echo "registry: yosys not found: the ports and hierarchies are read with it (make tools installs it)" >&2; exit 1; }
  mkdir -p "$out/tb" "$out/icarus"
  yosys_views "$out"
  for b in $(blocks); do
    PORTS=$(ports "$out" "$b") # "name dir width" lines, read by the three generators
    gen_ports_h "$out" "$b" | write_if_changed "$out/tb/ports_$b.h"
    gen_shim "$out" "$b" | write_if_changed "$out/tb/shim_$b.cpp"
    gen_icarus_tb "$out" "$b" | write_if_changed "$out/icarus/${b}_tb.v"
  done
  gen_mk "$out" | write_if_changed "$out/registry.mk"
}

# --- check-registry ----------------------------------------------------------------------
check() {
  local out=$1 b pass=0 fail=0 miss m f
  local valid_mut='^(-|((sample|top-only|cut|txns=[0-9]+|check=[0-9]+|lemma-check=[^;]+)(;|$))+)$'
  problem() { echo "check-registry: $1"; miss=1; }
  for b in $(blocks); do
    miss=0
    [ "$(rows | awk -F'\t' -v b="$b" '$1 == b' | awk -F'\t' '{ print NF }')" = 9 ] \
      || problem "$b: the row needs 9 tab-separated columns ($COLUMNS)"
    [ "$(rows | cut -f1 | grep -cx "$b")" = 1 ] || problem "$b: more than one row"
    grep -qE "^[[:space:]]*module[[:space:]]+$b\b" "$RTL_DIR/$b.v" 2>/dev/null \
      || problem "$b: no RTL (rtl/$b.v defining module $b)"
    f=cmodel/$(field "$b" cmodel)
    [ -f "$f.c" ] && [ -f "$f.h" ] || problem "$b: no C model ($f.c and $f.h)"
    [ -f "tb/bench_$b.c" ] || problem "$b: no bench (tb/bench_$b.c)"
    if [ ! -f "formal/${b}_props.v" ]; then problem "$b: no properties (formal/${b}_props.v)"
    else
      grep -q '^//@ prove|' "formal/${b}_props.v" || problem "$b: no formal proof (a //@ prove| line in formal/${b}_props.v)"
      grep -q '^//@ cover|' "formal/${b}_props.v" || problem "$b: no formal cover (a //@ cover| line in formal/${b}_props.v)"
    fi
    echo "$(field "$b" synth)" | grep -qE '^(logic|macro(:[A-Za-z_0-9,]+)?)( |$)' \
      || problem "$b: no synth entry (synth column: logic or macro[:REGS])"
    field "$b" impl | grep -qE '^(-|[0-9]+)$' || problem "$b: impl must be - or an IMPL value"
    field "$b" mutate | grep -qE "$valid_mut" || problem "$b: bad mutate settings '$(field "$b" mutate)'"
    [ "$(cycles "$b" 2>/dev/null)" -ge 1 ] 2>/dev/null \
      || problem "$b: cycles must be a positive number or a params.def parameter ('$(field "$b" cycles)')"
    if [ "$miss" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  done
  # every top-level module of rtl/ (instantiated by no other module) is a registered block
  for m in $(tops "$out"); do
    blocks | grep -qx "$m" || { echo "check-registry: rtl: module $m is a top (instantiated by no module) but in no row of blocks.tsv"; fail=$((fail + 1)); }
  done
  readme_table | cmp -s - <(sed -n '/^<!-- blocks: begin/,/^<!-- blocks: end/p' README.md | sed '1d;$d') \
    || { echo "check-registry: README.md's block table differs from blocks.tsv (tools/registry.sh readme)"; fail=$((fail + 1)); }
  echo "check-registry: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}

# tops OUT: RTL modules that no RTL module instantiates
tops() {
  awk '{ print $1 }' "$1/ports.tsv" | sort -u | comm -23 - "$1/instantiated.txt"
}

# --- the README's block table -------------------------------------------------------------
readme_table() {
  echo "| block | paper | what |"
  echo "| --- | --- | --- |"
  rows | awk -F'\t' '{ printf "| `%s` | %s | %s |\n", $1, $8, $9 }'
}
readme() {
  local f=${1:-README.md}
  awk -v table="$(readme_table)" '/^<!-- blocks: begin/ { print; print table; skip = 1; next }
       /^<!-- blocks: end/ { skip = 0 } !skip' "$f" | write_if_changed "$f"
}

cd "$ROOT"
case ${1:-} in
  blocks) blocks ;;
  field) field "$2" "$3" ;;
  cycles) cycles "$2" ;;
  gen) gen "$2" ;;
  check) check "$2" ;;
  readme) readme "${2:-}" ;;
  *) sed -n '2,5p' "$0" >&2; exit 2 ;;
esac
