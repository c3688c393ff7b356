#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/gen/energy_data.py (docs/compare.md, Energy model): make power's
table to data/power/logic.tsv and its sync check, the C header of the logic, nodes and papers'
values, and bad input."""
import contextlib
import io
import os
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
from tools.gen import energy_data as ed

POWER = ("block,kind,leakage_uw,energy_pj,op,cycles,activity\n"
         "rc_compress,logic,83.1,1.85,\"a write, 16 components\",1,vectorless\n"
         "rc_ctable,macro,84.3,2.61,a table access,1,gate-sim\n")
AREA = "block,status,area_um2\nrc_compress,ok,3620.8\nrc_ctable,ok,\n"
PAPERS = ("# comment\nid\tpaper\twhere\tunit\tpaper_value\n"
          "aging.table2.energy.slice_read\taging\tTable 2\tpJ\t295.86\n"
          "aging.table5.occupancy\taging\tTable 5\t%\tmean-of:x\n")
NODES = "paper\tnode_nm\naging\t32\n"


class EnergyDataTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        for name, text in [("power.csv", POWER), ("area.csv", AREA), ("papers.tsv", PAPERS),
                           ("nodes.tsv", NODES)]:
            with open(self.path(name), "w") as f:
                f.write(text)

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.d, name)

    def main(self, *args):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = ed.main(list(args))
        return rc, err.getvalue()

    def test_logic_table_and_its_check(self):
        out = self.path("logic.tsv")
        self.assertEqual(self.main("logic", self.path("power.csv"), self.path("area.csv"), out)[0], 0)
        with open(out) as f:
            rows = [l.split("\t") for l in f.read().splitlines() if not l.startswith("#")]
        self.assertEqual(rows[0], ed.LOGIC_COLUMNS)
        self.assertEqual(rows[1][:6], ["rc_compress", "45", "83.1", "1.85", "1", "3620.8"])
        self.assertEqual(rows[2][5], "-")  # a black-boxed array: no area of ours
        self.assertEqual(self.main("logic", self.path("power.csv"), self.path("area.csv"), out,
                                   "--check")[0], 0)
        with open(self.path("power.csv"), "w") as f:
            f.write(POWER.replace("83.1", "90.0"))
        rc, err = self.main("logic", self.path("power.csv"), self.path("area.csv"), out, "--check")
        self.assertEqual(rc, 1)
        self.assertIn("out of date", err)

    def test_header_defines_logic_nodes_and_numeric_paper_values(self):
        logic, h = self.path("logic.tsv"), self.path("e.h")
        self.main("logic", self.path("power.csv"), self.path("area.csv"), logic)
        self.assertEqual(self.main("header", logic, self.path("papers.tsv"), self.path("nodes.tsv"),
                                   h)[0], 0)
        with open(h) as f:
            text = f.read()
        self.assertIn("#define DRF_LOGIC_RC_COMPRESS_LEAKAGE_UW 83.1\n", text)
        self.assertNotIn("DRF_LOGIC_RC_CTABLE_AREA_UM2", text)
        self.assertIn("#define DRF_NODE_AGING_NM 32.0\n", text)
        self.assertIn("#define DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ 295.86 ", text)
        self.assertNotIn("OCCUPANCY", text)

    def test_bad_input_is_one_line(self):
        cases = [("logic", self.path("absent.csv"), self.path("area.csv"), self.path("o.tsv")),
                 ("logic", self.path("area.csv"), self.path("area.csv"), self.path("o.tsv")),
                 ("bogus",)]
        for args in cases:
            rc, err = self.main(*args)
            self.assertEqual((rc, len(err.splitlines())), (1, 1), args)


if __name__ == "__main__":
    unittest.main()
