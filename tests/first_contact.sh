#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The newcomer's first contact (README.md, The two commands): in a scratch copy of the tree, `make verify` on a
# machine that lacks yosys and cannot install it fails naming yosys, as does the registry when
# the tools stamp says otherwise; a BLOCKS that is empty or unregistered stops make; and every
# bench runner given no bench, or one that is not there, fails naming it. Never "0 passed".
# usage: tests/first_contact.sh BENCH_DIR (holding bench_rar_phys)
set -u
[ $# -eq 1 ] && [ -x "$1/bench_rar_phys" ] || { echo "usage: $0 BENCH_DIR (with bench_rar_phys)" >&2; exit 2; }
benches=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
pass=0; fail=0
# check NAME LOG STATUS PATTERN: STATUS is non-zero and LOG has PATTERN (grep -E) but no "0 passed"
check() {
  if [ "$3" -ne 0 ] && grep -qE "$4" "$2" && ! grep -qE '(^|: )0 passed, 0 failed' "$2"; then
    pass=$((pass + 1))
  else
    echo "first-contact: FAILED: $1 (status $3, want non-zero and /$4/; $2:)"; sed 's/^/  /' "$2" | tail -8
    fail=$((fail + 1))
  fi
}

# A scratch copy of the tree as a fresh clone has it (tracked and new files, nothing built).
scratch=$tmp/tree
mkdir -p "$scratch"
(cd "$root" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$scratch")
# A PATH without yosys, whose apt-get cannot install anything.
shadow=$tmp/bin
mkdir -p "$shadow"
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  for f in "$d"/*; do
    n=${f##*/}
    case $n in yosys* | apt-get | apt) continue ;; esac
    [ -x "$f" ] && [ ! -e "$shadow/$n" ] && ln -s "$f" "$shadow/$n"
  done
done
printf '#!/bin/sh\necho "E: first-contact: no package can be installed here" >&2\nexit 100\n' >"$shadow/apt-get"
chmod +x "$shadow/apt-get"

(cd "$scratch" && PATH=$shadow make verify) >"$tmp/no-tools.log" 2>&1
check "make verify without yosys, apt-get failing" "$tmp/no-tools.log" $? "ensure-tools: .*yosys"
mkdir -p "$scratch/build" && touch "$scratch/build/.tools-ok"
(cd "$scratch" && PATH=$shadow make verify) >"$tmp/no-registry.log" 2>&1
check "make verify with the tools stamp but no yosys" "$tmp/no-registry.log" $? "registry: yosys not found"

# make: BLOCKS narrows a run to registered blocks, never to none
(cd "$root" && make -n verify BLOCKS=) >"$tmp/empty-blocks.log" 2>&1
check "make verify BLOCKS=" "$tmp/empty-blocks.log" $? "no block to run"
(cd "$root" && make -n verify BLOCKS="rar_phys no_such") >"$tmp/bad-blocks.log" 2>&1
check "make verify BLOCKS=no_such" "$tmp/bad-blocks.log" $? "does not register: no_such"

# the runners: none given, or one missing, fails naming it
cd "$root" || exit 2
python3 -m tools.run.runner verify -d "$benches" -o "$tmp/verify" -s 1 -n 10 >"$tmp/verify-none.log" 2>&1
check "verify of no bench" "$tmp/verify-none.log" $? "verify: nothing to run"
python3 -m tools.run.runner verify -d "$benches" -o "$tmp/verify" -s 1 -n 10 rar_phys no_such >"$tmp/verify-missing.log" 2>&1
check "verify with a bench missing" "$tmp/verify-missing.log" $? "verify: not run: no_such"
python3 -m tools.run.xsweep -d "$benches" -n 10 -x 5 -l "$tmp/xsweep" >"$tmp/xsweep-none.log" 2>&1
check "xsweep of no bench" "$tmp/xsweep-none.log" $? "usage"
python3 -m tools.run.xsweep -d "$benches" -n 10 -x 5 -l "$tmp/xsweep" rar_phys no_such >"$tmp/xsweep-missing.log" 2>&1
check "xsweep with a bench missing" "$tmp/xsweep-missing.log" $? "xsweep: not run: no_such"
python3 -m tools.run.icarus run 1 10 >"$tmp/icarus-none.log" 2>&1
check "icarus of no bench" "$tmp/icarus-none.log" $? "icarus: nothing to run"
python3 -m tools.regress.regress -s 1 -o "$tmp/regress" -b "$benches" >"$tmp/regress-none.log" 2>&1
check "regress of no bench" "$tmp/regress-none.log" $? "usage"
python3 -m tools.regress.regress -s 1 -o "$tmp/regress" -b "$benches" rar_phys no_such >"$tmp/regress-missing.log" 2>&1
check "regress with a bench missing" "$tmp/regress-missing.log" $? "no bench .*bench_no_such"
python3 -m mutate.score -d "$tmp/mutate" >"$tmp/mutate-none.log" 2>&1
check "mutate of no block" "$tmp/mutate-none.log" $? "usage"
tools/regress/coverage.sh -R -o "$tmp/coverage" >"$tmp/coverage-none.log" 2>&1
check "coverage of no block" "$tmp/coverage-none.log" $? "usage"
tools/regress/coverage.sh -R -o "$tmp/coverage" no_such >"$tmp/coverage-missing.log" 2>&1
check "coverage of a block without counts" "$tmp/coverage-missing.log" $? "no counts for no_such"
echo "first-contact: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
