#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/regress/coverage_gate.py (make coverage's gate): Verilator .dat
and exclusion parsing, which points an exclusion names, and the verdict: never hit, excluded,
stale or wrong exclusions, the X-initial settle of a constant bit."""
import os
import sys
import tempfile
import unittest

from tools.regress import coverage_gate as cg


def rec(f, line, page, what, hier, count):
    """One point as Verilator 5.006 writes it."""
    keys = [("f", f), ("l", str(line)), ("n", "9"), ("page", page), ("o", what), ("h", hier)]
    return "C '" + "".join(f"\x01{k}\x02{v}" for k, v in keys) + f"' {count}"


DAT = "\n".join([
    "# SystemC::Coverage-3",
    rec("rtl/a.v", 10, "v_line/a", "block", "TOP.a", 5),
    rec("rtl/a.v", 12, "v_branch/a", "if", "TOP.a", 3),
    rec("rtl/a.v", 12, "v_branch/a", "else", "TOP.a", 0),
    rec("rtl/a.v", 4, "v_toggle/a", "q[0]", "TOP.a", 7),
    rec("rtl/a.v", 4, "v_toggle/a", "q[1]", "TOP.a", 0),
    rec("rtl/b.v", 6, "v_toggle/b", "x", "TOP.a.u_b", 0),
    rec("rtl/b.v", 7, "v_toggle/b", "k[0]", "TOP.a.u_b", 2),
    rec("rtl/b.v", 7, "v_toggle/b", "k[1]", "TOP.a.u_b", 0),
]) + "\n"


def ex_line(block="a", kind="toggle", where="*", hier="*", what="*", reason="tied low"):
    return "\t".join([block, kind, where, hier, what, reason])


class ParseDat(unittest.TestCase):
    def test_fields_of_each_kind(self):
        pts = cg.parse_dat(DAT)
        self.assertEqual(len(pts), 8)
        self.assertEqual(pts[0], cg.Point("line", 5, "rtl/a.v", 10, "block", "TOP.a"))
        self.assertEqual([p.kind for p in pts],
                         ["line", "branch", "branch"] + ["toggle"] * 5)
        self.assertEqual(pts[4].what, "q[1]")
        self.assertEqual(pts[5].hier, "TOP.a.u_b")

    def test_a_malformed_line_is_an_error_naming_it(self):
        with self.assertRaisesRegex(cg.InputError, r"x\.dat:2: not a coverage point"):
            cg.parse_dat("# SystemC::Coverage-3\nC 'oops 5\n", "x.dat")

    def test_a_non_numeric_line_is_an_error(self):
        with self.assertRaisesRegex(cg.InputError, r"line 'x' is not a number"):
            cg.parse_dat("C '\x01f\x02a.v\x01l\x02x\x01page\x02v_line/a\x01h\x02TOP' 1\n")

    def test_a_point_without_its_file_is_an_error(self):
        with self.assertRaisesRegex(cg.InputError, r"without f"):
            cg.parse_dat("C '\x01l\x021\x01page\x02v_line/a\x01h\x02TOP' 1\n")


class LcovBranches(unittest.TestCase):
    def test_counts_taken_and_untaken(self):
        info = "SF:x.v\nBRDA:3,0,0,4\nBRDA:3,0,1,-\nBRDA:5,0,0,0\nDA:3,4\n"
        self.assertEqual(cg.lcov_branches(info), (1, 3))

    def test_none(self):
        self.assertEqual(cg.lcov_branches("SF:x.v\nDA:1,1\n"), (0, 0))


class Exclusions(unittest.TestCase):
    def test_parse_skips_comments_and_keeps_the_origin(self):
        exs = cg.parse_exclusions("# c\n\n" + ex_line() + "\n", "e.tsv")
        self.assertEqual(len(exs), 1)
        self.assertEqual(exs[0].reason, "tied low")
        self.assertEqual(exs[0].origin, "e.tsv:3")

    def test_wrong_field_count_unknown_kind_or_empty_reason_is_an_error(self):
        for text, msg in [("a\ttoggle\t*\n", "3 tab-separated fields"),
                          (ex_line(kind="toggles"), "kind 'toggles'"),
                          (ex_line(reason=" "), "an empty field")]:
            with self.assertRaisesRegex(cg.InputError, msg):
                cg.parse_exclusions(text, "e.tsv")

    def test_brackets_are_literal_and_star_is_any_run(self):
        p = cg.Point("toggle", 0, "rtl/a.v", 4, "q[1]", "TOP.a")
        self.assertTrue(cg.matches(cg.parse_exclusions(ex_line(what="q[1]"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(what="q[0]"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(what="q1"))[0], "a", p))
        self.assertTrue(cg.matches(cg.parse_exclusions(ex_line(what="q[*]"))[0], "a", p))
        self.assertTrue(cg.matches(cg.parse_exclusions(ex_line(what="q[{0,1,2}]"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(what="q[{0,2}]"))[0], "a", p))
        self.assertTrue(cg.matches(cg.parse_exclusions(ex_line(what="{x,q[*]}"))[0], "a", p))
        self.assertTrue(cg.matches(cg.parse_exclusions(ex_line(where="rtl/{b,a}.v:{3,4}"))[0],
                                   "a", p))
        self.assertTrue(cg.matches(cg.parse_exclusions(ex_line(where="rtl/a.v:*"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(where="rtl/a.v:5"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(block="b"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(kind="line"))[0], "a", p))
        self.assertFalse(cg.matches(cg.parse_exclusions(ex_line(hier="TOP.a.*"))[0], "a", p))


class Judge(unittest.TestCase):
    def verdict(self, exclusion_text, registered=None, runs=3):
        return cg.judge({"a": cg.parse_dat(DAT)}, cg.parse_exclusions(exclusion_text),
                        registered, {"a": runs})

    def test_every_unhit_point_is_open_without_exclusions(self):
        v = self.verdict("")
        self.assertEqual([(p.kind, p.what) for p in v.open["a"]],
                         [("branch", "else"), ("toggle", "q[1]"), ("toggle", "x"),
                          ("toggle", "k[1]")])
        self.assertEqual(v.errors, [])

    def test_exclusions_close_the_points_they_name(self):
        v = self.verdict("\n".join([ex_line(what="q[1]", reason="bit 1 tied"),
                                    ex_line(kind="branch", where="rtl/a.v:12", what="else"),
                                    ex_line(hier="TOP.a.u_b", what="{x,k[1]}")]))
        self.assertEqual(v.open["a"], [])
        self.assertEqual(v.errors, [])
        self.assertEqual([(p.what, e.reason) for p, e in v.excluded["a"]],
                         [("else", "tied low"), ("q[1]", "bit 1 tied"), ("x", "tied low"),
                          ("k[1]", "tied low")])

    def test_a_constant_bit_changed_twice_per_run_at_most_may_be_excluded(self):
        # k[0] changed twice in 3 runs: the X-initial settle (up to 2 a run)
        v = self.verdict(ex_line(hier="TOP.a.u_b", what="k[*]"))
        self.assertEqual(v.errors, [])
        v = self.verdict(ex_line(hier="TOP.a.u_b", what="k[*]"), runs=1)
        self.assertEqual(v.errors, [])
        self.assertEqual([p.what for p, _ in v.excluded["a"]], ["k[0]", "k[1]"])
        v = self.verdict(ex_line(hier="TOP.a.u_b", what="k[*]"), runs=0)
        self.assertIn("names a point hit 2 times in 0 runs", v.errors[0])

    def test_an_exclusion_naming_no_point_is_stale(self):
        v = self.verdict(ex_line(what="nosuch"))
        self.assertEqual(len(v.errors), 1)
        self.assertIn("names no point of a: stale", v.errors[0])

    def test_an_exclusion_naming_a_toggling_bit_is_an_error(self):
        v = self.verdict(ex_line(what="q[*]"))   # q[0]: 7 changes in 3 runs
        self.assertEqual(len(v.errors), 1)
        self.assertIn("names a point hit 7 times in 3 runs", v.errors[0])
        self.assertIn("q[0]", v.errors[0])
        self.assertNotIn("q[1]", [p.what for p in v.open["a"]])  # excluded; the error fails it
        self.assertEqual(self.verdict(ex_line(what="q[*]"), runs=4).errors, [])

    def test_an_exclusion_naming_a_hit_branch_or_line_is_an_error(self):
        v = self.verdict(ex_line(kind="branch", what="*"))
        self.assertEqual(len(v.errors), 1)
        self.assertIn("hit 3 times in 3 runs: a branch rtl/a.v:12 TOP.a if", v.errors[0])

    def test_toggle_points_within_the_settle_are_listed(self):
        pts = {"a": cg.parse_dat(DAT)}
        v = cg.judge(pts, [], None, {"a": 1})
        self.assertEqual([p.what for p in cg.settle_only(pts, v, {"a": 1})["a"]], ["k[0]"])
        self.assertEqual([p.what for p in cg.settle_only(pts, v, {"a": 4})["a"]], ["q[0]", "k[0]"])
        v = cg.judge(pts, cg.parse_exclusions(ex_line(what="k[*]")), None, {"a": 1})
        self.assertEqual(cg.settle_only(pts, v, {"a": 1})["a"], [])

    def test_exclusions_of_blocks_not_run_are_unchecked_unless_unregistered(self):
        v = self.verdict(ex_line(block="c"), registered={"a", "c"})
        self.assertEqual((v.errors, len(v.unchecked)), ([], 1))
        v = self.verdict(ex_line(block="zz"), registered={"a", "c"})
        self.assertIn("block zz is not registered", v.errors[0])


class Main(unittest.TestCase):
    """The command: exit 1 naming the unhit point; 0 once it is excluded; the summary written."""

    def run_gate(self, exclusions):
        d = tempfile.mkdtemp()
        with open(f"{d}/a.dat", "w", encoding="utf-8") as f:
            f.write(DAT)
        os.mkdir(f"{d}/dat")
        for seed in (1, 2, 3):
            with open(f"{d}/dat/a.s{seed}.dat", "w", encoding="utf-8") as f:
                f.write("# SystemC::Coverage-3\n")
        with open(f"{d}/a.info", "w", encoding="utf-8") as f:
            f.write("SF:rtl/a.v\nDA:10,5\nend_of_record\n")
        with open(f"{d}/ex.tsv", "w", encoding="utf-8") as f:
            f.write(exclusions)
        out = os.path.join(d, "stdout")
        with open(out, "w", encoding="utf-8") as so:
            saved, sys.stdout = sys.stdout, so
            try:
                rc = cg.main(["coverage_gate.py", "-o", d, "-x", f"{d}/ex.tsv", "a"])
            finally:
                sys.stdout = saved
        with open(out, encoding="utf-8") as f, open(f"{d}/summary.md", encoding="utf-8") as s:
            return rc, f.read(), s.read()

    def test_fails_naming_the_unhit_points(self):
        rc, text, summary = self.run_gate("")
        self.assertEqual(rc, 1)
        self.assertIn("never hit, not excluded: a branch rtl/a.v:12 TOP.a else", text)
        self.assertIn("| a | 1/1 (100.0%) | 1/2 (50.0%) | 2/5 (40.0%) | no points | - |", summary)
        self.assertIn("- toggle rtl/b.v:7 k[1] (TOP.a.u_b)", summary)

    def test_passes_once_excluded(self):
        rc, text, summary = self.run_gate("\n".join([
            ex_line(what="q[1]"), ex_line(kind="branch", what="else"), ex_line(what="x"),
            ex_line(what="k[*]", reason="k is 2'b01")]) + "\n")
        self.assertEqual(rc, 0, text)
        self.assertIn("| a | 1/1 (100.0%) | 1/1 (100.0%) | 1/1 (100.0%) | no points | 5 |", summary)
        self.assertIn("2 points, 1 changed only at the X-initial settle. k is 2'b01", summary)
        self.assertIn("every point of 1 blocks hit or excluded (5 excluded)", text)

    def test_fails_on_a_stale_exclusion(self):
        rc, text, _ = self.run_gate("\n".join([
            ex_line(what="q[1]"), ex_line(kind="branch", what="else"), ex_line(what="{x,k[*]}"),
            ex_line(what="gone[3]")]) + "\n")
        self.assertEqual(rc, 1)
        self.assertIn("(a toggle * * gone[3]) names no point of a: stale", text)

    def test_unreadable_input_is_exit_2(self):
        saved, sys.stderr = sys.stderr, open(os.devnull, "w", encoding="utf-8")
        try:
            self.assertEqual(cg.main(["coverage_gate.py", "-o", "/nonexistent", "a"]), 2)
        finally:
            sys.stderr.close()
            sys.stderr = saved


if __name__ == "__main__":
    unittest.main()
