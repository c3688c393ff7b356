#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/report/compare_json.py (docs/compare.md, JSON schema): a valid
document passes, each kind of departure from the schema is named, merge recomputes the summary."""
import contextlib
import copy
import io
import json
import os
import tempfile
import unittest

from tools.report import compare_json as cj


def row(saving=10.0, na=None):
    r = {a: 1.0 for a in cj.AXES}
    r["energy_saving_pct"] = saving
    r["na"] = {}
    for axis, why in (na or {}).items():
        r[axis] = None
        r["na"][axis] = why
    return r


def kernel(trace, saving):
    tech = {}
    for name in cj.TECHNIQUES:
        tech[name] = row(0.0 if name == "baseline" else saving)
        if name in cj.PV_ROWS:
            tech[name]["pv_model_guardband_pct"] = 5.0
    tech["dc_patch"].update(scenario="common", scenarios={
        s: row(na={"longest0": "no cell times"}) for s in cj.SCENARIOS})
    tech["pilot"].update(profile="pilot", top4_share=60.0, frf_share_static_pct=50.0,
                         frf_share_pilot_pct=51.0, frf_low_share_pct=20.0,
                         **{k: 0.5 for k in cj.CELL_AXES})
    return {"trace": trace, "events": 10, "wavefronts": 1, "accesses": 8, "copies": 1,
            "busy_cycles": 100, "techniques": tech}


def document(kernels):
    return {"schema": cj.SCHEMA, "chips": 4, "years": 7, "node_nm": 32, "kernels": kernels,
            "summary": cj.summary(kernels)}


class CheckTest(unittest.TestCase):
    def assertRefused(self, doc, words):
        with self.assertRaises(cj.SchemaError) as e:
            cj.check(doc)
        self.assertIn(words, str(e.exception))

    def test_valid_document_passes(self):
        cj.check(document([kernel("a", 10.0), kernel("b", 30.0)]))

    def test_summary_is_the_mean(self):
        s = cj.summary([kernel("a", 10.0), kernel("b", 30.0)])
        self.assertEqual(s["techniques"]["rc"]["energy_saving_pct"], 20.0)

    def test_na_axis_must_be_null_with_a_reason(self):
        doc = document([kernel("a", 10.0)])
        doc["kernels"][0]["techniques"]["rc"]["na"]["dvth_mv"] = "why"
        self.assertRefused(doc, "n/a but not null")
        doc = document([kernel("a", 10.0)])
        doc["kernels"][0]["techniques"]["rc"]["dvth_mv"] = None
        self.assertRefused(doc, "not a number")

    def test_missing_technique_and_axis_named(self):
        doc = document([kernel("a", 10.0)])
        del doc["kernels"][0]["techniques"]["argo"]
        self.assertRefused(doc, "techniques are not")
        doc = document([kernel("a", 10.0)])
        del doc["kernels"][0]["techniques"]["vlsb"]["guardband_pct"]
        self.assertRefused(doc, "missing axis guardband_pct")

    def test_pilot_needs_top4_share(self):
        doc = document([kernel("a", 10.0)])
        del doc["kernels"][0]["techniques"]["pilot"]["top4_share"]
        self.assertRefused(doc, "no top4_share")

    def test_pilot_cells_null_only_with_a_reason(self):
        doc = document([kernel("a", 10.0)])
        doc["kernels"][0]["techniques"]["pilot"]["frf_guardband_pct"] = None
        self.assertRefused(doc, "null exactly when cells_na")
        for key in cj.CELL_AXES:
            doc["kernels"][0]["techniques"]["pilot"][key] = None
        doc["kernels"][0]["techniques"]["pilot"]["cells_na"] = "two window sizes"
        cj.check(doc)

    def test_dc_patch_needs_three_scenarios(self):
        doc = document([kernel("a", 10.0)])
        del doc["kernels"][0]["techniques"]["dc_patch"]["scenarios"]["dispersed"]
        self.assertRefused(doc, "scenarios are not")

    def test_stale_summary_refused(self):
        doc = document([kernel("a", 10.0)])
        doc["summary"]["techniques"]["rc"]["energy_saving_pct"] = 11.0
        self.assertRefused(doc, "not the mean over kernels")

    def test_unknown_member_refused(self):
        doc = document([kernel("a", 10.0)])
        doc["kernels"][0]["techniques"]["rc"]["speed"] = 3
        self.assertRefused(doc, "unknown member speed")


class MergeTest(unittest.TestCase):
    def write(self, d, name, doc):
        path = os.path.join(d, name)
        with open(path, "w") as f:
            json.dump(doc, f)
        return path

    def test_merge_sorts_kernels_and_recomputes_summary(self):
        with tempfile.TemporaryDirectory() as d:
            a = self.write(d, "a.json", document([kernel("t2", 10.0)]))
            b = self.write(d, "b.json", document([kernel("t1", 30.0)]))
            m = cj.merge([a, b])
        cj.check(m)
        self.assertEqual([k["trace"] for k in m["kernels"]], ["t1", "t2"])
        self.assertEqual(m["summary"]["techniques"]["rc"]["energy_saving_pct"], 20.0)

    def test_merge_refuses_different_settings_and_repeated_traces(self):
        with tempfile.TemporaryDirectory() as d:
            other = document([kernel("t2", 10.0)])
            other["years"] = 3
            a = self.write(d, "a.json", document([kernel("t1", 10.0)]))
            b = self.write(d, "b.json", other)
            with self.assertRaises(cj.SchemaError):
                cj.merge([a, b])
            with self.assertRaises(cj.SchemaError):
                cj.merge([a, copy.copy(a)])

    def test_bad_file_is_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "bad.json")
            with open(bad, "w") as f:
                f.write("{")
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                self.assertEqual(cj.main(["check", bad]), 1)
                self.assertEqual(cj.main(["bogus"]), 1)
            self.assertEqual(len(err.getvalue().splitlines()), 2)


class DiffTest(unittest.TestCase):
    """diff: two results equal but for their timing members."""

    def test_timing_members_are_aside(self):
        a = {"flow": "x", "seconds": 1.5, "jobs": [{"id": "a", "wall_us": 3, "host": "h1", "rc": 0}]}
        b = {"flow": "x", "seconds": 9.0, "jobs": [{"id": "a", "wall_us": 7, "host": "h2", "rc": 0}]}
        self.assertEqual(cj.differences(a, b), [])

    def test_each_difference_named(self):
        a = {"flow": "x", "jobs": [{"rc": 0}], "n": 1, "gone": True}
        b = {"flow": "y", "jobs": [{"rc": 0}, {"rc": 1}], "n": 1.0}
        self.assertEqual(cj.differences(a, b), ['.flow: "x" then "y"', ".gone: only in the first",
                                                ".jobs: 1 items, then 2", ".n: 1 then 1.0"])
        self.assertEqual(cj.differences({"k": 1}, {"k": 2}, ignore=("k",)), [])

    def test_folders_compared_file_by_file(self):
        with tempfile.TemporaryDirectory() as d:
            for side, docs in (("a", {"r.json": {"v": 1}, "s/t.json": {"v": 2}, "only.json": {}}),
                               ("b", {"r.json": {"v": 1}, "s/t.json": {"v": 3}})):
                for name, doc in docs.items():
                    os.makedirs(os.path.dirname(os.path.join(d, side, name)), exist_ok=True)
                    with open(os.path.join(d, side, name), "w") as f:
                        json.dump(doc, f)
            lines = cj.diff(os.path.join(d, "a"), os.path.join(d, "b"))
            self.assertEqual(lines, [f"{d}/a/only.json: not in {d}/b", "s/t.json: .v: 2 then 3"])
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(cj.main(["diff", os.path.join(d, "a", "r.json"), os.path.join(d, "b", "r.json")]), 0)
                self.assertEqual(cj.main(["diff", os.path.join(d, "a"), os.path.join(d, "b")]), 1)

if __name__ == "__main__":
    unittest.main()
