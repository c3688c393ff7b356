#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The project's parameters and shared encodings have one source, params.def: proves that
# rtl/drf_params.vh and cmodel/drf_params.h are exactly what tools/gen/gen_params.sh makes of it,
# that both compile, that an override reaches the derived values (formal's small runs), and
# that one value can be read (the registry's cycles column names parameters).
set -euo pipefail
out=build/params
mkdir -p "$out"
pass=0; fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "params: FAILED: $1"; fail=$((fail+1)); fi; }
tools/gen/gen_params.sh c >"$out/drf_params.h"
tools/gen/gen_params.sh v >"$out/drf_params.vh"
check "cmodel/drf_params.h is generated from params.def (tools/gen/gen_params.sh c)" \
  "diff -u cmodel/drf_params.h $out/drf_params.h"
check "rtl/drf_params.vh is generated from params.def (tools/gen/gen_params.sh v)" \
  "diff -u rtl/drf_params.vh $out/drf_params.vh"
printf '#include "drf_params.h"\nint main(void) { return DRF_REGS != 256 || PSU_TIER_WHOLE != 2; }\n' >"$out/h.c"
check "the C header compiles and holds the values" \
  "gcc -std=c11 -Wall -Werror -Icmodel $out/h.c -o $out/h && $out/h"
printf '`include "drf_params.vh"\nmodule t; initial if (`DRF_REGS != 256 || `PSU_TIER_WHOLE != 2) $fatal(1); endmodule\n' >"$out/v.v"
check "the Verilog include compiles and holds the values" \
  "iverilog -g2005 -Irtl -o $out/v.vvp $out/v.v && vvp -n $out/v.vvp >/dev/null"
check "an override reaches the derived values (DRF_REGS=4: DRF_REG_BITS 2)" \
  "tools/gen/gen_params.sh v -D DRF_REGS=4 | grep -q '^\`define DRF_REG_BITS 2\$'"
check "the FRF threshold follows the epoch (EPOCH=10: ceil(85 x 80 / 400) = 17)" \
  "tools/gen/gen_params.sh v -D DRF_PILOT_EPOCH=10 | grep -q '^\`define DRF_PILOT_THRESHOLD 17\$'"
check "cdiv rounds up: a GCN CU's 50 slots give threshold 11 (ceil(10.625))" \
  "tools/gen/gen_params.sh c | grep -q '^#define DRF_PILOT_GCN_THRESHOLD 11 '"
check "an unknown override is refused" "! tools/gen/gen_params.sh v -D DRF_NOPE=1 >/dev/null 2>&1"
check "value prints a derived parameter (DRF_REG_BITS = 8)" \
  "[ \"\$(tools/gen/gen_params.sh value DRF_REG_BITS)\" = 8 ]"
check "value of an unknown parameter fails" "! tools/gen/gen_params.sh value DRF_NOPE >/dev/null 2>&1"
check "the registry's cycles resolve a parameter (psu: DRF_PSU_PATCH_CYCLES) and a number" \
  "[ \"\$(python3 -m tools.gen.registry cycles psu)\" = \"\$(tools/gen/gen_params.sh value DRF_PSU_PATCH_CYCLES)\" ] &&
   [ \"\$(python3 -m tools.gen.registry cycles rar_phys)\" = 1 ]"
echo "params: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
