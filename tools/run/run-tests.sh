#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs each named make target as one test step, keeps going after a failure, and closes
# with "test: N passed, N failed". usage: tools/run/run-tests.sh [-j N] STEP... [-- STEP[:S]...]
# The steps before "--" run one after another (each with make -jN); the steps after it run
# side by side under one make job server of N slots (TEST_JOBS, default 2), the longest first
# (S: wall seconds, the Makefile's TEST_STEPS), each step's output printed whole when it ends.
# NAME:S:wait marks a step that mostly waits (on the Slurm cluster it starts): it runs beside the
# others from their start without taking a slot, and its output is printed after theirs.
set -u
OUT=build/test
JOBS=${TEST_JOBS:-2}
if [ "${1-}" = -j ]; then JOBS=$2; shift 2; fi

# cpu_s FILE...: the children's user + system seconds in `times` outputs ("0m1.5s 0m0.2s" for
# the shell, then a line for its children), summed over the files
cpu_s() {
  awk 'FNR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] } }
       END { printf "%.0f", s }' "$@"
}

# step NAME: one make target, timed (wall and CPU: user + system of its processes); its verdict
# in $OUT/NAME.verdict. Run under a parent make's job server it takes its slots from there.
step() {
  local start verdict=ok
  echo "=== make $1"
  start=$(date +%s)
  ( make --no-print-directory ${2:+"$2"} "$1"; rc=$?; times >"$OUT/$1.cpu"; exit $rc ) || verdict=FAILED
  echo "=== make $1: $verdict ($(($(date +%s) - start)) s, CPU $(cpu_s "$OUT/$1.cpu") s)"
  echo "$verdict" >"$OUT/$1.verdict"
}
if [ "${1-}" = --step ]; then step "$2"; exit 0; fi

mkdir -p "$OUT"
serial=(); parallel=(); waiting=(); seen_sep=0
for s in "$@"; do
  if [ "$s" = -- ]; then seen_sep=1
  elif [ "$seen_sep" = 1 ] && [ "${s%:wait}" != "$s" ]; then waiting+=("${s%%:*}")
  elif [ "$seen_sep" = 1 ]; then parallel+=("$s")
  else serial+=("$s"); fi
done
# NAME:S, the longest first (a step without :S counts 0)
if [ ${#parallel[@]} -gt 0 ]; then
  mapfile -t parallel < <(printf '%s\n' "${parallel[@]}" | sort -t: -s -k2,2nr | cut -d: -f1)
fi
rm -f "$OUT"/*.verdict "$OUT"/*.cpu
for s in "${serial[@]}"; do step "$s" -j"$JOBS"; done
for s in "${waiting[@]}"; do step "$s" >"$OUT/$s.log" 2>&1 & done
if [ ${#parallel[@]} -gt 0 ]; then
  # one target per step; "+" hands the job server to the step's make
  printf '.PHONY: all %s\nall: %s\n%s:\n\t+@tools/run/run-tests.sh --step $@\n' \
    "${parallel[*]}" "${parallel[*]}" "${parallel[*]}" >"$OUT/steps.mk"
  make --no-print-directory -j"$JOBS" --output-sync=target -f "$OUT/steps.mk" all
fi
wait
for s in "${waiting[@]}"; do cat "$OUT/$s.log"; done

pass=0; fail=0; failed=()
for s in "${serial[@]}" "${parallel[@]}" "${waiting[@]}"; do
  if [ "$(cat "$OUT/$s.verdict" 2>/dev/null)" = ok ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); failed+=("$s"); fi
done
echo "test: steps CPU $(cpu_s "$OUT"/*.cpu) s (user + system)"
[ "$fail" -gt 0 ] && echo "failed steps: ${failed[*]}"
echo "test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
