# SPDX-License-Identifier: Apache-2.0
# Shared by make eval's report writers (tools/report/eval_report.py and its sections eval_report_*.py;
# docs/eval.md): the flows' --json results, the papers' values of data/papers/reproduction.tsv
# by ledger id, markdown tables, gnuplot.
import os
import shutil
import subprocess
import sys

from tools.report import reproduction


class ReportError(Exception):
    """Bad input: reported as one line, exit 1."""


class Papers:
    """The papers' values by ledger id (data/papers/reproduction.tsv)."""

    def __init__(self, rows):
        self.rows = {r["id"]: r for r in rows}

    @classmethod
    def load(cls, path):
        try:
            with open(path, encoding="utf-8") as fh:
                return cls(reproduction.parse_papers(fh.read(), path))
        except OSError as e:
            raise ReportError(f"{path}: {e.strerror}") from None
        except reproduction.LedgerError as e:
            raise ReportError(str(e)) from None

    def value(self, rid):
        """The paper's number of row rid; ReportError when the data file lacks it."""
        r = self.rows.get(rid)
        if r is None or isinstance(r["paper_value"], tuple):
            raise ReportError(f"data/papers/reproduction.tsv: no row {rid} with a number")
        return r["paper_value"]

    def get(self, rid):
        """The paper's number of row rid, or None."""
        r = self.rows.get(rid)
        return None if r is None or isinstance(r["paper_value"], tuple) else r["paper_value"]


def trace_name(path):
    """DCT for data/traces/DCT.trace.xz."""
    name = os.path.basename(path)
    for ext in (".xz", ".trace"):
        name = name[:-len(ext)] if name.endswith(ext) else name
    return name


def load_flow(results, flow):
    """{trace: json} of RESULTS_DIR/<flow>/ ({} when absent)."""
    try:
        return reproduction.load_flow(results, flow)
    except reproduction.LedgerError as e:
        raise ReportError(str(e)) from None


def wall_seconds(results, flow):
    """{trace: wall seconds} of the runs of flow (RESULTS_DIR/wall/<flow>/<trace>.json)."""
    return {t: field(o, "wall_us", f"wall/{flow}/{t}") / 1e6
            for t, o in load_flow(os.path.join(results, "wall"), flow).items()}


def field(obj, path, where):
    """obj's number at a dotted path; ReportError naming where when it lacks it."""
    cur = obj
    for name in path.split("."):
        if not isinstance(cur, dict) or name not in cur:
            raise ReportError(f"{where}: no field {path}")
        cur = cur[name]
    if isinstance(cur, bool) or not isinstance(cur, (int, float)):
        raise ReportError(f"{where}: {path} is not a number")
    return cur


def order(traces, first):
    """Trace names: those of `first` (a list) in its order, then the others sorted."""
    return [t for t in first if t in traces] + sorted(t for t in traces if t not in first)


def table(header, rows, align=None):
    """A markdown table: header cells, rows of cells, align per column ('l' or 'r')."""
    align = align or ["l"] + ["r"] * (len(header) - 1)
    rule = ["---" if a == "l" else "---:" for a in align]
    return ["| " + " | ".join(header) + " |", "| " + " | ".join(rule) + " |"] + \
           ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]


def pct(x, digits=1):
    """A fraction as a percentage: 0.1234 -> 12.3%."""
    return f"{100 * x:.{digits}f}%"


def num(v):
    """A paper value as printed: 52, 0.73, 19.9."""
    return f"{v:g}"


def mean(xs):
    xs = list(xs)
    return sum(xs) / len(xs) if xs else 0.0


def gnuplot(script_path):
    """Runs gnuplot on a script when it is installed; False (and a note) when it is not."""
    if shutil.which("gnuplot") is None:
        print(f"eval_report: gnuplot not found, no plots ({script_path})", file=sys.stderr)
        return False
    res = subprocess.run(["gnuplot", script_path], capture_output=True, text=True, check=False)
    if res.returncode != 0:
        raise ReportError(f"gnuplot {script_path}: {res.stderr.strip().splitlines()[-1:]}")
    return True


def write_text(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
