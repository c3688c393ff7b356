#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Lint of every RTL block: verilator --lint-only -Wall (warnings are errors) and an Icarus
# -g2005 compile of each block, and one yosys hierarchy/proc/check -assert of all the RTL's
# modules at once (each module once: per block, yosys took most of the step's time, proc-ing the
# shared units again in every block that holds them). usage: tools/check/lint.sh BLOCK...
set -euo pipefail
mkdir -p build/lint
pass=0; fail=0
for top in "$@"; do
  if verilator --lint-only -Wall -Irtl --top-module "$top" rtl/*.v \
     && iverilog -g2005 -Wall -Irtl -s "$top" -o "build/lint/$top.vvp" rtl/*.v \
          >"build/lint/$top.iverilog.log" 2>&1 && [ ! -s "build/lint/$top.iverilog.log" ]; then
    pass=$((pass+1))
  else
    cat "build/lint/$top.iverilog.log" 2>/dev/null || true; echo "lint: $top FAILED"; fail=$((fail+1))
  fi
done
if yosys -q -l build/lint/yosys.log -p "read_verilog -Irtl rtl/*.v; hierarchy -check; proc; check -assert"; then
  pass=$((pass+1))
else
  echo "lint: yosys check of rtl/*.v FAILED (build/lint/yosys.log)"; fail=$((fail+1))
fi
echo "lint: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
