#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make synth's numbers of one block (docs/synth.md): read from what Yosys wrote as data, the
technology-independent `stat -json` and the mapped netlist's `write_json`, written to
DIR/result.json for tools/synth/synth_report.py, with a one-line summary on stdout.
usage: python3 -m tools.synth.synth_block DIR BLOCK KIND RC T0 T1 TIMEOUT_S MACRO_MODULE[:REG,...]...
  KIND logic|macro, RC Yosys' exit status (124: timed out), T0 T1 its start and end (s since the
  epoch), MACRO_MODULE the run's memory-macro modules (SYNTH_MACROS): black boxes inside the
  block, or the block itself with its storage registers
A block whose files cannot be read gets the status "no numbers: ..." (the run fails); bad
arguments: the usage on stderr, exit 2."""
import collections
import fnmatch
import functools
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.synth import libcut
from tools.report import results

LIBERTY = os.path.join(HERE, "..", "..", "synth", "deltarf45.lib")
LOGIC_CELLS = "*_X*"  # the liberty's cells; levels count those that are not flip-flops
FLIP_FLOPS = "DFF*"
MEM_CELL = "$mem_v2"
# ABC's `stime -p` prints its delay and the ends of the longest path only as log lines; they are
# the one figure not read from Yosys' data (docs/synth.md, Logic depth and delay).
ABC_DELAY = re.compile(r"^ABC: WireLoad = .*\bDelay = *([0-9.]+) ps")
ABC_PATH = re.compile(r"^ABC: Start-point = \S+ \((.*)\)\. +End-point = \S+ \((.*)\)\.? *$")


class SynthError(Exception):
    """Bad input: reported as one line, exit 1."""


def read_json(path):
    try:
        return results.read(path)
    except results.ResultsError as e:
        raise SynthError(str(e)) from None


def top_module(netlist, path):
    """The netlist's top module (attribute top), the block flattened into one module."""
    tops = [m for m in netlist.get("modules", {}).values()
            if isinstance(m, dict) and "top" in m.get("attributes", {})]
    if len(tops) != 1:
        raise SynthError(f"{path}: {len(tops)} top modules, expected 1")
    return tops[0]


def stat_counts(stat, path):
    """(cells, [(type, n)]) of a `stat -json` of one flattened module."""
    mods = list(stat.get("modules", {}).values())
    if len(mods) != 1 or "num_cells" not in mods[0]:
        raise SynthError(f"{path}: expected the statistics of one module")
    return mods[0]["num_cells"], sorted(mods[0].get("num_cells_by_type", {}).items())


def cell_counts(cells):
    """[(type, n)] of the netlist's cells, by type."""
    return sorted(collections.Counter(c["type"] for c in cells.values()).items())


@functools.lru_cache(maxsize=None)
def liberty_areas():
    """{cell name: area um2} of the liberty."""
    try:
        with open(LIBERTY, encoding="utf-8") as fh:
            lib = libcut.parse(fh.read())
    except (OSError, libcut.LibertyError) as e:
        raise SynthError(f"{LIBERTY}: {e}") from None
    return libcut.cell_areas(lib)


def mapped_area(types):
    """The sum of the liberty cells' areas, as `stat -liberty`: other cells ($mem, macros) add 0."""
    areas = liberty_areas()
    return sum(n * areas.get(t, 0.0) for t, n in types)


def logic_levels(cells):
    """The longest chain of combinational liberty cells (`ltp -noff`, selection `w:* t:*_X* %u
    t:DFF* %d`): every input bit of such a cell leads to each of its output bits."""
    succ, indeg = collections.defaultdict(set), collections.Counter()
    for c in cells.values():
        if not fnmatch.fnmatchcase(c["type"], LOGIC_CELLS) or fnmatch.fnmatchcase(c["type"], FLIP_FLOPS):
            continue
        dirs = c.get("port_directions", {})
        ins = {b for p, bits in c["connections"].items() if dirs.get(p) == "input" for b in bits}
        outs = {b for p, bits in c["connections"].items() if dirs.get(p) == "output" for b in bits}
        for s in ins:
            if isinstance(s, int):  # a constant ("0", "1", "x") is not a wire bit
                for d in outs - succ[s]:
                    succ[s].add(d)
                    indeg[d] += 1
    nodes = set(succ) | set(indeg)
    level = dict.fromkeys(nodes, 0)
    ready = [n for n in nodes if indeg[n] == 0]
    done = 0
    while ready:
        s = ready.pop()
        done += 1
        for d in succ.get(s, ()):
            level[d] = max(level[d], level[s] + 1)
            indeg[d] -= 1
            if indeg[d] == 0:
                ready.append(d)
    if done != len(nodes):
        raise SynthError("a combinational loop in the mapped netlist")
    return max(level.values(), default=0)


def param_int(value):
    """A cell parameter of the JSON netlist: a binary string or a number."""
    return int(value, 2) if isinstance(value, str) else int(value)


def memories(cells):
    """[(name, SIZE, WIDTH)] of the inferred arrays kept as $mem_v2 cells."""
    return [(c["parameters"]["MEMID"].lstrip("\\"), param_int(c["parameters"]["SIZE"]),
             param_int(c["parameters"]["WIDTH"]))
            for c in cells.values() if c["type"] == MEM_CELL]


def array_flops(module, regs):
    """The flip-flops whose Q drives a bit of the named registers (a macro's storage bits)."""
    bits = {b for r in regs for b in module["netnames"].get(r, {}).get("bits", [])}
    return sum(1 for c in module["cells"].values()
               if fnmatch.fnmatchcase(c["type"], FLIP_FLOPS) and bits & set(c["connections"].get("Q", [])))


def instances(cells, macro_modules):
    """[(instance, module)] of the black-boxed macro modules, in the netlist's order."""
    return [(name, c["type"]) for name, c in cells.items() if c["type"] in macro_modules]


def abc_timing(log_path):
    """{delay_ps, path} of the last `stime -p` in the log (none: an empty dict)."""
    out = {}
    if not os.path.exists(log_path):
        return out
    with open(log_path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = ABC_DELAY.match(line)
            if m:
                out["delay_ps"] = float(m.group(1))
            m = ABC_PATH.match(line)
            if m:
                out["path"] = [re.sub(r"[\\ ]", "", g) for g in m.groups()]
    return out


def status(rc, timeout_s, log_paths):
    """ok, the timeout, or Yosys' exit status with the first ERROR line of its output."""
    if rc == 0:
        return "ok"
    if rc == 124:
        return f"timeout after {timeout_s} s"
    first = ""
    for p in log_paths:
        if not first and os.path.exists(p):
            with open(p, encoding="utf-8", errors="replace") as fh:
                first = next((ln.strip()[:200] for ln in fh if "ERROR" in ln), "")
    return f"yosys exit {rc}: {first}"


def measure(d, block, kind, macros):
    """The numbers of a block Yosys synthesised: counts, area, levels, arrays, macro instances."""
    r = {}
    top = block.split("@")[0]
    r["generic_cells"], r["generic_types"] = stat_counts(read_json(os.path.join(d, "generic.json")),
                                                         os.path.join(d, "generic.json"))
    path = os.path.join(d, f"{block}.mapped.json")
    module = top_module(read_json(path), path)
    cells = module.get("cells", {})
    if kind == "logic":
        r["mapped_types"] = cell_counts(cells)
        r["mapped_cells"] = len(cells)
        r["mapped_area"] = mapped_area(r["mapped_types"])
        r["levels"] = logic_levels(cells)
    r.update(abc_timing(os.path.join(d, f"{block}.log")))
    r["mems"] = memories(cells)
    spec = next((m.partition(":")[2] for m in macros if m.split(":")[0] == top), "")
    if spec:
        r["ffarray"] = array_flops(module, spec.split(","))
    r["insts"] = instances(cells, {m.split(":")[0] for m in macros} - {top})
    return r


def summary(block, r):
    """The run's line for the block."""
    parts = [r["status"], "%.1f s" % r["seconds"]]
    if "mapped_area" in r:
        parts.append("%.1f um2" % r["mapped_area"])
    if "levels" in r:
        parts.append(f"{r['levels']} levels")
    if "delay_ps" in r:
        parts.append("%.2f ps" % r["delay_ps"])
    return f"synth: {block:<20} " + ", ".join(parts)


def write(d, r):
    """result.json, and the status and seconds synth/run.sh prints and orders the next run by."""
    with open(os.path.join(d, "result.json"), "w", encoding="utf-8") as fh:
        json.dump(r, fh, indent=1)
        fh.write("\n")
    with open(os.path.join(d, "status"), "w", encoding="utf-8") as fh:
        fh.write(r["status"] + "\n")
    with open(os.path.join(d, "seconds"), "w", encoding="utf-8") as fh:
        fh.write("%.1f\n" % r["seconds"])


def main(argv):
    if len(argv) < 7 or argv[2] not in ("logic", "macro"):
        print(__doc__.split("\n")[3], file=sys.stderr)
        return 2
    d, block, kind, rc, t0, t1, timeout_s, macros = *argv[:7], argv[7:]
    try:
        r = {"block": block, "kind": kind, "seconds": float(t1) - float(t0),
             "status": status(int(rc), timeout_s, [os.path.join(d, "stdout.txt"), os.path.join(d, f"{block}.log")])}
    except ValueError as e:
        print(f"synth_block: {block}: {e}", file=sys.stderr)
        return 1
    if r["status"] == "ok":
        try:
            r.update(measure(d, block, kind, macros))
        except (SynthError, KeyError, TypeError, ValueError, AttributeError) as e:
            r["status"] = f"no numbers: {e}"  # the block fails the run (synth/run.sh)
    write(d, r)
    print(summary(block, r))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
