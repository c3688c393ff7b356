# SPDX-License-Identifier: Apache-2.0
# make eval's section on the pilot register file (pilot paper Sections II and V: Figs. 2, 4, 10,
# 11, Table IV): deltarf pilot's --json results beside the paper's values
# (data/papers/reproduction.tsv; docs/pilot-eval.md), and Figs. 2 and 10 drawn with gnuplot.
# Part of tools/report/eval_report.py.
import os

from tools.report import eval_plots as ep
from tools.report.eval_report_common import ReportError, field, gnuplot, load_flow, mean, num, order, table, write_text

COLUMNS = ["trace", "kernels", "wavefronts", "accesses", "top-3", "top-4", "top-5", "FRF static",
           "FRF pilot", "FRF oracle", "FRF pilot, values moved", "FRF_low of FRF",
           "dynamic energy", "leakage"]


def p1(v):
    return f"{v:.1f}%"


def tops(obj, where):
    """The top-3, top-4 and top-5 shares of a trace or a kernel (top_share[2..4])."""
    top = obj.get("top_share")
    if not isinstance(top, list) or len(top) < 5 or not all(isinstance(v, (int, float)) for v in top):
        raise ReportError(f"{where}: top_share is not a list of 5 or more numbers")
    return top[2:5]


def trace_row(name, o):
    w = f"pilot/{name}"
    top = tops(o, w)
    return [name, field(o, "kernels", w), field(o, "wavefronts", w), field(o, "accesses", w)] + \
           [p1(v) for v in top] + \
           [p1(field(o, k, w)) for k in ("frf_static", "frf_pilot", "frf_oracle", "frf_pilot_move",
                                         "frf_low_of_frf", "dynamic_energy_change", "leakage_change")]


def kernel_tops(runs, names):
    """(label, top-3, top-4, top-5) of every kernel, as Fig. 2 draws them."""
    out = []
    for t in names:
        kernels = runs[t].get("kernel")
        if not isinstance(kernels, list):
            raise ReportError(f"pilot/{t}: no kernel list")
        for i, k in enumerate(kernels, 1):
            out.append((f"{t}:k{i}", *tops(k, f"pilot/{t} kernel {i}")))
    return out


def plots(out_dir, kernels, runs, names):
    d = os.path.join(out_dir, "pilot")
    write_text(os.path.join(d, "fig2.dat"),
               "".join(f"{k[0]}\t{k[1]:.1f}\t{k[2]:.1f}\t{k[3]:.1f}\n" for k in kernels))
    write_text(os.path.join(d, "fig10.dat"), "".join(
        f"{t}\t" + "\t".join(f"{field(runs[t], k, 'pilot/' + t):.1f}" for k in ("frf_high", "frf_low", "srf"))
        + "\n" for t in names))
    plot_dir = os.path.join(out_dir, "plots")
    os.makedirs(plot_dir, exist_ok=True)
    gp = os.path.join(d, "pilot.gp")
    width = ep.chart_width(len(kernels))
    fig2 = ep.bars("Fig. 2: accesses to the top-N registers, per kernel", "% of the kernel's accesses",
                   f"{d}/fig2.dat", ["top 3", "top 4", "top 5"], yrange="[0:100]")
    fig10 = ep.bars("Fig. 10: accesses by RF partition and FRF mode (pilot policy, n = 4)",
                    "% of accesses", f"{d}/fig10.dat", ["FRF high", "FRF low", "SRF"],
                    yrange="[0:100]", stacked=True)
    write_text(gp, ep.terminal(f"{plot_dir}/pilot_fig2.svg", width, 520)
               + 'set datafile separator "\\t"\n' + fig2
               + ep.terminal(f"{plot_dir}/pilot_fig10.svg", ep.chart_width(len(names)), 520)
               + 'set datafile separator "\\t"\nset boxwidth 0.6\n' + fig10)
    gnuplot(gp)


def write(results, papers, out_dir):
    """report-pilot.md's text (None when there are no pilot results); Figs. 2 and 10."""
    runs = load_flow(results, "pilot")
    if not runs:
        return None
    names = order(runs, [])
    first = runs[names[0]]
    w = f"pilot/{names[0]}"
    share = first.get("threshold_share")
    if not isinstance(share, list) or len(share) != 2:
        raise ReportError(f"{w}: no threshold_share [num, den]")
    kernels = kernel_tops(runs, names)
    p = papers
    rows = [trace_row(t, runs[t]) for t in names]
    rows.append([f"mean of the {len(kernels)} kernels (per kernel, as Fig. 2)", len(kernels), "", ""] +
                [p1(mean(k[j] for k in kernels)) for j in (1, 2, 3)] + [""] * 7)
    rows.append(["paper (Figs. 2, 4, 10, 11)", "", "", ""] +
                [f"{num(p.value(f'pilot.top{k}_share'))}%" for k in (3, 4, 5)] +
                [f"{num(p.value('pilot.frf_static.sgemm'))}% (sgemm)", "",
                 f"{num(p.value('pilot.frf_oracle.sgemm'))}% (sgemm)", "",
                 f"{num(p.value('pilot.frf_low_share'))}%",
                 f"-{num(p.value('pilot.dynamic_energy'))}%", f"-{num(p.value('pilot.leakage'))}%"])
    lines = [
        "## Pilot register file: deltarf pilot on every trace (pilot paper Sections II, V)", "",
        f"n = {field(first, 'n', w)} FRF registers per warp, {field(first, 'epoch', w)}-cycle "
        f"epochs, threshold {share[0]} of {share[1]} issue slots scaled to a compute unit's "
        f"{field(first, 'issue_slots', w)}: {field(first, 'threshold', w)} (docs/pilot-eval.md, "
        "decision 6).",
        "top-k: share of all accesses (R and W lines, launch values excluded) to the k most",
        "accessed registers, **pooled over the trace's kernels** (the paper's Fig. 2 is per kernel;",
        "per-kernel figures are in each trace's `pilot --json` (`kernel`) and Fig. 2 below). FRF: "
        "share of accesses the FRF",
        "serves with a static R0..R3, with pilot-warp profiling (warps keep the table they start",
        "with), with an oracle that knows the kernel, and with the pilot's choice if live warps'",
        "values moved when it ends; FRF_low: share of the pilot policy's FRF accesses made in FRF_low.",
        ""] + table(COLUMNS, rows) + [
        "", f"Plots: {out_dir}/plots/pilot_fig2.svg (top-3/4/5 per kernel), "
        f"{out_dir}/plots/pilot_fig10.svg",
        "(accesses by partition and FRF mode, pilot policy)."]
    plots(out_dir, kernels, runs, names)
    return "\n".join(lines) + "\n"
