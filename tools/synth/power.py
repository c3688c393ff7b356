#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make power (docs/synth.md, Timing and power): OpenSTA's worst slack and power of every
block's mapped netlist at the papers' 1 GHz clock, with the gate-level activity of make
gates-activity (which make power runs first) where it exists (vectorless otherwise), scaled to each paper's node and set beside the
papers' hardware figures (aging and DC-Patch Table 2, pilot Table IV, PV Sec. 4.2.3).
usage: python3 -m tools.synth.power SYNTH_DIR GATES_DIR CLOCK_PS BLOCK...  -> SYNTH_DIR/power.csv, power.md,
  power.json (docs/results.md); SYNTH_DIR/BLOCK/BLOCK.energy.md (where a block's energy per
  operation goes) for each block with gate-level activity
bad input (a block not registered, a missing netlist): one line on stderr, exit 1"""
import csv
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.synth import libcut
from tools.gen import registry
from tools.report import reproduction
from tools.report import results

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
LIBERTY = "synth/deltarf45.lib"
REGISTRY = "blocks.tsv"
NODES = "data/papers/nodes.tsv"
PAPERS = "data/papers/reproduction.tsv"
TECH_NM = libcut.NODE_NM
CLOCK_PORT = "clk"            # every clocked block's clock (the registry's benches drive it)
CLOCK_PIN = "CK"              # a flip-flop's clock pin in deltarf45.lib
INPUT_DELAY_NS = 0.0          # ours: the block owns the whole cycle (docs/synth.md)
OUTPUT_DELAY_NS = 0.0
VECTORLESS_ACTIVITY = 0.1     # ours: transitions per cycle of every net, duty 0.5
VECTORLESS_DUTY = 0.5
STA_TIMEOUT_S = 900
# OpenSTA 2.0.17 (Debian's) adds an internal_power group's rise and fall energies for every
# transition; later OpenSTA, like the Liberty meaning (energy per rise, per fall), averages them.
# Every group of deltarf45.lib has both tables (liberty_cells checks), so its internal power is
# halved (docs/synth.md).
INTERNAL_AVERAGE = 0.5
# the ledger rows of the papers' hardware tables, shown in power.md
HW_ROWS = re.compile(r"^(aging\.table2|dcpatch\.table2|pilot\.table4|pilot\.swap_table|pv\.hw)\.")
CSV_COLUMNS = ["block", "kind", "cells", "leakage_uw", "dynamic_uw", "activity",
               "vectorless_dynamic_uw", "energy_pj", "op", "cycles", "slack_ns", "delay_ns",
               "paper", "node_nm", "scale", "slack_scaled_ns", "delay_scaled_ns",
               "leakage_scaled_uw", "dynamic_scaled_uw", "power_scaled_uw", "energy_scaled_pj",
               "closes_45nm", "closes_scaled", "startpoint", "endpoint", "boundaries",
               "boundary_pins"]


class PowerError(Exception):
    """Bad input: reported as one line, exit 1."""


# --- the project's data ----------------------------------------------------------------------
def read_text(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as e:
        raise PowerError(f"{path}: {e.strerror}") from None


def read_registry(path):
    """{block: {column: field}} of blocks.tsv (tools/gen/registry.py), cycles as a number."""
    try:
        rows = registry.read_rows(path)
        return {r[0]: dict({c: registry.column(r, c) for c in registry.COLUMNS},
                           cycles=registry.cycles(r)) for r in rows}
    except (OSError, registry.RegistryError) as e:
        raise PowerError(f"{path}: {e}") from None


def read_tsv(path, columns):
    """The data rows of a tab-separated file with a header line naming columns."""
    rows, header = [], None
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        if header is None:
            if cells != columns:
                raise PowerError(f"{path}:{n}: header must be {' '.join(columns)}")
            header = cells
        elif len(cells) != len(columns):
            raise PowerError(f"{path}:{n}: {len(cells)} fields, expected {len(columns)}")
        else:
            rows.append(dict(zip(columns, cells)))
    return rows


NODE_COLUMNS = ["paper", "registry", "node_nm", "technology", "calibration", "where"]


def node_scales(nodes_path, papers_path):
    """{registry paper name: (ledger paper, node nm, delay scale k)}: k = node / 45 (first order),
    or, with a calibration "NM FROM_ID TO_ID", NM / 45 times the ratio of the two ledger rows'
    paper values (the same circuit at NM and at the paper's node)."""
    values = {r["id"]: r["paper_value"] for r in papers(papers_path)}
    out = {}
    for r in read_tsv(nodes_path, NODE_COLUMNS):
        node = float(r["node_nm"])
        cal = r["calibration"].split()
        if cal == ["-"]:
            k = node / TECH_NM
        elif len(cal) == 3 and cal[1] in values and cal[2] in values:
            k = float(cal[0]) / TECH_NM * values[cal[2]] / values[cal[1]]
        else:
            raise PowerError(f"{nodes_path}: {r['paper']}: calibration {r['calibration']!r}")
        out[r["registry"]] = (r["paper"], node, k)
    return out


def papers(path):
    try:
        return reproduction.parse_papers(read_text(path), path)
    except reproduction.LedgerError as e:
        raise PowerError(str(e)) from None


def timing_environment(path):
    """(driving cell, output load fF) of the synthesis constraints (synth/run.sh writes them)."""
    env = {}
    for line in read_text(path).splitlines():
        words = line.split()
        if len(words) == 2:
            env[words[0]] = words[1]
    try:
        return env["set_driving_cell"], float(env["set_load"])
    except (KeyError, ValueError):
        raise PowerError(f"{path}: no set_driving_cell and set_load lines") from None


def liberty_cells(path):
    """The liberty's cell names; every internal_power group must have rise and fall tables."""
    try:
        lib = libcut.parse(read_text(path))
    except libcut.LibertyError as e:
        raise PowerError(f"{path}: {e}") from None
    for c in lib.groups("cell"):
        for p in c.groups("pin"):
            for g in p.groups("internal_power"):
                if {t.name for t in g.items if isinstance(t, libcut.Group)} != {"rise_power", "fall_power"}:
                    raise PowerError(f"{path}: {c.args[0]}/{p.args[0]}: an internal_power group "
                                     "without both rise_power and fall_power")
    return {c.args[0] for c in lib.groups("cell")}


# --- the STA netlist: the mapped netlist's JSON, macros cut at their ports ------------------------
def top_module(design, block):
    mods = design.get("modules", {}) if isinstance(design, dict) else {}
    top = mods.get(block.split("@")[0])
    if not isinstance(top, dict) or "cells" not in top or "ports" not in top:
        raise PowerError(f"no module {block.split('@')[0]} in the netlist JSON")
    return top


def sta_netlist(top, name, lib_cells):
    """(Verilog text, {STA instance: netlist instance}, macros, boundary pins): the liberty cells
    as instances of their own name when it is a plain identifier, else u__<k>; every other cell
    (an inferred $mem, a black-boxed array) removed and its pins made block ports m__<j>: a macro
    output becomes an input, a macro input an output (the timing boundary of docs/synth.md).
    Nets are n__<bit>, ports keep their names."""
    canon, decl, assigns, ports = {}, [], [], []
    port_bits = {}
    for pname, p in top["ports"].items():
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", pname):
            raise PowerError(f"port name {pname!r} is not a plain identifier")
        bits, off = p["bits"], int(p.get("offset", 0))
        ref = [pname] if len(bits) == 1 else [f"{pname}[{i + off}]" for i in range(len(bits))]
        rng = "" if len(bits) == 1 else f" [{len(bits) - 1 + off}:{off}]"
        decl.append(f"  {p['direction']}{rng} {pname};")
        ports.append(pname)
        for b, r in zip(bits, ref):
            port_bits.setdefault(b, []).append((p["direction"], r))
    for b, uses in port_bits.items():  # a net's name: its input port, else its first port
        if isinstance(b, int):
            canon[b] = next((r for d, r in uses if d == "input"), uses[0][1])

    wires = []

    def net(b):
        if not isinstance(b, int):
            return "1'b1" if b == "1" else "1'b0"
        if b not in canon:
            canon[b] = f"n__{b}"
            wires.append(canon[b])
        return canon[b]

    clock = set(top["ports"].get(CLOCK_PORT, {}).get("bits", []))
    macros, boundary = [], {}  # boundary: bit -> [port name, driven by a macro, first macro pin]
    for cname, c in top["cells"].items():
        if c["type"] in lib_cells:
            continue
        macros.append((cname, c["type"]))
        for pin, bits in c["connections"].items():
            out = c.get("port_directions", {}).get(pin) == "output"
            for i, b in enumerate(bits):
                if not isinstance(b, int) or b in clock or (not out and b in port_bits):
                    continue
                entry = boundary.setdefault(b, [f"m__{len(boundary)}", False, f"{cname}.{pin}[{i}]"])
                entry[1] |= out
    for b, (pname, driven, _) in boundary.items():
        decl.append(f"  {'input' if driven else 'output'} {pname};")
        ports.append(pname)
        if driven:  # the macro drove this net: the new input port does
            canon[b] = pname
        else:
            assigns.append(f"  assign {pname} = {net(b)};")
    instances, lines = {}, []
    for cname, c in top["cells"].items():
        if c["type"] in lib_cells:
            conns = ", ".join(f".{pin}({net(bits[0])})" for pin, bits in c["connections"].items())
            plain = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", cname) and cname[1:3] != "__"
            inst = cname if plain and cname not in top["ports"] else f"u__{len(instances)}"
            lines.append(f"  {c['type']} {inst} ({conns});")
            instances[inst] = cname
    for b, uses in port_bits.items():  # ports sharing a net, constant outputs
        for d, r in uses:
            if d == "output" and r != net(b):
                assigns.append(f"  assign {r} = {net(b)};")
    text = "\n".join([f"// STA netlist of {name}, written by tools/synth/power.py from {name}.mapped.json",
                      f"module {top_name(name)} ({', '.join(ports)});"] + decl +
                     [f"  wire {w};" for w in wires] + lines + assigns + ["endmodule", ""])
    return text, instances, macros, [v[2] for v in boundary.values()]



def top_name(block):
    return block.split("@")[0]


# --- OpenSTA ---------------------------------------------------------------------------------
def sta_script(block, d, period_ns, driver, load_ff):
    """The Tcl run: constraints, report_checks, the worst path, per-instance power at activity 0
    and 1 (duty 0.5), the design power at the vectorless activity, report_power; the numbers in
    BLOCK.sta.out as 'key value...' lines."""
    p = lambda f: os.path.join(d, f)  # noqa: E731
    return f"""# generated by tools/synth/power.py: OpenSTA timing and power of {block}
read_liberty {os.path.join(ROOT, LIBERTY)}
read_verilog {p(block + '.sta.v')}
link_design {top_name(block)}
create_clock -name clk -period {period_ns} [get_ports -quiet {CLOCK_PORT}]
set data_inputs {{}}
foreach port [all_inputs] {{
  if {{[get_full_name $port] != "{CLOCK_PORT}"}} {{ lappend data_inputs $port }}
}}
set_input_delay {INPUT_DELAY_NS} -clock clk $data_inputs
set_output_delay {OUTPUT_DELAY_NS} -clock clk [all_outputs]
set_driving_cell -lib_cell {driver} $data_inputs
set_load {load_ff} [all_outputs]
report_checks -path_delay max -digits 4 > {p(block + '.timing.txt')}
set out [open {p(block + '.sta.out')} w]
puts $out "slack [sta::worst_slack -max]"
foreach pe [find_timing_paths -path_delay max -group_count 1] {{
  puts $out "path [get_full_name [get_property $pe startpoint]] [get_full_name [get_property $pe endpoint]]"
}}
set corner [sta::cmd_corner]
foreach a {{0 1}} {{
  set_power_activity -global -activity $a -duty {VECTORLESS_DUTY}
  foreach inst [get_cells *] {{
    puts $out "inst$a [get_full_name $inst] [sta::instance_power $inst $corner]"
  }}
}}
set_power_activity -global -activity {VECTORLESS_ACTIVITY} -duty {VECTORLESS_DUTY}
puts $out "design [lrange [sta::design_power $corner] 0 3]"
close $out
report_power > {p(block + '.power.txt')}
"""


def run_sta(block, d):
    tcl, log = os.path.join(d, block + ".sta.tcl"), os.path.join(d, block + ".sta.log")
    try:
        with open(log, "w", encoding="utf-8") as fh:
            rc = subprocess.run(["sta", "-no_init", "-no_splash", "-exit", tcl], stdout=fh,
                                stderr=subprocess.STDOUT, timeout=STA_TIMEOUT_S, check=False).returncode
    except FileNotFoundError:
        raise PowerError("sta (OpenSTA) not found: make tools installs it") from None
    except subprocess.TimeoutExpired:
        raise PowerError(f"{block}: OpenSTA took more than {STA_TIMEOUT_S} s ({log})") from None
    errors = [line for line in read_text(log).splitlines() if line.startswith("Error")]
    if rc != 0 or errors:
        raise PowerError(f"{block}: OpenSTA failed: {(errors or ['exit ' + str(rc)])[0]} ({log})")
    return read_sta_out(os.path.join(d, block + ".sta.out"))


def read_sta_out(path):
    """{'slack': s, 'path': (start, end), 'design': [internal, switching, leakage, total],
    'inst0'/'inst1': {instance: [internal, switching, leakage, total]}} (W, ns)."""
    out = {"inst0": {}, "inst1": {}}
    for line in read_text(path).splitlines():
        w = line.split()
        if w[0] == "slack":
            out["slack"] = float(w[1])
        elif w[0] == "path":
            out["path"] = (w[1], w[2])
        elif w[0] == "design":
            out["design"] = [float(x) for x in w[1:5]]
        elif w[0] in ("inst0", "inst1"):
            out[w[0]][w[1]] = [float(x) for x in w[2:6]]
    if "slack" not in out or "design" not in out or not math.isfinite(out["slack"]) \
            or abs(out["slack"]) > 1e6:
        raise PowerError(f"{path}: no constrained path or no power")
    return out


# --- power from the activity -------------------------------------------------------------------
def instance_activity(path, block, known):
    """{instance: transitions per cycle of its output net} from make gates-activity's activity.json
    (version 1; a net's driver "INST/PIN", "INST/PIN[k]", a block input or null for a net no cell
    drives). Instances of other cells (macros) are accepted and have no power here."""
    try:
        doc = json.loads(read_text(path))
    except ValueError as e:
        raise PowerError(f"{path}: {e}") from None
    if not isinstance(doc, dict) or doc.get("version") != 1 or doc.get("block") != block \
            or not isinstance(doc.get("nets"), list):
        raise PowerError(f"{path}: not a version 1 activity file of {block}")
    out = {}
    for n in doc["nets"]:
        drv, act = (n.get("driver", 0), n.get("activity")) if isinstance(n, dict) else (0, None)
        if not isinstance(drv, (str, type(None))) or isinstance(act, bool) or not isinstance(act, (int, float)) \
                or not math.isfinite(act) or act < 0:
            raise PowerError(f"{path}: a net without a driver or a non-negative activity: {n}")
        inst = (drv or "").rpartition("/")[0]
        if not inst:
            continue  # a block input, a constant
        if inst not in known:
            raise PowerError(f"{path}: driver {drv} is not in the netlist (a stale file? make gates-activity)")
        out[inst] = max(out.get(inst, 0.0), float(act))
    return out


def dynamic_w(p):
    """Watts of OpenSTA's [internal, switching, leakage, total]: internal averaged, + switching."""
    return p[0] * INTERNAL_AVERAGE + p[1]


def dynamic_power(sta, names, activity):
    """Watts: per instance its power at activity 0 (the clock pins' internal power) plus its
    energy per output transition (power at 1 minus at 0) times its output net's activity
    (names: {STA instance: netlist instance})."""
    total = 0.0
    for inst, name in names.items():
        p0, p1 = sta["inst0"][inst], sta["inst1"][inst]
        total += dynamic_w(p0) + (dynamic_w(p1) - dynamic_w(p0)) * activity.get(name, 0.0)
    return total


# --- where the energy goes: BLOCK.energy.md -------------------------------------------------------
def register_names(top):
    """{net bit: register}: the netlist's public net names (the RTL's, which Yosys keeps; the _N_
    names of rename -enumerate and $-names are private), hierarchy and index dropped."""
    out = {}
    for name, n in top.get("netnames", {}).items():
        if not name.startswith(("$", "_")):
            for b in n["bits"]:
                out.setdefault(b, re.sub(r"\[\d+\]$", "", name.rsplit(".", 1)[-1]))
    return out


def energy_classes(top, sta, names, activity):
    """[(class, cells, clock W, switching W)], the largest first, summing to dynamic_power: a
    flip-flop (a cell with a CK pin) by the register its Q drives ('?': no public name), any other
    cell by its type without the drive strength; clock = its power at activity 0 (its clock pins),
    switching = the rest."""
    regs, acc = register_names(top), {}
    for inst, name in names.items():
        c = top["cells"][name]
        p0, p1 = dynamic_w(sta["inst0"][inst]), dynamic_w(sta["inst1"][inst])
        if CLOCK_PIN in c["connections"]:
            key = "flip-flops " + regs.get(c["connections"].get("Q", [None])[0], "?")
        else:
            key = "logic " + re.sub(r"_X\d+$", "", c["type"])
        row = acc.setdefault(key, [0, 0.0, 0.0])
        row[0] += 1
        row[1] += p0
        row[2] += (p1 - p0) * activity.get(name, 0.0)
    return sorted(((k, *v) for k, v in acc.items()), key=lambda r: (-(r[2] + r[3]), r[0]))


def energy_markdown(block, row, classes, period_ns):
    """BLOCK.energy.md: the energy per operation of power.csv's row, class by class."""
    per_op = row["cycles"] * period_ns * 1e3  # W x ns = 1e3 pJ
    total = sum(c[2] + c[3] for c in classes) or 1.0
    lines = [f"# Where the energy of {block} goes (make power)", "",
             f"Energy per operation ({row['op']}, {row['cycles']} cycles of 1 GHz) from the gate-level "
             f"activity: {row['energy_pj']:.3f} pJ at 45 nm, {row['energy_scaled_pj']:.3f} pJ x "
             f"{row['scale']:.3f} at {row['node_nm']:g} nm (docs/synth.md, Timing and power). Clock "
             "pins: a flip-flop's power at activity 0, paid every cycle whether it loads or holds "
             "(no clock gating); switching: each cell's energy per output transition x its "
             "transitions.", "",
             "| class | cells | clock pins (pJ/op) | switching (pJ/op) | total (pJ/op) | scaled (pJ/op) | share |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for key, n, clock, switching in classes:
        e = (clock + switching) * per_op
        lines.append(f"| {key} | {n} | {clock * per_op:.3f} | {switching * per_op:.3f} | {e:.3f} | "
                     f"{e * row['scale']:.3f} | {100 * (clock + switching) / total:.1f} % |")
    return "\n".join(lines) + "\n"


# --- one block ---------------------------------------------------------------------------------
def write_sta_inputs(block, d, period_ns, env, lib_cells):
    """BLOCK.sta.v and BLOCK.sta.tcl from BLOCK.mapped.json: (instance names, macros, boundary,
    the netlist's top module)."""
    netlist = os.path.join(d, block + ".mapped.json")
    if not os.path.exists(netlist):
        raise PowerError(f"{block}: no mapped netlist {netlist}: run make synth")
    try:
        design = json.loads(read_text(netlist))
    except ValueError as e:
        raise PowerError(f"{netlist}: {e}") from None
    text, names, macros, boundary = sta_netlist(top_module(design, block), block, lib_cells)
    with open(os.path.join(d, block + ".sta.v"), "w", encoding="utf-8") as fh:
        fh.write(text)
    with open(os.path.join(d, block + ".sta.tcl"), "w", encoding="utf-8") as fh:
        fh.write(sta_script(block, d, period_ns, *env))
    return names, macros, boundary, top_module(design, block)


def block_dynamic(sta, block, names, macros, activity_path):
    """(dynamic uW, 'gate-sim' | 'vectorless', vectorless dynamic uW, {instance: activity} or
    None when vectorless)."""
    vectorless = dynamic_w(sta["design"]) * 1e6
    if not os.path.exists(activity_path):
        return vectorless, "vectorless", vectorless, None
    known = set(names.values()) | {m for m, _ in macros}
    acts = instance_activity(activity_path, block, known)
    return dynamic_power(sta, names, acts) * 1e6, "gate-sim", vectorless, acts


def measure(block, reg, synth_dir, gates_dir, period_ns, env, lib_cells, scales):
    """The power.csv row of one block."""
    d, row = os.path.join(synth_dir, block), reg[block]
    paper_name = row["paper"].split()[0]
    if paper_name not in scales:
        raise PowerError(f"{block}: paper {paper_name!r} has no row in {NODES}")
    paper, node, k = scales[paper_name]
    names, macros, boundary, top = write_sta_inputs(block, d, period_ns, env, lib_cells)
    sta = run_sta(block, d)
    dynamic, activity, vectorless, acts = block_dynamic(
        sta, block, names, macros, os.path.join(gates_dir, block, "activity.json"))
    cycles, slack, leak = row["cycles"], sta["slack"], sta["design"][2] * 1e6
    delay = period_ns - slack
    start, end = sta.get("path", ("-", "-"))
    energy = dynamic * cycles * period_ns * 1e-3  # uW x ns = 1e-3 pJ
    row = {
        "block": block, "kind": "macro" if row["synth"].startswith("macro") else "logic",
        "cells": len(names), "leakage_uw": leak, "dynamic_uw": dynamic, "activity": activity,
        "vectorless_dynamic_uw": vectorless, "energy_pj": energy, "op": row["op"], "cycles": cycles,
        "slack_ns": slack, "delay_ns": delay, "paper": paper, "node_nm": node, "scale": k,
        "slack_scaled_ns": period_ns - delay * k, "delay_scaled_ns": delay * k,
        "leakage_scaled_uw": leak * k, "dynamic_scaled_uw": dynamic * k,
        "power_scaled_uw": (leak + dynamic) * k, "energy_scaled_pj": energy * k,
        "closes_45nm": "yes" if slack >= 0 else "no",
        "closes_scaled": "yes" if period_ns - delay * k >= 0 else "no",
        "startpoint": pin_name(start, names), "endpoint": pin_name(end, names),
        "boundaries": " ".join(f"{n}({t})" for n, t in macros) or "-",
        "boundary_pins": len(boundary)}
    if acts is not None:
        with open(os.path.join(d, block + ".energy.md"), "w", encoding="utf-8") as fh:
            fh.write(energy_markdown(block, row, energy_classes(top, sta, names, acts), period_ns))
    return row


def pin_name(pin, names):
    """INST/PIN of OpenSTA -> the netlist's instance name/PIN; a port or m__<k> boundary as it is."""
    inst, _, p = pin.rpartition("/")
    return f"{names[inst]}/{p}" if inst in names else pin


# --- reports -------------------------------------------------------------------------------------
def fmt(v, digits=3):
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def write_csv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        for r in rows:
            w.writerow([fmt(r[c], 4) for c in CSV_COLUMNS])


def hw_rows(papers_path, synth_dir):
    """The ledger's hardware rows evaluated on this run's power.csv and area.csv."""
    rows = [r for r in papers(papers_path) if HW_ROWS.match(r["id"])]
    try:
        return reproduction.build(rows, reproduction.synth_results(synth_dir))
    except reproduction.LedgerError as e:
        raise PowerError(str(e)) from None


def markdown(rows, ledger, period_ns, sta_version):
    logic = [r for r in rows if r["kind"] == "logic"]
    lines = ["# Timing and power at 1 GHz (make power)", "",
             f"Generated by `make power` (tools/synth/power.py; method and decisions in docs/synth.md): "
             f"OpenSTA {sta_version} on each block's mapped netlist of `make synth`, liberty "
             f"`{LIBERTY}` (Nangate 45 nm, typical corner, 1.10 V), clock {period_ns:g} ns, inputs "
             f"driven as in synthesis, arriving {INPUT_DELAY_NS:g} ns after the edge, outputs "
             f"required {OUTPUT_DELAY_NS:g} ns before it; no wire load. Macros (inferred arrays, "
             "black-boxed modules) are cut at their ports: a timing boundary, no power.", "",
             f"Power: leakage and dynamic power at 1 GHz. Activity `gate-sim`: each cell's output "
             f"toggle rate from `make gates-activity` (build/gates/BLOCK/activity.json); `vectorless`: "
             f"every net {VECTORLESS_ACTIVITY:g} transitions a cycle, duty {VECTORLESS_DUTY:g} "
             "(shown for every block). Energy per operation: dynamic power x the cycles of one "
             "operation x 1 ns. Scaled: x k = the paper's delay scale (docs/synth.md, ours): slack "
             "scaled = 1 ns - (1 ns - slack) x k.", "",
             "| block | cells | leakage (uW) | dynamic (uW) | activity | vectorless (uW) | "
             "energy/op (pJ) | op | cycles | slack 45 nm (ns) | node | k | scaled slack (ns) | "
             "critical path |",
             "| --- | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        lines.append(f"| {r['block']}{' (macro)' if r['kind'] == 'macro' else ''} | {r['cells']} | "
                     f"{r['leakage_uw']:.2f} | {r['dynamic_uw']:.1f} | {r['activity']} | "
                     f"{r['vectorless_dynamic_uw']:.1f} | {r['energy_pj']:.3f} | {r['op']} | "
                     f"{r['cycles']} | {r['slack_ns']:.3f} | {r['node_nm']:g} nm | {r['scale']:.3f} | "
                     f"{r['slack_scaled_ns']:.3f} | {r['startpoint']} -> {r['endpoint']} |")
    n45 = sum(r["closes_45nm"] == "yes" for r in logic)
    nsc = sum(r["closes_scaled"] == "yes" for r in logic)
    lines += ["", f"Logic blocks that close 1 GHz: {n45} of {len(logic)} at 45 nm, {nsc} of "
              f"{len(logic)} at their paper's node (scaled slack >= 0).", "",
              "## Against the papers", "",
              "The hardware rows of the reproduction ledger (data/papers/reproduction.tsv), ours "
              "from this run's power.csv and area.csv (scaled to the paper's node) as `make "
              "eval-ledger` computes them. Rows without ours are arrays (CACTI / FinCACTI in the "
              "papers, black-boxed here) or totals that include one.", "",
              "| id | where | metric | unit | paper | ours (scaled) | ours / paper | class |",
              "| --- | --- | --- | --- | ---: | ---: | ---: | --- |"]
    for r in ledger:
        ratio = "-" if r["ours"] is None or not r["paper_value"] else f"{r['ours'] / r['paper_value']:.3g}"
        ours = "-" if r["ours"] is None else f"{r['ours']:.4g}"
        lines.append(f"| `{r['id']}` | {r['where']} | {r['metric']} | {r['unit']} | "
                     f"{r['paper_value']:g} | {ours} | {ratio} | {r['class']} |")
    lines += ["", "## Macros: timing boundaries, no power of ours", "",
              "| block | cut at their ports (instance(type)) | boundary pins |", "| --- | --- | ---: |"]
    for r in rows:
        if r["boundaries"] != "-":
            lines.append(f"| {r['block']} | {r['boundaries']} | {r['boundary_pins']} |")
    return "\n".join(lines) + "\n"


def sta_version():
    try:
        return subprocess.run(["sta", "-version"], capture_output=True, text=True,
                              check=False).stdout.strip() or "?"
    except FileNotFoundError:
        raise PowerError("sta (OpenSTA) not found: make tools installs it") from None


def run(synth_dir, gates_dir, clock_ps, blocks):
    if not re.fullmatch(r"[1-9][0-9]*", clock_ps):
        raise PowerError(f"clock period {clock_ps!r} is not a positive number of ps")
    period_ns = int(clock_ps) / 1000
    os.chdir(ROOT)
    reg = read_registry(REGISTRY)
    unknown = [b for b in blocks if b not in reg]
    if unknown:
        raise PowerError(f"not a block of {REGISTRY}: {' '.join(unknown)}")
    env = timing_environment(os.path.join(synth_dir, "abc.constr"))
    lib_cells = liberty_cells(LIBERTY)
    scales = node_scales(NODES, PAPERS)
    version = sta_version()
    rows = []
    for b in blocks:
        rows.append(measure(b, reg, synth_dir, gates_dir, period_ns, env, lib_cells, scales))
        r = rows[-1]
        print(f"power: {b:18s} slack {r['slack_ns']:+.3f} ns (scaled {r['slack_scaled_ns']:+.3f}), "
              f"leakage {r['leakage_uw']:.2f} uW, dynamic {r['dynamic_uw']:.1f} uW ({r['activity']})")
    write_csv(os.path.join(synth_dir, "power.csv"), rows)
    md = markdown(rows, hw_rows(PAPERS, synth_dir), period_ns, version)
    with open(os.path.join(synth_dir, "power.md"), "w", encoding="utf-8") as fh:
        fh.write(md)
    results.write(os.path.join(synth_dir, "power.json"), power_result(rows, clock_ps, os.path.join(synth_dir, "power.md")))
    print(f"power: {len(rows)} blocks; {synth_dir}/power.csv, power.md, power.json")


def power_result(rows, clock_ps, md):
    """power.json (docs/results.md, flow power): the rows' fields the schema names."""
    keys = ("block", "kind", "cells", "leakage_uw", "dynamic_uw", "activity", "energy_pj", "op", "cycles",
            "slack_ns", "paper", "node_nm", "slack_scaled_ns", "power_scaled_uw")
    blocks = [dict({k: r[k] for k in keys}, node_nm=int(r["node_nm"]), closes_45nm=r["closes_45nm"] == "yes",
                   closes_scaled=r["closes_scaled"] == "yes") for r in rows]
    return {"flow": "power", "version": 1, "clock_ps": int(clock_ps), "report": os.path.relpath(md, ROOT),
            "blocks": blocks}


def main(argv):
    if len(argv) < 4:
        print("usage: python3 -m tools.synth.power SYNTH_DIR GATES_DIR CLOCK_PS BLOCK...", file=sys.stderr)
        return 2
    try:
        run(os.path.abspath(argv[0]), os.path.abspath(argv[1]), argv[2], argv[3:])
    except (PowerError, results.ResultsError) as e:
        print(f"power: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
