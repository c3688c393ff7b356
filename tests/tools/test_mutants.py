#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of mutate/mutants.py (docs/mutate.md): mutants named by a stable signature;
with Yosys, a signature finds the same mutant after an unrelated change of the netlist."""
import os
import shutil
import subprocess
import tempfile
import unittest

MUTATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "mutate")
from mutate import mutants

LINE = ("mutate -ctrl mutsel 16 3 -mode cnot1 -module top -cell $ternary$rtl/top.v:30$7287 "
        "-port Y -portbit 4 -ctrlbit 3 -wire y -wirebit 4 -src rtl/top.v:12.25-12.33 "
        "-src rtl/top.v:30.23-30.54")


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def cell(ctype, src, outputs=(), width=4):
    """A cell of Yosys's JSON: ports A (input) and Y (output, bits OUTPUTS or fresh ones)."""
    y = list(outputs) or [1000 + i for i in range(width)]
    return {"type": ctype, "attributes": {"src": src},
            "port_directions": {"A": "input", "Y": "output"},
            "connections": {"A": list(range(2, 2 + width)), "Y": y}}


class Commands(unittest.TestCase):
    def test_a_listed_command_is_parsed(self):
        opts = mutants.parse_command(LINE)
        self.assertEqual((opts["mode"], opts["cell"], opts["port"], opts["portbit"], opts["ctrlbit"]),
                         ("cnot1", "$ternary$rtl/top.v:30$7287", "Y", "4", "3"))
        self.assertEqual(opts["ctrl"], ["mutsel", "16", "3"])
        self.assertEqual(opts["src"], ["rtl/top.v:12.25-12.33", "rtl/top.v:30.23-30.54"])

    def test_command_writes_what_parse_command_reads(self):
        line = mutants.command(7, "top", "$and$x$1", "inv", "A", 2, None, ["rtl/top.v:1.1-1.5"])
        self.assertEqual(line, "mutate -ctrl mutsel 16 7 -mode inv -module top -cell $and$x$1 "
                         "-port A -portbit 2 -src rtl/top.v:1.1-1.5")
        self.assertNotIn("ctrlbit", mutants.parse_command(line))

    def test_anything_else_is_refused(self):
        with self.assertRaises(mutants.MutantError):
            mutants.parse_command("read_verilog x.v")


class Places(unittest.TestCase):
    def test_source_text_of_one_line_and_of_several(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "a.v")
            write(path, "  wire x = a &   // x\n      b;\nassign y = c;\n")
            sources = mutants.Sources()
            self.assertEqual(sources.text(f"{path}:1.12-2.8"), "a & b")
            self.assertEqual(sources.line(f"{path}:1.12-2.8"), "wire x = a &")
            self.assertEqual(sources.text(f"{path}:3.12-3.13"), "c")
            self.assertEqual(sources.text(f"{path}:0.0-0.0"), "")
            self.assertEqual(sources.text(f"{path}.missing:1.1-1.2"), "")

    def test_scope_is_the_instance_path_of_a_flattened_cell(self):
        self.assertEqual(mutants.scope_of("$flatten\\u_rc.\\u_deltas.$and$rtl/x.v:3$9"), "u_rc.u_deltas")
        self.assertEqual(mutants.scope_of("$flatten\\u_x.$auto$proc_memwr.cc:45:proc_memwr$7"), "u_x")
        self.assertEqual(mutants.scope_of("$and$rtl/x.v:3$9"), "")


class Signatures(unittest.TestCase):
    def module(self, cells, d):
        write(os.path.join(d, "rtl", "top.v"), "assign y = a & b;\nassign z = a & b;\nassign w = c;\n")
        return {"cells": cells, "netnames": {"y": {"hide_name": 0, "bits": [50, 51, 52, 53]},
                                             "tmp": {"hide_name": 1, "bits": [60, 61, 62, 63]}}}

    def netlist(self, cells):
        with tempfile.TemporaryDirectory() as d:
            cwd = os.getcwd()
            os.chdir(d)
            try:
                return mutants.Netlist(self.module(cells, d), mutants.Sources())
            finally:
                os.chdir(cwd)

    def test_alike_cells_are_told_apart_by_rank_and_by_the_wires_they_drive(self):
        n = self.netlist({"$and$a$5": cell("$and", "rtl/top.v:1.12-1.17"),
                          "$and$a$9": cell("$and", "rtl/top.v:2.12-2.17"),
                          "$and$a$7": cell("$and", "rtl/top.v:1.12-1.17", [50, 51, 52, 53])})
        self.assertEqual(len(set(n.hash.values())), 3)
        sig = n.signature({"mode": "inv", "cell": "$and$a$7", "port": "Y", "portbit": "2"})
        self.assertRegex(sig, r"^inv:and\.Y\[2\]@top\.v:[0-9a-f]{8}$")
        self.assertEqual(n.find(sig), ("$and$a$7", "inv", "Y", 2, None))

    def test_a_cell_keeps_its_signature_when_unrelated_cells_and_numbers_change(self):
        before = self.netlist({"$and$a$5": cell("$and", "rtl/top.v:1.12-1.17"),
                               "$not$a$6": cell("$not", "rtl/top.v:3.12-3.13")})
        after = self.netlist({"$and$a$105": cell("$and", "rtl/top.v:1.12-1.17"),
                              "$or$a$101": cell("$or", "rtl/top.v:3.12-3.13"),
                              "$and$a$99": cell("$and", "rtl/top.v:2.12-2.17"),
                              "$not$a$106": cell("$not", "rtl/top.v:3.12-3.13")})
        self.assertEqual(before.hash["$and$a$5"], after.hash["$and$a$105"])
        self.assertEqual(before.hash["$not$a$6"], after.hash["$not$a$106"])
        opts = {"mode": "cnot0", "cell": "$and$a$5", "port": "A", "portbit": "1", "ctrlbit": "3"}
        self.assertEqual(after.find(before.signature(opts)), ("$and$a$105", "cnot0", "A", 1, 3))

    def test_a_signature_that_finds_no_cell_or_no_bit_is_an_error(self):
        n = self.netlist({"$and$a$5": cell("$and", "rtl/top.v:1.12-1.17")})
        sig = n.signature({"mode": "inv", "cell": "$and$a$5", "port": "A", "portbit": "0"})
        for bad in (sig.replace("inv:and", "inv:or"), sig.replace("A[0]", "A[9]"),
                    sig.replace("inv:", "flip:"), "193"):
            with self.assertRaises(mutants.MutantError, msg=bad):
                n.find(bad)

    def test_pins_the_draw_lacks_are_appended_after_it(self):
        n = self.netlist({"$and$a$5": cell("$and", "rtl/top.v:1.12-1.17"),
                          "$and$a$9": cell("$and", "rtl/top.v:2.12-2.17")})
        drawn = [mutants.command(1, "top", "$and$a$5", "inv", "A", 0)]
        pin_drawn = n.signature(mutants.parse_command(drawn[0]))
        pin_new = n.signature({"mode": "const1", "cell": "$and$a$9", "port": "Y", "portbit": "3"})
        rows = mutants.mutant_list("top", drawn, n, [pin_drawn, pin_new], mutants.Sources())
        self.assertEqual([sig for _, sig, _ in rows], [pin_drawn, pin_new])
        self.assertTrue(rows[1][0].startswith("mutate -ctrl mutsel 16 2 -mode const1 -module top "
                                              "-cell $and$a$9 -port Y -portbit 3"))


class Tables(unittest.TestCase):
    def test_find_sig_and_keep_read_a_mutant_table(self):
        sig = "cnot1:dff.Q[7]^2@dcp_slice.v:7260b093"  # in mutate/keep/dcp_slice.txt
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "mutants.tsv"), f"1\tinv:and.A[0]@x.v:00000000\td\n2\t{sig}\td\n")
            self.assertEqual(mutants.find(d, sig), "2")
            self.assertEqual(mutants.signatures(d, ["1"]), ["inv:and.A[0]@x.v:00000000"])
            self.assertIn("w_reg", mutants.kept("dcp_slice", d, "2"))
            self.assertEqual(mutants.kept("dcp_slice", d, "1"), [])
            self.assertEqual(mutants.kept("no_such_block", d, "2"), [])
            with self.assertRaises(mutants.MutantError):
                mutants.find(d, "inv:or.A[0]@x.v:00000000")
            with self.assertRaises(mutants.MutantError):
                mutants.signatures(d, ["3"])


TOP = """module top(input clk, input [3:0] a, input [3:0] b, output reg [3:0] q, output [3:0] y);
    wire [3:0] s = a + b;
    sub u_sub (.x(s), .y(y));
    always @(posedge clk) q <= s ^ {2{a[1:0]}};
endmodule
"""
SUB = """module sub(input [3:0] x, output [3:0] y);
    assign y = (x > 4'd5) ? x - 4'd1 : ~x;
endmodule
"""
# an unrelated change: a file read before the others (Yosys's cell numbers move), lines inserted
# above the block's logic (the source lines move) and logic of its own in the block
FIRST = "module aaa(input [7:0] i, output [7:0] o);\n    assign o = i * 8'd3 + (i >> 1);\nendmodule\n"
TOP_EDITED = TOP.replace("    wire [3:0] s = a + b;\n", "    // an unrelated edit\n    wire [3:0] t = a & b;\n"
                         "    wire [3:0] s = a + b;\n    wire unused = ^t;\n")


class UnrelatedChange(unittest.TestCase):
    """mutants.py gen on a fixture design, then on an unrelated change of it, every mutant of the
    first draw pinned by signature: each is found again, the same mutation of the same cell."""

    def gen(self, tree, out, pins=()):
        cmd = [os.path.join(MUTATE, "mutants.py"), "gen"] + [w for p in pins for w in ("-p", p)]
        subprocess.run(cmd + ["top", "40", "1", out], cwd=tree, check=True, stdout=subprocess.DEVNULL)
        return {sig: (k, desc) for k, sig, desc in mutants.read_table(os.path.join(tree, out))}

    def test_every_signature_finds_its_mutant_again(self):
        if not shutil.which("yosys"):
            self.skipTest("no yosys (make tools installs it)")
        with tempfile.TemporaryDirectory() as tree:
            write(os.path.join(tree, "rtl", "top.v"), TOP)
            write(os.path.join(tree, "rtl", "sub.v"), SUB)
            before = self.gen(tree, "m1")
            write(os.path.join(tree, "rtl", "top.v"), TOP_EDITED)
            write(os.path.join(tree, "rtl", "aaa.v"), FIRST)
            after = self.gen(tree, "m2", before)
        self.assertTrue(set(before) <= set(after))
        moved = 0
        for sig, (k, desc) in before.items():
            k2, desc2 = after[sig]
            # the same mode, port bit and source text; the cell's name and line may differ
            self.assertEqual(strip_place(desc), strip_place(desc2), sig)
            moved += (k, desc) != (k2, desc2)
        self.assertGreater(moved, len(before) // 2)  # numbers and names did move


def strip_place(desc):
    """A description without the cell name and line numbers: mode, port bit, source text."""
    mode, rest = desc.split(" on ", 1)
    port = rest.split(" port ", 1)[1]
    return mode, port.split(" (")[0], port.split('"')[1:2]


if __name__ == "__main__":
    unittest.main()
