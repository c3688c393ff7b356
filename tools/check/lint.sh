#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Lint of every RTL block: verilator --lint-only -Wall (warnings are errors), yosys
# hierarchy/proc/check -assert, and an Icarus -g2005 compile. usage: tools/check/lint.sh BLOCK...
set -euo pipefail
mkdir -p build/lint
pass=0; fail=0
for top in "$@"; do
  if verilator --lint-only -Wall -Irtl --top-module "$top" rtl/*.v \
     && yosys -q -l "build/lint/$top.yosys.log" \
          -p "read_verilog -Irtl rtl/*.v; hierarchy -check -top $top; proc; check -assert" \
     && iverilog -g2005 -Wall -Irtl -s "$top" -o "build/lint/$top.vvp" rtl/*.v \
          >"build/lint/$top.iverilog.log" 2>&1 && [ ! -s "build/lint/$top.iverilog.log" ]; then
    pass=$((pass+1))
  else
    cat "build/lint/$top.iverilog.log" 2>/dev/null || true; echo "lint: $top FAILED"; fail=$((fail+1))
  fi
done
echo "lint: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
