#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs every lockstep bench with one seed and prints the closing "N passed, N failed"; a bench
# that is not there is named and counted failed, and an empty list fails (tools/closing.sh).
# usage: tools/verify.sh SEED N BLOCK... (N empty: each bench's default)
set -u
# shellcheck source=tools/closing.sh
source "$(dirname "$0")/closing.sh"
seed=$1; n=$2; shift 2
pass=0; fail=0; ran=""
for block in "$@"; do
  bench=${VERIFY_DIR:-build/tb}/bench_$block
  [ -x "$bench" ] || continue
  args=(--seed "$seed")
  [ -n "$n" ] && args+=(--n "$n")
  if "$bench" "${args[@]}"; then pass=$((pass+1)); else fail=$((fail+1)); fi
  ran="$ran $block"
done
closing verify "$pass" "$fail" "$*" "$ran"
