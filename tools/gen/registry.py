#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The block registry (blocks.tsv; docs/registry.md) for make and the scripts: the block list, the
views generated from one Yosys run over the RTL read as JSON (make definitions, port lists, bench
port structs, Verilator shims, Icarus testbenches), the registry check and the README's table.
usage: registry.py blocks | cycles BLOCK[@N] | gen OUT | check OUT | readme [FILE]   (check reads what gen wrote)
env RTL_DIR: the RTL folder (rtl), relative to the tree's root."""
import json
import os
import re
import shutil
import subprocess
import sys

from tools.gen import formal_ports, includes

# the tree's root, its symbolic links kept (a copy of the tree may link tools/ to this one)
ROOT = os.path.normpath(os.path.join(os.path.abspath(os.path.dirname(__file__)), "..", ".."))
COLUMNS = ["block", "cmodel", "impl", "synth", "verilator", "mutate", "cycles", "op", "paper",
           "what"]
GENERATOR = "tools/gen/registry.py"
README_BEGIN = re.compile(r"^<!-- blocks: begin")
README_END = re.compile(r"^<!-- blocks: end")


class RegistryError(Exception):
    """A registry that cannot be read or generated: one line, exit status 1."""


# --- blocks.tsv ---------------------------------------------------------------------------
def read_rows(path):
    """The rows of blocks.tsv: lists of its tab-separated fields (comments and blank lines out)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    return [line.split("\t") for line in lines if not line.startswith("#") and line.strip()]


def column(row, name):
    """A row's field by column name; a short row's missing field is empty."""
    i = COLUMNS.index(name)
    return row[i] if i < len(row) else ""


def mutate_settings(field):
    """The mutate column's settings, in order: (key, value or None)."""
    settings = []
    for item in field.split(";"):
        key, sep, value = item.partition("=")
        settings.append((key, value if sep else None))
    return settings


def cycles(row):
    """The clock cycles of one operation (docs/registry.md): the cycles column's number, or the
    value of the params.def parameter it names."""
    field = column(row, "cycles")
    if re.fullmatch(r"[1-9][0-9]*", field):
        return int(field)
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", field):
        run = subprocess.run([os.path.join(ROOT, "tools", "gen", "gen_params.sh"), "value", field], capture_output=True,
                             text=True, check=False)
        if run.returncode == 0 and re.fullmatch(r"[1-9][0-9]*", run.stdout.strip()):
            return int(run.stdout)
    raise RegistryError(f"{row[0]}: cycles must be a positive number or a params.def "
                        f"parameter ('{field}')")


def row_of(rows, block):
    """BLOCK's row (BLOCK@N: BLOCK's)."""
    name = block.split("@")[0]
    for row in rows:
        if row[0] == name:
            return row
    raise RegistryError(f"no block {name} in blocks.tsv")


# --- the Yosys views ----------------------------------------------------------------------
def yosys_script(rtl_dir, blocks, tmp):
    """One Yosys run: each block's hierarchy (its modules, contents deleted) as TMP/BLOCK.json and
    every RTL module with its ports and cells (default parameters, no processes) as TMP/all.json."""
    script = [f"read_verilog -I{rtl_dir} {rtl_dir}/*.v", "design -save base"]
    for b in blocks:
        script += ["design -load base", f"hierarchy -top {b}", "delete */c:* */p:* */m:*",
                   "opt_clean -purge", f"write_json {tmp}/{b}.json"]
    script += ["design -load base", "delete p:*", f"write_json {tmp}/all.json"]
    return "; ".join(script)


def run_yosys(rtl_dir, blocks, out):
    """Runs the Yosys views; returns (all modules, {block: its hierarchy's modules})."""
    if not shutil.which("yosys"):
        raise RegistryError("yosys not found: the ports and hierarchies are read with it "
                            "(make tools installs it)")
    tmp = os.path.join(out, "json")
    os.makedirs(tmp, exist_ok=True)
    log = os.path.join(out, "yosys.log")
    with open(log, "w", encoding="utf-8") as f:
        status = subprocess.call(["yosys", "-q", "-p", yosys_script(rtl_dir, blocks, tmp)],
                                 stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    if status != 0:
        with open(log, encoding="utf-8", errors="replace") as f:
            sys.stderr.write(f.read())
        raise RegistryError(f"yosys failed (exit status {status}; {log})")
    modules = load_modules(os.path.join(tmp, "all.json"))
    hier = {b: load_modules(os.path.join(tmp, b + ".json")) for b in blocks}
    shutil.rmtree(tmp)
    return modules, hier


def load_modules(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["modules"]


def source_file(module):
    """The file that defines a module of Yosys's JSON (its src attribute, file:line.col-...)."""
    src = module.get("attributes", {}).get("src", "")
    return src.rsplit(":", 1)[0] if ":" in src else ""


def ports_of(module):
    """(name, direction, width) of each port of a JSON module, in declaration order."""
    return [(name, p["direction"], len(p["bits"])) for name, p in module["ports"].items()]


def instantiated(modules):
    """Names of the RTL modules some module instantiates (cells whose type is not a $-cell)."""
    return {c["type"] for m in modules.values() for c in m.get("cells", {}).values()
            if not c["type"].startswith("$")}


def included_files(files, root=ROOT):
    """The RTL files that FILES (those in the tree) `include, transitively, sorted: make
    rebuilds what reads them when one changes."""
    present = [f for f in files if os.path.isfile(os.path.join(root, f))]
    return sorted(includes.closure(root, present, includes.V_INCLUDE, includes.V_DIRS, False,
                                   read_file) - set(present))


def read_file(root, path):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def tops(modules):
    """RTL modules with ports that no RTL module instantiates."""
    return sorted({m for m, v in modules.items() if v["ports"]} - instantiated(modules))


class Design:
    """The RTL as the registry sees it: module files, ports and each block's hierarchy."""

    def __init__(self, modules, hier):
        self.modules = modules
        self.files = {name: source_file(m) for name, m in modules.items()}
        self.hier = hier

    def block_files(self, block):
        """The RTL files of a block's hierarchy, its top first (black boxes, e.g. an empty module,
        stay in Yosys's design after `hierarchy -top` but are no part of it)."""
        top = self.files.get(block, "")
        rest = {source_file(m) for m in self.hier[block].values()
                if not m["attributes"].get("blackbox")} - {top, ""}
        return [top] + sorted(rest)

    def formal_files(self, block, props):
        """The block's files and those of the RTL modules its properties instantiate (a props
        line that starts with a module's name), sorted."""
        files = set(self.block_files(block))
        if os.path.isfile(props):
            with open(props, encoding="utf-8") as f:
                for line in f:
                    words = line.split()
                    if words and words[0] in self.files:
                        files.add(self.files[words[0]])
        return sorted(files)

    def ports(self, block):
        return ports_of(self.modules[block]) if block in self.modules else []

    def ports_tsv(self):
        return "".join(f"{m} {name} {d} {w}\n" for m in self.modules
                       for name, d, w in ports_of(self.modules[m]))


# --- generated views ----------------------------------------------------------------------
def write_if_changed(path, text):
    """Writes text to path only when it differs (make then rebuilds only what changed)."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def ports_h(block, ports):
    """The bench's view of a block: a struct with every port but clk and an open() binding them."""
    guard = f"PORTS_{block.upper()}_H"
    bound = [p for p in ports if p[0] != "clk"]
    lines = [
        "/* SPDX-License-Identifier: Apache-2.0 */",
        f"/* Ports of rtl/{block}.v for tb/bench_{block}.c, generated by {GENERATOR} from the RTL:",
        " * do not edit. Every output must be compared (hx_expect) or declared don't-care",
        " * (hx_dont_care, with a reason) in every checked cycle. */",
        f"#ifndef {guard}", f"#define {guard}", "", '#include "harness.h"', "",
        "typedef struct {"]
    lines += [f"    const dut_port *{n}; /* {d} [{w - 1}:0] */" for n, d, w in bound]
    lines += [
        f"}} {block}_ports;", "", f"dut *dut_open_{block}(uint32_t xseed);", "",
        f"/* Opens the Verilated {block} (X-initialisation seeded by --xseed) and binds its ports. */",
        f"static inline void {block}_open(hx_bench *b, {block}_ports *p)", "{",
        f"    hx_attach(b, dut_open_{block}(b->o.xseed));"]
    lines += [f'    p->{n} = hx_port(b, "{n}");' for n, _, _ in bound]
    lines += ["}", "", "#endif"]
    return "\n".join(lines) + "\n"


def shim_cpp(block, ports):
    """The Verilator shim of a block (tb/vshim.hpp): its ports' directions and widths."""
    lines = [
        "// SPDX-License-Identifier: Apache-2.0",
        f"// Verilator shim of rtl/{block}.v (tb/vshim.hpp), generated by {GENERATOR}: do not edit.",
        f'#include "V{block}.h"', '#include "vshim.hpp"', "", f"DRF_SHIM({block})", "{",
        "    return {"]
    lines += [f"        PORT({n}, {'DUT_IN' if d == 'input' else 'DUT_OUT'}, {w})," for n, d, w in ports]
    lines += ["    };", "}"]
    return "\n".join(lines) + "\n"


def icarus_tb(block, ports):
    """The Icarus testbench of a block: replays the vectors of its lockstep bench (--vectors: per
    cycle the armed flag, every input but clk, every output's expected value or x)."""
    clocked = ("clk", "input") in [(n, d) for n, d, _ in ports]
    widest = max((w for _, _, w in ports), default="")
    lines = [
        "// SPDX-License-Identifier: Apache-2.0",
        f"// Icarus replay of tb/bench_{block}.c's vectors on rtl/{block}.v, generated by {GENERATOR}.",
        "`default_nettype none", f"module {block}_tb;", f'    localparam VEC_BLOCK = "{block}";',
        f"    localparam integer VEC_BITS = {widest};", '`include "vec_io.vh"']
    for n, d, w in ports:
        if d == "input":
            lines.append(f"    reg  [{w - 1}:0] {n};")
        elif d == "output":
            lines += [f"    wire [{w - 1}:0] {n};", f"    reg  [VEC_BITS-1:0] exp_{n};"]
    lines += ["    reg [VEC_BITS-1:0] v;", "    reg more;", f"    {block} dut ("]
    lines.append(",\n".join(f"        .{n}({n})" for n, _, _ in ports))
    lines += ["    );", "    initial begin"]
    if clocked:
        lines.append("        clk = 1'b0;")
    lines += ["        vec_open;", "        vec_next_line(more);",
              "        while (more && !vec_failed) begin"]
    for n, d, w in ports:
        if d == "input" and n != "clk":
            lines.append(f"            vec_field({w}, v); {n} = v[{w - 1}:0];")
        elif d == "output":
            lines.append(f"            vec_field({w}, exp_{n});")
    lines.append("            #1;")
    lines += [f'            vec_compare("{n}", {n}, exp_{n});' for n, d, _ in ports if d == "output"]
    lines.append("            clk = 1'b1; #1; clk = 1'b0; #1;" if clocked else "            #2;")
    lines += ["            vec_end_line;", "            vec_next_line(more);", "        end",
              "        vec_finish;", "    end", "endmodule", "`default_nettype wire"]
    return "\n".join(lines) + "\n"


def words_line(name, words, op=":="):
    """A make definition of a word list, each word followed by a space."""
    return f"{name} {op} " + "".join(w + " " for w in words)


def synth_blocks(rows):
    """Every block, the modules its synth column names apart (not macro:), B@IMPL."""
    words = []
    for row in rows:
        b, synth, impl = row[0], column(row, "synth").split(), column(row, "impl")
        words += [b] + [w for w in synth[1:] if not w.startswith("macro:")]
        words += [f"{b}@{impl}"] if impl != "-" else []
    return words


def synth_macros(rows):
    """The arrays: BLOCK[:REGS] of a macro block, MODULE[:REGS] of a macro:MODULE inside one."""
    words = []
    for row in rows:
        b, synth = row[0], column(row, "synth").split()
        if synth and synth[0].startswith("macro"):
            words.append(b + synth[0][len("macro"):])
        words += [w[len("macro:"):] for w in synth[1:] if w.startswith("macro:")]
    return words


def mutate_mk(rows):
    """The make definitions of the mutate column: per-block exports in row order, then the lists."""
    lines, lists = [], {"sample": [], "top-only": [], "cut": []}
    exports = {"txns": "MUT_TXNS", "check": "MUT_CHECK", "lemma-check": "MUT_LEMMA_CHECK"}
    for row in rows:
        for key, value in mutate_settings(column(row, "mutate")):
            if key in lists:
                lists[key].append(row[0])
            elif key in exports:
                lines.append(f"export {exports[key]}_{row[0]} ?= {value}")
    return lines + [words_line("MUT_SAMPLE_BLOCKS", lists["sample"]),
                    words_line("MUT_TOP_ONLY", lists["top-only"]),
                    words_line("export MUT_CUT_MEMORIES", lists["cut"], "?=")]


def registry_mk(rows, design):
    """The make definitions of every block: lists, files, Verilator options, mutate settings."""
    blocks = [row[0] for row in rows]
    lines = [
        "# SPDX-License-Identifier: Apache-2.0",
        f"# generated by {GENERATOR} from blocks.tsv: do not edit",
        words_line("REGISTRY_BLOCKS", blocks), "BLOCKS := $(REGISTRY_BLOCKS)",
        words_line("REGISTRY_IMPL_BLOCKS", [r[0] for r in rows if column(r, "impl") != "-"]),
        "IMPL_BLOCKS = $(filter $(BLOCKS),$(REGISTRY_IMPL_BLOCKS))",
        words_line("SYNTH_BLOCKS", synth_blocks(rows)),
        words_line("SYNTH_MACROS", synth_macros(rows))]
    for row in rows:
        b, vflags = row[0], column(row, "verilator")
        formal = design.formal_files(b, f"formal/{b}_props.v")
        lines += [words_line(f"RTL_FILES_{b}", design.block_files(b)),
                  words_line(f"FORMAL_FILES_{b}", formal),
                  words_line(f"RTL_INCLUDES_{b}", included_files(formal)),
                  f"VFLAGS_{b} := {'' if vflags == '-' else vflags}",
                  f"CYCLES_{b} := {cycles(row)}"]
    return "\n".join(lines + mutate_mk(rows)) + "\n"


def formal_views(block, ports, module, out):
    """The formal wrapper's views of a block (tools/gen/formal_ports.py), from the header of the
    file that defines it; its ports must be the ones Yosys reads, in the same order."""
    path = os.path.join(ROOT, source_file(module))
    try:
        with open(path, encoding="utf-8") as f:
            params, header_ports = formal_ports.header(f.read(), block)
    except (OSError, formal_ports.HeaderError) as e:
        raise RegistryError(f"{block}: the formal views: {e}") from None
    if [(n, d) for d, _, n in header_ports] != [(n, d) for n, d, _ in ports]:
        raise RegistryError(f"{block}: {path}'s header ports are not the ports Yosys reads")
    folder = os.path.join(out, "formal")
    os.makedirs(folder, exist_ok=True)
    for name, text in ((f"{block}_params.vh", formal_ports.params_vh(block, params)),
                       (f"{block}_ports.vh", formal_ports.ports_vh(block, header_ports)),
                       (f"{block}_dut.vh", formal_ports.dut_vh(block, params, header_ports))):
        write_if_changed(os.path.join(folder, name), text)


def gen(rows, rtl_dir, out):
    """Every generated view in OUT, each file rewritten only when it changed."""
    design = Design(*run_yosys(rtl_dir, [r[0] for r in rows], out))
    os.makedirs(os.path.join(out, "tb"), exist_ok=True)
    os.makedirs(os.path.join(out, "icarus"), exist_ok=True)
    write_if_changed(os.path.join(out, "ports.tsv"), design.ports_tsv())
    for b in (r[0] for r in rows):
        ports = design.ports(b)
        write_if_changed(os.path.join(out, "tb", f"ports_{b}.h"), ports_h(b, ports))
        write_if_changed(os.path.join(out, "tb", f"shim_{b}.cpp"), shim_cpp(b, ports))
        write_if_changed(os.path.join(out, "icarus", f"{b}_tb.v"), icarus_tb(b, ports))
        formal_views(b, ports, design.modules[b], out)
    write_if_changed(os.path.join(out, "tops.txt"), "".join(t + "\n" for t in tops(design.modules)))
    write_if_changed(os.path.join(out, "registry.mk"), registry_mk(rows, design))


# --- check-registry -----------------------------------------------------------------------
VALID = {
    "synth": re.compile(r"(logic|macro(:[A-Za-z_0-9,]+)?)( |$)"),
    "impl": re.compile(r"(-|[0-9]+)$"),
    # check=: a mutant's signature, MODE:[SCOPE/]TYPE.PORT[BIT][^CTRLBIT]@FILE:CELL (mutate/mutants.py)
    "mutate": re.compile(r"(-|((sample|top-only|cut|txns=[0-9]+|lemma-check=[^;]+"
                         r"|check=[a-z0-9]+:[^;@]+\[[0-9]+\](\^[0-9]+)?@[^;:]+:[0-9a-f]{8})(;|$))+)$"),
}


def has_line(path, pattern):
    with open(path, encoding="utf-8") as f:
        return re.search(pattern, f.read(), re.M) is not None


def block_problems(rows, row, rtl_dir):
    """What a registered block lacks or gets wrong, one message each."""
    b = row[0]
    problems = []
    if [len(r) for r in rows if r[0] == b] != [len(COLUMNS)]:
        problems.append(f"the row needs {len(COLUMNS)} tab-separated columns ({' '.join(COLUMNS)})")
    if [r[0] for r in rows].count(b) != 1:
        problems.append("more than one row")
    rtl = os.path.join(rtl_dir, b + ".v")
    if not (os.path.isfile(rtl) and has_line(rtl, rf"^\s*module\s+{re.escape(b)}\b")):
        problems.append(f"no RTL (rtl/{b}.v defining module {b})")
    model = "cmodel/" + column(row, "cmodel")
    if not (os.path.isfile(model + ".c") and os.path.isfile(model + ".h")):
        problems.append(f"no C model ({model}.c and {model}.h)")
    if not os.path.isfile(f"tb/bench_{b}.c"):
        problems.append(f"no bench (tb/bench_{b}.c)")
    problems += props_problems(b, f"formal/{b}_props.v")
    if not VALID["synth"].match(column(row, "synth")):
        problems.append("no synth entry (synth column: logic or macro[:REGS])")
    if not VALID["impl"].match(column(row, "impl")):
        problems.append("impl must be - or an IMPL value")
    if not VALID["mutate"].match(column(row, "mutate")):
        problems.append(f"bad mutate settings '{column(row, 'mutate')}'")
    if not re.search(r"[a-z]", column(row, "op")):
        problems.append("no op (what one operation of the block is, make power)")
    try:
        cycles(row)
    except RegistryError as e:
        problems.append(str(e).split(": ", 1)[1])
    return problems


def props_problems(b, props):
    """A block's properties: the file, a proof group and a cover group."""
    if not os.path.isfile(props):
        return [f"no properties ({props})"]
    return [f"no formal {kind} (a //@ {group} NAME stanza in {props})"
            for kind, group in (("proof", "prove"), ("cover", "cover"))
            if not has_line(props, rf"^//@ {group} [\w-]+\s*$")]


def readme_table(rows):
    lines = ["| block | paper | what |", "| --- | --- | --- |"]
    lines += [f"| `{r[0]}` | {column(r, 'paper')} | {column(r, 'what')} |" for r in rows]
    return "\n".join(lines) + "\n"


def readme_block(text):
    """The lines between README's block-table markers (from the begin line to the end line, or to
    the end of the file), the markers left out."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if README_BEGIN.match(line)), None)
    if start is None:
        return ""
    end = next((i for i in range(start + 1, len(lines)) if README_END.match(lines[i])),
               len(lines) - 1)
    return "".join(lines[start + 1:end])


def check(rows, rtl_dir, out):
    """The registry check: prints each problem and the closing line; True when there is none."""
    passed = failed = 0
    for row in rows:
        problems = block_problems(rows, row, rtl_dir)
        for p in problems:
            print(f"check-registry: {row[0]}: {p}")
        passed, failed = (passed, failed + 1) if problems else (passed + 1, failed)
    blocks = {r[0] for r in rows}
    with open(os.path.join(out, "tops.txt"), encoding="utf-8") as f:
        for top in f.read().split():
            if top not in blocks:
                print(f"check-registry: rtl: module {top} is a top (instantiated by no module) "
                      "but in no row of blocks.tsv")
                failed += 1
    with open("README.md", encoding="utf-8") as f:
        if readme_block(f.read()) != readme_table(rows):
            print("check-registry: README.md's block table differs from blocks.tsv "
                  "(tools/gen/registry.py readme)")
            failed += 1
    print(f"check-registry: {passed} passed, {failed} failed")
    return failed == 0


def readme(rows, path):
    """Rewrites README's block table (between its markers) from the registry."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    kept, skip = [], False
    for line in lines:
        if README_BEGIN.match(line):
            kept += [line, readme_table(rows)]
            skip = True
            continue
        if README_END.match(line):
            skip = False
        if not skip:
            kept.append(line)
    write_if_changed(path, "".join(kept))


USAGE = "usage: python3 -m tools.gen.registry blocks | cycles BLOCK[@N] | gen OUT | check OUT | readme [FILE]"


def main(argv):
    os.chdir(ROOT)
    rtl_dir = os.environ.get("RTL_DIR", "rtl")
    verb, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    try:
        rows = read_rows("blocks.tsv")
        if verb == "blocks" and not args:
            print("\n".join(r[0] for r in rows))
        elif verb == "cycles" and len(args) == 1:
            print(cycles(row_of(rows, args[0])))
        elif verb == "gen" and len(args) == 1:
            gen(rows, rtl_dir, args[0])
        elif verb == "check" and len(args) == 1:
            return 0 if check(rows, rtl_dir, args[0]) else 1
        elif verb == "readme" and len(args) <= 1:
            readme(rows, args[0] if args else "README.md")
        else:
            print(USAGE, file=sys.stderr)
            return 2
    except (RegistryError, OSError, ValueError, KeyError) as e:
        print(f"registry: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
