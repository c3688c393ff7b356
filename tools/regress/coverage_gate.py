#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The report and gate of make coverage (docs/coverage.md): reads each block's merged
Verilator coverage counts (DIR/BLOCK.dat), its lcov info (DIR/BLOCK.info) and the exclusions
(docs/coverage-exclusions.tsv); writes DIR/summary.md, DIR/points.tsv and with -j the result
(JSON, docs/results.md); exit 1 when a point
was never hit and no exclusion names it, or an exclusion of a block run names no point (stale)
or a point that was exercised (its claim is wrong: a line or branch point hit at all, a toggle
point changed more than twice per run, the X-initial settle). Exit 2 on unreadable input.
usage: coverage_gate.py -o DIR [-x EXCLUSIONS] [-r REGISTRY] [-s SEEDS] [-n N] [-j RESULT] BLOCK...
       coverage_gate.py --check -x EXCLUSIONS -r REGISTRY   (the file's form and blocks only)"""
import argparse
import collections
import glob
import os
import re
import sys

from tools.report import results

KINDS = ("line", "branch", "toggle")
EXCLUSION_COLUMNS = ("block", "kind", "where", "hierarchy", "what", "reason")

Point = collections.namedtuple("Point", "kind count file line what hier")
Exclusion = collections.namedtuple("Exclusion", "block kind where hierarchy what reason origin")


class InputError(Exception):
    """Input the gate cannot judge: a malformed .dat, info or exclusion file."""


# --- Verilator's coverage data ---------------------------------------------------------------

def parse_dat(text, origin="<dat>"):
    """The points of a Verilator coverage .dat ("SystemC::Coverage-3"): one line per point,
    C '<key>\\2<value>\\1...' <count>; keys f (file), l (line), page (v_line/..., v_branch/...,
    v_toggle/...), o (what: block, if, else, case, or the toggled bit's name), h (hierarchy)."""
    points = []
    for n, line in enumerate(text.split("\n"), 1):   # not splitlines: no \x1c..\x1e breaks
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"C '(.*)' (\d+)", line)
        if not m:
            raise InputError(f"{origin}:{n}: not a coverage point: {line[:60]!r}")
        keys = {}
        for field in m.group(1).split("\x01"):
            if field:
                key, sep, value = field.partition("\x02")
                if not sep:
                    raise InputError(f"{origin}:{n}: field without a value: {field[:40]!r}")
                keys[key] = value
        missing = [k for k in ("f", "l", "page", "h") if k not in keys]
        if missing:
            raise InputError(f"{origin}:{n}: point without {', '.join(missing)}")
        if not keys["l"].isdigit():
            raise InputError(f"{origin}:{n}: line {keys['l']!r} is not a number")
        kind = re.sub(r"/.*", "", keys["page"])
        kind = kind[2:] if kind.startswith("v_") else kind
        points.append(Point(kind, int(m.group(2)), keys["f"], int(keys["l"]), keys.get("o", ""),
                            keys["h"]))
    return points


def lcov_branches(text):
    """(covered, total) of lcov's branches: BRDA:line,block,branch,count (count or -)."""
    covered = total = 0
    for line in text.splitlines():
        if line.startswith("BRDA:"):
            fields = line[5:].split(",")
            if len(fields) != 4:
                raise InputError(f"lcov info: malformed record {line!r}")
            total += 1
            covered += fields[3] not in ("-", "0")
    return covered, total


# --- exclusions ------------------------------------------------------------------------------

def glob_re(pattern):
    """A pattern where * is any run of characters, {a,b,c} any one of the alternatives (each
    may hold *; no nesting) and every other character is itself (warp_owned[3] keeps its
    brackets literal)."""
    def plain(text):
        return ".*".join(re.escape(part) for part in text.split("*"))
    out, i = [], 0
    while i < len(pattern):
        j = pattern.find("{", i)
        k = pattern.find("}", j) if j >= 0 else -1
        if j < 0 or k < 0:
            out.append(plain(pattern[i:]))
            break
        out.append(plain(pattern[i:j]))
        out.append("(?:" + "|".join(plain(a) for a in pattern[j + 1:k].split(",")) + ")")
        i = k + 1
    return re.compile("".join(out), re.S)


def parse_exclusions(text, origin="<exclusions>"):
    """The exclusions of a tab-separated file: block, kind, where (FILE:LINE), hierarchy, what,
    reason; # comments and blank lines aside. where, hierarchy and what are patterns (*)."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != len(EXCLUSION_COLUMNS):
            raise InputError(f"{origin}:{n}: {len(fields)} tab-separated fields, expected "
                             f"{len(EXCLUSION_COLUMNS)}: {', '.join(EXCLUSION_COLUMNS)}")
        fields = [f.strip() for f in fields]
        if fields[1] not in KINDS:
            raise InputError(f"{origin}:{n}: kind {fields[1]!r} is not one of {', '.join(KINDS)}")
        if not all(fields):
            raise InputError(f"{origin}:{n}: an empty field (every column, the reason too)")
        found.append(Exclusion(*fields, origin=f"{origin}:{n}"))
    return found


def matches(ex, block, point):
    return (ex.block == block and ex.kind == point.kind
            and glob_re(ex.where).fullmatch(f"{point.file}:{point.line}") is not None
            and glob_re(ex.hierarchy).fullmatch(point.hier) is not None
            and glob_re(ex.what).fullmatch(point.what) is not None)


def describe(block, p):
    return f"{block} {p.kind} {p.file}:{p.line} {p.hier} {p.what}"


def describe_exclusion(ex):
    return f"{ex.origin} ({ex.block} {ex.kind} {ex.where} {ex.hierarchy} {ex.what})"


Verdict = collections.namedtuple("Verdict", "open excluded errors unchecked")


def settle_only(points, verdict, runs):
    """{block: [toggle points hit, not excluded, with no more changes than the X-initial settle
    can make]}: counted as hit, though perhaps never toggled by the stimulus (not a failure)."""
    out = {}
    for b, pts in points.items():
        gone = {id(p) for p, _ in verdict.excluded[b]}
        out[b] = [p for p in pts if p.kind == "toggle" and 0 < p.count <= 2 * runs.get(b, 1)
                  and id(p) not in gone]
    return out


def exercised(point, runs):
    """True when a point's count shows the logic it measures was exercised: any hit of a line
    or branch point; for a toggle point, more than 2 changes per run. With --x-initial unique a
    bit that never toggles still shows up to 2 per run: Verilator's toggle shadow starts random
    and differs from the bit's random start, then the bit settles to its constant (by logic or
    by the bench's reset), and Verilator counts both changes."""
    return point.count > (2 * runs if point.kind == "toggle" else 0)


def judge(points, exclusions, registered=None, runs=None):
    """points: {block: [Point]} of the blocks run; runs: {block: runs merged} (default 1).
    open: {block: [points never hit that no exclusion names]}; excluded: {block: [(point,
    exclusion)]} (every point an exclusion names: left out of the totals); errors: an exclusion
    of an unregistered block, naming no point of its block, or naming an exercised point;
    unchecked: exclusions of blocks not run."""
    open_, excluded, errors, unchecked = {}, {}, [], []
    used = set()
    for ex in exclusions:
        if registered is not None and ex.block not in registered:
            errors.append(f"exclusion {describe_exclusion(ex)}: block {ex.block} is not registered")
        elif ex.block not in points:
            unchecked.append(ex)
    for block, pts in points.items():
        r = (runs or {}).get(block, 1)
        mine = [ex for ex in exclusions if ex.block == block]
        open_[block], excluded[block] = [], []
        for p in pts:
            named_by = [ex for ex in mine if matches(ex, block, p)]
            used.update(named_by)
            if named_by and exercised(p, r):
                for ex in named_by:
                    errors.append(f"exclusion {describe_exclusion(ex)} names a point hit "
                                  f"{p.count} times in {r} runs: {describe(block, p)}")
            elif named_by:
                excluded[block].append((p, named_by[0]))
            elif p.count == 0:
                open_[block].append(p)
        for ex in mine:
            if ex not in used:
                errors.append(f"exclusion {describe_exclusion(ex)} names no point of {block}: "
                              "stale, drop or fix it")
    return Verdict(open_, excluded, errors, unchecked)


def read_registry(path):
    """The block names of blocks.tsv (first column, # comments aside)."""
    with open(path, encoding="utf-8") as f:
        return {line.split("\t")[0] for line in f if line.strip() and not line.startswith("#")}


# --- the report ------------------------------------------------------------------------------

def pct(covered, total):
    return f"{covered}/{total} ({100.0 * covered / total:.1f}%)" if total else "no points"


def block_row(block, pts, excluded, lcov):
    """A summary row: per kind hit/total over the points not excluded, then the excluded."""
    gone = {id(p) for p, _ in excluded}
    kept = [p for p in pts if id(p) not in gone]
    cells = [pct(sum(p.kind == k and p.count > 0 for p in kept), sum(p.kind == k for p in kept))
             for k in KINDS]
    return (f"| {block} | " + " | ".join(cells) + f" | {pct(*lcov)} | "
            + (str(len(excluded)) if excluded else "-") + " |")


def summary(blocks, points, lcov, verdict, seeds, n, out, settle=None):
    lines = [
        "# RTL code coverage (make coverage)", "",
        f"Verilator 5.006 --coverage of each block's lockstep bench over seeds {seeds}"
        + (f" (N={n})" if n else "") + ", merged",
        "with verilator_coverage: Verilator's line points (statement blocks), branch points (each",
        "if/else and case arm), toggle points (a bit of a signal up to 256 bits wide that changed",
        "at least once); lcov: the branches genhtml reads from `verilator_coverage --write-info`",
        "(BRDA records; Verilator 5.006 writes none). Excluded: the points an exclusion",
        "(docs/coverage-exclusions.tsv) names, that cannot be hit by construction, left out of the",
        "totals (every point in DIR/points.tsv). HTML: " f"{out}/html/index.html. docs/coverage.md.",
        "",
        "| block | line points | branch points | toggle points | lcov branches | excluded |",
        "| --- | ---: | ---: | ---: | ---: | ---: |"]
    lines += [block_row(b, points[b], verdict.excluded[b], lcov[b]) for b in blocks]
    lines += ["", "## Points never hit, not excluded (the gate fails on each)", ""]
    for b in blocks:
        lines += [f"### {b}", ""]
        lines += [f"- {p.kind} {p.file}:{p.line} {p.what} ({p.hier})" for p in verdict.open[b]]
        lines += [] if verdict.open[b] else ["none"]
        lines.append("")
    lines += ["## Points excluded, and why", ""]
    by_ex = collections.OrderedDict()
    for b in blocks:
        for p, ex in verdict.excluded[b]:
            by_ex.setdefault(ex, []).append(p)
    for ex, pts in by_ex.items():
        settled = sum(p.count > 0 for p in pts)
        lines.append(f"- {ex.block} {ex.kind} {ex.where} {ex.hierarchy} {ex.what} ({ex.origin}): "
                     f"{len(pts)} points" + (f", {settled} changed only at the X-initial settle"
                                             if settled else "") + f". {ex.reason}")
    lines += ([] if by_ex else ["none"]) + ["", "## Exclusion errors (the gate fails on each)", ""]
    lines += [f"- {e}" for e in verdict.errors] or ["none"]
    lines += ["", "## Toggle points hit no more than twice per run, not excluded", "",
              "Counted as hit, but their changes may all be the X-initial settle (up to 2 a run):",
              "a bit the stimulus never toggled. Not a failure; with other seeds one may be "
              "never hit.", ""]
    sl = [f"- {b} {p.file}:{p.line} {p.what} ({p.hier}): {p.count}"
          for b in blocks for p in (settle or {}).get(b, [])]
    lines += sl or ["none"]
    if verdict.unchecked:
        lines += ["", f"Not checked (their blocks were not run): {len(verdict.unchecked)} "
                  "exclusions."]
    return "\n".join(lines) + "\n"


def hit_total(pts, kind):
    return {"hit": sum(p.kind == kind and p.count > 0 for p in pts), "total": sum(p.kind == kind for p in pts)}


def coverage_result(a, points, verdict):
    """coverage.json (docs/results.md, flow coverage): per block and kind the points hit over
    those not excluded, the gate's verdict."""
    blocks = []
    for b in a.blocks:
        gone = {id(p) for p, _ in verdict.excluded[b]}
        kept = [p for p in points[b] if id(p) not in gone]
        blocks.append(dict({k: hit_total(kept, k) for k in KINDS}, block=b,
                           excluded=len(verdict.excluded[b]), open=len(verdict.open[b])))
    return {"flow": "coverage", "version": 1, "seeds": a.seeds, "report": f"{a.out}/summary.md",
            "html": f"{a.out}/html/index.html",
            "passed": not verdict.errors and not any(verdict.open[b] for b in a.blocks),
            "errors": [str(e) for e in verdict.errors], "blocks": blocks}


def points_tsv(blocks, points, verdict):
    why = {}
    for b in blocks:
        for p, ex in verdict.excluded[b]:
            why[(b, p)] = ex.origin
    rows = ["block\tkind\tcount\twhere\twhat\thierarchy\texcluded_by"]
    for b in blocks:
        for p in points[b]:
            rows.append(f"{b}\t{p.kind}\t{p.count}\t{p.file}:{p.line}\t{p.what}\t{p.hier}\t"
                        f"{why.get((b, p), '-')}")
    return "\n".join(rows) + "\n"


def read(path):
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            return f.read()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from e


def main(argv):
    ap = argparse.ArgumentParser(prog="coverage_gate.py", description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--out", help="DIR of BLOCK.dat, BLOCK.info and dat/BLOCK.s*.dat")
    ap.add_argument("-x", "--exclusions", help="the exclusions file (none: no exclusions)")
    ap.add_argument("-r", "--registry", help="blocks.tsv: an exclusion's block must be in it")
    ap.add_argument("-s", "--seeds", default="?", help="the seeds, for the report")
    ap.add_argument("-n", "--n", default="", help="transactions per seed, for the report")
    ap.add_argument("-j", "--result", help="the result (JSON, docs/results.md, flow coverage)")
    ap.add_argument("--check", action="store_true",
                    help="check the exclusions file's form and blocks only, no counts read")
    ap.add_argument("blocks", nargs="*", metavar="BLOCK")
    a = ap.parse_args(argv[1:])
    if a.check != (not a.blocks and not a.out):
        ap.error("either --check, or -o DIR and BLOCK...")
    try:
        exclusions = parse_exclusions(read(a.exclusions), a.exclusions) if a.exclusions else []
        registered = read_registry(a.registry) if a.registry else None
        if a.check:
            bad = [e for e in judge({}, exclusions, registered).errors]
            for e in bad:
                print(f"coverage: {e}")
            print(f"coverage: {a.exclusions}: {len(exclusions)} exclusions, "
                  + ("the form and blocks good" if not bad else f"{len(bad)} errors"))
            return 1 if bad else 0
        points = {b: parse_dat(read(f"{a.out}/{b}.dat"), f"{a.out}/{b}.dat") for b in a.blocks}
        lcov = {b: lcov_branches(read(f"{a.out}/{b}.info")) for b in a.blocks}
        runs = {b: len(glob.glob(f"{glob.escape(a.out)}/dat/{glob.escape(b)}.s*.dat"))
                for b in a.blocks}
        if not all(runs.values()):
            raise InputError(f"no runs' counts in {a.out}/dat for "
                             + " ".join(b for b in a.blocks if not runs[b]))
    except InputError as e:
        print(f"coverage: {e}", file=sys.stderr)
        return 2
    verdict = judge(points, exclusions, registered, runs)
    settled = settle_only(points, verdict, runs)
    with open(f"{a.out}/summary.md", "w", encoding="utf-8") as f:
        f.write(summary(a.blocks, points, lcov, verdict, a.seeds, a.n, a.out, settled))
    with open(f"{a.out}/points.tsv", "w", encoding="utf-8") as f:
        f.write(points_tsv(a.blocks, points, verdict))
    if a.result:
        results.write(a.result, coverage_result(a, points, verdict))
    print("| block | line points | branch points | toggle points | lcov branches | excluded |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for b in a.blocks:
        print(block_row(b, points[b], verdict.excluded[b], lcov[b]))
    n_settled = sum(len(v) for v in settled.values())
    if n_settled:
        print(f"coverage: {n_settled} toggle points hit no more than twice per run, perhaps only "
              f"at the X-initial settle ({', '.join(b for b in a.blocks if settled[b])}): "
              f"{a.out}/summary.md")
    unhit = [(b, p) for b in a.blocks for p in verdict.open[b]]
    for b, p in unhit:
        print(f"coverage: never hit, not excluded: {describe(b, p)}")
    for e in verdict.errors:
        print(f"coverage: {e}")
    if unhit or verdict.errors:
        print(f"coverage gate: FAIL: {len(unhit)} points never hit and not excluded, "
              f"{len(verdict.errors)} exclusion errors ({a.exclusions or 'no exclusions file'}; "
              "docs/coverage.md)")
        return 1
    n_ex = sum(len(v) for v in verdict.excluded.values())
    print(f"coverage gate: pass: every point of {len(a.blocks)} blocks hit or excluded "
          f"({n_ex} excluded)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
