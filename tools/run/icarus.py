#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cross-simulation on Icarus Verilog (docs/registry.md, decision 4): replays every lockstep
bench's vectors (the inputs it drove and the C model's expected outputs, per cycle) on the RTL
with the testbenches generated from the ports (build/gen/icarus/*_tb.v, tools/gen/registry.py), each
block a job of the one runner (tools/run/runner.py, ICARUS_JOBS at a time: 2), and proves a
testbench fails on a corrupted copy of the first block's vectors. Closes with
"icarus: N passed, N failed"; each replay and bench judged by its result file (JSON), the run's
result in RESULT (docs/results.md, flow icarus).
usage: python3 -m tools.run.icarus run [-r RESULT] SEED N BLOCK...   make icarus (env ICARUS_CYCLES: replay
                                                    at most the first cycles of a run; 0: all)
       python3 -m tools.run.icarus block SEED N BLOCK           one block: testbench, vectors, replay
       python3 -m tools.run.icarus tb BLOCK OUT | vectors BLOCK SEED N OUT | replay BLOCK VEC LOG OUT
                                                    the steps, for tools/run/bench.py
env GEN: the generated views (build/gen)."""
import json
import os
import subprocess
import sys

from tools.report import results
from tools.run import runner

OUT = "build/icarus"
HEX = "0123456789abcdef"


def gen_dir():
    return os.environ.get("GEN", "build/gen")


def quiet(cmd, log):
    """Runs CMD with its output to LOG; its exit status (127 when it cannot start)."""
    with open(log, "w", encoding="utf-8") as f:
        try:
            return subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
        except OSError as e:
            f.write(f"{cmd[0]}: {e.strerror}\n")
            return 127


def build_tb(block, out):
    """Compiles the block's testbench; RTL modules are found by file name in rtl/ (-y)."""
    cmd = ["iverilog", "-g2005", "-Wall", "-I", "rtl", "-I", "tb", "-y", "rtl", "-s", f"{block}_tb",
           "-o", f"{out}/{block}_tb.vvp", f"{gen_dir()}/icarus/{block}_tb.v"]
    log = f"{out}/{block}.tb.log"
    ok = quiet(cmd, log) == 0
    sys.stdout.write("".join(line + "\n" for line in lines_of(log)))  # iverilog's warnings
    return ok


def lines_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def read_json(path):
    """A result file's document, or None when it is missing or not JSON."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def make_vectors(block, seed, n, out):
    """OUT/BLOCK.vec from the Verilator lockstep bench. A short run may miss coverage bins (exit
    1): that is make verify's business, but a divergence is shown (its --result). With
    ICARUS_CYCLES > 0 the replay is the run's first cycles (a prefix of a run is a run: psu's
    directed steering sweep alone is about 130,000 cycles, waits for its pipelined selection
    included)."""
    log, vec, res = f"{out}/{block}.gen.log", f"{out}/{block}.vec", f"{out}/{block}.gen.json"
    if quiet([f"build/tb/bench_{block}", "--seed", seed, "--n", n, "--vectors", vec, "--result", res], log) != 0:
        run = read_json(res) or {}
        d = run.get("first_divergence")
        if d:
            print(f"icarus: note: verilator bench: {block}: FIRST DIVERGENCE at cycle {d['cycle']}: "
                  f"{d['mismatches'][0]}")
    if not os.path.exists(vec) or os.path.getsize(vec) == 0:
        print(f"icarus: no vectors written for {block} (see {log})")
        return False
    cycles = int(os.environ.get("ICARUS_CYCLES", "0") or 0)
    lines = lines_of(vec)
    if 0 < cycles < len(lines):
        with open(vec, "w", encoding="utf-8") as f:
            f.write("\n".join(lines[:cycles]) + "\n")
        print(f"icarus: {block}: the first {cycles} cycles of the run replayed (ICARUS_CYCLES)")
    return True


def run_tb(block, vec, log, out):
    """Replays VEC on the block's testbench; prints its output; its result (LOG's .json
    beside it: docs/results.md, icarus_replay), None when it wrote none (an error)."""
    res = log[:-len(".log")] + ".json"
    if os.path.exists(res):
        os.remove(res)
    rc = quiet(["vvp", "-n", f"{out}/{block}_tb.vvp", f"+vectors={vec}", f"+result={res}"], log)
    lines = lines_of(log)
    print("\n".join([line for line in lines if line.startswith(f"{block} (icarus): ")] or lines))
    doc = read_json(res)
    if doc is None or results.validate(doc, results.load_schemas()):
        print(f"icarus: {block}: no valid result from the testbench (exit status {rc}; {log})")
        return None
    return doc


def check_block(block, seed, n, out):
    """Testbench, vectors, replay: passes when the replay's result says so."""
    if not (build_tb(block, out) and make_vectors(block, seed, n, out)):
        return False
    replay = run_tb(block, f"{out}/{block}.vec", f"{out}/{block}.log", out)
    return bool(replay and replay["passed"])


def output_fields(block):
    """(field, name) of each output in a vector line: the armed flag, then every port but clk in
    the RTL's order (build/gen/ports.tsv)."""
    fields, k = [], 1
    for line in lines_of(f"{gen_dir()}/ports.tsv"):
        module, port, direction, _ = line.split()
        if module != block or port == "clk":
            continue
        k += 1
        if direction == "output":
            fields.append((k, port))
    return fields


def corrupt_copy(src, bad, line, field):
    """BAD: SRC up to line LINE + 1, bit 0 of field FIELD of line LINE flipped (a compared line)."""
    lines = lines_of(src)[:line + 1]
    words = lines[line - 1].split()
    if words[0] != "1" or words[field - 1][-1] not in HEX:
        print(f"icarus: line {line} is not compared", file=sys.stderr)
        return False
    v = words[field - 1]
    words[field - 1] = v[:-1] + HEX[HEX.index(v[-1]) ^ 1]
    lines[line - 1] = " ".join(words)
    with open(bad, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return True


def check_corrupted(block, seed, out):
    """One expected output of one compared line of the block's vectors corrupted (both picked
    from the seed): its testbench must report exactly that cycle and signal. The check as
    icarus.json's corrupt_check (docs/results.md)."""
    src, bad, log = f"{out}/{block}.vec", f"{out}/{block}.corrupt.vec", f"{out}/{block}.corrupt.log"
    outputs = output_fields(block)
    span = min(len(lines_of(src)) - 2, 2000)
    line = 3 + (int(seed) * 7919) % (span if span > 0 else 1)
    field, sig = outputs[int(seed) % len(outputs)]
    check = {"block": block, "cycle": line - 1, "signal": sig, "detected": False}
    print(f"icarus: corrupted copy of {block}: cycle {line - 1}, signal {sig} flipped (bit 0)")
    if not corrupt_copy(src, bad, line, field):
        return check
    replay = run_tb(block, bad, log, out)
    d = replay["divergence"] if replay else None
    check["detected"] = bool(d and d["cycle"] == line - 1 and d["signal"] == sig)
    if check["detected"]:
        print("icarus: corrupted copy detected as expected")
    elif replay and replay["passed"]:
        print("icarus: FAIL: the corrupted copy passed")
    else:
        print(f"icarus: FAIL: the corrupted copy was not reported at cycle {line - 1}, signal {sig}")
    return check


def block_record(d, job):
    """A block's job as icarus.json's icarus_block (docs/results.md)."""
    r = runner.result(d, job.id)
    return {"block": job.id, "status": "no result" if r is None else ("passed" if r.rc == 0 else "failed"),
            "seconds": r.seconds if r else 0.0, "log": runner.tree_path(runner.log_path(d, job.id)),
            "replay_log": f"{OUT}/{job.id}.log"}


def run(seed, n, blocks, result=None):
    """make icarus: every block a runner job, their outputs in order, the corrupted copy, the
    closing line; RESULT: the run as JSON."""
    os.makedirs(OUT, exist_ok=True)
    jobs = [runner.Job(b, f"python3 -m tools.run.icarus block {seed} {n} {b}") for b in blocks
            if os.access(f"build/tb/bench_{b}", os.X_OK)]
    d = os.path.abspath(OUT)
    os.makedirs(os.path.join(d, "out"), exist_ok=True)
    runner.launch_local(d, jobs, int(os.environ.get("ICARUS_JOBS", "2")), done=runner.InOrder(d, jobs))
    records = [block_record(d, j) for j in jobs]
    passed = sum(1 for r in records if r["status"] == "passed")
    failed = len(jobs) - passed
    corrupted = None
    if blocks:
        corrupted = check_corrupted(blocks[0], seed, OUT) if os.path.exists(f"{OUT}/{blocks[0]}.vec") else None
        ok = bool(corrupted and corrupted["detected"])
        passed, failed = passed + ok, failed + (not ok)
    ran = [j.id for j in jobs]
    if result:
        results.write(result, {
            "flow": "icarus", "version": 1, "seed": int(seed), "n": int(n),
            "cycle_limit": int(os.environ.get("ICARUS_CYCLES", "0") or 0), "passed": passed,
            "failed": failed + len(runner.not_run(blocks, ran)), "not_run": runner.not_run(blocks, ran),
            "blocks": records, "corrupted": corrupted})
    return runner.closing("icarus", passed, failed, blocks, ran)


USAGE = __doc__[__doc__.index("usage:"):__doc__.index("env GEN")].rstrip()


def main(argv):
    verb, a = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    result = None
    if verb == "run" and a[:1] == ["-r"] and len(a) > 1:
        result, a = os.path.abspath(a[1]), a[2:]
    os.chdir(runner.ROOT)
    numbers = all(w.isdigit() for w in a[:2])
    steps = {  # verb: (does the arity fit, the step)
        "run": (len(a) >= 2 and numbers, lambda: run(a[0], a[1], a[2:], result)),
        "block": (len(a) == 3, lambda: check_block(a[2], a[0], a[1], OUT)),
        "tb": (len(a) == 2, lambda: build_tb(a[0], a[1])),
        "vectors": (len(a) == 4, lambda: make_vectors(a[0], a[1], a[2], a[3])),
        "replay": (len(a) == 4, lambda: (run_tb(a[0], a[1], a[2], a[3]) or {}).get("passed", False)),
    }
    fits, step = steps.get(verb, (False, None))
    if not fits:
        print(USAGE, file=sys.stderr)
        return 2
    return 0 if step() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
