# SPDX-License-Identifier: Apache-2.0
"""The files a source includes, transitively: the registry's RTL_INCLUDES_<block> (make's
rebuilds) and the coverage closure's sources (tools/regress/coverage_closure.py)."""
import os
import re

V_DIRS = ("rtl", "tb")           # where the RTL's `includes are (-Irtl -Itb)
V_INCLUDE = re.compile(r'^\s*`include\s+"([^"]+)"', re.M)


def find(root, name, near, dirs):
    """The path of an included NAME: beside the including file, then in DIRS; None when it is
    not in the tree (a system or Verilator header, a generated one: build/gen's port struct)."""
    for d in (near,) + tuple(dirs):
        path = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(root, path)):
            return path
    return None


def closure(root, start, pattern, dirs, with_sources, read):
    """START and every file they include (PATTERN), transitively; WITH_SOURCES: also the .c
    or .cpp beside each header found (what a bench links of it). READ(root, path): a file's
    text (its errors are the caller's)."""
    seen, todo = set(), list(start)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in pattern.findall(read(root, path)):
            found = find(root, name, os.path.dirname(path), dirs)
            if found is None:
                continue
            todo.append(found)
            base, ext = os.path.splitext(found)
            for src in ((base + ".c", base + ".cpp") if with_sources and ext in (".h", ".hpp")
                        else ()):
                if os.path.isfile(os.path.join(root, src)):
                    todo.append(src)
    return seen
