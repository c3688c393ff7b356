#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tests/synth_smoke.py (docs/synth.md): the check of make synth's area.csv fails
on a block without a row, with two rows, not synthesised, of an unknown kind or off its paper size."""
import contextlib
import io
import os
import tempfile
import unittest

from tests import synth_smoke as ss

HEADER = "block,status,kind,seconds,macro_check\n"


def row(block, status="ok", kind="logic", check=""):
    return {"block": block, "status": status, "kind": kind, "macro_check": check}


def run(csv_text, blocks, md="# report\n"):
    with tempfile.TemporaryDirectory() as d:
        for name, text in (("area.csv", csv_text), ("area.md", md)):
            with open(os.path.join(d, name), "w") as fh:
                fh.write(text)
        out, err = io.StringIO(), io.StringIO()
        saved = os.environ.get("SYNTH_DIR")
        os.environ["SYNTH_DIR"] = d
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = ss.main(blocks)
        finally:
            os.environ.pop("SYNTH_DIR")
            if saved is not None:
                os.environ["SYNTH_DIR"] = saved
        return rc, out.getvalue(), err.getvalue()


class ProblemsTest(unittest.TestCase):
    def test_every_problem_named(self):
        rows = [row("a"), row("b", status="timeout after 900 s"), row("c", kind="odd"), row("d", check="MISMATCH"),
                row("e"), row("e"), row("x")]
        found, extra = ss.problems(rows, ["a", "b", "c", "d", "e", "f"])
        self.assertEqual(found, ["b: did not synthesise: timeout after 900 s (log: b/b.log)", "c: kind 'odd'",
                                 "d: a memory macro differs from the paper's size (see area.md)",
                                 "e: 2 rows in area.csv", "f: no row in area.csv"])
        self.assertEqual(extra, ["x"])

    def test_clean_run(self):
        self.assertEqual(ss.problems([row("a"), row("m", kind="macro", check="ok")], ["a", "m"]), ([], []))


class MainTest(unittest.TestCase):
    def test_passes_and_fails(self):
        rc, out, _ = run(HEADER + "a,ok,logic,1.0,\n", ["a"])
        self.assertEqual((rc, out.split(":")[0]), (0, "synth_smoke"))
        rc, _, err = run(HEADER + "a,ok,logic,1.0,\n", ["a", "b"])
        self.assertEqual(rc, 1)
        self.assertIn("b: no row in area.csv", err)

    def test_bad_files_are_one_line(self):
        for csv_text, md, what in (("wrong,header\n", "#\n", "unexpected header"), (HEADER, "", "area.md missing")):
            rc, _, err = run(csv_text, ["a"], md)
            self.assertEqual(rc, 1)
            self.assertEqual(len(err.splitlines()), 1)
            self.assertIn(what, err)


if __name__ == "__main__":
    unittest.main()
