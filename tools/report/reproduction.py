#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The reproduction ledger (docs/eval.md): every quantitative result of the four papers' evaluations
# (data/papers/reproduction.tsv) beside ours, computed from the evaluation's --json results, with
# a class computed from the numbers. docs/eval.md, "Reproduction ledger".
#   python3 -m tools.report.reproduction build PAPERS.tsv RESULTS_DIR OUT_DIR [SYNTH_DIR]
#                                                               -> OUT_DIR/reproduction.{json,md}
#   python3 -m tools.report.reproduction check LEDGER.json [REPO_DIR]          -> validates a ledger
# RESULTS_DIR/<flow>/<trace>.json: flow sim, patch-common, patch-clustered, patch-dispersed,
# pilot, pv (tools/run/eval_run.sh writes them); flow synth: SYNTH_DIR's power.csv and area.csv
# (make power, make synth; docs/synth.md). Bad input: one line on stderr, exit 1.
import csv
import json
import math
import os
import re
import sys

COLUMNS = ["id", "paper", "where", "metric", "unit", "paper_value", "tolerance", "neutral",
           "flow", "ours", "agg", "cause"]
PAPERS = {"aging": "aging-aware-rf-rc-rar", "dcpatch": "dc-patch",
          "pilot": "pilot-register-file", "pv": "pv-nbti-banked-rf"}
FLOWS = ["sim", "patch-common", "patch-clustered", "patch-dispersed", "pilot", "pv", "compare",
         "synth"]
SYNTH_RUN = "make-power"  # the one "trace" of the synth flow
CLASSES = ["reproduced", "direction", "opposite", "not-computed"]
# The ids other tools read (docs/eval.md): a ledger without one of them is refused.
REQUIRED_IDS = [
    "aging.compressible_writes", "aging.rcrar.longest0_reduction",
    "aging.rcrar.longest1_reduction", "aging.argo.longest0_reduction",
    "aging.argo.longest1_reduction", "aging.ts_increase.rcrar", "aging.performance.rcrar",
    "aging.table5.occupancy", "dcpatch.writes_without_patch", "dcpatch.mispeculated_writes",
    "dcpatch.performance.common", "dcpatch.energy.common", "pv.pv_frequency_loss",
    "pv.vlsb_gain", "pv.guardband.pvopt", "pv.guardband.pvopt_nbtiopt", "pilot.top4_share",
    "pilot.frf_share", "pilot.frf_low_share", "pilot.dynamic_energy", "pilot.leakage",
]
# A cause names the doc or test that shows it: a path under one of these folders.
CAUSE_PATH = re.compile(r"(?<![\w/.])((?:docs|tests|data|eval|cli|cmodel|rtl|tools|formal)/[A-Za-z0-9_./-]*[A-Za-z0-9_])")


class LedgerError(Exception):
    """Bad input: reported as one line, exit 1."""


# --- expressions over one result's JSON --------------------------------------------------------
# number | path | -e | e+e | e-e | e*e | e/e | (e). A path: name(.name | [key])*, where [key] picks
# a list element by index (digits) or the element one of whose string fields equals key.
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?)|([A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\]|\.[A-Za-z_][A-Za-z0-9_]*)*)|(.))")


def tokenize(text):
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise LedgerError(f"expression {text!r}: cannot read at {pos}")
        num, path, op = m.groups()
        if num is not None:
            out.append(("num", float(num)))
        elif path is not None:
            out.append(("path", path))
        elif op in "+-*/()":
            out.append(("op", op))
        else:
            raise LedgerError(f"expression {text!r}: unexpected {op!r}")
        pos = m.end()
    return out


def parse_expr(text):
    """The expression as a tree: ('num', x), ('path', p), ('neg', e), (op, a, b)."""
    toks = tokenize(text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else ("end", None)

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def primary():
        kind, val = peek()
        if kind in ("num", "path"):
            take()
            return (kind, val)
        if (kind, val) == ("op", "-"):
            take()
            return ("neg", primary())
        if (kind, val) == ("op", "("):
            take()
            e = sum_()
            if peek() != ("op", ")"):
                raise LedgerError(f"expression {text!r}: missing )")
            take()
            return e
        raise LedgerError(f"expression {text!r}: expected a number, a path or (")

    def product():
        e = primary()
        while peek() in (("op", "*"), ("op", "/")):
            e = (take()[1], e, primary())
        return e

    def sum_():
        e = product()
        while peek() in (("op", "+"), ("op", "-")):
            e = (take()[1], e, product())
        return e

    tree = sum_()
    if pos != len(toks):
        raise LedgerError(f"expression {text!r}: unexpected {toks[pos][1]!r}")
    return tree


def lookup(obj, path):
    """The number at path in obj; LedgerError when the JSON lacks it."""
    cur = obj
    for name, key in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[([^\]]*)\]", path):
        if name:
            if not isinstance(cur, dict) or name not in cur:
                raise LedgerError(f"no field {name!r} (path {path})")
            cur = cur[name]
        elif isinstance(cur, list) and key.isdigit():
            if int(key) >= len(cur):
                raise LedgerError(f"index {key} out of range (path {path})")
            cur = cur[int(key)]
        elif isinstance(cur, list):
            hits = [e for e in cur if isinstance(e, dict) and key in
                    [v for v in e.values() if isinstance(v, str)]]
            if not hits:
                raise LedgerError(f"no element [{key}] (path {path})")
            cur = hits[0]
        else:
            raise LedgerError(f"[{key}] on a non-list (path {path})")
    if isinstance(cur, bool) or not isinstance(cur, (int, float)):
        raise LedgerError(f"{path} is not a number")
    return float(cur)


def evaluate(tree, obj):
    """The expression's value on obj; None when it divides by zero."""
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "path":
        return lookup(obj, tree[1])
    if kind == "neg":
        v = evaluate(tree[1], obj)
        return None if v is None else -v
    a, b = evaluate(tree[1], obj), evaluate(tree[2], obj)
    if a is None or b is None:
        return None
    if kind == "+":
        return a + b
    if kind == "-":
        return a - b
    if kind == "*":
        return a * b
    return None if b == 0 else a / b


# --- the papers' data file -----------------------------------------------------------------------
def number(text, what):
    try:
        v = float(text)
    except ValueError:
        raise LedgerError(f"{what}: not a number: {text!r}") from None
    if not math.isfinite(v):
        raise LedgerError(f"{what}: not a finite number: {text!r}")
    return v


def parse_papers(text, name="papers"):
    """The data file's rows as dicts, checked: numbers, flows, aggregations, unique ids."""
    rows, header, seen = [], None, set()
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        where = f"{name}:{n}"
        if header is None:
            if cells != COLUMNS:
                raise LedgerError(f"{where}: header must be {' '.join(COLUMNS)}")
            header = cells
            continue
        if len(cells) != len(COLUMNS):
            raise LedgerError(f"{where}: {len(cells)} fields, expected {len(COLUMNS)}")
        r = dict(zip(COLUMNS, cells))
        if not re.fullmatch(r"[a-z0-9_]+(\.[A-Za-z0-9_]+)+", r["id"]):
            raise LedgerError(f"{where}: bad id {r['id']!r}")
        if r["id"] in seen:
            raise LedgerError(f"{where}: id {r['id']} twice")
        seen.add(r["id"])
        if r["paper"] not in PAPERS or not r["id"].startswith(r["paper"] + "."):
            raise LedgerError(f"{where}: paper {r['paper']!r} (one of {', '.join(PAPERS)}, the id's prefix)")
        for col in ("where", "metric", "unit", "cause"):
            if not r[col].strip():
                raise LedgerError(f"{where}: empty {col}")
        pv = r["paper_value"]
        if pv.startswith("mean-of:"):
            r["paper_value"] = ("mean-of", pv[len("mean-of:"):])
        else:
            r["paper_value"] = number(pv, f"{where}: paper_value")
        if r["flow"] == "-":
            if any(r[c] != "-" for c in ("ours", "agg", "tolerance", "neutral")):
                raise LedgerError(f"{where}: a row with no flow has - for ours, agg, tolerance, neutral")
            r["tree"] = None
        else:
            if r["flow"] not in FLOWS:
                raise LedgerError(f"{where}: unknown flow {r['flow']!r}")
            if not (r["agg"] in ("mean", "geomean", "kernels") or re.fullmatch(r"trace:[A-Za-z0-9_.-]+", r["agg"])):
                raise LedgerError(f"{where}: unknown agg {r['agg']!r}")
            try:
                r["tree"] = parse_expr(r["ours"])
            except LedgerError as e:
                raise LedgerError(f"{where}: {e}") from None
            r["neutral"] = number(r["neutral"], f"{where}: neutral")
            if r["tolerance"] not in ("rule", *BOUNDS):
                r["tolerance"] = number(r["tolerance"], f"{where}: tolerance")
        rows.append(r)
    if header is None:
        raise LedgerError(f"{name}: no header line")
    return rows


def tolerance_rule(unit, paper, neutral):
    """max(1 point, 20 % of the paper's effect) for percentages, max(0.02, ...) otherwise."""
    floor = 1.0 if unit == "%" else 0.02 if unit == "ratio" else 0.0
    return max(floor, 0.2 * abs(paper - neutral))


# A paper's bound ("less than 2%", "over 90 percent"): the tolerance column says which side
# reproduces it; outside it, the classes by the neutral value as for any row.
BOUNDS = ("below", "above")


def within(ours, paper, tolerance, bound):
    if bound == "below":
        return ours <= paper + 1e-9
    if bound == "above":
        return ours >= paper - 1e-9
    return abs(ours - paper) <= tolerance + 1e-9


def classify(ours, paper, tolerance, neutral, bound=None):
    if ours is None:
        return "not-computed"
    if within(ours, paper, tolerance, bound):
        return "reproduced"
    if (ours - neutral) * (paper - neutral) > 0:
        return "direction"
    return "opposite"


# --- results --------------------------------------------------------------------------------------
def load_flow(results_dir, flow):
    """{trace: json} of every RESULTS_DIR/<flow>/<trace>.json ({} when the folder is absent)."""
    d = os.path.join(results_dir, flow)
    out = {}
    if not os.path.isdir(d):
        return out
    for f in sorted(os.listdir(d)):
        if not f.endswith(".json"):
            continue
        path = os.path.join(d, f)
        try:
            with open(path, encoding="utf-8") as fh:
                obj = json.load(fh)
        except (OSError, ValueError) as e:
            raise LedgerError(f"{path}: {e}") from None
        if not isinstance(obj, dict):
            raise LedgerError(f"{path}: not a JSON object")
        out[f[:-len(".json")]] = obj
    return out


def load_results(results_dir):
    """{flow: {trace: json}} of every RESULTS_DIR/<flow>/<trace>.json."""
    out = {flow: runs for flow in FLOWS if (runs := load_flow(results_dir, flow))}
    if not out:
        raise LedgerError(f"{results_dir}: no results (<flow>/<trace>.json)")
    return out


def csv_value(text):
    """A CSV field as a number when it is one, else the text."""
    try:
        v = float(text)
    except ValueError:
        return text
    return v if math.isfinite(v) else text


def synth_results(synth_dir):
    """{"synth": {SYNTH_RUN: {"power": [row], "area": [row]}}} from SYNTH_DIR/power.csv and
    area.csv (rows picked by block in an expression: power[psu].slack_scaled_ns); {} when there
    is no power.csv."""
    if not synth_dir or not os.path.exists(os.path.join(synth_dir, "power.csv")):
        return {}
    obj = {}
    for name in ("power", "area"):
        path = os.path.join(synth_dir, name + ".csv")
        try:
            with open(path, encoding="utf-8", newline="") as fh:
                obj[name] = [{k: csv_value(v) for k, v in rec.items() if k and v}
                             for rec in csv.DictReader(fh)]
        except FileNotFoundError:
            obj[name] = []
        except OSError as e:
            raise LedgerError(f"{path}: {e.strerror}") from None
    return {"synth": {SYNTH_RUN: obj}}


def mean(xs):
    return sum(xs) / len(xs) if xs else None


def compute_row(r, results):
    """(ours, per_trace) of one data-file row."""
    if r["tree"] is None:
        return None, {}
    per_trace, every_kernel = {}, []
    for trace, obj in results.get(r["flow"], {}).items():
        try:
            if r["agg"] == "kernels":
                kernels = obj.get("kernel")
                if not isinstance(kernels, list):
                    raise LedgerError("no kernel list")
                vals = [v for v in (evaluate(r["tree"], k) for k in kernels) if v is not None]
                every_kernel += vals
                v = mean(vals)
            else:
                v = evaluate(r["tree"], obj)
        except LedgerError as e:
            if r["flow"] == "synth":  # a block make power did not run: not computed
                continue
            raise LedgerError(f"{r['id']}: {r['flow']}/{trace}.json: {e}") from None
        if v is not None:
            per_trace[trace] = v
    if r["agg"].startswith("trace:"):
        name = r["agg"][len("trace:"):]
        per_trace = {k: v for k, v in per_trace.items() if k == name}
        return per_trace.get(name), per_trace
    if r["agg"] == "kernels":
        return mean(every_kernel), per_trace
    if r["agg"] == "geomean":
        vals = list(per_trace.values())
        if not vals or min(vals) <= 0:
            return None, per_trace
        return math.exp(mean([math.log(v) for v in vals])), per_trace
    return mean(list(per_trace.values())), per_trace


def build(rows, results):
    """The ledger's rows (dicts in the order of the data file)."""
    ours = {r["id"]: compute_row(r, results) for r in rows}
    paper = {r["id"]: r["paper_value"] for r in rows if not isinstance(r["paper_value"], tuple)}
    for r in rows:
        if isinstance(r["paper_value"], tuple):
            prefix = r["paper_value"][1]
            subs = [x for x in rows if x["id"].startswith(prefix) and x["id"] != r["id"]
                    and x["id"] in paper]
            if not subs:
                raise LedgerError(f"{r['id']}: mean-of:{prefix} names no row")
            run = [x for x in subs if ours[x["id"]][0] is not None]
            paper[r["id"]] = mean([paper[x["id"]] for x in (run or subs)])
    out = []
    for r in rows:
        value, per_trace = ours[r["id"]]
        pv = paper[r["id"]]
        tol = neutral = bound = None
        if r["tree"] is not None:
            neutral = r["neutral"]
            bound = r["tolerance"] if r["tolerance"] in BOUNDS else None
            tol = (0.0 if bound else r["tolerance"] if r["tolerance"] != "rule"
                   else tolerance_rule(r["unit"], pv, neutral))
        cls = classify(value, pv, tol, neutral, bound)
        out.append({
            "id": r["id"], "paper": r["paper"], "where": r["where"], "metric": r["metric"],
            "unit": r["unit"], "paper_value": round(pv, 6),
            "ours": None if value is None else round(value, 4),
            "per_trace": {k: round(v, 4) for k, v in sorted(per_trace.items())},
            "tolerance": None if tol is None else round(tol, 6), "bound": bound,
            "neutral": neutral,
            "how": None if r["tree"] is None else f"{r['flow']}: {r['ours']} ({r['agg']})",
            "class": cls, "cause": None if cls == "reproduced" else cause(r, value),
        })
    return out


def cause(r, value):
    """The row's cause; a synth row that make power's results do not give says so."""
    if r["flow"] == "synth" and value is None:
        return ("not computed: build/synth/power.csv (or area.csv) lacks it: run make power "
                "(docs/synth.md)")
    return r["cause"]


def fmt(v):
    if v is None:
        return "-"
    return f"{v:.4g}" if abs(v) < 1 else f"{v:.1f}" if abs(v) < 1000 else f"{v:.0f}"


def paper_cell(r):
    """The paper's value with its tolerance, or as the bound it is."""
    bound = r.get("bound")
    if bound:
        return ("≤ " if bound == "below" else "≥ ") + fmt(r["paper_value"])
    tol = f" ± {fmt(r['tolerance'])}" if r["tolerance"] is not None else ""
    return fmt(r["paper_value"]) + tol


def markdown(ledger):
    counts = ledger["counts"]
    lines = ["# Reproduction ledger: the four papers' evaluation results beside ours", "",
             "Written by `make eval` (`tools/report/reproduction.py`) from the `--json` results of "
             "`deltarf sim`, `patch`, `pilot`, `pv` and `compare` on " + ", ".join(ledger["traces"]) +
             ", `make power`'s power.csv and area.csv (the hardware rows, flow synth)"
             " and the papers' values in `data/papers/reproduction.tsv`. Classes and tolerances: "
             "`docs/eval.md` (Reproduction ledger).", "",
             "| class | rows |", "| --- | ---: |"]
    lines += [f"| {c} | {counts[c]} |" for c in CLASSES]
    lines += [f"| total | {len(ledger['rows'])} |", "",
              "| id | where | metric | unit | paper | ours | per trace | class | cause |",
              "| --- | --- | --- | --- | ---: | ---: | --- | --- | --- |"]
    for r in ledger["rows"]:
        pt = ", ".join(f"{k} {fmt(v)}" for k, v in r["per_trace"].items())
        lines.append(f"| `{r['id']}` | {r['where']} | {r['metric']} | {r['unit']} | "
                     f"{paper_cell(r)} | {fmt(r['ours'])} | {pt or '-'} | "
                     f"{r['class']} | {(r['cause'] or '').replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def cmd_build(papers_path, results_dir, out_dir, synth_dir=None):
    try:
        with open(papers_path, encoding="utf-8") as fh:
            rows = parse_papers(fh.read(), papers_path)
    except OSError as e:
        raise LedgerError(f"{papers_path}: {e.strerror}") from None
    results = load_results(results_dir)
    traces = sorted({t for flow in results.values() for t in flow})
    results.update(synth_results(synth_dir))
    table = build(rows, results)
    ledger = {"papers": papers_path, "results": results_dir, "traces": traces,
              "counts": {c: sum(r["class"] == c for r in table) for c in CLASSES}, "rows": table}
    check(ledger, None)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "reproduction.json"), "w", encoding="utf-8") as fh:
        json.dump(ledger, fh, indent=1)
        fh.write("\n")
    with open(os.path.join(out_dir, "reproduction.md"), "w", encoding="utf-8") as fh:
        fh.write(markdown(ledger))
    c = ledger["counts"]
    print(f"reproduction: {out_dir}/reproduction.md: {len(table)} rows, " +
          ", ".join(f"{c[k]} {k}" for k in CLASSES))


# --- validation -----------------------------------------------------------------------------------
def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check(ledger, repo):
    """Raises LedgerError on the first problem; repo: where a cause's paths must exist (or None)."""
    if not isinstance(ledger, dict) or not isinstance(ledger.get("rows"), list):
        raise LedgerError("not a ledger: no rows")
    ids = set()
    for r in ledger["rows"]:
        if not isinstance(r, dict) or not isinstance(r.get("id"), str):
            raise LedgerError("a row without an id")
        rid = r["id"]
        if rid in ids:
            raise LedgerError(f"{rid}: twice")
        ids.add(rid)
        for f in ("paper", "where", "metric", "unit", "class"):
            if not isinstance(r.get(f), str) or not r[f]:
                raise LedgerError(f"{rid}: {f} is not a non-empty string")
        if r["paper"] not in PAPERS:
            raise LedgerError(f"{rid}: unknown paper {r['paper']}")
        if r["class"] not in CLASSES:
            raise LedgerError(f"{rid}: unknown class {r['class']}")
        if not is_num(r.get("paper_value")):
            raise LedgerError(f"{rid}: paper_value is not a number")
        if r.get("ours") is not None and not is_num(r["ours"]):
            raise LedgerError(f"{rid}: ours is neither a number nor null")
        pt = r.get("per_trace")
        if not isinstance(pt, dict) or not all(isinstance(k, str) and is_num(v) for k, v in pt.items()):
            raise LedgerError(f"{rid}: per_trace is not trace -> number")
        tol, neutral = r.get("tolerance"), r.get("neutral")
        if r["ours"] is not None and not (is_num(tol) and tol >= 0 and is_num(neutral)):
            raise LedgerError(f"{rid}: a computed row needs a tolerance and a neutral value")
        bound = r.get("bound")
        if bound not in (None, *BOUNDS):
            raise LedgerError(f"{rid}: bound is {bound!r}, not null, below or above")
        want = classify(r["ours"], r["paper_value"], tol, neutral, bound)
        if r["class"] != want:
            raise LedgerError(f"{rid}: class {r['class']}, but the numbers say {want}")
        cause = r.get("cause")
        if r["class"] != "reproduced":
            if not isinstance(cause, str) or not cause.strip():
                raise LedgerError(f"{rid}: {r['class']} without a cause")
            paths = CAUSE_PATH.findall(cause)
            if not paths:
                raise LedgerError(f"{rid}: the cause names no doc or test")
            if repo is not None:
                for p in paths:
                    if not os.path.exists(os.path.join(repo, p.rstrip("."))):
                        raise LedgerError(f"{rid}: the cause names {p}, which does not exist")
    missing = [i for i in REQUIRED_IDS if i not in ids]
    if missing:
        raise LedgerError("missing ids: " + ", ".join(missing))
    counts = ledger.get("counts")
    if counts != {c: sum(r["class"] == c for r in ledger["rows"]) for c in CLASSES}:
        raise LedgerError("counts do not match the rows")


def cmd_check(path, repo):
    try:
        with open(path, encoding="utf-8") as fh:
            ledger = json.load(fh)
    except (OSError, ValueError) as e:
        raise LedgerError(f"{path}: {e}") from None
    check(ledger, repo)
    print(f"reproduction: {path}: {len(ledger['rows'])} rows, every required id, classes and causes valid")


def main(argv):
    try:
        if len(argv) in (4, 5) and argv[0] == "build":
            cmd_build(*argv[1:])
        elif len(argv) in (2, 3) and argv[0] == "check":
            cmd_check(argv[1], argv[2] if len(argv) == 3 else ".")
        else:
            print("usage: python3 -m tools.report.reproduction build PAPERS.tsv RESULTS_DIR OUT_DIR [SYNTH_DIR] | "
                  "check LEDGER.json [REPO_DIR]", file=sys.stderr)
            return 2
    except LedgerError as e:
        print(f"reproduction: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
