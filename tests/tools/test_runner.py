#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/run/runner.py (docs/regress.md), the one runner of the bench flows: jobs run
locally with their status and closing counts, groups kept apart, the closing line, make verify
and fanout, on stand-in benches (shell scripts)."""
import contextlib
import io
import os
import socket
import tempfile
import unittest

from tools.run import runner


def bench(d, name, body):
    """A stand-in bench d/bench_NAME: a shell script."""
    path = os.path.join(d, "bench_" + name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, 0o755)
    return path


def quietly(fn, *args):
    """fn's result and what it printed."""
    with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
        status = fn(*args)
    return status, out.getvalue()


class Closing(unittest.TestCase):
    def closing(self, *args):
        lines = []
        return runner.closing("run", *args, out=lines.append), lines

    def test_every_bench_ran_and_passed(self):
        self.assertEqual(self.closing(2, 0, ["a", "b"], ["b", "a"]), (True, ["run: 2 passed, 0 failed"]))

    def test_a_bench_that_did_not_run_fails_named(self):
        self.assertEqual(self.closing(1, 0, ["a", "b", "c"], ["a"]),
                         (False, ["run: not run: b c", "run: 1 passed, 2 failed"]))

    def test_nothing_given_fails(self):
        ok, lines = self.closing(0, 0, [], [])
        self.assertFalse(ok)
        self.assertTrue(lines[0].startswith("run: nothing to run"))
        self.assertEqual(lines[-1], "run: 0 passed, 1 failed")

    def test_a_failure_or_no_pass_fails(self):
        self.assertFalse(self.closing(1, 1, ["a", "b"], ["a", "b"])[0])
        self.assertFalse(self.closing(0, 0, ["a"], ["a"])[0])


class Launch(unittest.TestCase):
    def test_statuses_carry_exit_status_and_host(self):
        with tempfile.TemporaryDirectory() as d:
            runner.write_jobs(d, [runner.Job("a", 'echo progress; echo "x: 7 passed, 2 failed"'),
                                  runner.Job("b", "exit 3"), runner.Job("c", "pwd")])
            self.assertEqual(quietly(runner.launch, d, "local", 2, "t")[0], 0)
            a, b = runner.result(d, "a"), runner.result(d, "b")
            self.assertEqual((a.rc, a.host, b.rc), (0, socket.gethostname(), 3))
            with open(runner.log_path(d, "c"), encoding="utf-8") as f:
                self.assertEqual(f.read().strip(), runner.ROOT)  # jobs run in the tree's root

    def test_jobs_of_one_group_never_overlap(self):
        with tempfile.TemporaryDirectory() as d:
            lock = os.path.join(d, "busy")
            step = f"[ ! -e {lock} ] && touch {lock} && sleep 0.2 && rm {lock}"
            jobs = [runner.Job(f"g{i}", step, "g") for i in range(3)] + [runner.Job("free", "sleep 0.1")]
            os.makedirs(os.path.join(d, "out"))
            order = []
            runner.launch_local(d, jobs, 4, done=lambda j: order.append(j.id))
            self.assertEqual([runner.result(d, j.id).rc for j in jobs], [0, 0, 0, 0])
            self.assertEqual(order[0], "free")

    def test_a_job_without_a_status_is_reported(self):
        with tempfile.TemporaryDirectory() as d:
            runner.write_jobs(d, [runner.Job("a", "true")])
            os.makedirs(os.path.join(d, "out"))
            runner.run_job(d, runner.read_jobs(d)[0])
            self.assertIsNotNone(runner.result(d, "a"))
            self.assertIsNone(runner.result(d, "missing"))

    def test_a_slurm_task_runs_its_share_of_the_jobs(self):
        with tempfile.TemporaryDirectory() as d:
            runner.write_jobs(d, [runner.Job(str(k), "true") for k in range(1, 6)])
            os.makedirs(os.path.join(d, "out"))
            os.environ["SLURM_ARRAY_TASK_ID"] = "1"
            runner.job_task([d, "array", "2"])
            del os.environ["SLURM_ARRAY_TASK_ID"]
            self.assertEqual([runner.result(d, str(k)) is not None for k in range(1, 6)],
                             [False, False, True, True, False])
            with self.assertRaises(runner.RunnerError):
                runner.job_task([d])

    def test_an_unknown_launcher_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            runner.write_jobs(d, [runner.Job("a", "true")])
            with self.assertRaises(runner.RunnerError):
                runner.launch(d, "cloud", 1, "t")


class Verbs(unittest.TestCase):
    def test_verify_prints_each_bench_in_order_and_names_the_missing(self):
        with tempfile.TemporaryDirectory() as d:
            bench(d, "a", 'echo "a: $2 $4"; echo "a: 1 passed, 0 failed"')
            bench(d, "b", 'echo "b: fails"; exit 1')
            status, out = quietly(runner.main, ["runner.py", "verify", "-d", d, "-o", f"{d}/v",
                                                "-s", "5", "-n", "9", "a", "b", "c"])
        self.assertEqual(status, 1)
        self.assertEqual(out.splitlines(), ["a: 5 9", "a: 1 passed, 0 failed", "b: fails",
                                            "verify: not run: c", "verify: 1 passed, 2 failed"])

    def test_verify_of_no_bench_fails(self):
        with tempfile.TemporaryDirectory() as d:
            status, out = quietly(runner.main, ["runner.py", "verify", "-d", d, "-o", d, "-s", "1"])
        self.assertEqual(status, 1)
        self.assertIn("verify: nothing to run", out)

    def test_each_runs_the_command_per_block_in_order_and_fails_with_any(self):
        with tempfile.TemporaryDirectory() as d:
            status, out = quietly(runner.main, ["runner.py", "each", "-p", "g", "-o", d, "-j", "2",
                                                'echo {}; test {} != "b c"', "a", "b c"])
        self.assertEqual(status, 1)
        self.assertEqual(out.splitlines(), ["a", "b c", "g: 1 passed, 1 failed"])

    def test_fanout_prints_the_outputs_in_order_and_fails_with_any(self):
        with tempfile.TemporaryDirectory() as d:
            status, out = quietly(runner.main, ["runner.py", "fanout", "-j", "2", d,
                                                "sleep 0.2; echo one", "echo two"])
            self.assertEqual((status, out), (0, "one\ntwo\n"))
            status, _ = quietly(runner.main, ["runner.py", "fanout", d, "true", "false"])
            self.assertEqual(status, 1)

    def test_run_prints_a_flows_jobs_in_order_and_closes(self):
        with tempfile.TemporaryDirectory() as d:
            runner.write_jobs(d, [runner.Job("a", "sleep 0.2; echo one"), runner.Job("b", "echo two")])
            status, out = quietly(runner.main, ["runner.py", "run", "-j", "2", "-p", "flow", d])
            self.assertEqual((status, out), (0, "one\ntwo\nflow: 2 passed, 0 failed\n"))
            runner.write_jobs(d, [runner.Job("a", "echo one; exit 3"), runner.Job("b", "echo two")])
            status, out = quietly(runner.main, ["runner.py", "run", "-p", "flow", d])
            self.assertEqual((status, out), (1, "one\ntwo\nflow: 1 passed, 1 failed\n"))

    def test_run_of_no_job_fails(self):
        with tempfile.TemporaryDirectory() as d:
            runner.write_jobs(d, [])
            status, out = quietly(runner.main, ["runner.py", "run", "-p", "flow", d])
            self.assertEqual(status, 1)
            self.assertIn("flow: 0 passed, 1 failed", out)

    def test_a_verb_it_does_not_know_is_a_usage_error(self):
        self.assertEqual(quietly(runner.main, ["runner.py", "start"])[0], 2)


if __name__ == "__main__":
    unittest.main()
