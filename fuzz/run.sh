#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make fuzz: runs one libFuzzer target (docs/fuzz.md: fuzzing every parser of the deltarf formats)
# for FUZZ_RUNS executions or FUZZ_MAX_TIME seconds, whichever comes first, and records its
# executions and crashes; "report" gathers them into the result (JSON) and OUT/report.md (docs/fuzz.md).
# usage: fuzz/run.sh OUT TARGET... | fuzz/run.sh report OUT TARGET...
# Each target is a job of the one runner (tools/run/runner.py run: FUZZ_JOBS at a time, 1;
# LAUNCHER=slurm a Slurm job array), which runs fuzz/run.sh --job OUT TARGET; a crash does not
# stop the others.
set -u
here=$(cd "$(dirname "$0")" && pwd)
runs=${FUZZ_RUNS:-10000000}
max_time=${FUZZ_MAX_TIME:-3600}

# max_len, dictionary and extra seed directory of a target.
options() {
  case $1 in
    compress) echo "-max_len=4200 -dict=$here/dict/records.dict" ;;
    decompress | rar) echo "-max_len=4200 -dict=$here/dict/records.dict" ;;
    pvorg | rename | bank) echo "-max_len=4200 -dict=$here/dict/pv.dict" ;;
    args) echo "-max_len=256 -dict=$here/dict/args.dict" ;;
    faultmap) echo "-max_len=2048" ;;
    trace_text) echo "-max_len=4200 -dict=$here/dict/trace.dict" ;;
    trace_xz) echo "-max_len=2048 -dict=$here/dict/trace.dict" ;;
    swap) echo "-max_len=4200 -dict=$here/dict/swap.dict" ;;
    pilot_text) echo "-max_len=4200 -dict=$here/dict/trace.dict" ;;
    pilot_xz) echo "-max_len=2048 -dict=$here/dict/trace.dict" ;;
    compare) echo "-max_len=4200 -dict=$here/dict/trace.dict" ;;
    accel_text) echo "-max_len=4200 -dict=$here/dict/accel.dict" ;;
    accel_xz) echo "-max_len=2048 -dict=$here/dict/accel.dict" ;;
    gpu) echo "-max_len=4200 -dict=$here/dict/gpu.dict" ;;
    *) echo "fuzz/run.sh: unknown target '$1'" >&2; exit 2 ;;
  esac
}

# The value of a libFuzzer final statistic in a log (0 when absent).
stat() { grep -m1 "^stat::$2:" "$1" | awk '{print $2}' | grep . || echo 0; }

run_target() {
  local out t=$2
  out=$(mkdir -p "$1" && cd "$1" && pwd) # absolute: the args target changes directory
  local bin=$out/bin/fuzz_$t log=$out/logs/$t.log art=$out/artifacts/$t/
  local opts
  opts=$(options "$t") || exit 2
  rm -rf "$art" && mkdir -p "$out/corpus/$t" "$out/logs" "$art" # the crashes of this run only
  local seeds=("$here/corpus/$t")
  [ -d "$here/crashes/$t" ] && seeds+=("$here/crashes/$t")
  [ "$t" = compress ] && seeds+=("$here/../tests/data")
  echo "fuzz: $t: up to $runs executions or $max_time s ($bin)"
  local start=$SECONDS
  # shellcheck disable=SC2086 # opts are words
  "$bin" -runs="$runs" -max_total_time="$max_time" $opts -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$art" "$out/corpus/$t" "${seeds[@]}" \
    </dev/null >"$log" 2>&1
  local rc=$? secs=$((SECONDS - start))
  local crashes
  crashes=$(find "$art" -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' |
    wc -l)
  [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && crashes=1 # died without an artifact
  printf '%s %s %s %s %s %s\n' "$t" "$(stat "$log" number_of_executed_units)" \
    "$(stat "$log" average_exec_per_sec)" "$secs" "$crashes" \
    "$(find "$out/corpus/$t" -type f | wc -l)" >"$out/logs/$t.result"
  echo "fuzz: $t: $(stat "$log" number_of_executed_units) executions in $secs s, $crashes crash(es)"
  [ "$crashes" -eq 0 ] || { grep -m3 -E 'ERROR|property failed|Test unit written' "$log"; exit 1; }
}

# report OUT TARGET...: the result FUZZ_RESULT (OUT/fuzz.json; docs/results.md) from the targets'
# records, and rendered from it OUT/report.md (tools/report/results.py fuzz)
report() {
  local out=$1
  shift
  python3 -m tools.report.results fuzz "$out" "$runs" "${FUZZ_RESULT:-$out/fuzz.json}" "$@"
}

# targets OUT TARGET...: every target a job of the runner
targets() {
  local out=$1 t
  shift
  mkdir -p "$out/launch"
  for t in "$@"; do options "$t" >/dev/null || exit 2; printf '%s\tfuzz/run.sh --job %q %q\n' "$t" "$out" "$t"; done \
    >"$out/launch/jobs"
  python3 -m tools.run.runner run -l "${LAUNCHER:-local}" -j "${FUZZ_JOBS:-1}" -p fuzz-targets "$out/launch"
}

case ${1:-} in
  report) shift; report "$@" ;;
  --job) [ $# -eq 3 ] || { echo "usage: $0 --job OUT TARGET" >&2; exit 2; }
     rm -f "$2/logs/$3.result"; run_target "$2" "$3" ;;
  *) [ $# -ge 2 ] || { echo "usage: $0 OUT TARGET... | $0 report OUT TARGET..." >&2; exit 2; }
     targets "$@" ;;
esac
