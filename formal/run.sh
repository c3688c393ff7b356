#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Formal runner of deltarf: proves the property groups of formal/<block>_props.v (the blocks of
# blocks.tsv: RC and RAR, aging paper Section 5; DC-Patch, Section IV) with Yosys 0.23 sat,
# yosys-smtbmc + z3 and ABC, and writes build/formal/report.md (docs/formal.md).
#
# usage: formal/run.sh [-r RTL_DIR] [-o OUT_DIR] [-g GROUP] [-t] BLOCK.TASK...   (TASK: prove | cover)
#        formal/run.sh [-o OUT_DIR] report [RESULT.json]   the result (docs/results.md), and
#                                                 OUT_DIR/report.md and junit.xml, from the tasks
# Each task is a job of the one runner (tools/run/runner.py run: FORMAL_JOBS at a time, 1;
# LAUNCHER=slurm a Slurm job array), which runs formal/run.sh -J ... BLOCK.TASK; a task that
# passes leaves OUT_DIR/BLOCK.TASK.ok (make formal's stamp; it reads "slow groups skipped" when
# the task left out slow groups, which FORMAL_SLOW=1 make formal reruns). -t: formal/selftest.sh
# a job too.
# A block's groups are the //@ stanzas of its props file (what each setting means: docs/formal.md,
# Groups); tools/run/formal_groups.py prints one line a group, run here:
# "name|top|params|engine|depth|peeks|prep|description", prep joining the stanza's prep, cut
# (cutMODULE), sizes (D:NAME=VALUE), profile (full, slow, quick=D) and timeout (timeout=S) items.
# FORMAL_TIMEOUT (seconds, default 300), or a group's longer timeout, bounds every solver run.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
RTL=rtl
OUT=build/formal
ONLY=""
TIMEOUT=${FORMAL_TIMEOUT:-300}
# the wrappers' generated views of their blocks (tools/gen/formal_ports.py), from the tree's root
FORMAL_GEN=${FORMAL_GEN:-build/gen/formal}
PROFILE=${FORMAL_PROFILE:-full}   # quick: make test's profile (groups marked full skipped, quick=D)
CEX_DEPTH=12   # BMC depth of the search for a real counterexample when an induction step fails
# shellcheck source=formal/covers.sh
. "$HERE/covers.sh"
for e in "$HERE"/engine/*.sh; do . "$e"; done

blocks() { python3 -m tools.gen.registry blocks; }

# groups BLOCK TASK: the group lines of the block's props file for the task
groups() {
    local props="$HERE/$1_props.v"
    [ -f "$props" ] || { echo "run.sh: no $props" >&2; return 1; }
    python3 -m tools.run.formal_groups lines "$props" "$2"
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
has_prep() { case ,$prep, in *,$1,*) return 0 ;; esac; return 1; }

# params_include: with D:NAME=VALUE in prep, OUT/params/<key>.vh from params.def with those
# values (read before the RTL, its include guard makes every `include "drf_params.vh" use it)
params_include() {
    local defs=() d key
    for d in ${prep//,/ }; do [ "${d#D:}" != "$d" ] && defs+=(-D "${d#D:}"); done
    [ ${#defs[@]} -eq 0 ] && return 0
    key=$(printf '%s' "${defs[*]}" | tr -c 'A-Za-z0-9' _)
    mkdir -p "$OUT/params"
    "$HERE/../tools/gen/gen_params.sh" v "${defs[@]}" > "$OUT/params/$key.vh.$$" \
        && mv "$OUT/params/$key.vh.$$" "$OUT/params/$key.vh" || return 1   # tasks run in parallel
    echo "$OUT/params/$key.vh"
}

chparams() { local p; for p in ${1//,/ }; do printf ' -chparam %s %s' "${p%%=*}" "${p#*=}"; done; }

# frontend: the yosys commands that read and flatten the design of the group
frontend() {
    local small cut p cmd
    small=$(params_include) || return 1
    cmd="read_verilog -formal -I$RTL -I$FORMAL_GEN $small $RTL/*.v $HERE/common.v $HERE/${module}_props.v;"
    cmd="$cmd hierarchy -check -top $top$(chparams "$params"); proc;"
    # cutMODULE items: MODULE, also as a parameterised copy ($paramod...\MODULE[\...])
    cut=$(echo "$prep" | tr ',' '\n' | sed -n 's/^cut\([a-z_]*\)$/\1 $paramod*\\\1 $paramod\\\1\\*/p' | tr '\n' ' ')
    [ -n "$cut" ] && cmd="$cmd cutpoint $cut;"
    cmd="$cmd flatten;"
    # LHS=RHS#N items: N memory words, * in both sides replaced by 0..N-1 (the memories are
    # mapped to words, \MEM[i], first), e.g. pk_mem[*].w=dut.mem[*]#16
    local items it i n c
    IFS=, read -ra items <<< "$peeks"
    # mapping the memories cleans up unused wires first: the other peeks' signals are kept
    # (an input of a cut module, e.g., is read by nothing until its peek is connected)
    case $peeks in *'#'*)
        local keep=""
        for it in "${items[@]}"; do [[ $it == *'#'* ]] || keep="$keep w:${it#*=}"; done
        [ -n "$keep" ] && cmd="$cmd setattr -set keep 1$keep;"
        cmd="$cmd memory -nomap; memory_map;" ;;
    esac
    for it in "${items[@]}"; do
        if [[ $it == *'#'* ]]; then
            n=${it##*#}; it=${it%#*}
            for ((i = 0; i < n; i++)); do
                c="connect -nounset -set ${it%%=*} ${it#*=};"
                cmd="$cmd ${c//\*/$i}"
            done
        else
            cmd="$cmd connect -nounset -set ${it%%=*} ${it#*=};"
        fi
    done
    echo "$cmd prep -top $top;"
}

# equiv_frontend: top with IMPL 0 (gold) and IMPL 1 (gate) in a miter whose $assert says that
# every output agrees (the other params apply to both)
equiv_frontend() {
    local impl
    for impl in 0 1; do
        echo "read_verilog -I$RTL $RTL/*.v; hierarchy -check -top $top -chparam IMPL $impl$(chparams "$params"); proc; flatten;"
        echo "rename $top impl$impl; design -stash impl$impl;"
    done
    echo "design -copy-from impl0 -as gold impl0; design -copy-from impl1 -as gate impl1;"
    echo "miter -equiv -flatten -make_assert -ignore_gold_x gold gate miter; hierarchy -top miter;"
}

# model: the group's model for its engine in $dir (SMT2 for smtbmc, RTLIL otherwise)
model() {
    local fe abc=""
    if has_prep equiv; then fe=$(equiv_frontend | tr '\n' ' '); else fe=$(frontend) || return 1; fi
    has_prep abc && abc="techmap; opt -fast; abc -g AND; opt_clean;"
    case $engine in
        smt-cover) smt_model "$fe" "chformal -assert -remove;" ;;
        smt-*) smt_model "$fe" "chformal -cover -remove;" ;;
        *) shared_model "$fe memory_map; opt -fast; $abc dffunmap;" ;;
    esac
}

# shared_model CMDS: $dir/model.il and yosys.log from the Yosys commands CMDS, made once per
# run for the groups whose CMDS and sources are the same (a proof and the cover of one wrapper
# read the same model): kept in OUT/models under a hash of both, locked while it is made
shared_model() {
    local key cache
    key=$({ echo "$1"; cat "$RTL"/*.v "$RTL"/*.vh "$HERE"/*.v "$HERE"/*.vh 2>/dev/null; } | md5sum | cut -c1-16)
    cache="$OUT/models/$key"
    mkdir -p "$OUT/models"
    (
        flock 9
        [ -s "$cache.il" ] || { yosys -q -l "$cache.log" -p "$1 write_rtlil $cache.tmp.il" >/dev/null 2>&1 \
                                && mv "$cache.tmp.il" "$cache.il"; }
    ) 9>"$cache.lock"
    cp "$cache.log" "$dir/yosys.log" 2>/dev/null
    [ -s "$cache.il" ] && cp "$cache.il" "$dir/model.il"
}

# result ROW fields: appended to the task's result file
emit() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$RESULT"; }

# run_group BLOCK TASK LINE: runs one property group; returns 0 on PASS/COVERED
run_group() {
    local module=$1 task=$2 name top params engine depth peeks prep desc
    IFS='|' read -r name top params engine depth peeks prep desc <<< "$3"
    if [ "$PROFILE" = quick ] && [[ ",$prep," =~ ,quick=([0-9]+), ]]; then depth=${BASH_REMATCH[1]}; fi
    local TIMEOUT=$TIMEOUT   # the engines' bound: the group's timeout when longer
    if [[ ",$prep," =~ ,timeout=([0-9]+), ]] && [ "${BASH_REMATCH[1]}" -gt "$TIMEOUT" ]; then TIMEOUT=${BASH_REMATCH[1]}; fi
    local dir="$OUT/$module/$task-$name" t0 result detail depth_txt engine_txt satx=""
    local log="$dir/log.txt" vcd="$dir/cex.vcd" fn="engine_${engine//-/_}"
    rm -rf "$dir" && mkdir -p "$dir"
    t0=$(now)
    has_prep zero && satx="-set-init-zero"
    : > "$log"
    if ! declare -F "$fn" >/dev/null; then
        emit "$module" "$task" "$name" "$desc" "$engine" "-" "0" ERROR "unknown engine $engine"
        echo "$module.$task $name: ERROR (unknown engine $engine)"; return 1
    fi
    if ! model; then
        emit "$module" "$task" "$name" "$desc" "$engine" "-" "$(elapsed "$t0")" ERROR "yosys failed: $dir/yosys.log"
        echo "$module.$task $name: ERROR (yosys: $dir/yosys.log)"; return 1
    fi
    # an undriven wire would be a free input: it could make an assumption vacuous or a cover easy
    if grep -q "is used but has no driver" "$dir/yosys.log"; then
        emit "$module" "$task" "$name" "$desc" "$engine" "-" "$(elapsed "$t0")" ERROR "undriven wires: $dir/yosys.log"
        echo "$module.$task $name: ERROR (undriven wires, a peek missing? $dir/yosys.log)"; return 1
    fi
    "$fn"
    local t
    t=$(elapsed "$t0")
    emit "$module" "$task" "$name" "$desc" "$engine_txt" "$depth_txt" "$t" "$result" "$detail"
    echo "$module.$task $name: $result ($t s)${detail:+ - $detail}"
    [ "$result" = PASS ] || [ "$result" = COVERED ]
}

# run_task BLOCK.TASK
run_task() {
    local module=${1%%.*} task=${1#*.} line ok=0 lines
    lines=$(groups "$module" "$task") || return 1
    [ -n "$lines" ] || { echo "run.sh: $module has no $task group" >&2; return 1; }
    mkdir -p "$OUT/results"
    RESULT="$OUT/results/$module.$task.tsv"
    COVERS="$OUT/results/$module.$task.covers"
    : > "$RESULT"; : > "$COVERS"
    local name desc prep
    while IFS= read -r line; do
        [ -n "$ONLY" ] && [ "${line%%|*}" != "$ONLY" ] && continue
        IFS='|' read -r name _ _ _ _ _ prep desc <<< "$line"
        if [[ ",$prep," == *,slow,* ]] && [ "${FORMAL_SLOW:-0}" != 1 ]; then
            SLOW_SKIPPED=1
            emit "$module" "$task" "$name" "$desc" "-" "-" "0" SKIPPED "slow group: FORMAL_SLOW=1 make formal runs it"
            echo "$module.$task $name: SKIPPED (slow; FORMAL_SLOW=1 runs it)"
            continue
        fi
        if [[ ",$prep," == *,full,* ]] && [ "$PROFILE" = quick ]; then
            emit "$module" "$task" "$name" "$desc" "-" "-" "0" SKIPPED "full profile: make formal runs it"
            echo "$module.$task $name: SKIPPED (full profile only; make formal runs it)"
            continue
        fi
        run_group "$module" "$task" "$line" || ok=1
    done <<< "$lines"
    return $ok
}

# report [RESULT]: RESULT (default OUT/formal.json; docs/results.md) from every block's result
# files, and rendered from it OUT/report.md and OUT/junit.xml (tools/report/results.py formal); fails
# unless all PASS / COVERED
report() {
    # shellcheck disable=SC2046 # the block names are words
    python3 -m tools.report.results formal "$OUT" "$PROFILE" "$RTL" "${1:-$OUT/formal.json}" $(blocks)
}

# --- main ------------------------------------------------------------------------------
usage() { sed -n '7,9p' "$0" >&2; exit 2; }
JOB=0 SELFTEST=0
while getopts "r:o:g:Jt" opt; do
    case $opt in
        r) RTL=$OPTARG ;;
        o) OUT=$OPTARG ;;
        g) ONLY=$OPTARG ;;
        J) JOB=1 ;;
        t) SELFTEST=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || [ $SELFTEST = 1 ] || usage
[ "${1:-}" = report ] && { report "${2:-}"; exit; }
command -v yosys-smtbmc >/dev/null && command -v z3 >/dev/null || { echo "run.sh: needs yosys, yosys-smtbmc and z3" >&2; exit 2; }
if [ $JOB = 1 ]; then  # the runner's job: one task, here
    [ $# -eq 1 ] || usage
    rm -f "$OUT/$1.ok"
    SLOW_SKIPPED=0
    run_task "$1" && { [ $SLOW_SKIPPED = 0 ] || echo "slow groups skipped"; } > "$OUT/$1.ok"
    exit
fi
# the tasks as the runner's jobs (the self-test first: the longest)
mkdir -p "$OUT/launch"
{
    [ $SELFTEST = 1 ] && printf 'selftest\tformal/selftest.sh\n'
    for t in "$@"; do
        printf '%s\t%s\n' "$t" "$(printf '%q ' formal/run.sh -J -r "$RTL" -o "$OUT" ${ONLY:+-g "$ONLY"} "$t")"
    done
} >"$OUT/launch/jobs"
exec python3 -m tools.run.runner run -l "${LAUNCHER:-local}" -j "${FORMAL_JOBS:-1}" -p formal-tasks "$OUT/launch"
