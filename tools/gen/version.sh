#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The deltarf library's version, MAJOR.MINOR.PATCH, read from its one source, the three
# DELTARF_VERSION_* defines of cmodel/deltarf_version.h (semantic versioning, CHANGELOG.md).
# usage: tools/gen/version.sh
set -euo pipefail
header=$(dirname "$0")/../../cmodel/deltarf_version.h
version=$(sed -n 's/^#define DELTARF_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\)$/\2/p' \
  "$header" | paste -sd.)
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "version.sh: $header: no DELTARF_VERSION_MAJOR, _MINOR, _PATCH (got '$version')" >&2
  exit 1
fi
echo "$version"
