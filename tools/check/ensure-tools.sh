#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs from Debian's packages whatever the build needs and the machine lacks
# (apt-get; sudo when not root). Called by every Makefile target that needs a tool; exits
# non-zero naming what it could not install, so that nothing runs without its tools (docs/registry.md).
set -eu
# command:package, one a word; the regression at scale (docs/regress.md) needs its own Slurm cluster,
# the JUnit check, the coverage report and make test's report-browser (headless Chromium)
COMMANDS="python3:python3 verilator:verilator iverilog:iverilog yosys:yosys gcc:gcc g++:g++
  make:make z3:z3 ccache:ccache clang:clang gnuplot:gnuplot-nox sta:opensta sbatch:slurm-wlm
  munged:munge xmllint:libxml2-utils genhtml:lcov chromium:chromium"

# missing: the packages of the commands, headers and libraries not on this machine
missing() {
  for cp in $COMMANDS; do
    command -v "${cp%%:*}" >/dev/null 2>&1 || printf ' %s' "${cp#*:}"
  done
  [ -e /usr/include/zlib.h ] || printf ' zlib1g-dev'
  [ -e /usr/include/lzma.h ] || printf ' liblzma-dev'
  # libFuzzer (docs/mutate.md, docs/fuzz.md) ships in clang's runtime package
  ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
    || printf ' libclang-rt-dev'
}

need=$(missing)
[ -z "$need" ] && exit 0
echo "ensure-tools: installing$need" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq $need >/dev/null; }; then
  echo "ensure-tools: apt-get could not install:$need" >&2
  exit 1
fi
still=$(missing)
[ -z "$still" ] || { echo "ensure-tools: still missing after apt-get install:$still" >&2; exit 1; }
