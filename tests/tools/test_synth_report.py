#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/synth/synth_report.py (docs/synth.md): make synth's area.csv and area.md
from the blocks' result.json files, the papers' figures from the data files, and bad input."""
import contextlib
import io
import json
import os
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
from tools.synth import synth_report as sr

LOGIC = {"status": "ok", "seconds": 13.9, "kind": "logic", "generic_cells": 20,
         "generic_types": [["$_XOR_", 12], ["$_SDFF_PP0_", 8]], "mapped_cells": 30,
         "mapped_types": [["DFF_X1", 8], ["INV_X1", 22]], "mapped_area": 1596.0, "levels": 12,
         "delay_ps": 500.4, "path": ["$abc$1", "out"], "mems": [], "insts": [["u_t", "tab"]]}
LOGIC0 = dict(LOGIC, mapped_area=3192.0)
MACRO = {"status": "ok", "seconds": 2.0, "kind": "macro", "generic_cells": 300,
         "generic_types": [["$_DFFE_PP_", 260]], "mems": [["mem", 16, 8]], "ffarray": 256, "insts": []}
FAILED = {"status": "yosys exit 1: ERROR: x, y", "seconds": 1.0, "kind": "logic"}
SYNTH_ROWS = [{"name": "blk", "area": "p.t2.area", "time": "p.t2.time", "bits": "-"},
              {"name": "tab", "area": "-", "time": "-", "bits": "p.tab.bits"}]
LEDGER = [{"id": "p.t2.area", "paper": "aging", "where": "Table 2", "metric": "unit area",
           "paper_value": "0.004"},
          {"id": "p.t2.time", "paper": "aging", "where": "Table 2", "metric": "unit time",
           "paper_value": "0.70"},
          {"id": "p.tab.bits", "paper": "aging", "where": "Sec. 5", "metric": "table storage",
           "paper_value": "384"}]
NODES = [{"paper": "aging", "node_nm": "32"}]
RUN = {"cycle": 1000, "jobs": "2", "seconds": "7", "abcmap": "abc -D 1000 (map)", "yosys": "0.9",
       "report_only": False}


def write_results(d, results):
    for name, r in results.items():
        os.makedirs(os.path.join(d, name))
        with open(os.path.join(d, name, "result.json"), "w") as fh:
            fh.write(r if isinstance(r, str) else json.dumps(dict(r, block=name)))


def run_report(results, order, synth_rows=SYNTH_ROWS, ledger=LEDGER):
    with tempfile.TemporaryDirectory() as d:
        write_results(d, results)
        sr.report(d, order, RUN, sr.paper_figures(synth_rows, ledger, NODES))
        with open(os.path.join(d, "area.csv")) as c, open(os.path.join(d, "area.md")) as m:
            return c.read().splitlines(), m.read()


@contextlib.contextmanager
def liberty(text):
    """synth_report reading the liberty text instead of synth/deltarf45.lib."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "test.lib")
        with open(path, "w") as fh:
            fh.write(text)
        saved, sr.LIBERTY = sr.LIBERTY, path
        sr.ge_um2.cache_clear()
        try:
            yield
        finally:
            sr.LIBERTY = saved
            sr.ge_um2.cache_clear()


class ReportTest(unittest.TestCase):
    def test_csv_row_of_a_logic_block_with_its_paper_figures(self):
        csv, _ = run_report({"blk": LOGIC, "tab": MACRO}, ["blk", "tab"])
        self.assertEqual(csv[0], sr.CSV_HEADER)
        f = dict(zip(sr.CSV_HEADER.split(","), csv[1].split(",")))
        self.assertEqual(f["area_um2"], "1596.0")
        self.assertEqual(f["kGE"], "2.00")
        self.assertEqual(f["flops"], "8")
        self.assertEqual(f["cycle_pct"], "50")
        self.assertEqual(f["macro_bits"], "384")  # the black-boxed table's 16 x 8 + 256
        self.assertEqual(f["macro_bytes"], "48")
        self.assertEqual(f["paper_node_nm"], "32")
        self.assertEqual(f["paper_area_mm2"], "0.004")
        self.assertEqual(f["scaled_area_mm2"], "%.5f" % (1596.0 * (32 / 45) ** 2 / 1e6))
        self.assertEqual(f["paper_delay_ns"], "0.70")
        self.assertEqual(f["generic_cells_by_type"], "$_XOR_:12 $_SDFF_PP0_:8")

    def test_gate_equivalent_read_from_the_liberty(self):
        with liberty("library (x) { cell (%s) { area : 1.596 ; } }" % sr.libcut.GE_CELL):
            csv, md = run_report({"blk": LOGIC}, ["blk"])
        f = dict(zip(sr.CSV_HEADER.split(","), csv[1].split(",")))
        self.assertEqual(f["kGE"], "1.00")
        self.assertIn("NAND2_X1 = 1.596 um2", md)

    def test_liberty_without_the_gate_equivalent_cell_is_one_error(self):
        with liberty("library (x) { cell (INV_X1) { area : 0.5 ; } }"):
            with self.assertRaisesRegex(sr.ReportError, "no cell NAND2_X1"):
                sr.ge_um2()

    def test_macro_checked_against_its_paper_bits(self):
        csv, md = run_report({"tab": MACRO}, ["tab"])
        self.assertEqual(csv[1].split(",")[14], "ok")
        self.assertIn("| tab | tab | module | 16x8 + 256 flip-flop bits (and 4 control flip-flops, "
                      "not counted) | 384 | 48 (48 B) | 384 bits; table storage (aging Sec. 5) | ok |", md)
        wrong = [dict(LEDGER[2], paper_value="400")]
        csv, md = run_report({"tab": MACRO}, ["tab"], SYNTH_ROWS[1:], wrong)
        self.assertEqual(csv[1].split(",")[14], "MISMATCH")
        self.assertIn("1 macro size mismatch(es)", md)

    def test_black_box_of_a_module_not_in_the_run_is_unknown(self):
        _, md = run_report({"blk": LOGIC}, ["blk"])
        self.assertIn("| blk.u_t | blk | black-boxed tab | see tab | ? (module not in this run) | ? |", md)
        self.assertIn("| 50 | ? | 13.9 |", md)

    def test_failed_block(self):
        csv, md = run_report({"bad": FAILED}, ["bad", "gone"])
        self.assertTrue(csv[1].startswith("bad,yosys exit 1: ERROR: x; y,logic,1.0,"))
        self.assertTrue(csv[2].startswith("gone,no result,"))
        self.assertIn("| bad | **FAILED**: yosys exit 1: ERROR: x, y |", md)
        self.assertIn("2 block(s), 2 failed, 0 macro size mismatch(es).", md)

    def test_unreadable_result_is_one_error(self):
        for text in ("{", '{"status": "ok"}', "[]"):
            with self.assertRaisesRegex(sr.ReportError, "blk/result.json: not a block result"):
                run_report({"blk": text}, ["blk"])

    def test_against_the_papers_and_area_work(self):
        _, md = run_report({"blk": LOGIC, "blk@0": LOGIC0}, ["blk", "blk@0"])
        self.assertIn("| blk | unit area, aging Table 2 | 32 nm | 0.004 | 0.0016 | 0.0008 | 0.20 | 0.70 "
                      "| 0.50 | 0.36 | yes |", md)
        self.assertIn("| blk (optimised) | 30 | 1596.0 | 2.00 | 8 | 12 | 500 | 50.0 % (met) | 0.20 |", md)
        self.assertIn("At least 30 % smaller: blk; not: none.", md)
        self.assertIn("  critical path: (internal net) -> out", md)

    def test_no_area_work_without_a_pair(self):
        _, md = run_report({"blk": LOGIC}, ["blk"])
        self.assertNotIn("## Area work", md)


class DataTest(unittest.TestCase):
    def test_unknown_ledger_id(self):
        rows = [dict(SYNTH_ROWS[0], area="p.none")]
        with self.assertRaisesRegex(sr.ReportError, "p.none is not a ledger row"):
            sr.paper_figures(rows, LEDGER, NODES)

    def test_paper_without_node(self):
        with self.assertRaisesRegex(sr.ReportError, "no node for paper aging"):
            sr.paper_figures(SYNTH_ROWS, LEDGER, [])

    def test_project_data_files_agree(self):
        figs = sr.load_figures()
        self.assertEqual(figs["rc_compress"]["node"], "32")
        self.assertTrue(any(b == 9984 for _, b, _ in sr.macro_paper(figs)))

    def test_bad_tsv_header(self):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv") as fh:
            fh.write("# c\nwrong\tx\n")
            fh.flush()
            with self.assertRaisesRegex(sr.ReportError, "no header line starting with name"):
                sr.read_tsv(fh.name, "name")


class MainTest(unittest.TestCase):
    def test_bad_cycle_is_one_line(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.assertEqual(sr.main(["x", "/nonexistent", "abc", "2", "0", "abc", "0.9", "0", "b"]), 1)
        self.assertEqual(len(err.getvalue().splitlines()), 1)

    def test_usage(self):
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(sr.main(["x"]), 1)


if __name__ == "__main__":
    unittest.main()
