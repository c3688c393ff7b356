#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The reproduction ledger's runs (issue 29; docs/eval.md): the --json results of deltarf sim,
# patch (common, clustered, dispersed; packed), pilot and pv on every TRACE into OUT/json/<flow>/,
# then tools/reproduction.py writes OUT/reproduction.{json,md} beside data/papers/reproduction.tsv.
# usage: tools/reproduction_run.sh DELTARF OUT TRACE...   (LEDGER_MAPS, PV_CHIPS, PV_YEARS)
set -euo pipefail
BIN=$1 OUT=$2
shift 2
[ $# -gt 0 ] || { echo "reproduction_run: no traces" >&2; exit 1; }
MAPS=${LEDGER_MAPS:-4} CHIPS=${PV_CHIPS:-100} YEARS=${PV_YEARS:-7}
J=$OUT/json
rm -rf "$J"
mkdir -p "$J"/{sim,patch-common,patch-clustered,patch-dispersed,pilot,pv}
for t in "$@"; do
  name=$(basename "$t"); name=${name%.xz}; name=${name%.trace}
  "$BIN" sim "$t" --json >"$J/sim/$name.json"
  for sc in common clustered dispersed; do
    "$BIN" patch "$t" --scenario "$sc" --maps "$MAPS" --seed 1 --json >"$J/patch-$sc/$name.json"
  done
  "$BIN" pilot "$t" --json >"$J/pilot/$name.json"
  "$BIN" pv "$t" --chips "$CHIPS" --years "$YEARS" --json >"$J/pv/$name.json"
done
python3 "$(dirname "$0")/reproduction.py" build "$(dirname "$0")/../data/papers/reproduction.tsv" "$J" "$OUT"
