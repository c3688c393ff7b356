#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# deltarf compare's JSON (schema: docs/compare.md): validation, and the merge of the
# per-trace results of make compare into one document with its summary over kernels.
#   python3 -m tools.report.compare_json check FILE...         -> exit 1 naming the first departure
#   python3 -m tools.report.compare_json merge OUT.json IN...  -> the kernels of every IN, one summary
#   python3 -m tools.report.compare_json diff [-i KEY]... A B    -> any two JSON results (files, or
#     folders: every *.json below them) equal but for their timing fields (TIMING, and -i KEYs):
#     a line per difference, exit 1 when there is one (a flow's results before and after a change)
# Bad input: one line on stderr, exit 1.
import json
import math
import os
import re
import sys

SCHEMA = "deltarf-compare/2"
TECHNIQUES = ["baseline", "rc", "rc_rar", "warped_compression", "argo", "dc_patch", "vlsb",
              "pv_opt", "pv_opt_nbti_opt", "pilot"]
AXES = ["dynamic_energy_pj", "leakage_energy_pj", "energy_pj", "energy_saving_pct",
        "energy_saving_synth_pct", "longest0", "longest1", "dvth_mv", "guardband_pct", "cycles",
        "extra_cycles", "perf_overhead_pct", "cycle_time_ns", "time_us", "speedup_pct",
        "logic_area_um2", "area_overhead_pct"]
SUMMARY_AXES = ["energy_saving_pct", "guardband_pct", "perf_overhead_pct", "speedup_pct",
                "area_overhead_pct"]
SCENARIOS = ["common", "clustered", "dispersed"]
PV_ROWS = ["baseline", "vlsb", "pv_opt", "pv_opt_nbti_opt"]
KERNEL_COUNTS = ["events", "wavefronts", "accesses", "copies", "busy_cycles"]
CELL_AXES = [f"{part}_{axis}" for part in ("frf", "srf")
             for axis in ("longest0", "longest1", "dvth_mv", "guardband_pct")]
EXTRA = {"pv_model_guardband_pct", "scenario", "scenarios", "profile", "top4_share",
         "frf_share_static_pct", "frf_share_pilot_pct", "frf_low_share_pct", "cells_na",
         *CELL_AXES}


class SchemaError(Exception):
    pass


def need(cond, where, what):
    if not cond:
        raise SchemaError(f"{where}: {what}")


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check_axes(obj, where):
    """Every axis a number, or null with its reason under na (and only then)."""
    need(isinstance(obj, dict), where, "not an object")
    na = obj.get("na")
    need(isinstance(na, dict), where, "no na object")
    for name in na:
        need(name in AXES, where, f"na names an unknown axis {name!r}")
        need(isinstance(na[name], str) and na[name], f"{where}.na.{name}", "no reason")
    for axis in AXES:
        need(axis in obj, where, f"missing axis {axis}")
        if axis in na:
            need(obj[axis] is None, f"{where}.{axis}", "n/a but not null")
        else:
            need(is_number(obj[axis]), f"{where}.{axis}", "not a number")


def check_technique(name, obj, where):
    check_axes(obj, where)
    unknown = set(obj) - set(AXES) - {"na"} - EXTRA
    need(not unknown, where, f"unknown member {sorted(unknown)[0] if unknown else ''}")
    if name in PV_ROWS:
        need(is_number(obj.get("pv_model_guardband_pct")), where, "no pv_model_guardband_pct")
    if name == "dc_patch":
        need(obj.get("scenario") == "common", where, "scenario is not common")
        sc = obj.get("scenarios")
        need(isinstance(sc, dict) and sorted(sc) == sorted(SCENARIOS), where,
             "scenarios are not common, clustered, dispersed")
        for s in SCENARIOS:
            check_axes(sc[s], f"{where}.scenarios.{s}")
    if name == "pilot":
        for key in ["top4_share", "frf_share_static_pct", "frf_share_pilot_pct",
                    "frf_low_share_pct"]:
            need(is_number(obj.get(key)), where, f"no {key}")
        need(0 <= obj["top4_share"] <= 100, where, "top4_share outside 0-100")
        cells_na = obj.get("cells_na")
        need(cells_na is None or (isinstance(cells_na, str) and cells_na), where, "empty cells_na")
        for key in CELL_AXES:
            need(key in obj, where, f"no {key}")
            need(obj[key] is None if cells_na else is_number(obj[key]), f"{where}.{key}",
                 "null exactly when cells_na gives the reason")


def check_kernel(k, where):
    need(isinstance(k, dict), where, "not an object")
    need(isinstance(k.get("trace"), str), where, "no trace")
    for c in KERNEL_COUNTS:
        need(is_number(k.get(c)) and k[c] >= 0, where, f"no {c}")
    tech = k.get("techniques")
    need(isinstance(tech, dict), where, "no techniques")
    need(list(tech) == TECHNIQUES, where, f"techniques are not {', '.join(TECHNIQUES)}")
    for name in TECHNIQUES:
        check_technique(name, tech[name], f"{where}.techniques.{name}")
    base = tech["baseline"]
    need(base["energy_saving_pct"] == 0, f"{where}.techniques.baseline",
         "the baseline saves against itself")


def check(doc, where="document"):
    need(isinstance(doc, dict), where, "not an object")
    need(doc.get("schema") == SCHEMA, where, f"schema is not {SCHEMA}")
    for key in ["chips", "years", "node_nm"]:
        need(is_number(doc.get(key)) and doc[key] > 0, where, f"no {key}")
    kernels = doc.get("kernels")
    need(isinstance(kernels, list) and kernels, where, "no kernels")
    for i, k in enumerate(kernels):
        check_kernel(k, f"{where}.kernels[{i}]")
    want = summary(kernels)
    got = doc.get("summary")
    need(isinstance(got, dict) and got.get("kernels") == len(kernels), where,
         "summary.kernels is not the number of kernels")
    for name in TECHNIQUES:
        for axis in SUMMARY_AXES:
            a, b = got["techniques"][name][axis], want["techniques"][name][axis]
            need((a is None and b is None) or (is_number(a) and is_number(b) and
                                               math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)),
                 f"{where}.summary.techniques.{name}.{axis}", "not the mean over kernels")


def summary(kernels):
    """The mean of each relative axis over the kernels where it applies (docs/compare.md)."""
    out = {"kernels": len(kernels), "techniques": {}}
    for name in TECHNIQUES:
        row = {}
        for axis in SUMMARY_AXES:
            vals = [k["techniques"][name][axis] for k in kernels
                    if k["techniques"][name][axis] is not None]
            row[axis] = sum(vals) / len(vals) if vals else None
        out["techniques"][name] = row
    return out


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError as e:
        raise SchemaError(f"{path}: {e.strerror}")
    except json.JSONDecodeError as e:
        raise SchemaError(f"{path}: not JSON: {e}")


def merge(paths):
    docs = [load(p) for p in paths]
    for p, d in zip(paths, docs):
        check(d, p)
    head = {k: docs[0][k] for k in ["schema", "chips", "years", "node_nm"]}
    for p, d in zip(paths, docs):
        need(all(d[k] == head[k] for k in head), p, "chips, years or node differ from the first")
    kernels = sorted((k for d in docs for k in d["kernels"]), key=lambda k: k["trace"])
    traces = [k["trace"] for k in kernels]
    need(len(set(traces)) == len(traces), "merge", "a trace given twice")
    return dict(head, kernels=kernels, summary=summary(kernels))


# --- diff: two results equal but for their timing ----------------------------------------
# a member of one of these names, or ending so, is a timing (or where it ran), not a result
TIMING = {"seconds", "wall_us", "host", "hosts", "date", "started", "finished", "elapsed"}
TIMING_SUFFIX = re.compile(r"(_seconds|_s|_us|_ms|_per_s|_per_sec|_per_second|_time)$")


def is_timing(key, ignore=()):
    return key in TIMING or key in ignore or TIMING_SUFFIX.search(key) is not None


def differences(a, b, where="", ignore=()):
    """Where a and b differ, their timing members aside: a list of lines."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if is_timing(k, ignore):
                continue
            if k not in a or k not in b:
                out.append(f"{where}.{k}: only in {'the second' if k not in a else 'the first'}")
            else:
                out += differences(a[k], b[k], f"{where}.{k}", ignore)
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{where}: {len(a)} items, then {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{where}[{i}]", ignore)]
    return [] if a == b and type(a) is type(b) else [f"{where or '.'}: {json.dumps(a)} then {json.dumps(b)}"]


def json_files(top):
    """The *.json files below a folder, relative to it (a file: itself, as '')."""
    if not os.path.isdir(top):
        return [""]
    return sorted(os.path.relpath(os.path.join(d, f), top) for d, _, fs in os.walk(top)
                  for f in fs if f.endswith(".json"))


def diff(first, second, ignore=()):
    """Lines naming each difference between two results (files or folders of them)."""
    fa, fb = json_files(first), json_files(second)
    out = [f"{os.path.join(first, f)}: not in {second}" for f in fa if f not in fb]
    out += [f"{os.path.join(second, f)}: not in {first}" for f in fb if f not in fa]
    for f in (f for f in fa if f in fb):
        pa, pb = os.path.join(first, f) if f else first, os.path.join(second, f) if f else second
        out += [f"{f or pa}: {d}" for d in differences(load(pa), load(pb), "", ignore)]
    return out


def diff_main(argv):
    ignore, args = [], list(argv)
    while len(args) > 2 and args[0] == "-i":
        ignore.append(args[1])
        args = args[2:]
    if len(args) != 2:
        raise SchemaError("usage: compare_json.py diff [-i KEY]... A B")
    lines = diff(args[0], args[1], ignore)
    for line in lines:
        print(line)
    print(f"compare_json diff: {len(lines)} difference(s) ({args[0]} vs {args[1]}, timing aside)")
    return 1 if lines else 0


def main(argv):
    try:
        if len(argv) >= 1 and argv[0] == "diff":
            return diff_main(argv[1:])
        if len(argv) >= 2 and argv[0] == "check":
            for p in argv[1:]:
                check(load(p), p)
        elif len(argv) >= 3 and argv[0] == "merge":
            doc = merge(argv[2:])
            with open(argv[1], "w") as f:
                json.dump(doc, f, indent=1)
                f.write("\n")
        else:
            raise SchemaError("usage: compare_json.py check FILE... | merge OUT.json IN.json... | diff [-i KEY]... A B")
    except (SchemaError, OSError) as e:
        print(f"compare_json.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
