#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every test runs (docs/registry.md): fails naming any file under tests/ that no step of make test
runs. usage: check_tests_run.py STEP...  A file is run when a step's recipe names it (what
`make -n -k -W FILE... STEP...` prints: the commands of the steps and of the prerequisites
made from a test file, e.g. a unit test's compile line) or a file
so reached names it: by its path from the repository root, or, from a file of the same folder
tree, by its path relative to that file's folder ("$here/fig7.in", "check.h"). Markdown files
beside the tests are documentation, not tests (docs/registry.md)."""
import os
import re
import subprocess
import sys

TESTS = "tests"


def test_files(root):
    """Every file under tests/, as repository-relative paths, but the documentation."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(root, TESTS)):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if not name.endswith(".md"):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def names(text, path):
    """True when text names path whole: not as the tail of a longer name ("xcheck.h"); a Python
    file also as the module python3 -m runs from the tree's root (tests/x.py: tests.x)."""
    if re.search(r"(?<![A-Za-z0-9_.-])" + re.escape(path) + r"(?![A-Za-z0-9_])", text):
        return True
    if not path.endswith(".py") or path.startswith(("/", ".")):
        return False
    module = path[:-len(".py")].replace("/", ".")
    return re.search(r"(?<![A-Za-z0-9_./-])" + re.escape(module) + r"(?![A-Za-z0-9_.])", text) \
        is not None


def named_by(text, from_dir, candidates):
    """The candidates that text names: by repository path, or (text read from a file in
    from_dir) by the path relative to from_dir for the candidates in from_dir's tree."""
    return {f for f in candidates
            if names(text, f) or (from_dir and f.startswith(from_dir + "/")
                                  and names(text, f[len(from_dir) + 1:]))}


def reached(root_text, candidates, read):
    """The candidates named by root_text or, transitively, by a reached candidate's text."""
    seen = named_by(root_text, None, candidates)
    frontier = list(seen)
    while frontier:
        f = frontier.pop()
        for g in named_by(read(f), os.path.dirname(f), candidates) - seen:
            seen.add(g)
            frontier.append(g)
    return seen


def dry_run(steps, files):
    """What make would run for the steps, their prerequisites made anew when any test file
    changed (make -n -k -W FILE...: no recipe runs but those naming $(MAKE))."""
    what_if = [arg for f in files for arg in ("-W", f)]
    run = subprocess.run(["make", "-n", "-k", "--no-print-directory", *what_if, *steps],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         check=False)
    return run.stdout


def read_text(root):
    def read(path):
        try:
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""
    return read


def main(argv):
    if len(argv) < 2:
        print("usage: check_tests_run.py STEP...", file=sys.stderr)
        return 2
    root = os.getcwd()
    files = test_files(root)
    run = reached(dry_run(argv[1:], files), files, read_text(root))
    unrun = [f for f in files if f not in run]
    for f in unrun:
        print(f"check-tests: {f}: no step of make test runs it")
    print(f"check-tests: {len(files) - len(unrun)} passed, {len(unrun)} failed "
          f"(files under {TESTS}/, {len(argv) - 1} steps)")
    return 1 if unrun else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
