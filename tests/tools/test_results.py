#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/report/results.py (docs/results.md): the schema language read
from docs/results.md, the validator, the writer, JUnit XML from a result, and the results of the
shell-script flows (formal, synth, fuzz, eval) from their records."""
import contextlib
import copy
import io
import json
import os
import tempfile
import unittest
import xml.etree.ElementTree as ET

from tools.report import results

FLOWS = ["verify", "xsweep", "regress", "icarus", "formal", "synth", "power", "mutate", "coverage",
         "fuzz", "bench", "eval"]
SCHEMAS = results.load_schemas()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def run(passed=True, divergence=None):
    return {"flow": "run", "version": 1, "bench": "blk", "seed": 1, "xseed": 3, "mutant": None, "unit": "ops",
            "requested": 10, "transactions": 10 if passed else 4, "cycles": 20, "seconds": 0.5,
            "passed": passed, "coverage": {"hit": 2, "total": 2, "missed": [], "counts": "c.txt",
                                           "judged_here": True},
            "first_divergence": copy.deepcopy(divergence)}


DIVERGENCE = {"cycle": 9, "transaction": 5, "mismatches": ["signal y expected 0x1 got 0x0", "signal z"],
              "inputs": "a=0x1", "history": [{"transaction": 4, "first_cycle": 7, "last_cycle": 8,
                                              "inputs": "a=0x0"}],
              "replay": "build/tb/bench_blk --seed 1 --xseed 3 --n 10", "waveform": None}


def job(jid, status, exit_status, the_run):
    return {"id": jid, "bench": jid, "block": jid.split("@")[0], "status": status, "exit": exit_status,
            "seconds": 1.5, "host": "h", "log": "no/such.log", "command": f"build/tb/bench_{jid} --seed 1",
            "run": the_run}


def verify_doc():
    return {"flow": "verify", "version": 1, "seed": 1, "passed": 1, "failed": 2, "not_run": ["c"],
            "jobs": [job("a", "passed", 0, run()), job("b@0", "failed", 1, run(False, DIVERGENCE))]}


class SchemaLanguage(unittest.TestCase):
    def test_the_doc_defines_every_flow_with_its_name_and_version(self):
        for flow in FLOWS:
            kind, fields = SCHEMAS[flow]
            self.assertEqual(kind, "flow")
            self.assertEqual((fields["flow"].arg, fields["version"].arg), (flow, 1))
        self.assertIn("run", SCHEMAS)

    def test_types(self):
        t = results.parse_type('"passed" \\| "failed" or null')
        self.assertEqual((t.kind, t.nullable, [a.arg for a in t.arg]), ("alt", True, ["passed", "failed"]))
        t = results.parse_type("list of job")
        self.assertEqual((t.kind, t.arg.kind, t.arg.arg), ("list", "object", "job"))
        self.assertEqual(results.parse_type("1").arg, 1)
        with self.assertRaises(results.ResultsError):
            results.parse_type("List Of X")

    def test_a_bad_schema_is_refused_naming_it(self):
        table = "| field | type | meaning |\n| --- | --- | --- |\n"
        cases = {
            f"### flow x\n\n{table}| flow | \"x\" | |\n| y | thing | |\n": "x.y: no object thing",
            f"### flow x\n\n{table}| flow | \"x\" | |\n": "flow x: no version field",
            f"### flow x\n\n{table}| version | 1 | |\n": 'its first field must be flow "x"',
            "### object o\n\nno table\n### object p\n": "object o has no field table",
        }
        for text, message in cases.items():
            with self.assertRaises(results.ResultsError) as e:
                results.parse_schemas(text, "t.md")
            self.assertIn(message, str(e.exception))


class Validation(unittest.TestCase):
    def test_a_valid_result_has_no_error(self):
        self.assertEqual(results.validate(verify_doc(), SCHEMAS), [])
        self.assertEqual(results.validate(run(False, DIVERGENCE), SCHEMAS), [])

    def test_every_kind_of_error_is_named_with_its_path(self):
        doc = verify_doc()
        doc["seed"] = True                      # a bool is not an int
        doc["extra"] = 1
        del doc["not_run"]
        doc["jobs"][0]["status"] = "maybe"
        doc["jobs"][1]["run"]["first_divergence"]["cycle"] = None
        doc["jobs"][1]["run"]["coverage"]["missed"] = [3]
        self.assertEqual(sorted(results.validate(doc, SCHEMAS)), sorted([
            ": no field not_run", ": unknown field extra", "seed: true is not int",
            'jobs[0].status: "maybe" is none of the alternatives',
            "jobs[1].run.first_divergence.cycle: null",
            "jobs[1].run.coverage.missed[0]: 3 is not str"]))

    def test_a_document_of_no_known_flow(self):
        self.assertEqual(results.validate({"flow": "nope"}, SCHEMAS), ["no schema for flow 'nope' (docs/results.md)"])
        self.assertEqual(results.validate([1], SCHEMAS), ["no schema for flow None (docs/results.md)"])
        # an object without a flow field is not a document
        self.assertIn("no schema", results.validate({"flow": "job"}, SCHEMAS)[0])

    def test_write_refuses_an_invalid_result_and_writes_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            doc = verify_doc()
            doc["passed"] = "1"
            with self.assertRaises(results.ResultsError) as e:
                results.write(f"{d}/v.json", doc, SCHEMAS)
            self.assertIn("passed: \"1\" is not int", str(e.exception))
            self.assertEqual(os.listdir(d), [])
            results.write(f"{d}/sub/v.json", verify_doc(), SCHEMAS)
            self.assertEqual(results.read(f"{d}/sub/v.json"), verify_doc())

    def test_check_names_each_bad_file_and_fails(self):
        with tempfile.TemporaryDirectory() as d:
            write(f"{d}/good.json", json.dumps(verify_doc()))
            write(f"{d}/bad.json", json.dumps(dict(verify_doc(), version=2)))
            write(f"{d}/broken.json", "{")
            with contextlib.redirect_stdout(io.StringIO()) as out:
                status = results.main(["results.py", "check", d])
        lines = out.getvalue().splitlines()
        self.assertEqual(status, 1)
        self.assertIn(f"results: {d}/bad.json: version: 2 is not 1", lines)
        self.assertTrue(any(line.startswith(f"results: {d}/broken.json: {d}/broken.json: not JSON") for line in lines))
        self.assertEqual(lines[-1], "results: 12 flow schemas; 1 of 3 files valid")

    def test_bad_usage_and_input_exit_2(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(results.main(["results.py", "junit"]), 2)
            self.assertEqual(results.main(["results.py", "put", "/no/such.json", "/tmp/x.json"]), 2)
        self.assertIn("results: /no/such.json:", err.getvalue())


class Junit(unittest.TestCase):
    def test_verify_a_suite_per_bench_the_failure_with_its_replay(self):
        root = ET.fromstring(results.junit(verify_doc()))
        self.assertEqual((root.get("name"), root.get("tests"), root.get("failures")), ("verify", "2", "1"))
        self.assertEqual([s.get("name") for s in root], ["a", "b@0"])  # a suite per bench
        failure = root.find("testsuite[@name='b@0']/testcase/failure")
        self.assertEqual(failure.get("type"), "mismatch")
        self.assertEqual(failure.get("message"), "replay: build/tb/bench_blk --seed 1 --xseed 3 --n 10")
        self.assertEqual(failure.text, "FIRST DIVERGENCE at cycle 9 (ops 5): signal y expected 0x1 got 0x0")

    def test_a_timeout_and_a_job_without_result(self):
        doc = verify_doc()
        doc["jobs"] = [job("a", "failed", 124, None), job("b", "no result", None, None)]
        root = ET.fromstring(results.junit(doc))
        self.assertEqual([f.get("type") for f in root.iter("failure")], ["timeout", "error"])
        self.assertEqual([f.get("message") for f in root.iter("failure")],
                         ["replay: build/tb/bench_a --seed 1", "replay: build/tb/bench_b --seed 1"])

    def test_formal_groups_failed_and_skipped(self):
        doc = formal_fixture_doc()
        root = ET.fromstring(results.junit(doc))
        self.assertEqual((root.get("tests"), root.get("failures")), ("4", "1"))
        self.assertEqual(root.find("testsuite[@name='blk']").get("skipped"), "1")
        self.assertEqual(root.find(".//failure").text, "cex.vcd")

    def test_no_junit_for_a_flow_without_cases(self):
        with self.assertRaises(results.ResultsError):
            results.junit({"flow": "synth"})


FORMAL_TSV = {
    "blk.prove": "blk\tprove\tinv\tthe invariant\tsmt-ind\t4\t1.5\tPASS\t\n"
                 "blk\tprove\tslow\tslow one\t-\t-\t0\tSKIPPED\tslow group\n",
    "blk.cover": "blk\tcover\tc\tcovers\tsmt-cover\t10\t2.0\tCOVERED\t1/1 covers reached\n",
    "two.prove": "two\tprove\tp\tprop\tsat-comb\t-\t0.5\tFAIL\tcex.vcd\n",
}


def formal_fixture(d):
    for name, text in FORMAL_TSV.items():
        write(f"{d}/results/{name}.tsv", text)
    write(f"{d}/results/blk.cover.covers", "blk.c\tcover (x)\treached 3: w.vcd\n")


def formal_fixture_doc():
    with tempfile.TemporaryDirectory() as d:
        formal_fixture(d)
        return results.formal_result(d, "quick", ["blk", "two"])


class Flows(unittest.TestCase):
    def test_formal_from_the_task_records(self):
        doc = formal_fixture_doc()
        self.assertEqual(results.validate(doc, SCHEMAS), [])
        self.assertEqual((doc["passed"], doc["failed"], doc["skipped"], doc["missing"]), (2, 2, 1, ["two.cover"]))
        self.assertEqual(doc["covers"], [{"block": "blk", "name": "cover (x)", "text": "reached 3: w.vcd"}])
        self.assertEqual(results.formal_unpassed(doc, ["blk", "two"]), ["two.prove"])

    def test_formal_report_renders_the_json_and_fails_on_a_failure(self):
        with tempfile.TemporaryDirectory() as d:
            formal_fixture(d)
            with contextlib.redirect_stdout(io.StringIO()) as out:
                status = results.formal_report(d, "quick", "rtl", f"{d}/f.json", ["blk", "two"])
            with open(f"{d}/report.md", encoding="utf-8") as f:
                md = f.read()
            ET.parse(f"{d}/junit.xml")
            self.assertEqual(results.read(f"{d}/f.json")["profile"], "quick")
        self.assertEqual(status, 1)
        self.assertIn("| blk | prove inv: the invariant | smt-ind | 4 | 1.5 | PASS |", md)
        self.assertIn("| two | (cover task not run) | | | | MISSING |", md)
        self.assertIn("**two has no prove group that passed in this profile.**", md)
        self.assertIn("- two.prove p: FAIL - cex.vcd", md)
        self.assertIn("- blk `cover (x)`: reached 3: w.vcd", md)
        self.assertIn("formal: two.prove p: FAIL - cex.vcd", out.getvalue())

    def test_synth_from_area_csv(self):
        header = ("block,status,kind,seconds,generic_cells,cells,area_um2,kGE,flops,levels,delay_ps,cycle_pct,"
                  "macro_bits,macro_bytes,macro_check,paper_node_nm,paper_area_mm2,scaled_area_mm2,paper_delay_ns,"
                  "generic_cells_by_type,cells_by_type\n")
        rows = ("psu,ok,logic,3.5,10,12,20.5,0.03,4,7,300,30,0,0,,28,0.014,0.0079,0.11,a:1,b:2\n"
                "bad,FAILED (timeout),,,,,,,,,,,,,,,,,,,\n")
        with tempfile.TemporaryDirectory() as d:
            write(f"{d}/area.csv", header + rows)
            doc = results.synth_result(d, "smoke", "1000")
        self.assertEqual(results.validate(doc, SCHEMAS), [])
        psu, bad = doc["blocks"]
        self.assertEqual((psu["cells"], psu["kge"], psu["paper"]["node_nm"], psu["paper"]["delay_ns"]), (12, 0.03, 28, 0.11))
        self.assertEqual((bad["status"], bad["area_um2"], bad["paper"]), ("FAILED (timeout)", None, None))
        with self.assertRaises(results.ResultsError):
            results.synth_result("/no/such", "full", "1000")

    def test_fuzz_targets_from_their_records(self):
        with tempfile.TemporaryDirectory() as d:
            write(f"{d}/logs/a.result", "a 500 50 10 0 7\n")
            write(f"{d}/logs/b.result", "b 900 90 10 1 7\n")
            doc = results.fuzz_result(d, "100", ["a", "b", "c"])
        self.assertEqual(results.validate(doc, SCHEMAS), [])
        self.assertEqual([(t["ran"], t["passed"]) for t in doc["targets"]], [(True, True), (True, False), (False, False)])

    def test_eval_counts_the_ledger_classes(self):
        ledger = {"traces": ["t"], "counts": {"reproduced": 1, "direction": 0, "opposite": 0, "not-computed": 1},
                  "rows": [{}, {}]}
        with tempfile.TemporaryDirectory() as d:
            write(f"{d}/l.json", json.dumps(ledger))
            write(f"{d}/bad.json", "[]")
            doc = results.eval_result(f"{d}/l.json", f"{d}/report.md")
            with self.assertRaises(results.ResultsError):
                results.eval_result(f"{d}/bad.json", f"{d}/report.md")
        self.assertEqual(results.validate(doc, SCHEMAS), [])
        self.assertEqual((doc["rows"], doc["classes"][0]), (2, {"class": "reproduced", "rows": 1}))


if __name__ == "__main__":
    unittest.main()
