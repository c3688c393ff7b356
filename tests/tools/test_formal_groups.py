#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/run/formal_groups.py: the //@ stanzas of a props file as formal/run.sh's group
lines, every malformed stanza refused with its file and line, and the tree's props files valid."""
import glob
import os
import tempfile
import unittest

from tools.run import formal_groups as G

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

STANZAS = """// header comment
//@ prove spec
//@   checks  a read returns the last value
//@           written, across launches
//@   params  VEC_BITS=4, ROWS=4
//@   engine  sat-ind
//@   depth   1
//@   peeks   p=dut.a, q=dut.b
//@   prep    abc
//@   cut     pv_bank_org, pv_busy_arb
//@   sizes   DRF_REGS=16
//@   profile quick depth 9
//@ cover cover
//@   checks  a read after a write
//@   top     other_props
//@   engine  abc-cover
//@   depth   8
//@   profile full
module blk_props;
endmodule
"""


class Groups(unittest.TestCase):
    def props(self, text, name="blk_props.v"):
        d = tempfile.mkdtemp()
        path = os.path.join(d, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def test_lines(self):
        got = G.groups(self.props(STANZAS))
        self.assertEqual(got, [
            ("prove", ["spec", "blk_props", "VEC_BITS=4,ROWS=4", "sat-ind", "1", "p=dut.a,q=dut.b",
                       "abc,cutpv_bank_org,cutpv_busy_arb,D:DRF_REGS=16,quick=9",
                       "a read returns the last value written, across launches"]),
            ("cover", ["cover", "other_props", "", "abc-cover", "8", "", "full",
                       "a read after a write"])])

    def test_like_and_timeout(self):
        text = STANZAS + ("//@ prove spec-8\n//@   like    spec\n//@   params  VEC_BITS=8\n"
                          "//@   timeout 600\n")
        got = G.groups(self.props(text))[2]
        self.assertEqual(got, ("prove", [
            "spec-8", "blk_props", "VEC_BITS=8", "sat-ind", "1", "p=dut.a,q=dut.b",
            "abc,cutpv_bank_org,cutpv_busy_arb,D:DRF_REGS=16,quick=9,timeout=600",
            "a read returns the last value written, across launches"]))

    def test_main_prints_one_task(self):
        path = self.props(STANZAS)
        self.assertEqual(G.main(["lines", path, "cover"]), 0)
        self.assertEqual(G.main(["check", path]), 0)
        self.assertEqual(G.main(["nothing"]), 2)

    def refused(self, text, words):
        with self.assertRaises(G.GroupError) as e:
            G.groups(self.props(text))
        for w in words:
            self.assertIn(w, str(e.exception))

    def test_refusals(self):
        ok = "//@   checks  c\n//@   engine  sat-ind\n//@   depth   1\n"
        self.refused("//@ proof g\n" + ok, ["blk_props.v:1", "neither prove nor cover"])
        self.refused("//@   depth 1\n", ["outside a stanza"])
        self.refused("//@ prove g\n//@   checks  c\n//@   engine  sat-ind\n", ["no depth"])
        self.refused("//@ prove g\n" + ok + "//@   depth   2\n", ["depth set twice"])
        self.refused("//@ prove g\n" + ok + "//@   colour  red\n", ["blk_props.v:5", "not a setting"])
        self.refused("//@ prove g\n//@   checks  c\n//@   engine  magic\n//@   depth   1\n",
                     ["engine 'magic'"])
        self.refused("//@ prove g\n" + ok.replace("1\n", "one\n"), ["not a number"])
        self.refused("//@ prove g\n" + ok + "//@   prep    fast\n", ["prep fast"])
        self.refused("//@ prove g\n" + ok + "//@   sizes   regs=16\n", ["not NAME=VALUE"])
        self.refused("//@ prove g\n" + ok + "//@   profile soon\n", ["profile is 'soon'"])
        self.refused("//@ prove g\n" + ok + "//@ prove g\n" + ok, ["a second prove group"])
        self.refused("//@ prove g\n" + ok.replace("c\n", "a|b\n"), ["holds '|'"])
        self.refused("//@ prove g\n" + ok + "//@   timeout soon\n", ["timeout 'soon'"])
        self.refused("//@ prove g\n//@   like    h\n" + ok, ["like 'h', not an earlier group"])
        self.refused("//@ cover h\n" + ok + "//@ prove g\n//@   like    h\n", ["like 'h'"])

    def test_check_needs_a_proof_and_a_cover(self):
        path = self.props("//@ prove g\n//@   checks  c\n//@   engine  sat-ind\n//@   depth   1\n")
        self.assertEqual(G.main(["check", path]), 1)

    def test_the_tree(self):
        files = sorted(glob.glob(os.path.join(ROOT, "formal", "*_props.v")))
        self.assertTrue(files)
        self.assertEqual(G.main(["check"] + files), 0)


if __name__ == "__main__":
    unittest.main()
