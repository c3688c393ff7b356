#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/report/report.py and tools/report/report_browser.py's DOM check, make report
(docs/report.md): cells from each flow's result, "not run" for a missing one, escaping,
links only to files that exist, the history's snapshots, bad arguments; the browser check's
verdicts on a parsed DOM (rows, links, images, the load marker)."""
import contextlib
import io
import json
import os
import shutil
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
from tools.report import report
from tools.report import report_browser as rb
from tools.report import results

FIXTURE = os.path.join("tests", "report", "results")  # make report-browser's fixture


def fixture(flow):
    return results.read(os.path.join(ROOT, FIXTURE, f"{flow}.json"))


class Cells(unittest.TestCase):
    def setUp(self):
        self.cwd = os.getcwd()
        os.chdir(ROOT)  # paths inside results are relative to the tree's root

    def tearDown(self):
        os.chdir(self.cwd)

    def test_verify_jobs_counted_and_linked_to_log(self):
        cell = report.jobs_cell(fixture("verify"), "psu_prio_enc")
        self.assertEqual((cell.text, cell.state), ("2/2 passed", "ok"))
        self.assertEqual(cell.path, "tests/report/logs/psu_prio_enc.log")

    def test_failed_job_links_to_its_log(self):
        doc = fixture("verify")
        doc["jobs"][-1]["status"] = "failed"
        cell = report.jobs_cell(doc, "psu_prio_enc")
        self.assertEqual((cell.text, cell.state), ("1/2 passed", "fail"))
        self.assertEqual(cell.path, doc["jobs"][-1]["log"])

    def test_block_without_job_not_run(self):
        self.assertEqual(report.jobs_cell(fixture("verify"), "pv_rf").text, report.NOT_RUN)

    def test_missing_flow_not_run_in_every_column(self):
        cells = report.block_cells({"verify": fixture("verify")}, "rar_phys")
        self.assertEqual(cells[0].text, "passed")
        self.assertEqual([c.text for c in cells[1:]], [report.NOT_RUN] * (len(report.COLUMNS) - 1))

    def test_formal_proofs_covers_and_missing_task(self):
        doc = fixture("formal-quick")
        self.assertEqual(report.formal_cell(doc, "rar_phys").text,
                         ["proofs 1/1", "covers 1/1 (quick)"])
        psu = report.formal_cell(doc, "psu")
        self.assertEqual((psu.text, psu.state), (["proofs 0/1 (quick)"], "fail"))

    def test_synth_logic_beside_paper_and_macro(self):
        doc = fixture("synth-smoke")
        entry = next(b for b in doc["blocks"] if b["block"] == "rc_compress")
        text = report.synth_cell(doc, "rc_compress").text
        self.assertIn(f"{entry['kge']:.2f} kGE", text[0])
        self.assertIn(f"paper {entry['paper']['area_mm2']:g} mm²", text[1])
        self.assertTrue(report.synth_cell(doc, "dcp_pt").text[0].startswith("macro, "))

    def test_mutate_score_and_unjudged(self):
        doc = {"profile": "sample", "report": "r.md", "blocks": [
            {"block": "a", "generated": 4, "judged": 4, "killed": 3, "equivalent": 0,
             "survived": 1, "other": 0, "score": 0.75},
            {"block": "b", "generated": 0, "judged": 0, "killed": 0, "equivalent": 0,
             "survived": 0, "other": 0, "score": None}]}
        a = report.mutate_cell(doc, "a")
        self.assertEqual((a.text, a.state), ("75% (1 survived of 4) (sample)", "fail"))
        self.assertEqual(report.mutate_cell(doc, "b").text, report.NOT_RUN)


class Html(unittest.TestCase):
    def test_text_escaped(self):
        out = report.td(report.Cell('<b>"x"&', "ok", None, "a<b"), ".")
        self.assertEqual(out, '<td class="ok" title="a&lt;b">&lt;b&gt;&quot;x&quot;&amp;</td>')

    def test_link_only_to_existing_file_relative_to_page(self):
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "logs", "a.log")
            os.makedirs(os.path.dirname(log))
            open(log, "w", encoding="utf-8").close()
            out_dir = os.path.join(d, "build", "report")
            self.assertEqual(report.href(log, out_dir), os.path.join("..", "..", "logs", "a.log"))
            self.assertIsNone(report.href(os.path.join(d, "gone.log"), out_dir))
            self.assertNotIn("<a", report.td(report.Cell("x", "ok", os.path.join(d, "gone")), out_dir))


class Build(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.res = os.path.join(self.d, "results")
        shutil.copytree(os.path.join(ROOT, FIXTURE), self.res)
        self.cwd = os.getcwd()
        os.chdir(ROOT)

    def tearDown(self):
        os.chdir(self.cwd)
        shutil.rmtree(self.d)

    def build(self):
        return report.build(self.res, os.path.join(self.d, "out"), os.path.join(self.d, "plots"),
                            os.path.join(self.d, "history"), 10, os.path.join(ROOT, "blocks.tsv"))

    def test_page_has_row_per_block_and_invalid_result_noted(self):
        with open(os.path.join(self.res, "xsweep.json"), "w", encoding="utf-8") as f:
            json.dump({"flow": "xsweep", "version": 1}, f)
        path, rows, flows = self.build()
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(text.count("<tr data-block="), rows)
        self.assertEqual(flows, 4)
        self.assertIn("not read: xsweep.json", text)
        self.assertIn("Plots</h2>\n<p class=\"note\">not run", text)

    def test_history_snapshot_once_per_change(self):
        history = os.path.join(self.d, "history")
        self.assertIsNotNone(report.snapshot(self.res, history, now=0))
        self.assertIsNone(report.snapshot(self.res, history, now=60))
        os.remove(os.path.join(self.res, "eval.json"))
        self.assertIsNotNone(report.snapshot(self.res, history, now=120))
        self.assertEqual(report.past_runs(history), ["1970-01-01T00-00-00Z", "1970-01-01T00-02-00Z"])

    def test_bad_arguments_one_line_exit_2(self):
        for argv in (["r"], ["r", "o", "--last", "0"], ["r", "o", "--colour", "x"]):
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                self.assertEqual(report.main(["report.py"] + argv), 2)
            self.assertTrue(err.getvalue().startswith("report: "))


class BrowserCheck(unittest.TestCase):
    def dom(self, text):
        d = rb.Dom()
        d.feed(text)
        return d

    def test_clean_page_passes(self):
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "a.svg"), "w", encoding="utf-8").close()
            dom = self.dom('<body data-images="1 "><tr data-block="x"></tr><a href="a.svg">'
                           '<img src="a.svg"></a><a href="#top">top</a></body>')
            self.assertEqual(rb.problems(dom, d, ["x"]), [])

    def test_missing_row_broken_link_undecoded_image_network(self):
        with tempfile.TemporaryDirectory() as d:
            dom = self.dom('<body data-images="1 b.svg"><tr data-block="x"></tr>'
                           '<a href="gone.html">g</a><img src="b.svg"><a href="https://e.org/">n</a></body>')
            self.assertEqual(rb.problems(dom, d, ["x", "y"]), [
                "no row for block y", "broken link gone.html", "network or absolute address https://e.org/",
                "broken link b.svg", "image not decoded b.svg"])

    def test_expected_image_shown(self):
        with tempfile.TemporaryDirectory() as d:
            for name in ("a.svg", "b.svg"):
                open(os.path.join(d, name), "w", encoding="utf-8").close()
            dom = self.dom('<body data-images="1 "><img src="a.svg"></body>')
            self.assertEqual(rb.problems(dom, d, [], [os.path.join(d, "a.svg")]), [])
            self.assertEqual(rb.problems(dom, d, [], [os.path.join(d, "b.svg")]),
                             [f"image {os.path.join(d, 'b.svg')} not shown"])

    def test_script_not_run(self):
        self.assertEqual(rb.problems(self.dom("<body></body>"), ".", []),
                         ["no body[data-images]: the page's load script did not run"])


if __name__ == "__main__":
    unittest.main()
