#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""X-initialisation sweep (issue 7; docs/xinit.md): every lockstep bench rerun with Verilator's
randomised initial state (--x-assign/--x-initial unique, rand-reset 2) under several fixed X seeds
and random mid-stream resets: the RTL must match the reset state the C models define. The runs go
through the one runner (tools/runner.py); the runs of one bench one after another (a failing run
writes its waveform beside the bench, named by the stimulus seed). Per failure it prints the
first divergence, the replay command and the waveform; closes with "xsweep: N passed, N failed".
usage: tools/xsweep.py [-d BENCH_DIR] [-s SEED] [-n N] [-j JOBS] [-l LOG_DIR] -x "X..." BENCH..."""
import argparse
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402

# the lines of a failing run's log that say what failed and how to see it again
REPORTED = re.compile(r"FIRST DIVERGENCE|never hit|replay:|waveform:")


def arguments(argv):
    p = argparse.ArgumentParser(prog="tools/xsweep.py", description=__doc__.split("\n")[0])
    p.add_argument("-d", dest="benches", default="build/tb")
    p.add_argument("-s", dest="seed", default="1")
    p.add_argument("-n", dest="n", default="")
    p.add_argument("-j", dest="jobs", type=int, default=2)
    p.add_argument("-l", dest="logs", default="build/xsweep/logs")
    p.add_argument("-x", dest="xseeds", default="")
    p.add_argument("blocks", nargs="*", metavar="BENCH")
    a = p.parse_args(argv)
    if not a.xseeds.split() or not a.blocks:
        p.error('-x "X..." and at least one BENCH are needed')
    return a


def jobs(a):
    """One job per bench and X seed; the benches that are not there are left out (named by the
    closing line)."""
    args = f" --seed {shlex.quote(a.seed)}" + (f" --n {shlex.quote(a.n)}" if a.n else "")
    out = []
    for b in a.blocks:
        bench = runner.tree_path(os.path.join(a.benches, "bench_" + b))
        if os.access(os.path.join(runner.ROOT, bench), os.X_OK):
            out += [runner.Job(f"{b}-x{x}", f"{shlex.quote(bench)}{args} --xseed {shlex.quote(x)}", b)
                    for x in a.xseeds.split()]
    return out


def failure_report(a, d, b, x):
    """What a failing run's log says: its divergence, replay and waveform lines (or its end)."""
    print(f"xsweep: {b} FAILED under X seed {x} (seed {a.seed})")
    try:
        with open(runner.log_path(d, f"{b}-x{x}"), encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        print(f"  {runner.log_path(d, f'{b}-x{x}')}")
        return
    shown = [line for line in lines if REPORTED.search(line)]
    if not any("replay:" in line for line in shown):
        shown += lines[-3:]
    for line in shown:
        print("  " + line)


def main(argv):
    a = arguments(argv)
    d = os.path.abspath(a.logs)
    runs = jobs(a)
    os.makedirs(os.path.join(d, "out"), exist_ok=True)
    runner.launch_local(d, runs, a.jobs)
    passed = failed = 0
    for job in runs:
        b, x = job.group, job.id[len(job.group) + 2:]
        r = runner.result(d, job.id)
        if r is not None and r.rc == 0:
            passed += 1
        else:
            failed += 1
            failure_report(a, d, b, x)
    print(f"xsweep: {len(a.blocks)} benches x {len(a.xseeds.split())} X seeds, seed {a.seed}")
    ran = sorted({j.group for j in runs})
    return 0 if runner.closing("xsweep", passed, failed, a.blocks, ran) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
