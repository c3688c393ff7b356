#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make compare-smoke (a make test step; docs/compare.md): deltarf compare on small
in-tree traces, its JSON validated against the schema (tools/report/compare_json.py), its figures the
same as the flows it reuses (deltarf sim's default fill dispatch, deltarf pilot), deltarf pilot's
and deltarf patch's energy and time sections the same as its rows (one engine, docs/compare.md
decision 17), and its bad
input: a missing trace, a corrupt one, an unknown option, each one line on stderr and exit 1.
usage: tests/compare_smoke.py DELTARF TRACE..."""
import json
import lzma
import math
import os
import subprocess
import sys
import tempfile

from tools.report import compare_json

# compare's technique -> deltarf sim's scheme (the aging paper's replay: the copies that fill a
# slice, every rotation folded)
SIM_SCHEMES = {"baseline": "baseline", "rc": "rc", "rc_rar": "rc+rar",
               "warped_compression": "wc", "argo": "argo"}


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, check=False)


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-9)


def same_as_flows(deltarf, kernel):
    """Problems where compare departs from deltarf sim and deltarf pilot on the same trace."""
    trace, tech, problems = kernel["trace"], kernel["techniques"], []
    sim = json.loads(run(deltarf, "sim", trace, "--json").stdout)
    if sim["copies"] != kernel["copies"]:
        problems.append(f"{trace}: {kernel['copies']} copies, deltarf sim {sim['copies']}")
    schemes = {s["scheme"]: s for s in sim["schemes"]}
    for name, scheme in SIM_SCHEMES.items():
        s, c = schemes[scheme], tech[name]
        for axis in ("longest0", "longest1"):
            if not close(c[axis], s[axis]):
                problems.append(f"{trace}: {name} {axis} {c[axis]}, deltarf sim {s[axis]}")
    for name, scheme in SIM_SCHEMES.items():  # one energy source: compare's is a pass of sim's
        s, c = schemes[scheme], tech[name]
        if not close(c["energy_pj"], s["energy_pj"]["total"] / sim["repeat"]):
            problems.append(f"{trace}: {name} energy {c['energy_pj']} pJ, deltarf sim "
                            f"{s['energy_pj']['total'] / sim['repeat']} a pass")
        if not close(c["perf_overhead_pct"], s["perf_overhead_pct"]):
            problems.append(f"{trace}: {name} perf_overhead_pct {c['perf_overhead_pct']}, "
                            f"deltarf sim {s['perf_overhead_pct']}")
    pilot = json.loads(run(deltarf, "pilot", trace, "--json").stdout)
    if not close(tech["pilot"]["top4_share"], pilot["top_share"][3]):
        problems.append(f"{trace}: pilot top4_share {tech['pilot']['top4_share']}, "
                        f"deltarf pilot top-4 {pilot['top_share'][3]}")
    for name, row in tech.items():
        if not close(row["energy_pj"], row["dynamic_energy_pj"] + row["leakage_energy_pj"]):
            problems.append(f"{trace}: {name}: energy is not dynamic + leakage")
    return problems


# the axes deltarf pilot and deltarf patch print from compare's run (their "energy" member)
ENERGY_AXES = ("dynamic_energy_pj", "leakage_energy_pj", "energy_pj", "energy_saving_pct",
               "cycles", "extra_cycles", "perf_overhead_pct")


def same_row(what, verb_row, row):
    """Problems where a verb's energy row departs from compare's."""
    return [f"{what} {axis} {verb_row[axis]}, compare {row[axis]}" for axis in ENERGY_AXES
            if (verb_row[axis] is None) != (row[axis] is None)
            or (row[axis] is not None and not close(verb_row[axis], row[axis]))]


def same_energy(deltarf, kernel):
    """Problems where deltarf pilot's and deltarf patch's (compare's seed 1, one map) energy,
    FRF_low share and perf overhead depart from compare's rows on the same trace."""
    trace, tech, problems = kernel["trace"], kernel["techniques"], []
    pilot = json.loads(run(deltarf, "pilot", trace, "--json").stdout)["energy"]
    problems += same_row(f"{trace}: pilot", pilot["technique"], tech["pilot"])
    problems += same_row(f"{trace}: pilot's baseline", pilot["baseline"], tech["baseline"])
    if not close(pilot["frf_low_share_pct"], tech["pilot"]["frf_low_share_pct"]):
        problems.append(f"{trace}: pilot FRF_low {pilot['frf_low_share_pct']}, compare "
                        f"{tech['pilot']['frf_low_share_pct']}")
    for scenario, row in tech["dc_patch"]["scenarios"].items():
        r = run(deltarf, "patch", trace, "--scenario", scenario, "--seed", "1", "--maps", "1",
                "--json")
        patch = json.loads(r.stdout)["energy"]
        problems += same_row(f"{trace}: patch {scenario}", patch["technique"], row)
        problems += same_row(f"{trace}: patch's baseline", patch["baseline"], tech["baseline"])
    return problems


def header_of(trace):
    """The first line of an in-tree trace (xz)."""
    with lzma.open(trace, "rt") as f:
        return f.readline().rstrip("\n")


def bad_input(deltarf, trace, tmp):
    """Problems with the one-line errors of bad input."""
    corrupt, foreign, cut = (os.path.join(tmp, n) for n in ("corrupt.trace", "foreign.trace",
                                                            "cut.trace.xz"))
    with open(corrupt, "w") as f:
        f.write(header_of(trace) + "\nW banana\n")
    with open(foreign, "w") as f:
        f.write("a text file, not a trace\n")
    with open(trace, "rb") as src, open(cut, "wb") as dst:
        dst.write(src.read()[:400])
    cases = {"missing trace": [os.path.join(tmp, "absent.trace.xz")],
             "corrupt trace": [corrupt], "not a trace": [foreign], "truncated xz": [cut],
             "unknown option": ["--bogus"],
             "bad --years": ["--years", "0", corrupt], "no trace": ["--chips", "2"]}
    problems = []
    for what, args in cases.items():
        r = run(deltarf, "compare", *args)
        lines = r.stderr.strip().splitlines()
        if r.returncode != 1 or len(lines) != 1 or not lines[0].startswith("deltarf compare: "):
            problems.append(f"{what}: exit {r.returncode}, stderr {r.stderr!r}")
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 1
    deltarf, traces = argv[0], argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "compare.json")
        r = run(deltarf, "compare", *traces, "--chips", "4", "--years", "7", "--json", out)
        if r.returncode != 0:
            print(f"compare-smoke: deltarf compare failed: {r.stderr.strip()}", file=sys.stderr)
            return 1
        problems = []
        try:
            compare_json.check(compare_json.load(out), out)
        except compare_json.SchemaError as e:
            problems.append(f"schema: {e}")
        doc = compare_json.load(out)
        if [k["trace"] for k in doc["kernels"]] != traces:
            problems.append(f"kernels {[k['trace'] for k in doc['kernels']]}, traces {traces}")
        if "## summary over" not in r.stdout:
            problems.append("no summary table in the text output")
        for k in doc["kernels"]:
            problems += same_as_flows(deltarf, k) + same_energy(deltarf, k)
        problems += bad_input(deltarf, traces[0], tmp)
    for p in problems:
        print(f"compare-smoke: {p}", file=sys.stderr)
    if not problems:
        print(f"compare-smoke: {len(traces)} traces, schema, flows and energy sections agree, "
              "bad input refused")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
