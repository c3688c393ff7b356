#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/gen/readme_cli.py: README's CLI section from the CLI's verb table."""
import os
import unittest

from tools.gen import readme_cli as rc

TABLE = "rar\tdeltarf rar [FILE]\tRAR: a line -> reg_phys\nswap\tdeltarf swap [FILE]\tthe table\n"
README = f"# x\n\n## CLI\n\n{rc.BEGIN}\nold\n{rc.END}\n\nprose\n"


class ReadmeCli(unittest.TestCase):
    def test_every_verb_is_written(self):
        new = rc.replace(README, rc.section(TABLE))
        self.assertIn("build/deltarf rar [FILE]\n    # RAR: a line -> reg_phys\n", new)
        self.assertIn("build/deltarf swap [FILE]\n    # the table\n", new)
        self.assertNotIn("old", new)
        self.assertTrue(new.endswith(f"{rc.END}\n\nprose\n"))

    def test_replacing_twice_is_stable(self):
        once = rc.replace(README, rc.section(TABLE))
        self.assertEqual(rc.replace(once, rc.section(TABLE)), once)

    def test_a_malformed_row_is_refused(self):
        with self.assertRaises(ValueError):
            rc.section("rar only two\tfields\n")

    def test_missing_markers_are_refused(self):
        with self.assertRaises(ValueError):
            rc.replace("# no markers\n", rc.section(TABLE))


if __name__ == "__main__":
    unittest.main()
