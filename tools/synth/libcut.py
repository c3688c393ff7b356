#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The project liberty synth/deltarf45.lib, cut from the Nangate 45 nm Open Cell Library
(docs/synth.md, The liberty): the cells of FUNCTIONS at drive strengths X1, X2 and X4 where Nangate
has them, their areas, pins, functions, delay and constraint arcs and power groups, every table
reduced to its 1st, 4th and 7th index points.
usage: python3 -m tools.synth.libcut SOURCE.lib OUT.lib     bad input: one line on stderr, exit 1"""
import os
import re
import sys

FUNCTIONS = ["INV", "BUF", "NAND2", "NAND3", "NOR2", "NOR3", "AND2", "OR2", "XOR2", "XNOR2",
             "AOI21", "OAI21", "MUX2", "DFF", "DFFR"]
DRIVES = ["X1", "X2", "X4"]
NODE_NM = 45  # the Nangate library's node: make synth's and make power's figures are at it
GE_CELL = "NAND2_X1"  # one NAND2-equivalent gate (GE) of the reports
# Library attributes copied verbatim, in this order.
LIBRARY_ATTRS = [
    "delay_model", "time_unit", "voltage_unit", "current_unit", "pulling_resistance_unit",
    "leakage_power_unit", "capacitive_load_unit", "nom_process", "nom_voltage", "nom_temperature",
    "slew_lower_threshold_pct_rise", "slew_lower_threshold_pct_fall",
    "slew_upper_threshold_pct_rise", "slew_upper_threshold_pct_fall",
    "input_threshold_pct_rise", "input_threshold_pct_fall",
    "output_threshold_pct_rise", "output_threshold_pct_fall", "default_max_transition"]
# The operating conditions (OpenSTA's power takes the supply voltage from them).
CONDITION_ATTRS = ["process", "voltage", "temperature", "tree_type"]
CELL_ATTRS = ["area", "cell_leakage_power"]
PIN_ATTRS = ["direction", "capacitance", "clock", "max_capacitance", "function"]
TEMPLATE_GROUPS = ("lu_table_template", "power_lut_template")
DROPPED_ARCS = {"min_pulse_width"}
KEPT_POINTS = {7: [0, 3, 6], 3: [0, 1, 2], 1: [0]}  # index points of an axis of N points


class LibertyError(Exception):
    """Bad input: reported as one line, exit 1."""


class Group:
    """name (args) { items }: a liberty group."""

    def __init__(self, name, args, items):
        self.name, self.args, self.items = name, args, items

    def groups(self, name):
        return [i for i in self.items if isinstance(i, Group) and i.name == name]

    def attr(self, name):
        """The attribute's value (a simple attribute's text, a complex one's argument list)."""
        for i in self.items:
            if isinstance(i, Attr) and i.name == name:
                return i.value
        return None


class Attr:
    """name : value; (value a string) or name (args); (value a list)."""

    def __init__(self, name, value):
        self.name, self.value = name, value


# --- reading -----------------------------------------------------------------------------------
TOKEN = re.compile(r'(\s+|/\*.*?\*/|//[^\n]*|\\\n)|("[^"]*"|[(){}:;,]|[^\s(){}:;,"\\]+)', re.S)


def tokenize(text):
    """[(token, line)] without whitespace, comments and line continuations."""
    out, pos, line = [], 0, 1
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise LibertyError(f"line {line}: cannot read {text[pos:pos + 20]!r}")
        if m.group(2):
            out.append((m.group(2), line))
        line += m.group(0).count("\n")
        pos = m.end()
    return out


def parse(text):
    """The liberty's top group (the library)."""
    toks = tokenize(text)
    pos = 0

    def need(what):
        nonlocal pos
        if pos >= len(toks):
            raise LibertyError(f"unexpected end of file, expected {what!r}")
        if toks[pos][0] != what:
            raise LibertyError(f"line {toks[pos][1]}: expected {what!r}, found {toks[pos][0]!r}")
        pos += 1

    def args():
        nonlocal pos
        need("(")
        out, cur = [], []
        while pos < len(toks) and toks[pos][0] != ")":
            t = toks[pos][0]
            if t == ",":
                out.append(" ".join(cur))
                cur = []
            else:
                cur.append(t)
            pos += 1
        need(")")
        if cur or out:
            out.append(" ".join(cur))
        return out

    def items():
        nonlocal pos
        out = []
        while pos < len(toks) and toks[pos][0] != "}":
            name, line = toks[pos]
            pos += 1
            if pos < len(toks) and toks[pos][0] == ":":
                pos += 1
                value = []
                while pos < len(toks) and toks[pos][0] not in (";", "}"):
                    value.append(toks[pos][0])
                    pos += 1
                if not value:
                    raise LibertyError(f"line {line}: attribute {name} without a value")
                need(";")
                out.append(Attr(name, " ".join(value)))
            elif pos < len(toks) and toks[pos][0] == "(":
                a = args()
                if pos < len(toks) and toks[pos][0] == "{":
                    pos += 1
                    out.append(Group(name, a, items()))
                    need("}")
                else:
                    if pos < len(toks) and toks[pos][0] == ";":
                        pos += 1
                    out.append(Attr(name, a))
            else:
                raise LibertyError(f"line {line}: {name!r} is neither an attribute nor a group")
        return out

    top = items()
    if pos != len(toks):
        raise LibertyError(f"line {toks[pos][1]}: unbalanced '}}'")
    libs = [g for g in top if isinstance(g, Group) and g.name == "library"]
    if len(libs) != 1:
        raise LibertyError("no library group")
    return libs[0]


def cell_areas(lib):
    """{cell name: area um2} of a parsed liberty's cells that have an area."""
    return {c.args[0]: float(c.attr("area")) for c in lib.groups("cell")
            if len(c.args) == 1 and c.attr("area") is not None}


def cell_area(lib, name):
    """The area (um2) of the named cell of a parsed liberty."""
    area = cell_areas(lib).get(name)
    if area is None:
        raise LibertyError(f"no cell {name} with an area")
    return area


# --- tables ------------------------------------------------------------------------------------
def numbers(arg):
    return [x.strip() for x in unquote(arg).split(",")]


def unquote(s):
    return s[1:-1] if len(s) >= 2 and s[0] == s[-1] == '"' else s


def kept_points(n, where):
    if n not in KEPT_POINTS:
        raise LibertyError(f"{where}: an index of {n} points (expected 1, 3 or 7)")
    return KEPT_POINTS[n]


def cut_name(template):
    """The name of a cut template: Timing_7_7 -> Timing_3_3, Hidden_power_7 -> Hidden_power_3."""
    return re.sub(r"_7(?=_|$)", "_3", template)


def read_table(g, where):
    """(template, {index_k: [str]}, [[str]] rows) of a table group; a scalar table has no index."""
    idx = {a: numbers(g.attr(a)[0]) for a in ("index_1", "index_2") if g.attr(a)}
    values = g.attr("values")
    if not isinstance(values, list) or not values:
        raise LibertyError(f"{where}: table {g.name} without values")
    rows = [numbers(v) for v in values]
    n1 = len(idx.get("index_1", [None]))
    n2 = len(idx.get("index_2", [None]))
    if "index_2" in idx and (len(rows) != n1 or any(len(r) != n2 for r in rows)):
        raise LibertyError(f"{where}: table {g.name} is not {n1} x {n2}")
    if "index_2" not in idx and (len(rows) != 1 or len(rows[0]) != n1):
        raise LibertyError(f"{where}: table {g.name} does not have {n1} values")
    return g.args[0] if g.args else "scalar", idx, rows


def cut_table(table, where):
    """The table at the kept index points (1st, 4th, 7th of a 7-point axis)."""
    template, idx, rows = table
    k1 = kept_points(len(idx["index_1"]), where) if "index_1" in idx else [0]
    k2 = kept_points(len(idx["index_2"]), where) if "index_2" in idx else None
    out_idx = {"index_1": [idx["index_1"][i] for i in k1]} if "index_1" in idx else {}
    if k2 is not None:
        out_idx["index_2"] = [idx["index_2"][j] for j in k2]
        rows = [[rows[i][j] for j in k2] for i in k1]
    elif "index_1" in idx:
        rows = [[rows[0][i] for i in k1]]
    return cut_name(template), out_idx, rows


def max_table(tables, where):
    """Element-wise maximum of tables on the same indices (each value's text kept)."""
    first = tables[0]
    for t in tables[1:]:
        if t[1] != first[1] or t[0] != first[0]:
            raise LibertyError(f"{where}: merged tables on different indices")
    rows = [[max((t[2][i][j] for t in tables), key=float) for j in range(len(first[2][i]))]
            for i in range(len(first[2]))]
    return first[0], first[1], rows


def table_group(name, table):
    template, idx, rows = table
    items = [Attr(k, [f'"{",".join(v)}"']) for k, v in sorted(idx.items())]
    items.append(Attr("values", [f'"{",".join(r)}"' for r in rows]))
    return Group(name, [template], items)


def tables_of(g, where):
    """{name: cut table} of the table groups inside g (a timing or power group)."""
    return {t.name: cut_table(read_table(t, f"{where} {t.name}"), where) for t in g.items
            if isinstance(t, Group)}


# --- cells ---------------------------------------------------------------------------------------
def merged_arcs(pin, where):
    """The pin's timing groups merged per (related pin, timing type): `when` and `sdf_cond`
    dropped, tables element-wise max, timing senses that differ become non_unate."""
    keys, arcs = [], {}
    for t in pin.groups("timing"):
        key = (t.attr("related_pin"), t.attr("timing_type"))
        if key[1] in DROPPED_ARCS:
            continue
        if key not in arcs:
            keys.append(key)
            arcs[key] = []
        arcs[key].append(t)
    out = []
    for key in keys:
        group = arcs[key]
        w = f"{where} arc {unquote(key[0] or '')}/{key[1] or 'combinational'}"
        items = [Attr("related_pin", key[0])]
        if key[1]:
            items.append(Attr("timing_type", key[1]))
        senses = {t.attr("timing_sense") for t in group} - {None}
        if senses:
            items.append(Attr("timing_sense", senses.pop() if len(senses) == 1 else "non_unate"))
        cut = [tables_of(t, w) for t in group]
        for name in [n for n in TABLE_ORDER if any(n in c for c in cut)]:
            items.append(table_group(name, max_table([c[name] for c in cut if name in c], w)))
        out.append(Group("timing", [], items))
    return out


TABLE_ORDER = ["cell_rise", "cell_fall", "rise_transition", "fall_transition",
               "rise_constraint", "fall_constraint"]


def power_groups(pin, where):
    """The pin's internal_power groups, related pin and `when` kept, tables cut."""
    out = []
    for p in pin.groups("internal_power"):
        items = [Attr(a, p.attr(a)) for a in ("related_pin", "when") if p.attr(a)]
        for name, table in tables_of(p, f"{where} internal_power").items():
            items.append(table_group(name, table))
        out.append(Group("internal_power", [], items))
    return out


def cut_pin(pin, where):
    items = [Attr(a, pin.attr(a)) for a in PIN_ATTRS if pin.attr(a) is not None]
    return Group("pin", pin.args, items + merged_arcs(pin, where) + power_groups(pin, where))


def cut_cell(cell):
    where = f"cell {cell.args[0]}"
    items = [Attr(a, cell.attr(a)) for a in CELL_ATTRS if cell.attr(a) is not None]
    items += cell.groups("ff")
    items += [Group("leakage_power", [], [Attr(a, lp.attr(a)) for a in ("when", "value")
                                          if lp.attr(a) is not None])
              for lp in cell.groups("leakage_power")]
    items += [cut_pin(p, f"{where} pin {p.args[0]}") for p in cell.groups("pin")]
    return Group("cell", cell.args, items)


def selected(lib, functions):
    """The source cells named FUNCTION_DRIVE, in functions then DRIVES order."""
    cells = {c.args[0]: c for c in lib.groups("cell") if c.args}
    out = [cells[f"{f}_{d}"] for f in functions for d in DRIVES if f"{f}_{d}" in cells]
    missing = [f for f in functions if f"{f}_X1" not in cells]
    if missing:
        raise LibertyError("no X1 cell for " + ", ".join(missing))
    return out


def used_templates(group):
    """Template names that the table groups under group refer to."""
    found = set()
    for i in group.items:
        if isinstance(i, Group):
            if i.attr("values") is not None and i.args and i.args[0] != "scalar":
                found.add(i.args[0])
            found |= used_templates(i)
    return found


def cut_templates(lib, used):
    out = []
    for g in lib.items:
        if isinstance(g, Group) and g.name in TEMPLATE_GROUPS and cut_name(g.args[0]) in used:
            where = f"template {g.args[0]}"
            items = []
            for a in g.items:
                if isinstance(a, Attr) and a.name in ("index_1", "index_2"):
                    pts = numbers(a.value[0])
                    pts = [pts[k] for k in kept_points(len(pts), where)]
                    items.append(Attr(a.name, [f'"{",".join(pts)}"']))
                else:
                    items.append(a)
            out.append(Group(g.name, [cut_name(g.args[0])], items))
    return out


def operating_conditions(lib):
    """The default operating conditions, their process, voltage, temperature and tree type."""
    name = lib.attr("default_operating_conditions")
    found = [g for g in lib.groups("operating_conditions") if g.args == [name]]
    if not found:
        raise LibertyError(f"no operating_conditions ({name})")
    items = [Attr(a, found[0].attr(a)) for a in CONDITION_ATTRS if found[0].attr(a) is not None]
    return [Group("operating_conditions", [name], items), Attr("default_operating_conditions", name)]


def cut_library(lib, functions=FUNCTIONS):
    """The library group of the output: attributes, operating conditions, templates, cells."""
    cells = [cut_cell(c) for c in selected(lib, functions)]
    attrs = []
    for name in LIBRARY_ATTRS:
        v = lib.attr(name)
        if v is None:
            raise LibertyError(f"library attribute {name} missing")
        attrs.append(Attr(name, v))
    attrs += operating_conditions(lib)
    body = Group("library", ["deltarf45"], cells)
    templates = cut_templates(lib, used_templates(body))
    missing = used_templates(body) - {t.args[0] for t in templates}
    if missing:
        raise LibertyError("no template " + ", ".join(sorted(missing)))
    return Group("library", ["deltarf45"], attrs + templates + cells)


# --- writing ------------------------------------------------------------------------------------
def is_table(g):
    return all(isinstance(i, Attr) and i.name in ("index_1", "index_2", "values") for i in g.items)


def write_item(item, depth, out):
    pad = "  " * depth
    if isinstance(item, Attr):
        if isinstance(item.value, list):
            out.append(f"{pad}{item.name} ({', '.join(item.value)});")
        else:
            out.append(f"{pad}{item.name} : {item.value};")
    elif is_table(item) and item.items:
        inner = " ".join(f"{a.name} ({', '.join(a.value)});" for a in item.items)
        out.append(f"{pad}{item.name} ({', '.join(item.args)}) {{ {inner} }}")
    else:
        out.append(f"{pad}{item.name} ({', '.join(item.args)}) {{")
        for i in item.items:
            write_item(i, depth + 1, out)
        out.append(pad + "}")


def header(source, cells):
    names = [c.args[0] for c in cells]
    functions = list(dict.fromkeys(n.rsplit("_", 1)[0] for n in names))
    by_drive = "\n".join(f" *   {d}: " + " ".join(n[:-len(d) - 1] for n in names if n.endswith("_" + d))
                          for d in DRIVES)
    return f"""/* deltarf45.lib: the standard-cell liberty of `make synth` and `make power` (synth/run.sh,
   tools/synth/power.py, docs/synth.md): {len(cells)} cells of the Nangate 45 nm library, typical corner.
   GENERATED by tools/synth/libcut.py from {os.path.basename(source)} (`make liberty`): do not edit. */
/*
 * Source: Nangate 45 nm Open Cell Library, typical corner (NangateOpenCellLibrary_typical.lib,
 * release PDKv1.3_v2010_12, TypTyp, 1.10 V, 25 C; Apache 2.0, distributed by the OpenROAD
 * projects; characterised by NGLibraryCharacterizer v2011.01). The build never reads that file.
 * Cells: {", ".join(functions)},
 * at every drive strength of {", ".join(DRIVES)} that Nangate has:
{by_drive}
 * Taken verbatim: the library's units, thresholds and default_max_transition; its default
 * operating conditions (process, voltage, temperature, tree type); per cell area, ff,
 * cell_leakage_power and the leakage_power groups (when, value); per pin direction,
 * capacitance, clock, max_capacitance, function.
 * Tables, reduced: of every 7-point index the 1st, 4th and 7th points (3-point indices, the
 * constraint tables', whole), the values at those points as the source writes them; the
 * templates renamed _7 -> _3 (Timing_3_3, Power_3_3, Hidden_power_3).
 *   - timing: cell_rise/fall, rise/fall_transition and the setup / hold / recovery / removal
 *     constraints. Arcs that Nangate splits by `when` state are merged per related pin and
 *     timing type: element-wise maximum (worst case), `when` and `sdf_cond` dropped, timing
 *     senses that differ become non_unate. min_pulse_width checks are left out.
 *   - internal_power: every group, with its related_pin and `when`, rise/fall_power reduced.
 * Left out: pg_pins, related power/ground pins, rise/fall_capacitance, drive_strength, wire
 * loads (none: a net's load is its pins' capacitance), the other operating conditions.
 * NAND2-equivalent gates (GE) in the reports use NAND2_X1's area.
 */
"""


def render(source, cut):
    out = []
    write_item(cut, 0, out)
    cells = cut.groups("cell")
    return header(source, cells) + "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 2:
        print("usage: python3 -m tools.synth.libcut SOURCE.lib OUT.lib", file=sys.stderr)
        return 2
    source, target = argv
    try:
        try:
            with open(source, encoding="utf-8", errors="replace") as fh:
                lib = parse(fh.read())
        except OSError as e:
            raise LibertyError(e.strerror) from None
        text = render(source, cut_library(lib))
    except LibertyError as e:
        print(f"libcut: {source}: {e}", file=sys.stderr)
        return 1
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"libcut: {target}: {text.count('  cell (')} cells from {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
