#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/gen/registry.py (docs/registry.md): blocks.tsv read, the views generated from
Yosys's JSON, the registry check and README's table; one generation by Yosys on a fixture tree."""
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from tools.gen import registry

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "gen", "registry.py")
ROW = "blk\tblk\t0\tlogic sub macro:arr:q\t-Wno-x\tsample;txns=7;check=cnot1:u_a/xor.A[1]^0@blk.v:0123abcd\t3\tan op\tpaper 1\ta block"
PORTS = [("clk", "input", 1), ("a", "input", 4), ("y", "output", 2)]


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def module(src, ports=(), cells=()):
    """A module as Yosys's write_json has it."""
    return {"attributes": {"src": src},
            "ports": {n: {"direction": d, "bits": list(range(2, 2 + w))} for n, d, w in ports},
            "cells": {f"c{i}": {"type": t} for i, t in enumerate(cells)}}


class Rows(unittest.TestCase):
    def test_comments_and_blank_lines_are_not_rows(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "b.tsv"), "# a comment\n\n  \n" + ROW + "\n")
            rows = registry.read_rows(os.path.join(d, "b.tsv"))
        self.assertEqual([r[0] for r in rows], ["blk"])
        self.assertEqual(registry.column(rows[0], "what"), "a block")

    def test_a_short_row_has_empty_fields(self):
        self.assertEqual(registry.column(["b", "m"], "mutate"), "")

    def test_mutate_settings_split_at_the_first_equals(self):
        self.assertEqual(registry.mutate_settings("cut;lemma-check=a == b;txns=3"),
                         [("cut", None), ("lemma-check", "a == b"), ("txns", "3")])


class Design(unittest.TestCase):
    def design(self):
        modules = {"top": module("rtl/top.v:1.1-9.10", PORTS, ["sub", "$and"]),
                   "sub": module("rtl/sub.v:1.1-5.10", [("x", "input", 1)], ["leaf"]),
                   "leaf": module("rtl/leaf.v:1.1-3.10", [("z", "output", 3)]),
                   "stray": module("rtl/stray.v:1.1-2.10", [("q", "input", 1)]),
                   "noports": module("rtl/np.v:1.1-2.10")}
        # a hashed derived module (long parameters): Yosys names it $paramod$<sha1>\NAME
        hier = {"top": {"top": modules["top"],
                        "$paramod$0123abcd\\sub": module("rtl/sub.v:1.1-5.10"),
                        "leaf": modules["leaf"]}}
        return registry.Design(modules, hier)

    def test_block_files_put_the_top_first_and_follow_derived_modules(self):
        self.assertEqual(self.design().block_files("top"), ["rtl/top.v", "rtl/leaf.v", "rtl/sub.v"])

    def test_formal_files_add_the_modules_a_props_file_instantiates(self):
        with tempfile.TemporaryDirectory() as d:
            props = os.path.join(d, "p.v")
            write(props, "module top_props;\n    stray u (.q(q));\n  // leaf is a word\nendmodule\n")
            self.assertEqual(self.design().formal_files("top", props),
                             ["rtl/leaf.v", "rtl/stray.v", "rtl/sub.v", "rtl/top.v"])

    def test_included_files_follow_includes_beside_the_including_file(self):
        with tempfile.TemporaryDirectory() as d:
            os.mkdir(os.path.join(d, "rtl"))
            write(os.path.join(d, "rtl", "top.v"), '`include "a.vh"\n`include "gen.vh"\nmodule top;\n')
            write(os.path.join(d, "rtl", "a.vh"), '  `include "b.vh"\n// `include "c.vh"\n')
            write(os.path.join(d, "rtl", "b.vh"), '`include "a.vh"\n')
            self.assertEqual(registry.included_files(["rtl/top.v"], root=d),
                             ["rtl/a.vh", "rtl/b.vh"])

    def test_ports_tsv_lists_every_module_port_with_its_width(self):
        self.assertEqual(self.design().ports_tsv().splitlines()[:3],
                         ["top clk input 1", "top a input 4", "top y output 2"])

    def test_tops_are_modules_with_ports_no_module_instantiates(self):
        self.assertEqual(registry.tops(self.design().modules), ["stray", "top"])


class Views(unittest.TestCase):
    def test_ports_h_binds_every_port_but_clk(self):
        h = registry.ports_h("blk", PORTS)
        self.assertIn("#ifndef PORTS_BLK_H", h)
        self.assertIn("    const dut_port *a; /* input [3:0] */\n", h)
        self.assertIn('    p->y = hx_port(b, "y");\n', h)
        self.assertNotIn("clk", h)

    def test_shim_lists_directions_and_widths(self):
        shim = registry.shim_cpp("blk", PORTS)
        self.assertIn("        PORT(clk, DUT_IN, 1),\n        PORT(a, DUT_IN, 4),\n"
                      "        PORT(y, DUT_OUT, 2),\n    };\n", shim)

    def test_icarus_tb_of_a_clocked_block(self):
        tb = registry.icarus_tb("blk", PORTS)
        self.assertIn("    localparam integer VEC_BITS = 4;\n", tb)
        self.assertIn("        .a(a),\n        .y(y)\n    );\n", tb)
        self.assertIn("            vec_field(4, v); a = v[3:0];\n            vec_field(2, exp_y);\n", tb)
        self.assertIn("        clk = 1'b0;\n", tb)
        self.assertIn("            clk = 1'b1; #1; clk = 1'b0; #1;\n", tb)
        self.assertNotIn("vec_field(1, v); clk", tb)

    def test_icarus_tb_of_a_combinational_block_waits_instead_of_clocking(self):
        tb = registry.icarus_tb("blk", PORTS[1:])
        self.assertNotIn("clk", tb)
        self.assertIn("            #2;\n", tb)

    def test_registry_mk_lists_and_mutate_settings(self):
        rows = [ROW.split("\t"), "two\tm\t-\tmacro:v\t-\tcut;top-only\tDRF_PSU_PATCH_CYCLES\to\tp\tw".split("\t")]
        design = registry.Design({"blk": module("rtl/blk.v:1.1-2.3"), "two": module("rtl/two.v:1.1")},
                                 {"blk": {}, "two": {}})
        mk = registry.registry_mk(rows, design).splitlines()
        self.assertIn("REGISTRY_BLOCKS := blk two ", mk)
        self.assertIn("REGISTRY_IMPL_BLOCKS := blk ", mk)
        self.assertIn("SYNTH_BLOCKS := blk sub blk@0 two ", mk)
        self.assertIn("SYNTH_MACROS := arr:q two:v ", mk)
        self.assertIn("RTL_FILES_blk := rtl/blk.v ", mk)
        self.assertIn("VFLAGS_blk := -Wno-x", mk)
        self.assertIn("VFLAGS_two := ", mk)
        self.assertIn("CYCLES_blk := 3", mk)
        self.assertIn(f"CYCLES_two := {registry.cycles(rows[1])}", mk)  # the parameter's value
        self.assertGreater(registry.cycles(rows[1]), 1)
        self.assertEqual(mk[-5:], ["export MUT_TXNS_blk ?= 7", "export MUT_CHECK_blk ?= cnot1:u_a/xor.A[1]^0@blk.v:0123abcd",
                                   "MUT_SAMPLE_BLOCKS := blk ", "MUT_TOP_ONLY := two ",
                                   "export MUT_CUT_MEMORIES ?= two "])

    def test_write_if_changed_keeps_an_unchanged_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "f")
            registry.write_if_changed(path, "x\n")
            os.utime(path, (1, 1))
            registry.write_if_changed(path, "x\n")
            self.assertEqual(os.stat(path).st_mtime, 1)
            registry.write_if_changed(path, "y\n")
            self.assertNotEqual(os.stat(path).st_mtime, 1)


class Readme(unittest.TestCase):
    TEXT = "intro\n<!-- blocks: begin -->\nold\n<!-- blocks: end -->\nrest\n"

    def test_the_table_between_the_markers_is_read_and_replaced(self):
        rows = [ROW.split("\t")]
        self.assertEqual(registry.readme_block(self.TEXT), "old\n")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "R.md")
            write(path, self.TEXT)
            registry.readme(rows, path)
            with open(path, encoding="utf-8") as f:
                text = f.read()
        self.assertEqual(registry.readme_block(text), registry.readme_table(rows))
        self.assertTrue(text.startswith("intro\n") and text.endswith("<!-- blocks: end -->\nrest\n"))
        self.assertIn("| `blk` | paper 1 | a block |\n", text)

    def test_without_an_end_marker_the_block_runs_to_the_last_line_but_one(self):
        self.assertEqual(registry.readme_block("<!-- blocks: begin\na\nb\nc\n"), "a\nb\n")
        self.assertEqual(registry.readme_block("no markers\n"), "")


class Check(unittest.TestCase):
    """block_problems in a fixture tree (the current directory is the tree)."""

    def setUp(self):
        self.cwd = os.getcwd()
        self.tree = tempfile.mkdtemp()
        os.chdir(self.tree)
        write("rtl/blk.v", "module blk(input clk);\nendmodule\n")
        write("cmodel/blk.c", "")
        write("cmodel/blk.h", "")
        write("tb/bench_blk.c", "")
        write("formal/blk_props.v", "//@ prove g\n//@ cover c\n")

    def tearDown(self):
        os.chdir(self.cwd)
        shutil.rmtree(self.tree)

    def problems(self, row, more=()):
        rows = [row.split("\t")] + [r.split("\t") for r in more]
        return registry.block_problems(rows, rows[0], "rtl")

    def test_a_complete_block_has_no_problem(self):
        self.assertEqual(self.problems(ROW), [])

    def test_each_missing_part_is_named(self):
        for path in ("rtl/blk.v", "cmodel/blk.h", "tb/bench_blk.c"):
            os.rename(path, path + ".away")
            self.assertEqual(len(self.problems(ROW)), 1, path)
            os.rename(path + ".away", path)
        write("formal/blk_props.v", "//@ prove g\n")
        self.assertEqual(self.problems(ROW),
                         ["no formal cover (a //@ cover NAME stanza in formal/blk_props.v)"])
        os.remove("formal/blk_props.v")
        self.assertEqual(self.problems(ROW), ["no properties (formal/blk_props.v)"])

    def test_malformed_rows_are_named(self):
        self.assertIn("more than one row", self.problems(ROW, [ROW]))
        bad = ROW.replace("logic sub", "gates").replace("\t0\t", "\tx\t").replace("sample;", "bogus;")
        self.assertEqual(self.problems(bad), [
            "no synth entry (synth column: logic or macro[:REGS])", "impl must be - or an IMPL value",
            "bad mutate settings 'bogus;txns=7;check=cnot1:u_a/xor.A[1]^0@blk.v:0123abcd'"])
        self.assertEqual(self.problems("blk\tblk")[0][:23], "the row needs 10 tab-se")
        self.assertEqual(self.problems(ROW.replace("\tan op\t", "\t-\t")),
                         ["no op (what one operation of the block is, make power)"])

    def test_cycles_a_number_or_a_parameter(self):
        self.assertEqual(registry.cycles(ROW.split("\t")), 3)
        param = ROW.replace("\t3\t", "\tDRF_PSU_PATCH_CYCLES\t").split("\t")
        self.assertGreater(registry.cycles(param), 1)
        for bad in ("0", "x1", "NO_SUCH_PARAM"):
            self.assertEqual(self.problems(ROW.replace("\t3\t", f"\t{bad}\t")), [
                f"cycles must be a positive number or a params.def parameter ('{bad}')"])

    def test_a_check_mutant_is_named_by_its_signature_not_its_number(self):
        self.assertEqual(self.problems(ROW.replace("check=cnot1:", "check=inv:")), [])
        numbered = ROW.replace(ROW.split("\t")[5], "cut;check=193")
        self.assertEqual(self.problems(numbered), ["bad mutate settings 'cut;check=193'"])


class Generation(unittest.TestCase):
    """registry.py gen and check on a fixture tree, with Yosys."""

    def test_gen_then_check_a_fixture_tree(self):
        if not shutil.which("yosys"):
            self.skipTest("no yosys (make tools installs it)")
        with tempfile.TemporaryDirectory() as tree:
            os.makedirs(os.path.join(tree, "tools", "gen"))
            shutil.copy(TOOL, os.path.join(tree, "tools", "gen", "registry.py"))
            for helper in ("formal_ports.py", "includes.py"):
                shutil.copy(os.path.join(os.path.dirname(TOOL), helper),
                            os.path.join(tree, "tools", "gen", helper))
            write(os.path.join(tree, "blocks.tsv"), ROW + "\n")
            write(os.path.join(tree, "rtl", "blk.v"), "module blk(input clk, input [3:0] a, "
                  "output [1:0] y);\n  leaf #(.W(2)) u (.a(a[1:0]), .y(y));\nendmodule\n")
            write(os.path.join(tree, "rtl", "leaf.v"), "module leaf #(parameter W = 1)"
                  "(input [W-1:0] a, output [W-1:0] y);\n  assign y = ~a;\nendmodule\n")
            # an empty module: a black box to Yosys, kept by hierarchy -top, in no block's files
            write(os.path.join(tree, "rtl", "stray.v"), "module stray(input q);\nendmodule\n")
            for path in ("cmodel/blk.c", "cmodel/blk.h", "tb/bench_blk.c"):
                write(os.path.join(tree, path), "")
            write(os.path.join(tree, "formal", "blk_props.v"), "//@ prove g\n//@ cover c\n")
            write(os.path.join(tree, "README.md"), "<!-- blocks: begin\n<!-- blocks: end\n")
            tool = [sys.executable, "-m", "tools.gen.registry"]
            subprocess.run(tool + ["readme"], check=True, cwd=tree)
            subprocess.run(tool + ["gen", "build/gen"], check=True, cwd=tree)
            with open(os.path.join(tree, "build", "gen", "registry.mk"), encoding="utf-8") as f:
                self.assertIn("RTL_FILES_blk := rtl/blk.v rtl/leaf.v \n", f.read())
            with open(os.path.join(tree, "build", "gen", "tb", "shim_blk.cpp"), encoding="utf-8") as f:
                self.assertIn("PORT(a, DUT_IN, 4),\n        PORT(y, DUT_OUT, 2),", f.read())
            with open(os.path.join(tree, "build", "gen", "formal", "blk_dut.vh"), encoding="utf-8") as f:
                self.assertIn("    wire [1:0] y;\n    blk dut (.clk(clk), .a(a), .y(y));\n", f.read())
            check = subprocess.run(tool + ["check", "build/gen"], capture_output=True, text=True, cwd=tree)
            self.assertEqual(check.returncode, 1)
            self.assertEqual(check.stdout.splitlines(), [
                "check-registry: rtl: module stray is a top (instantiated by no module) but in no "
                "row of blocks.tsv", "check-registry: 1 passed, 1 failed"])

    def test_a_verb_it_does_not_know_is_a_usage_error(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(registry.main(["registry.py", "field", "x", "y"]), 2)
        self.assertIn("usage:", err.getvalue())


if __name__ == "__main__":
    unittest.main()
