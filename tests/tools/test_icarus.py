#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/run/icarus.py (docs/registry.md, decision 4): the vector fields of the
outputs, the corrupted copy of a vector file, the replay's prefix (ICARUS_CYCLES)."""
import contextlib
import io
import os
import tempfile
import unittest
from unittest import mock

from tools.run import icarus

PORTS = "blk clk input 1\nblk a input 4\nblk y output 2\nblk z output 1\nother y output 9\n"
VEC = "0 0 x x\n1 3 2 1\n1 a f 0\n1 b 1 1\n1 c 2 0\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class Vectors(unittest.TestCase):
    def test_output_fields_count_the_flag_and_every_port_but_clk(self):
        with tempfile.TemporaryDirectory() as d, mock.patch.dict(os.environ, {"GEN": d}):
            write(os.path.join(d, "ports.tsv"), PORTS)
            self.assertEqual(icarus.output_fields("blk"), [(3, "y"), (4, "z")])

    def test_the_corrupted_copy_flips_bit_0_of_one_field_and_ends_a_line_after(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "v"), VEC)
            self.assertTrue(icarus.corrupt_copy(f"{d}/v", f"{d}/bad", 3, 3))
            with open(f"{d}/bad", encoding="utf-8") as f:
                self.assertEqual(f.read(), "0 0 x x\n1 3 2 1\n1 a e 0\n1 b 1 1\n")
            with contextlib.redirect_stderr(io.StringIO()) as err:
                self.assertFalse(icarus.corrupt_copy(f"{d}/v", f"{d}/bad", 1, 3))
            self.assertIn("line 1 is not compared", err.getvalue())

    def test_the_replay_is_the_first_icarus_cycles_of_the_run(self):
        with tempfile.TemporaryDirectory() as d:
            bench = os.path.join(d, "build", "tb", "bench_blk")
            write(bench, f"#!/bin/sh\nprintf '{VEC}' > \"$6\"\n")
            os.chmod(bench, 0o755)
            cwd = os.getcwd()
            os.chdir(d)
            try:
                with mock.patch.dict(os.environ, {"ICARUS_CYCLES": "3"}), \
                        contextlib.redirect_stdout(io.StringIO()) as out:
                    self.assertTrue(icarus.make_vectors("blk", "1", "10", d))
            finally:
                os.chdir(cwd)
            self.assertEqual(icarus.lines_of(f"{d}/blk.vec"), VEC.splitlines()[:3])
            self.assertIn("the first 3 cycles of the run replayed", out.getvalue())

    def test_no_vectors_is_a_failure_named(self):
        with tempfile.TemporaryDirectory() as d, contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertFalse(icarus.make_vectors("no_such", "1", "10", d))
        self.assertIn("icarus: no vectors written for no_such", out.getvalue())


if __name__ == "__main__":
    unittest.main()
