#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/synth/liberty.py: Liberty parsing, function precedence, the Verilog cell models
(proven equivalent to Yosys' own reading of the library) and the pin-compatible complement."""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
from tools.synth import liberty

LIB = os.path.join(ROOT, "synth", "deltarf45.lib")
NANGATE = "/work/shared/liberty/NangateOpenCellLibrary_typical.lib"

SMALL = """library (t) {
  cell (NAND2_X2) { area : 1.0;
    pin (A1) { direction : input; capacitance : 1.5; }
    pin (A2) { direction : input; }
    pin (ZN) { direction : output; function : "!(A1 & A2)";
      internal_power () { related_pin : "A1"; rise_power (t) { values ("1, 2"); } }
    }
    leakage_power () { when : "!A1 & !A2"; value : 3.0; }
  }
  cell (SDFFRS_X1) {
    ff ("IQ", "IQN") { next_state : "((SE * SI) + (D * !SE))"; clocked_on : "CK";
      clear : "!RN"; preset : "!SN"; clear_preset_var1 : L; clear_preset_var2 : L; }
    pin (D) { direction : input; } pin (SE) { direction : input; }
    pin (SI) { direction : input; } pin (RN) { direction : input; }
    pin (SN) { direction : input; } pin (CK) { direction : input; clock : true; }
    pin (Q) { direction : output; function : "IQ"; }
    pin (QN) { direction : output; function : "IQN"; }
  }
  cell (DLH_X1) {
    latch ("IQ", "IQN") { enable : "G"; data_in : "D"; }
    pin (D) { direction : input; } pin (G) { direction : input; }
    pin (Q) { direction : output; function : "IQ"; }
  }
  cell (TBUF_X1) {
    pin (A) { direction : input; } pin (EN) { direction : input; }
    pin (Z) { direction : output; function : "A"; three_state : "!EN"; }
  }
}
"""


def f(text):
    return liberty.parse_function(text)


def A(n):
    return ("var", n)


def yosys_equivalent(lib, models_v, names):
    """Each named cell's model against Yosys' read_liberty of the same library: a miter proven
    with sat over three cycles from any state (the first one skipped: the state is free)."""
    script = [f"read_liberty -ignore_miss_func {lib}", "proc", "design -stash gold", f"read_verilog {models_v}",
              "proc", "design -stash gate"]
    for n in names:
        script += ["design -reset", f"design -copy-from gold -as gold {n}",
                   f"design -copy-from gate -as gate {n}",
                   "miter -equiv -flatten -make_assert gold gate miter", "hierarchy -top miter",
                   "async2sync", f"log checking {n}",
                   "sat -verify -prove-asserts -seq 3 -prove-skip 1 miter"]
    r = subprocess.run(["yosys", "-p", "; ".join(script)], capture_output=True, text=True)
    failed = [ln for ln in r.stdout.splitlines() if ln.startswith("checking ")]
    return r.returncode == 0, failed[-1] if failed else r.stderr[-300:]


class Functions(unittest.TestCase):
    def test_not_binds_tightest_then_xor_then_and_then_or(self):
        self.assertEqual(f("A B + C"), ("or", ("and", A("A"), A("B")), A("C")))
        self.assertEqual(f("A ^ B & C"), ("and", ("xor", A("A"), A("B")), A("C")))
        self.assertEqual(f("!A ^ B"), ("xor", ("not", A("A")), A("B")))
        self.assertEqual(f("A * B' | 0"), ("or", ("and", A("A"), ("not", A("B"))), ("const", 0)))
        self.assertEqual(f("(A+B)'"), ("not", ("or", A("A"), A("B"))))

    def test_evaluation_and_verilog(self):
        mux = f("((S & B) | (A & !S))")
        for s in (0, 1):
            for a in (0, 1):
                for b in (0, 1):
                    self.assertEqual(liberty.evaluate(mux, {"S": s, "A": a, "B": b}), b if s else a)
        self.assertEqual(liberty.verilog(f("!(A1 & A2) ^ 1")), "(~(A1 & A2) ^ 1'b1)")

    def test_bad_functions_are_named(self):
        for bad in ("A &", "(A | B", "A $ B", "A B)"):
            with self.assertRaises(liberty.LibertyError) as e:
                f(bad)
            self.assertIn(bad, str(e.exception))


class Library(unittest.TestCase):
    def test_deltarf45_cells(self):
        cells = {c.name: c for c in liberty.cells(liberty.read(LIB))}
        self.assertIn("NAND2_X1", cells)
        # the drive strengths ABC sizes with (tools/synth/libcut.py): each a model of its own
        self.assertTrue({"NAND2_X4", "INV_X4", "MUX2_X2", "DFF_X2", "DFFR_X2"} <= set(cells))
        self.assertEqual(liberty.truth_table(cells["NAND2_X4"]), (1, 1, 1, 0))
        r = cells["DFFR_X1"]
        self.assertEqual((r.storage, r.state), ("ff", ("IQ", "IQN")))
        self.assertEqual(r.seq["clear"], ("not", A("RN")))
        self.assertEqual(r.inputs(), ["D", "RN", "CK"])
        self.assertEqual(liberty.truth_table(cells["NAND2_X1"]), (1, 1, 1, 0))
        self.assertEqual(liberty.truth_table(cells["OAI21_X1"]),
                         tuple(1 - (a & (b1 | b2)) for a in (0, 1) for b1 in (0, 1) for b2 in (0, 1)))

    def test_models_match_yosys_reading_of_the_library(self):
        cells = liberty.cells(liberty.read(LIB))
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "cells.v")
            with open(v, "w", encoding="utf-8") as fh:
                fh.write(liberty.models(liberty.read(LIB), LIB))
            ok, where = yosys_equivalent(LIB, v, [c.name for c in cells])
            self.assertTrue(ok, where)
            # a broken model is caught: swap DFFR_X1's next state for its complement
            with open(v, encoding="utf-8") as fh:
                text = fh.read()
            broken = text.replace("else begin IQ <= D;", "else begin IQ <= ~D;")
            self.assertNotEqual(broken, text)
            with open(v, "w", encoding="utf-8") as fh:
                fh.write(broken)
            ok, where = yosys_equivalent(LIB, v, ["DFFR_X1"])
            self.assertFalse(ok)
            self.assertIn("DFFR_X1", where)

    def test_new_cells_power_groups_latches_and_three_states(self):
        cells = {c.name: c for c in liberty.cells(liberty.parse(SMALL))}
        self.assertEqual(set(cells), {"NAND2_X2", "SDFFRS_X1", "DLH_X1", "TBUF_X1"})
        text = liberty.models(liberty.parse(SMALL), "small")
        self.assertIn("module NAND2_X2 (A1, A2, ZN);", text)
        self.assertIn("assign ZN = ~(A1 & A2);", text)
        self.assertIn("always @(posedge CK or posedge ff_clear or posedge ff_preset)", text)
        self.assertIn("if (ff_clear && ff_preset) begin IQ <= 1'b0; IQN <= 1'b0; end", text)
        self.assertIn("always @*", text)
        self.assertIn("assign Z = ~EN ? 1'bz : A;", text)
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "small.v")
            with open(v, "w", encoding="utf-8") as fh:
                fh.write(text)
            for top in cells:
                r = subprocess.run(["verilator", "--lint-only", "-Wall", "-Wno-UNUSED", v,
                                    "--top-module", top], capture_output=True, text=True)
                self.assertEqual(r.returncode, 0, r.stderr)

    def test_unsupported_constructs_name_the_cell(self):
        cases = {'cell (CG) { statetable ("CK E", "IQ") { table : "L L : - : L"; } }':
                 "cell CG: statetable",
                 'cell (X) { pin (Z) { direction : output; } }': "cell X: output Z has no function",
                 'cell (Y) { pin (Z) { direction : output; function : "A"; } }':
                 "cell Y: function names A"}
        for body, msg in cases.items():
            with self.assertRaises(liberty.LibertyError) as e:
                liberty.cells(liberty.parse("library (t) { " + body + " }"))
            self.assertIn(msg, str(e.exception))
        with self.assertRaises(liberty.LibertyError):
            liberty.parse("library (t) { /* open comment }")
        with self.assertRaises(liberty.LibertyError):
            liberty.parse("library (t) { cell (A) { } ")

    def test_complement(self):
        cells = liberty.cells(liberty.read(LIB))
        self.assertEqual(liberty.complement(cells, "NAND2_X1"), "AND2_X1")
        self.assertEqual(liberty.complement(cells, "OR2_X1"), "NOR2_X1")
        self.assertIsNone(liberty.complement(cells, "MUX2_X1"))
        self.assertIsNone(liberty.complement(cells, "DFF_X1"))

    def test_cli_bad_input_is_one_line(self):
        tool = [sys.executable, "-m", "tools.synth.liberty"]
        r = subprocess.run(tool + ["models", "/nonexistent.lib", "/dev/null"],
                           capture_output=True, text=True, cwd=ROOT)
        self.assertEqual((r.returncode, len(r.stderr.strip().splitlines())), (1, 1))
        r = subprocess.run(tool + ["nonsense"], capture_output=True, text=True, cwd=ROOT)
        self.assertEqual(r.returncode, 2)


@unittest.skipUnless(os.path.exists(NANGATE), "the full Nangate library is not here")
class FullNangate(unittest.TestCase):
    def test_every_cell_but_the_statetable_clock_gates_is_modelled(self):
        lib = liberty.read(NANGATE)
        modelled, refused = [], []
        for g in lib.sub("cell"):
            try:
                c = liberty.cell_of(g)
                liberty.model(c)
                modelled.append(c)
            except liberty.LibertyError as e:
                refused.append(str(e))
        self.assertTrue(refused and all("statetable" in r for r in refused), refused)
        # Yosys models IQN as !IQ, which the Liberty groups with clear and preset do not say
        plain = [c for c in modelled if c.outputs() and c.storage != "latch" and not c.three_states
                 and not ("clear" in c.seq and "preset" in c.seq)]
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "n.v")
            with open(v, "w", encoding="utf-8") as fh:
                fh.write("".join(liberty.model(c) for c in plain))
            ok, where = yosys_equivalent(NANGATE, v, [c.name for c in plain])
            self.assertTrue(ok, where)


if __name__ == "__main__":
    unittest.main()
