#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make regress (docs/regress.md): one job per (block, seed), each the block's lockstep
bench BENCHDIR/bench_BLOCK --seed S [--n N], run through the one runner (tools/run/runner.py: this
machine's cores or a Slurm job array), then the result RESULT (DIR/regress.json; docs/results.md)
and, rendered from it, DIR/results.tsv, junit.xml and summary.md. The
functional coverage bins are judged over the merged seeds (merge_bins.py): a seed may miss a
bin, no bin may be missed by every seed. Ends with "regress: N passed, N failed" and every
failure's replay line; exit 1 when any job failed or a bin was never hit, 2 when it could not run.
usage: python3 -m tools.regress.regress [-l local|slurm] [-s SEEDS] [-n N] [-j JOBS] [-o DIR]
                                [-b BENCHDIR] [-c COVDIR] [-r RESULT] BLOCK...
       python3 -m tools.regress.regress report DIR     (the results again from DIR's job files)
  SEEDS: ranges and numbers, "1-1000" or "1-20,33" (default 1-10); N: transactions per job
  (default: each bench's own); -j: see tools/run/runner.py; DIR: build/regress; BENCHDIR: build/tb;
  COVDIR: benches built with --coverage write their counts to COVDIR/BLOCK.sSEED.dat
env REGRESS_TIMEOUT: seconds per job (default 3600; a job over it fails)."""
import argparse
import os
import re
import shutil
import sys
import time

from tools.run import runner
from tools.report import results
from tools.regress import merge_bins

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
    p = argparse.ArgumentParser(prog="python3 -m tools.regress.regress", description=__doc__.split("\n")[0])
    p.add_argument("-l", dest="launcher", default="local")
    p.add_argument("-s", dest="seeds", default="1-10")
    p.add_argument("-n", dest="n", default="")
    p.add_argument("-j", dest="jobs", type=int)
    p.add_argument("-o", dest="out", default="build/regress")
    p.add_argument("-b", dest="tb", default="build/tb")
    p.add_argument("-c", dest="cov", default="")
    p.add_argument("-r", dest="result", help="the result (JSON); default DIR/regress.json")
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
            jobs.append(runner.bench_job(a.out, jid, f"{env}timeout {timeout} {a.tb}/bench_{b} "
                                                     f"--seed {s}{n} --bins-out {a.out}/bins/{jid}.txt"))
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
    return report(a.out, a.result)


# --- the results (docs/results.md, flow regress) -----------------------------------------------
def job_records(d, meta):
    """The jobs of the regression as result records (each bench's --result in it)."""
    jobs = {j.id: j for j in runner.read_jobs(d)}
    return [runner.job_record(d, jobs.get(jid, runner.Job(jid, "")), block) for jid, block, _ in meta]


def regress_doc(d, meta, merged):
    """regress.json's document; MERGED: the bins over the seeds (merge_bins.merge)."""
    wall = read_lines(os.path.join(d, "wall"))
    launcher, secs = wall[0].split() if wall else ("unknown", "0")
    jobs = job_records(d, meta)
    bins = [{"block": b, "bin": name, "hits": hits, "seeds": seeds}
            for b, entry in merged.items() for name, (hits, seeds) in entry["bins"].items()]
    passed = sum(j["status"] == "passed" for j in jobs)
    bins_failed = any(b["seeds"] == 0 for b in bins)
    return {"flow": "regress", "version": 1, "launcher": launcher, "wall_seconds": float(secs),
            "seeds": sorted({int(seed) for _, _, seed in meta}), "passed": passed,
            "failed": len(jobs) - passed + bins_failed, "jobs": jobs, "bins": bins}


def seed_of(job):
    return job["id"].rsplit(".s", 1)[-1]


def message_of(job):
    failure = results.failure_of(job)
    return failure[1] if failure else ""


def cycles_of(job):
    return job["run"]["cycles"] if job["run"] else 0


def mcycles_per_s(job):
    run = job["run"]
    return run["cycles"] / run["seconds"] / 1e6 if run and run["seconds"] > 0 else 0.0


def results_tsv(doc):
    """results.tsv: id block seed verdict rc seconds cycles Mcycles/s host replay message."""
    rows = [[j["id"], j["bench"], seed_of(j), "passed" if j["status"] == "passed" else "failed",
             "none" if j["exit"] is None else str(j["exit"]), "%.3f" % j["seconds"], str(cycles_of(j)),
             "%.2f" % mcycles_per_s(j), j["host"], "" if j["status"] == "passed" else results.replay_of(j),
             message_of(j)] for j in doc["jobs"]]
    return "".join("\t".join(CONTROL.sub("", f) for f in r) + "\n" for r in rows)


def by_bench(jobs):
    """The benches (a block, or a variant BLOCK@...) in the order of their first job, each with its
    jobs."""
    benches = {}
    for j in jobs:
        benches.setdefault(j["bench"], []).append(j)
    return benches


def summary(doc):
    """summary.md: per block seeds, passed, failed, cycles, Mcycles/s, s/seed; the slowest jobs."""
    jobs, wall = doc["jobs"], doc["wall_seconds"]
    out = ["# Regression summary (make regress)", "",
           f"{len(jobs)} jobs, LAUNCHER={doc['launcher']}, {wall:.0f} s wall: "
           f"{len(jobs) * 3600 / wall if wall > 0 else 0:.0f} seeds per hour. Mcycles/s is per job (cycles over the",
           "jobs' own run time); s/seed is the mean run time of a job. docs/regress.md.", "",
           "| block | seeds | passed | failed | cycles | Mcycles/s | s/seed |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for b, js in by_bench(jobs).items():
        cyc, sec = sum(cycles_of(j) for j in js), sum(j["seconds"] for j in js)
        passed = sum(j["status"] == "passed" for j in js)
        out.append(f"| {b} | {len(js)} | {passed} | {len(js) - passed} | {cyc} | "
                   f"{cyc / sec / 1e6 if sec > 0 else 0:.2f} | {sec / len(js):.2f} |")
    out += ["", "## Slowest jobs", "", "| block | seed | s | cycles | verdict |", "| --- | ---: | ---: | ---: | --- |"]
    for j in sorted(jobs, key=lambda j: (j["seconds"], j["bench"], seed_of(j)), reverse=True)[:10]:
        verdict = "passed" if j["status"] == "passed" else "failed"
        out.append(f"| {j['bench']} | {seed_of(j)} | {j['seconds']:.3f} | {cycles_of(j)} | {verdict} |")
    return "\n".join(out) + "\n"


def read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()
    except OSError:
        return []


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def report(d, result=None):
    """The results of a regression from its job files: RESULT (default DIR/regress.json), and
    rendered from it results.tsv, junit.xml, summary.md; its closing lines; exit 1 when a job
    failed or a bin was never hit."""
    meta = [tuple(line.split("\t")[:3]) for line in read_lines(os.path.join(d, "meta.tsv")) if line]
    if not meta:
        raise RegressError(f"usage: python3 -m tools.regress.regress report DIR ({d}/meta.tsv missing)")
    has_bins = os.path.isdir(os.path.join(d, "bins"))
    try:
        merged = merge_bins.merge(meta, lambda jid: merge_bins.counts_of(d, jid)) if has_bins else {}
    except (OSError, ValueError) as e:
        raise RegressError(f"regress: bins: {e}") from None
    doc = regress_doc(d, meta, merged)
    results.write(result or os.path.join(d, "regress.json"), doc)
    write(os.path.join(d, "results.tsv"), results_tsv(doc))
    write(os.path.join(d, "junit.xml"), results.junit(doc))
    write(os.path.join(d, "summary.md"), summary(doc))
    for j in doc["jobs"]:
        if j["status"] != "passed":
            print(f"regress: FAILED {j['bench']} seed {seed_of(j)}: {message_of(j)}\nregress: replay: {results.replay_of(j)}")
    sys.stdout.flush()
    if has_bins:
        merge_bins.write_tsv(os.path.join(d, "bins.tsv"), merged)
        print("\n".join(merge_bins.judge(merged)[0]))
    if any(b["seeds"] == 0 for b in doc["bins"]):
        print(f"regress: FAILED: coverage bins never hit by any seed (above; {d}/bins.tsv)")
    print(f"regress: results in {d}/junit.xml, {d}/summary.md")
    print(f"regress: {doc['passed']} passed, {doc['failed']} failed")
    return 1 if doc["failed"] else 0


def main(argv):
    try:
        if argv[:1] == ["report"] and len(argv) == 2:
            return report(argv[1])
        return regress(arguments(argv))
    except (RegressError, runner.RunnerError, results.ResultsError) as e:
        print(e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
