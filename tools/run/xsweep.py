#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""X-initialisation sweep (docs/xinit.md): every lockstep bench rerun with Verilator's
randomised initial state (--x-assign/--x-initial unique, rand-reset 2) under several fixed X seeds
and random mid-stream resets: the RTL must match the reset state the C models define. The runs go
through the one runner (tools/run/runner.py); the runs of one bench one after another (a failing run
writes its waveform beside the bench, named by the stimulus seed). Per failure it prints the
first divergence, the replay command and the waveform (from each run's --result); closes with
"xsweep: N passed, N failed"; with -r the sweep's result (JSON, docs/results.md, flow xsweep).
usage: python3 -m tools.run.xsweep [-d BENCH_DIR] [-s SEED] [-n N] [-j JOBS] [-l LOG_DIR] [-r RESULT]
                       -x "X..." BENCH..."""
import argparse
import os
import shlex
import sys

from tools.report import results
from tools.run import runner


def arguments(argv):
    p = argparse.ArgumentParser(prog="python3 -m tools.run.xsweep", description=__doc__.split("\n")[0])
    p.add_argument("-d", dest="benches", default="build/tb")
    p.add_argument("-s", dest="seed", default="1")
    p.add_argument("-n", dest="n", default="")
    p.add_argument("-j", dest="jobs", type=int, default=2)
    p.add_argument("-l", dest="logs", default="build/xsweep/logs")
    p.add_argument("-x", dest="xseeds", default="")
    p.add_argument("-r", dest="result", help="the sweep's result (JSON)")
    p.add_argument("blocks", nargs="*", metavar="BENCH")
    a = p.parse_args(argv)
    if not a.xseeds.split() or not a.blocks:
        p.error('-x "X..." and at least one BENCH are needed')
    if not all(w.isdigit() for w in [a.seed] + a.xseeds.split()):
        p.error("the seed and the X seeds are unsigned integers")
    return a


def jobs(a, d):
    """One job per bench and X seed (of group the bench); the benches that are not there are
    left out (named by the closing line)."""
    args = f" --seed {shlex.quote(a.seed)}" + (f" --n {shlex.quote(a.n)}" if a.n else "")
    out = []
    for b in a.blocks:
        bench = runner.tree_path(os.path.join(a.benches, "bench_" + b))
        if os.access(os.path.join(runner.ROOT, bench), os.X_OK):
            out += [runner.bench_job(d, f"{b}-x{x}", f"{shlex.quote(bench)}{args} --xseed {shlex.quote(x)}", b)
                    for x in a.xseeds.split()]
    return out


def failure_report(a, job, x):
    """A failing run: its divergence, replay and waveform, or its missed bins (its --result), or
    where its output is."""
    print(f"xsweep: {job['bench']} FAILED under X seed {x} (seed {a.seed})")
    run, name = job["run"], job["bench"].split("@")[0]
    if run is None:
        print(f"  no result (exit status {job['exit']}): {job['log']}")
        return
    for miss in run["coverage"]["missed"]:
        print(f"  {name}: coverage bin never hit: {miss}")
    d = run["first_divergence"]
    if d:
        print(f"  {name}: FIRST DIVERGENCE at cycle {d['cycle']} ({run['unit']} {d['transaction']}): "
              f"{d['mismatches'][0]}")
        print(f"  {name}: replay: {d['replay']}")
        print(f"  {name}: waveform: {d['waveform'] or 'none'}")


def main(argv):
    a = arguments(argv)
    d = os.path.abspath(a.logs)
    runs = jobs(a, d)
    os.makedirs(os.path.join(d, "out"), exist_ok=True)
    runner.launch_local(d, runs, a.jobs)
    records = [runner.job_record(d, job, job.group) for job in runs]
    for job, rec in zip(runs, records):
        if rec["status"] != "passed":
            failure_report(a, rec, job.id[len(job.group) + 2:])
    print(f"xsweep: {len(a.blocks)} benches x {len(a.xseeds.split())} X seeds, seed {a.seed}")
    passed = sum(r["status"] == "passed" for r in records)
    ok = runner.closing("xsweep", passed, len(records) - passed, a.blocks, sorted({j.group for j in runs}))
    if a.result:
        doc = dict(runner.bench_summary("xsweep", records, a.blocks), seed=int(a.seed),
                   xseeds=[int(x) for x in a.xseeds.split()])
        results.write(a.result, doc)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
