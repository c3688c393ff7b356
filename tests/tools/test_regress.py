#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/regress/regress.py (docs/regress.md): the seed list, and the
results of a regression (results.tsv, junit.xml, summary.md, the closing lines) from fixture
job files; a local regression of stand-in benches through the runner."""
import contextlib
import io
import json
import os
import tempfile
import unittest

from tools.regress import regress
from tools.report import results as results_lib

PASS_LOG = "blk: 100 passed, 0 failed\n"
FAIL_LOG = "blk: FIRST DIVERGENCE at cycle 7: signal y <&>\nblk: 6 passed, 1 failed\n"


def run_json(seed, cycles, seconds, divergence=None):
    """A bench's --result (docs/results.md, run)."""
    return json.dumps({
        "flow": "run", "version": 1, "bench": "blk", "seed": seed, "xseed": 3, "mutant": None,
        "unit": "ops", "requested": 100, "transactions": 100 if divergence is None else 6,
        "cycles": cycles, "seconds": seconds, "passed": divergence is None,
        "coverage": {"hit": 1, "total": 1, "missed": [], "counts": None, "judged_here": False},
        "first_divergence": divergence})


DIVERGENCE = {"cycle": 7, "transaction": 7, "mismatches": ["signal y <&>"], "inputs": "", "history": [],
              "replay": "build/tb/bench_blk --seed 2", "waveform": None}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def fixture(d):
    """A regression of blk, seeds 1-3: 1 passed, 2 failed, 3 left no status."""
    write(f"{d}/meta.tsv", "blk.s1\tblk\t1\nblk.s2\tblk\t2\nblk.s3\tblk\t3\n")
    write(f"{d}/jobs", "".join(f"blk.s{s}\ttimeout 60 build/tb/bench_blk --seed {s}\n" for s in (1, 2, 3)))
    write(f"{d}/wall", "local 10\n")
    write(f"{d}/out/blk.s1.log", PASS_LOG)
    write(f"{d}/out/blk.s1.json", run_json(1, 5000, 0.002))
    write(f"{d}/out/blk.s1.status", "0 2.000 node 100 0\n")
    write(f"{d}/out/blk.s2.log", FAIL_LOG)
    write(f"{d}/out/blk.s2.json", run_json(2, 7, 0.4, DIVERGENCE))
    write(f"{d}/out/blk.s2.status", "1 0.500 node 6 1\n")


def report(d):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = regress.report(d)
    return status, out.getvalue().splitlines()


class Seeds(unittest.TestCase):
    def test_ranges_and_numbers(self):
        self.assertEqual(regress.expand_seeds("1-3,7,9-9"), [1, 2, 3, 7, 9])
        for bad in ("3-1", "x", "1,,2", ""):
            with self.assertRaises(regress.RegressError):
                regress.expand_seeds(bad)


class Report(unittest.TestCase):
    def test_results_junit_summary_and_closing_lines(self):
        with tempfile.TemporaryDirectory() as d:
            fixture(d)
            status, lines = report(d)
            results = [line.split("\t") for line in regress.read_lines(f"{d}/results.tsv")]
            junit = "\n".join(regress.read_lines(f"{d}/junit.xml"))
            summary = regress.read_lines(f"{d}/summary.md")
            doc = results_lib.read(f"{d}/regress.json")
        self.assertEqual(status, 1)
        self.assertEqual(results[0], ["blk.s1", "blk", "1", "passed", "0", "2.000", "5000", "2.50",
                                      "node", "", ""])
        self.assertEqual(results[1][3:5] + results[1][9:], ["failed", "1", "build/tb/bench_blk --seed 2",
                                                             "FIRST DIVERGENCE at cycle 7 (ops 7): signal y <&>"])
        self.assertEqual(results[2][3:5] + results[2][9:10], ["failed", "none", "build/tb/bench_blk --seed 3"])
        self.assertIn('<testsuites name="regress" tests="3" failures="2" errors="0" time="2.500">', junit)
        self.assertIn('<testcase classname="regress.blk" name="blk seed 1" time="2.000"/>', junit)
        self.assertIn('<failure type="mismatch" message="replay: build/tb/bench_blk --seed 2">FIRST '
                      'DIVERGENCE at cycle 7 (ops 7): signal y &lt;&amp;&gt;</failure>', junit)
        self.assertIn("<system-out>blk: FIRST DIVERGENCE", junit)
        self.assertIn("      <system-out></system-out>", junit)  # the job that left no log
        self.assertIn("| blk | 3 | 1 | 2 | 5007 | 0.00 | 0.83 |", summary)
        self.assertEqual(summary[2], "3 jobs, LAUNCHER=local, 10 s wall: 1080 seeds per hour. "
                         "Mcycles/s is per job (cycles over the")
        self.assertEqual(summary[-3:], ["| blk | 1 | 2.000 | 5000 | passed |", "| blk | 2 | 0.500 | 7 | failed |",
                                        "| blk | 3 | 0.000 | 0 | failed |"])
        self.assertEqual(lines[-1], "regress: 1 passed, 2 failed")
        self.assertEqual([(j["id"], j["status"], j["exit"]) for j in doc["jobs"]],
                         [("blk.s1", "passed", 0), ("blk.s2", "failed", 1), ("blk.s3", "no result", None)])
        self.assertEqual((doc["passed"], doc["failed"], doc["seeds"], doc["launcher"]), (1, 2, [1, 2, 3], "local"))
        self.assertIn("regress: replay: build/tb/bench_blk --seed 2", lines)

    def test_a_local_regression_of_stand_in_benches(self):
        with tempfile.TemporaryDirectory() as d:
            path = f"{d}/tb/bench_blk"
            write(path, '#!/bin/sh\n[ "$2" = 2 ] && { echo "blk: FIRST DIVERGENCE at 1"; exit 1; }\n'
                        'printf "%10d  a bin\\n" 1 > "$4"; echo "blk: 1 passed, 0 failed"\n')
            os.chmod(path, 0o755)
            with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
                status = regress.main(["-s", "1-3", "-j", "2", "-o", f"{d}/r", "-b", f"{d}/tb", "blk"])
        self.assertEqual(status, 1)
        self.assertEqual(out.getvalue().splitlines()[-1], "regress: 2 passed, 1 failed")

    def test_a_missing_bench_stops_the_regression_before_it_starts(self):
        with tempfile.TemporaryDirectory() as d, contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(regress.main(["-o", d, "-b", d, "no_such"]), 2)
        self.assertIn(f"no bench {d}/bench_no_such", err.getvalue())


if __name__ == "__main__":
    unittest.main()
