#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""README.md's CLI section from the CLI's own verb table (`deltarf --usage-table`: one
"verb<TAB>synopsis<TAB>summary" line a verb), as the block table comes from blocks.tsv (docs/registry.md).
usage: deltarf --usage-table | readme_cli.py [--check] README.md
Writes the block between the cli markers; --check only compares, exit 1 when it differs."""
import sys

BEGIN = "<!-- cli: begin (generated from `deltarf --usage-table` by `make readme`) -->"
END = "<!-- cli: end -->"


def section(table_text):
    """The generated lines: a shell block, each verb's synopsis then its summary."""
    lines = ["```"]
    for row in table_text.splitlines():
        if not row.strip():
            continue
        fields = row.split("\t")
        if len(fields) != 3:
            raise ValueError(f"usage table: expected verb, synopsis, summary: {row!r}")
        _verb, synopsis, summary = fields
        lines.append("build/" + synopsis)
        lines.append("    # " + summary)
    lines.append("```")
    return lines


def replace(readme_text, generated):
    """README's text with the lines between the markers replaced."""
    lines = readme_text.split("\n")
    try:
        b, e = lines.index(BEGIN), lines.index(END)
    except ValueError as exc:
        raise ValueError(f"README has no '{BEGIN}' ... '{END}' block") from exc
    if e < b:
        raise ValueError("README's cli markers are out of order")
    return "\n".join(lines[:b + 1] + generated + lines[e:])


def main(argv):
    args = argv[1:]
    check = bool(args) and args[0] == "--check"
    if check:
        args = args[1:]
    if len(args) != 1:
        print("usage: deltarf --usage-table | readme_cli.py [--check] README.md", file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, encoding="utf-8") as f:
            old = f.read()
        new = replace(old, section(sys.stdin.read()))
    except (OSError, ValueError) as e:
        print(f"readme-cli: {e}", file=sys.stderr)
        return 2
    if check:
        if new != old:
            print(f"readme-cli: {path}'s CLI section differs from `deltarf --usage-table` "
                  "(make readme)")
            return 1
        print(f"readme-cli: {path}'s CLI section is the CLI's verb table")
        return 0
    if new != old:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
