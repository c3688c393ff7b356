#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make report (docs/report.md): one static HTML page from the flows' results
(build/results/*.json, docs/results.md): a row per registry block with every flow's verdict linking
to its log or report, the evaluation's ledger and plots, and the last runs' history (each run's
results copied to HISTORY/<UTC time>/). No server, no network: relative links, inline CSS.
usage: python3 -m tools.report.report RESULTS_DIR OUT_DIR [--plots DIR] [--history DIR] [--last N]
  paths inside a result are relative to the tree's root (the current folder)."""
import filecmp
import glob
import html
import os
import shutil
import sys
import time

from tools.gen import registry
from tools.report import results

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FLOWS = ["verify", "xsweep", "icarus", "formal", "synth", "power", "coverage", "mutate", "regress",
         "fuzz", "bench", "eval"]
COLUMNS = ["verify", "xsweep", "icarus", "formal", "synth", "power", "coverage", "mutate"]
NOT_RUN = "not run"


class ReportError(Exception):
    """Bad input: one line, exit status 2."""


class Cell:
    """One table cell: its text (a line, or a list of lines), its state (ok, fail, warn, none)
    and the file it links to."""

    def __init__(self, text, state="none", path=None, title=""):
        self.text, self.state, self.path, self.title = text, state, path, title


# --- reading the results --------------------------------------------------------------------
def load(results_dir, schemas):
    """{flow: document} of the valid results in RESULTS_DIR (FLOW.json before FLOW-PROFILE.json),
    and the problems of the files that could not be used."""
    docs, problems = {}, []
    for flow in FLOWS:
        for path in [os.path.join(results_dir, f"{flow}.json")] + sorted(
                glob.glob(os.path.join(results_dir, f"{flow}-*.json"))):
            if not os.path.isfile(path):
                continue
            try:
                doc = results.read(path)
                errors = results.validate(doc, schemas)
            except results.ResultsError as e:
                errors = [str(e)]
            if errors:
                problems.append(f"{os.path.basename(path)}: {errors[0]}")
                continue
            docs[flow] = dict(doc, _file=path)
            break
    return docs, problems


def state(ok, partial=False):
    return "ok" if ok else ("warn" if partial else "fail")


def jobs_cell(doc, block):
    """verify or xsweep: the block's jobs passed, linking to the first failed job's log."""
    jobs = [j for j in doc["jobs"] if j["block"] == block]
    if not jobs:
        return Cell(NOT_RUN)
    passed = [j for j in jobs if j["status"] == "passed"]
    first = next((j for j in jobs if j["status"] != "passed"), jobs[0])
    text = "passed" if len(jobs) == 1 and passed else (
        first["status"] if len(jobs) == 1 else f"{len(passed)}/{len(jobs)} passed")
    return Cell(text, state(len(passed) == len(jobs)), first["log"], first["command"])


def icarus_cell(doc, block):
    entry = next((b for b in doc["blocks"] if b["block"] == block), None)
    if entry is None:
        return Cell(NOT_RUN)
    return Cell(entry["status"], state(entry["status"] == "passed"), entry["replay_log"],
                f"{entry['seconds']:.1f} s")


def formal_cell(doc, block):
    """Proofs and covers passed of the block's property groups (skipped ones apart)."""
    groups = [g for g in doc["groups"] if g["block"] == block]
    missing = [m for m in doc["missing"] if m.split(".")[0] == block]
    if not groups and not missing:
        return Cell(NOT_RUN)
    lines, ok = [], not missing
    for task, name in (("prove", "proofs"), ("cover", "covers")):
        run = [g for g in groups if g["task"] == task and g["result"] != "SKIPPED"]
        passed = sum(g["passed"] for g in run)
        lost = sum(m.endswith("." + task) for m in missing)
        if run or lost:
            lines.append(f"{name} {passed}/{len(run) + lost}")
        ok = ok and passed == len(run)
    skipped = sum(g["result"] == "SKIPPED" for g in groups)
    if skipped:
        lines.append(f"{skipped} skipped")
    lines[-1] += profile_note(doc)
    return Cell(lines, state(ok), doc["report"])


def profile_note(doc):
    """' (quick)' for a reduced profile's result (docs/results.md, FLOW-PROFILE.json)."""
    return f" ({doc['profile']})" if doc.get("profile") not in (None, "full") else ""


def number(v, fmt):
    return "-" if v is None else format(v, fmt)


def synth_cell(doc, block):
    """Area and kGE, beside the paper's area (ours scaled to its node)."""
    entry = next((b for b in doc["blocks"] if b["block"] == block), None)
    if entry is None:
        return Cell(NOT_RUN)
    if entry["status"] != "ok":
        return Cell(entry["status"], "fail", doc["report"])
    if entry["kind"] == "macro":
        lines = [f"macro, {entry['macro_bits']} bits"]
    else:
        lines = [f"{number(entry['area_um2'], '.0f')} µm², {number(entry['kge'], '.2f')} kGE"]
    paper = entry["paper"]
    if paper:
        lines.append(f"paper {paper['area_mm2']:g} mm² at {paper['node_nm']} nm, ours "
                     f"{number(paper['scaled_area_mm2'], '.4f')}")
    lines[-1] += profile_note(doc)
    return Cell(lines, state(entry["macro_check"] != "MISMATCH"), doc["report"],
                f"{entry['cells']} cells, delay {number(entry['delay_ps'], '.0f')} ps")


def power_cell(doc, block):
    """Leakage + dynamic power, energy of one operation and setup slack at the clock."""
    entry = next((b for b in doc["blocks"] if b["block"] == block), None)
    if entry is None:
        return Cell(NOT_RUN)
    lines = [f"{entry['leakage_uw'] + entry['dynamic_uw']:.1f} µW, {entry['energy_pj']:.2f} pJ/"
             f"{entry['op']}", f"slack {entry['slack_ns']:+.3f} ns"]
    return Cell(lines, state(entry["closes_45nm"], entry["closes_scaled"]), doc["report"],
                f"{entry['activity']}; {entry['paper']} at {entry['node_nm']} nm: "
                f"{entry['power_scaled_uw']:.1f} µW, slack {entry['slack_scaled_ns']:+.3f} ns")


def coverage_cell(doc, block):
    entry = next((b for b in doc["blocks"] if b["block"] == block), None)
    if entry is None:
        return Cell(NOT_RUN)
    lines = [f"{k} {entry[k]['hit']}/{entry[k]['total']}" for k in ("line", "branch", "toggle")]
    page = doc["html"] if os.path.isfile(doc["html"]) else doc["report"]
    return Cell(lines, state(entry["open"] == 0), page, f"{entry['excluded']} excluded, "
                f"{entry['open']} open")


def mutate_cell(doc, block):
    entry = next((b for b in doc["blocks"] if b["block"] == block), None)
    if entry is None or entry["score"] is None:
        return Cell(NOT_RUN)
    text = f"{100 * entry['score']:.0f}% ({entry['survived']} survived of {entry['judged']})"
    return Cell(text + profile_note(doc), state(entry["score"] == 1, entry["survived"] == 0),
                doc["report"])


CELLS = {"verify": jobs_cell, "xsweep": jobs_cell, "icarus": icarus_cell, "formal": formal_cell,
         "synth": synth_cell, "power": power_cell, "coverage": coverage_cell, "mutate": mutate_cell}


def block_cells(docs, block):
    return [CELLS[f](docs[f], block) if f in docs else Cell(NOT_RUN) for f in COLUMNS]


# --- one line per flow (the summary and the history) ----------------------------------------
def summary(flow, doc):
    """A flow's result in a few words."""
    if flow in ("verify", "xsweep", "icarus", "regress", "formal"):
        return f"{doc['passed']} passed, {doc['failed']} failed" + profile_note(doc)
    if flow == "synth":
        ok = sum(b["status"] == "ok" for b in doc["blocks"])
        return f"{ok}/{len(doc['blocks'])} blocks" + profile_note(doc)
    if flow == "power":
        closes = sum(b["closes_45nm"] for b in doc["blocks"])
        return f"{closes}/{len(doc['blocks'])} close at {doc['clock_ps']} ps"
    if flow == "coverage":
        return "gate passed" if doc["passed"] else f"gate failed ({len(doc['errors'])} errors)"
    if flow == "mutate":
        judged = sum(b["judged"] for b in doc["blocks"])
        caught = sum(b["killed"] + b["equivalent"] for b in doc["blocks"])
        return f"{caught}/{judged} killed or equivalent" + profile_note(doc)
    if flow == "fuzz":
        return f"{sum(t['passed'] for t in doc['targets'])}/{len(doc['targets'])} targets passed"
    if flow == "bench":
        return f"{len(doc['benches'])} benches timed"
    return ", ".join(f"{c['rows']} {c['class']}" for c in doc["classes"])


def summary_state(flow, doc):
    if flow in ("verify", "xsweep", "icarus", "regress", "formal"):
        return state(doc["failed"] == 0)
    if flow == "coverage":
        return state(doc["passed"])
    if flow == "fuzz":
        return state(all(t["passed"] for t in doc["targets"]))
    return "none"


# --- history: each run's results kept with its time -----------------------------------------
def same_files(a, b):
    names = sorted(os.listdir(a))
    return names == sorted(os.listdir(b)) and all(
        filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False) for n in names)


def snapshot(results_dir, history_dir, now=None):
    """Copies RESULTS_DIR/*.json to HISTORY/<UTC time>/ unless the last copy holds the same."""
    files = sorted(glob.glob(os.path.join(results_dir, "*.json")))
    if not files:
        return None
    runs = past_runs(history_dir)
    stamp = time.strftime("%Y-%m-%dT%H-%M-%SZ", time.gmtime(now))
    dest = os.path.join(history_dir, stamp)
    os.makedirs(dest + ".tmp", exist_ok=True)
    for f in files:
        shutil.copy(f, dest + ".tmp")
    if runs and same_files(dest + ".tmp", os.path.join(history_dir, runs[-1])):
        shutil.rmtree(dest + ".tmp")
        return None
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.replace(dest + ".tmp", dest)
    return dest


def past_runs(history_dir):
    """The history's runs, oldest first (their folder names sort by time)."""
    if not os.path.isdir(history_dir):
        return []
    return sorted(d for d in os.listdir(history_dir)
                  if not d.endswith(".tmp") and os.path.isdir(os.path.join(history_dir, d)))


# --- HTML -----------------------------------------------------------------------------------
CSS = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;padding:0 1em 2em;max-width:1600px;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid #ddd}
table{border-collapse:collapse;font-size:.88em;min-width:100%}
th,td{border:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#f3f3f3;position:sticky;top:0}
td:first-child,th:first-child{position:sticky;left:0;background:#fafafa;font-weight:600}
td.ok{background:#e6f4e6}td.fail{background:#fbe3e3}td.warn{background:#fff4d6}
td.none{color:#888}.blocks td{white-space:nowrap}td.num{text-align:right;white-space:nowrap}
a{color:#0645ad}.note{color:#666;font-size:.9em}
.plots{display:flex;flex-direction:column;gap:1em}
figure{margin:0;border:1px solid #ddd;padding:.4em;max-width:1400px}
figure img{display:block;width:100%;height:auto;background:#fff}
figcaption{font-size:.85em;color:#555}
@media (max-width:700px){body{font-size:14px;padding:0 .5em}td,th{padding:.25em .35em}}
"""
# writes what the browser loaded into the page (make test's report-browser reads it)
SCRIPT = """window.addEventListener("load", function () {
  var broken = [];
  for (var i = 0; i < document.images.length; i++) {
    var im = document.images[i];
    if (!im.complete || im.naturalWidth === 0) broken.push(im.getAttribute("src"));
  }
  document.body.setAttribute("data-images", document.images.length + " " + broken.join(" "));
});"""


def esc(s):
    return html.escape(str(s), quote=True)


def href(path, out_dir):
    """The relative link from OUT_DIR to a tree path, or None when the file does not exist."""
    if not path or not os.path.exists(path):
        return None
    return os.path.relpath(os.path.abspath(path), os.path.abspath(out_dir))


def td(cell, out_dir):
    link = href(cell.path, out_dir)
    text = "<br>".join(esc(t) for t in ([cell.text] if isinstance(cell.text, str) else cell.text))
    body = f'<a href="{esc(link)}">{text}</a>' if link else text
    title = f' title="{esc(cell.title)}"' if cell.title else ""
    return f'<td class="{cell.state}"{title}>{body}</td>'


def table(head, rows, attrs=None):
    """A scrolling table; rows are lists of <td> strings, attrs each row's <tr> attributes."""
    out = ['<div class="scroll"><table><thead><tr>' + "".join(f"<th>{esc(h)}</th>" for h in head)
           + "</tr></thead><tbody>"]
    for i, row in enumerate(rows):
        out.append(f"<tr{attrs[i] if attrs else ''}>" + "".join(row) + "</tr>")
    out.append("</tbody></table></div>")
    return "\n".join(out)


def blocks_section(docs, rows, out_dir):
    body, attrs = [], []
    for row in rows:
        block = row[0]
        what = registry.column(row, "what")
        body.append([f'<td title="{esc(what)}">{esc(block)}</td>']
                    + [td(c, out_dir) for c in block_cells(docs, block)])
        attrs.append(f' data-block="{esc(block)}"')
    return '<h2 id=blocks>Blocks</h2>\n<div class="blocks">' + table(["block"] + COLUMNS, body, attrs) + "</div>"


def flows_section(docs, problems, out_dir):
    body = []
    for flow in FLOWS:
        doc = docs.get(flow)
        if doc is None:
            body.append([f"<td>{flow}</td>", td(Cell(NOT_RUN), out_dir), "<td></td>"])
            continue
        report = td(Cell("report", "none", doc.get("report")), out_dir) if doc.get("report") else "<td></td>"
        body.append([f"<td>{flow}</td>",
                     td(Cell(summary(flow, doc), summary_state(flow, doc), doc["_file"]), out_dir),
                     report])
    notes = "".join(f'<p class="note">not read: {esc(p)}</p>' for p in problems)
    return "<h2 id=flows>Flows</h2>\n" + table(["flow", "result", "report"], body) + notes


CLASS_STATE = {"reproduced": "ok", "direction": "warn", "opposite": "fail"}  # a ledger class's colour


def ledger_section(docs, out_dir):
    doc = docs.get("eval")
    if doc is None or not os.path.isfile(doc["ledger"]):
        return f'<h2 id=ledger>Reproduction ledger</h2>\n<p class="note">{NOT_RUN} (make eval)</p>'
    try:
        ledger = results.read(doc["ledger"])
        rows = ledger["rows"]
        body = [[f"<td>{esc(r['id'])}</td>", f"<td>{esc(r['where'])}</td>",
                 f"<td>{esc(r['metric'])}</td>", f'<td class="num">{fmt(r["paper_value"])}</td>',
                 f'<td class="num">{fmt(r["ours"])}</td>', f"<td>{esc(r['unit'])}</td>",
                 f'<td class="{CLASS_STATE.get(r["class"], "none")}">{esc(r["class"])}</td>',
                 f"<td>{esc(r['cause'] or '')}</td>"] for r in rows]
    except (KeyError, TypeError) as e:
        raise ReportError(f"{doc['ledger']}: not a ledger (tools/report/reproduction.py): {e}") from None
    counts = ", ".join(f"{c['rows']} {c['class']}" for c in doc["classes"])
    link = href(doc["report"], out_dir)
    report = f' <a href="{esc(link)}">report</a>' if link else ""
    return (f"<h2 id=ledger>Reproduction ledger</h2>\n<p>{esc(counts)} on {len(doc['traces'])} traces"
            f"{report}</p>\n"
            + table(["id", "where", "metric", "paper", "ours", "unit", "class", "cause"], body))



def fmt(v):
    return "-" if v is None else esc(f"{v:.4g}" if isinstance(v, float) else v)


def plots_section(plots_dir, out_dir):
    files = sorted(glob.glob(os.path.join(plots_dir, "*.svg")))
    if not files:
        return f'<h2 id=plots>Plots</h2>\n<p class="note">{NOT_RUN} (make eval)</p>'
    figures = []
    for f in files:
        link = esc(href(f, out_dir))
        figures.append(f'<figure><a href="{link}"><img src="{link}" alt="{esc(os.path.basename(f))}">'
                       f"</a><figcaption>{esc(os.path.basename(f))}</figcaption></figure>")
    return '<h2 id=plots>Plots</h2>\n<div class="plots">' + "\n".join(figures) + "</div>"


def history_section(history_dir, last, schemas):
    runs = past_runs(history_dir)[-last:][::-1]
    if not runs:
        return f'<h2 id=history>History</h2>\n<p class="note">no run kept yet ({esc(history_dir)})</p>'
    body = []
    for run in runs:
        docs, _ = load(os.path.join(history_dir, run), schemas)
        body.append([f"<td>{esc(run)}</td>"] + [
            f'<td class="{summary_state(f, docs[f])}">{esc(summary(f, docs[f]))}</td>' if f in docs
            else f'<td class="none">{NOT_RUN}</td>' for f in FLOWS])
    return (f"<h2 id=history>History (last {len(runs)} runs)</h2>\n" + table(["run (UTC)"] + FLOWS, body))


def page(sections, title):
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n<style>{CSS}</style></head>\n<body>\n<h1>{esc(title)}</h1>\n"
            + "\n".join(sections) + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


def build(results_dir, out_dir, plots_dir, history_dir, last, blocks_tsv):
    schemas = results.load_schemas()
    docs, problems = load(results_dir, schemas)
    snapshot(results_dir, history_dir)
    rows = registry.read_rows(blocks_tsv)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    sections = [f'<p class="note">Built {when} from {esc(results_dir)} (docs/report.md). Cells link '
                "to their log or report; hover for details.</p>",
                '<nav><a href="#blocks">blocks</a> · <a href="#flows">flows</a> · <a href="#ledger">'
                'ledger</a> · <a href="#plots">plots</a> · <a href="#history">history</a></nav>',
                blocks_section(docs, rows, out_dir), flows_section(docs, problems, out_dir),
                ledger_section(docs, out_dir), plots_section(plots_dir, out_dir),
                history_section(history_dir, last, schemas)]
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "index.html")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(page(sections, "deltarf: where the design stands"))
    os.replace(path + ".tmp", path)
    return path, len(rows), len(docs)


def parse_args(argv):
    """(results, out, plots, history, last) from the command line; ReportError on a bad one."""
    if len(argv) < 2:
        raise ReportError(__doc__[__doc__.index("usage:"):].rstrip())
    opts = {"--plots": os.path.join("build", "eval", "plots"), "--history": None, "--last": "10"}
    rest = argv[2:]
    if len(rest) % 2 or any(k not in opts for k in rest[::2]):
        raise ReportError("usage: python3 -m tools.report.report RESULTS_DIR OUT_DIR [--plots DIR] [--history DIR] [--last N]")
    opts.update(zip(rest[::2], rest[1::2]))
    if not opts["--last"].isdigit() or int(opts["--last"]) < 1:
        raise ReportError(f"--last must be a positive number ('{opts['--last']}')")
    history = opts["--history"] or os.path.join(argv[0], "history")
    return argv[0], argv[1], opts["--plots"], history, int(opts["--last"])


def main(argv):
    try:
        res, out, plots, history, last = parse_args(argv[1:])
        if not os.path.isdir(res):
            os.makedirs(res)
        path, rows, flows = build(res, out, plots, history, last, os.path.join(ROOT, "blocks.tsv"))
    except (ReportError, results.ResultsError, registry.RegistryError, OSError) as e:
        print(f"report: {e}", file=sys.stderr)
        return 2
    print(f"report: {path}: {rows} blocks, {flows} of {len(FLOWS)} flows' results")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
