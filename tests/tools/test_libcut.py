#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/synth/libcut.py, the generator of synth/deltarf45.lib (docs/synth.md,
The liberty): parsing, the 3x3 reduction, the merge of `when`-split arcs, the power groups, the
cell selection and bad input, on the fixture libcut_fixture.lib; and, when the Nangate source is
there (../shared/liberty), that the committed synth/deltarf45.lib is what the generator writes."""
import contextlib
import io
import os
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
from tools.synth import libcut as lc

FIXTURE = os.path.join(HERE, "libcut_fixture.lib")
NANGATE = os.path.join(ROOT, "..", "shared", "liberty", "NangateOpenCellLibrary_typical.lib")
COMMITTED = os.path.join(ROOT, "synth", "deltarf45.lib")


def fixture():
    with open(FIXTURE, encoding="utf-8") as fh:
        return lc.parse(fh.read())


def cut_fixture():
    return lc.cut_library(fixture(), ["INV", "XOR2", "DFF"])


def cell(lib, name):
    return [c for c in lib.groups("cell") if c.args == [name]][0]


def pin(c, name):
    return [p for p in c.groups("pin") if p.args == [name]][0]


def table(group, name):
    t = group.groups(name)[0]
    return t.args[0], [lc.numbers(v) for v in t.attr("values")], \
        {k: lc.numbers(t.attr(k)[0]) for k in ("index_1", "index_2") if t.attr(k)}


class Parsing(unittest.TestCase):
    def test_tokens_skip_comments_and_continuations(self):
        toks = [t for t, _ in lc.tokenize('a /* x ; y */ : "s, t" ; \\\n b (1,ff);')]
        self.assertEqual(toks, ["a", ":", '"s, t"', ";", "b", "(", "1", ",", "ff", ")", ";"])

    def test_groups_and_attributes(self):
        lib = fixture()
        self.assertEqual(lib.args, ["Fixture"])
        self.assertEqual(lib.attr("time_unit"), '"1ns"')
        self.assertEqual(lib.attr("capacitive_load_unit"), ["1", "ff"])
        self.assertEqual(cell(lib, "DFF_X1").groups("ff")[0].args, ['"IQ"', '"IQN"'])

    def test_bad_input(self):
        for text in ("library (x) { a : 1; ", "library (x) { a : ; }", "library (x) { a b; }",
                     "library (x) { } }", "cell (y) { }"):
            with self.subTest(text=text), self.assertRaises(lc.LibertyError):
                lc.parse(text)


class Tables(unittest.TestCase):
    def test_seven_points_keep_the_first_fourth_and_seventh(self):
        inv = cut_fixture()
        template, values, idx = table(pin(cell(inv, "INV_X1"), "ZN").groups("timing")[0], "cell_rise")
        self.assertEqual(template, "Timing_3_3")
        self.assertEqual(idx, {"index_1": ["0.01", "0.04", "0.07"], "index_2": ["1.0", "4.0", "7.0"]})
        self.assertEqual(values, [["11", "14", "17"], ["41", "44", "47"], ["71", "74", "77"]])

    def test_three_point_constraints_stay_whole(self):
        d = pin(cell(cut_fixture(), "DFF_X1"), "D")
        template, values, _ = table(d.groups("timing")[0], "rise_constraint")
        self.assertEqual(template, "Setup_3_3")
        self.assertEqual(values[1], ["0.041187", "0.034581", "0.045743"])

    def test_an_index_of_another_size_is_refused(self):
        with self.assertRaises(lc.LibertyError):
            lc.kept_points(5, "here")

    def test_template_names(self):
        self.assertEqual(lc.cut_name("Timing_7_7"), "Timing_3_3")
        self.assertEqual(lc.cut_name("Hidden_power_7"), "Hidden_power_3")
        self.assertEqual(lc.cut_name("Setup_3_3"), "Setup_3_3")

    def test_only_used_templates_cut_and_renamed(self):
        lib = cut_fixture()
        names = {g.args[0]: g for n in lc.TEMPLATE_GROUPS for g in lib.groups(n)}
        self.assertEqual(set(names), {"Timing_3_3", "Power_3_3", "Hidden_power_3", "Setup_3_3"})
        self.assertEqual(lc.numbers(names["Power_3_3"].attr("index_2")[0]),
                         ["0.0010", "0.0040", "0.0070"])


class Arcs(unittest.TestCase):
    def test_when_split_arcs_merge_to_the_worst_case(self):
        z = pin(cell(cut_fixture(), "XOR2_X1"), "Z")
        arcs = z.groups("timing")
        self.assertEqual(len(arcs), 1)
        arc = arcs[0]
        self.assertEqual(arc.attr("timing_sense"), "non_unate")
        self.assertIsNone(arc.attr("when"))
        self.assertIsNone(arc.attr("sdf_cond"))
        _, rise, _ = table(arc, "cell_rise")
        self.assertEqual(rise, [["2", "2", "2"], ["2", "2", "2"], ["2", "2", "0.500"]])
        _, fall, _ = table(arc, "cell_fall")  # in one of the two arcs only
        self.assertEqual(fall[0], ["3", "3", "3"])

    def test_pulse_width_checks_left_out(self):
        ck = pin(cell(cut_fixture(), "DFF_X1"), "CK")
        self.assertEqual(ck.groups("timing"), [])
        self.assertEqual(ck.attr("clock"), "true")

    def test_merge_refuses_different_indices(self):
        a = ("T", {"index_1": ["1", "2", "3"]}, [["1", "2", "3"]])
        b = ("T", {"index_1": ["1", "2", "4"]}, [["1", "2", "3"]])
        with self.assertRaises(lc.LibertyError):
            lc.max_table([a, b], "here")


class Power(unittest.TestCase):
    def test_leakage_kept_verbatim(self):
        inv = cell(cut_fixture(), "INV_X1")
        self.assertEqual(inv.attr("cell_leakage_power"), "14.353185")
        self.assertEqual([(g.attr("when"), g.attr("value")) for g in inv.groups("leakage_power")],
                         [('"!A"', "20.0"), ('"A"', "8.7")])

    def test_internal_power_keeps_when_and_cuts_tables(self):
        lib = cut_fixture()
        xor = pin(cell(lib, "XOR2_X1"), "Z").groups("internal_power")[0]
        self.assertEqual((xor.attr("related_pin"), xor.attr("when")), ('"A"', '"!B"'))
        _, values, _ = table(xor, "fall_power")
        self.assertEqual(values[0], ["1", "4", "7"])
        hidden = pin(cell(lib, "DFF_X1"), "D").groups("internal_power")[0]
        template, values, idx = table(hidden, "fall_power")
        self.assertEqual((template, values, idx["index_1"]),
                         ("Hidden_power_3", [["4.1", "4.4", "4.7"]], ["0.01", "0.04", "0.07"]))
        template, values, idx = table(hidden, "rise_power")
        self.assertEqual((template, values, idx), ("scalar", [["0.0"]], {}))

    def test_operating_conditions_without_user_attributes(self):
        lib = cut_fixture()
        oc = lib.groups("operating_conditions")[0]
        self.assertEqual((oc.args, oc.attr("voltage"), oc.attr("process_corner")),
                         (["typical"], "1.10", None))
        self.assertEqual(lib.attr("default_operating_conditions"), "typical")


class Cells(unittest.TestCase):
    def test_selection_by_function_and_drive(self):
        names = [c.args[0] for c in cut_fixture().groups("cell")]
        self.assertEqual(names, ["INV_X1", "XOR2_X1", "DFF_X1"])  # no X8, no AND4

    def test_a_function_without_x1_is_an_error(self):
        with self.assertRaises(lc.LibertyError):
            lc.cut_library(fixture(), ["INV", "NAND2"])

    def test_pins_keep_the_listed_attributes(self):
        a = pin(cell(cut_fixture(), "INV_X1"), "A")
        self.assertEqual([i.name for i in a.items], ["direction", "capacitance"])

    def test_output_reads_back_the_same(self):
        text = lc.render("fixture.lib", cut_fixture())
        again = lc.render("fixture.lib", lc.cut_library(lc.parse(text), ["INV", "XOR2", "DFF"]))
        self.assertEqual(text.split("*/", 2)[2], again.split("*/", 2)[2])
        self.assertIn(" *   X1: INV XOR2 DFF\n", text)


class Command(unittest.TestCase):
    def run_main(self, *args):
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            rc = lc.main(list(args))
        return rc, err.getvalue()

    def test_missing_source_is_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            rc, err = self.run_main(os.path.join(d, "none.lib"), os.path.join(d, "out.lib"))
        self.assertEqual(rc, 1)
        self.assertEqual(len(err.strip().splitlines()), 1)
        self.assertIn("No such file", err)

    def test_fixture_lacks_the_project_cells(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "out.lib")
            rc, err = self.run_main(FIXTURE, out)
            self.assertEqual(rc, 1)
            self.assertIn("no X1 cell for BUF", err)
            self.assertFalse(os.path.exists(out))

    def test_usage(self):
        self.assertEqual(self.run_main()[0], 2)


@unittest.skipUnless(os.path.exists(NANGATE), "no ../shared/liberty: the committed liberty is not rechecked")
class Committed(unittest.TestCase):
    def test_committed_liberty_is_the_generated_one(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "deltarf45.lib")
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(lc.main([NANGATE, out]), 0)
            with open(out, encoding="utf-8") as a, open(COMMITTED, encoding="utf-8") as b:
                self.assertTrue(a.read() == b.read(),
                                "synth/deltarf45.lib differs from tools/synth/libcut.py's output: make liberty")


if __name__ == "__main__":
    unittest.main()
