#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Mutation score of the lockstep benches (docs/mutate.md): runs each block's bench on
its mutants (--mutant K, one job each through the one runner, tools/run/runner.py: two at a time on
this machine, LAUNCHER=slurm a Slurm job array; each under a 120 s timeout), tries to prove every
survivor equivalent (mutate/equiv.sh, else the block's requirement: mutate/spec/BLOCK.txt) and
writes the report, each mutant named by its signature (mutate/mutants.py). Killed =
the bench reports a divergence. A mutant passes when killed or proven equivalent.
Ends with "NAME: N passed, N failed" (tools/run/runner.py); exit 1 if any fails, 2 if a block's
mutants could not be run.
env MUT_TXNS_<block>: a block's own run bound; MUT_CUT_MEMORIES: blocks proven with their
memories cut (equiv.sh -c); MUT_CHECK_<block>: the killed mutant (signature) of its prover check;
MUT_LEMMA_CHECK_<block>: the false lemma its lemma check must refute."""
import argparse
import concurrent.futures
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.report import results
from tools.run import runner
from mutate import mutants

PASSING = ("killed", "equivalent")
RUN_SECONDS = 120  # a mutant run's limit
GOLD = "0"  # the --mutant of no mutant: every mutation is selected by a mutsel from 1


def arguments(argv):
    p = argparse.ArgumentParser(prog="mutate/score.py", description=__doc__.split("\n")[0])
    p.add_argument("-d", dest="out", default="build/mutate", help="each BLOCK's model in DIR/BLOCK")
    p.add_argument("-n", dest="txns", default="100000", help="a mutant run's bound (--n)")
    p.add_argument("-o", dest="report", help="the report (Markdown); else stdout")
    p.add_argument("-r", dest="result", help="the result (JSON, docs/results.md, flow mutate)")
    p.add_argument("-k", dest="only", default="",
                   help="only these mutants: draw positions K or signatures, space-separated")
    p.add_argument("-t", dest="name", default="mutate", help="the run's name (files, closing line)")
    p.add_argument("-c", dest="check", action="store_true",
                   help="also check the prover is not vacuous (docs/mutate.md)")
    p.add_argument("-R", dest="reuse", action="store_true", help="no runs: the report from the last verdicts")
    p.add_argument("blocks", nargs="+", metavar="BLOCK")
    return p.parse_args(argv)


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


class Block:
    """One block's mutants in DIR/BLOCK: its table, run results and verdicts."""

    def __init__(self, args, name):
        self.args, self.name, self.dir = args, name, os.path.join(args.out, name)
        self.cut = name in os.environ.get("MUT_CUT_MEMORIES", "").split()

    def path(self, what):
        return os.path.join(self.dir, f"{self.args.name}-{what}.tsv")

    def table(self):
        return {k: (sig, d) for k, sig, d in mutants.read_table(self.dir)}

    def check_mutant(self):
        """K of the prover check's mutant (MUT_CHECK_<block>), or None."""
        sig = os.environ.get(f"MUT_CHECK_{self.name}", "")
        return mutants.find(self.dir, sig) if sig else None

    def selection(self):
        """The mutants to run: all (empty), or -k's positions and signatures (and the prover
        check's mutant with -c)."""
        if not self.args.only:
            return []
        ks = [w if w.isdigit() else mutants.find(self.dir, w) for w in self.args.only.split()]
        check = self.check_mutant() if self.args.check else None
        return ks + ([check] if check and check not in ks else [])

    def equiv(self, k):
        """mutate/equiv.sh's answer for mutant K: "K proven...", "K not equivalent", ..."""
        cmd = [os.path.join(HERE, "equiv.sh")] + (["-c"] if self.cut else []) + [self.name, self.dir, k]
        return subprocess.run(cmd, stdout=subprocess.PIPE, text=True).stdout.strip()

    def spec_proven(self, sig, k):
        """A mutate/spec/BLOCK.txt script proves the survivor meets the block's formal
        requirement (equivalence fails only for inputs the block's rules forbid): its name."""
        for script in spec_scripts(self.name, sig):
            out = os.path.join(self.dir, f"spec{k}")
            with open(out + ".log", "w", encoding="utf-8") as log:
                if subprocess.call([os.path.join(HERE, "spec", script), out], stdout=log,
                                   stderr=subprocess.STDOUT) == 0:
                    return script
        return None

    def run_mutants(self):
        """Runs the bench on the mutants, one runner job each: NAME-results.tsv (K, verdict,
        first divergence or counts); the counts on stderr."""
        bench, table = os.path.join(self.dir, "bench"), self.table()
        if not os.access(bench, os.X_OK):
            raise mutants.MutantError(f"no model {bench} (make {bench})")
        n = os.environ.get(f"MUT_TXNS_{self.name}") or self.args.txns
        runs = os.path.abspath(os.path.join(self.dir, "runs"))
        ks = self.selection() or list(table)
        runner.write_jobs(runs, [runner.bench_job(runs, k, f"timeout {RUN_SECONDS} {runner.tree_path(bench)} "
                                                  f"--mutant {k} --n {n}") for k in [GOLD] + ks])
        launcher = os.environ.get("LAUNCHER", "local")
        if runner.launch(runs, launcher, 2 if launcher == "local" else None,
                         f"mutate {self.name}") not in (0, 3):
            raise mutants.MutantError(f"{self.name}: the runner could not run its mutants")
        check_gold(self.name, run_verdict(runs, GOLD))
        results = [(k,) + run_verdict(runs, k) for k in sorted(ks, key=int)]
        with open(self.path("results"), "w", encoding="utf-8") as f:
            f.write("".join("\t".join(r) + "\n" for r in results))
        v = [r[1] for r in results]
        sys.stderr.write(f"{self.name}: {len(v)} mutants run, {v.count('killed')} killed, "
                         f"{v.count('survived')} survived, {v.count('timeout')} timeout, "
                         f"{v.count('crashed')} crashed\n")
        return results

    def run(self):
        """Runs the mutants, proves the survivors, writes the verdicts."""
        results = self.run_mutants()
        survivors = [r[0] for r in results if r[1] == "survived"]
        with concurrent.futures.ThreadPoolExecutor(2) as pool:  # two proofs at a time
            proofs = dict(zip(survivors, pool.map(self.equiv, survivors)))
        table = self.table()
        with open(self.path("verdicts"), "w", encoding="utf-8") as f:
            for k, verdict, detail in results:
                verdict, detail = self.judge(k, table[k][0], verdict, detail, proofs.get(k, ""))
                f.write(f"{k}\t{table[k][0]}\t{verdict}\t{detail}\n")

    def judge(self, k, sig, verdict, detail, proof):
        """A survivor proven equivalent (equiv.sh or a spec script) becomes equivalent."""
        if verdict != "survived":
            return verdict, detail
        rest = proof[len(k) + 1:]
        if rest.startswith("proven"):
            return "equivalent", "proven by mutate/equiv.sh" + (" -c" if self.cut else "") + rest[len("proven"):]
        script = self.spec_proven(sig, k)
        if script:
            return "equivalent", (f"meets the block's formal requirement: mutate/spec/{script} "
                                  "(docs/mutate.md)")
        return verdict, f"{detail}; {rest}"

    def verdicts(self):
        return read_tsv(self.path("verdicts"))

    def counts(self):
        """The block's counts as in mutate.json (docs/results.md, mutate_block)."""
        v = [r[2] for r in self.verdicts()]
        passing = sum(v.count(x) for x in PASSING)
        return {"block": self.name, "generated": len(mutants.read_table(self.dir)), "judged": len(v),
                "killed": v.count("killed"), "equivalent": v.count("equivalent"),
                "survived": v.count("survived"), "other": len(v) - passing - v.count("survived"),
                "score": passing / len(v) if v else None}

    def row(self):
        """The report's table row of the block."""
        c = self.counts()
        return (f"| {self.name} | {c['generated']} | {c['judged']} | {c['killed']} | "
                f"{c['equivalent']} | {c['survived']} | {c['other']} |\n")

    def mutants(self):
        """Its judged mutants as in mutate.json (docs/results.md, mutant)."""
        table = self.table()
        return [{"block": self.name, "signature": sig, "description": table[k][1], "verdict": v,
                 "detail": detail} for k, sig, v, detail in self.verdicts()]

    def listed(self, verdict):
        """The report's list items of the mutants of a verdict."""
        table = self.table()
        return [f"- {self.name} `{sig}`: {table[k][1]} — {detail}\n"
                for k, sig, v, detail in self.verdicts() if v == verdict]


def check_gold(name, verdict):
    """The netlist with no mutant selected (GOLD) must pass its bench, or every mutant would
    count as killed."""
    if verdict[0] != "survived":
        raise mutants.MutantError(f"{name}: the netlist without a mutant (--mutant {GOLD}) fails "
                                  f"its bench ({verdict[0]}: {verdict[1]})")


def run_verdict(runs, k):
    """A mutant run's verdict and detail from its --result: killed (its first divergence),
    timeout, crashed (an exit status of a crash or of a usage error, 2) or survived (its
    counts)."""
    r, run = runner.result(runs, k), runner.read_run(runs, k)
    d = run["first_divergence"] if run else None
    if d:
        return "killed", f"at cycle {d['cycle']} ({run['unit']} {d['transaction']}): {d['mismatches'][0]}"
    if r is None:
        return "crashed", "no result (the launcher lost the run)"
    if r.rc == 124:
        return "timeout", f"no divergence in {RUN_SECONDS} s"
    if r.rc > 128 or r.rc == 2:
        return "crashed", f"exit status {r.rc}"
    if run is None:
        return "survived", "no result file"
    return "survived", "%d passed, %d failed" % (run["transactions"], 0 if run["passed"] else 1)


def spec_scripts(block, sig):
    """The scripts mutate/spec/BLOCK.txt names for a signature ("SIGNATURE SCRIPT" lines)."""
    path = os.path.join(HERE, "spec", block + ".txt")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    return [words[1] for words in lines if words[0] == sig]


def report(args, blocks, rows):
    """The Markdown report of the run."""
    bounds = "".join(f"{b.name}: {os.environ[f'MUT_TXNS_{b.name}']}; " for b in blocks
                     if os.environ.get(f"MUT_TXNS_{b.name}"))
    text = [f"# Mutation score ({args.name})\n", "\n",
            f"Yosys 0.23 `mutate -list N -seed S` per block (N and S: {args.out}/BLOCK/net.cfg), plus\n",
            "the mutants pinned by signature (mutate/mutants.py); each mutant is named by its\n",
            "signature (MODE:[SCOPE/]TYPE.PORT[BIT][^CTRLBIT]@FILE:CELL, docs/mutate.md);\n",
            f"each mutant run on its bench with `--n {args.txns}` ({bounds}the rest);\n",
            "killed = the bench reports a divergence;\n",
            "a survivor is listed as equivalent only when mutate/equiv.sh proves it. docs/mutate.md.\n",
            "\n", "| block | generated | run | killed | equivalent (proven) | surviving | timeout/crash |\n",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"] + rows
    text += ["\n", "## Surviving (not proven equivalent): bench holes\n", "\n"]
    failing = [line for v in ("survived", "timeout", "crashed") for b in blocks for line in b.listed(v)]
    text += failing or ["none\n"]
    text += ["\n", "## Equivalent (proven)\n", "\n"] + [line for b in blocks for line in b.listed("equivalent")]
    return "".join(text)


def prover_check(name, b):
    """A killed mutant must not be proven equivalent: MUT_CHECK_<block> if set (it must have
    been killed), else the block's first killed one; with the memories cut it stays unproven."""
    want = b.check_mutant()
    killed = [k for k, _, v, _ in b.verdicts() if v == "killed" and (want is None or k == want)]
    k = killed[0] if killed else None
    sig = b.table()[k][0] if k else None
    answer = b.equiv(k) if k else ""
    expected = f"{k} {'unproven' if b.cut else 'not equivalent'}"
    if k and answer == expected:
        print(f"{name}: prover check: {b.name} mutant {sig} (killed) {answer[len(k) + 1:]}")
        return True
    print(f"{name}: FAILED prover check: {b.name} mutant {sig or '(none killed)'} gave '{answer}'")
    return False


def lemma_check(name, b):
    """A false lemma must be refuted: MUT_LEMMA_CHECK_<block>, given for each block with lemmas."""
    var = f"MUT_LEMMA_CHECK_{b.name}"
    expr = os.environ.get(var, "")
    answer = subprocess.run([os.path.join(HERE, "lemma.sh"), b.name, b.dir, expr],
                            stdout=subprocess.PIPE, text=True).stdout.strip() if expr else ""
    if answer == "refuted":
        print(f"{name}: prover check: {b.name} false lemma '{expr}' refuted")
        return True
    print(f"{name}: FAILED prover check: {b.name} false lemma '{expr or '(no ' + var + ')'}' gave '{answer}'")
    return False


def has_lemmas(block):
    path = os.path.join(HERE, "lemmas", block + ".txt")
    return os.path.exists(path) and os.path.getsize(path) > 0


def main(argv):
    args = arguments(argv)
    blocks = [Block(args, b) for b in args.blocks]
    rows = []
    for b in blocks:
        try:
            verdicts = b.path("verdicts")
            if not (args.reuse and os.path.exists(verdicts) and os.path.getsize(verdicts)):
                b.run()
            rows.append(b.row())
        except (mutants.MutantError, OSError, KeyError) as e:
            print(f"{args.name}: {b.name} could not be run: {e}", file=sys.stderr)
            return 2
    verdicts = [r[2] for b in blocks for r in b.verdicts()]
    total, fails = len(verdicts), sum(v not in PASSING for v in verdicts)
    text = report(args, blocks, rows)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write(text)
        print("".join(rows), end="")
        print(f"{args.name}: report in {args.report}")
    else:
        print(text, end="")
    if args.result:
        results.write(args.result, {
            "flow": "mutate", "version": 1, "profile": "sample" if args.only else "full",
            "transactions": int(args.txns), "report": runner.tree_path(args.report) if args.report else "",
            "blocks": [b.counts() for b in blocks], "mutants": [m for b in blocks for m in b.mutants()]})
    if args.check:
        checked = [blocks[0]] + [b for b in blocks[1:] if b.cut]
        checks = [prover_check(args.name, b) for b in checked]
        checks += [lemma_check(args.name, b) for b in blocks if has_lemmas(b.name)]
        total, fails = total + len(checks), fails + checks.count(False)
    ran = [b.name for b in blocks if b.verdicts()]
    return 0 if runner.closing(args.name, total - fails, fails, args.blocks, ran) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
