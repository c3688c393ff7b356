#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Black-box tests of deltarf pvorg | rename | bank (pv-nbti-banked-rf paper Sections 3.3.1,
# 4.2.1, 4.2.2): the paper's golden vectors, independent re-computations in awk/bash of the
# ranking and the renaming rule over many records, and bad input (one line, exit 1).
# usage: tests/pv/cli.sh BINARY
set -u
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 BINARY (an executable deltarf)" >&2
  exit 2
fi
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

verdict() {
  if [ -z "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi
}

# expect NAME VERB INPUT EXPECTED_STDOUT
expect() {
  local out
  out=$(printf '%b' "$3" | "$bin" "$2" 2>"$tmp/err"); local st=$?
  if [ $st -ne 0 ]; then verdict "$1" "exit $st: $(cat "$tmp/err")"
  elif [ "$out" != "$(printf "%b" "$4")" ]; then verdict "$1" "got '$out', want '$4'"
  else verdict "$1" ""; fi
}

# bad NAME VERB INPUT LINE: exit 1, one stderr line "deltarf: <stdin>:LINE: ..."
bad() {
  printf '%b' "$3" | "$bin" "$2" >/dev/null 2>"$tmp/err"; local st=$?
  local lines; lines=$(wc -l <"$tmp/err")
  if [ $st -ne 1 ]; then verdict "$1" "exit $st, want 1"
  elif [ "$lines" -ne 1 ]; then verdict "$1" "$lines stderr lines"
  elif ! grep -q "^deltarf: <stdin>:$4: " "$tmp/err"; then verdict "$1" "stderr: $(cat "$tmp/err")"
  else verdict "$1" ""; fi
}

# 32 delays: the listed sub-banks first in that order, then the others by ID.
ranked() {
  awk -v first="$*" 'BEGIN { n = split(first, f, " "); for (i = 0; i < 32; i++) d[i] = 100 + i
    for (k = 1; k <= n; k++) d[f[k]] = k; s = d[0]; for (i = 1; i < 32; i++) s = s " " d[i]; print s }'
}

# --- golden vectors of the paper ---
# Section 4.2.2: sb5, sb3 -> virtual 0; sb28, sb0 -> virtual 1
out=$(ranked 5 3 28 0 | "$bin" pvorg)
[ "$(sed -n 1p <<<"$out")" = "0 5 3 fast" ] && [ "$(sed -n 2p <<<"$out")" = "1 28 0 fast" ]
verdict "section 4.2.2" "$([ $? -eq 0 ] || echo "$out" | head -2)"
# Fig. 5: bank 2 -> sub-banks 1 and 4
out=$(ranked 6 7 8 9 1 4 | "$bin" pvorg | sed -n 3p)
verdict "fig 5" "$([ "$out" = "2 1 4 fast" ] || echo "$out")"
# Fig. 4: new bank 0 = sub-banks 0 and 5
out=$(ranked 0 5 | "$bin" pvorg | sed -n 1p)
verdict "fig 4" "$([ "$out" = "0 0 5 fast" ] || echo "$out")"
# Fig. 9: last warp 15: bank 15 -> 11, bank 0 -> 0; Fig. 10: last warp 6: bank 1 -> 6
expect "fig 9 row" rename '15\n' "0 1 2 3 4 5 6 7 8 9 10 12 13 14 15 11"
expect "fig 10 row" rename '6\n' "5 6 7 8 9 10 0 1 2 3 4 11 12 13 14 15"
expect "fig 9 bank" bank '15 0 15\n12 3 15\n15 1 15\n' "15 11\n15 11\n0 0"
expect "fig 10 bank" bank '7 10 6\n' "1 6"
# Fig. 6: R11-R15 of warp 0 and R0-R4 of warp 11 on banks 11-15 (identity row: last warp 0)
expect "fig 6" bank '0 11 0\n0 15 0\n11 0 0\n11 4 0\n' "11 11\n15 15\n11 11\n15 15"
expect "fractional, units" pvorg "$(ranked 2 | sed 's/ 1 / 0.5 /; s/^100 /100.25 /')\n" \
  "$(ranked 2 | "$bin" pvorg)"
expect "comments, blank lines" rename '# c\n\n  0  \n' "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

# --- every last warp: the renaming rule recomputed in bash ---
rule_row() {
  local lw=$1 k b f=0 s=11 row=()
  for ((k = 0; k < 16; k++)); do
    b=$(((lw + k) % 16))
    if [ $b -le 10 ]; then row[b]=$f; f=$((f + 1)); else row[b]=$s; s=$((s + 1)); fi
  done
  echo "${row[*]}"
}
seq 0 47 | "$bin" rename >"$tmp/rows"
why=""
for lw in $(seq 0 47); do
  [ "$(sed -n "$((lw + 1))p" "$tmp/rows")" = "$(rule_row "$lw")" ] || why="last warp $lw"
done
verdict "rename rule, 48 last warps" "$why"

# --- bank: every (warp, reg) with 3 last warps against Eq. (3) and the row ---
for lw in 0 6 15; do
  awk -v lw=$lw 'BEGIN { for (w = 0; w < 48; w++) for (r = 0; r < 64; r++) print w, r, lw }'
done >"$tmp/bank.in"
"$bin" bank "$tmp/bank.in" >"$tmp/bank.out"
why=""
for lw in 0 6 15; do read -ra row_$lw <<<"$(rule_row $lw)"; done
paste -d' ' "$tmp/bank.in" "$tmp/bank.out" | awk '{print $1, $2, $3, $4, $5}' >"$tmp/bank.both"
while read -r w r lw b v; do
  eval "vb=\${row_$lw[$(((w + r) % 16))]}"
  [ "$b" = $(((w + r) % 16)) ] && [ "$v" = "$vb" ] || { why="$w $r $lw -> $b $v"; break; }
done <"$tmp/bank.both"
verdict "bank, 9216 records" "$why"

# --- pvorg: random delays with ties, re-ranked by sort(1) ---
awk 'BEGIN { srand(3); for (n = 0; n < 200; n++) { s = ""; for (i = 0; i < 32; i++)
  s = s (i ? " " : "") (n % 2 ? int(rand() * 6) : sprintf("%.3f", rand() * 1000)); print s } }' \
  >"$tmp/org.in"
"$bin" pvorg "$tmp/org.in" >"$tmp/org.out"
why=""
n=0
while read -r line; do
  want=$(tr ' ' '\n' <<<"$line" | awk '{print $1, NR - 1}' | sort -k1,1g -k2,2n | awk '{print $2}' \
    | paste -d' ' - - | awk '{print NR - 1, $1, $2, (NR <= 11 ? "fast" : "slow")}')
  got=$(sed -n "$((n * 16 + 1)),$((n * 16 + 16))p" "$tmp/org.out")
  [ "$got" = "$want" ] || { why="record $((n + 1))"; break; }
  n=$((n + 1))
done <"$tmp/org.in"
verdict "pvorg ranking, 200 records" "$why"

# --- bad input ---
bad "pvorg 31 delays" pvorg "$(ranked | cut -d' ' -f1-31)\n" 1
bad "pvorg 33 delays" pvorg "$(ranked) 7\n" 1
bad "pvorg negative" pvorg "$(ranked | sed 's/^100/-100/')\n" 1
bad "pvorg exponent" pvorg "$(ranked | sed 's/^100/1e2/')\n" 1
bad "pvorg two dots" pvorg "$(ranked | sed 's/^100/1.0.0/')\n" 1
bad "pvorg lone dot" pvorg "$(ranked | sed 's/^100/./')\n" 1
bad "pvorg nan" pvorg "$(ranked | sed 's/^100/nan/')\n" 1
bad "pvorg huge" pvorg "$(ranked | sed 's/^100/1111111111111111111111111111111111111111111/')\n" 1
bad "pvorg second record" pvorg "$(ranked)\n$(ranked | sed 's/ 101 / x /')\n" 2
bad "rename 48" rename '48\n' 1
bad "rename empty arg" rename '3 4\n' 1
bad "rename hex" rename '0x3\n' 1
bad "bank warp 48" bank '48 0 0\n' 1
bad "bank reg 64" bank '0 64 0\n' 1
bad "bank last 48" bank '0 0 48\n' 1
bad "bank 2 words" bank '0 0\n' 1
bad "bank line 3" bank '0 0 0\n1 1 1\n-1 0 0\n' 3
"$bin" rename /nonexistent >/dev/null 2>"$tmp/err"; st=$?
verdict "missing file" "$([ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] || echo "exit $st")"
"$bin" bank a b >/dev/null 2>&1; st=$?
verdict "usage error" "$([ $st -eq 2 ] || echo "exit $st")"

# --- deltarf pv: the evaluation verb (a small run, then its usage errors) ---
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$("$bin" pv "$root/data/traces/Reduction.trace.xz" --chips 2 --years 7 2>"$tmp/err"); st=$?
rows=$(grep -c '^| [^-s]' <<<"$out")
base=$(grep '^| baseline |' <<<"$out" | awk -F'|' '{gsub(/ /, "", $9); print $9}')
verdict "pv: 7 schemes, baseline norm. guardband 1" \
  "$([ $st -eq 0 ] && [ "$rows" -eq 7 ] && [ "$base" = "1.000" ] || echo "exit $st, $rows rows, baseline '$base'")"
# D21: work-groups are the wavefronts whose A lines share cycle, cu and simd (counted here by awk)
gpu_sms=$("$bin" pv "$root/data/traces/Reduction.trace.xz" --chips 1 |
  sed -n "s/^trace: on GPU fermi-pv (\([0-9]*\) SMs of 48 warps, 8 blocks and 32768 registers; a wavefront 2 warps).*/\1/p")
verdict "pv: the paper's GPU line" "$([ "$gpu_sms" = 15 ] || echo "no 'on GPU fermi-pv (15 SMs' line")"
for t in Reduction MatrixTranspose; do
  want=$(xz -dc "$root/data/traces/$t.trace.xz" | awk '$1 == "A" { n++; g[$2 " " $3 " " $4] = 1 }
    END { printf "trace: %d work-groups, %d wavefronts", length(g), n }')
  got=$("$bin" pv "$root/data/traces/$t.trace.xz" --chips 1 | head -1)
  verdict "pv: $t work-groups" "$([ "$got" = "$want" ] || echo "got '$got', want '$want'")"
  # D23: each work-group to the next SM round robin, the compute unit ignored: as many SMs as
  # work-groups, at most the GPU's, when every group fits at once (these do: none waits)
  want=$(xz -dc "$root/data/traces/$t.trace.xz" | awk -v m="$gpu_sms" '$1 == "A" { g[$2 " " $3 " " $4] = 1 }
    END { n = length(g); printf "\"sms\":%d,\"split\":0,\"waited\":0", n < m ? n : m }')
  got=$("$bin" pv "$root/data/traces/$t.trace.xz" --chips 1 --json | grep -o '"sms":[0-9]*,"split":[0-9]*,"waited":[0-9]*')
  verdict "pv: $t SMs" "$([ "$got" = "$want" ] || echo "got '$got', want '$want'")"
done
# D22, D23: the warps' accesses (a wavefront's lanes 0-31 and 32-63 are two warps, each counted
# when it has an active thread), those of one 16-thread half of a warp only (the only ones
# hybrid banks act on), and the wavefronts placed after a block of their SM ended (the only
# ones FWAS can move: none when every A line shares one cycle), recounted by awk (a W line at
# its wavefront's A cycle is a launch value; an R uses the wavefront's last W mask)
for t in Reduction DCT; do
  want=$(xz -dc "$root/data/traces/$t.trace.xz" | awk '
    $1 == "A" { a[$5] = $2; m[$5] = "ffffffffffffffff"; c[$2] = 1 }
    $1 == "W" && $2 != a[$5] { m[$5] = $7 }
    ($1 == "W" && $2 != a[$5]) || $1 == "R" {
      for (h = 0; h < 2; h++) {
        lo = substr(m[$5], 13 - 8 * h, 4) != "0000"; hi = substr(m[$5], 9 - 8 * h, 4) != "0000"
        if (lo || hi) { w++; if (lo != hi) p++ } } }
    END { printf "\"warp_accesses\":%d \"slot_reuse\":%d,\"partial_accesses\":%d", w,
          length(c) == 1 ? 0 : -1, p }')
  json=$("$bin" pv "$root/data/traces/$t.trace.xz" --chips 1 --json)
  got="$(grep -o '"warp_accesses":[0-9]*' <<<"$json") $(grep -o '"slot_reuse":[0-9]*,"partial_accesses":[0-9]*' <<<"$json")"
  verdict "pv: $t warp accesses, slot reuse, partial accesses" "$([ "$got" = "$want" ] || echo "got '$got', want '$want'")"
done
"$bin" pv "$root/data/traces/Reduction.trace.xz" --chips 2 --json >"$tmp/pv.json"; st=$?
verdict "pv --json" "$([ $st -eq 0 ] && [ "$(grep -o '"scheme"' "$tmp/pv.json" | wc -l)" -eq 7 ] \
  && grep -q '"t0":"nbti"' "$tmp/pv.json" || echo "exit $st")"
# D2: PV-opt's normalized guardband (ours) below 1 with Eq. (1)'s t0 = 0, above 1 with t0 = PV
pvopt() { grep '^| PV-opt (+hybrid) |' | awk -F'|' '{gsub(/ /, "", $9); print $9}'; }
gb0=$("$bin" pv "$root/data/traces/Reduction.trace.xz" --chips 2 | pvopt)
gbpv=$("$bin" pv "$root/data/traces/Reduction.trace.xz" --chips 2 --t0 pv | pvopt)
verdict "pv: PV-opt norm. guardband < 1 (t0 nbti), > 1 (t0 pv)" \
  "$(awk -v a="$gb0" -v b="$gbpv" 'BEGIN { if (!(a + 0 < 1 && b + 0 > 1)) print "got " a ", " b }')"
# D24: the GPU from a configuration file (GPGPU-Sim's keys): MatrixTranspose's 16 work-groups on
# its 4 SMs; a GPU whose register file is not the paper's, a malformed key: one line, exit 1
printf -- '-gpgpu_n_clusters 4 # four SMs\n-gpgpu_n_cores_per_cluster 1\n-gpgpu_shader_core_pipeline 1536:32\n-gpgpu_shader_cta 8\n-gpgpu_shader_registers 32768\n-gpgpu_num_reg_banks 16\n-gpgpu_ptx_sim_mode 0\n' >"$tmp/four.config"
got=$("$bin" pv "$root/data/traces/MatrixTranspose.trace.xz" --chips 1 --json --gpu "$tmp/four.config" |
  grep -o '"sms":[0-9]*,"split":[0-9]*,"waited":[0-9]*')
verdict "pv --gpu FILE: 4 SMs" "$([ "$got" = '"sms":4,"split":0,"waited":0' ] || echo "got '$got'")"
sed 's/^-gpgpu_shader_cta 8/-gpgpu_shader_cta eight/' "$tmp/four.config" >"$tmp/bad.config"
for gpu in pilot gcn-aging "$tmp/bad.config" kepler; do
  "$bin" pv "$root/data/traces/Reduction.trace.xz" --chips 1 --gpu "$gpu" >/dev/null 2>"$tmp/err"; st=$?
  verdict "pv --gpu $gpu: refused, one line" \
    "$([ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] || echo "exit $st: $(cat "$tmp/err")")"
done
verdict "pv --gpu pilot: why" "$("$bin" pv x --gpu pilot 2>&1 | grep -q '^deltarf pv: GPU pilot: warps of 32 threads, 24 register banks, 65536 registers an SM; the PV register file is 16 banks' || echo no)"
verdict "pv --gpu FILE: its line" "$("$bin" pv x --gpu "$tmp/bad.config" 2>&1 | grep -qx "deltarf pv: $tmp/bad.config:4: -gpgpu_shader_cta 'eight': expected a decimal from 1 to 64" || echo no)"
for args in "" "--chips 0" "--years 101" "--chips" "--bogus" "a b" "x --t0" "x --t0 zero" "x --gpu"; do
  # shellcheck disable=SC2086
  "$bin" pv $args >/dev/null 2>"$tmp/err"; st=$?
  verdict "pv usage '$args'" "$([ $st -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] || echo "exit $st")"
done
"$bin" pv /nonexistent >/dev/null 2>"$tmp/err"; st=$?
verdict "pv missing trace" "$([ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] || echo "exit $st")"

echo "pv cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
