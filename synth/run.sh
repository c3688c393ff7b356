#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# synth/run.sh: the `make synth` flow. Synthesises each named RTL block with Yosys on the
# project's liberty (synth/deltarf45.lib) and writes build/synth/area.md and area.csv, and the
# result SYNTH_RESULT (SYNTH_DIR/synth.json; docs/results.md) from area.csv.
# usage: synth/run.sh BLOCK...  (env SYNTH_CLOCK_PS, RTL_DIR, SYNTH_DIR, SYNTH_JOBS, SYNTH_RESULT); exits 1 if a
# block failed. SYNTH_CLOCK_PS: the clock period, ABC's delay target (make synth: CLOCK_PS).
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
NAND2_UM2=0.798                 # NAND2_X1 area, one gate equivalent (GE)
TECH_NM=45
AREA_GOAL_PCT=30                # Area work: the optimised implementation this much smaller
# SYNTH_FAST=1 (make synth-smoke, a make test step): ABC's fast liberty mapping (abc -fast),
# about a tenth of the mapping time; every block is still synthesised, checked and mapped and the
# macros measured, but the areas and delays are not the reported ones (make synth makes those).
# (Without -constr and -D: with them the fast script's buffering step fails on some blocks,
# "node has no fanout"; so no delay either.)
# The smoke run also skips synth's SAT-based resource sharing (-noshare: dcp_slice 69 -> 48 s CPU).
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
macro_regs() { local m; for m in $MACRO_SPECS; do
  [ "${m%%:*}" = "$1" ] && [ "${m#*:}" != "$m" ] && echo "${m#*:}" | tr ',' ' '; done; }

# Paper sizes of the macros: name (a macro module, or block.memory for an inferred array; a
# glob) | storage bits | what the paper says.
MACRO_PAPER='
rc_ctable|9984|1.22 KB: 256 entries x (1 + 32 + 3 + 3) bits (aging Sec. 5.1.1); CACTI-P 0.020 mm2, 0.29 ns at 32 nm (Table 2)
rc_slice.mem|524288|64 KB slice: 256 registers x 64 components x 32 bits (aging Sec. 2.1); CACTI-P 0.889 mm2, 0.92 ns at 32 nm (Table 2)
dcp_pt|3328|416 B: 256 rows x 13 bits (DC-Patch Sec. IV-B); CACTI 0.005 mm2, 0.09 ns at 28 nm (Table 2)
*drb*|2048|DRB "as large as a slice entry": 64 x 32 bits = 256 B (DC-Patch Sec. IV-C)
pv_rf_store|1048576|128 KB SM register file: 16 banks x 64 entries x 1024 bits, 32 sub-banks (PV paper Sec. 3.2.1)
'

# The papers' synthesised logic: block | node (nm) | area (mm2) | access time (ns, - none) | what.
LOGIC_PAPER='
rc_compress|32|0.007|0.70|Compr. unit, aging Table 2
rc_decompress|32|0.007|0.70|Decompr. unit, aging Table 2
rc_slice|32|0.021|-|1 Compr. + 2 Decompr. units, aging Table 2 (Fig. 1)
dcp_compress|28|0.005|0.95|Com unit, DC-Patch Table 2
dcp_decompress|28|0.007|0.95|Dec unit, DC-Patch Table 2
psu|28|0.014|0.11|Patching Sel. Unit, DC-Patch Table 2
pv_bank_rename|32|0.002|0.00059|NBTI-opt: renaming table + control, PV paper Sec. 4.2.3 (HSPICE; added latency)
'

die() { echo "synth: $*" >&2; exit 2; }
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

mkdir -p "$OUT"
rm -f "$OUT/area.md" "$OUT/area.csv"
# The timing environment of ABC and of make power's OpenSTA (tools/power.py reads this file):
# every input driven by an INV_X1, every output loads 3.7 fF (about two gate inputs); ABC's
# `stime -p` then reports the mapped netlist's longest combinational path.
printf 'set_driving_cell INV_X1\nset_load 3.7\n' >"$OUT/abc.constr"
D="-D $CYCLE_PS"
echo "strash; &get -n; &fraig -x; &put; scorr; dc2; dretime; strash; dch -f; map $D; cleanup; buffer;" \
  "upsize $D; dnsize $D; stime -p" >"$OUT/abc.script"

is_macro() { case " $MACRO_MODULES " in *" $1 "*) return 0 ;; esac; return 1; }
present_modules() { # the macro modules that exist in the RTL
  local m
  for m in $MACRO_MODULES; do
    grep -qE "^[[:space:]]*module[[:space:]]+$m\b" "$RTL_DIR"/*.v && echo "$m"
  done
}
PRESENT_MACROS=$(present_modules | tr '\n' ' ')

# --- one block: a generated Yosys script, its log, the numbers in $d/result ---------------
synth_block() {
  local b=$1 d="$OUT/$1" top=${1%@*} m t0 rc
  rm -rf "$d" && mkdir -p "$d"
  {
    echo "# generated by synth/run.sh: block $b"
    echo "read_liberty -lib $LIB"
    echo "read_verilog -I$RTL_DIR $RTL_DIR/*.v"
    for m in $PRESENT_MACROS; do [ "$m" = "$top" ] || echo "blackbox $m"; done
    [ "$top" = "$b" ] || echo "chparam -set IMPL ${b#*@} $top"
    echo "synth -top $top -flatten$SYNTH_OPTS -run :fine"
    echo "tee -q -o $d/mem.txt dump t:\$mem_v2"
    for m in $PRESENT_MACROS; do [ "$m" = "$top" ] || echo "tee -q -o $d/inst.$m.txt select -list t:$m"; done
    echo "# synth's fine and check steps without memory_map: \$mem cells stay macros"
    echo "opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast"
    echo "hierarchy -check; check"
    echo "tee -q -o $d/generic.stat stat"
    for m in $(macro_regs "$top"); do # flip-flops driving register $m: storage bits of the array
      echo "tee -q -a $d/ffarray.txt select -count w:$m %ci1:+[Q] t:\$_*DFF* %i"
    done
    echo "dfflibmap -liberty $LIB"
    echo "$ABC_MAP -liberty $LIB $ABC_TIMING"
    echo "opt_clean"
    if ! is_macro "$top"; then # a macro is mapped for verify-gates and power only: no logic area
      echo "tee -q -o $d/mapped.stat stat -liberty $LIB"
      echo "tee -q -o $d/ltp.txt ltp -noff w:* t:*_X* %u t:DFF* %d"
    fi
    echo "# the netlist; public names for every wire and cell, the same in the Verilog and the JSON"
    echo "rename -enumerate"
    echo "write_verilog -noattr $d/$b.mapped.v"
    echo "write_json $d/$b.mapped.json"
  } >"$d/$b.ys"
  t0=$(date +%s.%N)
  timeout "$TIMEOUT_S" yosys -q -l "$d/$b.log" -s "$d/$b.ys" >"$d/stdout.txt" 2>&1
  rc=$?
  awk -v t0="$t0" -v t1="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", t1 - t0 }' >"$d/seconds"
  if [ $rc -eq 0 ]; then
    echo ok >"$d/status"
  elif [ $rc -eq 124 ]; then
    echo "timeout after ${TIMEOUT_S} s" >"$d/status"
  else
    { echo -n "yosys exit $rc: "
      cat "$d/stdout.txt" "$d/$b.log" 2>/dev/null | grep -m1 'ERROR' | cut -c1-200; } \
      | tr -d '\n' >"$d/status"
    echo >>"$d/status"
  fi
  summarise "$b"
}

# stat text -> "cells N", "type T N", "area A" lines
parse_stat() {
  awk '/Number of cells:/ { print "cells", $NF; incells = 1; next }
       incells && NF == 2 && $2 ~ /^[0-9]+$/ { print "type", $1, $2; next }
       incells { incells = 0 }
       /Chip area for module/ { print "area", $NF }' "$1"
}

# the block's numbers as "key value" lines in $d/result
summarise() {
  local b=$1 d="$OUT/$1"
  {
    echo "status $(cat "$d/status")"
    echo "seconds $(cat "$d/seconds")"
    if is_macro "${b%@*}"; then echo "kind macro"; else echo "kind logic"; fi
    [ -f "$d/generic.stat" ] && parse_stat "$d/generic.stat" | sed 's/^/generic_/'
    [ -f "$d/mapped.stat" ] && parse_stat "$d/mapped.stat" | sed 's/^/mapped_/'
    [ -f "$d/ltp.txt" ] && awk '/Longest topological path/ { sub(/.*length=/, ""); sub(/\).*/, ""); print "levels", $0 }' "$d/ltp.txt"
    if [ -f "$d/$b.log" ]; then
      awk '/ABC: WireLoad/ { for (i = 1; i < NF; i++) if ($i == "Delay") print "delay_ps", $(i + 2) }
           /ABC: Start-point/ { s = $0; sub(/.*Start-point = [^ ]* \(/, "", s); sub(/\)\. *End-point.*/, "", s)
                                e = $0; sub(/.*End-point = [^ ]* \(/, "", e); sub(/\)\.? *$/, "", e)
                                gsub(/[\\ ]/, "", s); gsub(/[\\ ]/, "", e); print "path", s, e }' "$d/$b.log" | tail -2
    fi
    # inferred arrays: dump lines "cell $mem_v2 \name" then "parameter \SIZE n", "\WIDTH n"
    [ -f "$d/mem.txt" ] && awk '/^ *cell \$mem_v2/ { if (n != "") print "mem", n, s, w; n = $3; sub(/^\\/, "", n); s = w = "" }
         /parameter .SIZE / { s = $3 } /parameter .WIDTH / { w = $3 }
         END { if (n != "") print "mem", n, s, w }' "$d/mem.txt"
    [ -f "$d/ffarray.txt" ] && awk '/objects/ { n += $1 } END { print "ffarray", n + 0 }' "$d/ffarray.txt"
    local m # black-boxed macro instances: "inst NAME MODULE"
    for m in $PRESENT_MACROS; do
      [ -f "$d/inst.$m.txt" ] && awk -F/ -v m="$m" 'NF == 2 { print "inst", $2, m }' "$d/inst.$m.txt"
    done
  } >"$d/result"
  awk -v b="$b" '$1 == "status" { st = substr($0, 8) } $1 == "seconds" { s = $2 }
       $1 == "mapped_area" { a = $2 } $1 == "levels" { l = $2 } $1 == "delay_ps" { p = $2 }
       END { printf "synth: %-20s %s, %s s%s%s%s\n", b, st, s, a != "" ? sprintf(", %.1f um2", a) : "",
             l != "" ? ", " l " levels" : "", p != "" ? ", " p " ps" : "" }' "$d/result"
}

# --- run the blocks, SYNTH_JOBS at a time -------------------------------------------------
start=$(date +%s)
if [ "${SYNTH_REPORT_ONLY:-0}" != 1 ]; then # 1: rewrite the report from the last results
  # longest first (the last run's time; a new block counts as long) to shorten the run
  order=$(for b in "${blocks[@]}"; do echo "$(cat "$OUT/$b/seconds" 2>/dev/null || echo 9999) $b"; done \
          | sort -k1,1 -g -r | awk '{ print $2 }')
  for b in $order; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    synth_block "$b" &
  done
  wait
fi
total_s=$(( $(date +%s) - start ))

# --- the report -----------------------------------------------------------------------
# All results in one stream for awk: "block key value..." lines, then the paper tables.
{
  for b in "${blocks[@]}"; do
    if [ -f "$OUT/$b/result" ]; then sed "s/^/R $b /" "$OUT/$b/result"
    else echo "R $b status no result"; fi
  done
  echo "$MACRO_PAPER" | awk -F'|' 'NF == 3 { print "MP|" $0 }'
  echo "$LOGIC_PAPER" | awk -F'|' 'NF == 5 { print "LP|" $0 }'
} >"$OUT/results.txt"

blocklist="${blocks[*]}"
awk -v blocks="$blocklist" -v nand2="$NAND2_UM2" -v tech="$TECH_NM" -v cycle="$CYCLE_PS" \
    -v csv="$OUT/area.csv" -v md="$OUT/area.md" -v total_s="$total_s" -v jobs="$JOBS" \
    -v abcmap="$ABC_MAP${ABC_TIMING:+ -D $CYCLE_PS (map)}" -v ronly="${SYNTH_REPORT_ONLY:-0}" -v yv="$(yosys -V | awk '{print $2}')" \
    -v goal="$AREA_GOAL_PCT" '
function glob2re(g,   r) { r = g; gsub(/\./, "\\.", r); gsub(/\*/, ".*", r); return "^" r "$" }
function paper_bits(name,   i) { for (i = 1; i <= nmp; i++) if (name ~ glob2re(mp_name[i])) return i; return 0 }
function fmt(x, p) { return x == "" ? "-" : sprintf(p, x) }
function bytes(bits) { return bits % 8 ? sprintf("%.1f", bits / 8) : sprintf("%d", bits / 8) }
function human(bits,   B) { B = bits / 8; return B >= 1024 ? sprintf("%.2f KiB", B / 1024) : sprintf("%s B", bytes(bits)) }
BEGIN { FS = " " }
/^MP\|/ { split($0, f, "|"); nmp++; mp_name[nmp] = f[2]; mp_bits[nmp] = f[3]; mp_what[nmp] = f[4]; next }
/^LP\|/ { split($0, f, "|"); haslp[f[2]] = 1; lp_node[f[2]] = f[3]; lp_area[f[2]] = f[4]; lp_delay[f[2]] = f[5]; lp_what[f[2]] = f[6]; next }
$1 == "R" {
  b = $2; k = $3
  if (k == "status") { st[b] = $0; sub(/^R [^ ]+ status /, "", st[b]) }
  else if (k == "seconds") secs[b] = $4
  else if (k == "kind") kind[b] = $4
  else if (k == "generic_cells") gcells[b] = $4
  else if (k == "generic_type") { gt[b] = gt[b] (gt[b] == "" ? "" : " ") $4 ":" $5
    if ($4 ~ /^\$_.*(DFF|DLATCH)/) gff[b] += $5 }
  else if (k == "mapped_cells") mcells[b] = $4
  else if (k == "mapped_type") { mt[b] = mt[b] (mt[b] == "" ? "" : " ") $4 ":" $5
    if ($4 ~ /^DFF/) ff[b] += $5 }
  else if (k == "mapped_area") area[b] = $4
  else if (k == "levels") lev[b] = $4
  else if (k == "delay_ps") dly[b] = $4
  else if (k == "path") { pfrom[b] = $4 ~ /^\$/ ? "(internal net)" : $4; pto[b] = $5 ~ /^\$/ ? "(internal net)" : $5 }
  else if (k == "ffarray") ffarr[b] = $4
  else if (k == "mem") { nm[b]++; mname[b, nm[b]] = $4; msize[b, nm[b]] = $5; mwidth[b, nm[b]] = $6 }
  else if (k == "inst") { ni[b]++; iname[b, ni[b]] = $4; itype[b, ni[b]] = $5 }
}
END {
  n = split(blocks, B, " ")
  # storage of each block: inferred arrays; a macro module adds its flip-flops; a black-boxed
  # macro instance adds the storage of its module when that module is in this run
  for (i = 1; i <= n; i++) {
    b = B[i]; mbits[b] = 0
    for (j = 1; j <= nm[b]; j++) mbits[b] += msize[b, j] * mwidth[b, j]
    if (kind[b] == "macro") mbits[b] += ffarr[b]
  }
  for (i = 1; i <= n; i++) {
    b = B[i]
    for (j = 1; j <= ni[b]; j++) {
      t = itype[b, j]
      if (st[t] == "ok" && kind[t] == "macro") { ibits[b, j] = mbits[t]; mbits[b] += mbits[t] }
      else { ibits[b, j] = ""; iunknown[b] = 1 }
    }
  }
  # macro rows: name | block | what | words x width | bits | paper row
  nrow = 0
  for (i = 1; i <= n; i++) {
    b = B[i]; if (st[b] != "ok") continue
    if (kind[b] == "macro") {
      nrow++; r_name[nrow] = b; r_blk[nrow] = b; r_bits[nrow] = mbits[b]
      r_what[nrow] = "module"; s = ""
      for (j = 1; j <= nm[b]; j++) s = s (s == "" ? "" : " + ") msize[b, j] "x" mwidth[b, j]
      if (ffarr[b]) s = s (s == "" ? "" : " + ") ffarr[b] " flip-flop bits"
      if (gff[b] - ffarr[b]) s = s " (and " gff[b] - ffarr[b] " control flip-flops, not counted)"
      r_shape[nrow] = s
    }
    for (j = 1; j <= nm[b] && kind[b] != "macro"; j++) {
      nrow++; r_name[nrow] = b "." mname[b, j]; r_blk[nrow] = b; r_what[nrow] = "inferred $mem"
      r_bits[nrow] = msize[b, j] * mwidth[b, j]; r_shape[nrow] = msize[b, j] "x" mwidth[b, j]
    }
  }
  for (r = 1; r <= nrow; r++) {
    p = paper_bits(r_name[r]); r_p[r] = p
    r_chk[r] = p == 0 ? "-" : (r_bits[r] == mp_bits[p] ? "ok" : "MISMATCH")
    if (r_chk[r] == "MISMATCH") bad[r_blk[r]] = 1
  }

  # ---- area.csv -------------------------------------------------------------------------
  print "block,status,kind,seconds,generic_cells,cells,area_um2,kGE,flops,levels,delay_ps,cycle_pct,macro_bits,macro_bytes,macro_check,paper_node_nm,paper_area_mm2,scaled_area_mm2,paper_delay_ns,generic_cells_by_type,cells_by_type" >csv
  for (i = 1; i <= n; i++) {
    b = B[i]; s = st[b]; gsub(/,/, ";", s)
    chk = ""
    for (r = 1; r <= nrow; r++) if (r_blk[r] == b && r_chk[r] != "-") chk = chk == "" || chk == "ok" ? r_chk[r] : chk
    sc = (area[b] != "" && (b in haslp)) ? sprintf("%.5f", area[b] * (lp_node[b] / tech) ^ 2 / 1e6) : ""
    printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", b, s, kind[b], secs[b],
      gcells[b], mcells[b], area[b] == "" ? "" : sprintf("%.1f", area[b]),
      area[b] == "" ? "" : sprintf("%.2f", area[b] / nand2 / 1000), kind[b] == "logic" && st[b] == "ok" ? ff[b] + 0 : "",
      lev[b], dly[b], dly[b] == "" ? "" : sprintf("%.0f", 100 * dly[b] / cycle),
      st[b] == "ok" ? mbits[b] : "", st[b] == "ok" ? bytes(mbits[b]) : "", chk,
      (b in haslp) ? lp_node[b] : "", (b in haslp) ? lp_area[b] : "", sc,
      (b in haslp) && lp_delay[b] != "-" ? lp_delay[b] : "", gt[b], mt[b] >csv
  }

  # ---- area.md --------------------------------------------------------------------------
  print "# Synthesis: area and logic depth" >md
  print "" >md
  if (abcmap ~ /-fast/) print "**Fast mapping (`" abcmap "`, SYNTH_FAST=1): a smoke run; the areas and delays below " \
    "are not the reported figures, `make synth` makes those.**\n" >md
  printf "Generated by `make synth` (synth/run.sh; method in docs/synth.md). Yosys %s, liberty " \
    "`synth/deltarf45.lib` (Nangate 45 nm Open Cell Library, typical corner, X1/X2/X4 cells), " \
    "`%s`, %d block(s) %s.\n\n", yv, abcmap, n,
    ronly == 1 ? "(report rewritten from the last results)" : "in " total_s " s (" jobs " at a time)" >md
  print "## Logic" >md
  print "" >md
  print "Area: mapped cells at 45 nm, flip-flops included, memory macros excluded. GE: NAND2_X1 = " \
    "0.798 um2. Levels: `ltp -noff` on the mapped netlist (flip-flops and macros cut the paths). " \
    "Delay: ABC `stime` on the mapped netlist (inputs driven by INV_X1, outputs loading 3.7 fF, " \
    "no wire load), the longest combinational path, without clock-to-Q and setup; % of the 1 GHz cycle " \
    "(an ABC estimate: the reported timing is the OpenSTA slack of power.md, make power). " \
    "BLOCK@0: BLOCK with IMPL = 0, its straightforward implementation (see Area work)." >md
  print "" >md
  print "| block | status | generic cells | cells | area (um2) | kGE | flip-flops | levels | delay (ps) | % of 1 ns | macro bits | synth (s) |" >md
  print "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" >md
  for (i = 1; i <= n; i++) {
    b = B[i]
    if (st[b] != "ok") { printf "| %s | **FAILED**: %s | | | | | | | | | | %s |\n", b, st[b], secs[b] >md; continue }
    if (kind[b] == "macro") {
      printf "| %s | macro (%d bits, %s) | %s | - | - | - | - | - | - | - | %d | %s |\n", b, mbits[b],
        human(mbits[b]), gcells[b], mbits[b], secs[b] >md; continue }
    printf "| %s | ok | %s | %s | %.1f | %.2f | %d | %s | %s | %s | %s | %s |\n", b, gcells[b], mcells[b],
      area[b], area[b] / nand2 / 1000, ff[b], fmt(lev[b], "%d"), fmt(dly[b], "%.0f"),
      dly[b] == "" ? "-" : sprintf("%.0f", 100 * dly[b] / cycle), mbits[b] ? mbits[b] (iunknown[b] ? " + ?" : "") : (iunknown[b] ? "?" : "-"), secs[b] >md
  }
  print "" >md

  print "## Memory macros" >md
  print "" >md
  print "SRAM/eDRAM arrays in the papers (CACTI), not logic: counted as bits and bytes, not in the " \
    "logic area. A macro module synthesised on its own counts its $mem bits and the flip-flops of " \
    "its array registers (MACRO_SPECS in synth/run.sh; other flip-flops are control, not counted); " \
    "inside another block it is a black box (listed below under that block)." >md
  print "" >md
  print "| macro | in block | kind | words x width | bits | bytes | paper | check |" >md
  print "| --- | --- | --- | --- | ---: | ---: | --- | --- |" >md
  for (r = 1; r <= nrow; r++) {
    p = r_p[r]
    printf "| %s | %s | %s | %s | %d | %s (%s) | %s | %s |\n", r_name[r], r_blk[r], r_what[r], r_shape[r],
      r_bits[r], bytes(r_bits[r]), human(r_bits[r]),
      p ? mp_bits[p] " bits; " mp_what[p] : "no paper size", r_chk[r] == "MISMATCH" ? "**MISMATCH**" : r_chk[r] >md
  }
  for (i = 1; i <= n; i++) {
    b = B[i]
    for (j = 1; j <= ni[b]; j++)
      printf "| %s.%s | %s | black-boxed %s | see %s | %s | %s | see %s | |\n", b, iname[b, j], b, itype[b, j],
        itype[b, j], ibits[b, j] == "" ? "? (module not in this run)" : ibits[b, j],
        ibits[b, j] == "" ? "?" : bytes(ibits[b, j]), itype[b, j] >md
  }
  if (nrow == 0) print "| (none) | | | | | | | |" >md
  print "" >md

  print "## Against the papers" >md
  print "" >md
  print "Our 45 nm area scaled to the paper node by (node / 45)^2. The papers synthesised with " \
    "Synopsys Design Compiler on a 32 nm low-power (aging paper) or 28 nm low-Vth (DC-Patch) library " \
    "at 1 GHz. Delay: ours at 45 nm beside the paper access time; x node/45 is a rough first-order " \
    "scaling only." >md
  print "" >md
  print "| block | paper unit | node | paper area (mm2) | ours at 45 nm (mm2) | ours scaled (mm2) | ours / paper | paper delay (ns) | our delay at 45 nm (ns) | x node/45 (ns) | fits 1 ns |" >md
  print "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |" >md
  shown = 0
  for (i = 1; i <= n; i++) {
    b = B[i]; if (!(b in haslp)) continue
    shown++
    if (st[b] != "ok" || area[b] == "") { printf "| %s | %s | %s nm | %s | FAILED | | | %s | | | |\n", b, lp_what[b], lp_node[b], lp_area[b], lp_delay[b] >md; continue }
    s = area[b] * (lp_node[b] / tech) ^ 2 / 1e6
    printf "| %s | %s | %d nm | %s | %.4f | %.4f | %.2f | %s | %s | %s | %s |\n", b, lp_what[b], lp_node[b],
      lp_area[b], area[b] / 1e6, s, s / lp_area[b], lp_delay[b],
      dly[b] == "" ? "-" : sprintf("%.2f", dly[b] / 1000), dly[b] == "" ? "-" : sprintf("%.2f", dly[b] / 1000 * lp_node[b] / tech),
      dly[b] == "" ? "-" : (dly[b] <= cycle ? "yes" : "no (" sprintf("%.2f", dly[b] / cycle) " cycles)") >md
  }
  if (!shown) print "| (no block with a paper figure in this run) | | | | | | | | | | |" >md
  print "" >md

  # ---- area work: BLOCK@0 (straightforward) beside BLOCK (optimised default) --------------
  for (i = 1; i <= n; i++) listed[B[i]] = 1
  nw = 0
  for (i = 1; i <= n; i++) {
    v = B[i]; b = substr(v, 1, length(v) - 2)
    if (v ~ /@0$/ && (b in listed)) { nw++; W0[nw] = v; W1[nw] = b }
  }
  if (nw) {
    print "## Area work: straightforward and optimised" >md
    print "" >md
    print "Each block below has a module parameter IMPL: 0 is the straightforward implementation, 1 " \
      "the optimised default (docs/synth.md, Area work: what each does and why it computes the same " \
      "function). Reduction: the optimised area against the straightforward one, goal at least " goal \
      " %. ours / paper: the 45 nm area scaled to the paper node, against the paper area." >md
    print "" >md
    print "| block | cells | area (um2) | kGE | flip-flops | levels | delay (ps) | reduction | ours / paper |" >md
    print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" >md
    met = ""; missed = ""
    for (k = 1; k <= nw; k++) {
      for (x = 0; x <= 1; x++) {
        v = x ? W1[k] : W0[k]; b = W1[k]
        label = b (x ? " (optimised)" : " (straightforward)")
        if (st[v] != "ok" || area[v] == "") { printf "| %s | FAILED | | | | | | | |\n", label >md; continue }
        red = ""
        if (x && st[W0[k]] == "ok" && area[W0[k]] > 0) {
          r = 100 * (1 - area[v] / area[W0[k]])
          red = sprintf("%.1f %% (%s)", r, r >= goal ? "met" : "**not met**")
          if (r >= goal) met = met (met == "" ? "" : ", ") b; else missed = missed (missed == "" ? "" : ", ") b
        }
        printf "| %s | %s | %.1f | %.2f | %d | %s | %s | %s | %s |\n", label, mcells[v], area[v],
          area[v] / nand2 / 1000, ff[v], fmt(lev[v], "%d"), fmt(dly[v], "%.0f"), red == "" ? "-" : red,
          (b in haslp) ? sprintf("%.2f", area[v] * (lp_node[b] / tech) ^ 2 / 1e6 / lp_area[b]) : "-" >md
      }
    }
    print "" >md
    printf "At least %d %% smaller: %s; not: %s.\n\n", goal, met == "" ? "none" : met,
      missed == "" ? "none" : missed " (docs/synth.md, Area work, says why)" >md
  }

  print "## Cells by type" >md
  print "" >md
  print "Generic: technology-independent gates after `synth` (before any liberty mapping), " \
    "for a reader without the liberty. Mapped: deltarf45.lib cells after `dfflibmap` and `abc`. " \
    "Critical path: ABC start and end points." >md
  print "" >md
  for (i = 1; i <= n; i++) {
    b = B[i]; if (st[b] != "ok") continue
    printf "- **%s** generic (%s): `%s`\n", b, gcells[b], gt[b] >md
    if (kind[b] == "logic") {
      printf "  mapped (%s): `%s`\n", mcells[b], mt[b] >md
      if (pfrom[b] != "") printf "  critical path: %s -> %s\n", pfrom[b], pto[b] >md
    }
  }
  for (i = 1; i <= n; i++) if (st[B[i]] != "ok") nfail++
  for (b in bad) nbad++
  print "" >md
  printf "%d block(s), %d failed, %d macro size mismatch(es).\n", n, nfail, nbad >md
}' "$OUT/results.txt"
# the run as data (docs/results.md, flow synth), from area.csv
tools/results.py synth "$OUT" "$([ -n "${SYNTH_FAST:-}" ] && echo smoke || echo full)" "$CYCLE_PS" \
  "${SYNTH_RESULT:-$OUT/synth.json}" || die "no result written (tools/results.py)"

fails=0
for b in "${blocks[@]}"; do
  s=$(cat "$OUT/$b/status" 2>/dev/null || echo "no result")
  [ "$s" = ok ] || { echo "synth: $b FAILED: $s (log: $OUT/$b/$b.log)"; fails=$((fails + 1)); }
done
echo "synth: ${#blocks[@]} blocks in ${total_s} s, $fails failed; report $OUT/area.md, $OUT/area.csv"
[ "$fails" -eq 0 ]
