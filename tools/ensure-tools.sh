#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs from Debian's packages whatever the build needs and the machine lacks
# (apt-get; sudo when not root). Called by every Makefile target that needs a tool.
set -eu
need=""
check() { command -v "$1" >/dev/null 2>&1 || need="$need $2"; }
check verilator verilator
check iverilog iverilog
check yosys yosys
check gcc gcc
check g++ g++
check make make
check z3 z3
check ccache ccache
check clang clang
check gnuplot gnuplot-nox
check sta opensta
[ -e /usr/include/zlib.h ] || need="$need zlib1g-dev"
[ -e /usr/include/lzma.h ] || need="$need liblzma-dev"
# libFuzzer (issue 7) ships in clang's runtime package
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need="$need libclang-rt-dev"
[ -z "$need" ] && exit 0
echo "ensure-tools: installing$need" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $need >/dev/null
