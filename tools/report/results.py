#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Results as data (docs/results.md): the schemas of build/results/*.json read
from docs/results.md's tables, a validator, the writer every producer uses (it validates first),
JUnit XML derived from a result, and the results of the flows whose runners are shell scripts,
built from the structured records those leave (TSV, CSV, the ledger's JSON).
usage: python3 -m tools.report.results check [FILE.json|DIR]...     the schemas, then each file (DIR: its *.json)
       python3 -m tools.report.results put RESULT.json DEST.json   a result, validated, copied (make power)
       python3 -m tools.report.results junit RESULT.json OUT.xml   verify, xsweep, regress or formal as JUnit XML
       python3 -m tools.report.results formal OUT_DIR PROFILE RTL_DIR RESULT.json BLOCK...
                                  formal.json, report.md and junit.xml from formal/run.sh's records
       python3 -m tools.report.results synth SYNTH_DIR PROFILE CLOCK_PS RESULT.json
       python3 -m tools.report.results fuzz OUT_DIR GOAL RESULT.json TARGET...
                                  fuzz.json and report.md from fuzz/run.sh's records
       python3 -m tools.report.results eval LEDGER.json REPORT.md RESULT.json"""
import csv
import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOC = os.path.join(ROOT, "docs", "results.md")
PRIMITIVES = {"str": (str,), "int": (int,), "num": (int, float), "bool": (bool,)}
HEADING = re.compile(r"^### (flow|object) ([a-z_]+)\s*$")
CELL_SPLIT = re.compile(r"(?<!\\)\|")


class ResultsError(Exception):
    """Bad input: one line, exit status 2 (1 for an invalid result)."""


# --- the schema language (docs/results.md, "The schema language") ---------------------------
class Type:
    """A field's type: kind is prim, literal, list, object or alt; nullable allows null."""

    def __init__(self, kind, arg, nullable=False):
        self.kind, self.arg, self.nullable = kind, arg, nullable


def parse_type(text):
    text = text.replace("\\|", "|").strip()
    if text.endswith(" or null"):
        t = parse_type(text[:-len(" or null")])
        t.nullable = True
        return t
    if text.startswith("list of "):
        return Type("list", parse_type(text[len("list of "):]))
    if "|" in text:
        return Type("alt", [parse_type(a) for a in text.split("|")])
    if text[:1] == '"' or text[:1].isdigit():
        try:
            return Type("literal", json.loads(text))
        except ValueError:
            raise ResultsError(f"bad literal type {text!r}") from None
    if text in PRIMITIVES:
        return Type("prim", text)
    if re.fullmatch(r"[a-z_]+", text):
        return Type("object", text)
    raise ResultsError(f"bad type {text!r}")


def table_rows(lines, start):
    """The rows of the Markdown table after line START: [[cell, ...]] without the header."""
    rows, k = [], start
    while k < len(lines) and not lines[k].startswith("|"):
        if lines[k].startswith("#"):
            return rows, k
        k += 1
    while k < len(lines) and lines[k].startswith("|"):
        cells = [c.strip() for c in CELL_SPLIT.split(lines[k].strip())[1:-1]]
        rows.append(cells)
        k += 1
    return rows[2:], k


def parse_schemas(text, origin="docs/results.md"):
    """{name: (kind, {field: Type})} of every `### flow|object NAME` table of TEXT."""
    lines, schemas, k = text.splitlines(), {}, 0
    while k < len(lines):
        m = HEADING.match(lines[k])
        k += 1
        if not m:
            continue
        rows, k = table_rows(lines, k)
        if not rows:
            raise ResultsError(f"{origin}: {m.group(1)} {m.group(2)} has no field table")
        fields = {}
        for cells in rows:
            if len(cells) < 2:
                raise ResultsError(f"{origin}: {m.group(2)}: bad row {cells!r}")
            try:
                fields[cells[0]] = parse_type(cells[1])
            except ResultsError as e:
                raise ResultsError(f"{origin}: {m.group(2)}.{cells[0]}: {e}") from None
        schemas[m.group(2)] = (m.group(1), fields)
    check_schemas(schemas, origin)
    return schemas


def referenced(t):
    if t.kind == "object":
        return [t.arg]
    if t.kind == "list":
        return referenced(t.arg)
    if t.kind == "alt":
        return [n for a in t.arg for n in referenced(a)]
    return []


def check_schemas(schemas, origin):
    """Every type named is defined; every flow has flow (its name) and version fields."""
    for name, (kind, fields) in schemas.items():
        for field, t in fields.items():
            for ref in referenced(t):
                if ref not in schemas:
                    raise ResultsError(f"{origin}: {name}.{field}: no object {ref}")
        if kind == "flow":
            flow, version = fields.get("flow"), fields.get("version")
            if not (flow and flow.kind == "literal" and flow.arg == name):
                raise ResultsError(f'{origin}: flow {name}: its first field must be flow "{name}"')
            if not (version and version.kind == "literal" and isinstance(version.arg, int)):
                raise ResultsError(f"{origin}: flow {name}: no version field (an int literal)")


def load_schemas(path=DOC):
    try:
        with open(path, encoding="utf-8") as f:
            return parse_schemas(f.read(), os.path.relpath(path, ROOT))
    except OSError as e:
        raise ResultsError(f"{path}: {e.strerror}") from None


# --- validation -----------------------------------------------------------------------------
def type_errors(value, t, schemas, where):
    """The errors of VALUE against type T, each "where: what"."""
    if value is None:
        return [] if t.nullable else [f"{where}: null"]
    if t.kind == "prim":
        ok = isinstance(value, PRIMITIVES[t.arg]) and (t.arg == "bool" or not isinstance(value, bool))
        return [] if ok else [f"{where}: {json.dumps(value)[:40]} is not {t.arg}"]
    if t.kind == "literal":
        same = value == t.arg and type(value) is type(t.arg)
        return [] if same else [f"{where}: {json.dumps(value)[:40]} is not {json.dumps(t.arg)}"]
    if t.kind == "alt":
        if any(not type_errors(value, a, schemas, where) for a in t.arg):
            return []
        return [f"{where}: {json.dumps(value)[:40]} is none of the alternatives"]
    if t.kind == "list":
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [e for i, v in enumerate(value) for e in type_errors(v, t.arg, schemas, f"{where}[{i}]")]
    return object_errors(value, schemas[t.arg][1], schemas, where)


def object_errors(value, fields, schemas, where):
    if not isinstance(value, dict):
        return [f"{where}: not an object"]
    errors = [f"{where}: no field {f}" for f in fields if f not in value]
    errors += [f"{where}: unknown field {f}" for f in value if f not in fields]
    for f, t in fields.items():
        if f in value:
            errors += type_errors(value[f], t, schemas, f"{where}.{f}" if where else f)
    return errors


def schema_of(doc, schemas):
    """The schema a document's flow field names (a flow, or an object with a flow field)."""
    name = doc.get("flow") if isinstance(doc, dict) else None
    if not isinstance(name, str) or name not in schemas or "flow" not in schemas[name][1]:
        raise ResultsError(f"no schema for flow {name!r} (docs/results.md)")
    return schemas[name][1]


def validate(doc, schemas):
    """The errors of a result document against its flow's schema ([] when valid)."""
    try:
        fields = schema_of(doc, schemas)
    except ResultsError as e:
        return [str(e)]
    return object_errors(doc, fields, schemas, "")


def write(path, doc, schemas=None):
    """Writes a result document, validated first (an invalid one is a producer's bug)."""
    errors = validate(doc, schemas or load_schemas())
    if errors:
        raise ResultsError(f"{path}: invalid {doc.get('flow')} result: " + "; ".join(errors[:5]))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(path + ".tmp", path)


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise ResultsError(f"{path}: {e.strerror}") from None
    except ValueError as e:
        raise ResultsError(f"{path}: not JSON: {e}") from None


def check(paths):
    """`check`: the schemas parse; every file given (a folder: its *.json) is valid."""
    schemas = load_schemas()
    files = [f for p in paths for f in (sorted(glob.glob(os.path.join(p, "*.json")))
                                        if os.path.isdir(p) else [p])]
    bad = 0
    for f in files:
        try:
            errors = validate(read(f), schemas)
        except ResultsError as e:
            errors = [str(e)]
        for e in errors[:10]:
            print(f"results: {f}: {e}")
        bad += bool(errors)
    flows = sum(kind == "flow" for kind, _ in schemas.values())
    print(f"results: {flows} flow schemas; {len(files) - bad} of {len(files)} files valid")
    return 1 if bad else 0


# --- JUnit XML ------------------------------------------------------------------------------
def esc(s):
    s = str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f]", "", s)


def log_tail(path, lines=200):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()[-lines:]
    except OSError:
        return []


def replay_of(job):
    """The command that reruns a bench job: its bench's replay line, else its command."""
    run = job["run"]
    if run and run["first_divergence"]:
        return run["first_divergence"]["replay"]
    return re.sub(r"^timeout [0-9]+ | --result \S+$", "", job["command"])


def failure_of(job):
    """A bench job's failure as (kind, message), None when it passed."""
    run = job["run"]
    if job["status"] == "passed":
        return None
    if job["status"] == "no result":
        return "error", "no result: the job did not finish (see the launcher's output)"
    if job["exit"] == 124:
        return "timeout", "timeout: no result within the time limit"
    if run and run["first_divergence"]:
        d = run["first_divergence"]
        return "mismatch", (f"FIRST DIVERGENCE at cycle {d['cycle']} ({run['unit']} {d['transaction']}): "
                            f"{d['mismatches'][0]}")
    if run and run["coverage"]["missed"]:
        return "coverage", "coverage bins never hit: " + ", ".join(run["coverage"]["missed"])
    return "error", f"exit status {job['exit']}"


class Case:
    """A JUnit testcase: its suite (the block), name, seconds, failure (kind, message, text) or
    None, the output lines shown with a failure, skipped or not."""

    def __init__(self, suite, name, seconds, failure=None, lines=(), skipped=False):
        self.suite, self.name, self.seconds = suite, name, seconds
        self.failure, self.lines, self.skipped = failure, lines, skipped

    def xml(self, flow):
        case = f'    <testcase classname="{flow}.{esc(self.suite)}" name="{esc(self.name)}" time="{self.seconds:.3f}"'
        if self.skipped:
            return [case + ">", "      <skipped/>", "    </testcase>"]
        if self.failure is None:
            return [case + "/>"]
        kind, message, text = self.failure
        return [case + ">", f'      <failure type="{esc(kind)}" message="{esc(message)}">{esc(text)}</failure>',
                "      <system-out>" + "".join(esc(x) + "\n" for x in self.lines) + "</system-out>",
                "    </testcase>"]


def job_case(flow, job):
    """A runner job's testcase in its bench's suite (regress: named "BENCH seed S", its id
    BENCH.sS)."""
    name = job["id"]
    if flow == "regress":
        name = f"{job['bench']} seed {job['id'].rsplit('.s', 1)[-1]}"
    failure = failure_of(job)
    if failure is None:
        return Case(job["bench"], name, job["seconds"])
    return Case(job["bench"], name, job["seconds"], (failure[0], f"replay: {replay_of(job)}", failure[1]),
                log_tail(job["log"]))


def formal_case(group):
    """A property group's testcase: SKIPPED as skipped, any other result not passed a failure."""
    failed = not group["passed"] and group["result"] != "SKIPPED"
    return Case(group["block"], f"{group['task']} {group['group']}", group["seconds"],
                (group["result"].lower(), group["result"], group["detail"]) if failed else None,
                skipped=group["result"] == "SKIPPED")


def junit(doc):
    """JUnit XML of a verify, xsweep, regress or formal result: a testsuite per bench or block."""
    flow = doc["flow"]
    if flow in ("verify", "xsweep", "regress"):
        cases = [job_case(flow, j) for j in doc["jobs"]]
    elif flow == "formal":
        cases = [formal_case(g) for g in doc["groups"]]
    else:
        raise ResultsError(f"junit: no JUnit form for flow {flow!r} (verify, xsweep, regress, formal)")
    suites = {}
    for c in cases:
        suites.setdefault(c.suite, []).append(c)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<testsuites name="{flow}" tests="{len(cases)}" failures="{sum(bool(c.failure) for c in cases)}" '
           f'errors="0" time="{sum(c.seconds for c in cases):.3f}">']
    for suite, cs in suites.items():
        out.append(f'  <testsuite name="{esc(suite)}" tests="{len(cs)}" failures="{sum(bool(c.failure) for c in cs)}" '
                   f'errors="0" skipped="{sum(c.skipped for c in cs)}" time="{sum(c.seconds for c in cs):.3f}">')
        out += [line for c in cs for line in c.xml(flow)]
        out.append("  </testsuite>")
    return "\n".join(out + ["</testsuites>"]) + "\n"


def junit_verb(src, dst):
    doc = read(src)
    errors = validate(doc, load_schemas())
    if errors:
        raise ResultsError(f"{src}: invalid: {errors[0]}")
    with open(dst, "w", encoding="utf-8") as f:
        f.write(junit(doc))
    return 0


# --- the results of the shell-script flows ---------------------------------------------------
def tree(path):
    return os.path.relpath(os.path.abspath(path), ROOT)


def read_tsv(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return [line.rstrip("\n").split("\t") for line in f if line.strip()]
    except OSError:
        return []


def formal_result(out, profile, blocks):
    """formal.json from OUT/results/BLOCK.TASK.tsv (formal/run.sh's emit) and .covers."""
    groups, covers, missing = [], [], []
    for b in blocks:
        for task in ("prove", "cover"):
            rows = read_tsv(os.path.join(out, "results", f"{b}.{task}.tsv"))
            if not rows:
                missing.append(f"{b}.{task}")
            for r in rows:
                if len(r) < 8:
                    raise ResultsError(f"{out}/results/{b}.{task}.tsv: a row of {len(r)} fields, not 9")
                groups.append({"block": r[0], "task": r[1], "group": r[2], "description": r[3],
                               "engine": r[4], "depth": r[5], "seconds": float(r[6]), "result": r[7],
                               "passed": r[7] in ("PASS", "COVERED"), "detail": r[8] if len(r) > 8 else ""})
        covers += [{"block": b, "name": r[1], "text": r[2]}
                   for r in read_tsv(os.path.join(out, "results", f"{b}.cover.covers")) if len(r) > 2]
    passed = sum(g["passed"] for g in groups)
    skipped = sum(g["result"] == "SKIPPED" for g in groups)
    return {"flow": "formal", "version": 1, "profile": profile, "report": tree(os.path.join(out, "report.md")),
            "passed": passed, "failed": len(groups) - passed - skipped + len(missing),
            "skipped": skipped, "missing": missing, "groups": groups, "covers": covers}


def formal_unpassed(doc, blocks):
    """The BLOCK.TASK that have results but no group PASS or COVERED (every block keeps a proof
    and a cover in every profile)."""
    return [f"{b}.{t}" for b in blocks for t in ("prove", "cover") if f"{b}.{t}" not in doc["missing"]
            and not any(g["passed"] for g in doc["groups"] if (g["block"], g["task"]) == (b, t))]


def formal_failures(doc):
    return [f"{g['block']}.{g['task']} {g['group']}: {g['result']} - {g['detail']}" for g in doc["groups"]
            if not g["passed"] and g["result"] != "SKIPPED"]


def formal_markdown(doc, blocks, tools, rtl):
    """report.md of make formal, rendered from formal.json."""
    out = ["# Formal verification report", "",
           f"{tools}. RTL: `{rtl}`. Generated by `formal/run.sh` (docs/formal.md).", "",
           "| block | property group | engine | depth / induction | time (s) | result |",
           "| --- | --- | --- | --- | --- | --- |"]
    for b in blocks:
        for t in ("prove", "cover"):
            if f"{b}.{t}" in doc["missing"]:
                out.append(f"| {b} | ({t} task not run) | | | | MISSING |")
            out += [f"| {g['block']} | {t} {g['group']}: {g['description']} | {g['engine']} | {g['depth']} | "
                    f"{g['seconds']:g} | {g['result']} |" for g in doc["groups"] if (g["block"], g["task"]) == (b, t)]
    total = sum(g["seconds"] for g in doc["groups"])
    out += ["", f"Profile {doc['profile']}. {len(doc['groups'])} groups ({doc['skipped']} SKIPPED: `make formal` "
            "runs the full-profile ones, `FORMAL_SLOW=1 make formal` the slow ones), solver and frontend "
            f"time {total:.0f} s."]
    for bt in formal_unpassed(doc, blocks):
        b, t = bt.split(".")
        out += ["", f"**{b} has no {t} group that passed in this profile.**"]
    out.append("")
    if doc["failed"] or formal_unpassed(doc, blocks):
        out += ["## Failures", ""] + [f"- {f}" for f in formal_failures(doc)] + [""]
    out += ["## Covers", ""] + [f"- {c['block']} `{c['name']}`: {c['text']}" for c in doc["covers"]]
    return "\n".join(out) + "\n"


def tool_versions():
    """"Yosys ..., Z3 version ..." for the report's header."""
    def version(cmd):
        try:
            return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
        except OSError:
            return f"{cmd[0]}: not found"
    return f"{version(['yosys', '-V'])}, {version(['z3', '--version'])}"


def formal_report(out, profile, rtl, result, blocks):
    """`formal`: formal.json, report.md and junit.xml of OUT; the failures; exit 1 on any."""
    doc = formal_result(out, profile, blocks)
    write(result, doc)
    md = os.path.join(out, "report.md")
    with open(md, "w", encoding="utf-8") as f:
        f.write(formal_markdown(doc, blocks, tool_versions(), rtl))
    with open(os.path.join(out, "junit.xml"), "w", encoding="utf-8") as f:
        f.write(junit(doc))
    print(f"formal: report in {md}")
    for line in formal_failures(doc):
        print(f"formal: {line}")
    return 1 if doc["failed"] or formal_unpassed(doc, blocks) else 0


def number(text, kind=float):
    return kind(text) if text not in ("", "-") else None


def synth_block(row):
    has_paper = row["paper_node_nm"] != ""
    return {"block": row["block"], "status": row["status"], "kind": row["kind"],
            "seconds": number(row["seconds"]), "generic_cells": number(row["generic_cells"], int),
            "cells": number(row["cells"], int), "area_um2": number(row["area_um2"]),
            "kge": number(row["kGE"]), "flops": number(row["flops"], int),
            "levels": number(row["levels"], int), "delay_ps": number(row["delay_ps"]),
            "cycle_pct": number(row["cycle_pct"]), "macro_bits": number(row["macro_bits"], int),
            "macro_check": row["macro_check"],
            "paper": {"node_nm": int(row["paper_node_nm"]), "area_mm2": float(row["paper_area_mm2"]),
                      "scaled_area_mm2": number(row["scaled_area_mm2"]),
                      "delay_ns": number(row["paper_delay_ns"])} if has_paper else None}


def synth_result(synth_dir, profile, clock_ps):
    """synth.json from synth/run.sh's SYNTH_DIR/area.csv."""
    path = os.path.join(synth_dir, "area.csv")
    try:
        with open(path, encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise ResultsError(f"{path}: {e.strerror}") from None
    return {"flow": "synth", "version": 1, "profile": profile, "clock_ps": int(clock_ps),
            "report": tree(os.path.join(synth_dir, "area.md")), "blocks": [synth_block(r) for r in rows]}


def fuzz_target(out, target, goal):
    """A target's record OUT/logs/TARGET.result: name executions exec/s seconds crashes corpus."""
    try:
        with open(os.path.join(out, "logs", target + ".result"), encoding="utf-8") as f:
            w = f.read().split()
    except OSError:
        w = []
    if len(w) != 6 or not all(x.isdigit() for x in w[1:]):
        return {"target": target, "ran": False, "executions": 0, "exec_per_s": 0, "seconds": 0,
                "crashes": 0, "corpus": 0, "passed": False}
    execs, rate, secs, crashes, corpus = (int(x) for x in w[1:])
    return {"target": target, "ran": True, "executions": execs, "exec_per_s": rate, "seconds": secs,
            "crashes": crashes, "corpus": corpus, "passed": crashes == 0 and execs >= goal}


def fuzz_result(out, goal, targets):
    goal = int(goal)
    return {"flow": "fuzz", "version": 1, "goal": goal, "report": tree(os.path.join(out, "report.md")),
            "targets": [fuzz_target(out, t, goal) for t in targets]}


def fuzz_markdown(doc, day):
    out = [f"# make fuzz: libFuzzer, -fsanitize=fuzzer,address,undefined ({day})", "",
           f"Goal: {doc['goal']} executions per target, 0 crashes. Re-run: `make fuzz` (FUZZ_RUNS, FUZZ_MAX_TIME).",
           "", "| target | executions | exec/s | seconds | crashes | corpus |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    out += [f"| {t['target']} | {t['executions']} | {t['exec_per_s']} | {t['seconds']} | {t['crashes']} | "
            f"{t['corpus']} |" if t["ran"] else f"| {t['target']} | not run | | | | |" for t in doc["targets"]]
    return "\n".join(out) + "\n"


def fuzz_report(out, goal, result, targets):
    """`fuzz`: fuzz.json and, rendered from it, OUT/report.md; the closing line; exit 1 when a
    target did not pass."""
    doc = fuzz_result(out, goal, targets)
    write(result, doc)
    md = fuzz_markdown(doc, time.strftime("%Y-%m-%d", time.gmtime()))
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write(md)
    passed = sum(t["passed"] for t in doc["targets"])
    print(md, end="")
    print(f"fuzz: {passed} passed, {len(targets) - passed} failed (a target passes with >= {doc['goal']} "
          "executions and no crash)")
    return 0 if passed == len(targets) else 1


def eval_result(ledger_path, report):
    """eval.json: the ledger's counts per class, and where the ledger and report are."""
    ledger = read(ledger_path)
    try:
        classes = [{"class": c, "rows": n} for c, n in ledger["counts"].items()]
        return {"flow": "eval", "version": 1, "report": tree(report), "ledger": tree(ledger_path),
                "traces": ledger["traces"], "rows": len(ledger["rows"]), "classes": classes}
    except (KeyError, TypeError, AttributeError):
        raise ResultsError(f"{ledger_path}: not a ledger (tools/report/reproduction.py)") from None


# --- the verbs --------------------------------------------------------------------------------
def put(src, dst):
    """`put`: a flow's result, validated, copied into build/results."""
    write(dst, read(src))
    return 0


VERBS = {  # verb: (does the arity fit, the step)
    "check": (lambda a: True, check),
    "put": (lambda a: len(a) == 2, lambda a: put(*a)),
    "junit": (lambda a: len(a) == 2, lambda a: junit_verb(*a)),
    "formal": (lambda a: len(a) >= 4, lambda a: formal_report(a[0], a[1], a[2], a[3], a[4:])),
    "synth": (lambda a: len(a) == 4, lambda a: write(a[3], synth_result(*a[:3])) or 0),
    "fuzz": (lambda a: len(a) >= 3, lambda a: fuzz_report(a[0], a[1], a[2], a[3:])),
    "eval": (lambda a: len(a) == 3, lambda a: write(a[2], eval_result(a[0], a[1])) or 0),
}


def main(argv):
    verb, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    fits, step = VERBS.get(verb, (lambda a: False, None))
    if not fits(args):
        print(__doc__[__doc__.index("usage:"):].rstrip(), file=sys.stderr)
        return 2
    try:
        return step(args)
    except (ResultsError, ValueError) as e:
        print(f"results: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
