#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The coverage closure record (docs/coverage.md, "Closure kept by make test"): for each block,
the sources its code coverage depends on, each with a hash, and the seeds at which make
coverage last passed its gate on exactly those sources (docs/coverage-closure.json).

  snapshot -o FILE BLOCK...   the blocks' sources now (make coverage, before it builds)
  record -s FILE -j RESULT    a passing make coverage's result and snapshot into the record
  check [BLOCK...]            exit 1 naming each block not closed at its sources (make test)
  changed [BLOCK...]          the blocks check would name, on one line (make coverage-changed)
  sources BLOCK               a block's sources and their hashes, one a line

A block's sources: its RTL (the files of its hierarchy, registry.mk's RTL_FILES_<block>, and
what they `include); its bench tb/bench_<block>.c with what it #includes from tb/ and cmodel/,
transitively, and the .c or .cpp beside each such header (the harness, the stimulus generator,
the C model in lockstep, tb/vshim.cpp); its registry row's bench columns (cmodel, impl,
verilator) and its rows of the exclusions file. Exit 2 on unreadable input.
Common options (before the command): -C ROOT (.), -r REGISTRY (blocks.tsv), -g REGISTRY_MK
(build/gen/registry.mk), -x EXCLUSIONS (docs/coverage-exclusions.tsv), -c RECORD
(docs/coverage-closure.json), -S SEEDS, the closure's seeds (1-5)."""
import argparse
import collections
import hashlib
import json
import os
import re
import sys

from tools.gen.includes import V_DIRS, V_INCLUDE, closure
from tools.regress.regress import RegressError, expand_seeds

C_DIRS = ("tb", "cmodel", "common")  # where a bench's "#include"s are looked up (-I)
C_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
BENCH_COLUMNS = (1, 2, 4)         # blocks.tsv's cmodel, impl and verilator columns
SHIM = ("tb/vshim.cpp",)          # linked into every bench (Makefile, verilate)
HASH_CHARS = 16


class InputError(Exception):
    """Input the tool cannot read: one line, exit status 2."""


def digest(data):
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def read_bytes(root, path):
    try:
        with open(os.path.join(root, path), "rb") as f:
            return f.read()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from e


def read_text(root, path):
    return read_bytes(root, path).decode("utf-8", errors="surrogateescape")


# --- what a block's coverage depends on ------------------------------------------------------

def registry_rows(text):
    """{block: [its columns]} of blocks.tsv (# comments and blank lines aside)."""
    rows = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            rows[fields[0]] = fields
    return rows


def rtl_files(registry_mk):
    """{block: [RTL files]} of the generated registry.mk's RTL_FILES_<block> := ... lines."""
    found = {}
    for m in re.finditer(r"^RTL_FILES_(\S+)\s*:?=(.*)$", registry_mk, re.M):
        found[m.group(1)] = m.group(2).split()
    return found


def exclusion_rows(text, block):
    """The block's rows of the exclusions file, as written (comments aside)."""
    return [line for line in text.splitlines()
            if line.split("\t")[0] == block and not line.lstrip().startswith("#")]


def block_sources(root, block, rows, rtl, exclusions_path, exclusions_text):
    """{source: hash} of a block: files by their path from ROOT; the registry row's bench
    columns as 'blocks.tsv[BLOCK]', its exclusions as 'EXCLUSIONS[BLOCK]'."""
    if block not in rows:
        raise InputError(f"{block} is not registered")
    if block not in rtl:
        raise InputError(f"registry.mk has no RTL_FILES_{block} (make regenerates it)")
    files = closure(root, rtl[block], V_INCLUDE, V_DIRS, False, read_text)
    files |= closure(root, [f"tb/bench_{block}.c", *SHIM], C_INCLUDE, C_DIRS, True, read_text)
    out = {f: digest(read_bytes(root, f)) for f in sorted(files)}
    columns = [rows[block][i] if i < len(rows[block]) else "" for i in BENCH_COLUMNS]
    out[f"blocks.tsv[{block}]"] = digest("\t".join(columns).encode())
    ex = "\n".join(exclusion_rows(exclusions_text, block))
    out[f"{exclusions_path}[{block}]"] = digest(ex.encode("utf-8", errors="surrogateescape"))
    return out


class Tree:
    """The inputs of a run of the tool: the tree at ROOT, its registry, RTL files and
    exclusions (read once)."""

    def __init__(self, a):
        self.root = a.root
        self.rows = registry_rows(read_text(a.root, a.registry))
        self.rtl = rtl_files(read_text(a.root, a.registry_mk))
        self.exclusions = a.exclusions
        self.exclusions_text = read_text(a.root, a.exclusions)

    def sources(self, block):
        return block_sources(self.root, block, self.rows, self.rtl, self.exclusions,
                             self.exclusions_text)


# --- the record and its verdict --------------------------------------------------------------

def seeds_cover(seeds, needed):
    """True when the seeds SEEDS (e.g. "1-10") hold every seed of NEEDED ("1-5")."""
    try:
        return set(expand_seeds(needed)) <= set(expand_seeds(seeds))
    except RegressError:
        return False


def source_changes(recorded, now):
    """The sources that differ: 'PATH (changed)', '(new)', '(gone)', in path order."""
    out = []
    for path in sorted(set(recorded) | set(now)):
        if path not in recorded:
            out.append(f"{path} (new)")
        elif path not in now:
            out.append(f"{path} (gone)")
        elif recorded[path] != now[path]:
            out.append(f"{path} (changed)")
    return out


def why_open(entry, now, needed):
    """Why a block's closure does not hold ('' when it does): ENTRY its record (None: none),
    NOW its sources now, NEEDED the closure's seeds."""
    if entry is None:
        return "no closure recorded"
    if not seeds_cover(entry.get("seeds", ""), needed):
        return f"closed at seeds {entry.get('seeds')}, the closure needs every seed of {needed}"
    changes = source_changes(entry.get("sources", {}), now)
    if changes:
        return f"changed since its closure at seeds {entry['seeds']}: " + ", ".join(changes)
    return ""


def load_record(root, path):
    """The record's blocks ({} when there is no record yet)."""
    if not os.path.exists(os.path.join(root, path)):
        return {}
    try:
        doc = json.loads(read_text(root, path))
    except ValueError as e:
        raise InputError(f"{path}: not JSON: {e}") from e
    if not isinstance(doc, dict) or not isinstance(doc.get("blocks"), dict):
        raise InputError(f"{path}: no blocks object")
    return doc["blocks"]


ABOUT = ("make coverage's closure per block: the seeds at which its gate last passed and the "
         "sources it passed on (docs/coverage.md, Closure kept by make test). Written by make "
         "coverage; make test's coverage-closure step fails when a source differs.")


def write_json(path, doc):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)


def counts(result_block):
    """A block's totals in the record, from the coverage result: 'hit/total' per kind."""
    out = {k: f"{result_block[k]['hit']}/{result_block[k]['total']}"
           for k in ("line", "branch", "toggle")}
    out["excluded"] = result_block["excluded"]
    return out


Refusal = collections.namedtuple("Refusal", "why status")


def refusal(snapshot, now, result, needed):
    """Why a make coverage run is not recorded (None: it is). Status 0: not a closure run (its
    seeds lack some of NEEDED), a note; 1: its gate failed, or its sources are no longer those
    of SNAPSHOT (hashed before the benches were built), or the result lacks a block."""
    if not result.get("passed"):
        return Refusal("its gate failed", 1)
    if not seeds_cover(result.get("seeds", ""), needed):
        return Refusal(f"seeds {result.get('seeds')} do not hold every seed of the closure's "
                       f"{needed}", 0)
    moved = [f"{b}: {c}" for b in sorted(snapshot) for c in source_changes(snapshot[b], now[b])]
    if moved:
        return Refusal("sources changed during the run: " + "; ".join(moved), 1)
    missing = sorted(set(snapshot) - {r["block"] for r in result.get("blocks", [])})
    if missing:
        return Refusal("the result has no row for " + " ".join(missing), 1)
    return None


def merge(record, snapshot, result, registered):
    """The record's blocks after a run that refusal() accepts: the run's blocks closed at its
    seeds on their snapshot's sources; blocks no longer registered leave the record."""
    by_block = {r["block"]: r for r in result["blocks"]}
    blocks = {b: e for b, e in record.items() if b in registered}
    for b in snapshot:
        blocks[b] = dict(counts(by_block[b]), seeds=result["seeds"], sources=snapshot[b])
    return blocks


# --- the commands ----------------------------------------------------------------------------

def cmd_snapshot(tree, a):
    write_json(a.output, {"blocks": {b: tree.sources(b) for b in a.blocks}})
    return 0


def cmd_record(tree, a):
    try:
        with open(a.snapshot, encoding="utf-8") as f:
            snapshot = json.load(f)["blocks"]
        with open(a.result, encoding="utf-8") as f:
            result = json.load(f)
    except (OSError, ValueError, KeyError) as e:
        raise InputError(f"cannot read the snapshot or the result: {e}") from e
    now = {b: tree.sources(b) for b in snapshot}
    no = refusal(snapshot, now, result, a.closure_seeds)
    if no:
        print(f"coverage closure: not recorded ({a.record} unchanged): {no.why}")
        return no.status
    blocks = merge(load_record(tree.root, a.record), snapshot, result, set(tree.rows))
    write_json(os.path.join(tree.root, a.record), {"about": ABOUT, "blocks": blocks})
    print(f"coverage closure: {a.record}: {' '.join(sorted(snapshot))} closed at seeds "
          f"{result['seeds']}; commit it with the sources")
    return 0


def open_blocks(tree, a):
    """[(block, why)] of the blocks (all registered ones by default) whose closure does not
    hold, and the record's blocks no longer registered."""
    record = load_record(tree.root, a.record)
    blocks = a.blocks or list(tree.rows)
    found = [(b, why_open(record.get(b), tree.sources(b), a.closure_seeds)) for b in blocks]
    found = [(b, why) for b, why in found if why]
    found += [(b, "recorded but not registered: make coverage of any block drops it")
              for b in sorted(record) if b not in tree.rows]
    return found, len(blocks)


def cmd_check(tree, a):
    found, n = open_blocks(tree, a)
    for b, why in found:
        print(f"coverage closure: {b}: {why}")
    if not found:
        print(f"coverage closure: pass: {n} blocks closed at their sources (seeds "
              f"{a.closure_seeds}; {a.record})")
        return 0
    names = " ".join(b for b, _ in found)
    print(f"coverage closure: FAIL: {len(found)} of {n} blocks not closed at their sources: "
          f"{names}. Run make coverage-changed (make coverage BLOCKS=\"{names}\") and commit "
          f"{a.record} (docs/coverage.md)")
    return 1


def cmd_changed(tree, a):
    found, _ = open_blocks(tree, a)
    print(" ".join(b for b, _ in found if b in tree.rows))
    return 0


def cmd_sources(tree, a):
    for b in a.blocks:
        for path, h in tree.sources(b).items():
            print(f"{b}\t{h}\t{path}")
    return 0


def arguments(argv):
    ap = argparse.ArgumentParser(prog="coverage_closure.py", description=__doc__.split("\n")[0])
    ap.add_argument("-C", dest="root", default=".", help="the tree's root")
    ap.add_argument("-r", dest="registry", default="blocks.tsv")
    ap.add_argument("-g", dest="registry_mk", default="build/gen/registry.mk")
    ap.add_argument("-x", dest="exclusions", default="docs/coverage-exclusions.tsv")
    ap.add_argument("-c", dest="record", default="docs/coverage-closure.json")
    ap.add_argument("-S", dest="closure_seeds", default="1-5", help="the closure's seeds")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("snapshot")
    p.add_argument("-o", dest="output", required=True)
    p.add_argument("blocks", nargs="+", metavar="BLOCK")
    p = sub.add_parser("record")
    p.add_argument("-s", dest="snapshot", required=True)
    p.add_argument("-j", dest="result", required=True, help="make coverage's coverage.json")
    for name in ("check", "changed"):
        sub.add_parser(name).add_argument("blocks", nargs="*", metavar="BLOCK")
    sub.add_parser("sources").add_argument("blocks", nargs="+", metavar="BLOCK")
    return ap.parse_args(argv)


COMMANDS = {"snapshot": cmd_snapshot, "record": cmd_record, "check": cmd_check,
            "changed": cmd_changed, "sources": cmd_sources}


def main(argv):
    a = arguments(argv[1:])
    try:
        expand_seeds(a.closure_seeds)
        return COMMANDS[a.command](Tree(a), a)
    except (InputError, RegressError) as e:
        print(f"coverage closure: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
