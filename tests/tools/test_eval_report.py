#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of make eval's report writers (tools/report/eval_report.py and eval_report_*.py;
docs/eval.md): each section written from hand-made --json results, every paper figure
taken from the papers' data file (a changed value there changes the report), the figures computed
from the results as worked out by hand below, and bad input refused with one line."""
import contextlib
import io
import json
import os
import shutil
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
from tools.report import eval_report as er
from tools.report import eval_report_common as common
from tools.report import eval_report_patch as rpatch
from tools.report import eval_report_sim as rsim
from tools.report import reproduction as rp

PAPERS = os.path.join(ROOT, "data", "papers", "reproduction.tsv")
SCHEMES = rsim.SCHEMES


def quiet(fn, *args):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return fn(*args)


def scheme(name, l0, l1, total):
    return {"scheme": name, "longest0": l0, "longest0_one": 0.0, "longest0_off": 1 - l0,
            "longest1": l1, "longest1_zero": 0.0, "longest1_off": 1 - l1, "dvth_t0": l0,
            "dvth_t1": l1, "compressed_writes": 3, "wakeups": 2, "movs": 1, "writes": 100,
            "energy_pj": {"total": total, "slice_leakage": total / 2}, "events_per_s": 12345.0}


def sim_json(trace, l0):
    """One trace: the baseline at 1.0, rc+rar's longest '0' at l0, every energy 100 pJ but
    argo's 80; Fig. 7: 10 constant, 10 single, 0 double, 20 other, 0 divergent (50 % compressible)."""
    schemes = [scheme(s, 1.0, 1.0, 100.0) for s in SCHEMES]
    schemes[SCHEMES.index("rc+rar")] = scheme("rc+rar", l0, l0, 100.0)
    schemes[SCHEMES.index("argo")] = scheme("argo", 1.0, 1.0, 80.0)
    return {"trace": f"data/traces/{trace}.trace.xz", "map": "packed", "nvregs_min": 11,
            "nvregs_max": 11, "slots": 16, "unused_windows": 7, "slices": 40,
            "mean_resident": 8.0, "repeat": 32,
            "patterns_all": {"other": 20, "constant": 10, "single": 10, "double": 0, "divergent": 0},
            "schemes": schemes}


def pilot_json(top3):
    kernel = {"top_share": [10, 20, top3, 70, 80, 90, 95, 100]}
    return {"n": 4, "epoch": 50, "threshold": 11, "issue_slots": 50, "threshold_share": [85, 400],
            "kernels": 1, "wavefronts": 64, "accesses": 1000, "top_share": kernel["top_share"],
            "kernel": [kernel], "frf_static": 20.0, "frf_pilot": 21.0, "frf_oracle": 60.0,
            "frf_pilot_move": 22.0, "frf_low_of_frf": 90.0, "dynamic_energy_change": -55.0,
            "leakage_change": -38.8, "frf_high": 2.0, "frf_low": 19.0, "srf": 79.0}


def patch_json(trace, sc, pol, normal):
    return {"trace": f"{trace}.trace.xz", "scenario": sc, "placement": pol, "maps": 1,
            "reads": 10, "lost": 0, "dropped": 0, "utilisation": 0.5,
            "fig2": {"compressed": 0.3},
            "fig3_conventional": {c: 0.1 for c in rpatch.CATS},
            "fig5": {"normal": normal, "patch_faulty": 0.1, "patch_reliable": 0.1, "lds": 0.0},
            "fig6": {"mispredicted": 0.01, "spill_peak_kb": 1.0, "spill_peak_cu_kb": 2.5}}


def pv_json(guard):
    banks = [{"util": 0.1, "delay0": 1.0, "delay": 1.1} for _ in range(16)]
    names = ["baseline", "VL-SB+RF-BRO", "PV-opt (+hybrid)", "PV-opt+NBTI-opt"]
    return {"accesses": 100, "warp_accesses": 200, "wavefronts": 4, "work_groups": 1,
            "blocks": 1, "sms": 1, "split": 0, "waited": 0, "sm_peak_warps": 8,
            "sm_peak_blocks": 1, "sm_peak_regs": 2048, "slot_reuse": 0,
            "partial_accesses": 0, "chips": 10, "years": 7, "t0": "nbti",
            "schemes": [{"scheme": n, "util_max_share": 0.25, "util_min_share": 0.0,
                         "slow_share": 0.0, "freq0": 0.8 if n != "baseline" else 0.5,
                         "freq_aged": 0.7, "guardband": 0.1, "norm_guardband": guard,
                         "loss_total": 0.3, "boundary0": 1.05, "banks": banks} for n in names]}


class Case(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.res = os.path.join(self.d, "json")

    def tearDown(self):
        shutil.rmtree(self.d)

    def put(self, flow, trace, obj):
        os.makedirs(os.path.join(self.res, flow), exist_ok=True)
        with open(os.path.join(self.res, flow, trace + ".json"), "w", encoding="utf-8") as f:
            json.dump(obj, f)

    def papers(self, **values):
        """The data file with some paper values replaced (id with '.' as '__')."""
        out = []
        with open(PAPERS, encoding="utf-8") as f:
            for line in f.read().splitlines():
                cells = line.split("\t")
                key = cells[0].replace(".", "__")
                if len(cells) == 12 and key in values:
                    cells[5] = str(values[key])
                out.append("\t".join(cells))
        path = os.path.join(self.d, "papers.tsv")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        return common.Papers.load(path)

    def sim_data(self, trace):
        d = os.path.join(self.d, "data", trace)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "bits.tsv"), "w", encoding="utf-8") as f:
            f.write("#bit\t" + "\t".join(f"{s}_{c}" for s in SCHEMES for c in ("0", "1", "off")) + "\n")
            f.write("0\t" + "\t".join(["0.5", "0.5", "0"] * 6) + "\n")
        with open(os.path.join(d, "regs.tsv"), "w", encoding="utf-8") as f:
            f.write("#reg\t" + "\t".join(f"{s}_{v}" for s in SCHEMES for v in "01") + "\n")
            f.write("0\t" + "\t".join(["1.0"] * 12) + "\n")


class Helpers(unittest.TestCase):
    def test_signed_change(self):
        self.assertEqual(rsim.signed(58), "-58%")
        self.assertEqual(rsim.signed(-8), "+8%")
        self.assertEqual(rsim.signed(0.4), "0%")
        self.assertEqual(rsim.signed(-0.4), "0%")

    def test_far(self):
        self.assertTrue(rpatch.far(80, 70))        # 10 points
        self.assertTrue(rpatch.far(5, 2.4))        # 2.6 points and a factor 2
        self.assertFalse(rpatch.far(3, 2.4))
        self.assertFalse(rpatch.far(0.2, 0.05))    # a factor 4 but under a point

    def test_table(self):
        self.assertEqual(common.table(["a", "b"], [[1, 2]]), ["| a | b |", "| --- | ---: |", "| 1 | 2 |"])

    def test_papers_lookup(self):
        p = common.Papers.load(PAPERS)
        self.assertEqual(p.value("aging.rcrar.longest0_reduction"), 58)
        self.assertIsNone(p.get("no.such.row"))
        with self.assertRaises(common.ReportError):
            p.value("no.such.row")
        with self.assertRaises(common.ReportError):
            p.value("aging.table5.occupancy")   # a mean-of row has no number of its own


class Sim(Case):
    def test_figures_and_paper_values(self):
        """Two traces, rc+rar's longest '0' at 0.6 and 0.2: reductions 40 and 80, mean 60; the
        paper's value is taken from the data file (set to 77 here); argo's energy 0.8."""
        for t, l0 in (("DCT", 0.6), ("Other", 0.2)):
            self.put("sim", t, sim_json(t, l0))
            self.sim_data(t)
        papers = self.papers(aging__rcrar__longest0_reduction=77, aging__energy__argo=13.1,
                             aging__table5__unused_windows__DCT=6)
        text = rsim.write(self.res, papers, self.d)
        line = [x for x in text.splitlines() if x.startswith("| rc+rar | longest '0'")][0]
        self.assertEqual(line, "| rc+rar | longest '0' duty cycle | -40% | -80% | **-60%** | -77% |")
        self.assertIn("| argo | 0.800 | 0.800 | **0.800** | 0.869 |", text)
        self.assertIn("| DCT | 11 | 16 x 11 = 69%, 7 unused windows | 69%, 6 | 40, 8.00 (34%) | 32 |", text)
        self.assertIn("**50.0%** (paper 52%)", text)
        self.assertIn("RC+RAR: special MOVs are 1.00% of register writes (paper: under 0.7%)", text)
        # in-tree traces first (the JSON's trace path), each sorted
        self.assertLess(text.index("| DCT |"), text.index("| Other |"))
        with open(os.path.join(self.d, "data", "plot", "l0.dat"), encoding="utf-8") as f:
            rows = f.read().splitlines()
        self.assertEqual(rows[-1], "average\t1\t1\t1\t0.4\t1\t1")
        with open(os.path.join(self.d, "data", "plot", "fig7.dat"), encoding="utf-8") as f:
            self.assertEqual(f.readline(), "DCT\t0.25\t0.25\t0\t0.5\t0\n")

    def test_missing_scheme_is_refused(self):
        obj = sim_json("DCT", 0.5)
        obj["schemes"] = obj["schemes"][:-1]
        self.put("sim", "DCT", obj)
        with self.assertRaisesRegex(common.ReportError, "no scheme argo"):
            rsim.write(self.res, common.Papers.load(PAPERS), self.d)

    def test_no_results_no_section(self):
        self.assertIsNone(rsim.write(self.res, common.Papers.load(PAPERS), self.d))


class Patch(Case):
    def test_against_the_paper(self):
        """Normal writes 80 % and 60 % (packed), 70 % (recorded) -> means 70 and 70; the paper's
        normal writes set to 65 here, so its patches are 100 - 65 = 35; the CU's spill peak."""
        for sc in rpatch.SCENARIOS:
            for pol in rpatch.PLACEMENTS:
                for t, normal in (("A", 0.8), ("B", 0.6)):
                    self.put(rpatch.flow(sc, pol), t, patch_json(t, sc, pol, normal if pol == "packed" else 0.7))
        text = rpatch.write(self.res, self.papers(dcpatch__writes_without_patch=65), self.d)
        self.assertIn("| Fig. 5 normal writes (common) | 65 | 70.0 | 70.0 |", text)
        self.assertIn("| Fig. 5 patches, faulty + reliable (common) | 35 | 20.0 | 20.0 |", text)
        self.assertIn("| A.trace.xz | common | recorded | 30.0 | 10.0 | 10.0 | 10.0 | 10.0 | 50.0 | "
                      "70.0 | 10.0 | 10.0 | 0.0 | 1.00 | 1.00 | 2.50 | 10 | 0 |", text)
        self.assertIn("| spill partition peak, KB a compute unit (dispersed, largest trace) | 23 (BlackS), "
                      "<= 3 others | 2.50 | 2.50 |", text)
        self.assertIn("| Fig. 3 share of occupied entries: reliable, uncompressed (common) | 28.9 | 25.0 | 25.0 |",
                      text)

    def test_wrong_placement_is_refused(self):
        self.put("patch-common", "A", patch_json("A", "common", "recorded", 0.7))
        with self.assertRaisesRegex(common.ReportError, "not a common run under --map packed"):
            rpatch.write(self.res, common.Papers.load(PAPERS), self.d)


class Sections(Case):
    def test_pilot(self):
        from tools.report import eval_report_pilot as rpilot
        self.put("pilot", "A", pilot_json(50.0))
        self.put("pilot", "B", pilot_json(70.0))
        text = rpilot.write(self.res, self.papers(pilot__top3_share=61), self.d)
        self.assertIn("threshold 85 of 400 issue slots scaled to a compute unit's 50: 11", text)
        self.assertIn("| mean of the 2 kernels (per kernel, as Fig. 2) | 2 |  |  | 60.0% | 70.0% | 80.0% |", text)
        self.assertIn("| paper (Figs. 2, 4, 10, 11) |  |  |  | 61% | 72% | 77% | 25% (sgemm) |  | "
                      "55% (sgemm) |  | 22% | -54% | -39% |", text)
        with open(os.path.join(self.d, "pilot", "fig10.dat"), encoding="utf-8") as f:
            self.assertEqual(f.readline(), "A\t2.0\t19.0\t79.0\n")

    def test_pv(self):
        from tools.report import eval_report_pv as rpv
        self.put("pv", "A", pv_json(0.9))
        self.put("pv-t0pv", "A", pv_json(1.3))
        text = rpv.write(self.res, self.papers(pv__guardband__pvopt=0.71), self.d)
        self.assertIn("| A | 0.900 | 0.900 | 1.300 | 1.300 |", text)
        self.assertIn("| paper (Section 6.2) | 0.71 | 0.56 |  |  |", text)
        self.assertIn("VL-SB gain +60.0%", text)
        self.assertNotIn("Paper:", text)
        with open(os.path.join(self.d, "pv", "pv.gp"), encoding="utf-8") as f:
            self.assertIn("0.71 with lines", f.read())

    def test_pv_needs_its_t0_pv_run(self):
        from tools.report import eval_report_pv as rpv
        self.put("pv", "A", pv_json(0.9))
        with self.assertRaisesRegex(common.ReportError, "pv-t0pv/A: missing"):
            rpv.write(self.res, common.Papers.load(PAPERS), self.d)


class CommandLine(Case):
    def test_usage_and_errors(self):
        self.assertEqual(quiet(er.main, []), 2)
        self.assertEqual(quiet(er.main, [self.res, PAPERS, self.d, "nosuch"]), 2)
        self.assertEqual(quiet(er.main, [self.res, PAPERS, self.d]), 1)       # no results dir
        os.makedirs(self.res)
        self.assertEqual(quiet(er.main, [self.res, PAPERS, self.d]), 1)       # no results in it
        self.put("pilot", "A", {"n": 4})
        self.assertEqual(quiet(er.main, [self.res, PAPERS, self.d, "pilot"]), 1)  # a bad result

    def test_report_md(self):
        self.put("pilot", "A", pilot_json(50.0))
        self.assertEqual(quiet(er.main, [self.res, PAPERS, self.d]), 0)
        with open(os.path.join(self.d, "report.md"), encoding="utf-8") as f:
            text = f.read()
        self.assertTrue(text.startswith(er.TITLE))
        self.assertIn("## Pilot register file", text)
        self.assertIn("[reproduction.md](reproduction.md)", text)

    def test_every_report_id_is_a_ledger_row(self):
        """The ids the sections read are rows of the data file (a typo would fail at run time)."""
        with open(PAPERS, encoding="utf-8") as f:
            ids = {r["id"] for r in rp.parse_papers(f.read(), PAPERS)}
        for rid in ("aging.compressible_writes.MatrixTranspose", "aging.mov_share",
                    "aging.wc.dvth_t1_saving", "aging.rar.longest0_reduction",
                    "aging.table5.unused_windows.BlackScholes", "dcpatch.spill_kb.Histogram",
                    "dcpatch.spill_kb.MatrixMultiplication", "pilot.frf_static.sgemm",
                    "pilot.frf_oracle.sgemm", "dcpatch.lds_loads.BlackScholes"):
            self.assertIn(rid, ids)


if __name__ == "__main__":
    unittest.main()
