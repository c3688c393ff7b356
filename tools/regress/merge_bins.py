#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Functional coverage of a regression judged over its merged seeds, as dvsim does (docs/registry.md):
each job's bench wrote its bins' hit counts (--bins-out DIR/bins/ID.txt); a bin that no seed of
its block hit fails the regression, named. usage: merge_bins.py DIR (DIR/meta.tsv: ID, block,
seed). Writes DIR/bins.tsv (block, bin, hits, seeds that hit it); prints per block the bins hit
and every bin never hit; exit 1 when any bin was never hit."""
import collections
import os
import sys


def read_counts(path):
    """The bins of one job's counts file, in order: [(name, hits)]."""
    bins = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            hits, sep, name = line.strip().partition(" ")
            if not sep or not hits.isdigit():
                raise ValueError(f"{path}:{n}: expected '<hits>  <bin name>'")
            bins.append((name.strip(), int(hits)))
    return bins


def read_meta(path):
    """The jobs of a regression: [(id, block, seed)]."""
    with open(path, encoding="utf-8") as f:
        return [tuple(line.rstrip("\n").split("\t")[:3]) for line in f if line.strip()]


def merge(jobs, counts_of):
    """Per block (in job order): {bin: [hits, seeds hit]} over the jobs that wrote counts, and
    the number of such jobs. counts_of(id) gives a job's bins or None when it wrote none."""
    merged = collections.OrderedDict()
    for job, block, _seed in jobs:
        bins = counts_of(job)
        entry = merged.setdefault(block, {"bins": collections.OrderedDict(), "seeds": 0})
        if bins is None:
            continue
        entry["seeds"] += 1
        for name, hits in bins:
            tally = entry["bins"].setdefault(name, [0, 0])
            tally[0] += hits
            tally[1] += hits > 0
    return merged


def judge(merged):
    """(report lines, names of the bins never hit as 'block: bin')."""
    lines, missed = [], []
    for block, entry in merged.items():
        if entry["seeds"] == 0:
            lines.append(f"regress: {block}: no seed wrote bin counts (every job failed)")
            continue
        bins = entry["bins"]
        hit = sum(1 for hits, _ in bins.values() if hits > 0)
        lines.append(f"regress: {block}: coverage {hit}/{len(bins)} bins hit over "
                     f"{entry['seeds']} seed(s)")
        for name, (hits, _) in bins.items():
            if hits == 0:
                missed.append(f"{block}: {name}")
                lines.append(f"regress: {block}: coverage bin never hit by any seed: {name}")
    return lines, missed


def counts_of(d, job):
    """A job's bins from DIR/bins/ID.txt, None when it wrote none."""
    path = os.path.join(d, "bins", job + ".txt")
    return read_counts(path) if os.path.exists(path) else None


def write_tsv(path, merged):
    """bins.tsv: block, bin, hits, seeds that hit it."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("block\tbin\thits\tseeds_hit\n")
        for block, entry in merged.items():
            for name, (hits, seeds) in entry["bins"].items():
                f.write(f"{block}\t{name}\t{hits}\t{seeds}\n")


def main(argv):
    if len(argv) != 2:
        print("usage: merge_bins.py DIR", file=sys.stderr)
        return 2
    out = argv[1]
    try:
        merged = merge(read_meta(os.path.join(out, "meta.tsv")), lambda job: counts_of(out, job))
    except (OSError, ValueError) as e:
        print(f"regress: bins: {e}", file=sys.stderr)
        return 2
    write_tsv(os.path.join(out, "bins.tsv"), merged)
    lines, missed = judge(merged)
    print("\n".join(lines))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
