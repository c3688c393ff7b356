#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# One task of the regression launcher (tools/regress/launch.sh, issue 20; docs/regress.md): runs
# lines FIRST..LAST of DIR/jobs ("ID<TAB>COMMAND"), each with bash in the repository root, and
# leaves, per job, DIR/out/ID.log (its stdout and stderr) and DIR/out/ID.status ("RC SECONDS
# HOST"), written last and atomically: a job without a status file did not finish.
# usage: tools/regress/job.sh DIR FIRST [LAST]
#        tools/regress/job.sh DIR array CHUNK   (a Slurm array task: the CHUNK lines of its index,
#                                               SLURM_ARRAY_TASK_ID * CHUNK + 1 on)
set -u
dir=$1 first=$2 last=${3:-$2}
if [ "$first" = array ]; then
  first=$((SLURM_ARRAY_TASK_ID * $3 + 1)) last=$(((SLURM_ARRAY_TASK_ID + 1) * $3))
fi
host=$(hostname)
sed -n "${first},${last}p" "$dir/jobs" | while IFS=$'\t' read -r id cmd; do
  start=$EPOCHREALTIME
  bash -c "$cmd" </dev/null >"$dir/out/$id.log" 2>&1
  rc=$?
  awk -v r="$rc" -v a="$start" -v b="$EPOCHREALTIME" -v h="$host" \
    'BEGIN {printf "%s %.3f %s\n", r, b - a, h}' >"$dir/out/$id.status.tmp"
  mv "$dir/out/$id.status.tmp" "$dir/out/$id.status"
done
