#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# make eval's report (docs/eval.md): the four papers' evaluations (aging Section 6, DC-Patch
# Section V-A, pilot RF Sections II and V, PV/NBTI Sections 3.1, 4.1, 6.2) on real traces, written
# from the flows' --json results (tools/run/eval_run.sh) beside the papers' values of
# data/papers/reproduction.tsv, the same files the reproduction ledger (tools/report/reproduction.py)
# reads. usage: python3 -m tools.report.eval_report RESULTS_DIR PAPERS.tsv OUT_DIR [SECTION...]
#   RESULTS_DIR/<flow>/<trace>.json, RESULTS_DIR/wall/<flow>/<trace>.json (wall_us of the run);
#   SECTION: sim, patch, pilot, pv, compare (default: each whose results are there). Writes
#   OUT_DIR/report-<section>.md, OUT_DIR/report.md and the plot data in OUT_DIR/data, OUT_DIR/plots.
# Bad input: one line on stderr, exit 1.
import importlib
import os
import sys

from tools.report.eval_report_common import Papers, ReportError, write_text

SECTIONS = ["sim", "patch", "pilot", "pv", "compare"]
TITLE = "# deltarf: evaluation on the real traces of data/traces (make eval)"


def section_module(name):
    return importlib.import_module(f"tools.report.eval_report_{name}")


def assemble(out_dir, sections):
    """report.md: the title, each section's report, the ledger's link when it is there."""
    parts = [TITLE, ""]
    for s in sections:
        path = os.path.join(out_dir, f"report-{s}.md")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                parts += [fh.read().rstrip("\n"), ""]
    parts += ["## Reproduction ledger", "",
              "Every quantitative result of the four papers beside ours, with its class and "
              "cause: [reproduction.md](reproduction.md) (docs/eval.md)."]
    write_text(os.path.join(out_dir, "report.md"), "\n".join(parts) + "\n")


def main(argv):
    if len(argv) < 3 or any(s not in SECTIONS for s in argv[3:]):
        print("usage: python3 -m tools.report.eval_report RESULTS_DIR PAPERS.tsv OUT_DIR [sim|patch|pilot|pv|compare]...",
              file=sys.stderr)
        return 2
    results, papers_path, out_dir = argv[:3]
    try:
        if not os.path.isdir(results):
            raise ReportError(f"{results}: no such directory")
        papers = Papers.load(papers_path)
        sections = argv[3:] or SECTIONS
        done = []
        for s in sections:
            text = section_module(s).write(results, papers, out_dir)
            if text is not None:
                write_text(os.path.join(out_dir, f"report-{s}.md"), text)
                done.append(s)
        if not done:
            raise ReportError(f"{results}: no results of {', '.join(sections)}")
        assemble(out_dir, SECTIONS)
    except ReportError as e:
        print(f"eval_report: {e}", file=sys.stderr)
        return 1
    print(f"eval_report: {out_dir}/report.md ({', '.join(done)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
