#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The licence line of every source file (LICENSE: Apache-2.0, README's Licence section).
# usage: tools/check/spdx.sh check   list the tracked source files without the line (exit 1 if any)
#        tools/check/spdx.sh add     insert it where missing: line 1, or line 2 after a #! line
set -euo pipefail
TAG="SPDX-License-Identifier: Apache-2.0"
sources() {
  git ls-files -- '*.c' '*.h' '*.cpp' '*.hpp' '*.v' '*.vh' '*.sh' '*.mk' '*.awk' 'Makefile' \
    'blocks.tsv' 'params.def' | while read -r f; do [ -f "$f" ] && echo "$f"; done
}
line_for() {
  case $1 in
    *.c|*.h) echo "/* $TAG */" ;;
    *.cpp|*.hpp|*.v|*.vh) echo "// $TAG" ;;
    *) echo "# $TAG" ;;
  esac
}
missing() { sources | while read -r f; do head -3 "$f" | grep -q "$TAG" || echo "$f"; done; }
case ${1:-} in
  check)
    m=$(missing)
    [ -z "$m" ] && { echo "spdx: every source file has its licence line"; exit 0; }
    echo "spdx: no '$TAG' in the first 3 lines of:"; echo "$m" | sed 's/^/  /'; exit 1 ;;
  add)
    missing | while read -r f; do
      l=$(line_for "$f")
      if head -1 "$f" | grep -q '^#!'; then sed -i "1a $l" "$f"; else sed -i "1i $l" "$f"; fi
    done ;;
  *) sed -n '3,5p' "$0" >&2; exit 2 ;;
esac
