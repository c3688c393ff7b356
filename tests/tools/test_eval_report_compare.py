#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/report/eval_report_compare.py, make eval's comparison section
(docs/compare.md): the summary table over every trace's kernels, an invalid document refused."""
import json
import os
import tempfile
import unittest

from tools.report import eval_report_common
from tools.report import eval_report_compare as erc
from tests.tools.test_compare_json import document, kernel


class CompareSectionTest(unittest.TestCase):
    def results(self, d, docs):
        os.makedirs(os.path.join(d, "compare"))
        for name, doc in docs.items():
            with open(os.path.join(d, "compare", f"{name}.json"), "w") as f:
                json.dump(doc, f)
        return d

    def test_summary_table_means_over_traces(self):
        with tempfile.TemporaryDirectory() as d:
            res = self.results(os.path.join(d, "json"),
                               {"a": document([kernel("a", 10.0)]),
                                "b": document([kernel("b", 30.0)])})
            text = erc.write(res, None, os.path.join(d, "out"))
        self.assertIn("2 kernels", text)
        self.assertIn("| rc | 20.00 | 1.00 | 1.00 | 1.00 |", text)
        self.assertIn("plots/compare_saving_guardband.svg", text)

    def test_near_points_share_one_label(self):
        pts = [("baseline", 0.0, 59.75), ("vlsb", -0.9, 59.75), ("pv_opt", -1.0, 59.75),
               ("rc", 37.1, 49.2), ("argo", 28.0, 52.8)]
        self.assertEqual(erc.label_groups(pts),
                         [("baseline, vlsb, pv_opt", 0.0, 59.75), ("rc", 37.1, 49.2),
                          ("argo", 28.0, 52.8)])

    def test_far_points_keep_their_labels(self):
        pts = [("a", 0.0, 0.0), ("b", 10.0, 0.0), ("c", 10.0, 10.0)]
        self.assertEqual(erc.label_groups(pts), pts)

    def test_na_technique_named_under_the_chart(self):
        summary = {t: {"energy_saving_pct": 1.0, "guardband_pct": 2.0}
                   for t in erc.compare_json.TECHNIQUES}
        self.assertEqual(erc.off_chart(summary), "Every technique is on the last chart.")
        summary["dc_patch"]["guardband_pct"] = None
        self.assertEqual(erc.off_chart(summary),
                         "Left off the last chart (an axis is n/a): dc_patch.")
        self.assertEqual(erc.placed([("a", 1.0, None), ("b", 1.0, 2.0)]), [("b", 1.0, 2.0)])

    def test_no_results_no_section(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNone(erc.write(d, None, d))

    def test_invalid_document_refused(self):
        bad = document([kernel("a", 10.0)])
        del bad["kernels"][0]["techniques"]["pilot"]["top4_share"]
        with tempfile.TemporaryDirectory() as d:
            res = self.results(os.path.join(d, "json"), {"a": bad})
            with self.assertRaises(eval_report_common.ReportError):
                erc.write(res, None, os.path.join(d, "out"))


if __name__ == "__main__":
    unittest.main()
