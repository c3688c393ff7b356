#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cell simulation models read from a Liberty file (make verify-gates; docs/synth.md,
Gate-level check): each cell's output `function`s, `three_state`s and its `ff` or `latch` group
become one Verilog module, so a netlist mapped on synth/deltarf45.lib simulates with the
library's own definitions; a cell the library adds (another drive strength) is modelled alike.
Also the pin-compatible complement of a cell (tools/synth/gates.py break). usage: liberty.py models
LIB OUT.v"""
import itertools
import os
import re
import sys

from tools.synth import libcut


USAGE = "usage: liberty.py models LIB OUT.v"


class LibertyError(Exception):
    """A Liberty file this reader cannot model; the message names the cell and the construct."""


# --- the Liberty syntax: tools/synth/libcut.py's reader, its tree in the shape used below ----------

class Group:
    """`kind (args) { attrs; groups }`: attrs maps a name to its last value (a string, or the
    argument list of a complex attribute), quotes removed."""

    def __init__(self, kind, args):
        self.kind, self.args, self.attrs, self.groups = kind, args, {}, []

    def sub(self, kind):
        return [g for g in self.groups if g.kind == kind]


def unquote(t):
    return t[1:-1] if t.startswith('"') else t


def adapt(group):
    """libcut's group as a Group."""
    out = Group(group.name, [unquote(a) for a in group.args])
    for item in group.items:
        if isinstance(item, libcut.Group):
            out.groups.append(adapt(item))
        else:
            out.attrs[item.name] = unquote(item.value) if isinstance(item.value, str) \
                else [unquote(v) for v in item.value]
    return out


def parse(text):
    """The library group of a Liberty text."""
    try:
        return adapt(libcut.parse(text))
    except libcut.LibertyError as e:
        raise LibertyError(str(e)) from None


# --- Boolean functions: ! and ' (not) bind tightest, then ^, then & * and juxtaposition, then | + ---

FUNC_TOKEN = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*|[01]|[!'^&*|+()])")


def parse_function(text):
    """A Liberty function string as a tree: ('var', n) ('const', b) ('not', x) and
    ('and' | 'or' | 'xor', x, y)."""
    toks, rest = [], text.strip()
    while rest:
        m = FUNC_TOKEN.match(rest)
        if not m:
            raise LibertyError(f"function '{text}': cannot read '{rest}'")
        toks.append(m.group(1))
        rest = rest[m.end():].strip()
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def starts_operand(t):
        return t is not None and (t in "(!" or re.match(r"[A-Za-z_01]", t))

    def or_expr():
        x = and_expr()
        while peek() in ("|", "+"):
            take()
            x = ("or", x, and_expr())
        return x

    def and_expr():
        x = xor_expr()
        while peek() in ("&", "*") or starts_operand(peek()):
            if peek() in ("&", "*"):
                take()
            x = ("and", x, xor_expr())
        return x

    def xor_expr():
        x = unary()
        while peek() == "^":
            take()
            x = ("xor", x, unary())
        return x

    def unary():
        if peek() == "!":
            take()
            return ("not", unary())
        x = primary()
        while peek() == "'":
            take()
            x = ("not", x)
        return x

    def primary():
        t = take() if peek() is not None else None
        if t == "(":
            x = or_expr()
            if peek() != ")":
                raise LibertyError(f"function '{text}': unbalanced parentheses")
            take()
            return x
        if t in ("0", "1"):
            return ("const", int(t))
        if t is not None and re.match(r"[A-Za-z_]", t):
            return ("var", t)
        raise LibertyError(f"function '{text}': operand expected, found '{t}'")

    tree = or_expr()
    if pos != len(toks):
        raise LibertyError(f"function '{text}': unexpected '{toks[pos]}'")
    return tree


def evaluate(tree, env):
    """The value (0 or 1) of a function tree; env maps each variable to 0 or 1."""
    op = tree[0]
    if op == "var":
        return env[tree[1]]
    if op == "const":
        return tree[1]
    if op == "not":
        return 1 - evaluate(tree[1], env)
    a, b = evaluate(tree[1], env), evaluate(tree[2], env)
    return {"and": a & b, "or": a | b, "xor": a ^ b}[op]


def variables(tree):
    if tree[0] == "var":
        return {tree[1]}
    return set().union(*(variables(t) for t in tree[1:] if isinstance(t, tuple)))


VERILOG_OPS = {"and": "&", "or": "|", "xor": "^"}


def verilog(tree):
    """A function tree as a Verilog expression."""
    op = tree[0]
    if op == "var":
        return tree[1]
    if op == "const":
        return f"1'b{tree[1]}"
    if op == "not":
        return f"~{verilog(tree[1])}"
    return f"({verilog(tree[1])} {VERILOG_OPS[op]} {verilog(tree[2])})"


# --- cells ------------------------------------------------------------------------------------

class Cell:
    """A cell's pins (name -> direction, in order), output functions and three_states (trees),
    and its storage: kind 'ff' or 'latch' (or None) with the group's attributes."""

    def __init__(self, name):
        self.name, self.pins, self.functions, self.three_states = name, {}, {}, {}
        self.storage, self.state, self.seq = None, (), {}

    def inputs(self):
        return [p for p, d in self.pins.items() if d == "input"]

    def outputs(self):
        return [p for p, d in self.pins.items() if d == "output"]


SEQ_ATTRS = {"ff": ("clocked_on", "next_state"), "latch": ("enable", "data_in")}
UNSUPPORTED_GROUPS = ("statetable", "bus", "bundle", "ff_bank", "latch_bank")


def cell_of(group):
    """The Cell of a Liberty cell group; LibertyError naming the construct it cannot model."""
    c = Cell(group.args[0] if group.args else "?")
    for kind in UNSUPPORTED_GROUPS:
        if group.sub(kind):
            raise LibertyError(f"cell {c.name}: {kind} groups are not supported")
    for pin in group.sub("pin"):
        direction = pin.attrs.get("direction", "")
        for name in pin.args:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
                raise LibertyError(f"cell {c.name}: pin name '{name}' is not a Verilog identifier")
            if direction in ("input", "output"):
                c.pins[name] = direction
            elif direction != "internal":
                raise LibertyError(f"cell {c.name}: pin {name} has direction '{direction}'")
            if direction == "output":
                if "function" not in pin.attrs:
                    raise LibertyError(f"cell {c.name}: output {name} has no function")
                c.functions[name] = parse_function(pin.attrs["function"])
                if "three_state" in pin.attrs:
                    c.three_states[name] = parse_function(pin.attrs["three_state"])
    seqs = [g for g in group.groups if g.kind in SEQ_ATTRS]
    if len(seqs) > 1:
        raise LibertyError(f"cell {c.name}: more than one ff / latch group")
    if seqs:
        g = seqs[0]
        c.storage, c.state = g.kind, tuple(g.args)
        if len(c.state) != 2:
            raise LibertyError(f"cell {c.name}: {g.kind} needs two state variables")
        for a in SEQ_ATTRS[g.kind]:
            if a not in g.attrs:
                raise LibertyError(f"cell {c.name}: {g.kind} without {a}")
        c.seq = {a: parse_function(v) for a, v in g.attrs.items()
                 if a in SEQ_ATTRS[g.kind] + ("clear", "preset")}
        for var in ("clear_preset_var1", "clear_preset_var2"):
            v = g.attrs.get(var, "X")
            if v not in ("L", "H", "N", "X"):
                raise LibertyError(f"cell {c.name}: {var} : {v} is not supported")
            c.seq[var] = v
    known = set(c.pins) | set(c.state)
    for tree in list(c.functions.values()) + list(c.three_states.values()) + \
            [t for t in c.seq.values() if isinstance(t, tuple)]:
        unknown = variables(tree) - known
        if unknown:
            raise LibertyError(f"cell {c.name}: function names {', '.join(sorted(unknown))}, "
                               "not a pin or state variable")
    return c


def cells(lib):
    return [cell_of(g) for g in lib.sub("cell")]


# --- Verilog models ---------------------------------------------------------------------------

def seq_block(c):
    """The always block of a cell's ff or latch: clear and preset first, as the Liberty group
    defines them (clear_preset_var1/2 when both are active), then the clocked or enabled load."""
    q, qn = c.state
    s = c.seq

    assign = "=" if c.storage == "latch" else "<="

    def load(v, vn):
        return f"begin {q} {assign} {v}; {qn} {assign} {vn}; end"

    both = {"L": "1'b0", "H": "1'b1", "N": None, "X": "1'bx"}
    branches = []
    if "clear" in s and "preset" in s:
        v1, v2 = both[s["clear_preset_var1"]], both[s["clear_preset_var2"]]
        branches.append(("ff_clear && ff_preset", load(v1 or q, v2 or qn)))
    if "clear" in s:
        branches.append(("ff_clear", load("1'b0", "1'b1")))
    if "preset" in s:
        branches.append(("ff_preset", load("1'b1", "1'b0")))
    data = verilog(s["next_state" if c.storage == "ff" else "data_in"])
    if c.storage == "latch":
        branches.append(("ff_enable", load(data, f"~{data}")))
    else:
        branches.append((None, load(data, f"~{data}")))
    lines = []
    for k, (cond, stmt) in enumerate(branches):
        if cond:
            lines.append(f"    {'else if' if k else 'if'} ({cond}) {stmt}")
        else:
            lines.append(f"    {'else ' if k else ''}{stmt}")
    return lines


def sensitivity(c):
    s = c.seq
    if c.storage == "latch":
        return "@*"
    clock = s["clocked_on"]
    events = [f"posedge {clock[1]}" if clock[0] == "var" else "posedge ff_clock"]
    events += [f"posedge ff_{a}" for a in ("clear", "preset") if a in s]
    return "@(" + " or ".join(events) + ")"


def model(c):
    """The Verilog module of one cell."""
    out = [f"module {c.name} ({', '.join(c.pins)});"]
    out += [f"  {d} {p};" for p, d in c.pins.items()]
    if c.storage:
        q, qn = c.state
        out.append(f"  reg {q}, {qn};")
        named = {"clear": "ff_clear", "preset": "ff_preset", "enable": "ff_enable"}
        if c.storage == "ff" and c.seq["clocked_on"][0] != "var":
            named["clocked_on"] = "ff_clock"
        for attr, wire in named.items():
            if attr in c.seq:
                out.append(f"  wire {wire} = {verilog(c.seq[attr])};")
        if c.storage == "latch":
            out.append("  /* verilator lint_off LATCH */")
        out.append(f"  always {sensitivity(c)}")
        out += seq_block(c)
        if c.storage == "latch":
            out.append("  /* verilator lint_on LATCH */")
    for p, f in c.functions.items():
        value = verilog(f)
        if p in c.three_states:
            value = f"{verilog(c.three_states[p])} ? 1'bz : {value}"
        out.append(f"  assign {p} = {value};")
    out.append("endmodule")
    return "\n".join(out) + "\n"


def models(lib, source):
    head = (f"// Cell models of {source}, generated by tools/synth/liberty.py from its function, ff and\n"
            "// latch groups (make verify-gates, docs/synth.md): do not edit.\n"
            "/* verilator lint_off DECLFILENAME */\n`default_nettype none\n")
    return head + "\n".join(model(c) for c in cells(lib)) + "`default_nettype wire\n"


# --- a pin-compatible complement (make verify-gates' self-test breaks a netlist with it) -------

def truth_table(c):
    ins = c.inputs()
    (out,) = c.outputs()
    return tuple(evaluate(c.functions[out], dict(zip(ins, bits)))
                 for bits in itertools.product((0, 1), repeat=len(ins)))


def combinational_single(c):
    return not c.storage and not c.three_states and len(c.outputs()) == 1


def complement(all_cells, name):
    """The name of a cell with the same pins computing the complement of cell `name`'s function,
    or None."""
    by_name = {c.name: c for c in all_cells}
    c = by_name.get(name)
    if c is None:
        raise LibertyError(f"no cell {name}")
    if not combinational_single(c):
        return None
    want = tuple(1 - v for v in truth_table(c))
    for o in all_cells:
        if o.name != name and combinational_single(o) and o.pins == c.pins \
                and truth_table(o) == want:
            return o.name
    return None


def read(path):
    with open(path, encoding="utf-8") as f:
        return parse(f.read())


def main(argv):
    try:
        if len(argv) == 3 and argv[0] == "models":
            text = models(read(argv[1]), argv[1])
            with open(argv[2], "w", encoding="utf-8") as f:
                f.write(text)
            return 0
    except (LibertyError, OSError) as e:
        print(f"liberty: {argv[1]}: {e}", file=sys.stderr)
        return 1
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
