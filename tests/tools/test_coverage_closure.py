#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/regress/coverage_closure.py (make coverage's closure record, make test's
coverage-closure step): which files are a block's sources, the verdict of a record against
the tree, when a make coverage run is recorded, and the commands end to end on a small tree."""
import contextlib
import io
import json
import os
import tempfile
import unittest

from tools.regress import coverage_closure as cc

REGISTRY = ("# block\tcmodel\timpl\tsynth\tverilator\tmutate\tcycles\top\tpaper\twhat\n"
            "x\tm\t-\tlogic\t-\t-\t1\tan op\tp 1\tthe x block\n"
            "y\tm\t-\tlogic\t-\t-\t1\tan op\tp 2\tthe y block\n")
FILES = {
    "blocks.tsv": REGISTRY,
    "gen/registry.mk": "REGISTRY_BLOCKS := x y\nRTL_FILES_x := rtl/x.v rtl/sub.v \n"
                       "VFLAGS_x := \nRTL_FILES_y := rtl/y.v\n",
    "rtl/x.v": '`include "p.vh"\nmodule x; sub u(); endmodule\n',
    "rtl/sub.v": "module sub; endmodule\n",
    "rtl/y.v": "module y; endmodule\n",
    "rtl/p.vh": "`define P 1\n",
    "rtl/unused.v": "module unused; endmodule\n",
    "tb/bench_x.c": '#include <stdio.h>\n#include "harness.h"\n#include "ports_x.h"\n'
                    '# include "m.h"\n',
    "tb/bench_y.c": '#include "harness.h"\n',
    "tb/harness.h": '#include "dut.h"\n',
    "tb/harness.c": '#include "harness.h"\n#include "evalcli.h"\n',
    "tb/dut.h": "/* dut */\n",
    "tb/vshim.cpp": '#include "vshim.hpp"\n#include "verilated.h"\n',
    "tb/vshim.hpp": "/* shim */\n",
    "tb/stim.c": "/* not included by any bench here */\n",
    "cmodel/m.h": "/* m */\n",
    "cmodel/m.c": '#include "m.h"\n#include "sub.h"\n',
    "cmodel/sub.h": "/* sub */\n",
    "cmodel/sub.c": '#include "sub.h"\n',
    "cli/evalcli.h": "/* outside tb/ and cmodel/: not followed */\n",
    "excl.tsv": "# comment naming x\nx\ttoggle\trtl/x.v:*\tTOP.x\tq\tconstant\n"
                "y\ttoggle\trtl/y.v:*\tTOP.y\tr\tconstant\n",
}
X_FILES = ["cmodel/m.c", "cmodel/m.h", "cmodel/sub.c", "cmodel/sub.h", "rtl/p.vh", "rtl/sub.v",
           "rtl/x.v", "tb/bench_x.c", "tb/dut.h", "tb/harness.c", "tb/harness.h",
           "tb/vshim.cpp", "tb/vshim.hpp"]


def make_tree(root, files=FILES):
    for path, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)


def edit(root, path, text):
    with open(os.path.join(root, path), "a", encoding="utf-8") as f:
        f.write(text)


def run(root, *argv):
    """main() on the tree at ROOT: (exit status, stdout)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        st = cc.main(["coverage_closure.py", "-C", root, "-g", "gen/registry.mk", "-x", "excl.tsv",
                      "-c", "closure.json", "-S", "1-5", *argv])
    return st, out.getvalue()


def result(passed=True, seeds="1-5", blocks=("x", "y")):
    hit = {"hit": 3, "total": 3}
    return {"flow": "coverage", "seeds": seeds, "passed": passed,
            "blocks": [{"block": b, "line": hit, "branch": hit, "toggle": hit, "excluded": 1,
                        "open": 0} for b in blocks]}


class TreeTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        make_tree(self.root)

    def tearDown(self):
        self.tmp.cleanup()

    def sources(self, block):
        tree = cc.Tree(cc.arguments(["-C", self.root, "-g", "gen/registry.mk", "-x", "excl.tsv",
                                     "check"]))
        return tree.sources(block)


class Sources(TreeTest):
    def test_rtl_bench_harness_model_and_their_includes(self):
        files = sorted(k for k in self.sources("x") if "[" not in k)
        self.assertEqual(files, X_FILES)

    def test_the_registry_row_and_the_exclusion_rows_are_sources(self):
        self.assertIn("blocks.tsv[x]", self.sources("x"))
        self.assertIn("excl.tsv[x]", self.sources("x"))

    def test_another_blocks_files_are_not_sources(self):
        files = self.sources("y")
        self.assertNotIn("rtl/x.v", files)
        self.assertNotIn("cmodel/m.c", files)
        self.assertIn("rtl/y.v", files)

    def test_an_edit_changes_the_hash_of_that_file_only(self):
        before = self.sources("x")
        edit(self.root, "cmodel/sub.c", "/* edited */\n")
        self.assertEqual(cc.source_changes(before, self.sources("x")), ["cmodel/sub.c (changed)"])

    def test_the_readme_columns_of_the_row_are_not_sources_the_bench_columns_are(self):
        before = self.sources("x")
        make_tree(self.root, {"blocks.tsv": REGISTRY.replace("the x block", "the x unit")})
        self.assertEqual(cc.source_changes(before, self.sources("x")), [])
        make_tree(self.root, {"blocks.tsv": REGISTRY.replace("x\tm\t-\tlogic\t-",
                                                             "x\tm\t-\tlogic\t-Wno-X")})
        self.assertEqual(cc.source_changes(before, self.sources("x")), ["blocks.tsv[x] (changed)"])

    def test_only_the_blocks_own_exclusion_rows_count(self):
        before = self.sources("x")
        edit(self.root, "excl.tsv", "y\tline\trtl/y.v:3\tTOP.y\tblock\tunreachable\n# x\n")
        self.assertEqual(cc.source_changes(before, self.sources("x")), [])
        edit(self.root, "excl.tsv", "x\tline\trtl/x.v:3\tTOP.x\tblock\tunreachable\n")
        self.assertEqual(cc.source_changes(before, self.sources("x")), ["excl.tsv[x] (changed)"])

    def test_a_new_include_is_a_new_source(self):
        before = self.sources("x")
        edit(self.root, "tb/bench_x.c", '#include "stim.h"\n')
        make_tree(self.root, {"tb/stim.h": "/* stim */\n"})
        self.assertEqual(cc.source_changes(before, self.sources("x")),
                         ["tb/bench_x.c (changed)", "tb/stim.c (new)", "tb/stim.h (new)"])

    def test_an_unregistered_block_or_one_without_rtl_files_is_an_input_error(self):
        with self.assertRaisesRegex(cc.InputError, "z is not registered"):
            self.sources("z")
        make_tree(self.root, {"gen/registry.mk": "RTL_FILES_y := rtl/y.v\n"})
        with self.assertRaisesRegex(cc.InputError, "no RTL_FILES_x"):
            self.sources("x")

    def test_a_missing_rtl_file_is_an_input_error(self):
        os.remove(os.path.join(self.root, "rtl/sub.v"))
        with self.assertRaisesRegex(cc.InputError, "cannot read rtl/sub.v"):
            self.sources("x")


class Verdict(unittest.TestCase):
    NOW = {"rtl/a.v": "1", "tb/bench_a.c": "2"}

    def test_a_block_without_a_record_is_open(self):
        self.assertEqual(cc.why_open(None, self.NOW, "1-5"), "no closure recorded")

    def test_the_same_sources_at_the_closure_seeds_hold(self):
        self.assertEqual(cc.why_open({"seeds": "1-5", "sources": dict(self.NOW)}, self.NOW, "1-5"),
                         "")
        self.assertEqual(cc.why_open({"seeds": "1-10", "sources": dict(self.NOW)}, self.NOW,
                                     "1-5"), "")

    def test_fewer_seeds_than_the_closure_is_open(self):
        why = cc.why_open({"seeds": "1-3", "sources": dict(self.NOW)}, self.NOW, "1-5")
        self.assertEqual(why, "closed at seeds 1-3, the closure needs every seed of 1-5")
        self.assertFalse(cc.seeds_cover("2-6", "1-5"))
        self.assertFalse(cc.seeds_cover("bad", "1-5"))
        self.assertTrue(cc.seeds_cover("1,2,3-5", "1-5"))

    def test_a_changed_new_or_gone_source_is_named(self):
        rec = {"seeds": "1-5", "sources": {"rtl/a.v": "0", "rtl/old.v": "3", "tb/bench_a.c": "2"}}
        self.assertEqual(cc.why_open(rec, self.NOW, "1-5"),
                         "changed since its closure at seeds 1-5: rtl/a.v (changed), "
                         "rtl/old.v (gone)")
        rec["sources"] = {"rtl/a.v": "1"}
        self.assertIn("tb/bench_a.c (new)", cc.why_open(rec, self.NOW, "1-5"))


class Record(unittest.TestCase):
    SNAP = {"x": {"rtl/x.v": "1"}, "y": {"rtl/y.v": "2"}}

    def test_a_passing_run_at_the_closure_seeds_is_recorded(self):
        self.assertIsNone(cc.refusal(self.SNAP, self.SNAP, result(), "1-5"))
        blocks = cc.merge({"old": {}, "z": {"seeds": "1-5"}}, self.SNAP, result(), {"x", "y", "z"})
        self.assertEqual(sorted(blocks), ["x", "y", "z"])
        self.assertEqual(blocks["x"], {"seeds": "1-5", "sources": {"rtl/x.v": "1"}, "line": "3/3",
                                       "branch": "3/3", "toggle": "3/3", "excluded": 1})

    def test_a_failed_gate_is_refused_with_status_1(self):
        self.assertEqual(cc.refusal(self.SNAP, self.SNAP, result(passed=False), "1-5"),
                         cc.Refusal("its gate failed", 1))

    def test_other_seeds_are_a_note_with_status_0(self):
        no = cc.refusal(self.SNAP, self.SNAP, result(seeds="6-10"), "1-5")
        self.assertEqual(no.status, 0)
        self.assertIn("seeds 6-10 do not hold every seed of the closure's 1-5", no.why)

    def test_sources_changed_during_the_run_are_refused(self):
        now = {"x": {"rtl/x.v": "9"}, "y": {"rtl/y.v": "2"}}
        self.assertEqual(cc.refusal(self.SNAP, now, result(), "1-5"),
                         cc.Refusal("sources changed during the run: x: rtl/x.v (changed)", 1))

    def test_a_result_without_a_blocks_row_is_refused(self):
        no = cc.refusal(self.SNAP, self.SNAP, result(blocks=("x",)), "1-5")
        self.assertEqual(no, cc.Refusal("the result has no row for y", 1))


class Commands(TreeTest):
    def write_result(self, **kw):
        path = os.path.join(self.root, "coverage.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(result(**kw), f)
        return path

    def snapshot(self):
        path = os.path.join(self.root, "sources.json")
        self.assertEqual(run(self.root, "snapshot", "-o", path, "x", "y")[0], 0)
        return path

    def test_record_then_check_passes_then_an_edit_fails_it_naming_the_file(self):
        st, out = run(self.root, "check")
        self.assertEqual(st, 1)
        self.assertIn("coverage closure: x: no closure recorded", out)
        self.assertIn('FAIL: 2 of 2 blocks not closed at their sources: x y', out)
        snap = self.snapshot()
        st, out = run(self.root, "record", "-s", snap, "-j", self.write_result())
        self.assertEqual(st, 0, out)
        self.assertIn("x y closed at seeds 1-5", out)
        st, out = run(self.root, "check")
        self.assertEqual((st, out.strip()), (0, "coverage closure: pass: 2 blocks closed at their "
                                                "sources (seeds 1-5; closure.json)"))
        edit(self.root, "rtl/sub.v", "// an edit\n")
        st, out = run(self.root, "check")
        self.assertEqual(st, 1)
        self.assertIn("coverage closure: x: changed since its closure at seeds 1-5: rtl/sub.v "
                      "(changed)", out)
        self.assertNotIn("coverage closure: y:", out)
        self.assertEqual(run(self.root, "changed"), (0, "x\n"))

    def test_a_failed_gate_leaves_the_record_as_it_was(self):
        snap = self.snapshot()
        st, out = run(self.root, "record", "-s", snap, "-j", self.write_result(passed=False))
        self.assertEqual(st, 1)
        self.assertIn("not recorded (closure.json unchanged): its gate failed", out)
        self.assertFalse(os.path.exists(os.path.join(self.root, "closure.json")))
        self.assertEqual(run(self.root, "changed"), (0, "x y\n"))

    def test_a_recorded_block_no_longer_registered_fails_the_check(self):
        snap = self.snapshot()
        run(self.root, "record", "-s", snap, "-j", self.write_result())
        make_tree(self.root, {"blocks.tsv": REGISTRY.replace("y\tm", "#y\tm")})
        st, out = run(self.root, "check")
        self.assertEqual(st, 1)
        self.assertIn("coverage closure: y: recorded but not registered", out)
        self.assertEqual(run(self.root, "changed"), (0, "\n"))

    def test_a_malformed_record_or_bad_seeds_is_exit_2(self):
        make_tree(self.root, {"closure.json": "{"})
        st, out = run(self.root, "check")
        self.assertEqual(st, 2)
        self.assertIn("closure.json: not JSON", out)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            st = cc.main(["coverage_closure.py", "-C", self.root, "-S", "5-1", "check"])
        self.assertEqual(st, 2)
        self.assertIn("bad SEEDS '5-1'", err.getvalue())


if __name__ == "__main__":
    unittest.main()
