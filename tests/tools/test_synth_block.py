#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/synth/synth_block.py (docs/synth.md): one block's numbers from Yosys' stat -json
and netlist JSON (counts, area, levels, arrays, macro instances), ABC's delay line, the status."""
import contextlib
import io
import json
import os
import tempfile
import unittest

from tools.synth import synth_block as sb

LIB = "library (t) { cell (INV_X1) { area : 0.5 ; } cell (NAND2_X1) { area : 0.75 ; } " \
      "cell (DFF_X1) { area : 4.5 ; } }"
IO = {"A": "input", "A1": "input", "A2": "input", "D": "input", "CK": "input",
      "ZN": "output", "Q": "output"}


def cell(kind, **conn):
    return {"type": kind, "parameters": {}, "port_directions": {p: IO[p] for p in conn},
            "connections": conn}


def mem(name, size, width):
    return {"type": "$mem_v2", "port_directions": {}, "connections": {},
            "parameters": {"MEMID": "\\" + name, "SIZE": format(size, "032b"), "WIDTH": width}}


# in 2 -> INV -> 3 -> NAND(3, 4) -> 5 -> DFF -> 6 -> INV -> 7; a constant into a NAND; a table
CELLS = {"i1": cell("INV_X1", A=[2], ZN=[3]), "n1": cell("NAND2_X1", A1=[3], A2=[4], ZN=[5]),
         "f1": cell("DFF_X1", D=[5], CK=[1], Q=[6]), "i2": cell("INV_X1", A=[6], ZN=[7]),
         "n2": cell("NAND2_X1", A1=["1"], A2=[7], ZN=[8]), "u_t": cell("tab"),
         "slice": mem("slice", 16, 8)}
NETLIST = {"modules": {"INV_X1": {"attributes": {"blackbox": "1"}},
                       "blk": {"attributes": {"top": "1"}, "cells": CELLS,
                               "netnames": {"v": {"bits": [6, 7]}}}}}
STAT = {"modules": {"\\blk": {"num_cells": 9, "num_cells_by_type": {"$_NOT_": 4, "$_DFF_P_": 5}}}}
ABC_LOG = ("ABC: WireLoad = \"none\"  Gates =     20 ( 35.0 %)   Cap =  3.3 ff (  0.0 %)   "
           "Area =       16.49 (100.0 %)   Delay =   143.77 ps  ( 25.0 %)\n"
           "ABC: Start-point = pi5 ($auto$dfflibmap.cc:381:dfflibmap$8547).  End-point = po5 (\\out).\n"
           "ABC: WireLoad = \"none\"  Gates = 2 ( 1.0 %)   Delay =   644.30 ps  (  8.4 %)\n"
           "ABC: Start-point = pi364 (\\waddr [0]).  End-point = po83 ($auto$rtlil.cc:2560:MuxGate$36512).\n")


@contextlib.contextmanager
def block_dir(files):
    """A block's directory holding the named files (dicts as JSON) and the test liberty."""
    with tempfile.TemporaryDirectory() as d:
        for name, content in files.items():
            with open(os.path.join(d, name), "w") as fh:
                fh.write(content if isinstance(content, str) else json.dumps(content))
        with open(os.path.join(d, "t.lib"), "w") as fh:
            fh.write(LIB)
        saved, sb.LIBERTY = sb.LIBERTY, os.path.join(d, "t.lib")
        sb.liberty_areas.cache_clear()
        try:
            yield d
        finally:
            sb.LIBERTY = saved
            sb.liberty_areas.cache_clear()


def run_main(d, *args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = sb.main([d, "blk", *args])
    result = None
    if os.path.exists(os.path.join(d, "result.json")):
        with open(os.path.join(d, "result.json")) as fh:
            result = json.load(fh)
    return rc, out.getvalue(), result


class NetlistTest(unittest.TestCase):
    def test_levels_stop_at_flip_flops_macros_and_constants(self):
        self.assertEqual(sb.logic_levels(CELLS), 2)  # INV, NAND; then INV, NAND after the DFF

    def test_levels_of_a_longer_chain(self):
        chain = {f"i{k}": cell("INV_X1", A=[10 + k], ZN=[11 + k]) for k in range(5)}
        self.assertEqual(sb.logic_levels(dict(CELLS, **chain)), 5)

    def test_combinational_loop_is_an_error(self):
        loop = {"a": cell("INV_X1", A=[2], ZN=[3]), "b": cell("INV_X1", A=[3], ZN=[2])}
        with self.assertRaisesRegex(sb.SynthError, "combinational loop"):
            sb.logic_levels(loop)

    def test_counts_and_area_from_the_liberty(self):
        with block_dir({}):
            types = sb.cell_counts(CELLS)
            self.assertEqual(dict(types), {"INV_X1": 2, "NAND2_X1": 2, "DFF_X1": 1, "tab": 1, "$mem_v2": 1})
            self.assertEqual(sb.mapped_area(types), 2 * 0.5 + 2 * 0.75 + 4.5)  # the table adds 0

    def test_arrays_storage_flops_and_instances(self):
        module = NETLIST["modules"]["blk"]
        self.assertEqual(sb.memories(CELLS), [("slice", 16, 8)])
        self.assertEqual(sb.array_flops(module, ["v"]), 1)  # f1's Q is v[0]; i2 drives v[1]
        self.assertEqual(sb.array_flops(module, ["none"]), 0)
        self.assertEqual(sb.instances(CELLS, {"tab", "other"}), [("u_t", "tab")])

    def test_top_module_and_stat(self):
        self.assertIs(sb.top_module(NETLIST, "x"), NETLIST["modules"]["blk"])
        with self.assertRaisesRegex(sb.SynthError, "x: 0 top modules"):
            sb.top_module({"modules": {}}, "x")
        self.assertEqual(sb.stat_counts(STAT, "s"), (9, [("$_DFF_P_", 5), ("$_NOT_", 4)]))
        with self.assertRaisesRegex(sb.SynthError, "one module"):
            sb.stat_counts({"modules": {}}, "s")


class LogTest(unittest.TestCase):
    def test_last_abc_timing(self):
        with block_dir({"blk.log": ABC_LOG}) as d:
            t = sb.abc_timing(os.path.join(d, "blk.log"))
        self.assertEqual(t, {"delay_ps": 644.30, "path": ["waddr[0]", "$auto$rtlil.cc:2560:MuxGate$36512"]})

    def test_no_abc_timing(self):
        self.assertEqual(sb.abc_timing("/nonexistent"), {})

    def test_status(self):
        with block_dir({"out": "x\nERROR: no module top\nERROR: later\n"}) as d:
            self.assertEqual(sb.status(0, "900", []), "ok")
            self.assertEqual(sb.status(124, "900", []), "timeout after 900 s")
            self.assertEqual(sb.status(1, "900", ["/nonexistent", os.path.join(d, "out")]),
                             "yosys exit 1: ERROR: no module top")


class MainTest(unittest.TestCase):
    def test_logic_block(self):
        with block_dir({"generic.json": STAT, "blk.mapped.json": NETLIST, "blk.log": ABC_LOG}) as d:
            rc, out, r = run_main(d, "logic", "0", "10.0", "12.5", "900", "tab", "other:x")
            with open(os.path.join(d, "status")) as fh:
                self.assertEqual(fh.read(), "ok\n")
        self.assertEqual(rc, 0)
        self.assertEqual(out, "synth: blk                  ok, 2.5 s, 7.0 um2, 2 levels, 644.30 ps\n")
        self.assertEqual((r["generic_cells"], r["mapped_cells"], r["levels"], r["insts"]), (9, 7, 2, [["u_t", "tab"]]))
        self.assertNotIn("ffarray", r)

    def test_macro_block_has_storage_not_logic(self):
        with block_dir({"generic.json": STAT, "blk.mapped.json": NETLIST}) as d:
            _, out, r = run_main(d, "macro", "0", "0", "1", "900", "blk:v", "tab")
        self.assertEqual((r["ffarray"], r["mems"], r["insts"]), (1, [["slice", 16, 8]], [["u_t", "tab"]]))
        self.assertNotIn("mapped_area", r)
        self.assertEqual(out, "synth: blk                  ok, 1.0 s\n")

    def test_unreadable_output_fails_the_block(self):
        with block_dir({"generic.json": "{", "blk.mapped.json": NETLIST}) as d:
            rc, _, r = run_main(d, "logic", "0", "0", "1", "900")
        self.assertEqual(rc, 0)
        self.assertRegex(r["status"], r"^no numbers: .*generic.json: not JSON")

    def test_failed_yosys_has_no_numbers(self):
        with block_dir({"stdout.txt": "ERROR: syntax error\n"}) as d:
            _, _, r = run_main(d, "logic", "1", "0", "1", "900")
        self.assertEqual(r["status"], "yosys exit 1: ERROR: syntax error")
        self.assertNotIn("generic_cells", r)

    def test_bad_arguments(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(sb.main(["d", "blk", "gates"]), 2)
            self.assertEqual(sb.main(["d", "blk", "logic", "x", "0", "1", "900"]), 1)
        self.assertEqual(len(err.getvalue().splitlines()), 2)


if __name__ == "__main__":
    unittest.main()
