#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/synth/gates.py: activity.json from a netlist's Yosys JSON and the counts of
tools/fst_activity (names, drivers, rates, the clock), one block's runs (check, order, run and
its waveform, activity) and the broken netlist of the self-test."""
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
from tools.synth import gates
from tools.synth import liberty

TOP = "00000000000000000000000000000001"


def netlist():
    """blk: y = DFF(NAND2(a[0], a[1])), z = AND2(a[0], a[1]); w[3:2] wired to a (offset 2);
    the wire dead is driven by nothing."""
    return {"modules": {
        "NAND2_X1": {"attributes": {"blackbox": "1"}, "ports": {}, "cells": {}, "netnames": {}},
        "blk": {
            "attributes": {"top": TOP},
            "ports": {"clk": {"direction": "input", "bits": [2]},
                      "a": {"direction": "input", "bits": [3, 4]},
                      "y": {"direction": "output", "bits": [5]},
                      "z": {"direction": "output", "bits": [8]}},
            "cells": {
                "_10_": {"type": "NAND2_X1", "port_directions": {"A1": "input", "A2": "input",
                                                                 "ZN": "output"},
                         "connections": {"A1": [3], "A2": [4], "ZN": [6]}},
                "_11_": {"type": "DFF_X1", "port_directions": {"D": "input", "CK": "input",
                                                               "Q": "output", "QN": "output"},
                         "connections": {"D": [6], "CK": [2], "Q": [5], "QN": [7]}},
                "_12_": {"type": "AND2_X1", "port_directions": {"A1": "input", "A2": "input",
                                                                "ZN": "output"},
                         "connections": {"A1": [3], "A2": [4], "ZN": [8]}}},
            "netnames": {"clk": {"bits": [2]}, "a": {"bits": [3, 4]}, "y": {"bits": [5]},
                         "u_ff.q": {"bits": [5]}, "_1_": {"bits": [6]}, "_2_": {"bits": [7]},
                         "z": {"bits": [8]}, "w": {"bits": [3, 4], "offset": 2},
                         "k": {"bits": ["0", "1"]}, "dead": {"bits": [9]}}}}}


def counts(samples=10, alias_y=(3, 4)):
    """fst_activity records of a 10-cycle run of blk's split netlist (a[0] toggles 4 times, ...);
    the wrapper's own variables (TOP.blk.*) are not the netlist's; a[1:0] traced as a vector."""
    rec = [f"samples\t{samples}", "var\t1\t1\tTOP.clk", "var\t2\t1\tTOP.blk.clk",
           "var\t2\t1\tTOP.blk.netlist.clk", "var\t3\t2\tTOP.blk.netlist.a [1:0]",
           "var\t10\t1\tTOP.blk.netlist.w[2]", "var\t11\t1\tTOP.blk.netlist.w[3]",
           "var\t4\t1\tTOP.blk.netlist.y", "var\t5\t1\tTOP.blk.netlist.u_ff.q",
           "var\t6\t1\tTOP.blk.netlist._1_", "var\t7\t1\tTOP.blk.netlist._2_",
           "var\t8\t1\tTOP.blk.netlist.z",
           "bit\t2\t0\t0\t0", "bit\t3\t0\t4\t5", "bit\t3\t1\t1\t2", "bit\t10\t0\t4\t5",
           "bit\t11\t0\t1\t2", "bit\t4\t0\t3\t4", f"bit\t5\t0\t{alias_y[0]}\t{alias_y[1]}",
           "bit\t6\t0\t3\t6", "bit\t7\t0\t3\t6", "bit\t8\t0\t1\t1"]
    return [r + "\n" for r in rec]


class Activity(unittest.TestCase):
    def setUp(self):
        self.doc = gates.activity(netlist(), counts(), "blk", 1.0)
        self.by_net = {n["net"]: n for n in self.doc["nets"]}

    def test_header(self):
        self.assertEqual({k: v for k, v in self.doc.items() if k != "nets"},
                         {"version": 1, "block": "blk", "cycles": 10, "clock_period_ns": 1.0})

    def test_one_entry_per_driven_net_named_by_its_port_first(self):
        # "dead" (driven by nothing, not traced) is left out; constants are not nets
        self.assertEqual(sorted(self.by_net), ["_1_", "_2_", "a[0]", "a[1]", "clk", "y", "z"])

    def test_rates_duties_and_drivers(self):
        self.assertEqual(self.by_net["a[0]"], {"net": "a[0]", "driver": "a[0]", "activity": 0.4,
                                               "duty": 0.5})
        self.assertEqual(self.by_net["_1_"]["driver"], "_10_/ZN")
        self.assertEqual(self.by_net["y"], {"net": "y", "driver": "_11_/Q", "activity": 0.3,
                                            "duty": 0.4})

    def test_b_at_0_is_named_so_and_traced_under_its_top(self):
        doc = gates.activity(netlist(), counts(), "blk@0", 1.0)
        self.assertEqual((doc["block"], doc["nets"]), ("blk@0", self.doc["nets"]))

    def test_the_clock_makes_two_transitions_a_cycle(self):
        self.assertEqual((self.by_net["clk"]["activity"], self.by_net["clk"]["duty"]), (2.0, 0.5))

    def test_offset_wire_names(self):
        names = gates.net_names(netlist()["modules"]["blk"])
        self.assertIn("w[2]", [n[3] for n in names[3]])

    def test_vector_and_bit_variables_name_the_same_bits(self):
        self.assertEqual(gates.var_bits("a [1:0]", 2), ["a[0]", "a[1]"])
        self.assertEqual(gates.var_bits("b [2:4]", 3), ["b[4]", "b[3]", "b[2]"])
        self.assertEqual(gates.var_bits("a[1]", 1), ["a[1]"])

    def test_a_net_missing_from_the_trace_fails(self):
        lines = [ln for ln in counts() if "netlist._2_" not in ln]
        with self.assertRaisesRegex(gates.GatesError, "1 net.* not in the trace, e.g. _2_"):
            gates.activity(netlist(), lines, "blk", 1.0)

    def test_aliases_traced_differently_fail(self):
        lines = counts() + ["var\t9\t1\tTOP.blk.netlist.y\n", "bit\t9\t0\t7\t7\n"]
        lines = [ln for ln in lines if ln != "var\t4\t1\tTOP.blk.netlist.y\n"]
        with self.assertRaisesRegex(gates.GatesError, "net y"):
            gates.activity(netlist(), lines, "blk", 1.0)

    def test_no_samples_fails(self):
        with self.assertRaisesRegex(gates.GatesError, "no sample"):
            gates.activity(netlist(), [], "blk", 1.0)


def write_script(path, body):
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, 0o755)


class Run(unittest.TestCase):
    """gates.py check, order, run and activity on a block blk whose benches and trace counter
    are scripts."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        d = self.tmp.name
        self.nets, self.gates = os.path.join(d, "synth"), os.path.join(d, "gates")
        self.out = os.path.join(self.gates, "blk")
        os.makedirs(os.path.join(self.nets, "blk"))
        os.makedirs(self.out)
        for ext in ("v", "json"):
            with open(os.path.join(self.nets, "blk", f"blk.mapped.{ext}"), "w", encoding="utf-8") as f:
                f.write(json.dumps(netlist()))
        self.counter = os.path.join(d, "fst_activity")
        write_script(self.counter, "cat <<'EOF'\n" + "".join(counts()) + "EOF")
        self.built = []

    def call(self, fn, *args, **kwargs):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            ok = fn(*args, **kwargs)
        return ok, out.getvalue()

    def check_run(self, bench_body, traced_body=None):
        """gates.run on a bench script; the traced build (when asked for) is traced_body, or
        fails to build when None. (passed, output)."""
        write_script(os.path.join(self.out, "bench"), bench_body)

        def build(netlists, gates, block):
            self.built.append((netlists, gates, block))
            if traced_body is not None:
                write_script(os.path.join(gates, block, "bench-trace"), traced_body)
            return traced_body is not None
        ok, text = self.call(gates.run, self.nets, self.gates, "3", "10", "blk", build=build)
        self.assertEqual(text.startswith("verify-gates: blk: passed"), ok)
        return ok, text

    def activity_run(self, bench_body):
        write_script(os.path.join(self.out, "bench-trace"), bench_body)
        ok, text = self.call(gates.run_activity, self.nets, self.gates, self.counter, 1.0, "3",
                             "10", "blk")
        self.assertEqual(text.startswith("gates-activity: blk: passed"), ok)
        return ok

    def test_check_names_a_missing_netlist(self):
        gates.check(self.nets, ["blk"])
        with self.assertRaisesRegex(gates.GatesError, "no netlist .*other.mapped.v: run make synth"):
            gates.check(self.nets, ["blk", "other"])

    def test_order_puts_the_largest_netlist_first(self):
        os.makedirs(os.path.join(self.nets, "big"))
        with open(os.path.join(self.nets, "big", "big.mapped.json"), "w", encoding="utf-8") as f:
            f.write(" " * 100000)
        self.assertEqual(gates.order(self.nets, ["blk", "none", "big"]), ["big", "blk", "none"])

    def test_a_passing_check_run_builds_no_traced_bench(self):
        ok, _ = self.check_run('test "$2 $4 $5 $7" = "3 10 --bins-out --result" || exit 9')
        self.assertTrue(ok)
        self.assertEqual(self.built, [])
        self.assertFalse(os.path.exists(os.path.join(self.out, "activity.json")))

    def test_a_divergence_is_replayed_on_the_traced_build_for_its_waveform(self):
        result = {"seed": 3, "xseed": 77, "requested": 10, "first_divergence": {"cycle": 42}}
        ok, text = self.check_run(f"echo '{json.dumps(result)}' >\"$8\"; exit 1",
                                  'test "$*" = "--seed 3 --xseed 77 --n 10 --stop-at 42 '
                                  '--wave $(dirname $0)/bench-seed3.fst" && touch "${10}"')
        self.assertFalse(ok)
        self.assertEqual(self.built, [(self.nets, self.gates, "blk")])
        fst = os.path.join(self.out, "bench-seed3.fst")
        self.assertTrue(os.path.isfile(fst))
        self.assertIn(f"blk: waveform: {fst} rewritten by the traced build", text)
        self.assertIn("the cycles up to 42", text)

    def test_a_failure_without_a_divergence_or_traced_build_writes_no_waveform(self):
        ok, text = self.check_run("echo '{\"seed\": 3, \"first_divergence\": null}' >\"$8\"; exit 1")
        self.assertFalse(ok)
        self.assertEqual((self.built, text), ([], ""))
        result = {"seed": 3, "xseed": 77, "requested": 10, "first_divergence": {"cycle": 42}}
        ok, text = self.check_run(f"echo '{json.dumps(result)}' >\"$8\"; exit 1")
        self.assertFalse(ok)
        self.assertIn("blk: waveform: none: its traced build failed", text)
        os.remove(os.path.join(self.out, "bench"))
        with self.assertRaisesRegex(gates.GatesError, "no gate bench"):
            gates.run(self.nets, self.gates, "3", "10", "blk")

    def test_an_activity_run_writes_the_activity_and_removes_its_trace(self):
        self.assertTrue(self.activity_run('test "$2 $4 $7" = "3 10 --activity" && touch "$8"'))
        with open(os.path.join(self.out, "activity.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["cycles"], 10)
        self.assertFalse(os.path.exists(os.path.join(self.out, "run.fst")))

    def test_a_failing_activity_run_fails_and_a_missing_bench_is_an_error(self):
        self.assertFalse(self.activity_run("exit 1"))
        self.assertFalse(os.path.exists(os.path.join(self.out, "activity.json")))
        os.remove(os.path.join(self.out, "bench-trace"))
        with self.assertRaisesRegex(gates.GatesError, "no gate bench"):
            gates.run_activity(self.nets, self.gates, self.counter, 1.0, "3", "10", "blk")


class Break(unittest.TestCase):
    def setUp(self):
        self.cells = liberty.cells(liberty.read(os.path.join(ROOT, "synth", "deltarf45.lib")))

    def test_the_cell_driving_an_output_is_broken_first(self):
        self.assertEqual(gates.pick_cell_to_break(netlist(), self.cells),
                         ("_12_", "AND2_X1", "NAND2_X1"))

    def test_exactly_one_instance_line_changes(self):
        v = "  AND2_X1 _12_ (\n    .A1(a[0]),\n  );\n  AND2_X1 _120_ (\n"
        self.assertEqual(gates.break_verilog(v, "_12_", "AND2_X1", "NAND2_X1"),
                         v.replace("AND2_X1 _12_ ", "NAND2_X1 _12_ "))
        with self.assertRaisesRegex(gates.GatesError, "0 matches"):
            gates.break_verilog(v, "_13_", "AND2_X1", "NAND2_X1")

    def test_cli_break_and_bad_input(self):
        tool = [sys.executable, "-m", "tools.synth.gates"]
        lib = os.path.join(ROOT, "synth", "deltarf45.lib")
        with tempfile.TemporaryDirectory() as d:
            j, v, oj, ov = (os.path.join(d, n) for n in ("n.json", "n.v", "b.json", "b.v"))
            with open(j, "w", encoding="utf-8") as f:
                json.dump(netlist(), f)
            with open(v, "w", encoding="utf-8") as f:
                f.write("module blk;\n  AND2_X1 _12_ (\n  );\nendmodule\n")
            r = subprocess.run(tool + ["break", lib, j, v, oj, ov], cwd=ROOT,
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(ov, encoding="utf-8") as f:
                self.assertIn("NAND2_X1 _12_ (", f.read())
            with open(oj, encoding="utf-8") as f:
                self.assertEqual(json.load(f)["modules"]["blk"]["cells"]["_12_"]["type"],
                                 "NAND2_X1")
            with open(j, "w", encoding="utf-8") as f:
                f.write("{ not json")
            r = subprocess.run(tool + ["break", lib, j, v, oj, ov], cwd=ROOT,
                               capture_output=True, text=True)
            self.assertEqual((r.returncode, len(r.stderr.strip().splitlines())), (1, 1))


class SimulationTop(unittest.TestCase):
    def test_the_wrapper_wires_every_port_bit_to_the_split_netlist(self):
        text = gates.wrapper(netlist())
        self.assertIn("module blk (clk, a, y, z);", text)
        self.assertIn("  input [1:0] a;", text)
        self.assertIn("  blk__net netlist (", text)
        self.assertIn("    .\\a[1] (a[1]),", text)
        self.assertIn("    .clk(clk),", text)

    def test_the_wrapper_compiles_around_a_split_netlist(self):
        split = ("module blk__net(clk, \\a[0] , \\a[1] , y, z);\n input clk; input \\a[0] ;"
                 " input \\a[1] ; output y; output z;\n assign y = \\a[0] ;"
                 " assign z = \\a[1] ;\nendmodule\n")
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "sim.v")
            with open(v, "w", encoding="utf-8") as f:
                f.write(split + gates.wrapper(netlist()))
            r = subprocess.run(["verilator", "--lint-only", "-Wno-fatal", "-Wno-lint", v,
                                "--top-module", "blk"], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)


if __name__ == "__main__":
    unittest.main()
