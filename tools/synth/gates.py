#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make verify-gates' and make gates-activity's netlist tools (docs/synth.md,
Gate-level check).
simnet: the netlist Verilator simulates: Yosys' netlist with every net split into bits
  (splitnets -ports: Verilator 5.006 evaluates a vector that feeds its own bits through cells
  wrongly) and a top with the block's ports around it.
check: every block's netlist of make synth is there (one line and exit 1 when one is not).
order: the blocks, largest netlist first: the order their gate benches are built in.
run: one block's gate-level bench (built to trace nothing) in lockstep with its C model; a
  divergence is replayed on the block's traced build for its waveform (make verify-gates runs
  it per block through tools/run/runner.py each).
activity: the same run on the traced build, then the netlist's switching activity,
  build/gates/BLOCK/activity.json (make gates-activity), from the Yosys JSON of the netlist
  (names, drivers) and tools/fst_activity's counts of the run: {"version": 1, "block", "cycles",
  "clock_period_ns", "nets": [{"net", "driver", "activity", "duty"}]}, activity in transitions
  per clock cycle, duty the fraction of cycles at 1.
break: the netlist with one cell swapped for its pin-compatible complement (the self-test: a
  synthesis bug must fail the gate-level bench)."""
import json
import os
import re
import subprocess
import sys
import time

from tools.synth import liberty

USAGE = """usage: gates.py simnet NETLIST.json SPLIT.v OUT.v
       gates.py break LIB NETLIST.json NETLIST.v OUT.json OUT.v
       gates.py check NETLISTS BLOCK...
       gates.py order NETLISTS BLOCK...
       gates.py run NETLISTS GATES SEED N BLOCK
       gates.py activity NETLISTS GATES FST_ACTIVITY PERIOD_NS SEED N BLOCK"""
CLOCK = "clk"  # the harness's clock port (tb/vshim.hpp): one rising and one falling edge a cycle
SIM_INSTANCE = "netlist"  # the split netlist's instance in the simulation top (wrapper)


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


def read_counts(lines, scope):
    """tools/fst_activity's records -> (samples, {bit name: (toggles, ones)}) for the variables
    of scope (TOP.BLOCK.netlist: the split netlist's, one bit each; a vector's bits are named
    NAME[i] as its range says)."""
    prefix = scope + "."
    samples, bits_of, per_handle = None, {}, {}
    for ln in lines:
        f = ln.rstrip("\n").split("\t")
        if f[0] == "samples":
            samples = int(f[1])
        elif f[0] == "var" and f[3].startswith(prefix):
            bits_of.setdefault(f[1], []).append(var_bits(f[3][len(prefix):], int(f[2])))
        elif f[0] == "bit":
            per_handle.setdefault(f[1], {})[int(f[2])] = (int(f[3]), int(f[4]))
    if not samples:
        raise GatesError("the counts name no sample (an empty or unreadable trace)")
    counts = {}
    for handle, variables in bits_of.items():
        for names in variables:
            for k, c in per_handle.get(handle, {}).items():
                if k < len(names):
                    counts[names[k]] = c
    return samples, counts


def var_bits(name, width):
    """The bit names of a traced variable, least significant first: NAME for one bit without a
    range, NAME[i] for each bit of 'NAME [msb:lsb]'."""
    m = re.fullmatch(r"(.*) \[(-?\d+):(-?\d+)\]", name)
    if not m:
        return [name] if width == 1 else [f"{name}[{k}]" for k in range(width)]
    base, msb, lsb = m.group(1), int(m.group(2)), int(m.group(3))
    step = 1 if msb >= lsb else -1
    return [f"{base}[{lsb + step * k}]" for k in range(width)]


def activity(netlist, counts_lines, block, period_ns):
    """The activity.json document of a netlist and the counts of its run."""
    top, module = top_module(netlist)
    samples, counts = read_counts(counts_lines, f"TOP.{top}.{SIM_INSTANCE}")
    driven = drivers(module)
    nets, missing = [], []
    for bit, names in sorted(net_names(module).items()):
        if bit not in driven:  # a named wire whose logic was optimised away: nothing switches it
            continue
        seen = {counts[n[3]] for n in names if n[3] in counts}
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


def wrapper(netlist):
    """The simulation top of a netlist split into bits (Yosys splitnets -ports, its top renamed
    TOP__net): a module TOP with the netlist's ports as declared, each bit wired to its port."""
    top, module = top_module(netlist)
    ports = module.get("ports", {})
    decls, pins = [], []
    for name, port in ports.items():
        width, offset = len(port["bits"]), port.get("offset", 0)
        msb, lsb = offset + width - 1, offset
        rng = "" if width == 1 else (f" [{lsb}:{msb}]" if port.get("upto") else f" [{msb}:{lsb}]")
        decls.append(f"  {port['direction']}{rng} {name};")
        for k in range(width):
            bit = bit_name(name, width, k, port)
            pins.append(f"    .{bit}({bit})" if width == 1 else f"    .\\{bit} ({bit})")
    return (f"// The gate-level bench's top (make verify-gates, tools/synth/gates.py): {top}'s ports as\n"
            f"// the netlist declares them, bit by bit onto {top}__net, the netlist split into bits.\n"
            f"module {top} ({', '.join(ports)});\n" + "\n".join(decls) + "\n"
            f"  {top}__net {SIM_INSTANCE} (\n" + ",\n".join(pins) + "\n  );\nendmodule\n")


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


def break_verilog(verilog, name, old, new):
    """The netlist text with instance `name` of type `old` made a `new`."""
    line = re.compile(rf"^(\s*){re.escape(old)}(\s+{re.escape(name)}\s*\()", re.M)
    hits = line.findall(verilog)
    if len(hits) != 1:
        raise GatesError(f"instance {old} {name}: {len(hits)} matches in the Verilog netlist")
    return line.sub(rf"\g<1>{new}\g<2>", verilog)


def mapped(netlists, block, ext):
    return os.path.join(netlists, block, f"{block}.mapped.{ext}")


def check(netlists, blocks):
    """Every block's Verilog and JSON netlist is there; an RTL file newer than one is named."""
    for b in blocks:
        for ext in ("v", "json"):
            if not os.path.isfile(mapped(netlists, b, ext)) or not os.path.getsize(mapped(netlists, b, ext)):
                raise GatesError(f"no netlist {mapped(netlists, b, ext)}: run make synth first")
        stamp = os.path.getmtime(mapped(netlists, b, "v"))
        newer = [f for f in sorted(os.listdir("rtl")) if f.endswith(".v")
                 and os.path.getmtime(os.path.join("rtl", f)) > stamp]
        if newer:
            print(f"verify-gates: note: rtl/{newer[0]} is newer than {mapped(netlists, b, 'v')} "
                  "(make synth again if it changed)")


def order(netlists, blocks):
    """The blocks, largest JSON netlist first (a stable sort; a missing one counts 0). Two gate
    benches are built at a time; the build time grows with the netlist, so the longest build
    starts first and no long one is left alone at the end."""
    def size(b):
        try:
            return os.path.getsize(mapped(netlists, b, "json"))
        except OSError:
            return 0
    return sorted(blocks, key=lambda b: -size(b))


def gate_bench(gates, block, name):
    """GATES/BLOCK/NAME, a built gate bench (bench, or its traced build bench-trace)."""
    path = os.path.join(gates, block, name)
    if not os.access(path, os.X_OK):
        raise GatesError(f"{block}: no gate bench {path} (make verify-gates or gates-activity "
                         "builds it)")
    return path


def bench_command(bench, out, seed, n):
    """A gate bench's run: its bins written beside it (2000 transactions need not hit every bin:
    make verify judges them)."""
    return [bench, "--seed", seed, "--n", n, "--bins-out", os.path.join(out, "bins.txt")]


def make_traced(netlists, gates, block):
    """Builds GATES/BLOCK/bench-trace with make (as make gates-activity would); its output in
    bench-trace.log beside it. True when it was built."""
    out = os.path.join(gates, block)
    with open(os.path.join(out, "bench-trace.log"), "w", encoding="utf-8") as log:
        return subprocess.call(["make", "--no-print-directory", f"GATES={gates}",
                                f"GATES_NETLISTS={netlists}", os.path.join(out, "bench-trace")],
                               stdout=log, stderr=subprocess.STDOUT) == 0


def waveform(netlists, gates, block, result, build):
    """After a failed check run: its first divergence (the run's --result) replayed on the
    block's traced build, made now by BUILD(netlists, gates, block), into the waveform file the
    check bench wrote without a net in it (it traces nothing)."""
    try:
        doc = load_json(result)
    except (GatesError, OSError):
        return
    div = doc.get("first_divergence")
    if not div:  # failed otherwise (a bench-level check, an error): nothing to replay
        return
    out = os.path.join(gates, block)
    if not build(netlists, gates, block):
        print(f"{block}: waveform: none: its traced build failed "
              f"({os.path.join(out, 'bench-trace.log')})")
        return
    fst = os.path.join(out, f"bench-seed{doc['seed']}.fst")
    subprocess.call([os.path.join(out, "bench-trace"), "--seed", str(doc["seed"]), "--xseed",
                     str(doc["xseed"]), "--n", str(doc["requested"]), "--stop-at",
                     str(div["cycle"]), "--wave", fst],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.path.isfile(fst):
        print(f"{block}: waveform: {fst} rewritten by the traced build "
              f"{os.path.join(out, 'bench-trace')} (the check bench traces no net): the cycles up "
              f"to {div['cycle']}")
    else:
        print(f"{block}: waveform: could not be written to {fst}")


def run(netlists, gates, seed, n, block, build=make_traced):
    """make verify-gates: the block's check bench (GATES/BLOCK/bench, which traces no signal); a
    divergence is replayed on the traced build for its waveform. True when the bench passed."""
    out, t0 = os.path.join(gates, block), time.monotonic()
    result = os.path.join(out, "run.json")
    if os.path.exists(result):
        os.remove(result)
    if subprocess.call(bench_command(gate_bench(gates, block, "bench"), out, seed, n)
                       + ["--result", result]) != 0:
        waveform(netlists, gates, block, result, build)
        return False
    print(f"verify-gates: {block}: passed, {n} transactions in {time.monotonic() - t0:.1f} s")
    return True


def run_activity(netlists, gates, fst_activity, period_ns, seed, n, block):
    """make gates-activity: the block's traced bench (GATES/BLOCK/bench-trace) in lockstep with
    its C model, then the activity of its run; True when both succeeded."""
    out, t0 = os.path.join(gates, block), time.monotonic()
    bench = gate_bench(gates, block, "bench-trace")
    fst, counts = os.path.join(out, "run.fst"), os.path.join(out, "counts.tsv")
    try:
        if subprocess.call(bench_command(bench, out, seed, n) + ["--activity", fst]) != 0:
            return False
        with open(counts, "w", encoding="utf-8") as f:
            if subprocess.call([fst_activity, fst], stdout=f) != 0:
                raise GatesError(f"{fst_activity} {fst} failed")
        with open(counts, encoding="utf-8") as f:
            doc = activity(load_json(mapped(netlists, block, "json")), f, block, period_ns)
    finally:
        for path in (fst, counts):
            if os.path.exists(path):
                os.remove(path)
    write_json(os.path.join(out, "activity.json"), doc)
    print(f"gates-activity: {block}: passed, {n} transactions and the activity of "
          f"{len(doc['nets'])} nets over {doc['cycles']} cycles in {time.monotonic() - t0:.1f} s")
    return True


def write_json(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=0)
        f.write("\n")


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise GatesError(f"{path}: not JSON ({e})") from e


def main(argv):
    try:
        if len(argv) >= 3 and argv[0] == "check":
            check(argv[1], argv[2:])
            return 0
        if len(argv) >= 2 and argv[0] == "order":
            print("\n".join(order(argv[1], argv[2:])))
            return 0
        if len(argv) == 6 and argv[0] == "run":
            return 0 if run(*argv[1:]) else 1
        if len(argv) == 8 and argv[0] == "activity":
            return 0 if run_activity(*argv[1:4], float(argv[4]), *argv[5:]) else 1
        if len(argv) == 4 and argv[0] == "simnet":
            _, net_json, split_v, out = argv
            top = wrapper(load_json(net_json))
            with open(split_v, encoding="utf-8") as f:
                text = f.read()
            with open(out, "w", encoding="utf-8") as f:
                f.write(text + top)
            return 0
        if len(argv) == 6 and argv[0] == "break":
            _, lib, in_json, in_v, out_json, out_v = argv
            netlist = load_json(in_json)
            name, old, new = pick_cell_to_break(netlist, liberty.cells(liberty.read(lib)))
            with open(in_v, encoding="utf-8") as f:
                text = break_verilog(f.read(), name, old, new)
            top_module(netlist)[1]["cells"][name]["type"] = new
            with open(out_json, "w", encoding="utf-8") as f:
                json.dump(netlist, f)
            with open(out_v, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"gates: broke {name}: {old} -> {new}")
            return 0
    except (GatesError, liberty.LibertyError, OSError, ValueError) as e:
        print(f"gates: {argv[0]}: {e}", file=sys.stderr)
        return 1
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
