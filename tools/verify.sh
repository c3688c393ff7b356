#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs every lockstep bench with one seed and prints the closing "N passed, N failed".
# usage: tools/verify.sh SEED N BLOCK... (N empty: each bench's default)
set -u
seed=$1; n=$2; shift 2
pass=0; fail=0
for block in "$@"; do
  args=(--seed "$seed")
  [ -n "$n" ] && args+=(--n "$n")
  if build/tb/bench_"$block" "${args[@]}"; then pass=$((pass+1)); else fail=$((fail+1)); fi
done
echo "verify: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
