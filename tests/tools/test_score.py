#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of mutate/score.py (docs/mutate.md): verdicts, the report naming mutants by their
signature, the prover check and the closing line, on fixture verdicts (nothing run)."""
import contextlib
import io
import os
import tempfile
import unittest
from unittest import mock

from mutate import score
from tools.report import results

SIGS = ["inv:and.A[0]@b.v:00000001", "const1:mux.Y[2]@b.v:00000002", "cnot0:u_x/add.B[1]^0@c.v:00000003"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def fixture(d, block, verdicts, name="mutate"):
    """DIR/BLOCK with its mutant table and NAME-verdicts.tsv: [(K, verdict, detail)]."""
    write(os.path.join(d, block, "mutants.tsv"),
          "".join(f"{k}\t{sig}\tdescription {k}\n" for k, sig in enumerate(SIGS, 1)))
    write(os.path.join(d, block, f"{name}-verdicts.tsv"),
          "".join(f"{k}\t{SIGS[int(k) - 1]}\t{v}\t{det}\n" for k, v, det in verdicts))


def run(argv):
    """score.main's exit status and output."""
    with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
        status = score.main(argv)
    return status, out.getvalue()


class Judge(unittest.TestCase):
    def block(self, cut=False):
        env = {"MUT_CUT_MEMORIES": "blk" if cut else ""}
        with mock.patch.dict(os.environ, env):
            return score.Block(score.arguments(["blk"]), "blk")

    def test_a_survivor_proven_by_equiv_is_equivalent(self):
        self.assertEqual(self.block().judge("5", SIGS[0], "survived", "500 passed", "5 proven from a reset"),
                         ("equivalent", "proven by mutate/equiv.sh from a reset"))
        self.assertEqual(self.block(cut=True).judge("5", SIGS[0], "survived", "x", "5 proven"),
                         ("equivalent", "proven by mutate/equiv.sh -c"))

    def test_an_unproven_survivor_without_a_spec_stays_a_survivor(self):
        self.assertEqual(self.block().judge("5", SIGS[0], "survived", "500 passed", "5 unproven"),
                         ("survived", "500 passed; unproven"))
        self.assertEqual(self.block().judge("5", SIGS[0], "killed", "at cycle 3", ""),
                         ("killed", "at cycle 3"))

    def test_spec_scripts_are_found_by_signature(self):
        self.assertEqual(score.spec_scripts("pv_rf", "cnot0:shl.A[4]^5@pv_rf.v:388a8680"),
                         ["pv_rf_row_full.sh"])
        self.assertEqual(score.spec_scripts("pv_rf", SIGS[0]), [])
        self.assertEqual(score.spec_scripts("no_such_block", SIGS[0]), [])


class Report(unittest.TestCase):
    def test_the_report_names_mutants_by_signature_and_the_run_closes(self):
        with tempfile.TemporaryDirectory() as d:
            fixture(d, "blk", [("1", "killed", "cycle 9"), ("2", "equivalent", "proven"),
                               ("3", "survived", "100 passed; unproven")])
            status, out = run(["-d", d, "-R", "-r", f"{d}/m.json", "blk"])
            doc = results.read(f"{d}/m.json")
        self.assertEqual(status, 1)
        self.assertEqual(doc["blocks"], [{"block": "blk", "generated": 3, "judged": 3, "killed": 1, "equivalent": 1,
                                          "survived": 1, "other": 0, "score": 2 / 3}])
        self.assertEqual([(m["signature"], m["verdict"]) for m in doc["mutants"]],
                         list(zip(SIGS, ["killed", "equivalent", "survived"])))
        self.assertEqual((doc["profile"], doc["report"]), ("full", ""))
        self.assertIn("| blk | 3 | 3 | 1 | 1 | 1 | 0 |\n", out)
        self.assertIn(f"- blk `{SIGS[2]}`: description 3 — 100 passed; unproven\n", out)
        self.assertIn(f"## Equivalent (proven)\n\n- blk `{SIGS[1]}`: description 2 — proven\n", out)
        self.assertTrue(out.endswith("mutate: 2 passed, 1 failed\n"))

    def test_a_block_with_every_mutant_passing_passes(self):
        with tempfile.TemporaryDirectory() as d:
            fixture(d, "blk", [("1", "killed", "c"), ("2", "killed", "c")], "sample")
            status, out = run(["-d", d, "-R", "-t", "sample", "-o", os.path.join(d, "r.md"), "blk"])
            with open(os.path.join(d, "r.md"), encoding="utf-8") as f:
                self.assertIn("\nnone\n", f.read())
        self.assertEqual(status, 0)
        self.assertEqual(out.splitlines()[-2:], [f"sample: report in {d}/r.md", "sample: 2 passed, 0 failed"])

    def test_a_block_that_cannot_be_run_stops_the_run(self):
        with tempfile.TemporaryDirectory() as d:
            fixture(d, "blk", [])
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
                status = score.main(["-d", d, "-n", "7", "blk"])
        self.assertEqual(status, 2)
        self.assertIn("mutate: blk could not be run: no model", err.getvalue())


STAND_IN = """#!/bin/sh
# --mutant K --n N --result FILE: the harness's result (docs/results.md, run)
result() {
  printf '{"flow": "run", "version": 1, "bench": "blk", "seed": 1, "xseed": 3, "mutant": %s, "unit": "ops",
 "requested": %s, "transactions": %s, "cycles": 5, "seconds": 0.1, "passed": %s,
 "coverage": {"hit": 1, "total": 1, "missed": [], "counts": null, "judged_here": true},
 "first_divergence": %s}' "$2" "$4" "$1" "$3" "$5" >"$6"
}
case $2 in
  DIVERGING) set -- 3 "$2" false "$4" '{"cycle": 4, "transaction": 4, "mismatches": ["signal y"], "inputs": "",
     "history": [], "replay": "bench", "waveform": null}' "$6"; result "$@"; exit 1 ;;
  PASSING) set -- "$4" "$2" true "$4" null "$6"; result "$@" ;;
  *) exit 124 ;;
esac
"""


def stand_in(d, diverging, passing):
    """A stand-in model of block blk in D: the mutants DIVERGING (a case pattern) diverge, the
    PASSING pass, the others time out (exit 124)."""
    fixture(d, "blk", [])
    path = os.path.join(d, "blk", "bench")
    write(path, STAND_IN.replace("DIVERGING", diverging).replace("PASSING", passing))
    os.chmod(path, 0o755)


class Runs(unittest.TestCase):
    def test_mutants_run_through_the_runner_and_are_judged(self):
        """Mutant 1 diverges, 2 survives, 3 times out; no mutant (0) passes."""
        with tempfile.TemporaryDirectory() as d:
            stand_in(d, "1", "0|2")
            with mock.patch.object(score.Block, "equiv", lambda self, k: f"{k} unproven"):
                status, out = run(["-d", d, "-n", "9", "blk"])
            results = score.read_tsv(os.path.join(d, "blk", "mutate-results.tsv"))
        self.assertEqual(results, [["1", "killed", "at cycle 4 (ops 4): signal y"], ["2", "survived", "9 passed, 0 failed"],
                                   ["3", "timeout", "no divergence in 120 s"]])
        self.assertIn(f"- blk `{SIGS[1]}`: description 2 — 9 passed, 0 failed; unproven\n", out)
        self.assertEqual(status, 1)

    def test_a_netlist_that_fails_without_a_mutant_stops_the_run(self):
        """The netlist itself diverges (mutant 0): no results, the run stops and says why."""
        with tempfile.TemporaryDirectory() as d:
            stand_in(d, "0|1", "2")
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()) as err:
                status = score.main(["-d", d, "-n", "9", "blk"])
            self.assertFalse(os.path.exists(os.path.join(d, "blk", "mutate-results.tsv")))
        self.assertIn("the netlist without a mutant (--mutant 0) fails its bench (killed: at cycle 4",
                      err.getvalue())
        self.assertEqual(status, 2)

    def test_a_run_without_a_status_or_a_crash_is_crashed(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "out", "1.status"), "139 1.0 h - -\n")
            self.assertEqual(score.run_verdict(d, "1"), ("crashed", "exit status 139"))
            self.assertEqual(score.run_verdict(d, "2"), ("crashed", "no result (the launcher lost the run)"))


class ProverCheck(unittest.TestCase):
    def check(self, check_sig, answer, verdicts, cut=""):
        with tempfile.TemporaryDirectory() as d:
            fixture(d, "blk", verdicts)
            env = {"MUT_CHECK_blk": check_sig, "MUT_CUT_MEMORIES": cut}
            with mock.patch.dict(os.environ, env), \
                    mock.patch.object(score.Block, "equiv", lambda self, k: f"{k} {answer}"):
                return run(["-d", d, "-R", "-c", "blk"])

    def test_the_named_killed_mutant_must_not_be_proven(self):
        status, out = self.check(SIGS[1], "not equivalent", [("1", "killed", "c"), ("2", "killed", "c")])
        self.assertIn(f"mutate: prover check: blk mutant {SIGS[1]} (killed) not equivalent\n", out)
        self.assertEqual(status, 0)
        status, out = self.check(SIGS[1], "proven", [("1", "killed", "c"), ("2", "killed", "c")])
        self.assertIn(f"mutate: FAILED prover check: blk mutant {SIGS[1]} gave '2 proven'", out)
        self.assertEqual(status, 1)

    def test_with_memories_cut_it_must_stay_unproven_and_must_have_been_killed(self):
        status, _ = self.check("", "unproven", [("1", "killed", "c")], cut="blk")
        self.assertEqual(status, 0)
        status, out = self.check(SIGS[1], "unproven", [("1", "killed", "c"), ("2", "survived", "s")], "blk")
        self.assertIn("FAILED prover check: blk mutant (none killed)", out)
        self.assertEqual(status, 1)


if __name__ == "__main__":
    unittest.main()
