#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/run/bench.py (make bench; docs/bench.md, docs/results.md): the tables rendered
from bench.json, a bench's figures from its --result, the base revision's rate from its closing
progress line, bad usage. Nothing is timed against a goal."""
import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
from unittest import mock

from tools.run import bench
from tools.report import results

COMPARE = {"trace": "t.trace.xz", "trace_mb": 100.0, "xz_dc_seconds": 4.0, "xz_dc_user_seconds": 3.5,
           "xz_seconds": 5.0, "xz_user_seconds": 8.0, "xz_mb_per_s": 20.0, "xz_ratio": 1.25, "xz_peak_rss_mb": 60.2,
           "plain_seconds": 2.0, "plain_user_seconds": 1.9, "plain_mb_per_s": 50.0, "plain_peak_rss_mb": 58.0,
           "short_trace": "s.trace.xz", "short_peak_rss_mb": 57.0}
DOC = {"flow": "bench", "version": 1, "seed": 3, "report": "build/bench/report.md",
       "lockstep": [{"block": "blk", "verilator_cycles": 1000, "verilator_cycles_per_s": 2.5e6,
                     "icarus_cycles": 100, "icarus_cycles_per_s": 10400.0}],
       "benches": [{"bench": "blk", "transactions": 7, "unit": "ops", "cycles": 70, "mcycles_per_s": 1.234}],
       "compare": COMPARE}

# a stand-in bench: "--seed S --result FILE [--n N]" writes a run of 70 cycles in 0.5 s
STAND_IN = """#!/bin/sh
cat >"$4" <<EOF
{"flow": "run", "version": 1, "bench": "blk", "seed": $2, "xseed": 1, "mutant": null, "unit": "ops",
 "requested": 7, "transactions": 7, "cycles": 70, "seconds": 0.5, "passed": true,
 "coverage": {"hit": 1, "total": 1, "missed": [], "counts": null, "judged_here": true},
 "first_divergence": null}
EOF
"""


def executable(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, 0o755)


class Tables(unittest.TestCase):
    def test_the_schema_holds_and_the_tables_render_it(self):
        self.assertEqual(results.validate(DOC, results.load_schemas()), [])
        self.assertEqual(bench.lockstep_table(DOC)[4], "| blk | 2.50 M | 1000 | 10.4 k | 100 | 240x |")
        self.assertEqual(bench.benches_table(DOC)[-1], "| blk | 7 ops | 70 | 1.23 M |")

    def test_the_compare_table_renders_the_compare_figures(self):
        table = bench.compare_table(COMPARE)
        self.assertEqual(table[4], "| xz -dc alone | 4.0 | 3.5 | 25.0 | 1.00 |  |")
        self.assertEqual(table[5], "| deltarf compare --chips 10, .xz | 5.0 | 8.0 | 20.0 | 1.25 | 60 |")
        self.assertEqual(table[6], "| deltarf compare --chips 10, plain text | 2.0 | 1.9 | 50.0 | 0.50 | 58 |")
        self.assertIn("57 MB", table[8])

    def test_the_large_trace_table_gives_rates_and_ratios_to_xz(self):
        runs = {"xz": (4.0, 3.5, 2.0), "sim-binom": (8.0, 7.0, 100.4), "sim-black": (30.0, 29.5, 900.0),
                "patch-black": (60.0, 59.0, 1200.0), "patch-binom": (10.0, 9.0, 50.0),
                "pilot-binom": (5.0, 4.0, 20.0), "pv-binom": (6.0, 5.0, 30.0)}
        with tempfile.TemporaryDirectory() as d, mock.patch.object(bench, "OUT", d):
            with open(f"{d}/sim-black.out", "w", encoding="utf-8") as f:
                json.dump({"events": 5, "dispatch": {"waits": 3, "held_mb": 1.5}}, f)
            table = bench.trace_table(runs, 100.0)
        self.assertEqual(table[4], "| xz -dc BinomialOption-gen (100 MB) | 4.0 | 3.5 | 2 | 25.0 | 28.6 | 1.00 | 1.00 |")
        self.assertEqual(table[5], "| deltarf sim, all schemes, BinomialOption-gen | 8.0 | 7.0 | 100 | 12.5 | 14.3 "
                                   "| 2.00 | 2.00 |")
        self.assertEqual(table[6], "| deltarf patch, common, 1 map, BinomialOption-gen | 10.0 | 9.0 | 50 | 10.0 "
                                   "| 11.1 | 2.50 | 2.57 |")
        self.assertEqual(table[7], "| deltarf pilot, BinomialOption-gen | 5.0 | 4.0 | 20 | 20.0 | 25.0 | 1.25 | 1.14 |")
        self.assertEqual(table[9], "| deltarf sim, all schemes, BlackScholes-gen | 30.0 | 29.5 | 900 | | | | |")
        self.assertIn('Waits (BlackScholes-gen): "dispatch":{"waits":3,"held_mb":1.5}', table)

    def test_a_ratio_over_nothing_is_a_dash(self):
        self.assertEqual(bench.ratio_text(3.0, 0.0), "-")
        self.assertEqual(bench.ratio_text(3.0, 2.0, "%.2f"), "1.50")

    def test_human_and_rate(self):
        self.assertEqual([bench.human(x) for x in (2.5e6, 10400, 12)], ["2.50 M", "10.4 k", "12"])
        self.assertEqual([bench.rate(x) for x in (2.5e6, 61234)], ["2.50 M", "61 k"])


class Runs(unittest.TestCase):
    def test_a_bench_speed_from_its_result(self):
        with tempfile.TemporaryDirectory() as d, mock.patch.object(bench, "OUT", d):
            os.makedirs(f"{d}/build/tb")
            executable(f"{d}/build/tb/bench_blk", STAND_IN)
            cwd = os.getcwd()
            os.chdir(d)
            try:
                speed = bench.bench_speed("blk", 3)
            finally:
                os.chdir(cwd)
        self.assertEqual(speed, {"bench": "blk", "transactions": 7, "unit": "ops", "cycles": 70,
                                 "mcycles_per_s": 70 / 0.5 / 1e6})

    def test_timed_gives_wall_cpu_and_peak_memory_and_refuses_a_failure(self):
        with tempfile.TemporaryDirectory() as d:
            wall, user, rss = bench.timed([sys.executable, "-c", "print('x' * 3)"], f"{d}/out")
            with open(f"{d}/out", encoding="utf-8") as f:
                self.assertEqual(f.read(), "xxx\n")
            self.assertGreater(wall, 0)
            self.assertGreaterEqual(user, 0)
            self.assertGreater(rss, 1)  # a Python interpreter holds more than 1 MB
            with self.assertRaises(bench.BenchError) as e:
                bench.timed(["false"], f"{d}/out")
        self.assertIn("false failed (exit 1)", str(e.exception))

    def test_a_bench_without_result_is_an_error(self):
        with tempfile.TemporaryDirectory() as d, mock.patch.object(bench, "OUT", d):
            executable(f"{d}/b", "#!/bin/sh\necho crashed\n")
            with self.assertRaises(bench.BenchError) as e:
                bench.run_bench(f"{d}/b", 1, None, "t")
        self.assertIn(f"no result from {d}/b (see {d}/t.log)", str(e.exception))

    def test_the_base_revisions_rate_from_its_closing_progress_line(self):
        with tempfile.TemporaryDirectory() as d:
            executable(f"{d}/b", "#!/bin/sh\necho 'blk: 5/5 ops, 10 cycles, 9.00 Mcycles/s' >&2\n"
                                 "echo 'blk: 9/9 ops, 2000000 cycles, 9.00 Mcycles/s' >&2\n")
            executable(f"{d}/none", "#!/bin/sh\n")
            self.assertGreater(bench.base_rate(f"{d}/b", "blk", 1, 9), 0.5)  # 2 M cycles in well under 4 s
            self.assertEqual(bench.base_rate(f"{d}/none", "blk", 1, 9), 0.0)

    def test_the_base_run_gives_its_closing_line(self):
        with tempfile.TemporaryDirectory() as d:
            executable(f"{d}/b", "#!/bin/sh\necho 'blk: 9/9 ops, 20 cycles, 9.00 Mcycles/s' >&2\n"
                                 "echo 'blk: 9 passed, 0 failed'\n")
            self.assertEqual(bench.base_run(f"{d}/b", "blk", 1, 9)[1], "blk: 9 passed, 0 failed")
        self.assertEqual(bench.closing_line("x\nblk: coverage 2/2 bins hit\n"), "")

    def test_the_same_outcome_is_the_same_closing_line_and_bin_counts(self):
        with tempfile.TemporaryDirectory() as d:
            for name, text in (("a", "3 x\n1 y\n"), ("b", "3 x\n1 y\n"), ("c", "3 x\n2 y\n")):
                with open(f"{d}/{name}-seed4.coverage.txt", "w", encoding="utf-8") as f:
                    f.write(text)
            line = "blk: 9 passed, 0 failed"
            self.assertEqual(bench.same_outcome(f"{d}/a", f"{d}/b", 4, line, line), "yes (9 passed, 0 failed, 2 bins)")
            self.assertEqual(bench.same_outcome(f"{d}/a", f"{d}/c", 4, line, line), "no: coverage counts differ")
            self.assertEqual(bench.same_outcome(f"{d}/a", f"{d}/z", 4, line, line), "no: coverage counts differ")
            self.assertIn("closing lines differ", bench.same_outcome(f"{d}/a", f"{d}/b", 4, line, "blk: 8 passed, 1 failed"))

    def test_bad_usage(self):
        for argv in ([], ["x"], ["1", "2", "3"], ["-r"], ["base", "1", "rev"], ["base", "x", "rev", "blk"]):
            with contextlib.redirect_stderr(io.StringIO()) as err:
                self.assertEqual(bench.main(argv), 2)
            self.assertIn("usage:", err.getvalue())


if __name__ == "__main__":
    unittest.main()
