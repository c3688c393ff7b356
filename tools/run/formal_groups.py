#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The proof and cover groups of a formal/<block>_props.v, read from its stanzas (docs/formal.md,
Groups): formal/run.sh runs what `lines` prints, the registry checks that each block has both.

A stanza is a run of `//@` comment lines: a header `//@ prove NAME` or `//@ cover NAME`, then
one setting a line, `//@   KEY VALUE`, a value continued on the next lines indented further:

    //@ prove table
    //@   checks  reads = last row written or zero; the walk visits each row once
    //@   engine  sat-ind
    //@   depth   1
    //@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8

What each key holds: docs/formal.md, Groups. An engine is one that formal/engine/*.sh defines
(its function engine_NAME, NAME with '-' for '_').
usage: python3 -m tools.run.formal_groups lines PROPS TASK | check PROPS..."""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TASKS = ("prove", "cover")
PREP = ("abc", "equiv", "zero")
KEYS = ("like", "checks", "top", "params", "engine", "depth", "peeks", "prep", "cut", "sizes",
        "profile", "timeout")
HEADER = re.compile(r"^//@ (\w+) ([\w-]+)\s*$")
SETTING = re.compile(r"^//@   (\w+)\s+(\S.*?)\s*$")
CONTINUED = re.compile(r"^//@\s{4,}(\S.*?)\s*$")


class GroupError(Exception):
    pass


def engines():
    """The engines formal/run.sh can call: the engine_* functions of formal/engine/*.sh."""
    names = []
    for path in sorted(glob.glob(os.path.join(ROOT, "formal", "engine", "*.sh"))):
        with open(path, encoding="utf-8") as f:
            names += [n.replace("_", "-") for n in re.findall(r"^engine_(\w+)\(\)", f.read(), re.M)]
    return names


def items(value):
    """A comma-separated value as its items."""
    return [v.strip() for v in value.split(",") if v.strip()]


def stanzas(text, path):
    """[(line number, task, name, {key: value})] of the file's stanzas, in order."""
    out, current, key = [], None, None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.startswith("//@"):
            current = key = None
            continue
        m = HEADER.match(line)
        if m:
            if m.group(1) not in TASKS:
                raise GroupError(f"{path}:{n}: task {m.group(1)!r} is neither prove nor cover")
            current, key = (n, m.group(1), m.group(2), {}), None
            out.append(current)
            continue
        if current is None:
            raise GroupError(f"{path}:{n}: a setting outside a stanza (no //@ prove|cover NAME above)")
        s, c = SETTING.match(line), CONTINUED.match(line)
        if s and s.group(1) in KEYS:
            key = s.group(1)
            if key in current[3]:
                raise GroupError(f"{path}:{n}: {key} set twice in {current[2]}")
            current[3][key] = s.group(2)
        elif c and key is not None:
            current[3][key] += " " + c.group(1)
        else:
            raise GroupError(f"{path}:{n}: not a setting (keys: {', '.join(KEYS)})")
    return out


def profile_items(value, where):
    """The profile setting as run.sh's prep items: full, slow, quick=D."""
    m = re.fullmatch(r"quick depth (\d+)", value)
    if m:
        return [f"quick={m.group(1)}"]
    if value in ("full", "slow"):
        return [value]
    raise GroupError(f"{where}: profile is {value!r}, not full, slow or quick depth D")


def prep_items(s, where):
    """The stanza's prep, cut, sizes, profile and timeout as run.sh's prep field items."""
    prep = items(s.get("prep", ""))
    bad = [p for p in prep if p not in PREP]
    if bad:
        raise GroupError(f"{where}: prep {', '.join(bad)} (known: {', '.join(PREP)})")
    out = prep + ["cut" + m for m in items(s.get("cut", ""))]
    for size in items(s.get("sizes", "")):
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*=\d+", size):
            raise GroupError(f"{where}: size {size!r} is not NAME=VALUE")
        out.append("D:" + size)
    if "profile" in s:
        out += profile_items(s["profile"], where)
    if "timeout" in s:
        if not s["timeout"].isdigit():
            raise GroupError(f"{where}: timeout {s['timeout']!r} is not a number of seconds")
        out.append("timeout=" + s["timeout"])
    return out


def settings(s, earlier, where):
    """The stanza's settings, over those of the earlier group it is like (like NAME)."""
    if "like" not in s:
        return s
    if s["like"] not in earlier:
        raise GroupError(f"{where}: like {s['like']!r}, not an earlier group of the task")
    return {**earlier[s["like"]], **{k: v for k, v in s.items() if k != "like"}}


def groups(path):
    """[(task, [name, top, params, engine, depth, peeks, prep, description])] of a props file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    own = os.path.basename(path)[:-len(".v")]
    out, earlier, known = [], {t: {} for t in TASKS}, engines()
    for n, task, name, s in stanzas(text, path):
        where = f"{path}:{n}: {task} {name}"
        if name in earlier[task]:
            raise GroupError(f"{where}: a second {task} group of that name")
        s = earlier[task][name] = settings(s, earlier[task], where)
        for key in ("checks", "engine", "depth"):
            if key not in s:
                raise GroupError(f"{where}: no {key}")
        if s["engine"] not in known:
            raise GroupError(f"{where}: engine {s['engine']!r} (known: {', '.join(known)})")
        if not s["depth"].isdigit():
            raise GroupError(f"{where}: depth {s['depth']!r} is not a number")
        fields = [name, s.get("top", own), ",".join(items(s.get("params", ""))), s["engine"],
                  s["depth"], ",".join(items(s.get("peeks", ""))),
                  ",".join(prep_items(s, where)), s["checks"]]
        if any("|" in f for f in fields):
            raise GroupError(f"{where}: a setting holds '|'")
        out.append((task, fields))
    return out


def main(argv):
    try:
        if len(argv) == 3 and argv[0] == "lines":
            for task, fields in groups(argv[1]):
                if task == argv[2]:
                    print("|".join(fields))
            return 0
        if len(argv) >= 2 and argv[0] == "check":
            for path in argv[1:]:
                tasks = {t for t, _ in groups(path)}
                missing = [t for t in TASKS if t not in tasks]
                if missing:
                    raise GroupError(f"{path}: no {' and no '.join(missing)} group")
            print(f"groups: {len(argv) - 1} props files, every stanza valid, a proof and a cover each")
            return 0
    except (OSError, GroupError) as e:
        print(f"groups: {e}", file=sys.stderr)
        return 1
    print(__doc__.rsplit("usage: ", 1)[1].strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
