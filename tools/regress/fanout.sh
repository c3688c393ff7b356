#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs whole shell commands as jobs of the regression launcher (tools/regress/launch.sh; issue
# 20, docs/regress.md), for the targets that fan out through it (make fuzz, make formal with
# LAUNCHER=slurm): job K is the K-th COMMAND; each job's output is printed after the run, in
# order. Exit 0 when every job exited 0, 1 otherwise (2: the launcher could not run them).
# usage: tools/regress/fanout.sh [-l local|slurm] [-j JOBS] [-p LABEL] DIR COMMAND...
set -u
here=$(dirname "$0")
launcher=${LAUNCHER:-local} jobs= label=fanout
while getopts l:j:p: o; do
  case $o in l) launcher=$OPTARG ;; j) jobs=$OPTARG ;; p) label=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: tools/regress/fanout.sh [-l local|slurm] [-j JOBS] [-p LABEL] DIR COMMAND..." >&2; exit 2; }
dir=$1; shift
mkdir -p "$dir"
k=0
for c in "$@"; do k=$((k + 1)); printf '%s\t%s\n' "$k" "$c"; done >"$dir/jobs"
"$here/launch.sh" -l "$launcher" ${jobs:+-j "$jobs"} -p "$label" "$dir" || [ $? -eq 3 ] || exit 2
fail=0
for ((i = 1; i <= k; i++)); do
  cat "$dir/out/$i.log" 2>/dev/null
  [ "$(cut -d' ' -f1 "$dir/out/$i.status" 2>/dev/null)" = 0 ] || fail=1
done
exit "$fail"
