#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Mutants of one RTL block for `make mutate` (docs/mutate.md), named by a stable
signature instead of their number in the draw, which moves when the netlist changes.
  mutants.py gen [-r RTL_DIR] [-t] [-p SIGNATURE]... BLOCK N SEED OUTDIR
    Yosys 0.23 `mutate -list N -seed SEED` over the flattened block's cells (-t: the block's own
    cells, drawn before flatten), plus each pinned SIGNATURE the draw lacks, all applied with
    -ctrl into one netlist whose input mutsel picks the mutant at run time (0: the original):
    OUTDIR/mutants.ys (line K: mutant K's mutate command), OUTDIR/mutants.tsv (K, signature,
    description), OUTDIR/net.v, OUTDIR/gold.il (the flattened block before mutation).
  mutants.py sig DIR K...        the signatures of mutants K of DIR
  mutants.py find DIR SIGNATURE  the number K of the mutant of that signature in DIR
  mutants.py keep BLOCK DIR K    the cut-points mutate/keep/BLOCK.txt names for mutant K
A signature is MODE:[SCOPE/]TYPE.PORT[BIT][^CTRLBIT]@FILE:CELL: the mutation (mode, cell type,
port bit, the other bit of a cnot), where (the instance path of the cell's module, the file of
its source) and CELL, 8 hex digits of SHA-1 over what places the cell in the design: its scope,
type, file, the text of its source span and of the line it starts on (// comment left out), the
public wires it drives, and its rank among the cells alike in all of these (creation order)."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

MODES = ("inv", "const0", "const1", "cnot0", "cnot1")
SIGNATURE = re.compile(r"(?P<mode>[a-z0-9]+):(?:(?P<scope>[^/@]+)/)?(?P<type>[A-Za-z_0-9]+)"
                       r"\.(?P<port>[A-Za-z_0-9]+)\[(?P<bit>\d+)\](?:\^(?P<ctrl>\d+))?"
                       r"@(?P<file>[^:]+):(?P<cell>[0-9a-f]{8})$")
SPAN = re.compile(r"(.*):(\d+)\.(\d+)-(\d+)\.(\d+)$")
CTRL = "mutsel 16"  # the run-time selector: a 16-bit input, mutant K active when it is K


class MutantError(Exception):
    """A mutant that cannot be named or found: one line, exit status 1."""


# --- Yosys's mutate commands ----------------------------------------------------------------
def parse_command(line):
    """The options of one `mutate` command of a -list file: {option: value}, srcs as a list."""
    words = line.split()
    if not words or words[0] != "mutate":
        raise MutantError(f"not a mutate command: {line.strip()}")
    opts, srcs, i = {}, [], 1
    while i < len(words):
        key = words[i].lstrip("-")
        if key == "ctrl":
            opts["ctrl"] = words[i + 1:i + 4]
            i += 4
            continue
        if key == "src":
            srcs.append(words[i + 1])
        else:
            opts[key] = words[i + 1]
        i += 2
    opts["src"] = srcs
    return opts


def command(k, block, cell, mode, port, bit, ctrlbit=None, srcs=()):
    """A mutate command of mutant K behind mutsel, in Yosys's -list form."""
    words = ["mutate", "-ctrl", CTRL, str(k), "-mode", mode, "-module", block, "-cell", cell,
             "-port", port, "-portbit", str(bit)]
    words += ["-ctrlbit", str(ctrlbit)] if ctrlbit is not None else []
    for s in srcs:
        words += ["-src", s]
    return " ".join(words)


# --- the cells of the netlist and their places ----------------------------------------------
class Sources:
    """The text of source spans (file:l1.c1-l2.c2, Yosys's src attribute), whitespace collapsed."""

    def __init__(self):
        self.files = {}

    def lines(self, path):
        if path not in self.files:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    self.files[path] = f.read().split("\n")
            except OSError:
                self.files[path] = []
        return self.files[path]

    def span(self, src):
        """The lines of a span and its columns, or None."""
        m = SPAN.match(src)
        if not m:
            return None
        path, l1, c1, l2, c2 = m.group(1), *map(int, m.groups()[1:])
        lines = self.lines(path)
        return (lines[l1 - 1:l2], c1, c2) if 1 <= l1 <= l2 <= len(lines) else None

    def text(self, src):
        """The source text of the span, // comments left out."""
        span = self.span(src)
        if not span:
            return ""
        part, c1, c2 = span
        part[-1] = part[-1][:c2 - 1]
        part[0] = part[0][c1 - 1:]
        return " ".join(" ".join(p.split("//")[0] for p in part).split())

    def line(self, src):
        """The whole line the span starts on, // comment left out: the statement around it."""
        span = self.span(src)
        return " ".join(span[0][0].split("//")[0].split()) if span else ""


def scope_of(cell):
    """The instance path of a flattened cell ($flatten\\u_a.\\u_b.$and$...: u_a.u_b), or ''."""
    if not cell.startswith("$flatten\\"):
        return ""
    path = cell[len("$flatten"):].split(".$", 1)[0]
    return path.replace("\\", "")


def creation_order(cell):
    """Yosys's counter at the end of a generated name ($...$1234), for the cells' order."""
    m = re.search(r"\$(\d+)$", cell)
    return (int(m.group(1)) if m else -1, cell)


class Netlist:
    """One module of Yosys's JSON: its cells, each with its signature's place (scope, type,
    file, source line and text, driven public wires) and CELL hash."""

    def __init__(self, module, sources):
        self.cells = module["cells"]
        names = {}
        for name, net in module.get("netnames", {}).items():
            if not net.get("hide_name"):
                for b in net["bits"]:
                    names.setdefault(b, set()).add(name)
        self.place = {c: self.place_of(c, v, names, sources) for c, v in self.cells.items()}
        self.hash = self.hashes()

    @staticmethod
    def place_of(cell, v, names, sources):
        span = v.get("attributes", {}).get("src", "").split("|")[-1]
        m = SPAN.match(span)
        driven = sorted({n for port, d in v.get("port_directions", {}).items() if d == "output"
                         for b in v["connections"].get(port, []) for n in names.get(b, ())})
        return (scope_of(cell), v["type"], os.path.basename(m.group(1)) if m else "",
                sources.line(span), sources.text(span), ",".join(driven))

    def hashes(self):
        """CELL of every cell: the hash of its place and its rank among the cells of that place."""
        rank, result = {}, {}
        for cell in sorted(self.cells, key=creation_order):
            place = self.place[cell]
            rank[place] = rank.get(place, 0) + 1
            text = "\x1f".join(place + (str(rank[place]),))
            result[cell] = hashlib.sha1(text.encode()).hexdigest()[:8]
        return result

    def signature(self, opts):
        """The signature of a mutate command's mutation."""
        cell = opts["cell"]
        if cell not in self.cells:
            raise MutantError(f"no cell {cell} in the netlist")
        scope, ctype, path = self.place[cell][:3]
        ctrl = f"^{opts['ctrlbit']}" if "ctrlbit" in opts else ""
        return (f"{opts['mode']}:{scope + '/' if scope else ''}{ctype.lstrip('$')}."
                f"{opts['port']}[{opts['portbit']}]{ctrl}@{path}:{self.hash[cell]}")

    def find(self, signature):
        """The cell and mutation of a signature: (cell, mode, port, bit, ctrlbit or None)."""
        m = SIGNATURE.match(signature)
        if not m or m["mode"] not in MODES:
            raise MutantError(f"not a mutant signature: '{signature}' "
                              "(MODE:[SCOPE/]TYPE.PORT[BIT][^CTRLBIT]@FILE:CELL)")
        cells = [c for c, h in self.hash.items() if h == m["cell"] and self.place[c][:3] ==
                 (m["scope"] or "", "$" + m["type"], m["file"])]
        if len(cells) != 1:
            raise MutantError(f"{'no' if not cells else 'more than one'} cell of signature "
                              f"'{signature}' in the netlist (its source or place changed?)")
        width = len(self.cells[cells[0]]["connections"].get(m["port"], []))
        bits = [int(m["bit"])] + ([int(m["ctrl"])] if m["ctrl"] else [])
        if max(bits) >= width:
            raise MutantError(f"signature '{signature}': {cells[0]} has no bit {max(bits)} "
                              f"on port {m['port']} ({width} bits)")
        return cells[0], m["mode"], m["port"], int(m["bit"]), (int(m["ctrl"]) if m["ctrl"] else None)


def describe(opts, sources):
    """A mutant for people: mode, cell, port bit, source location and text."""
    ctrl = f" ctrlbit {opts['ctrlbit']}" if "ctrlbit" in opts else ""
    src = opts["src"][-1] if opts["src"] else "?"
    text = sources.text(src)
    text = f' "{text if len(text) <= 60 else text[:57] + "..."}"' if text else ""
    return f"{opts['mode']}{ctrl} on {opts['cell']} port {opts['port']}[{opts['portbit']}] ({src}{text})"


# --- make mutate's netlist -----------------------------------------------------------------
def yosys(script, log):
    if not shutil.which("yosys"):
        raise MutantError("yosys not found (make tools installs it)")
    if subprocess.call(["yosys", "-q", "-l", log, "-p", script], stdout=subprocess.DEVNULL) != 0:
        raise MutantError(f"yosys failed (see {log})")


def draw(rtl, block, n, seed, top_only, out):
    """Yosys run 1: OUT/drawn.ys (the draw), OUT/cells.json (the netlist it was drawn from),
    OUT/gold.il (the flattened block before mutation)."""
    listing = (f"mutate -list {n} -seed {seed} -ctrl {CTRL} 1 -o {out}/drawn.ys"
               + (f" {block}/t:$* {block}/t:$paramod* %d" if top_only else "")
               + f"; write_json {out}/cells.json")
    yosys(f"read_verilog -I{rtl} {rtl}/*.v; hierarchy -check -top {block}; proc\n"
          + (f"opt_clean; {listing}\n" if top_only else "")
          + f"flatten; opt_clean; write_rtlil {out}/gold.il\n"
          + ("" if top_only else listing), os.path.join(out, "gen.log"))


def mutant_list(block, drawn, netlist, pins, sources):
    """[(command, signature, description)]: the draw in its order, then each pin it lacks."""
    rows, seen = [], set()
    for line in drawn:
        opts = parse_command(line)
        sig = netlist.signature(opts)
        rows.append((line.strip(), sig, describe(opts, sources)))
        seen.add(sig)
    for pin in pins:
        if pin in seen:
            continue
        cell, mode, port, bit, ctrl = netlist.find(pin)
        srcs = netlist.cells[cell].get("attributes", {}).get("src", "").split("|")
        line = command(len(rows) + 1, block, cell, mode, port, bit, ctrl, srcs)
        opts = parse_command(line)
        rows.append((line, netlist.signature(opts), describe(opts, sources)))
        seen.add(pin)
    return rows


def gen(rtl, top_only, pins, block, n, seed, out):
    os.makedirs(out, exist_ok=True)
    draw(rtl, block, n, seed, top_only, out)
    with open(os.path.join(out, "cells.json"), encoding="utf-8") as f:
        module = json.load(f)["modules"][block]
    sources = Sources()
    with open(os.path.join(out, "drawn.ys"), encoding="utf-8") as f:
        drawn = [line for line in f if line.strip()]
    rows = mutant_list(block, drawn, Netlist(module, sources), pins, sources)
    with open(os.path.join(out, "mutants.ys"), "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line, _, _ in rows))
    with open(os.path.join(out, "mutants.tsv"), "w", encoding="utf-8") as f:
        f.write("".join(f"{k}\t{sig}\t{d}\n" for k, (_, sig, d) in enumerate(rows, 1)))
    # each driver's bits as a wire of their own: Verilator 5.006 mis-simulates a wire whose bits
    # come from several cells when that forms a cycle between wires at the word level (bit by
    # bit there is none), e.g. rc_decompress's ripple steps packed side by side
    yosys(f"read_rtlil {out}/gold.il; script {out}/mutants.ys; opt_clean; splitnets -driver; "
          f"write_verilog {out}/net.v", os.path.join(out, "net.log"))
    os.remove(os.path.join(out, "cells.json"))
    pinned = len(rows) - len(drawn)
    print(f"{block}: {len(rows)} mutants in {out}/net.v"
          + (f" ({len(drawn)} drawn, {pinned} pinned by signature)" if pinned else ""))


# --- reading a mutant list -----------------------------------------------------------------
def read_table(d):
    """DIR/mutants.tsv: [(K, signature, description)]."""
    path = os.path.join(d, "mutants.tsv")
    try:
        with open(path, encoding="utf-8") as f:
            return [tuple(line.rstrip("\n").split("\t")) for line in f if line.strip()]
    except OSError as e:
        raise MutantError(f"no mutant table {path} (make it with mutants.py gen): {e.strerror}")


def find(d, signature):
    ks = [k for k, sig, _ in read_table(d) if sig == signature]
    if not ks:
        raise MutantError(f"no mutant of signature '{signature}' in {d}/mutants.tsv "
                          "(pin it: mutants.py gen -p)")
    return ks[0]


def signatures(d, ks):
    table = {k: sig for k, sig, _ in read_table(d)}
    missing = [k for k in ks if k not in table]
    if missing:
        raise MutantError(f"no mutant {' '.join(missing)} in {d}/mutants.tsv")
    return [table[k] for k in ks]


def kept(block, d, k):
    """The flip-flops and memories mutate/keep/BLOCK.txt keeps for mutant K of DIR (a line:
    SIGNATURE[,SIGNATURE...] NAME...), or nothing."""
    sig = signatures(d, [k])[0]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keep", block + ".txt")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    return [name for words in lines if sig in words[0].split(",") for name in words[1:]]


USAGE = """usage: mutate/mutants.py gen [-r RTL_DIR] [-t] [-p SIGNATURE]... BLOCK N SEED OUTDIR
       mutate/mutants.py sig DIR K...
       mutate/mutants.py find DIR SIGNATURE
       mutate/mutants.py keep BLOCK DIR K"""


def main(argv):
    verb, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    try:
        if verb == "gen":
            return run_gen(args)
        if verb == "sig" and len(args) >= 2:
            print("\n".join(signatures(args[0], args[1:])))
        elif verb == "find" and len(args) == 2:
            print(find(*args))
        elif verb == "keep" and len(args) == 3:
            print(" ".join(kept(*args)))
        else:
            print(USAGE, file=sys.stderr)
            return 2
    except MutantError as e:
        print(f"mutants: {e}", file=sys.stderr)
        return 1
    return 0


def run_gen(args):
    rtl, top_only, pins = "rtl", False, []
    while args and args[0] in ("-r", "-t", "-p"):
        if args[0] == "-t":
            top_only, args = True, args[1:]
        elif len(args) >= 2:
            rtl = args[1] if args[0] == "-r" else rtl
            pins += [args[1]] if args[0] == "-p" else []
            args = args[2:]
        else:
            break
    if len(args) != 4 or not all(a.isdigit() for a in args[1:3]) or not 1 <= int(args[1]) < 65535:
        print(USAGE + "\n  (N: 1..65534, SEED: an unsigned integer)", file=sys.stderr)
        return 2
    block, n, seed, out = args
    gen(rtl, top_only, pins, block, int(n), int(seed), out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
