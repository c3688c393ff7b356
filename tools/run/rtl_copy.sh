#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Broken RTL copies for the self-tests (tests/harness_selftest.sh, tools/run/xsweep_selftest.sh,
# formal/selftest.sh): sourced, it defines rtl_copy and share_objects.

# rtl_copy DIR FILE SED: rtl/ copied to DIR (every .v and .vh) with FILE changed by SED;
# status 1, with a message, when SED changed nothing (the RTL moved on: fix the self-test).
rtl_copy() {
  local dir=$1 file=$2 expr=$3
  rm -rf "$dir" && mkdir -p "$dir" && cp rtl/*.v rtl/*.vh "$dir/"
  sed -i "$expr" "$dir/$file"
  if cmp -s "rtl/$file" "$dir/$file"; then
    echo "rtl_copy: the change did not apply to rtl/$file (RTL changed?)"
    return 1
  fi
}

# share_objects BUILD: a build folder whose C objects and libraries are the main build's
# (build/, made first), so that a bench built there with make BUILD=... compiles only its
# Verilator model.
share_objects() {
  mkdir -p "$1" && rm -rf "$1/obj" "$1/libdrf.a" "$1/libhx.a"
  ln -s "$PWD/build/obj" "$1/obj"
  ln -s "$PWD/build/libdrf.a" "$PWD/build/libhx.a" "$1/"
}
