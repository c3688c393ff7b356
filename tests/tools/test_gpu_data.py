#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/gen/gpu_data.py (docs/gpu.md): the shipped GPU configurations as a C header,
in name order, every byte of the text kept (quotes, backslashes, '?' of a trigraph, control
characters escaped), and bad input: a name that is not NAME.config, two of one name, no file."""
import contextlib
import io
import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
from tools.gen import gpu_data


class GpuDataTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.d, name)
        with open(path, "w", newline="") as f:
            f.write(text)
        return path

    def test_header_in_name_order(self):
        b = self.write("b.config", "-gpgpu_n_clusters 2\n")
        a = self.write("a-1.config", "# a\n-gpgpu_n_clusters 1\n")
        h = gpu_data.header([b, a])
        self.assertLess(h.index('"a-1"'), h.index('"b"'))
        self.assertIn('"# a\\n"\n        "-gpgpu_n_clusters 1\\n"', h)

    def test_escapes(self):
        self.assertEqual(gpu_data.c_string('say "??/" \\ \t\r\n'),
                         '"say \\"\\?\\?/\\" \\\\ \\011\\015\\n"')

    def test_compiles_to_the_same_text(self):
        text = 'x "q" ??= \\ tab\there\r\nlast'
        out = os.path.join(self.d, "g.h")
        gpu_data.main([out, self.write("t.config", text)])
        prog = os.path.join(self.d, "t.c")
        with open(prog, "w") as f:
            f.write('#include <stdio.h>\n#include "g.h"\nint main(void) '
                    '{ fputs(gpu_shipped[0].text, stdout); return 0; }\n')
        exe = os.path.join(self.d, "t")
        subprocess.run(["gcc", "-std=c11", "-Wall", "-Werror", "-I", self.d, prog, "-o", exe],
                       check=True)
        got = subprocess.run([exe], check=True, capture_output=True).stdout
        self.assertEqual(got, text.encode())

    def test_bad_input(self):
        for paths, want in [
            ([self.write("Big.config", "")], "not NAME.config"),
            ([self.write("x.cfg", "")], "not NAME.config"),
            ([self.write("x.config", ""), os.path.join(self.d, "sub", "x.config")], "a second 'x'"),
            ([os.path.join(self.d, "none.config")], "No such file"),
            ([self.write("u.config", "caf\u00e9")], "not ASCII text"),
        ]:
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                rc = gpu_data.main([os.path.join(self.d, "o.h")] + paths)
            self.assertEqual(rc, 1)
            self.assertIn(want, err.getvalue())
            self.assertEqual(err.getvalue().count("\n"), 1)


if __name__ == "__main__":
    unittest.main()
