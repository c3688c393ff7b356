#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make verify-gates' netlist tools (issue 30; docs/synth.md, Gate-level check).
activity: a mapped netlist's switching activity, build/gates/BLOCK/activity.json, from the
  Yosys JSON of the netlist (names, drivers) and tools/fst_activity's counts of a gate-level run:
  {"version": 1, "block", "cycles", "clock_period_ns", "nets": [{"net", "driver", "activity",
  "duty"}]}, activity in transitions per clock cycle, duty the fraction of cycles at 1.
break: the netlist with one cell swapped for its pin-compatible complement (the self-test: a
  synthesis bug must fail the gate-level bench).
usage: gates.py activity NETLIST.json COUNTS.tsv BLOCK PERIOD_NS OUT.json
       gates.py break NETLIST.json LIB NETLIST.v OUT.v"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import liberty  # noqa: E402

CLOCK = "clk"  # the harness's clock port (tb/vshim.hpp): one rising and one falling edge a cycle


class GatesError(Exception):
    pass


def top_module(netlist):
    """(name, module) of the netlist's top (Yosys marks it with the attribute top = 1)."""
    tops = [(n, m) for n, m in netlist.get("modules", {}).items()
            if int(m.get("attributes", {}).get("top", "0"), 2)]
    if len(tops) != 1:
        raise GatesError(f"{len(tops)} top modules in the netlist (expected one)")
    return tops[0]


def bit_name(name, width, k, net):
    """The name of bit k (0 = least significant) of a netlist wire, as Verilog indexes it."""
    if width == 1:
        return name
    offset = net.get("offset", 0)
    return f"{name}[{offset + (width - 1 - k if net.get('upto') else k)}]"


def drivers(module):
    """bit -> 'INST/PIN' of the cell output or top input port that drives it."""
    out = {}
    for pname, port in module.get("ports", {}).items():
        if port["direction"] == "input":
            for k, bit in enumerate(port["bits"]):
                out[bit] = bit_name(pname, len(port["bits"]), k, {})
    for cname, cell in module.get("cells", {}).items():
        dirs = cell.get("port_directions", {})
        for pin, bits in cell.get("connections", {}).items():
            if dirs.get(pin) == "output":
                for k, bit in enumerate(bits):
                    if isinstance(bit, int):
                        out[bit] = f"{cname}/{bit_name(pin, len(bits), k, {})}"
    return out


def net_names(module):
    """bit -> its names (port names first, then the shortest), each 'NAME' or 'NAME[i]'."""
    names = {}
    ports = set(module.get("ports", {}))
    for name, net in module.get("netnames", {}).items():
        for k, bit in enumerate(net["bits"]):
            if isinstance(bit, int):
                names.setdefault(bit, []).append((name not in ports, len(name), name,
                                                  bit_name(name, len(net["bits"]), k, net), k))
    return {bit: sorted(v) for bit, v in names.items()}


def read_counts(lines, block):
    """tools/fst_activity's records -> (samples, {(wire name, k): (toggles, ones)}) for the
    variables of the block's top scope (TOP.BLOCK.)."""
    prefix = f"TOP.{block}."
    samples, var_of, per_handle = None, {}, {}
    for ln in lines:
        f = ln.rstrip("\n").split("\t")
        if f[0] == "samples":
            samples = int(f[1])
        elif f[0] == "var" and f[3].startswith(prefix):
            name = re.sub(r" \[-?\d+:-?\d+\]$", "", f[3][len(prefix):])
            var_of.setdefault(f[1], []).append(name)
        elif f[0] == "bit":
            per_handle.setdefault(f[1], {})[int(f[2])] = (int(f[3]), int(f[4]))
    if not samples:
        raise GatesError("the counts name no sample (an empty or unreadable trace)")
    counts = {}
    for handle, names in var_of.items():
        for name in names:
            for k, c in per_handle.get(handle, {}).items():
                counts[(name, k)] = c
    return samples, counts


def activity(netlist, counts_lines, block, period_ns):
    """The activity.json document of a netlist and the counts of its run."""
    _, module = top_module(netlist)
    samples, counts = read_counts(counts_lines, block)
    driven = drivers(module)
    nets, missing = [], []
    for bit, names in sorted(net_names(module).items()):
        if bit not in driven:  # a named wire whose logic was optimised away: nothing switches it
            continue
        seen = {counts[(n[2], n[4])] for n in names if (n[2], n[4]) in counts}
        if len(seen) > 1:
            raise GatesError(f"net {names[0][3]}: its names traced with different values")
        canonical = names[0][3]
        if canonical == CLOCK and CLOCK in module.get("ports", {}):
            rate, duty = 2.0, 0.5
        elif seen:
            toggles, ones = seen.pop()
            rate, duty = toggles / samples, ones / samples
        else:
            missing.append(canonical)
            continue
        nets.append({"net": canonical, "driver": driven[bit], "activity": round(rate, 6),
                     "duty": round(duty, 6)})
    if missing:
        raise GatesError(f"{len(missing)} net(s) not in the trace, e.g. {', '.join(missing[:3])}")
    return {"version": 1, "block": block, "cycles": samples, "clock_period_ns": period_ns,
            "nets": nets}


def pick_cell_to_break(netlist, cells):
    """(instance, type, complement type): a cell with a complement, driving a top output if one
    does (its inversion then shows at that output), the first by name."""
    _, module = top_module(netlist)
    outputs = {b for p in module.get("ports", {}).values() if p["direction"] == "output"
               for b in p["bits"]}
    candidates = []
    for name, cell in sorted(module.get("cells", {}).items()):
        other = liberty.complement(cells, cell["type"]) if cell["type"] in \
            {c.name for c in cells} else None
        if other:
            drives_out = any(b in outputs for pin, bits in cell["connections"].items()
                             if cell.get("port_directions", {}).get(pin) == "output" for b in bits)
            candidates.append((not drives_out, name, cell["type"], other))
    if not candidates:
        raise GatesError("no cell of the netlist has a pin-compatible complement")
    _, name, old, new = min(candidates)
    return name, old, new


def break_netlist(verilog, name, old, new):
    """The netlist text with instance `name` of type `old` made a `new`."""
    line = re.compile(rf"^(\s*){re.escape(old)}(\s+{re.escape(name)}\s*\()", re.M)
    hits = line.findall(verilog)
    if len(hits) != 1:
        raise GatesError(f"instance {old} {name}: {len(hits)} matches in the Verilog netlist")
    return line.sub(rf"\g<1>{new}\g<2>", verilog)


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise GatesError(f"{path}: not JSON ({e})") from e


def main(argv):
    try:
        if len(argv) == 6 and argv[0] == "activity":
            _, net_json, counts, block, period, out = argv
            with open(counts, encoding="utf-8") as f:
                doc = activity(load_json(net_json), f, block, float(period))
            with open(out, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=0)
                f.write("\n")
            return 0
        if len(argv) == 5 and argv[0] == "break":
            _, net_json, lib, net_v, out = argv
            name, old, new = pick_cell_to_break(load_json(net_json),
                                                liberty.cells(liberty.read(lib)))
            with open(net_v, encoding="utf-8") as f:
                text = break_netlist(f.read(), name, old, new)
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"gates: broke {name}: {old} -> {new}")
            return 0
    except (GatesError, liberty.LibertyError, OSError, ValueError) as e:
        print(f"gates: {argv[0]}: {e}", file=sys.stderr)
        return 1
    print(__doc__.split("usage: ")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
