#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Writes the C header (c) or the Verilog include (v) of params.def, the one source of the
# project's parameters and shared encodings, or prints one parameter's value (value NAME).
# usage: tools/gen/gen_params.sh c|v [-D NAME=VALUE]... | tools/gen/gen_params.sh value NAME
# -D overrides a parameter (formal's reduced-size runs); parameters derived from it follow.
set -euo pipefail
usage="usage: tools/gen/gen_params.sh c|v [-D NAME=VALUE]... | value NAME"
lang=${1:?$usage}; shift
want=""
if [ "$lang" = value ]; then want=${1:?$usage}; shift; fi
over=""
while [ $# -gt 0 ]; do
  case $1 in -D) over="$over $2"; shift 2 ;; *) echo "gen_params: unknown option $1" >&2; exit 2 ;; esac
done
src=$(dirname "$0")/../../params.def
awk -v lang="$lang" -v over="$over" -v want="$want" '
function clog2(n,   b) { b = 0; while (2 ^ b < n) b++; return b }
function val(t) { if (t ~ /^[0-9]+$/) return t + 0
                  if (!(t in v)) { print "gen_params: unknown name " t > "/dev/stderr"; exit 2 }
                  return v[t] }
function eval(e,   m, a, b, q) {
  if (match(e, /^clog2\(([A-Z0-9_]+)\)$/)) return clog2(val(substr(e, 7, length(e) - 7)))
  if (match(e, /^cdiv\([A-Z0-9_]+,[A-Z0-9_]+\)$/)) {
    split(substr(e, 6, length(e) - 6), q, ","); a = val(q[1]); b = val(q[2])
    return int((a + b - 1) / b)
  }
  if (match(e, /[-+*\/]/)) {
    a = val(substr(e, 1, RSTART - 1)); b = val(substr(e, RSTART + 1)); m = substr(e, RSTART, 1)
    return m == "*" ? a * b : m == "/" ? int(a / b) : m == "+" ? a + b : a - b
  }
  return val(e)
}
function rest(from,   s, i) { s = ""; for (i = from; i <= NF; i++) s = s (s == "" ? "" : " ") $i; return s }
BEGIN {
  n = split(over, o, " "); for (i = 1; i <= n; i++) { split(o[i], kv, "="); forced[kv[1]] = kv[2] + 0 }
  if (lang == "value") { }
  else if (lang == "c") {
    print "/* SPDX-License-Identifier: Apache-2.0 */"
    print "/* deltarf parameters and shared encodings for the C models (aging paper Sections 2.1,"
    print " * 4-5.2; DC-Patch Section IV). Generated from params.def by tools/gen/gen_params.sh: do not edit. */"
    print "#ifndef DRF_PARAMS_H\n#define DRF_PARAMS_H\n"
  } else {
    print "// SPDX-License-Identifier: Apache-2.0"
    print "// deltarf parameters and shared encodings for the RTL (aging paper Sections 2.1, 4-5.2;"
    print "// DC-Patch Section IV). Generated from params.def by tools/gen/gen_params.sh: do not edit."
    print "`ifndef DRF_PARAMS_VH\n`define DRF_PARAMS_VH"
  }
}
/^#/ || NF == 0 { next }
$1 == "param" {
  v[$2] = ($2 in forced) ? forced[$2] : eval($3); used[$2] = 1
  if (lang == "value") { if ($2 == want) { print v[$2]; found = 1; exit } next }
  if (lang == "c") printf "#define %s %d /* %s */\n", $2, v[$2], rest(4)
  else printf "`define %s %d\n", $2, v[$2]
  next
}
$1 == "enum" {
  type = $2; bits = $3; prefix = $4; body = ""; vbody = ""
  for (i = 5; i <= NF && $i ~ /^[A-Z0-9_]+=[0-9]+$/; i++) {
    split($i, kv, "=")
    body = body (body == "" ? "" : ", ") prefix kv[1] " = " kv[2]
    vbody = vbody sprintf("`define %s%s %d'"'"'d%d\n", prefix, kv[1], bits, kv[2])
  }
  if (lang == "value") next
  if (lang == "c") printf "\n/* %s */\nenum %s { %s };\n", rest(i), type, body
  else printf "// %s: %s\n%s", type, rest(i), vbody
  next
}
{ print "gen_params: params.def line " NR ": unknown kind " $1 > "/dev/stderr"; exit 2 }
END {
  if (lang == "value") {
    if (!found) { print "gen_params: no parameter " want > "/dev/stderr"; exit 2 }
    exit 0
  }
  for (k in forced) if (!(k in used)) { print "gen_params: -D " k ": no such parameter" > "/dev/stderr"; exit 2 }
  if (lang == "c") print "\n#endif"; else print "`endif"
}' "$src"
