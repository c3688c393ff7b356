#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/check/check_doc_paths.py: paths named by README.md and docs/ must exist."""
import os
import tempfile
import unittest

from tools.check import check_doc_paths as cdp


def tree(files):
    root = tempfile.mkdtemp()
    for f, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(f)), exist_ok=True)
        with open(os.path.join(root, f), "w", encoding="utf-8") as fh:
            fh.write(text)
    return root


class DocPaths(unittest.TestCase):
    def setUp(self):
        self.root = tree({"rtl/psu.v": "", "tests/params.sh": "", "blocks.tsv": "",
                          "docs/a.md": "", "tb/bench_psu.c": ""})
        self.tops = cdp.top_names(self.root)

    def missing(self, text, page="docs/x.md"):
        return [p for _, p in cdp.missing_in(self.root, page, text, self.tops)]

    def test_existing_paths_pass(self):
        self.assertEqual(self.missing("see `rtl/psu.v` and blocks.tsv (tests/params.sh)."), [])

    def test_a_removed_file_is_named(self):
        self.assertEqual(self.missing("`tests/params_dump.{c,v}`"), ["tests/params_dump.{c,v}"])

    def test_placeholders_must_match_something(self):
        self.assertEqual(self.missing("`tb/bench_<b>.c`, `tb/bench_BLOCK.c`, rtl/*.v"), [])
        self.assertEqual(self.missing("`rtl/<b>_props.v`"), ["rtl/<b>_props.v"])

    def test_links_are_relative_to_the_page(self):
        self.assertEqual(self.missing("[a](a.md) [b](b.md#x) [w](https://x.org)"), ["b.md"])

    def test_build_and_shared_are_not_checked(self):
        self.assertEqual(self.missing("build/tb/bench_x ../shared/traces/x [s](../build/y)"), [])


if __name__ == "__main__":
    unittest.main()
