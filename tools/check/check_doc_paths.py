#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Docs agree with the tree (docs/registry.md): fails naming every path that README.md or a docs/ page
names and that does not exist. usage: check_doc_paths.py [ROOT]
A path is a word that starts with one of the tree's own top-level folders or files (rtl/...,
blocks.tsv), or a Markdown link target. `{a,b}` expands; `*`, `<name>` and an ALL-CAPS
placeholder (BLOCK, NAME) are wildcards that must match at least one file. Paths under build/
(made by the flows) and ../shared/ (optional input) are not checked."""
import glob
import os
import re
import sys

SKIP_TOP = {"build", ".git", ".ci"}
LINK = re.compile(r"\]\(([^)\s]+)\)")


def docs(root):
    """README.md and every Markdown page of docs/, repository-relative."""
    pages = ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(root, "docs"))
        if f.endswith(".md"))
    return [p for p in pages if os.path.exists(os.path.join(root, p))]


def top_names(root):
    return sorted(n for n in os.listdir(root) if n not in SKIP_TOP and not n.startswith("."))


def words(text, tops):
    """Path-like words of text that start with a top-level name."""
    alt = "|".join(re.escape(t) for t in sorted(tops, key=len, reverse=True))
    pattern = re.compile(r"(?<![\w./~$-])((?:" + alt + r")(?:/[\w.*{},@<>+-]*)*)")
    for m in pattern.finditer(text):
        yield m.group(1).rstrip(".,:;")


def expand_braces(path):
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    return [p for alt in m.group(1).split(",")
            for p in expand_braces(path[:m.start()] + alt + path[m.end():])]


def as_glob(path):
    """Placeholders to wildcards: <b>, ALL-CAPS words of two letters or more."""
    path = re.sub(r"<[^<>/]*>", "*", path)
    return re.sub(r"(?<![A-Za-z0-9])[A-Z][A-Z0-9_]+(?![a-z])", "*", path)


def exists(root, path):
    for p in expand_braces(path):
        pat = as_glob(p)
        if "*" in pat or "?" in pat:
            if not glob.glob(os.path.join(root, pat)):
                return False
        elif not os.path.exists(os.path.join(root, p)):
            return False
    return True


def missing_in(root, page, text, tops):
    """The paths page names that do not exist: (line number, path)."""
    found = []
    for n, line in enumerate(text.split("\n"), 1):
        for w in words(line, tops):
            if w in tops or w.endswith("/") and w.rstrip("/") in tops:
                continue
            if not exists(root, w.rstrip("/")):
                found.append((n, w))
        for target in LINK.findall(line):
            target = target.split("#")[0]
            if not target or re.match(r"^[a-z]+:", target) or target.startswith("../shared"):
                continue
            rel = os.path.normpath(os.path.join(os.path.dirname(page), target))
            if rel.split(os.sep)[0] in SKIP_TOP:
                continue
            if not exists(root, rel):
                found.append((n, target))
    return found


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    tops = top_names(root)
    failed = 0
    pages = docs(root)
    for page in pages:
        with open(os.path.join(root, page), encoding="utf-8") as f:
            text = f.read()
        missing = missing_in(root, page, text, tops)
        for n, path in missing:
            print(f"check-docs: {page}:{n}: {path} does not exist")
        failed += bool(missing)
    print(f"check-docs: {len(pages) - failed} passed, {failed} failed (pages naming a path "
          "that does not exist)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
