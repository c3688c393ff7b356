#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/check/check_tests_run.py: which files under tests/ a make test step runs."""
import os
import unittest

from tools.check import check_tests_run as ctr

FILES = ["tests/cli_test.sh", "tests/check.h", "tests/test_a.c", "tests/data/ex.txt",
         "tests/pilot/cli.sh", "tests/pilot/fig7.in", "tests/orphan.c", "tests/pv/cli.sh"]
TEXT = {
    "tests/cli_test.sh": 'data=$(dirname "$0")/data\ngrep x "$data/ex.txt"\n',
    "tests/test_a.c": '#include "check.h"\n',
    "tests/pilot/cli.sh": 'ok "$here/fig7.in"\n',
}


class Reached(unittest.TestCase):
    def run_steps(self, root_text):
        return ctr.reached(root_text, FILES, lambda f: TEXT.get(f, ""))

    def test_files_named_by_a_recipe_and_what_they_name(self):
        got = self.run_steps("tests/cli_test.sh build/deltarf\ngcc -Itests tests/test_a.c -o x\n")
        self.assertEqual(got, {"tests/cli_test.sh", "tests/data/ex.txt", "tests/test_a.c",
                               "tests/check.h"})

    def test_a_script_no_step_names_is_not_run(self):
        got = self.run_steps("tests/cli_test.sh build/deltarf\n")
        self.assertNotIn("tests/pilot/cli.sh", got)
        self.assertNotIn("tests/pilot/fig7.in", got)

    def test_a_relative_name_reaches_only_its_own_folder_tree(self):
        got = self.run_steps("tests/pilot/cli.sh b\n")
        self.assertEqual(got, {"tests/pilot/cli.sh", "tests/pilot/fig7.in"})
        self.assertNotIn("tests/pv/cli.sh", got)  # "cli.sh" is not tests/pv's

    def test_a_longer_name_is_not_a_mention(self):
        self.assertFalse(ctr.names("tests/orphan.cc", "tests/orphan.c"))
        self.assertFalse(ctr.names("xcheck.h", "check.h"))
        self.assertTrue(ctr.names("/abs/tests/orphan.c\n", "tests/orphan.c"))

    def test_a_python_file_run_as_a_module(self):
        self.assertTrue(ctr.names("python3 -m tests.compare_smoke build/deltarf", "tests/compare_smoke.py"))
        self.assertFalse(ctr.names("python3 -m tests.compare_smoke_x", "tests/compare_smoke.py"))
        self.assertFalse(ctr.names("python3 -m my.tests.compare_smoke", "tests/compare_smoke.py"))
        self.assertFalse(ctr.names("tests.compare", "tests/compare.sh"))

    def test_documentation_is_not_a_test(self):
        root = os.path.join(os.path.dirname(__file__), "..", "..")
        self.assertFalse([f for f in ctr.test_files(root) if f.endswith(".md")])


if __name__ == "__main__":
    unittest.main()
