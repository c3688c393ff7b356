#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# make eval's comparison section (docs/compare.md): deltarf compare's results, one
# document per trace (RESULTS_DIR/compare/<trace>.json), as the summary table over kernels, one
# grouped-bar chart per axis (kernels x techniques) and energy saving against guardband.
import os

from tools.report import compare_json
from tools.report.eval_report_common import ReportError, gnuplot, load_flow, table, write_text

AXIS_TITLES = {"energy_saving_pct": "RF energy saving against the baseline (%)",
               "guardband_pct": "NBTI guardband after the years (%)",
               "perf_overhead_pct": "cycles over the baseline's on the issue model - 1 (%)",
               "speedup_pct": "speedup: the baseline's time over the technique's - 1 (%)",
               "area_overhead_pct": "added logic area over the slice (%)"}


def kernels_of(runs):
    """Every kernel of the per-trace documents, each validated (ReportError naming it)."""
    out = []
    for t, doc in runs.items():
        try:
            compare_json.check(doc, f"compare/{t}")
        except compare_json.SchemaError as e:
            raise ReportError(str(e)) from None
        out += doc["kernels"]
    return out


def cell(v):
    return "n/a" if v is None else f"{v:.2f}"


def bar_data(kernels, axis):
    """Rows kernel, value per technique ('?' where n/a: gnuplot skips it)."""
    lines = []
    for k in kernels:
        name = os.path.basename(k["trace"]).split(".")[0]
        vals = [k["techniques"][t][axis] for t in compare_json.TECHNIQUES]
        lines.append(name + "\t" + "\t".join("?" if v is None else f"{v:.4g}" for v in vals))
    return "".join(line + "\n" for line in lines)


def placed(pts):
    """The (technique, saving, guardband) points with both axes (n/a ones are left off)."""
    return [p for p in pts if p[1] is not None and p[2] is not None]


def label_groups(pts, near=0.04):
    """Points whose labels would overlap (within `near` of the plotted span on both axes) as one
    point with one label naming them all, at the first one's place (ours, docs/compare.md)."""
    span = [max(max(p[i] for p in pts) - min(p[i] for p in pts), 1e-9) if pts else 1
            for i in (1, 2)]
    groups = []
    for t, s, g in pts:
        for grp in groups:
            if abs(grp[1] - s) <= near * span[0] and abs(grp[2] - g) <= near * span[1]:
                grp[0].append(t)
                break
        else:
            groups.append([[t], s, g])
    return [(", ".join(names), s, g) for names, s, g in groups]


def plots(out_dir, kernels, summary):
    d = os.path.join(out_dir, "compare")
    plot_dir = os.path.join(out_dir, "plots")
    os.makedirs(plot_dir, exist_ok=True)
    script = ['set terminal svg size 1100,440 font "sans,10" noenhanced', "set style data histograms",
              "set style histogram clustered gap 1", "set style fill solid 0.8 border -1",
              'set datafile separator "\\t"', 'set datafile missing "?"',
              "set key outside right", "set xtics scale 0"]
    techs = compare_json.TECHNIQUES
    for axis, title in AXIS_TITLES.items():
        write_text(os.path.join(d, f"{axis}.dat"), bar_data(kernels, axis))
        cols = ", ".join(f"'' using {i + 2} title \"{t}\"" if i else
                         f"\"{d}/{axis}.dat\" using 2:xtic(1) title \"{t}\""
                         for i, t in enumerate(techs))
        script += [f'set output "{plot_dir}/compare_{axis}.svg"', f'set title "{title}"',
                   f'set ylabel "{title}"', f"plot {cols}"]
    pts = [(t, summary[t]["energy_saving_pct"], summary[t]["guardband_pct"]) for t in techs]
    write_text(os.path.join(d, "saving_guardband.dat"),
               "".join(f"{name}\t{s:.4g}\t{g:.4g}\n" for name, s, g in label_groups(placed(pts))))
    script += [f'set output "{plot_dir}/compare_saving_guardband.svg"',
               'set title "Every technique: RF energy saving against NBTI guardband (means over kernels)"',
               'set xlabel "energy saving against the baseline (%)"',
               'set ylabel "guardband (%)"', "set key off", "set xtics auto", "set grid",
               "set offsets graph 0.05, graph 0.2, graph 0.1, graph 0.1",
               f'plot "{d}/saving_guardband.dat" using 2:3 with points pt 7 ps 1.5 lc rgb "#1f77b4", '
               "'' using 2:3:1 with labels offset 0.8,0.5 left"]
    gp = os.path.join(d, "compare.gp")
    write_text(gp, "\n".join(script) + "\n")
    gnuplot(gp)


def write(results, papers, out_dir):
    """report-compare.md's text (None without compare results); the charts."""
    del papers  # no paper compares the techniques (docs/compare.md)
    runs = load_flow(results, "compare")
    if not runs:
        return None
    kernels = sorted(kernels_of(runs), key=lambda k: k["trace"])
    summary = compare_json.summary(kernels)["techniques"]
    rows = [[t] + [cell(summary[t][a]) for a in compare_json.SUMMARY_AXES]
            for t in compare_json.TECHNIQUES]
    plots(out_dir, kernels, summary)
    charts = [f"![{AXIS_TITLES[a]}](plots/compare_{a}.svg)" for a in AXIS_TITLES]
    return "\n".join([
        "## The techniques side by side: deltarf compare on every trace", "",
        f"{len(kernels)} kernels; means over the kernels where an axis applies; one energy "
        "model (the aging paper's slice at 32 nm, the papers' unit figures, our synthesis "
        "where they give none), one ageing law, the issue model's cycles (docs/timeline.md) "
        "and the chips' register-file cycle; rules in docs/compare.md (ours).", "",
        *table(["technique", "energy saving %", "guardband %", "perf. overhead %", "speedup %",
                "area overhead %"], rows), "",
        *charts, "", "![energy saving against guardband](plots/compare_saving_guardband.svg)",
        "", off_chart(summary), ""])


def off_chart(summary):
    """The sentence naming the techniques the saving-guardband chart cannot place."""
    off = [t for t in compare_json.TECHNIQUES
           if summary[t]["energy_saving_pct"] is None or summary[t]["guardband_pct"] is None]
    return ("Left off the last chart (an axis is n/a): " + ", ".join(off) + "." if off else
            "Every technique is on the last chart.")
