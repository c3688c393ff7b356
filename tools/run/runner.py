#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The one runner of every flow's jobs (docs/regress.md): make verify, xsweep, icarus, mutate,
regress, verify-gates, and formal/run.sh's tasks, synth/run.sh's blocks, fuzz/run.sh's targets and
tools/run/eval_run.sh's runs (the `run` verb: each flow describes its jobs, this decides how they
start, here or on Slurm, and logs and sums them up). It runs jobs, a shell
command each in the tree's root, on this machine's cores or as one Slurm job array, and leaves
per job DIR/out/ID.log (its output) and DIR/out/ID.status ("RC SECONDS HOST": exit status, run
time, host), the status written last: a job without one did not finish; a bench job also its
--result, DIR/out/ID.json (docs/results.md). Every run closes with one line (closing): a run
given no bench, or a bench that did not run, fails naming it. Run from the tree's root as
python3 -m tools.run.runner (a Slurm task too: sbatch --chdir to the root).
usage: python3 -m tools.run.runner launch [-l local|slurm] [-j JOBS] [-p LABEL] DIR
         DIR/jobs: ID<TAB>COMMAND[<TAB>GROUP] lines; jobs of one GROUP never run at once (local).
         Exit 0 when every job left a status, 3 when some did not, 2 on a usage or Slurm error.
       python3 -m tools.run.runner job DIR FIRST [LAST] | job DIR array CHUNK   (a Slurm array task)
       python3 -m tools.run.runner fanout [-l local|slurm] [-j JOBS] [-p LABEL] DIR COMMAND...
         job K is the K-th COMMAND; their outputs in order; exit 0 when every one exited 0
       python3 -m tools.run.runner verify [-d BENCH_DIR] [-o DIR] [-j JOBS] [-r RESULT] -s SEED [-n N] BENCH...
         make verify: each bench once, its output in order; "verify: N passed, N failed";
         RESULT: the run as JSON (docs/results.md, flow verify), from each bench's --result
       python3 -m tools.run.runner each -p NAME -o DIR [-j JOBS] COMMAND BLOCK...
         make verify-gates, gates-activity: COMMAND once per BLOCK ({} its name) as verify runs
         its benches
       python3 -m tools.run.runner run [-l local|slurm] [-j JOBS] -p NAME DIR
         a flow's jobs, DIR/jobs (as launch): each job's output in order (here as they finish),
         "NAME: N passed, N failed" (a job passes when it exits 0); exit 0 when every job passed
env (slurm): SBATCH_ARGS (more sbatch options), REGRESS_MAX_TASKS (tasks per array, 1000:
  Slurm's default MaxArraySize is 1001; more jobs run several per task), REGRESS_PER_TASK (jobs
  per task at least, 1), SLURM_CONF (else the cluster of `make slurm-up` when it is up)."""
import argparse
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.abspath(os.path.dirname(__file__)), "..", ".."))


class RunnerError(Exception):
    """A run that cannot be started: one line, exit status 2."""


# --- the closing line ----------------------------------------------------------------------
def closing(name, passed, failed, expected, ran, out=print):
    """Prints NAME's closing lines; True only when every expected bench ran, at least one
    passed and nothing failed."""
    if not expected:
        out(f"{name}: nothing to run: no bench was given (the registry, blocks.tsv, lists them)")
        failed += 1
    missing = not_run(expected, ran)
    if missing:
        out(f"{name}: not run: {' '.join(missing)}")
        failed += len(missing)
    out(f"{name}: {passed} passed, {failed} failed")
    return failed == 0 and passed > 0


def not_run(expected, ran):
    return sorted(set(expected) - set(ran))


# --- jobs and their results ----------------------------------------------------------------
class Job:
    """One job: an id (its files' name), a shell command run in the tree's root, a group."""

    def __init__(self, jid, command, group=""):
        self.id, self.command, self.group = jid, command, group

    def line(self):
        return "\t".join([self.id, self.command] + ([self.group] if self.group else [])) + "\n"


class Result:
    """A job's status: exit status, seconds, host."""

    def __init__(self, rc, seconds, host):
        self.rc, self.seconds, self.host = rc, seconds, host

    @classmethod
    def parse(cls, text):
        w = text.split()
        return cls(int(w[0]), float(w[1]), w[2] if len(w) > 2 else "")


def write_jobs(d, jobs):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "jobs"), "w", encoding="utf-8") as f:
        f.write("".join(j.line() for j in jobs))


def read_jobs(d):
    with open(os.path.join(d, "jobs"), encoding="utf-8") as f:
        return [Job(*line.rstrip("\n").split("\t")) for line in f if line.strip()]


def tree_path(path):
    """A path as the jobs see it: relative to the tree's root, where they run (a bench's own
    replay line then reads as it did when run from there)."""
    return os.path.relpath(os.path.abspath(path), ROOT)


def log_path(d, jid):
    return os.path.join(d, "out", jid + ".log")


def write_status(d, jid, rc, seconds):
    """DIR/out/ID.status, atomically (written last: a job without it did not finish)."""
    text = f"{rc} {seconds:.3f} {socket.gethostname()}"
    path = os.path.join(d, "out", jid + ".status")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text + "\n")
    os.replace(path + ".tmp", path)


def result(d, jid):
    """A job's Result, or None when it left no status."""
    try:
        with open(os.path.join(d, "out", jid + ".status"), encoding="utf-8") as f:
            return Result.parse(f.read())
    except (OSError, ValueError, IndexError):
        return None


def start(d, job, cwd=ROOT):
    """Starts a job: bash -c COMMAND in the tree's root, its output to DIR/out/ID.log (a status
    of an earlier run removed)."""
    status = os.path.join(d, "out", job.id + ".status")
    if os.path.exists(status):
        os.remove(status)
    with open(log_path(d, job.id), "w", encoding="utf-8") as log:
        return subprocess.Popen(["bash", "-c", job.command], cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def run_job(d, job):
    """Runs one job to its end and writes its status: a Slurm task's way, in the directory
    sbatch --chdir gave it (Slurm runs a copy of this script, away from the tree)."""
    t0 = time.monotonic()
    rc = start(d, job, os.getcwd()).wait()
    write_status(d, job.id, rc, time.monotonic() - t0)


# --- local and Slurm launchers --------------------------------------------------------------
class Progress:
    """The progress line on stderr: rewritten in place on a terminal, every 30 s otherwise."""

    def __init__(self, d, label, total):
        self.d, self.label, self.total = d, label, total
        self.t0 = self.last = time.monotonic()
        self.every = 1 if sys.stderr.isatty() else 30

    def tally(self, what):
        statuses = [f for f in os.listdir(os.path.join(self.d, "out")) if f.endswith(".status")]
        failed = sum(1 for f in statuses if (result(self.d, f[:-len(".status")]) or Result(1, 0, "")).rc)
        return (f"{self.label}: {len(statuses)}/{self.total} done, {failed} failed, {what}, "
                f"{int(time.monotonic() - self.t0)} s")

    def show(self, what, final=False):
        if not final and time.monotonic() - self.last < self.every:
            return
        self.last = time.monotonic()
        if sys.stderr.isatty():
            sys.stderr.write("\r" + self.tally(what) + "\033[K" + ("\n" if final else ""))
        else:
            sys.stderr.write(self.tally(what) + "\n")
        sys.stderr.flush()


def launch_local(d, jobs, at_once, progress=None, done=None):
    """Runs the jobs AT_ONCE at a time (no two of one group at once), in order; DONE(job) is
    called as each ends. An interrupt stops every running job."""
    waiting, running = list(jobs), {}
    try:
        while waiting or running:
            busy = {j.group for j, _ in running.values() if j.group}
            for job in list(waiting):
                if len(running) >= at_once:
                    break
                if job.group and job.group in busy:
                    continue
                running[start(d, job)] = (job, time.monotonic())
                busy.add(job.group)
                waiting.remove(job)
            for proc in [p for p in running if p.poll() is not None]:
                job, t0 = running.pop(proc)
                write_status(d, job.id, proc.returncode, time.monotonic() - t0)
                if done:
                    done(job)
            if progress:
                progress.show(f"{at_once} at a time")
            time.sleep(0.01)  # a finished job is seen within 10 ms
    except KeyboardInterrupt:
        for proc in running:
            os.killpg(proc.pid, signal.SIGTERM)
        raise


def slurm_conf():
    """The cluster of `make slurm-up` (tools/regress/slurm.sh) when SLURM_CONF is not set."""
    if os.environ.get("SLURM_CONF"):
        return
    conf = subprocess.run([os.path.join(ROOT, "tools", "regress", "slurm.sh"), "conf"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if conf.returncode == 0 and conf.stdout.strip():
        os.environ["SLURM_CONF"] = conf.stdout.strip()


def launch_slurm(d, total, throttle, label, progress):
    """The jobs as one Slurm job array (sbatch), each task running `runner.py job`; waits."""
    if not shutil.which("sbatch"):
        raise RunnerError(f"{label}: sbatch not found (Debian: slurm-client)")
    slurm_conf()
    chunk = max(-(-total // int(os.environ.get("REGRESS_MAX_TASKS", "1000"))),
                int(os.environ.get("REGRESS_PER_TASK", "1")))
    tasks = -(-total // chunk)
    os.makedirs(os.path.join(d, "sbatch"), exist_ok=True)
    cmd = ["sbatch", "--parsable", f"--job-name={label}", f"--array=0-{tasks - 1}%{throttle}",
           f"--chdir={ROOT}", f"--output={d}/sbatch/%A_%a.out"]
    cmd += shlex.split(os.environ.get("SBATCH_ARGS", ""))
    # the task runs this module from the tree's root (--chdir): python3 -m, as every tool
    cmd += ["--wrap", shlex.join(["python3", "-m", "tools.run.runner", "job", d, "array", str(chunk)])]
    sub = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if sub.returncode != 0:
        raise RunnerError(f"{label}: sbatch failed")
    array = sub.stdout.strip().split(";")[0]
    conf = os.environ.get("SLURM_CONF")
    sys.stderr.write(f"{label}: Slurm job array {array}, {tasks} task(s) of {chunk} job(s)"
                     + (f" (SLURM_CONF={conf})" if conf else "") + "\n")
    try:
        wait_slurm(d, array, total, label, progress)
    except KeyboardInterrupt:
        subprocess.call(["scancel", array])
        raise
    return f"Slurm job {array}"


def wait_slurm(d, array, total, label, progress):
    """Polls squeue until the array has left it (or every job has its status)."""
    errors = 0
    while True:
        q = subprocess.run(["squeue", "-h", "-r", "-j", array, "-t", "PD,R,CF,CG,S", "-o", "%i"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        errors = 0 if q.returncode == 0 else errors + 1
        if errors >= 30:
            sys.stderr.write(f"{label}: squeue keeps failing, array {array} cancelled\n")
            subprocess.call(["scancel", array])
            return
        statuses = sum(1 for f in os.listdir(os.path.join(d, "out")) if f.endswith(".status"))
        if (errors == 0 and not q.stdout.strip()) or statuses == total:
            return
        queued = len(q.stdout.split())
        progress.show(f"Slurm job {array}: {queued} task(s) queued or running")
        time.sleep(2)


def launch(d, launcher="local", at_once=None, label="regress", done=None):
    """Runs DIR/jobs; returns the exit status of `runner.py launch` (0, or 3: some job left no
    status). DONE(job): called as each local job ends."""
    d = os.path.abspath(d)
    jobs = read_jobs(d)
    for sub in ("out", "sbatch"):
        shutil.rmtree(os.path.join(d, sub), ignore_errors=True)
    os.makedirs(os.path.join(d, "out"))
    progress = Progress(d, label, len(jobs))
    if launcher == "local":
        n = at_once or os.cpu_count() or 1
        launch_local(d, jobs, n, progress, done)
        what = "local"
    elif launcher == "slurm":
        what = launch_slurm(d, len(jobs), at_once or 64, label, progress)
    else:
        raise RunnerError(f"{label}: LAUNCHER must be local or slurm, not '{launcher}'")
    progress.show(what, final=True)
    missing = sum(1 for j in jobs if result(d, j.id) is None)
    if missing:
        sys.stderr.write(f"{label}: {missing} job(s) ended without a result\n")
        return 3
    return 0


# --- the verbs ----------------------------------------------------------------------------
def job_task(args):
    """`runner.py job DIR FIRST [LAST]` or `job DIR array CHUNK`: lines FIRST..LAST of DIR/jobs."""
    if len(args) not in (2, 3) or not all(a.isdigit() for a in args[2:]) or \
            not (args[1] == "array" and len(args) == 3 or args[1].isdigit()):
        raise RunnerError("usage: python3 -m tools.run.runner job DIR FIRST [LAST] | job DIR array CHUNK")
    d = args[0]
    if args[1] == "array":
        task, chunk = int(os.environ["SLURM_ARRAY_TASK_ID"]), int(args[2])
        first, last = task * chunk + 1, (task + 1) * chunk
    else:
        first = int(args[1])
        last = int(args[2]) if len(args) > 2 else first
    for job in read_jobs(d)[first - 1:last]:
        run_job(d, job)
    return 0


def launcher_options(p):
    p.add_argument("-l", dest="launcher", default="local", help="local or slurm")
    p.add_argument("-j", dest="jobs", type=int, help="local jobs at once (the cores); Slurm: "
                   "the array's throttle %%N (64)")
    p.add_argument("-p", dest="label", default="regress", help="the progress line's label")
    p.add_argument("dir", metavar="DIR")


def fanout(argv):
    """Whole shell commands as jobs: their outputs in order, exit 0 when all exited 0."""
    p = argparse.ArgumentParser(prog="python3 -m tools.run.runner fanout")
    launcher_options(p)
    p.add_argument("commands", nargs="+", metavar="COMMAND")
    a = p.parse_args(argv)
    write_jobs(a.dir, [Job(str(k), c) for k, c in enumerate(a.commands, 1)])
    if launch(a.dir, a.launcher, a.jobs, a.label) not in (0, 3):
        return 2
    ok = True
    for k in range(1, len(a.commands) + 1):
        print_log(os.path.abspath(a.dir), str(k))
        r = result(os.path.abspath(a.dir), str(k))
        ok = ok and r is not None and r.rc == 0
    return 0 if ok else 1


def print_log(d, jid):
    try:
        with open(log_path(d, jid), encoding="utf-8", errors="replace") as f:
            sys.stdout.write(f.read())
    except OSError:
        pass
    sys.stdout.flush()


class InOrder:
    """Prints the logs of jobs in their order as the finished ones allow (DONE callback)."""

    def __init__(self, d, jobs):
        self.d, self.pending, self.finished = d, [j.id for j in jobs], set()

    def __call__(self, job):
        self.finished.add(job.id)
        while self.pending and self.pending[0] in self.finished:
            print_log(self.d, self.pending.pop(0))


# --- the benches' results as data (docs/results.md) ---------------------------------------
def results_lib():
    """tools/report/results.py, imported when first used (a Slurm task only runs jobs)."""
    from tools.report import results
    return results


def run_path(d, jid):
    """Where a bench job writes its --result."""
    return os.path.join(d, "out", jid + ".json")


def bench_job(d, jid, command, group=""):
    """A job running a bench's COMMAND, its --result to DIR/out/ID.json."""
    return Job(jid, f"{command} --result {shlex.quote(tree_path(run_path(d, jid)))}", group)


def read_run(d, jid):
    """A bench job's --result document, or None when it wrote none (or not a valid one)."""
    try:
        with open(run_path(d, jid), encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    lib = results_lib()
    return doc if not lib.validate(doc, lib.load_schemas()) else None


def job_record(d, job, bench):
    """A job of BENCH as docs/results.md's job object."""
    r = result(d, job.id)
    status = "no result" if r is None else ("passed" if r.rc == 0 else "failed")
    return {"id": job.id, "bench": bench, "block": bench.split("@")[0], "status": status,
            "exit": r.rc if r else None, "seconds": r.seconds if r else 0.0,
            "host": r.host if r else "", "log": tree_path(log_path(d, job.id)),
            "command": job.command, "run": read_run(d, job.id)}


def run_benches(name, d, jobs, at_once, expected):
    """Runs bench jobs locally (a job's group is its bench), their logs printed in order; then
    the closing line over the EXPECTED benches. The job records and whether the run passed."""
    os.makedirs(os.path.join(d, "out"), exist_ok=True)
    launch_local(d, jobs, at_once, done=InOrder(d, jobs))
    records = [job_record(d, j, j.group) for j in jobs]
    passed = sum(1 for r in records if r["status"] == "passed")
    return records, closing(name, passed, len(jobs) - passed, expected, [j.group for j in jobs])


def bench_summary(flow, records, expected):
    """The fields every bench flow's result shares: its counts and the jobs."""
    missing = not_run(expected, [r["bench"] for r in records])
    passed = sum(1 for r in records if r["status"] == "passed")
    return {"flow": flow, "version": 1, "passed": passed,
            "failed": len(records) - passed + len(missing), "not_run": missing, "jobs": records}


def verify(argv):
    """make verify: every bench once with one seed."""
    p = argparse.ArgumentParser(prog="python3 -m tools.run.runner verify")
    p.add_argument("-d", dest="benches", default="build/tb", help="the benches' folder")
    p.add_argument("-o", dest="out", default="build/verify", help="the logs' folder")
    p.add_argument("-j", dest="jobs", type=int, default=1, help="benches at once")
    p.add_argument("-s", dest="seed", required=True)
    p.add_argument("-n", dest="n", default="", help="transactions (empty: each bench's own)")
    p.add_argument("-r", dest="result", help="the run's result (JSON, docs/results.md)")
    p.add_argument("blocks", nargs="*", metavar="BENCH")
    a = p.parse_args(argv)
    try:
        seed = int(a.seed, 0)
    except ValueError:
        raise RunnerError(f"verify: bad seed '{a.seed}' (expected an unsigned integer)") from None
    d = os.path.abspath(a.out)
    args = f" --seed {shlex.quote(a.seed)}" + (f" --n {shlex.quote(a.n)}" if a.n else "")
    jobs = [bench_job(d, b, shlex.quote(bench) + args, b) for b in a.blocks
            for bench in [tree_path(os.path.join(a.benches, "bench_" + b))]
            if os.access(os.path.join(ROOT, bench), os.X_OK)]
    records, ok = run_benches("verify", d, jobs, a.jobs, a.blocks)
    if a.result:
        lib = results_lib()
        try:
            lib.write(a.result, dict(bench_summary("verify", records, a.blocks), seed=seed))
        except lib.ResultsError as e:
            raise RunnerError(f"verify: {e}") from None
    return 0 if ok else 1


def each(argv):
    """make verify-gates and gates-activity: one shell COMMAND per block, {} replaced by its
    name."""
    p = argparse.ArgumentParser(prog="python3 -m tools.run.runner each")
    p.add_argument("-p", dest="label", required=True, help="the closing line's name")
    p.add_argument("-o", dest="out", required=True, help="the logs' folder")
    p.add_argument("-j", dest="jobs", type=int, default=1, help="blocks at once")
    p.add_argument("command", metavar="COMMAND")
    p.add_argument("blocks", nargs="*", metavar="BLOCK")
    a = p.parse_args(argv)
    jobs = [Job(b, a.command.replace("{}", shlex.quote(b)), b) for b in a.blocks]
    return 0 if run_benches(a.label, os.path.abspath(a.out), jobs, a.jobs, a.blocks)[1] else 1


def run_flow(argv):
    """A flow's jobs (DIR/jobs, written by the flow): run here or on Slurm, each one's output
    printed in order, then the closing line over them."""
    p = argparse.ArgumentParser(prog="python3 -m tools.run.runner run")
    launcher_options(p)
    a = p.parse_args(argv)
    d = os.path.abspath(a.dir)
    jobs = read_jobs(d) if os.path.exists(os.path.join(d, "jobs")) else []
    in_order = InOrder(d, jobs)
    if jobs and launch(d, a.launcher, a.jobs, a.label, in_order) not in (0, 3):
        return 2
    while in_order.pending:  # Slurm's jobs, or any a local run left unprinted
        print_log(d, in_order.pending.pop(0))
    passed = sum(1 for j in jobs if (result(d, j.id) or Result(1, 0, "")).rc == 0)
    ok = closing(a.label, passed, len(jobs) - passed, [j.id for j in jobs], [j.id for j in jobs])
    return 0 if ok else 1


def launch_verb(argv):
    p = argparse.ArgumentParser(prog="python3 -m tools.run.runner launch")
    launcher_options(p)
    a = p.parse_args(argv)
    if not os.path.exists(os.path.join(a.dir, "jobs")) or not read_jobs(a.dir):
        raise RunnerError(f"{a.label}: no jobs in {a.dir}/jobs (ID<TAB>COMMAND lines)")
    return launch(a.dir, a.launcher, a.jobs, a.label)


VERBS = {"launch": launch_verb, "job": job_task, "fanout": fanout, "verify": verify, "each": each,
         "run": run_flow}


def stop(signum, frame):
    raise KeyboardInterrupt


def main(argv):
    if len(argv) < 2 or argv[1] not in VERBS:
        print(__doc__[__doc__.index("usage:"):__doc__.index("env (slurm)")].rstrip(), file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, stop)  # a run stopped from outside stops its jobs too
    try:
        return VERBS[argv[1]](argv[2:])
    except RunnerError as e:
        print(e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv))
