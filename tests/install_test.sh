#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make installtest: the C models as a library (docs/api.md). Installs into a
# temporary prefix and checks what it installed: the file list, one version everywhere, every
# header alone as C11 and as C++17, no build-tree path, the exported symbols (all declared, all
# linked from C++), deltarf.pc; builds the examples/ client out of the tree through pkg-config
# only, shared, static and as C++, and runs it on the aging paper's sliding-window register
# (Section 5.1.1); compiles and runs every example of docs/api.md; a DESTDIR staging install;
# make uninstall.
# usage: tests/install_test.sh BUILD/deltarf (MAKE names make; its makes are top-level ones:
# the recipe does not name $(MAKE), so that `make -n` of make test's steps runs nothing)
set -u
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 BUILD/deltarf (the deltarf CLI)" >&2
  exit 2
fi
cli=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
make=${MAKE:-make}
unset MAKEFLAGS MFLAGS MAKELEVEL # no job server is handed down (see usage)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $tmp/ in "$root"/*)
  echo "install_test: the temporary directory $tmp is inside the tree (TMPDIR)" >&2
  exit 2 ;;
esac
prefix=$tmp/prefix
inc=$prefix/include/deltarf
lib=$prefix/lib
export PKG_CONFIG_PATH=$lib/pkgconfig
export CC=${CC:-gcc} CXX=${CXX:-g++}
CSTD=(-std=c11 -Wall -Wextra -Werror -pedantic)
CXXSTD=(-std=c++17 -Wall -Wextra -Werror -pedantic)
pass=0
fail=0

# check NAME WHY: counts one check, failed when WHY (the reason) is not empty.
check() {
  if [ -z "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi
}

# quietly CMD...: runs CMD with its output in a file of its own, shown when it fails.
quietly() {
  local log
  log=$(mktemp -p "$tmp" log.XXXXXX)
  "$@" >"$log" 2>&1 && return 0
  tail -20 "$log"
  return 1
}

cd "$root" || exit 2
quietly "$make" --no-print-directory install PREFIX="$prefix" ||
  { echo "install_test: make install PREFIX=$prefix failed"; exit 1; }

# --- what is installed ------------------------------------------------------------------
header_names=$(make -s --no-print-directory lib-headers | tr " " "\n" | sed "s|.*/||")
version=$(tools/gen/version.sh) || exit 1
major=${version%%.*}
minor=${version#*.}; minor=${minor%%.*}
[ "$major" = 0 ] && soname=libdeltarf.so.$major.$minor || soname=libdeltarf.so.$major
want_files=$( { printf 'include/deltarf/%s\n' $header_names
  printf 'lib/%s\n' libdeltarf.a libdeltarf.so "$soname" "libdeltarf.so.$version" \
    pkgconfig/deltarf.pc; } | sort)
got_files=$(cd "$prefix" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
why=""
[ "$got_files" == "$want_files" ] ||
  why="got $(echo $got_files), want $(echo $want_files)"
check "installed files: the headers of cmodel/, two libraries, deltarf.pc" "$why"
why=""
[ "$(readlink "$lib/libdeltarf.so")" == "$soname" ] &&
  [ "$(readlink "$lib/$soname")" == "libdeltarf.so.$version" ] ||
  why="libdeltarf.so -> $(readlink "$lib/libdeltarf.so"), $soname -> $(readlink "$lib/$soname")"
check "shared library links: libdeltarf.so -> $soname -> libdeltarf.so.$version" "$why"

# --- DESTDIR staging and make uninstall, beside the other checks (the libraries are built) ----
# staging: writes the reasons of its two checks, staging.why and uninstall.why.
staging() {
  local stage=$tmp/stage why="" files
  if quietly "$make" --no-print-directory install PREFIX=/opt/deltarf DESTDIR="$stage"; then
    files=$(cd "$stage/opt/deltarf" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
    [ "$files" == "$want_files" ] || why="staged files differ"
    grep -qx 'prefix=/opt/deltarf' "$stage/opt/deltarf/lib/pkgconfig/deltarf.pc" ||
      why="${why:+$why, }deltarf.pc prefix is not /opt/deltarf"
  else
    why="make install DESTDIR= fails"
  fi
  echo "$why" >"$tmp/staging.why"
  why=""
  if quietly "$make" --no-print-directory uninstall PREFIX=/opt/deltarf DESTDIR="$stage"; then
    files=$(cd "$stage/opt/deltarf" && find . \( -type f -o -type l \))
    [ -z "$files" ] || why="left: $(echo $files)"
  else
    why="make uninstall fails"
  fi
  echo "$why" >"$tmp/uninstall.why"
}
staging >"$tmp/staging.log" 2>&1 &
staging_pid=$!

# --- one version everywhere ---------------------------------------------------------------
got=$(pkg-config --modversion deltarf 2>&1)
[ "$got" == "$version" ] && why="" || why="pkg-config --modversion: '$got', want '$version'"
check "deltarf.pc Version is the header's" "$why"
got=$("$cli" --version 2>&1)
[ "$got" == "deltarf $version" ] && why="" || why="'$got', want 'deltarf $version'"
check "deltarf --version is the header's" "$why"
got=$(readelf -d "$lib/libdeltarf.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$got" == "$soname" ] && why="" || why="soname '$got', want '$soname'"
check "the shared library's soname carries the version" "$why"
grep -q "^## \[$version\] - [0-9]\{4\}-[0-9][0-9]-[0-9][0-9]$" CHANGELOG.md && why="" ||
  why="no '## [$version] - DATE' section"
check "CHANGELOG.md has the version" "$why"

# --- headers: each alone as C11 and as C++17, the umbrella includes every one -------------------
read -ra pc_cflags <<<"$(pkg-config --cflags deltarf)"
read -ra pc_libs <<<"$(pkg-config --libs deltarf)"
# alone TAG COMPILER FLAGS...: compiles every header alone (TAG-H.c in $tmp/alone; all in one
# compiler run, each on its own when that fails) and prints the names of those that fail.
alone() {
  local tag=$1 h
  shift
  for h in $header_names; do
    printf '#include <deltarf/%s>\ntypedef int header_alone;\n' "$h" >"$tmp/alone/$tag-$h.c"
  done
  "$@" "${pc_cflags[@]}" -fsyntax-only "$tmp/alone/$tag"-*.c >/dev/null 2>&1 && return
  for h in $header_names; do
    "$@" "${pc_cflags[@]}" -fsyntax-only "$tmp/alone/$tag-$h.c" >"$tmp/alone/$tag-$h.log" 2>&1 ||
      echo "$h"
  done
}
mkdir "$tmp/alone"
alone C11 "$CC" "${CSTD[@]}" >"$tmp/alone/C11.bad" &
c_pid=$!
alone C++17 "$CXX" "${CXXSTD[@]}" -x c++ >"$tmp/alone/C++17.bad" &
wait "$c_pid" $!
for h in $header_names; do
  for tag in C11 C++17; do
    why=""
    grep -qx "$h" "$tmp/alone/$tag.bad" &&
      why="does not compile: $(grep -m1 error "$tmp/alone/$tag-$h.log")"
    check "$h alone as $tag" "$why"
  done
done
missing=$(for h in $header_names; do
  [ "$h" == deltarf.h ] || grep -q "^#include \"$h\"$" "$inc/deltarf.h" || echo "$h"; done)
check "deltarf.h includes every installed header" "${missing:+misses $(echo $missing)}"

# --- no build-tree path in what is installed (the same grep finds it in build/libdrf.a) ----
found=$(grep -rlaF "$root" "$prefix")
check "no installed file contains $root" "${found:+in $(echo $found)}"
grep -qaF "$root" build/libdrf.a && why="" || why="not found in build/libdrf.a"
check "the path check finds the path in build/libdrf.a (-g, no prefix map)" "$why"

# --- exported symbols: every one declared in an installed header, the same in both libraries --
shared_syms=$(nm -D --defined-only "$lib/libdeltarf.so.$version" | awk '{print $3}' | sort)
static_syms=$(nm -g --defined-only "$lib/libdeltarf.a" | awk 'NF == 3 {print $3}' | sort)
declared=$(grep -ohE "\b[A-Za-z_][A-Za-z_0-9]*\(" "$inc"/*.h | tr -d "(" | sort -u)
undeclared=$(comm -23 <(echo "$shared_syms") <(echo "$declared"))
why=""
[ -n "$shared_syms" ] || why="no symbol exported"
[ -z "$undeclared" ] || why="not in a header: $(echo $undeclared)"
check "every exported symbol is declared in an installed header" "$why"
[ "$shared_syms" == "$static_syms" ] && why="" || why="the two libraries export different symbols"
check "static and shared libraries export the same $(echo $shared_syms | wc -w) symbols" "$why"
# Every exported function called from C++ through deltarf.h: links only when declared extern "C".
{ echo '#include <deltarf/deltarf.h>'
  echo 'using function = void (*)();'
  echo 'static const function functions[] = {'
  for s in $shared_syms; do echo "    reinterpret_cast<function>(&$s),"; done
  echo '};'
  echo 'int main(int argc, char **) { return functions[argc - 1] == nullptr; }'
} >"$tmp/linkall.cpp"
why=""
quietly "$CXX" "${CXXSTD[@]}" "${pc_cflags[@]}" "$tmp/linkall.cpp" "${pc_libs[@]}" \
  -o "$tmp/linkall" || why="does not link"
[ -n "$why" ] || quietly env LD_LIBRARY_PATH="$lib" "$tmp/linkall" || why="does not run"
check "C++ links every exported function through deltarf.h (extern \"C\")" "$why"
for name in rc_compress_register rc_decompress_register deltarf_version; do
  grep -qx "$name" <<<"$shared_syms" && why="" || why="not exported"
  check "exports $name" "$why"
done

# --- deltarf.pc ------------------------------------------------------------------------------
got="${pc_cflags[*]} | ${pc_libs[*]} | $(pkg-config --variable=prefix deltarf)"
want="-I$prefix/include | -L$lib -ldeltarf | $prefix"
[ "$got" == "$want" ] && why="" || why="'$got', want '$want'"
check "deltarf.pc: cflags | libs | prefix" "$why"
quietly pkg-config --validate deltarf && why="" || why="pkg-config --validate fails"
check "deltarf.pc validates" "$why"

# --- the examples/ client, out of the tree, through pkg-config only ---------------------------
paper_data=$(grep -v '^#' tests/data/paper_example.txt)
# client_runs NAME BINARY [ENV...]: BINARY's output is the paper's entry and register.
client_runs() {
  local name=$1 bin=$2 why=""
  shift 2
  if ! env "$@" "$bin" >"$tmp/out" 2>&1; then
    why="exit status $?: $(head -3 "$tmp/out")"
  elif ! grep -qx "deltarf $version" "$tmp/out"; then
    why="no 'deltarf $version' line"
  elif ! grep -qx 'compressed: C0=2 log2(De)=1 log2(Db)=3' "$tmp/out"; then
    why="not the paper's entry C0=2, log2(De)=1, log2(Db)=3: $(grep compressed "$tmp/out")"
  elif [ "$(sed -n 's/^decompressed: //p' "$tmp/out")" != "$paper_data" ]; then
    why="decompressed register differs from tests/data/paper_example.txt"
  fi
  check "$name: the paper's sliding window compressed and decompressed back" "$why"
}

# built TARGET: builds examples/'s TARGET in the copy; false (its log shown) when it fails.
built() {
  quietly "$make" --no-print-directory -C "$c" CFLAGS="${CSTD[*]} -O2" \
    CXXFLAGS="${CXXSTD[*]} -O2" "$1"
}
# linked NAME BINARY SONAME: BINARY names SONAME among its shared libraries ("" for none).
linked() {
  local got
  got=$(readelf -d "$2" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(libdeltarf.*\)\]/\1/p')
  [ "$got" == "$3" ] && why="" || why="needs '$got', want '$3'"
  check "$1 client: linked with '$3'" "$why"
}
c=$tmp/client
cp -r examples "$c"
if built sliding_window; then why=""; else why="does not build"; fi
check "shared client builds through pkg-config alone" "$why"
if [ -z "$why" ]; then
  linked shared "$c/sliding_window" "$soname"
  if "$c/sliding_window" >/dev/null 2>&1; then why="runs without it"; else why=""; fi
  check "shared client: does not run without LD_LIBRARY_PATH" "$why"
  got=$(LD_LIBRARY_PATH=$lib ldd "$c/sliding_window" | awk -v so="$soname" '$1 == so {print $3}')
  [ "$got" == "$lib/$soname" ] && why="" || why="resolves to '$got'"
  check "shared client: loads the installed library with LD_LIBRARY_PATH" "$why"
  client_runs "shared client" "$c/sliding_window" LD_LIBRARY_PATH="$lib"
fi
if built sliding_window_static; then why=""; else why="does not build"; fi
check "static client builds through pkg-config --static alone" "$why"
if [ -z "$why" ]; then
  linked static "$c/sliding_window_static" ""
  client_runs "static client" "$c/sliding_window_static"
fi
if built sliding_window_cxx; then why=""; else why="does not build"; fi
check "C++ client builds through pkg-config alone" "$why"
if [ -z "$why" ]; then
  linked C++ "$c/sliding_window_cxx" "$soname"
  client_runs "C++ client" "$c/sliding_window_cxx" LD_LIBRARY_PATH="$lib"
fi

# --- every example of docs/api.md: one program, each example the body of a function run by its
# number, after the prelude; #line directives make compiler messages and failed asserts name
# docs/api.md's lines.
mkdir "$tmp/api"
awk -v prelude="$tmp/api/prelude.c" -v body="$tmp/api/bodies.c" -v names="$tmp/api/names" '
  /^## / { section = substr($0, 4) }
  /^```c prelude$/ { out = prelude; printf "#line %d \"docs/api.md\"\n", NR + 1 >out; next }
  /^```c$/ {
    n++; out = body; print section >names
    printf "static int example%d(void)\n{\n#line %d \"docs/api.md\"\n", n, NR + 1 >out; next
  }
  /^```/ { if (out == body) printf "    return 0;\n}\n" >out; out = ""; next }
  out != "" { print >out }
' docs/api.md
examples=$(cat "$tmp/api/names" 2>/dev/null | wc -l)
why=""
[ -f "$tmp/api/prelude.c" ] && [ "$examples" -ge 12 ] ||
  why="prelude or examples missing ($examples examples)"
check "docs/api.md: a prelude and an example per block (12 or more)" "$why"
{ cat "$tmp/api/prelude.c" "$tmp/api/bodies.c"
  printf '\n#include <stdlib.h>\n\n/* examples N: runs example N. */\n'
  printf 'int main(int argc, char **argv)\n{\n    switch (argc == 2 ? atoi(argv[1]) : 0) {\n'
  for ((i = 1; i <= examples; i++)); do
    printf '    case %d:\n        return example%d();\n' "$i" "$i"
  done
  printf '    default:\n        return 2;\n    }\n}\n'; } >"$tmp/api/examples.c"
why=""
quietly "$CC" "${CSTD[@]}" "${pc_cflags[@]}" "$tmp/api/examples.c" "${pc_libs[@]}" \
  -o "$tmp/api/examples" || why="does not compile"
check "docs/api.md: the examples compile as C11 against the installed headers" "$why"
i=0
while IFS= read -r name; do
  i=$((i + 1))
  why=""
  [ -x "$tmp/api/examples" ] &&
    LD_LIBRARY_PATH="$lib" "$tmp/api/examples" "$i" >"$tmp/api/log" 2>&1 ||
    why="fails: $(tail -1 "$tmp/api/log" 2>/dev/null)"
  check "docs/api.md example $i: $name" "$why"
done <"$tmp/api/names"

wait "$staging_pid"
cat "$tmp/staging.log" # the output of a make that failed
check "DESTDIR staging install: the same files, deltarf.pc for the final PREFIX" \
  "$(cat "$tmp/staging.why")"
check "make uninstall (DESTDIR) removes every installed file" "$(cat "$tmp/uninstall.why")"

echo "installtest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
