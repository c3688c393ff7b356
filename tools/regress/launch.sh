#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The regression launcher (issue 20; docs/regress.md): runs the jobs of DIR/jobs, one a line
# ("ID<TAB>COMMAND", run by bash in the repository root), on this machine's cores (local) or as
# one Slurm job array (slurm: sbatch, then waits), and shows a progress line meanwhile. Every job
# leaves DIR/out/ID.log and DIR/out/ID.status ("RC SECONDS HOST", tools/regress/job.sh); a
# failing job never stops the others. Exit 0 when every job has a status, 3 when some did not
# finish (their status file is missing), 2 on a usage or submission error.
# usage: tools/regress/launch.sh [-l local|slurm] [-j JOBS] [-p LABEL] DIR
#   -j: local jobs at once (default: the cores); Slurm: the array's throttle %N (default 64)
# env (slurm): SBATCH_ARGS (more sbatch options), REGRESS_MAX_TASKS (tasks per array, 1000:
#   Slurm's default MaxArraySize is 1001; more jobs run several per task), REGRESS_PER_TASK (jobs
#   per array task at least, 1: more amortise a task's start-up), SLURM_CONF (else the
#   cluster of `make slurm-up` when it is up, else the machine's), and sbatch's own
#   SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT, ...
set -u
here=$(cd "$(dirname "$0")" && pwd)
launcher=local jobs= label=regress
while getopts l:j:p: o; do
  case $o in l) launcher=$OPTARG ;; j) jobs=$OPTARG ;; p) label=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] && [ -s "$1/jobs" ] || { echo "usage: tools/regress/launch.sh [-l local|slurm] [-j JOBS] [-p LABEL] DIR (DIR/jobs: ID<TAB>COMMAND lines)" >&2; exit 2; }
dir=$(cd "$1" && pwd)
total=$(wc -l <"$dir/jobs")
rm -rf "$dir/out" "$dir/sbatch" && mkdir -p "$dir/out"
start=$SECONDS

# "D/T done, F failed, R running" from the status files; FAILED holds the count of failures.
tally() {
  local ndone failed
  ndone=$(find "$dir/out" -name '*.status' | wc -l)
  failed=$(find "$dir/out" -name '*.status' -exec cat {} + 2>/dev/null | awk '$1 != 0' | wc -l)
  printf '%s: %d/%d done, %d failed, %s, %d s' "$label" "$ndone" "$total" "$failed" "$1" \
    $((SECONDS - start))
}
# The progress line: rewritten in place on a terminal, a new line every 30 s otherwise.
last_line=0
progress() {
  if [ -t 2 ]; then printf '\r%s\033[K' "$(tally "$1")" >&2
  elif [ $((SECONDS - last_line)) -ge 30 ]; then last_line=$SECONDS; tally "$1" >&2; echo >&2; fi
}
finish() {
  [ -t 2 ] && printf '\r%s\033[K\n' "$(tally "$1")" >&2 || { tally "$1" >&2; echo >&2; }
  local missing=$((total - $(find "$dir/out" -name '*.status' | wc -l)))
  [ "$missing" -eq 0 ] || { echo "$label: $missing job(s) ended without a result" >&2; exit 3; }
  exit 0
}

run_local() {
  local j=${jobs:-$(nproc)}
  seq 1 "$total" | xargs -P "$j" -I{} "$here/job.sh" "$dir" {} &
  local pid=$!
  trap 'kill -- "$pid" 2>/dev/null; exit 130' INT TERM
  while kill -0 "$pid" 2>/dev/null; do progress "$j at a time"; sleep 1; done
  wait "$pid"
  finish local
}

# The cluster of `make slurm-up` (tools/regress/slurm.sh) when SLURM_CONF is not set and it is up.
slurm_conf() {
  [ -n "${SLURM_CONF:-}" ] && return
  local conf
  conf=$("$here/slurm.sh" conf 2>/dev/null) && export SLURM_CONF=$conf
}

run_slurm() {
  command -v sbatch >/dev/null || { echo "$label: sbatch not found (Debian: slurm-client)" >&2; exit 2; }
  slurm_conf
  local max=${REGRESS_MAX_TASKS:-1000} throttle=${jobs:-64}
  local chunk=$(((total + max - 1) / max)) per=${REGRESS_PER_TASK:-1}
  [ "$per" -gt "$chunk" ] && chunk=$per
  local tasks=$(((total + chunk - 1) / chunk)) id
  mkdir -p "$dir/sbatch"
  # shellcheck disable=SC2086 # SBATCH_ARGS: words
  id=$(sbatch --parsable --job-name="$label" --array="0-$((tasks - 1))%$throttle" \
    --chdir="$PWD" --output="$dir/sbatch/%A_%a.out" ${SBATCH_ARGS:-} "$here/job.sh" "$dir" array "$chunk") || { echo "$label: sbatch failed" >&2; exit 2; }
  id=${id%%;*}
  echo "$label: Slurm job array $id, $tasks task(s) of $chunk job(s)${SLURM_CONF:+ (SLURM_CONF=$SLURM_CONF)}" >&2
  trap 'scancel "$id"; exit 130' INT TERM
  local queued errors=0
  while :; do
    if queued=$(squeue -h -r -j "$id" -t PD,R,CF,CG,S -o %i 2>/dev/null); then errors=0
    else errors=$((errors + 1)); [ "$errors" -ge 30 ] && { echo "$label: squeue keeps failing, array $id cancelled" >&2; scancel "$id"; break; }; fi
    [ "$errors" -eq 0 ] && [ -z "$queued" ] && break
    [ "$(find "$dir/out" -name '*.status' | wc -l)" -eq "$total" ] && break
    progress "Slurm job $id: $(grep -c . <<<"$queued") task(s) queued or running"
    sleep 2
  done
  finish "Slurm job $id"
}

case $launcher in
  local) run_local ;;
  slurm) run_slurm ;;
  *) echo "$label: LAUNCHER must be local or slurm, not '$launcher'" >&2; exit 2 ;;
esac
