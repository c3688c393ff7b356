#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/regress/merge_bins.py: bins judged over a regression's merged seeds."""
import os
import contextlib
import io
import tempfile
import unittest

from tools.regress import merge_bins


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def run_main(d):
    """merge_bins.main on d, its report kept out of the test's output."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return merge_bins.main(["x", d])


class MergeBins(unittest.TestCase):
    def regression(self, counts):
        """A regression directory with one job per (block, seed) of counts {id: text|None}."""
        d = tempfile.mkdtemp()
        meta = ""
        for job, text in counts.items():
            block, seed = job.rsplit(".s", 1)
            meta += f"{job}\t{block}\t{seed}\n"
            if text is not None:
                write(os.path.join(d, "bins", job + ".txt"), text)
        write(os.path.join(d, "meta.tsv"), meta)
        return d

    def test_a_bin_hit_by_one_seed_only_passes(self):
        d = self.regression({"rar.s1": "         0  legal N = 256\n         3  other\n",
                             "rar.s2": "         1  legal N = 256\n         0  other\n"})
        self.assertEqual(run_main(d), 0)
        with open(os.path.join(d, "bins.tsv"), encoding="utf-8") as f:
            self.assertIn("rar\tlegal N = 256\t1\t1\n", f.read())

    def test_a_bin_no_seed_hit_fails_named(self):
        d = self.regression({"rar.s1": "         0  legal N = 256\n         3  other\n",
                             "rar.s2": "         0  legal N = 256\n         1  other\n"})
        merged = merge_bins.merge(merge_bins.read_meta(os.path.join(d, "meta.tsv")),
                                  lambda j: merge_bins.read_counts(
                                      os.path.join(d, "bins", j + ".txt")))
        lines, missed = merge_bins.judge(merged)
        self.assertEqual(missed, ["rar: legal N = 256"])
        self.assertIn("regress: rar: coverage 1/2 bins hit over 2 seed(s)", lines)
        self.assertEqual(run_main(d), 1)

    def test_blocks_are_judged_apart(self):
        d = self.regression({"a.s1": "1  x\n", "b.s1": "0  x\n"})
        self.assertEqual(run_main(d), 1)

    def test_a_job_without_counts_is_left_out(self):
        d = self.regression({"a.s1": None, "a.s2": "2  x\n"})
        self.assertEqual(run_main(d), 0)

    def test_a_malformed_counts_file_is_a_usage_error(self):
        d = self.regression({"a.s1": "many  x\n"})
        self.assertEqual(run_main(d), 2)


if __name__ == "__main__":
    unittest.main()
