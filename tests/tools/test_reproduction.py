#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/report/reproduction.py, the reproduction ledger (docs/eval.md): the
expression language, the tolerance rule and the classes, the papers' data file, the build from
hand-made results, and the check that refuses a ledger with a missing id, a wrong class or no cause."""
import contextlib
import copy
import io
import json
import os
import shutil
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
from tools.report import reproduction as rp

HEADER = "\t".join(rp.COLUMNS)


def row(id_, paper_value, flow="-", ours="-", agg="-", neutral="-", tol=None, unit="%",
        cause="why (docs/eval.md)"):
    tol = tol if tol is not None else ("-" if flow == "-" else "rule")
    return "\t".join([id_, id_.split(".")[0], "Sec. 1", "a metric", unit, str(paper_value), tol,
                      str(neutral), flow, ours, agg, cause])


def quiet(fn, *args):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return fn(*args)


class Expressions(unittest.TestCase):
    OBJ = {"a": 2, "b": {"c": 8}, "schemes": [{"scheme": "rc+rar", "x": 0.25},
                                              {"scheme": "PV-opt (+hybrid)", "x": 0.5}],
           "top": [10, 20, 30], "flag": True, "name": "s"}

    def ev(self, text):
        return rp.evaluate(rp.parse_expr(text), self.OBJ)

    def test_arithmetic_and_precedence(self):
        self.assertEqual(self.ev("1+2*3"), 7)
        self.assertEqual(self.ev("(1+2)*3"), 9)
        self.assertEqual(self.ev("-a+10"), 8)
        self.assertEqual(self.ev("100*(1-schemes[rc+rar].x/b.c)"), 100 * (1 - 0.25 / 8))

    def test_paths(self):
        self.assertEqual(self.ev("schemes[PV-opt (+hybrid)].x"), 0.5)
        self.assertEqual(self.ev("top[2]"), 30)
        self.assertEqual(self.ev("b.c"), 8)

    def test_division_by_zero_is_none(self):
        self.assertIsNone(self.ev("a/(a-2)"))

    def test_bad_expressions_and_paths(self):
        for text in ("1+", "(a", "a b", "a$", "top[3]", "nope", "schemes[none].x", "flag", "name",
                     "b", "a[0]"):
            with self.subTest(text=text), self.assertRaises(rp.LedgerError):
                self.ev(text)


class Classes(unittest.TestCase):
    def test_tolerance_rule(self):
        self.assertAlmostEqual(rp.tolerance_rule("%", 58, 0), 11.6)
        self.assertEqual(rp.tolerance_rule("%", 2.4, 0), 1.0)        # at least one point
        self.assertAlmostEqual(rp.tolerance_rule("ratio", 0.73, 1), 0.054)
        self.assertEqual(rp.tolerance_rule("ratio", 0.99, 1), 0.02)

    def test_classify(self):
        self.assertEqual(rp.classify(None, 58, 11.6, 0), "not-computed")
        self.assertEqual(rp.classify(50, 58, 11.6, 0), "reproduced")
        self.assertEqual(rp.classify(46.4, 58, 11.6, 0), "reproduced")  # the edge
        self.assertEqual(rp.classify(30, 58, 11.6, 0), "direction")
        self.assertEqual(rp.classify(-5, 58, 11.6, 0), "opposite")
        self.assertEqual(rp.classify(0, 58, 11.6, 0), "opposite")     # no effect at all
        self.assertEqual(rp.classify(1.12, 0.56, 0.088, 1), "opposite")  # a guardband that grows
        self.assertEqual(rp.classify(0.9, 0.56, 0.088, 1), "direction")

    def test_bounds(self):
        """A paper's "less than 2%" or "over 90 percent" is reproduced anywhere on its side."""
        self.assertEqual(rp.classify(0.1, 2, 0, 0, "below"), "reproduced")
        self.assertEqual(rp.classify(2, 2, 0, 0, "below"), "reproduced")      # the edge
        self.assertEqual(rp.classify(9, 2, 0, 0, "below"), "direction")       # a loss, too large
        self.assertEqual(rp.classify(-1, 2, 0, 0, "below"), "reproduced")    # a gain is less too
        self.assertEqual(rp.classify(97, 90, 0, 50, "above"), "reproduced")
        self.assertEqual(rp.classify(60, 90, 0, 50, "above"), "direction")
        self.assertEqual(rp.classify(30, 90, 0, 50, "above"), "opposite")


class PapersFile(unittest.TestCase):
    def parse(self, *rows):
        return rp.parse_papers("# comment\n" + HEADER + "\n" + "\n".join(rows) + "\n", "t.tsv")

    def test_good_rows(self):
        rows = self.parse(row("aging.x", 58, "sim", "schemes[rc].a", "mean", 0),
                          row("pv.y", 0.7), row("aging.t5", "mean-of:aging.t5.", "sim", "a", "mean", 50))
        self.assertEqual([r["id"] for r in rows], ["aging.x", "pv.y", "aging.t5"])
        self.assertIsNone(rows[1]["tree"])
        self.assertEqual(rows[2]["paper_value"], ("mean-of", "aging.t5."))

    def test_bad_rows_are_refused(self):
        bad = [row("aging.x", "abc"), row("aging.x", 1, "sim", "a", "median", 0),
               row("aging.x", 1, "nope", "a", "mean", 0), row("aging.x", 1, "sim", "a+", "mean", 0),
               row("aging.x", 1, "sim", "a", "mean", "-"), row("pilot.x", 1).replace("pilot\t", "aging\t", 1),
               row("aging.x", 1, cause=""), row("aging.x", 1) + "\textra", row("aging.x", 1, ours="a"),
               row("Aging", 1)]
        for b in bad:
            with self.subTest(row=b), self.assertRaises(rp.LedgerError):
                self.parse(b)
        with self.assertRaises(rp.LedgerError):
            self.parse(row("aging.x", 1), row("aging.x", 2))          # an id twice
        with self.assertRaises(rp.LedgerError):
            rp.parse_papers("id\tpaper\n", "t.tsv")                    # wrong header

    def test_the_data_file(self):
        """data/papers/reproduction.tsv parses and holds every required id, with its number."""
        with open(os.path.join(ROOT, "data", "papers", "reproduction.tsv"), encoding="utf-8") as f:
            rows = rp.parse_papers(f.read(), "reproduction.tsv")
        ids = {r["id"]: r for r in rows}
        for i in rp.REQUIRED_IDS:
            self.assertIn(i, ids)
        self.assertEqual(ids["aging.rcrar.longest0_reduction"]["paper_value"], 58)
        self.assertEqual(ids["pilot.frf_share"]["paper_value"], 62)
        self.assertEqual(ids["pv.guardband.pvopt"]["paper_value"], 0.73)


PAPERS_DIR = os.path.join(ROOT, "..", "shared", "papers")
# Values the data file derives from the text rather than copies: the words they come from.
DERIVED = {"pv.guardband.pvopt": "reduces the guardband requirement by 27 percent",
           "pv.guardband.pvopt_nbtiopt": "further substantially reduces it to 56 percent",
           "dcpatch.lds_writes.BlackScholes": "the percentage ranges between 1-2%",
           "aging.rar.longest0_reduction": "using the RARonly approach does not reduce the longest '0' duty cycle",
           "aging.wc.longest0_reduction": "The same results can be seen for the WC approach",
           # the arrays' storage bits and rc_slice's units (make synth's report, data/papers/synth.tsv)
           "aging.ctable.bits": "the compression table size is 1.22 KB",
           "aging.slice.bits": "each SIMD works with a 64 KB slice of the register file",
           "aging.table2.area.slice_units": "RC includes one compression unit and two decompression units for each slice",
           "dcpatch.pt.bits": "The PT is 416-byte memory array",
           "dcpatch.drb.bits": "a Destination Register Buffer (DRB), as large as a slice entry",
           "pv.rf.bits": "each SM contains 128 KB registers"}
# WC's dVth and longest '1' reductions, 0: it reaches the maximum as the baseline does.
WC_AT_MAXIMUM = ("baseline and WC approaches, which reach the theoretical maximum dV_{th} in all the "
                 "applications according to the discussed 100 percent '0' and '1' duty cycle")
DERIVED.update({f"aging.wc.{m}": WC_AT_MAXIMUM
                for m in ("longest1_reduction", "dvth_t0_saving", "dvth_t1_saving")})


@unittest.skipUnless(os.path.isdir(PAPERS_DIR), "the papers' texts are not beside the repository")
class ReadFromThePapers(unittest.TestCase):
    def test_every_value_is_in_its_paper(self):
        """Each paper value of data/papers/reproduction.tsv is written in its paper's text (a
        number as printed, trailing zeros allowed), or derived from the words DERIVED quotes."""
        import re
        with open(os.path.join(ROOT, "data", "papers", "reproduction.tsv"), encoding="utf-8") as f:
            rows = rp.parse_papers(f.read(), "reproduction.tsv")
        texts = {}
        for key, stem in rp.PAPERS.items():
            with open(os.path.join(PAPERS_DIR, stem + ".txt"), encoding="utf-8") as f:
                texts[key] = " ".join(f.read().split())
        for r in rows:
            if isinstance(r["paper_value"], tuple):
                continue
            with self.subTest(id=r["id"]):
                if r["id"] in DERIVED:
                    self.assertIn(DERIVED[r["id"]], texts[r["paper"]])
                    continue
                num = f"{r['paper_value']:g}"
                pat = r"(?<![\d.])" + re.escape(num) + (r"0*" if "." in num else r"(?:\.0+)?") + r"(?![\d])"
                self.assertRegex(texts[r["paper"]], pat)


class Build(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.d)

    def result(self, flow, trace, obj):
        os.makedirs(os.path.join(self.d, "json", flow), exist_ok=True)
        with open(os.path.join(self.d, "json", flow, trace + ".json"), "w", encoding="utf-8") as f:
            json.dump(obj, f)

    def ledger(self, *rows):
        rows = rp.parse_papers(HEADER + "\n" + "\n".join(rows) + "\n", "t.tsv")
        return rp.build(rows, rp.load_results(os.path.join(self.d, "json")))

    def test_aggregations_and_classes(self):
        self.result("sim", "A", {"v": 0.5, "occ": 16})
        self.result("sim", "B", {"v": 0.1, "occ": 90})
        self.result("pilot", "A", {"kernel": [{"t": [60]}, {"t": [80]}, {"t": [70]}]})
        self.result("pilot", "B", {"kernel": [{"t": [50]}]})
        out = {r["id"]: r for r in self.ledger(
            row("aging.red", 58, "sim", "100*v", "mean", 0),
            row("aging.geo", 20, "sim", "100*v", "geomean", 0),
            row("pilot.top", 72, "pilot", "t[0]", "kernels", 50),
            row("aging.t5", "mean-of:aging.t5.", "sim", "occ", "mean", 50),
            row("aging.t5.A", 20, "sim", "occ", "trace:A", 50),
            row("aging.t5.C", 95, "sim", "occ", "trace:C", 50),
            row("aging.none", 1.5))}
        self.assertEqual(out["aging.red"]["ours"], 30)
        self.assertEqual(out["aging.red"]["per_trace"], {"A": 50, "B": 10})
        self.assertEqual(out["aging.red"]["class"], "direction")
        self.assertEqual(out["aging.red"]["cause"], "why (docs/eval.md)")
        self.assertAlmostEqual(out["aging.geo"]["ours"], (50 * 10) ** 0.5, places=3)
        self.assertEqual(out["pilot.top"]["ours"], 65)                # every kernel, not per trace
        self.assertEqual(out["pilot.top"]["per_trace"], {"A": 70, "B": 50})
        self.assertEqual(out["pilot.top"]["class"], "direction")
        self.assertEqual(out["aging.t5.A"]["class"], "reproduced")
        self.assertIsNone(out["aging.t5.A"]["cause"])

        self.assertEqual(out["aging.t5.C"]["class"], "not-computed")  # no trace C in the run
        self.assertEqual(out["aging.t5"]["paper_value"], 20)          # only the kernels run
        self.assertEqual(out["aging.none"]["class"], "not-computed")

    def test_a_bound_row(self):
        self.result("sim", "A", {"v": 0.5})
        out = {r["id"]: r for r in self.ledger(
            row("aging.lt", 60, "sim", "100*v", "mean", 0, tol="below"),
            row("aging.gt", 60, "sim", "100*v", "mean", 0, tol="above"))}
        self.assertEqual((out["aging.lt"]["class"], out["aging.lt"]["bound"]), ("reproduced", "below"))
        self.assertEqual((out["aging.gt"]["class"], out["aging.gt"]["bound"]), ("direction", "above"))
        self.assertIn("≤ 60", rp.markdown({"counts": {c: 0 for c in rp.CLASSES}, "traces": ["A"],
                                           "rows": list(out.values())}))

    def test_results_errors(self):
        self.result("sim", "A", {"v": 1})
        with self.assertRaises(rp.LedgerError):
            self.ledger(row("aging.x", 1, "sim", "w", "mean", 0))      # a field the JSON lacks
        with open(os.path.join(self.d, "json", "sim", "B.json"), "w", encoding="utf-8") as f:
            f.write("{not json")
        with self.assertRaises(rp.LedgerError):
            rp.load_results(os.path.join(self.d, "json"))
        with self.assertRaises(rp.LedgerError):
            rp.load_results(os.path.join(self.d, "nothing"))

    def test_synth_rows_from_make_powers_csv(self):
        """Flow synth: power.csv and area.csv rows picked by block; without power.csv (or without
        the block) the row is not computed and says to run make power."""
        rows = rp.parse_papers(HEADER + "\n" + "\n".join([
            row("aging.t", 0.7, "synth", "power[rc_compress].delay_scaled_ns", "mean", 0, unit="ns"),
            row("aging.a", 0.007, "synth", "area[rc_compress].scaled_area_mm2", "mean", 0, unit="mm2"),
            row("aging.p", 1.0, "synth", "power[psu].leakage_scaled_uw/1000", "mean", 0, unit="mW")])
            + "\n", "t.tsv")
        synth = os.path.join(self.d, "synth")
        os.makedirs(synth)
        self.assertEqual(rp.synth_results(synth), {})
        none = {r["id"]: r for r in rp.build(rows, {})}
        self.assertEqual(none["aging.t"]["class"], "not-computed")
        self.assertIn("run make power", none["aging.t"]["cause"])
        with open(os.path.join(synth, "power.csv"), "w", encoding="utf-8") as f:
            f.write("block,op,delay_scaled_ns\nrc_compress,\"a write, one\",0.75\n")
        with open(os.path.join(synth, "area.csv"), "w", encoding="utf-8") as f:
            f.write("block,scaled_area_mm2,paper_delay_ns\nrc_compress,0.0018,\n")
        results = rp.synth_results(synth)
        self.assertEqual(results["synth"][rp.SYNTH_RUN]["area"], [{"block": "rc_compress",
                                                                 "scaled_area_mm2": 0.0018}])
        out = {r["id"]: r for r in rp.build(rows, results)}
        self.assertEqual((out["aging.t"]["ours"], out["aging.t"]["class"]), (0.75, "reproduced"))
        self.assertEqual((out["aging.a"]["ours"], out["aging.a"]["class"]), (0.0018, "direction"))
        self.assertEqual(out["aging.a"]["cause"], "why (docs/eval.md)")
        self.assertEqual(out["aging.p"]["class"], "not-computed")     # no psu row
        self.assertIn("run make power", out["aging.p"]["cause"])

    def test_command_line(self):
        self.result("sim", "A", {"v": 1})
        papers = os.path.join(self.d, "p.tsv")
        with open(papers, "w", encoding="utf-8") as f:
            f.write(HEADER + "\n" + row("aging.x", 100, "sim", "100*v", "mean", 0) + "\n")
        # a data file without the required ids gives a ledger the check refuses: exit 1
        self.assertEqual(quiet(rp.main, ["build", papers, os.path.join(self.d, "json"), self.d]), 1)
        self.assertEqual(quiet(rp.main, ["build"]), 2)
        self.assertEqual(quiet(rp.main, ["check", os.path.join(self.d, "missing.json")]), 1)


class Check(unittest.TestCase):
    def good(self):
        rows = [{"id": i, "paper": i.split(".")[0], "where": "Sec. 1", "metric": "m", "unit": "%",
                 "paper_value": 10, "ours": None, "per_trace": {}, "tolerance": None,
                 "neutral": None, "class": "not-computed", "cause": "not modelled (docs/eval.md)"}
                for i in rp.REQUIRED_IDS]
        rows[0].update(ours=10.5, per_trace={"DCT": 10.5}, tolerance=2, neutral=0,
                       **{"class": "reproduced", "cause": None})
        rows[1].update(ours=30, per_trace={"DCT": 30}, tolerance=2, neutral=0,
                       **{"class": "direction", "cause": "why (tests/tools/test_reproduction.py)"})
        counts = {c: sum(r["class"] == c for r in rows) for c in rp.CLASSES}
        return {"rows": rows, "counts": counts}

    def test_good_ledger_passes(self):
        rp.check(self.good(), ROOT)

    def refused(self, change):
        ledger = self.good()
        change(ledger)
        with self.assertRaises(rp.LedgerError):
            rp.check(ledger, ROOT)

    def test_refusals(self):
        def drop(l):
            del l["rows"][-1]
            l["counts"]["not-computed"] -= 1
        self.refused(drop)                                               # a required id missing

        def typed(field, value):
            return lambda l: l["rows"][2].__setitem__(field, value)
        self.refused(typed("paper_value", "10"))
        self.refused(typed("paper_value", True))
        self.refused(typed("ours", "x"))
        self.refused(typed("per_trace", {"DCT": "1"}))
        self.refused(typed("class", "close"))
        self.refused(typed("cause", ""))                                 # not reproduced, no cause
        self.refused(typed("cause", "no path named"))
        self.refused(typed("cause", "see docs/no-such-file.md"))
        self.refused(typed("paper", "other"))
        self.refused(lambda l: l["rows"][1].__setitem__("class", "reproduced"))  # numbers disagree
        self.refused(lambda l: l["rows"][0].__setitem__("tolerance", None))
        self.refused(lambda l: l["counts"].__setitem__("reproduced", 5))
        self.refused(lambda l: l["rows"].append(copy.deepcopy(l["rows"][0])))      # an id twice


if __name__ == "__main__":
    unittest.main()
