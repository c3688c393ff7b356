#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make power-smoke (a make test step; docs/synth.md): make power's tools/synth/power.py end to
end on one block that synth/run.sh has just mapped into SYNTH_DIR, vectorless (no gate-level
activity), and its bad input: a block that is not registered, a missing netlist.
usage: tests/power_smoke.py SYNTH_DIR CLOCK_PS BLOCK"""
import csv
import math
import os
import shutil
import subprocess
import sys
import tempfile



def power(*args):
    return subprocess.run([sys.executable, "-m", "tools.synth.power", *args], capture_output=True, text=True, check=False)


def check_row(synth_dir, block):
    """The problems of BLOCK's row in SYNTH_DIR/power.csv ([] when none)."""
    with open(os.path.join(synth_dir, "power.csv"), encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    if [r["block"] for r in rows] != [block]:
        return [f"power.csv rows {[r['block'] for r in rows]}, expected [{block}]"]
    r, problems = rows[0], []
    for col in ("leakage_uw", "dynamic_uw", "energy_pj", "slack_ns", "slack_scaled_ns"):
        if not math.isfinite(float(r[col])):
            problems.append(f"{col} = {r[col]}")
    if not float(r["leakage_uw"]) > 0 or not float(r["dynamic_uw"]) > 0:
        problems.append(f"no power: leakage {r['leakage_uw']}, dynamic {r['dynamic_uw']}")
    if r["activity"] != "vectorless" or not r["op"] or int(r["cycles"]) < 1:
        problems.append(f"activity {r['activity']}, op {r['op']!r}, cycles {r['cycles']}")
    with open(os.path.join(synth_dir, "power.md"), encoding="utf-8") as fh:
        if f"| {block} |" not in fh.read():
            problems.append("power.md has no row of the block")
    return problems


def check_bad_input(synth_dir, clock_ps, block):
    """Each bad run must exit 1 with one line on stderr."""
    problems = []
    with tempfile.TemporaryDirectory() as empty:
        shutil.copy(os.path.join(synth_dir, "abc.constr"), empty)
        for args, what in (((synth_dir, empty, clock_ps, "no_such_block"), "an unregistered block"),
                           ((empty, empty, clock_ps, block), "a missing netlist")):
            run = power(*args)
            lines = run.stderr.strip().splitlines()
            if run.returncode != 1 or len(lines) != 1:
                problems.append(f"{what}: exit {run.returncode}, stderr {run.stderr!r}")
    return problems


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    synth_dir, clock_ps, block = argv
    no_gates = os.path.join(synth_dir, "no-gate-activity")
    run = power(synth_dir, no_gates, clock_ps, block)
    if run.returncode != 0:
        print(f"power-smoke: tools/synth/power.py failed: {run.stderr.strip()}")
        return 1
    problems = check_row(synth_dir, block) + check_bad_input(synth_dir, clock_ps, block)
    for p in problems:
        print(f"power-smoke: {block}: {p}")
    if problems:
        return 1
    print(f"power-smoke: {block}: ok ({run.stdout.strip().splitlines()[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
