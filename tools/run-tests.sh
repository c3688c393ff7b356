#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs each named make target as one test step, keeps going after a failure, and closes
# with "test: N passed, N failed". usage: tools/run-tests.sh STEP...
set -u
pass=0; fail=0; failed=()
for step in "$@"; do
  echo "=== make $step"
  start=$(date +%s)
  if make -j2 --no-print-directory "$step"; then
    pass=$((pass+1)); verdict=ok
  else
    fail=$((fail+1)); failed+=("$step"); verdict=FAILED
  fi
  echo "=== make $step: $verdict ($(( $(date +%s) - start )) s)"
done
[ "$fail" -gt 0 ] && echo "failed steps: ${failed[*]}"
echo "test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
