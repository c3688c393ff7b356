#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make gpu-cli: --gpu NAME|FILE on every trace verb (docs/gpu.md). Each verb takes the shipped
# GPUs of its kind and refuses the others with one line, exit 1; an unknown name lists the
# shipped ones; a file in GPGPU-Sim's gpgpusim.config syntax (keys the evaluations do not read
# skipped) is read, a malformed key named FILE:LINE; what a verb reads of the GPU changes its
# figures: sim's stream dispatch its compute units, pilot's threshold its issue slots, pv's
# placement its SMs; the defaults are the papers' GPUs.
# usage: tests/gpu/cli.sh DELTARF
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
red=$root/data/traces/Reduction.trace.xz
accel=$root/tests/data/accel/kernelslist.g
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # NAME COMMAND...: the command must succeed
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else echo "gpu-cli: FAIL: $name"; fail=$((fail + 1)); fi
}

# run NAME STATUS VERB ARGS...: VERB exits STATUS; with status 1, one line on stderr
run() {
  local name=$1 want=$2
  shift 2
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local st=$?
  check "$name: exit $want (got $st: $(head -c 300 "$tmp/err"))" [ $st -eq "$want" ]
  [ "$want" -eq 1 ] && check "$name: one line" [ "$(wc -l <"$tmp/err")" -eq 1 ]
}

# A gpgpusim.config as GPGPU-Sim reads it: comments, keys not read here, a key given twice.
cat >"$tmp/fermi2.config" <<'CFG'
# a GPGPU-Sim configuration: the PV paper's Fermi with 2 SMs
-gpgpu_ptx_sim_mode 0
-gpgpu_n_clusters 15
-gpgpu_n_clusters 2       # the last one given counts
-gpgpu_n_cores_per_cluster 1
-gpgpu_clock_domains 700.0:700.0:700.0:924.0
-gpgpu_shader_registers 32768
-gpgpu_shader_core_pipeline 1536:32
-gpgpu_shader_cta 8
-gpgpu_num_reg_banks 16
-gpgpu_cache:dl1  N:32:128:4,L:L:m:N:H,S:64:8,8
CFG
sed 's/^-gpgpu_shader_cta 8/-gpgpu_shader_cta 8:2/' "$tmp/fermi2.config" >"$tmp/bad.config"
# the aging paper's GCN with 2 compute units
sed 's/^-gpgpu_n_clusters 10 /-gpgpu_n_clusters 2 /' "$root/data/gpus/gcn-aging.config" >"$tmp/gcn2.config"

# Each verb: its default and its kind of GPU taken, the other kind refused, bad names and files.
for v in "pv --chips 1" "pilot" "sim --repeat 1" "patch --scenario common --maps 1" "compare --chips 1"; do
  verb=${v%% *}
  case $verb in
    pv) mine=fermi-pv; other=gcn-aging ;;
    pilot) mine=fermi-pv; other="" ;; # the pilot evaluation takes any GPU
    *) mine=gcn-aging; other=fermi-pv ;;
  esac
  # shellcheck disable=SC2086 # the verb's options are words
  run "$verb default" 0 $v "$red"
  # shellcheck disable=SC2086
  run "$verb --gpu $mine" 0 $v "$red" --gpu "$mine"
  if [ -n "$other" ]; then
    # shellcheck disable=SC2086
    run "$verb --gpu $other" 1 $v "$red" --gpu "$other"
    check "$verb --gpu $other: why" grep -q "^deltarf $verb: GPU $other: " "$tmp/err"
  fi
  # shellcheck disable=SC2086
  run "$verb --gpu kepler" 1 $v "$red" --gpu kepler
  check "$verb --gpu kepler: the names" grep -qx "deltarf $verb: kepler: unknown GPU: neither a shipped one (fermi-pv, gcn-aging, pilot) nor a file" "$tmp/err"
  # shellcheck disable=SC2086
  run "$verb --gpu BAD" 1 $v "$red" --gpu "$tmp/bad.config"
  check "$verb --gpu BAD: FILE:LINE" grep -qx "deltarf $verb: $tmp/bad.config:9: -gpgpu_shader_cta '8:2': expected a decimal from 1 to 64" "$tmp/err"
  # shellcheck disable=SC2086
  run "$verb --gpu /nonexistent" 1 $v "$red" --gpu /nonexistent/gpu.config
  # shellcheck disable=SC2086
  "$bin" $v "$red" --gpu >/dev/null 2>"$tmp/err"
  check "$verb --gpu without a value: a usage error" grep -q "missing value for '--gpu'" "$tmp/err"
done

# What each verb reads of the GPU.
"$bin" pv "$red" --chips 1 --json --gpu "$tmp/fermi2.config" >"$tmp/out" 2>/dev/null
check "pv: a file's 2 SMs" grep -q '"sms":1,' "$tmp/out" # Reduction: one work-group, one SM
"$bin" pv "$root/data/traces/MatrixTranspose.trace.xz" --chips 1 --json --gpu "$tmp/fermi2.config" >"$tmp/out"
check "pv: MatrixTranspose's 16 groups on 2 SMs" grep -q '"sms":2,"split":0,"waited":1,' "$tmp/out"
"$bin" pilot "$red" --json >"$tmp/out"
check "pilot on a GCN trace: its CU's 50 slots (the GPU of its cycles)" grep -q '"threshold": 11, "issue_slots": 50,' "$tmp/out"
"$bin" pilot "$red" --json --gpu pilot >"$tmp/out"
check "pilot --gpu pilot: Table II's 400 slots" grep -q '"threshold": 85, "issue_slots": 400,' "$tmp/out"
"$bin" pilot "$red" --json --gpu fermi-pv >"$tmp/out"
check "pilot --gpu fermi-pv: 2 schedulers, 100 slots" grep -q '"threshold": 22, "issue_slots": 100,' "$tmp/out"
"$bin" pilot "$accel" --json >"$tmp/out" 2>/dev/null
check "pilot on an Accel-Sim trace: Table II's" grep -q '"threshold": 85, "issue_slots": 400,' "$tmp/out"
"$bin" sim "$red" --dispatch stream --json >"$tmp/out"
check "sim stream: the aging paper's 10 CUs" grep -q '"cus":10,' "$tmp/out"
"$bin" sim "$red" --dispatch stream --json --gpu "$tmp/gcn2.config" >"$tmp/out"
check "sim stream --gpu FILE: its 2 CUs" grep -q '"cus":2,' "$tmp/out"

echo "gpu-cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
