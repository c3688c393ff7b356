#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/synth/power.py, make power (docs/synth.md, Timing and power): the
registry and data files, the STA netlist with its macros cut at their ports, the activity file of
make gates-activity, the per-instance power model, and (with OpenSTA installed) a small netlist run
end to end: its gate-level power with every net at the vectorless activity equals OpenSTA's own
vectorless figure."""
import contextlib
import io
import json
import math
import os
import shutil
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
from tools.synth import power as pw
from tools.report import reproduction as rp

# A small mapped netlist in Yosys's JSON: a NAND2 into a flip-flop (a flattened name, not a plain
# identifier), an inferred memory whose read data feeds an inverter and whose write data is the
# flip-flop's output, a constant output and an output that is an input (a feedthrough).
TINY = {"modules": {"tiny": {
    "attributes": {"top": "00000000000000000000000000000001"},
    "ports": {"clk": {"direction": "input", "bits": [2]},
              "a": {"direction": "input", "bits": [3, 4]},
              "y": {"direction": "output", "bits": [7]},
              "z": {"direction": "output", "bits": ["0"]},
              "f": {"direction": "output", "bits": [3]}},
    "cells": {
        "_1_": {"type": "NAND2_X1", "port_directions": {"A1": "input", "A2": "input", "ZN": "output"},
                "connections": {"A1": [3], "A2": [4], "ZN": [5]}},
        "u.x": {"type": "DFF_X1", "port_directions": {"D": "input", "CK": "input", "Q": "output",
                                                      "QN": "output"},
                "connections": {"D": [5], "CK": [2], "Q": [6], "QN": [8]}},
        "_3_": {"type": "INV_X1", "port_directions": {"A": "input", "ZN": "output"},
                "connections": {"A": [9], "ZN": [7]}},
        "mem": {"type": "$mem_v2", "port_directions": {"RD_DATA": "output", "WR_DATA": "input",
                                                       "WR_CLK": "input"},
                "connections": {"RD_DATA": [9], "WR_DATA": [6], "WR_CLK": [2]}}},
    "netnames": {}}}}
LIB_CELLS = {"NAND2_X1", "DFF_X1", "INV_X1"}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


class Temp(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.d)

    def path(self, name):
        return os.path.join(self.d, name)


class DataFiles(Temp):
    REG = "\t".join(["b", "b", "-", "logic", "-", "-", "2", "a lookup", "PV 3.3", "what"])

    def test_registry(self):
        write(self.path("blocks.tsv"), "# comment\n" + self.REG + "\n")
        reg = pw.read_registry(self.path("blocks.tsv"))
        self.assertEqual((reg["b"]["cycles"], reg["b"]["op"], reg["b"]["paper"]), (2, "a lookup", "PV 3.3"))

    def test_registry_errors(self):
        write(self.path("blocks.tsv"), self.REG.replace("\t2\t", "\t0\t") + "\n")
        with self.assertRaises(pw.PowerError):
            pw.read_registry(self.path("blocks.tsv"))
        with self.assertRaises(pw.PowerError):
            pw.read_registry(self.path("none.tsv"))

    def test_the_project_registry_has_cycles_and_op(self):
        reg = pw.read_registry(os.path.join(ROOT, pw.REGISTRY))
        self.assertGreater(reg["psu"]["cycles"], 1)  # a params.def parameter
        self.assertTrue(all(r["cycles"] >= 1 and r["op"] for r in reg.values()))

    def test_node_scales(self):
        head = "\t".join(pw.NODE_COLUMNS)
        write(self.path("nodes.tsv"), f"{head}\na\tA\t32\tcmos\t-\tSec. 1\n"
                                      "b\tB\t7\tfinfet\t22 pilot.x22 pilot.x7\tSec. 2\n")
        rows = "\t".join(rp.COLUMNS) + "\n" + "\n".join(
            "\t".join([i, "pilot", "Sec. 1", "m", "ps", v, "-", "-", "-", "-", "-", "c (docs/synth.md)"])
            for i, v in (("pilot.x22", "100"), ("pilot.x7", "50")))
        write(self.path("papers.tsv"), rows + "\n")
        scales = pw.node_scales(self.path("nodes.tsv"), self.path("papers.tsv"))
        self.assertAlmostEqual(scales["A"][2], 32 / 45)
        self.assertAlmostEqual(scales["B"][2], 22 / 45 * 50 / 100)
        self.assertEqual(scales["B"][:2], ("b", 7.0))

    def test_the_project_nodes(self):
        scales = pw.node_scales(os.path.join(ROOT, pw.NODES), os.path.join(ROOT, pw.PAPERS))
        self.assertEqual(set(scales), {"aging", "DC-Patch", "pilot", "PV"})
        self.assertAlmostEqual(scales["DC-Patch"][2], 28 / 45)
        self.assertTrue(0 < scales["pilot"][2] < 22 / 45)

    def test_timing_environment(self):
        write(self.path("abc.constr"), "set_driving_cell INV_X1\nset_load 3.7\n")
        self.assertEqual(pw.timing_environment(self.path("abc.constr")), ("INV_X1", 3.7))
        write(self.path("abc.constr"), "set_load 3.7\n")
        with self.assertRaises(pw.PowerError):
            pw.timing_environment(self.path("abc.constr"))

    def test_liberty_cells(self):
        cells = pw.liberty_cells(os.path.join(ROOT, pw.LIBERTY))
        self.assertTrue({"INV_X1", "NAND2_X4", "DFFR_X2"} <= cells)


class Netlist(unittest.TestCase):
    def setUp(self):
        top = pw.top_module(TINY, "tiny")
        self.text, self.names, self.macros, self.boundary = pw.sta_netlist(top, "tiny", LIB_CELLS)

    def test_cells_keep_plain_names(self):
        self.assertEqual(self.names, {"_1_": "_1_", "u__1": "u.x", "_3_": "_3_"})
        self.assertIn("NAND2_X1 _1_ (.A1(a[0]), .A2(a[1]), .ZN(n__5));", self.text)
        self.assertIn("DFF_X1 u__1 (.D(n__5), .CK(clk), .Q(n__6), .QN(n__8));", self.text)

    def test_macros_cut_at_their_ports(self):
        self.assertEqual(self.macros, [("mem", "$mem_v2")])
        self.assertEqual(self.boundary, ["mem.RD_DATA[0]", "mem.WR_DATA[0]"])  # not its clock
        self.assertIn("  input m__0;", self.text)
        self.assertIn("INV_X1 _3_ (.A(m__0), .ZN(y));", self.text)
        self.assertIn("  output m__1;", self.text)
        self.assertIn("  assign m__1 = n__6;", self.text)
        self.assertNotIn("$mem", self.text)

    def test_ports_constants_and_feedthroughs(self):
        self.assertIn("module tiny (clk, a, y, z, f, m__0, m__1);", self.text)
        self.assertIn("  input [1:0] a;", self.text)
        self.assertIn("  assign z = 1'b0;", self.text)
        self.assertIn("  assign f = a[0];", self.text)

    def test_no_top_module(self):
        with self.assertRaises(pw.PowerError):
            pw.top_module(TINY, "other")


class Activity(Temp):
    NAMES = {"_1_", "u.x", "_3_", "mem"}  # the liberty cells' and the macros' instances

    def activity(self, doc):
        write(self.path("activity.json"), json.dumps(doc))
        return pw.instance_activity(self.path("activity.json"), "tiny", self.NAMES)

    def doc(self, nets, **kw):
        return dict({"version": 1, "block": "tiny", "cycles": 100, "clock_period_ns": 1.0,
                     "nets": nets}, **kw)

    def test_a_cell_takes_its_output_nets_activity(self):
        acts = self.activity(self.doc([
            {"net": "_5_", "driver": "_1_/ZN", "activity": 0.25, "duty": 0.5},
            {"net": "_6_", "driver": "u.x/Q", "activity": 0.1, "duty": 0.4},
            {"net": "_8_", "driver": "u.x/QN", "activity": 0.125, "duty": 0.6},
            {"net": "a", "driver": "a", "activity": 0.5, "duty": 0.5},
            {"net": "u", "driver": None, "activity": 0.0, "duty": 0.0},
            {"net": "_9_", "driver": "mem/RD_DATA[0]", "activity": 0.3, "duty": 0.5}]))
        self.assertEqual(acts, {"_1_": 0.25, "u.x": 0.125, "mem": 0.3})

    def test_bad_files(self):
        good = {"net": "_5_", "driver": "_1_/ZN", "activity": 0.25, "duty": 0.5}
        for doc in (self.doc([good], version=2), self.doc([good], block="other"), {"nets": []},
                    self.doc([dict(good, activity=-1)]), self.doc([dict(good, activity="x")]),
                    self.doc([dict(good, driver="_7_/ZN")]), self.doc([dict(good, driver=3)]),
                    self.doc([{"net": "x"}])):
            with self.subTest(doc=doc), self.assertRaises(pw.PowerError):
                self.activity(doc)
        write(self.path("activity.json"), "{")
        with self.assertRaises(pw.PowerError):
            pw.instance_activity(self.path("activity.json"), "tiny", self.NAMES)


class Model(unittest.TestCase):
    def test_power_at_0_plus_energy_per_transition_times_activity(self):
        sta = {"inst0": {"x": [0.0, 0.0, 1e-9, 1e-9], "u__1": [4e-6, 0.0, 1e-9, 0.0]},
               "inst1": {"x": [2e-6, 1e-6, 1e-9, 0.0], "u__1": [10e-6, 2e-6, 1e-9, 0.0]}}
        a = pw.INTERNAL_AVERAGE
        names = {"x": "x", "u__1": "y.z"}
        got = pw.dynamic_power(sta, names, {"x": 0.5, "y.z": 0.25})
        want = 0.5 * (2e-6 * a + 1e-6) + 4e-6 * a + 0.25 * ((10e-6 - 4e-6) * a + 2e-6)
        self.assertAlmostEqual(got, want, places=15)
        self.assertAlmostEqual(pw.dynamic_power(sta, names, {}), 4e-6 * a, places=15)

    def test_energy_classes_split_the_dynamic_power(self):
        top = json.loads(json.dumps(TINY["modules"]["tiny"]))
        top["netnames"] = {"u.r": {"bits": [6]}, "$auto$x": {"bits": [5]}, "_5_": {"bits": [5]}}
        sta = {"inst0": {"_1_": [0.0, 0.0, 1e-9, 0.0], "u__1": [4e-6, 0.0, 1e-9, 0.0],
                         "_3_": [0.0, 0.0, 1e-9, 0.0]},
               "inst1": {"_1_": [2e-6, 1e-6, 1e-9, 0.0], "u__1": [10e-6, 2e-6, 1e-9, 0.0],
                         "_3_": [1e-6, 1e-6, 1e-9, 0.0]}}
        names, acts = {"_1_": "_1_", "u__1": "u.x", "_3_": "_3_"}, {"_1_": 0.5, "u.x": 0.25}
        got = pw.energy_classes(top, sta, names, acts)
        a = pw.INTERNAL_AVERAGE
        self.assertEqual([(k, n) for k, n, _, _ in got],
                         [("flip-flops r", 1), ("logic NAND2", 1), ("logic INV", 1)])
        self.assertAlmostEqual(got[0][2], 4e-6 * a, places=15)                  # its clock pin
        self.assertAlmostEqual(got[0][3], 0.25 * ((10e-6 - 4e-6) * a + 2e-6), places=15)
        self.assertEqual(got[2][2:], (0.0, 0.0))                                 # never toggled
        self.assertAlmostEqual(sum(c[2] + c[3] for c in got), pw.dynamic_power(sta, names, acts),
                               places=15)
        top["netnames"] = {}
        self.assertEqual(pw.energy_classes(top, sta, names, acts)[0][0], "flip-flops ?")
        row = {"op": "an op", "cycles": 2, "energy_pj": 1.0, "energy_scaled_pj": 0.5, "scale": 0.5,
               "node_nm": 28.0}
        md = pw.energy_markdown("tiny", row, got, 1.0)
        clock = 4e-6 * a * 2 * 1e3  # W x 2 cycles x 1 ns, in pJ
        self.assertIn(f"| flip-flops r | 1 | {clock:.3f} |", md)

    def test_pin_names(self):
        names = {"a": "a", "u__1": "b.c"}
        self.assertEqual(pw.pin_name("u__1/CK", names), "b.c/CK")
        self.assertEqual(pw.pin_name("a/ZN", names), "a/ZN")
        self.assertEqual(pw.pin_name("m__3", names), "m__3")
        self.assertEqual(pw.pin_name("y[2]", names), "y[2]")


@unittest.skipUnless(shutil.which("sta"), "OpenSTA (sta) is not installed")
class EndToEnd(Temp):
    REG = {"tiny": {"block": "tiny", "synth": "logic", "paper": "aging 5.1", "cycles": 2, "op": "an op"}}
    SCALES = {"aging": ("aging", 32.0, 32 / 45)}

    def measure(self, nets=None):
        synth, gates = self.path("synth"), self.path("gates")
        write(os.path.join(synth, "tiny", "tiny.mapped.json"), json.dumps(TINY))
        if nets is not None:
            write(os.path.join(gates, "tiny", "activity.json"), json.dumps(
                {"version": 1, "block": "tiny", "cycles": 10, "clock_period_ns": 1.0, "nets": nets}))
        lib = pw.liberty_cells(os.path.join(ROOT, pw.LIBERTY))
        return pw.measure("tiny", self.REG, synth, gates, 1.0, ("INV_X1", 3.7), lib, self.SCALES)

    def test_vectorless(self):
        r = self.measure()
        self.assertEqual((r["activity"], r["cells"], r["kind"], r["cycles"]), ("vectorless", 3, "logic", 2))
        self.assertGreater(r["leakage_uw"], 0)
        self.assertGreater(r["dynamic_uw"], 0)
        self.assertEqual(r["dynamic_uw"], r["vectorless_dynamic_uw"])
        self.assertAlmostEqual(r["energy_pj"], r["dynamic_uw"] * 2 * 1e-3)
        self.assertTrue(math.isfinite(r["slack_ns"]) and r["slack_ns"] < 1.0)
        self.assertAlmostEqual(r["slack_scaled_ns"], 1.0 - (1.0 - r["slack_ns"]) * 32 / 45)
        self.assertEqual(r["boundaries"], "mem($mem_v2)")
        self.assertTrue(os.path.exists(os.path.join(self.d, "synth", "tiny", "tiny.timing.txt")))

    def test_gate_level_at_the_vectorless_activity_is_the_vectorless_power(self):
        nets = [{"net": n, "driver": d, "activity": pw.VECTORLESS_ACTIVITY, "duty": 0.5}
                for n, d in (("_5_", "_1_/ZN"), ("_6_", "u.x/Q"), ("_7_", "_3_/ZN"))]
        r = self.measure(nets)
        self.assertEqual(r["activity"], "gate-sim")
        self.assertAlmostEqual(r["dynamic_uw"], r["vectorless_dynamic_uw"], places=6)

    def test_a_quiet_netlist_burns_its_clock_power_only(self):
        quiet = self.measure([{"net": "_5_", "driver": "_1_/ZN", "activity": 0.0, "duty": 0.0}])
        busy = self.measure([{"net": "_5_", "driver": "_1_/ZN", "activity": 1.0, "duty": 0.5},
                             {"net": "_6_", "driver": "u.x/Q", "activity": 1.0, "duty": 0.5}])
        self.assertGreater(quiet["dynamic_uw"], 0)            # the flip-flop's clock pin
        self.assertGreater(busy["dynamic_uw"], quiet["dynamic_uw"])
        self.assertEqual(quiet["leakage_uw"], busy["leakage_uw"])


class Command(Temp):
    def run_main(self, *args):
        err = io.StringIO()
        cwd = os.getcwd()
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                rc = pw.main(list(args))
        finally:
            os.chdir(cwd)
        return rc, err.getvalue().strip().splitlines()

    def test_bad_input_is_one_line(self):
        write(self.path("synth/abc.constr"), "set_driving_cell INV_X1\nset_load 3.7\n")
        for args, words in (((self.path("synth"), self.d, "1000", "nope"), "not a block"),
                            ((self.path("synth"), self.d, "1000", "psu"), "no mapped netlist"),
                            ((self.path("synth"), self.d, "1 GHz", "psu"), "clock period"),
                            ((self.path("none"), self.d, "1000", "psu"), "abc.constr")):
            with self.subTest(args=args):
                rc, err = self.run_main(*args)
                self.assertEqual(rc, 1)
                self.assertEqual(len(err), 1)
                self.assertIn(words, err[0])
        self.assertEqual(self.run_main("x")[0], 2)


class Result(unittest.TestCase):
    def test_power_json_holds_the_schema(self):
        """power.json (docs/results.md): the node an int, closes as booleans."""
        row = {"block": "b", "kind": "logic", "cells": 3, "leakage_uw": 1.0, "dynamic_uw": 2.0,
               "activity": "vectorless", "energy_pj": 0.1, "op": "an op", "cycles": 1, "slack_ns": 0.4,
               "paper": "pilot", "node_nm": 7.0, "slack_scaled_ns": 0.8, "power_scaled_uw": 0.5,
               "closes_45nm": "yes", "closes_scaled": "no", "startpoint": "x"}
        doc = pw.power_result([row], "1000", os.path.join(ROOT, "build", "synth", "power.md"))
        self.assertEqual(pw.results.validate(doc, pw.results.load_schemas()), [])
        self.assertEqual((doc["blocks"][0]["node_nm"], doc["blocks"][0]["closes_45nm"],
                          doc["blocks"][0]["closes_scaled"], doc["report"]), (7, True, False, "build/synth/power.md"))


if __name__ == "__main__":
    unittest.main()
