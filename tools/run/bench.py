#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Speed figures (make bench; docs/bench.md): lockstep cycles/s on Verilator and on Icarus with
the same stimulus, every bench at its default transactions (each from its --result), the C
functional models against memcpy, the trace evaluation's events/s, deltarf compare's MB/s against
`xz -dc` and its peak memory on two lengths of a generated trace. Reports only, asserts nothing
on speed. Writes the result RESULT (build/bench/bench.json; docs/results.md, flow bench) and
build/bench/report.md rendered from it and from the measurements beside it.
usage: python3 -m tools.run.bench [-r RESULT] SEED [BASE_REV]   with BASE_REV, every bench of that revision is
  built (build/bench-base) and run beside today's on the same seed and transactions.
       python3 -m tools.run.bench trace   the large-trace runs alone (make bench-trace): OUT/trace.md
       python3 -m tools.run.bench base SEED BASE_REV BLOCK...   the comparison with BASE_REV alone, on these
  blocks (make bench-base): OUT/base.md"""
import glob
import json
import os
import re
import resource
import shlex
import subprocess
import sys
import time

from tools.report import results
from tools.run import runner

OUT = "build/bench"
# the Verilator / Icarus comparison: transactions of each (about 1-2 s on Verilator, 3 s on Icarus)
LOCKSTEP = {"rc_compress": (2000000, 6000), "rc_decompress": (2500000, 6000)}
# transactions per bench in the comparison with BASE_REV (a few seconds each at today's speed)
BASE_N = {"rc_compress": 400000, "rc_decompress": 400000, "psu": 30000, "psu_prio_enc": 200000,
          "rc_slice": 60000, "dcp_slice": 60000}
BASE_N_OTHERS = 400000
# the base revision's benches predate --result: their rate is read from their closing progress line
BASE_PROGRESS = re.compile(r", ([0-9]+) cycles, [0-9.]+ Mcycles/s$")


class BenchError(Exception):
    """A figure that cannot be measured: one line, exit status 2."""


def run_bench(binary, seed, n, tag):
    """A bench's run with --result: its result document (docs/results.md, run) and the wall
    time of the whole process."""
    res, log = f"{OUT}/{tag}.json", f"{OUT}/{tag}.log"
    cmd = [binary, "--seed", str(seed), "--result", res] + (["--n", str(n)] if n else [])
    t0 = time.monotonic()
    with open(log, "w", encoding="utf-8") as f:
        subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
    wall = time.monotonic() - t0
    try:
        return results.read(res), wall
    except results.ResultsError:
        raise BenchError(f"no result from {binary} (see {log})") from None


def lockstep_speed(block, seed):
    """Verilator's lockstep run, then Icarus on vectors of the same seed (fewer transactions)."""
    vl_n, ic_n = LOCKSTEP[block]
    vl = run_bench(f"build/tb/bench_{block}", seed, vl_n, f"{block}.verilator")[0]
    icarus = [sys.executable, "-m", "tools.run.icarus"]
    subprocess.check_call(icarus + ["tb", block, OUT])
    subprocess.check_call(icarus + ["vectors", block, str(seed), str(ic_n), OUT])
    t0 = time.monotonic()
    if subprocess.call(icarus + ["replay", block, f"{OUT}/{block}.vec", f"{OUT}/{block}.icarus.log", OUT],
                       stdout=subprocess.DEVNULL) != 0:
        print(f"bench: note: the Icarus run of {block} failed (see {OUT}/{block}.icarus.log)", file=sys.stderr)
    wall = time.monotonic() - t0
    replay = results.read(f"{OUT}/{block}.icarus.json")
    return {"block": block, "verilator_cycles": vl["cycles"], "verilator_cycles_per_s": vl["cycles"] / vl["seconds"],
            "icarus_cycles": replay["cycles"], "icarus_cycles_per_s": replay["cycles"] / wall}


def bench_speed(block, seed):
    run = run_bench(f"build/tb/bench_{block}", seed, None, f"{block}.default")[0]
    return {"bench": block, "transactions": run["transactions"], "unit": run["unit"], "cycles": run["cycles"],
            "mcycles_per_s": run["cycles"] / run["seconds"] / 1e6 if run["seconds"] > 0 else 0.0}


def registry_blocks():
    out = subprocess.run(["make", "-s", "--no-print-directory", "blocks"], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return out.split()


# --- the rest of the report: measured here, rendered directly ----------------------------------
def human(x):
    """"2.5 M", "10.4 k" style."""
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.1f} k" if x >= 1e3 else f"{x:.0f}"


def lockstep_table(doc):
    out = [f"## Lockstep co-simulation, seed {doc['seed']} (cycles/s, C model in the loop)", "",
           "| block | Verilator cycles/s | (cycles) | Icarus cycles/s | (cycles) | Verilator / Icarus |",
           "|---|---:|---:|---:|---:|---:|"]
    out += [f"| {r['block']} | {human(r['verilator_cycles_per_s'])} | {r['verilator_cycles']} | "
            f"{human(r['icarus_cycles_per_s'])} | {r['icarus_cycles']} | "
            f"{r['verilator_cycles_per_s'] / r['icarus_cycles_per_s']:.0f}x |" for r in doc["lockstep"]]
    return out + ["", "Icarus replays the harness's vector file (build/gen/icarus/*_tb.v), so its time includes",
                  "parsing the vectors; Verilator's includes running the C model."]


def benches_table(doc):
    out = [f"## Every lockstep bench, default transactions, seed {doc['seed']}", "",
           "| bench | transactions | cycles | Verilator lockstep cycles/s |", "|---|---|---:|---:|"]
    return out + [f"| {r['bench']} | {r['transactions']} {r['unit']} | {r['cycles']} | {r['mcycles_per_s']:.2f} M |"
                  for r in doc["benches"]]


def children_cpu():
    """CPU seconds (user + system) of the children reaped so far: a run's is the difference
    across it (the runs here are one at a time)."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def base_run(binary, block, seed, n):
    """Mcycles/s of a BASE_REV bench (the cycles of its closing progress line over the run's
    wall), its closing line ("N passed, N failed"; "" when it printed none) and Mcycles/s over
    its CPU time, steadier than wall time on a loaded machine."""
    t0, c0 = time.monotonic(), children_cpu()
    run = subprocess.run([binary, "--seed", str(seed), "--n", str(n)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    wall, cpu = time.monotonic() - t0, children_cpu() - c0
    lines = [m for m in (BASE_PROGRESS.search(x) for x in run.stderr.splitlines() if x.startswith(block + ": "))
             if m]
    cycles = int(lines[-1].group(1)) if lines else 0
    return cycles / wall / 1e6, closing_line(run.stdout), cycles / cpu / 1e6 if cpu > 0 else 0.0


def base_rate(binary, block, seed, n):
    return base_run(binary, block, seed, n)[0]


CLOSING = re.compile(r"^\S+: [0-9]+ passed, [0-9]+ failed$")


def closing_line(text):
    lines = [x for x in text.splitlines() if CLOSING.match(x)]
    return lines[-1] if lines else ""


def today_run(block, seed, n):
    """Mcycles/s of today's bench as base_run measures the base's (over the run's wall time) and
    its closing line."""
    c0 = children_cpu()
    run, wall = run_bench(f"build/tb/bench_{block}", seed, n, f"{block}.vsbase")
    cpu = children_cpu() - c0
    with open(f"{OUT}/{block}.vsbase.log", encoding="utf-8") as f:
        return run["cycles"] / wall / 1e6, closing_line(f.read()), run["cycles"] / cpu / 1e6 if cpu > 0 else 0.0


def same_outcome(then_bin, now_bin, seed, then_line, now_line):
    """Both revisions' runs of one seed and length drove the same transactions: the same closing
    line and byte-identical coverage counts (the file the harness writes beside the bench)."""
    def counts(binary):
        try:
            with open(f"{binary}-seed{seed}.coverage.txt", "rb") as f:
                return f.read()
        except OSError:
            return None
    then, now = counts(then_bin), counts(now_bin)
    if not then_line or then_line != now_line:
        return f"no: closing lines differ ({then_line or 'none'} / {now_line or 'none'})"
    if then is None or then != now:
        return "no: coverage counts differ"
    return f"yes ({now_line.split(': ', 1)[1]}, {len(now.splitlines())} bins)"


def base_table(rev, seed, blocks):
    """Today's benches beside those of REV, built from a copy of that revision, same seed and
    transactions, each pair run back to back (best of 3 runs each)."""
    base = "build/bench-base"
    src = f"{base}/src"
    subprocess.call(["rm", "-rf", src])
    os.makedirs(src)
    subprocess.check_call(f"git archive {shlex.quote(rev)} | tar -x -C {shlex.quote(src)}", shell=True)
    short = subprocess.run(["git", "log", "-1", "--format=%h", rev], stdout=subprocess.PIPE, text=True).stdout.strip()
    out = [f"## Lockstep speed against {rev} ({short}), seed {seed}, best of 3 runs", "",
           f"| bench | transactions | {rev} Mcycles/s | today Mcycles/s | today / {rev} | over CPU time: "
           f"{rev} | today | today / {rev} | same transactions, verdict and bin counts |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for b in blocks:
        with open(f"{base}/{b}.build.log", "w", encoding="utf-8") as log:
            if subprocess.call(["make", "-s", "-C", src, f"build/tb/bench_{b}"], stdout=log, stderr=log) != 0:
                out.append(f"| {b} | (not in {rev}) | | | | | | | |")
                continue
        n = BASE_N.get(b, BASE_N_OTHERS)
        then = now = then_cpu = now_cpu = 0.0
        then_line = now_line = ""
        for _ in range(3):
            rate, then_line, cpu_rate = base_run(f"{src}/build/tb/bench_{b}", b, seed, n)
            then, then_cpu = max(then, rate), max(then_cpu, cpu_rate)
            rate, now_line, cpu_rate = today_run(b, seed, n)
            now, now_cpu = max(now, rate), max(now_cpu, cpu_rate)
        same = same_outcome(f"{src}/build/tb/bench_{b}", f"build/tb/bench_{b}", seed, then_line, now_line)
        out.append(f"| {b} | {n} | {then:.2f} | {now:.2f} | {now / then if then > 0 else 0:.2f}x | {then_cpu:.2f} | "
                   f"{now_cpu:.2f} | {now_cpu / then_cpu if then_cpu > 0 else 0:.2f}x | {same} |")
    return out


def throughput_table():
    subprocess.check_call(["gcc", "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-Icmodel",
                           "tools/c/bench_throughput.c", "build/libdrf.a", "-o", "build/bench_throughput"])
    tp = json.loads(subprocess.run(["build/bench_throughput"], stdout=subprocess.PIPE, text=True, check=True).stdout)
    with open(f"{OUT}/throughput.json", "w", encoding="utf-8") as f:
        json.dump(tp, f, indent=1)
    return [f"## C functional models, {tp['buffer_registers']} registers ({tp['buffer_mib']} MiB), best of 3 rounds",
            "", "| operation | registers/s | GB/s | x memcpy |", "|---|---:|---:|---:|",
            f"| rc_compress_register | {human(tp['compress_regs_per_s'])} | {tp['compress_gb_per_s']:.3f} | "
            f"{tp['compress_memcpy_ratio']:.3f} |",
            f"| rc_decompress_register | {human(tp['decompress_regs_per_s'])} | {tp['decompress_gb_per_s']:.3f} | "
            f"{tp['decompress_memcpy_ratio']:.3f} |",
            f"| memcpy | - | {tp['memcpy_gb_per_s']:.3f} | 1.000 |", "",
            "Buffer mix: constant, single-delta, double-delta, near-miss and random registers;",
            f"{tp['compressible_fraction']:.3f} of them compressible."]


def deltarf_json(args, path):
    with open(path, "w", encoding="utf-8") as f:
        subprocess.check_call(["build/deltarf"] + args + ["--json"], stdout=f)
    return results.read(path)


def eval_table():
    """deltarf sim events/s per scheme and deltarf patch events/s on every trace, and the wall time
    of all schemes on all traces (goal: under one minute)."""
    out = ["## Trace evaluation: events/s of deltarf sim per scheme and of deltarf patch", "",
           "| trace | events | baseline | rar | rc | rc+rar | wc | argo | patch (common, 4 maps) |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    t0 = time.monotonic()
    for t in sorted(glob.glob("data/traces/*.trace.xz")):
        name = os.path.basename(t)[:-len(".trace.xz")]
        sim = deltarf_json(["sim", t], f"{OUT}/sim-{name}.json")
        patch = deltarf_json(["patch", t, "--scenario", "common"], f"{OUT}/patch-{name}.json")
        rates = " | ".join(rate(s["events_per_s"]) for s in sim["schemes"])
        out.append(f"| {name} | {sim['events']} | {rates} | {rate(patch['events_per_s'])} |")
    wall = time.monotonic() - t0
    return out + ["", f"All six schemes and DC-Patch (4 fault maps) on every trace: {wall:.1f} s wall (goal: "
                  "every scheme on every trace under 60 s).",
                  "sim reads a trace once for every scheme and folds its repetitions; patch reads it once per fault map."]


# Generated traces (tools/c/gentrace.c, seed 1; xz -0), NAME and gentrace arguments: a
# BinomialOption-shaped one (128 wavefronts, 0.55 M W and 1.03 M R lines, 354 MB of text), the same
# shape with 1/7 of its instructions (compare's peak memory must not grow with the length), and a
# BlackScholes-shaped one (1024 wavefronts of 62 registers live at once).
BINOM = ("BinomialOption-gen", ["--waves", "128", "--nvregs", "20", "--instrs", "4300"])
BINOM_SHORT = ("BinomialOption-short-gen", ["--waves", "128", "--nvregs", "20", "--instrs", "600"])
BLACK = ("BlackScholes-gen", ["--waves", "1024", "--nvregs", "62", "--instrs", "200"])
COMPARE_ARGS = ["--chips", "10", "--json", "-"]
# Every trace verb on the long trace beside `xz -dc` (compare's own runs: compare_speed).
LONG_VERBS = [("sim", []), ("patch", ["--scenario", "common", "--maps", "1"]), ("pilot", []),
              ("pv", ["--chips", "10"])]


def timed(cmd, out):
    """Runs cmd (stdout to the file out, stderr discarded): its wall seconds, user CPU seconds and
    peak resident memory in MB (the child's rusage)."""
    t0 = time.monotonic()
    with open(out, "wb") as f:
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.DEVNULL)
        _, status, use = os.wait4(proc.pid, 0)
    wall = time.monotonic() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise BenchError(f"{' '.join(cmd)} failed (exit {proc.returncode})")
    return wall, use.ru_utime, use.ru_maxrss / 1024


def generated_trace(name, args):
    """OUT/NAME.trace.xz from tools/c/gentrace.c (seed 1, xz -0), generated once."""
    path = f"{OUT}/{name}.trace.xz"
    if not os.path.exists(path):
        print(f"bench: generating {path} (gentrace {' '.join(args)})", file=sys.stderr)
        with open(path + ".tmp", "wb") as f:
            gen = subprocess.Popen(["build/tools/gentrace", "--seed", "1"] + args, stdout=subprocess.PIPE)
            subprocess.check_call(["xz", "-T2", "-0"], stdin=gen.stdout, stdout=f)
            if gen.wait() != 0:
                raise BenchError(f"gentrace {' '.join(args)} failed")
        os.rename(path + ".tmp", path)
    return path


def large_traces():
    """The large-trace runs: `xz -dc` alone on the long trace (its text kept for the plain runs),
    deltarf sim (every scheme) on it, sim and patch (2 maps) on the BlackScholes-shaped one; then
    compare_speed. ({run: (wall, user, rss)}, MB of the long trace's text, compare's figures)."""
    binom, black = generated_trace(*BINOM), generated_trace(*BLACK)
    plain = f"{OUT}/{BINOM[0]}.trace"
    runs = {"xz": timed(["xz", "-dc", binom], plain),
            **{f"{verb}-binom": timed(["build/deltarf", verb, binom, *args, "--json"],
                                      f"{OUT}/{verb}-binom.out") for verb, args in LONG_VERBS},
            "sim-black": timed(["build/deltarf", "sim", black, "--json"], f"{OUT}/sim-black.out"),
            "patch-black": timed(["build/deltarf", "patch", black, "--scenario", "common", "--maps", "2",
                                  "--json"], f"{OUT}/patch-black.out")}
    mb = os.path.getsize(plain) / 1e6
    try:
        return runs, mb, compare_speed(binom, plain, runs["xz"], mb)
    finally:
        os.remove(plain)


def compare_speed(xz, plain, xz_dc, mb):
    """deltarf compare (every technique, one read) on the long trace from its .xz, beside `xz -dc`
    alone on the same file (xz_dc: its timed figures), and from its text (plain; the reader's xz
    thread out of the way); its peak memory there and on the short trace."""
    run = ["build/deltarf", "compare"]
    c_wall, c_user, c_rss = timed(run + [xz] + COMPARE_ARGS, f"{OUT}/compare-xz.json")
    p_wall, p_user, p_rss = timed(run + [plain] + COMPARE_ARGS, f"{OUT}/compare-plain.json")
    short = generated_trace(*BINOM_SHORT)
    _, _, s_rss = timed(run + [short] + COMPARE_ARGS, f"{OUT}/compare-short.json")
    return {"trace": xz, "trace_mb": mb, "xz_dc_seconds": xz_dc[0], "xz_dc_user_seconds": xz_dc[1],
            "xz_seconds": c_wall, "xz_user_seconds": c_user, "xz_mb_per_s": mb / c_wall,
            "xz_ratio": c_wall / xz_dc[0], "xz_peak_rss_mb": c_rss,
            "plain_seconds": p_wall, "plain_user_seconds": p_user, "plain_mb_per_s": mb / p_wall,
            "plain_peak_rss_mb": p_rss, "short_trace": short, "short_peak_rss_mb": s_rss}


def ratio_text(x, y, spec="%.1f"):
    return spec % (x / y) if y > 0 else "-"


def trace_table(runs, mb):
    """The large-trace runs of large_traces (docs/bench.md's goals)."""
    xw, xu, _ = runs["xz"]

    def row(label, run):
        wall, user, rss = runs[run]
        return (f"| {label} | {wall:.1f} | {user:.1f} | {rss:.0f} | {ratio_text(mb, wall)} | "
                f"{ratio_text(mb, user)} | {ratio_text(wall, xw, '%.2f')} | {ratio_text(user, xu, '%.2f')} |")

    def bare(label, run):
        wall, user, rss = runs[run]
        return f"| {label} | {wall:.1f} | {user:.1f} | {rss:.0f} | | | | |"
    with open(f"{OUT}/sim-black.out", encoding="utf-8") as f:
        waits = json.dumps(json.load(f)["dispatch"], separators=(",", ":"))
    load = " ".join("%.2f" % x for x in os.getloadavg())
    return ["## Trace evaluation on generated large traces (tools/c/gentrace.c, seed 1)", "",
            "| run | wall s | user CPU s | peak RSS MB | MB/s of trace text (wall) | MB/s (CPU) | / xz -dc (wall) "
            "| / xz -dc (CPU) |", "|---|---:|---:|---:|---:|---:|---:|---:|",
            row(f"xz -dc {BINOM[0]} ({mb:.0f} MB)", "xz"), row(f"deltarf sim, all schemes, {BINOM[0]}", "sim-binom"),
            row(f"deltarf patch, common, 1 map, {BINOM[0]}", "patch-binom"),
            row(f"deltarf pilot, {BINOM[0]}", "pilot-binom"), row(f"deltarf pv --chips 10, {BINOM[0]}", "pv-binom"),
            bare(f"deltarf sim, all schemes, {BLACK[0]}", "sim-black"),
            bare(f"deltarf patch --maps 2, {BLACK[0]}", "patch-black"), "",
            "Goals: deltarf sim at most 2.5x the time of xz -dc on the same file, memory independent of",
            "the trace's length; sim and patch (2 maps) on BlackScholes within 5 minutes each.",
            f'Waits ({BLACK[0]}): "dispatch":{waits}',
            f"The machine is shared (load average {load} at the end): wall times include",
            "other jobs, CPU times do not (user time sums both threads of deltarf sim on an xz file)."]


def compare_table(c):
    """The figures of compare_speed."""
    def row(label, wall, user, ratio, rss):
        return f"| {label} | {wall:.1f} | {user:.1f} | {c['trace_mb'] / wall:.1f} | {ratio:.2f} | {rss} |"
    return [f"## deltarf compare on {c['trace']} ({c['trace_mb']:.0f} MB of trace text; docs/compare.md's goal: "
            ">= 50 MB/s, memory independent of the length)", "",
            "| run | wall s | user CPU s | MB/s (wall) | / xz -dc (wall) | peak RSS MB |",
            "|---|---:|---:|---:|---:|---:|",
            row("xz -dc alone", c["xz_dc_seconds"], c["xz_dc_user_seconds"], 1.0, ""),
            row("deltarf compare --chips 10, .xz", c["xz_seconds"], c["xz_user_seconds"], c["xz_ratio"],
                f"{c['xz_peak_rss_mb']:.0f}"),
            row("deltarf compare --chips 10, plain text", c["plain_seconds"], c["plain_user_seconds"],
                c["plain_seconds"] / c["xz_dc_seconds"], f"{c['plain_peak_rss_mb']:.0f}"),
            "", f"Peak RSS on the short trace ({c['short_trace']}, same shape, 1/7 of the instructions): "
            f"{c['short_peak_rss_mb']:.0f} MB. compare decodes an .xz file in a thread of its own, beside "
            "the evaluation: its wall time cannot go below `xz -dc`'s."]


def rate(x):
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"


TARGETS = ["## Targets (from the issue; reported, not asserted)", "",
           "- Verilator lockstep >= 2 M cycles/s and >= 50x Icarus", "- C compress >= 0.25x memcpy bandwidth"]


def large_trace_sections():
    """large_traces' runs as report sections, and compare's figures (the bench result's compare)."""
    subprocess.check_call(["make", "-s", "build/deltarf", "build/tools/gentrace"])
    runs, mb, compare = large_traces()
    return [trace_table(runs, mb), compare_table(compare)], compare


def write_report(path, sections):
    text = "\n\n".join("\n".join(s) for s in sections) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(text, end="")


def main(argv):
    result = None
    if argv[:1] == ["-r"] and len(argv) > 1:
        result, argv = argv[1], argv[2:]
    base = argv[:1] == ["base"] and len(argv) >= 4 and argv[1].isdigit()
    if argv != ["trace"] and not base and (len(argv) not in (1, 2) or not argv[0].isdigit()):
        print(__doc__[__doc__.index("usage:"):].rstrip(), file=sys.stderr)
        return 2
    os.chdir(runner.ROOT)
    os.makedirs(OUT, exist_ok=True)
    try:
        if argv == ["trace"]:
            write_report(f"{OUT}/trace.md", large_trace_sections()[0])
            return 0
        if base:
            write_report(f"{OUT}/base.md", [base_table(argv[2], int(argv[1]), argv[3:])])
            return 0
        seed, rev = int(argv[0]), argv[1] if len(argv) > 1 else ""
        blocks = registry_blocks()
        doc = {"flow": "bench", "version": 1, "seed": seed, "report": f"{OUT}/report.md",
               "lockstep": [lockstep_speed(b, seed) for b in LOCKSTEP],
               "benches": [bench_speed(b, seed) for b in blocks]}
        sections = [lockstep_table(doc), benches_table(doc)] + ([base_table(rev, seed, blocks)] if rev else [])
        sections += [throughput_table(), eval_table()]
        trace_sections, doc["compare"] = large_trace_sections()
        results.write(result or f"{OUT}/bench.json", doc)
        write_report(f"{OUT}/report.md", sections + trace_sections + [TARGETS])
    except (BenchError, results.ResultsError, subprocess.CalledProcessError, OSError, KeyError) as e:
        print(f"bench: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
