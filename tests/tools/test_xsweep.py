#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/xsweep.py (issue 7, docs/xinit.md): every bench under every X seed through
the runner, each failure reported with its divergence and replay, on stand-in benches."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import xsweep  # noqa: E402

# a stand-in bench: fails under X seed 2 ("--seed S --n N --xseed X" or "--seed S --xseed X")
FLAKY = """#!/bin/sh
for x; do :; done
if [ "$x" = 2 ]; then
  echo "a: FIRST DIVERGENCE at cycle 3: signal y"; echo "a: noise"; echo "a: replay: bench_a --xseed 2"
  exit 1
fi
echo "a: 10 passed, 0 failed"
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
            status, lines = sweep(["-d", d, "-l", f"{d}/logs", "-n", "5", "-x", "1 2", "a", "b", "c"])
            self.assertTrue(os.path.exists(f"{d}/logs/out/a-x2.log"))
        self.assertEqual(status, 1)
        self.assertEqual(lines, ["xsweep: a FAILED under X seed 2 (seed 1)",
                                 "  a: FIRST DIVERGENCE at cycle 3: signal y",
                                 "  a: replay: bench_a --xseed 2",
                                 "xsweep: 3 benches x 2 X seeds, seed 1",
                                 "xsweep: not run: c", "xsweep: 3 passed, 2 failed"])

    def test_no_x_seed_or_no_bench_is_a_usage_error(self):
        for argv in (["a"], ["-x", "1"]):
            with self.assertRaises(SystemExit) as e, contextlib.redirect_stderr(io.StringIO()):
                xsweep.main(argv)
            self.assertEqual(e.exception.code, 2)


if __name__ == "__main__":
    unittest.main()
