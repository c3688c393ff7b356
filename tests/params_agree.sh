#!/bin/bash
# Proves the C headers and the Verilog parameters agree: both compilers print every
# parameter, the lists must be equal, and every name defined in either file is printed.
set -euo pipefail
out=build/params
mkdir -p "$out"
gcc -std=c11 -Wall -Werror -Icmodel tests/params_dump.c -o "$out/params_c"
"$out/params_c" >"$out/c.txt"
iverilog -g2005 -Irtl -o "$out/params_v.vvp" tests/params_dump.v
vvp -n "$out/params_v.vvp" >"$out/v.txt"
defined_c=$(grep -oE '^#define (DRF_[A-Z0-9_]+) ' cmodel/drf_params.h | awk '{print $2}' | sort)
defined_v=$(grep -oE '^`define (DRF_[A-Z0-9_]+) ' rtl/drf_params.vh | awk '{print $2}' | sort)
fail=0
if [ "$defined_c" != "$defined_v" ]; then
  echo "params: the two files define different names:"; diff <(echo "$defined_c") <(echo "$defined_v") || true; fail=1
fi
if [ "$defined_c" != "$(awk '{print $1}' "$out/c.txt" | sort)" ]; then
  echo "params: tests/params_dump.c does not print every parameter"; fail=1
fi
if ! diff "$out/c.txt" "$out/v.txt"; then
  echo "params: C and Verilog values differ"; fail=1
fi
echo "params: $((1-fail)) passed, $fail failed"
exit "$fail"
