#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/run/xsweep.py (docs/xinit.md): every bench under every X seed through
the runner, each failure reported with its divergence and replay, on stand-in benches."""
import contextlib
import io
import os
import tempfile
import unittest

from tools.report import results
from tools.run import xsweep

# a stand-in bench: "--seed S --n N --xseed X --result FILE"; fails under X seed 2, writing
# its result as the harness does (docs/results.md, run)
FLAKY = """#!/bin/sh
[ "$6" = 2 ] && ok=false || ok=true
cat >"$8" <<EOF
{"flow": "run", "version": 1, "bench": "a", "seed": 1, "xseed": $6, "mutant": null, "unit": "ops",
 "requested": 5, "transactions": 2, "cycles": 4, "seconds": 0.1, "passed": $ok,
 "coverage": {"hit": 1, "total": 1, "missed": [], "counts": null, "judged_here": true},
 "first_divergence": {"cycle": 3, "transaction": 3, "mismatches": ["signal y expected 0x1 got 0x0"],
  "inputs": "x=0x1", "history": [], "replay": "bench_a --xseed 2", "waveform": null}}
EOF
if [ "$6" = 2 ]; then echo "a: noise"; exit 1; fi
"""


def sweep(argv):
    with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
        status = xsweep.main(argv)
    return status, out.getvalue().splitlines()


class Sweep(unittest.TestCase):
    def test_a_failure_is_reported_and_a_missing_bench_named(self):
        with tempfile.TemporaryDirectory() as d:
            for name, body in (("a", FLAKY), ("b", "#!/bin/sh\necho b: ok\n")):
                path = os.path.join(d, "bench_" + name)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(body)
                os.chmod(path, 0o755)
            status, lines = sweep(["-d", d, "-l", f"{d}/logs", "-n", "5", "-x", "1 2", "-r", f"{d}/x.json",
                                   "a", "b", "c"])
            self.assertTrue(os.path.exists(f"{d}/logs/out/a-x2.log"))
            doc = results.read(f"{d}/x.json")
        self.assertEqual(status, 1)
        self.assertEqual(lines, ["xsweep: a FAILED under X seed 2 (seed 1)",
                                 "  a: FIRST DIVERGENCE at cycle 3 (ops 3): signal y expected 0x1 got 0x0",
                                 "  a: replay: bench_a --xseed 2", "  a: waveform: none",
                                 "xsweep: 3 benches x 2 X seeds, seed 1",
                                 "xsweep: not run: c", "xsweep: 3 passed, 2 failed"])
        self.assertEqual([(j["id"], j["status"]) for j in doc["jobs"]],
                         [("a-x1", "passed"), ("a-x2", "failed"), ("b-x1", "passed"), ("b-x2", "passed")])
        self.assertEqual((doc["passed"], doc["failed"], doc["not_run"], doc["xseeds"]), (3, 2, ["c"], [1, 2]))
        self.assertEqual(doc["jobs"][1]["run"]["first_divergence"]["cycle"], 3)
        self.assertIsNone(doc["jobs"][2]["run"])  # b writes no result

    def test_no_x_seed_or_no_bench_is_a_usage_error(self):
        for argv in (["a"], ["-x", "1"], ["-x", "1 y", "a"]):
            with self.assertRaises(SystemExit) as e, contextlib.redirect_stderr(io.StringIO()):
                xsweep.main(argv)
            self.assertEqual(e.exception.code, 2)


if __name__ == "__main__":
    unittest.main()
