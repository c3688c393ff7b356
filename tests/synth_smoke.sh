#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Smoke check of `make synth`: every block synthesised, one row per block in area.csv, no memory
# macro off its paper size. usage: tests/synth_smoke.sh [BLOCK...] (default: make synth-blocks)
set -u
DIR=${SYNTH_DIR:-build/synth}
CSV=$DIR/area.csv
if [ $# -gt 0 ]; then
  blocks=("$@")
else
  read -r -a blocks <<<"$(make -s --no-print-directory synth-blocks)"
fi
fail() { echo "synth_smoke: FAILED: $*" >&2; exit 1; }
[ ${#blocks[@]} -gt 0 ] || fail "no block list (make synth-blocks printed nothing)"
[ -s "$CSV" ] || fail "$CSV missing or empty: run make synth"
[ -s "$DIR/area.md" ] || fail "$DIR/area.md missing or empty: run make synth"
head -1 "$CSV" | grep -q '^block,status,kind,' || fail "$CSV: unexpected header: $(head -1 "$CSV")"

problems=()
for b in "${blocks[@]}"; do
  rows=$(awk -F, -v b="$b" 'NR > 1 && $1 == b' "$CSV")
  n=$(printf '%s' "$rows" | grep -c '^' || true)
  if [ "$n" -eq 0 ]; then problems+=("$b: no row in $CSV"); continue; fi
  [ "$n" -eq 1 ] || problems+=("$b: $n rows in $CSV")
  IFS=, read -r _ status kind _ <<<"$(head -1 <<<"$rows")"
  [ "$status" = ok ] || problems+=("$b: did not synthesise: $status (log: $DIR/$b/$b.log)")
  [ "$kind" = logic ] || [ "$kind" = macro ] || problems+=("$b: kind '$kind'")
  chk=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "macro_check") c = i; next }
                 { print $c }' <(head -1 "$CSV"; head -1 <<<"$rows"))
  [ "$chk" != MISMATCH ] || problems+=("$b: a memory macro differs from the paper's size (see $DIR/area.md)")
done
extra=$(awk -F, 'NR > 1 { print $1 }' "$CSV" | grep -vxF -f <(printf '%s\n' "${blocks[@]}") | tr '\n' ' ')
[ -z "$extra" ] || echo "synth_smoke: note: rows for blocks not asked for: $extra"
if [ ${#problems[@]} -gt 0 ]; then
  printf 'synth_smoke: FAILED: %s\n' "${problems[@]}" >&2
  echo "synth_smoke: ${#problems[@]} problem(s) over ${#blocks[@]} blocks" >&2
  exit 1
fi
echo "synth_smoke: ${#blocks[@]} blocks synthesised, one row each in $CSV"
