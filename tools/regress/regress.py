#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make regress (issue 20; docs/regress.md): one job per (block, seed), each the block's lockstep
bench BENCHDIR/bench_BLOCK --seed S [--n N], run through the one runner (tools/runner.py: this
machine's cores or a Slurm job array), then DIR/results.tsv, junit.xml and summary.md. The
functional coverage bins are judged over the merged seeds (merge_bins.py): a seed may miss a
bin, no bin may be missed by every seed. Ends with "regress: N passed, N failed" and every
failure's replay line; exit 1 when any job failed or a bin was never hit, 2 when it could not run.
usage: tools/regress/regress.py [-l local|slurm] [-s SEEDS] [-n N] [-j JOBS] [-o DIR]
                                [-b BENCHDIR] [-c COVDIR] BLOCK...
       tools/regress/regress.py report DIR     (the results again from DIR's job files)
  SEEDS: ranges and numbers, "1-1000" or "1-20,33" (default 1-10); N: transactions per job
  (default: each bench's own); -j: see tools/runner.py; DIR: build/regress; BENCHDIR: build/tb;
  COVDIR: benches built with --coverage write their counts to COVDIR/BLOCK.sSEED.dat
env REGRESS_TIMEOUT: seconds per job (default 3600; a job over it fails)."""
import argparse
import os
import re
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import runner  # noqa: E402
import merge_bins  # noqa: E402  (tools/regress/, this script's folder)

SPEED = re.compile(r", ([0-9]+) cycles, ([0-9.]+) Mcycles/s")
CONTROL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f]")


class RegressError(Exception):
    """A regression that cannot run: one line, exit status 2."""


def expand_seeds(text):
    """The seeds of "A-B,C,...", in order."""
    seeds = []
    for part in text.split(","):
        m = re.fullmatch(r"([0-9]+)-([0-9]+)|([0-9]+)", part)
        if not m or (m.group(1) and int(m.group(1)) > int(m.group(2))):
            raise RegressError(f"regress: bad SEEDS '{text}' (expected e.g. 1-1000 or 1-20,33)")
        seeds += [int(m.group(3))] if m.group(3) else list(range(int(m.group(1)), int(m.group(2)) + 1))
    return seeds


def arguments(argv):
    p = argparse.ArgumentParser(prog="tools/regress/regress.py", description=__doc__.split("\n")[0])
    p.add_argument("-l", dest="launcher", default="local")
    p.add_argument("-s", dest="seeds", default="1-10")
    p.add_argument("-n", dest="n", default="")
    p.add_argument("-j", dest="jobs", type=int)
    p.add_argument("-o", dest="out", default="build/regress")
    p.add_argument("-b", dest="tb", default="build/tb")
    p.add_argument("-c", dest="cov", default="")
    p.add_argument("blocks", nargs="+", metavar="BLOCK")
    return p.parse_args(argv)


def jobs_of(a, seeds):
    """The jobs (id BLOCK.sSEED) and meta.tsv's lines (id, block, seed)."""
    timeout = os.environ.get("REGRESS_TIMEOUT", "3600")
    jobs, meta = [], []
    for b in a.blocks:
        for s in seeds:
            jid = f"{b}.s{s}"
            env = f"DRF_COVERAGE_DAT={a.cov}/{jid}.dat " if a.cov else ""
            n = f" --n {a.n}" if a.n else ""
            jobs.append(runner.Job(jid, f"{env}timeout {timeout} {a.tb}/bench_{b} --seed {s}{n} "
                                        f"--bins-out {a.out}/bins/{jid}.txt"))
            meta.append((jid, b, str(s)))
    return jobs, meta


def regress(a):
    seeds = expand_seeds(a.seeds)
    if a.n and not a.n.isdigit():
        raise RegressError(f"regress: bad N '{a.n}'")
    for b in a.blocks:
        if not os.access(f"{a.tb}/bench_{b}", os.X_OK):
            raise RegressError(f"regress: no bench {a.tb}/bench_{b} (make {a.tb}/bench_{b})")
    shutil.rmtree(os.path.join(a.out, "bins"), ignore_errors=True)
    for d in [os.path.join(a.out, "bins")] + ([a.cov] if a.cov else []):
        os.makedirs(d, exist_ok=True)
    jobs, meta = jobs_of(a, seeds)
    runner.write_jobs(a.out, jobs)
    with open(os.path.join(a.out, "meta.tsv"), "w", encoding="utf-8") as f:
        f.write("".join("\t".join(m) + "\n" for m in meta))
    print(f"regress: {len(jobs)} jobs ({len(a.blocks)} block(s) x {len(seeds)} seed(s)"
          + (f", N={a.n}" if a.n else "") + f"), LAUNCHER={a.launcher}", flush=True)
    t0 = time.monotonic()
    runner.launch(a.out, a.launcher, a.jobs, "regress")
    with open(os.path.join(a.out, "wall"), "w", encoding="utf-8") as f:
        f.write(f"{a.launcher} {int(time.monotonic() - t0)}\n")
    return report(a.out)


# --- the results ------------------------------------------------------------------------------
class Row:
    """One job's result line: id block seed verdict rc seconds cycles Mcycles/s host replay message."""

    def __init__(self, d, jid, block, seed, command):
        self.id, self.block, self.seed = jid, block, seed
        r = runner.result(os.path.abspath(d), jid)
        self.rc = str(r.rc) if r else "none"
        self.secs = ("%.3f" % r.seconds) if r else "0"
        self.host = r.host if r else ""
        self.cycles, self.mcps, self.replay, self.msg, last = "0", "0", "", "", ""
        self.log = read_lines(os.path.join(d, "out", jid + ".log"))
        for line in self.log:
            m = SPEED.search(line)
            self.cycles, self.mcps = (m.group(1), m.group(2)) if m else (self.cycles, self.mcps)
            if ": replay: " in line:
                self.replay = line[line.index(": replay: ") + len(": replay: "):]
            if not self.msg and re.search("FIRST DIVERGENCE|coverage bin never hit", line):
                self.msg = line
            last = line or last
        if self.rc == "none":
            self.msg = f"no result: the job did not finish (see {d}/sbatch/ or the launcher)"
        elif self.rc == "124":
            self.msg = "timeout: no result within the time limit"
        elif self.rc != "0" and not self.msg:
            self.msg = f"exit status {self.rc}: {last}"
        if self.rc != "0" and not self.replay:
            self.replay = re.sub(r"timeout [0-9]+ ", "", command, count=1)
        self.verdict = "passed" if self.rc == "0" else "failed"

    def fields(self):
        return [self.id, self.block, self.seed, self.verdict, self.rc, self.secs, self.cycles,
                self.mcps, self.host, self.replay, self.msg]


def read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()
    except OSError:
        return []


def esc(s):
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return CONTROL.sub("", s)


def by_block(rows):
    """The blocks in the order of their first job, each with its rows."""
    blocks = {}
    for r in rows:
        blocks.setdefault(r.block, []).append(r)
    return blocks


def junit(rows):
    """junit.xml: a testsuite per block, a testcase per seed; a failure carries the replay
    command as its message and the bench's report (its last 200 lines) in system-out."""
    fails = sum(r.verdict == "failed" for r in rows)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<testsuites name="regress" tests="{len(rows)}" failures="{fails}" errors="0" '
           f'time="{sum(float(r.secs) for r in rows):.3f}">']
    for b, rs in by_block(rows).items():
        out.append(f'  <testsuite name="{esc(b)}" tests="{len(rs)}" failures="'
                   f'{sum(r.verdict == "failed" for r in rs)}" errors="0" skipped="0" '
                   f'time="{sum(float(r.secs) for r in rs):.3f}">')
        for r in rs:
            case = f'    <testcase classname="regress.{esc(b)}" name="{esc(b)} seed {r.seed}" time="{float(r.secs):.3f}"'
            if r.verdict == "passed":
                out.append(case + "/>")
                continue
            kind = "timeout" if r.rc == "124" else "mismatch"
            out += [case + ">", f'      <failure type="{kind}" message="replay: {esc(r.replay)}">{esc(r.msg)}</failure>',
                    "      <system-out>" + "".join(esc(line) + "\n" for line in r.log[-200:]) + "</system-out>",
                    "    </testcase>"]
        out.append("  </testsuite>")
    return "\n".join(out + ["</testsuites>"]) + "\n"


def summary(rows, launcher, wall):
    """summary.md: per block seeds, passed, failed, cycles, Mcycles/s, s/seed; the slowest jobs."""
    out = ["# Regression summary (make regress)", "",
           f"{len(rows)} jobs, LAUNCHER={launcher}, {wall} s wall: "
           f"{len(rows) * 3600 / wall if wall > 0 else 0:.0f} seeds per hour. Mcycles/s is per job (cycles over the",
           "jobs' own run time); s/seed is the mean run time of a job. docs/regress.md.", "",
           "| block | seeds | passed | failed | cycles | Mcycles/s | s/seed |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for b, rs in by_block(rows).items():
        cyc, sec = sum(int(r.cycles) for r in rs), sum(float(r.secs) for r in rs)
        out.append(f"| {b} | {len(rs)} | {sum(r.verdict == 'passed' for r in rs)} | "
                   f"{sum(r.verdict == 'failed' for r in rs)} | {cyc} | "
                   f"{cyc / sec / 1e6 if sec > 0 else 0:.2f} | {sec / len(rs):.2f} |")
    out += ["", "## Slowest jobs", "", "| block | seed | s | cycles | verdict |", "| --- | ---: | ---: | ---: | --- |"]
    slow = sorted((f"{float(r.secs):012.3f}\t{r.block}\t{r.seed}\t{r.verdict}\t{r.cycles}" for r in rows),
                  reverse=True)[:10]
    for line in slow:
        secs, block, seed, verdict, cycles = line.split("\t")
        out.append(f"| {block} | {seed} | {float(secs):.3f} | {cycles} | {verdict} |")
    return "\n".join(out) + "\n"


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def report(d):
    """The results of a regression from its job files; its closing lines; exit 1 when a job
    failed or a bin was never hit."""
    meta = [line.split("\t") for line in read_lines(os.path.join(d, "meta.tsv")) if line]
    if not meta:
        raise RegressError(f"usage: tools/regress/regress.py report DIR ({d}/meta.tsv missing)")
    commands = {j.id: j.command for j in runner.read_jobs(d)}
    wall = read_lines(os.path.join(d, "wall"))
    launcher, secs = wall[0].split() if wall else ("unknown", "0")
    rows = [Row(d, jid, block, seed, commands.get(jid, "")) for jid, block, seed in meta]
    write(os.path.join(d, "results.tsv"), "".join("\t".join(r.fields()) + "\n" for r in rows))
    write(os.path.join(d, "junit.xml"), junit(rows))
    write(os.path.join(d, "summary.md"), summary(rows, launcher, int(secs)))
    for r in rows:
        if r.verdict == "failed":
            print(f"regress: FAILED {r.block} seed {r.seed}: {r.msg}\nregress: replay: {r.replay}")
    sys.stdout.flush()
    bins_failed = os.path.isdir(os.path.join(d, "bins")) and merge_bins.main(["merge_bins.py", d]) != 0
    failed = sum(r.verdict == "failed" for r in rows) + bins_failed
    if bins_failed:
        print(f"regress: FAILED: coverage bins never hit by any seed (above; {d}/bins.tsv)")
    print(f"regress: results in {d}/junit.xml, {d}/summary.md")
    print(f"regress: {sum(r.verdict == 'passed' for r in rows)} passed, {failed} failed")
    return 1 if failed else 0


def main(argv):
    try:
        if argv[:1] == ["report"] and len(argv) == 2:
            return report(argv[1])
        return regress(arguments(argv))
    except (RegressError, runner.RunnerError) as e:
        print(e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
