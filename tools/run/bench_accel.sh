#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make bench-accel: the Accel-Sim reader's speed (docs/accel-trace.md, Speed). Generates a
# .traceg of MB megabytes (tools/gen/gen_accel_trace.py) and its xz (-1, as the tracer writes it),
# then reads each to its end with the reader alone (trace_drain: MB of trace text a second, peak
# memory) and decodes the xz with xz -dc, one after the other at nice 10.
# usage: tools/run/bench_accel.sh BUILD MB
set -eu
build=$1 mb=$2
dir=$build/bench/accel
mkdir -p "$dir"
trace=$dir/kernel-1.traceg
if [ ! -s "$trace" ] || [ "$(cat "$dir/mb" 2>/dev/null)" != "$mb" ]; then
  echo "bench-accel: generating $trace ($mb MB)"
  nice -n 10 python3 -m tools.gen.gen_accel_trace "$mb" >"$trace"
  nice -n 10 xz -1 -T1 -k -f "$trace"
  echo "$mb" >"$dir/mb"
fi
printf 'kernel-1.traceg\n' >"$dir/kernelslist.g"
printf 'kernel-1.traceg.xz\n' >"$dir/kernelslist-xz.g"
ls -l "$trace" "$trace.xz"
for t in "$trace" "$trace.xz" "$dir/kernelslist-xz.g"; do
  nice -n 10 "$build/tools/trace_drain" "$t"
done
/usr/bin/time -f "xz -dc $trace.xz: %e s, %M KB peak" nice -n 10 xz -dc "$trace.xz" >/dev/null
