#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make synth's report (docs/synth.md): reads the per-block results synth/run.sh leaves in
OUT/BLOCK/result.json (tools/synth/synth_block.py) and writes OUT/area.csv and OUT/area.md, the papers'
(aging and DC-Patch Table 2, PV Sec. 4.2.3) from data/papers/{synth,reproduction,nodes}.tsv.
usage: python3 -m tools.synth.synth_report OUT CYCLE_PS JOBS SECONDS ABC_MAP YOSYS_VERSION REPORT_ONLY BLOCK...
bad input: one line on stderr, exit 1"""
import fnmatch
import functools
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.synth import libcut
from tools.report import results

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SYNTH_ROWS = os.path.join(ROOT, "data/papers/synth.tsv")
PAPERS = os.path.join(ROOT, "data/papers/reproduction.tsv")
NODES = os.path.join(ROOT, "data/papers/nodes.tsv")
LIBERTY = os.path.join(ROOT, "synth/deltarf45.lib")  # the project liberty (tools/synth/libcut.py)
TECH_NM = libcut.NODE_NM
AREA_GOAL_PCT = 30  # Area work: the optimised implementation this much smaller
CSV_HEADER = ("block,status,kind,seconds,generic_cells,cells,area_um2,kGE,flops,levels,delay_ps,"
              "cycle_pct,macro_bits,macro_bytes,macro_check,paper_node_nm,paper_area_mm2,"
              "scaled_area_mm2,paper_delay_ns,generic_cells_by_type,cells_by_type")


# result.json's numbers and the text the report gives them
SCALARS = {"generic_cells": "%d", "mapped_cells": "%d", "mapped_area": "%.6f", "levels": "%d",
           "delay_ps": "%.2f", "ffarray": "%d"}


class ReportError(Exception):
    """Bad input: reported as one line, exit 1."""


# --- the papers' figures ---------------------------------------------------------------------
def read_tsv(path, first_column):
    """The data rows of a tab-separated file as dicts; its header line starts with first_column."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = [ln.rstrip("\n") for ln in fh if ln.strip() and not ln.startswith("#")]
    except OSError as e:
        raise ReportError(f"{path}: {e.strerror}") from None
    if not lines or lines[0].split("\t")[0] != first_column:
        raise ReportError(f"{path}: no header line starting with {first_column}")
    header = lines[0].split("\t")
    rows = [ln.split("\t") for ln in lines[1:]]
    for r in rows:
        if len(r) != len(header):
            raise ReportError(f"{path}: {r[0]}: {len(r)} fields, expected {len(header)}")
    return [dict(zip(header, r)) for r in rows]


def paper_figures(synth_rows, ledger, nodes):
    """{name: {area, time, bits: (value text, ledger row) or None, node: text}} of data/papers/
    synth.tsv, in its order, each id looked up in the ledger (reproduction.tsv)."""
    by_id = {r["id"]: r for r in ledger}
    node_of = {r["paper"]: r["node_nm"] for r in nodes}
    out = {}
    for s in synth_rows:
        fig = {}
        for col in ("area", "time", "bits"):
            rid = s[col]
            if rid != "-" and rid not in by_id:
                raise ReportError(f"{SYNTH_ROWS}: {s['name']}: {rid} is not a ledger row")
            fig[col] = None if rid == "-" else by_id[rid]
        paper = next(r["paper"] for r in fig.values() if r is not None)
        if paper not in node_of:
            raise ReportError(f"{NODES}: no node for paper {paper}")
        fig["node"] = node_of[paper]
        out[s["name"]] = fig
    return out


def logic_paper(figs):
    """{block: (node, area, delay or '-', what)} of the logic blocks with a paper area."""
    return {n: (f["node"], f["area"]["paper_value"],
                f["time"]["paper_value"] if f["time"] else "-",
                f"{f['area']['metric']}, {f['area']['paper']} {f['area']['where']}")
            for n, f in figs.items() if f["bits"] is None and f["area"] is not None}


def macro_paper(figs):
    """[(glob, bits, what)] of the arrays, in the data file's order."""
    out = []
    for name, f in figs.items():
        if f["bits"] is None:
            continue
        what = f"{f['bits']['metric']} ({f['bits']['paper']} {f['bits']['where']})"
        cacti = [f"{f[c]['paper_value']} {u}" for c, u in (("area", "mm2"), ("time", "ns")) if f[c]]
        if cacti:
            what += f"; {', '.join(cacti)} at {f['node']} nm ({(f['area'] or f['time'])['where']})"
        out.append((name, int(f["bits"]["paper_value"]), what))
    return out


# --- one block's results ---------------------------------------------------------------------
def read_result(path):
    """A block's result.json (tools/synth/synth_block.py) as the report's dict: the scalars as the report
    prints them, the lists as tuples (missing: status 'no result')."""
    r = {"status": "no result", "seconds": "", "kind": "", "generic_types": [], "mapped_types": [],
         "mems": [], "insts": []}
    if not os.path.exists(path):
        return r
    try:
        j = results.read(path)
        r.update({k: j[k] for k in ("status", "kind")})
        r["seconds"] = "%.1f" % j["seconds"]
        for key, spec in SCALARS.items():
            if key in j:
                r[key] = spec % j[key]
        for key in ("generic_types", "mapped_types", "mems", "insts"):
            r[key] = [tuple(x) for x in j.get(key, [])]
        if "path" in j:
            r["path"] = tuple("(internal net)" if p.startswith("$") else p for p in j["path"])
    except (results.ResultsError, KeyError, TypeError) as e:
        raise ReportError(f"{path}: not a block result ({e})") from None
    return r


def own_bits(r):
    """The storage bits of a block itself: inferred arrays, and a macro's array flip-flops."""
    bits = sum(size * width for _, size, width in r["mems"])
    return bits + (int(r.get("ffarray", 0)) if r["kind"] == "macro" else 0)


def types_text(types):
    return " ".join(f"{t}:{n}" for t, n in types)


class Block:
    """One block's numbers as the report shows them."""

    def __init__(self, name, r):
        self.name, self.r, self.ok = name, r, r["status"] == "ok"
        self.area = float(r["mapped_area"]) if "mapped_area" in r else None
        self.delay = float(r["delay_ps"]) if "delay_ps" in r else None
        self.ff = sum(n for t, n in r["mapped_types"] if t.startswith("DFF"))
        self.gff = sum(n for t, n in r["generic_types"]
                       if t.startswith("$_") and ("DFF" in t or "DLATCH" in t))
        self.bits, self.inst_bits, self.unknown = own_bits(r), [], False

    def add_instances(self, blocks):
        """A black-boxed macro instance adds its module's storage when that module is in the run."""
        for _, module in self.r["insts"]:
            m = blocks.get(module)
            if m is not None and m.ok and m.r["kind"] == "macro":
                self.inst_bits.append(own_bits(m.r))
                self.bits += own_bits(m.r)
            else:
                self.inst_bits.append(None)
                self.unknown = True


# --- formatting --------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def ge_um2():
    """One gate equivalent's area (um2): the project liberty's NAND2_X1."""
    try:
        with open(LIBERTY, encoding="utf-8") as fh:
            return libcut.cell_area(libcut.parse(fh.read()), libcut.GE_CELL)
    except libcut.LibertyError as e:
        raise ReportError(f"{LIBERTY}: {e}") from None


def kge(area_um2):
    return area_um2 / ge_um2() / 1000


def fmt(x, spec):
    return "-" if x is None else spec % x


def num(text):
    return float(text) if text not in ("", None) else None


def byte_text(bits):
    return "%.1f" % (bits / 8) if bits % 8 else "%d" % (bits // 8)


def human(bits):
    b = bits / 8
    return "%.2f KiB" % (b / 1024) if b >= 1024 else f"{byte_text(bits)} B"


def scaled_mm2(area_um2, node):
    return area_um2 * (float(node) / TECH_NM) ** 2 / 1e6


# --- the macro rows ------------------------------------------------------------------------------
def macro_rows(blocks, order, macros):
    """[(name, block, what, shape, bits, paper (bits, what) or None, check)]."""
    rows = []
    for name in order:
        b = blocks[name]
        if not b.ok:
            continue
        r = b.r
        if r["kind"] == "macro":
            parts = [f"{s}x{w}" for _, s, w in r["mems"]]
            ffa = int(r.get("ffarray", 0))
            if ffa:
                parts.append(f"{ffa} flip-flop bits")
            shape = " + ".join(parts)
            if b.gff - ffa:
                shape += f" (and {b.gff - ffa} control flip-flops, not counted)"
            rows.append([name, name, "module", shape, b.bits])
        else:
            rows += [[f"{name}.{m}", name, "inferred $mem", f"{s}x{w}", s * w] for m, s, w in r["mems"]]
    for row in rows:
        paper = next(((bits, what) for glob, bits, what in macros if fnmatch.fnmatchcase(row[0], glob)), None)
        row += [paper, "-" if paper is None else ("ok" if row[4] == paper[0] else "MISMATCH")]
    return rows


def block_check(rows, name):
    """The block's macro check: the first MISMATCH, else ok, else empty."""
    chk = ""
    for row in rows:
        if row[1] == name and row[6] != "-" and chk in ("", "ok"):
            chk = row[6]
    return chk


# --- area.csv ------------------------------------------------------------------------------------
def csv_lines(blocks, order, rows, logic, cycle):
    out = [CSV_HEADER]
    for name in order:
        b, r = blocks[name], blocks[name].r
        lp = logic.get(name)
        scaled = "%.5f" % scaled_mm2(b.area, lp[0]) if b.area is not None and lp else ""
        out.append(",".join([
            name, r["status"].replace(",", ";"), r["kind"], r["seconds"], r.get("generic_cells", ""),
            r.get("mapped_cells", ""), "%.1f" % b.area if b.area is not None else "",
            "%.2f" % kge(b.area) if b.area is not None else "",
            str(b.ff) if r["kind"] == "logic" and b.ok else "", r.get("levels", ""),
            r.get("delay_ps", ""), "%.0f" % (100 * b.delay / cycle) if b.delay is not None else "",
            str(b.bits) if b.ok else "", byte_text(b.bits) if b.ok else "", block_check(rows, name),
            lp[0] if lp else "", lp[1] if lp else "", scaled,
            lp[2] if lp and lp[2] != "-" else "", types_text(r["generic_types"]),
            types_text(r["mapped_types"])]))
    return out


# --- area.md -------------------------------------------------------------------------------------
def md_head(run, n):
    out = ["# Synthesis: area and logic depth", ""]
    if "-fast" in run["abcmap"]:
        out += [f"**Fast mapping (`{run['abcmap']}`, SYNTH_FAST=1): a smoke run; the areas and delays "
                "below are not the reported figures, `make synth` makes those.**", ""]
    how = ("(report rewritten from the last results)" if run["report_only"]
           else f"in {run['seconds']} s ({run['jobs']} at a time)")
    out += [f"Generated by `make synth` (synth/run.sh; method in docs/synth.md). Yosys {run['yosys']}, "
            "liberty `synth/deltarf45.lib` (Nangate 45 nm Open Cell Library, typical corner, X1/X2/X4 "
            f"cells), `{run['abcmap']}`, {n} block(s) {how}.", ""]
    return out


def md_logic(blocks, order, cycle):
    out = ["## Logic", "",
           "Area: mapped cells at 45 nm, flip-flops included, memory macros excluded. GE: "
           f"{libcut.GE_CELL} = {ge_um2():g} um2 (synth/deltarf45.lib). Levels: `ltp -noff` on the mapped "
           "netlist (flip-flops and macros cut the paths). "
           "Delay: ABC `stime` on the mapped netlist (inputs driven by INV_X1, outputs loading 3.7 fF, "
           "no wire load), the longest combinational path, without clock-to-Q and setup; % of the 1 GHz "
           "cycle (an ABC estimate: the reported timing is the OpenSTA slack of power.md, make power). "
           "BLOCK@0: BLOCK with IMPL = 0, its straightforward implementation (see Area work).", "",
           "| block | status | generic cells | cells | area (um2) | kGE | flip-flops | levels | delay (ps) "
           "| % of 1 ns | macro bits | synth (s) |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name in order:
        b, r = blocks[name], blocks[name].r
        if not b.ok:
            out.append(f"| {name} | **FAILED**: {r['status']} | | | | | | | | | | {r['seconds']} |")
        elif r["kind"] == "macro":
            out.append(f"| {name} | macro ({b.bits} bits, {human(b.bits)}) | {r.get('generic_cells', '')} "
                       f"| - | - | - | - | - | - | - | {b.bits} | {r['seconds']} |")
        else:
            mbits = f"{b.bits}{' + ?' if b.unknown else ''}" if b.bits else ("?" if b.unknown else "-")
            lev = fmt(num(r.get("levels")), "%d")
            out.append(f"| {name} | ok | {r.get('generic_cells', '')} | {r.get('mapped_cells', '')} "
                       f"| {b.area:.1f} | {kge(b.area):.2f} | {b.ff} | {lev} "
                       f"| {fmt(b.delay, '%.0f')} | {fmt(None if b.delay is None else 100 * b.delay / cycle, '%.0f')} "
                       f"| {mbits} | {r['seconds']} |")
    return out + [""]


def md_macros(blocks, order, rows):
    out = ["## Memory macros", "",
           "SRAM/eDRAM arrays in the papers (CACTI), not logic: counted as bits and bytes, not in the "
           "logic area. A macro module synthesised on its own counts its $mem bits and the flip-flops of "
           "its array registers (MACRO_SPECS in synth/run.sh; other flip-flops are control, not counted); "
           "inside another block it is a black box (listed below under that block).", "",
           "| macro | in block | kind | words x width | bits | bytes | paper | check |",
           "| --- | --- | --- | --- | ---: | ---: | --- | --- |"]
    for name, blk, kind, shape, bits, paper, chk in rows:
        ptext = f"{paper[0]} bits; {paper[1]}" if paper else "no paper size"
        out.append(f"| {name} | {blk} | {kind} | {shape} | {bits} | {byte_text(bits)} ({human(bits)}) "
                   f"| {ptext} | {'**MISMATCH**' if chk == 'MISMATCH' else chk} |")
    for name in order:
        for (inst, module), bits in zip(blocks[name].r["insts"], blocks[name].inst_bits):
            out.append(f"| {name}.{inst} | {name} | black-boxed {module} | see {module} "
                       f"| {'? (module not in this run)' if bits is None else bits} "
                       f"| {'?' if bits is None else byte_text(bits)} | see {module} | |")
    if not rows:
        out.append("| (none) | | | | | | | |")
    return out + [""]


def md_papers(blocks, order, logic, cycle):
    out = ["## Against the papers", "",
           "Our 45 nm area scaled to the paper node by (node / 45)^2. The papers synthesised with "
           "Synopsys Design Compiler on a 32 nm low-power (aging paper) or 28 nm low-Vth (DC-Patch) "
           "library at 1 GHz. Delay: ours at 45 nm beside the paper access time; x node/45 is a rough "
           "first-order scaling only.", "",
           "| block | paper unit | node | paper area (mm2) | ours at 45 nm (mm2) | ours scaled (mm2) "
           "| ours / paper | paper delay (ns) | our delay at 45 nm (ns) | x node/45 (ns) | fits 1 ns |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    shown = [n for n in order if n in logic]
    for name in shown:
        b = blocks[name]
        node, area, delay, what = logic[name]
        if not b.ok or b.area is None:
            out.append(f"| {name} | {what} | {node} nm | {area} | FAILED | | | {delay} | | | |")
            continue
        s, d = scaled_mm2(b.area, node), b.delay
        fits = "-" if d is None else ("yes" if d <= cycle else "no (%.2f cycles)" % (d / cycle))
        out.append(f"| {name} | {what} | {int(float(node))} nm | {area} | {b.area / 1e6:.4f} | {s:.4f} "
                   f"| {s / float(area):.2f} | {delay} | {fmt(None if d is None else d / 1000, '%.2f')} "
                   f"| {fmt(None if d is None else d / 1000 * float(node) / TECH_NM, '%.2f')} | {fits} |")
    if not shown:
        out.append("| (no block with a paper figure in this run) | | | | | | | | | | |")
    return out + [""]


def md_area_work(blocks, order, logic):
    pairs = [(v, v[:-2]) for v in order if v.endswith("@0") and v[:-2] in blocks]
    if not pairs:
        return []
    out = ["## Area work: straightforward and optimised", "",
           "Each block below has a module parameter IMPL: 0 is the straightforward implementation, 1 the "
           "optimised default (docs/synth.md, Area work: what each does and why it computes the same "
           f"function). Reduction: the optimised area against the straightforward one, goal at least "
           f"{AREA_GOAL_PCT} %. ours / paper: the 45 nm area scaled to the paper node, against the paper area.",
           "", "| block | cells | area (um2) | kGE | flip-flops | levels | delay (ps) | reduction | ours / paper |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    met, missed = [], []
    for v0, b in pairs:
        base = blocks[v0]
        for v, label in ((v0, f"{b} (straightforward)"), (b, f"{b} (optimised)")):
            x = blocks[v]
            if not x.ok or x.area is None:
                out.append(f"| {label} | FAILED | | | | | | | |")
                continue
            red = "-"
            if v == b and base.ok and base.area:
                pct = 100 * (1 - x.area / base.area)
                red = "%.1f %% (%s)" % (pct, "met" if pct >= AREA_GOAL_PCT else "**not met**")
                (met if pct >= AREA_GOAL_PCT else missed).append(b)
            ratio = "%.2f" % (scaled_mm2(x.area, logic[b][0]) / float(logic[b][1])) if b in logic else "-"
            out.append(f"| {label} | {x.r.get('mapped_cells', '')} | {x.area:.1f} "
                       f"| {kge(x.area):.2f} | {x.ff} | {fmt(num(x.r.get('levels')), '%d')} "
                       f"| {fmt(x.delay, '%.0f')} | {red} | {ratio} |")
    not_met = ", ".join(missed) + " (docs/synth.md, Area work, says why)" if missed else "none"
    return out + ["", f"At least {AREA_GOAL_PCT} % smaller: {', '.join(met) or 'none'}; not: {not_met}.", ""]


def md_cells(blocks, order, rows):
    out = ["## Cells by type", "",
           "Generic: technology-independent gates after `synth` (before any liberty mapping), for a reader "
           "without the liberty. Mapped: deltarf45.lib cells after `dfflibmap` and `abc`. Critical path: "
           "ABC start and end points.", ""]
    for name in order:
        b, r = blocks[name], blocks[name].r
        if not b.ok:
            continue
        out.append(f"- **{name}** generic ({r.get('generic_cells', '')}): `{types_text(r['generic_types'])}`")
        if r["kind"] == "logic":
            out.append(f"  mapped ({r.get('mapped_cells', '')}): `{types_text(r['mapped_types'])}`")
            if "path" in r:
                out.append(f"  critical path: {r['path'][0]} -> {r['path'][1]}")
    nfail = sum(not blocks[n].ok for n in order)
    nbad = len({row[1] for row in rows if row[6] == "MISMATCH"})
    return out + ["", f"{len(order)} block(s), {nfail} failed, {nbad} macro size mismatch(es)."]


def report(out_dir, order, run, figs):
    """Writes out_dir/area.csv and area.md for the blocks in order."""
    blocks = {n: Block(n, read_result(os.path.join(out_dir, n, "result.json"))) for n in order}
    for b in blocks.values():
        b.add_instances(blocks)
    logic, cycle = logic_paper(figs), run["cycle"]
    rows = macro_rows(blocks, order, macro_paper(figs))
    with open(os.path.join(out_dir, "area.csv"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(csv_lines(blocks, order, rows, logic, cycle)) + "\n")
    md = (md_head(run, len(order)) + md_logic(blocks, order, cycle) + md_macros(blocks, order, rows)
          + md_papers(blocks, order, logic, cycle) + md_area_work(blocks, order, logic)
          + md_cells(blocks, order, rows))
    with open(os.path.join(out_dir, "area.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(md) + "\n")


def load_figures():
    return paper_figures(read_tsv(SYNTH_ROWS, "name"), read_tsv(PAPERS, "id"), read_tsv(NODES, "paper"))


def main(argv):
    if len(argv) < 8:
        print(__doc__.splitlines()[3], file=sys.stderr)
        return 1
    out_dir, cycle, jobs, secs, abcmap, yosys, ronly = argv[1:8]
    try:
        if not cycle.isdigit() or int(cycle) == 0:
            raise ReportError(f"CYCLE_PS {cycle!r}: not a positive number of ps")
        run = {"cycle": int(cycle), "jobs": jobs, "seconds": secs, "abcmap": abcmap, "yosys": yosys,
               "report_only": ronly == "1"}
        report(out_dir, list(dict.fromkeys(argv[8:])), run, load_figures())
    except (ReportError, OSError, ValueError, IndexError) as e:
        print(f"synth_report: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
