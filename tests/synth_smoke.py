#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Smoke check of `make synth` (docs/synth.md): every block synthesised, one row per block in
SYNTH_DIR/area.csv, no memory macro off its paper size; fails naming the block.
usage: tests/synth_smoke.py [BLOCK...]  (default: make synth-blocks; env SYNTH_DIR, build/synth)"""
import csv
import os
import subprocess
import sys


def problems(rows, blocks):
    """The problems of area.csv's rows for the blocks ([] when none), and the rows not asked for."""
    out = []
    for b in blocks:
        mine = [r for r in rows if r["block"] == b]
        if not mine:
            out.append(f"{b}: no row in area.csv")
            continue
        if len(mine) > 1:
            out.append(f"{b}: {len(mine)} rows in area.csv")
        r = mine[0]
        if r["status"] != "ok":
            out.append(f"{b}: did not synthesise: {r['status']} (log: {b}/{b}.log)")
        if r["kind"] not in ("logic", "macro"):
            out.append(f"{b}: kind '{r['kind']}'")
        if r["macro_check"] == "MISMATCH":
            out.append(f"{b}: a memory macro differs from the paper's size (see area.md)")
    return out, sorted({r["block"] for r in rows} - set(blocks))


def read_rows(d):
    """area.csv's rows; area.md must be there too."""
    path = os.path.join(d, "area.csv")
    for p in (path, os.path.join(d, "area.md")):
        if not os.path.exists(p) or os.path.getsize(p) == 0:
            raise ValueError(f"{p} missing or empty: run make synth")
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        if reader.fieldnames is None or reader.fieldnames[:3] != ["block", "status", "kind"] \
                or "macro_check" not in reader.fieldnames:
            raise ValueError(f"{path}: unexpected header: {reader.fieldnames}")
        return list(reader)


def main(argv):
    d = os.environ.get("SYNTH_DIR", "build/synth")
    blocks = argv or subprocess.run(["make", "-s", "--no-print-directory", "synth-blocks"],
                                    capture_output=True, text=True, check=False).stdout.split()
    try:
        if not blocks:
            raise ValueError("no block list (make synth-blocks printed nothing)")
        found, extra = problems(read_rows(d), blocks)
    except (OSError, ValueError) as e:
        print(f"synth_smoke: FAILED: {e}", file=sys.stderr)
        return 1
    if extra:
        print(f"synth_smoke: note: rows for blocks not asked for: {' '.join(extra)}")
    for p in found:
        print(f"synth_smoke: FAILED: {p}", file=sys.stderr)
    if found:
        print(f"synth_smoke: {len(found)} problem(s) over {len(blocks)} blocks", file=sys.stderr)
        return 1
    print(f"synth_smoke: {len(blocks)} blocks synthesised, one row each in {d}/area.csv")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
