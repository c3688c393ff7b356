# SPDX-License-Identifier: Apache-2.0
"""make eval's plots as gnuplot scripts (svg; docs/eval.md): the aging paper's Section 6 figures
(Fig. 7, 12, 13, 16, 19, per-register 14-18) from the data tools/report/eval_report_sim.py writes from
`deltarf sim --json --plots`, and the shared bar-chart style of the pilot and PV figures. One
style for every chart (ours): the legend outside the data, below the plot; kernel names level,
full size. Part of tools/report/eval_report.py."""
import os

from tools.report.eval_report_common import ReportError, gnuplot, write_text

PATTERN_NAMES = ["constant", "single-delta", "double-delta", "other", "divergent"]
FONT = "sans,12"
GROUP_PX = 150  # a bar group's width: room for its kernel name written level
MIN_WIDTH = 900
# figures drawn per kernel as the paper draws them: number, kernel, '0' or '1'
PER_REGISTER = [(14, "BlackScholes", 0), (15, "DCT", 0), (17, "BlackScholes", 1), (18, "DCT", 1)]


def quote(s):
    """A gnuplot string literal."""
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def chart_width(groups):
    """Bar charts grow with their groups so that every group keeps its width."""
    return max(MIN_WIDTH, (groups + 1) * GROUP_PX + 120)


def terminal(out, width, height):
    return f"reset\nset terminal svg size {width},{height} dynamic font {quote(FONT)}\nset output {quote(out)}\n"


def legend_below(columns=None):
    """The legend under the plot, outside the data, in one row or COLUMNS columns of entries."""
    cols = f" maxcols {columns}" if columns else ""
    return f"set key outside center bottom horizontal{cols} samplen 2 spacing 1.2\n"


def bar_style(stacked):
    layout = "rowstacked" if stacked else "clustered gap 1"
    return (f"set style data histograms\nset style histogram {layout}\n"
            "set style fill solid 0.85 border -1\nset xtics nomirror scale 0\n")


def bars(title, ylabel, data, titles, yrange="[0:1.05]", stacked=False, extra="", columns=None):
    """A bar chart's commands (no terminal): DATA's column 1 the groups, columns 2.. the series
    named TITLES; EXTRA: further plot items (a paper's value as a line); COLUMNS: the legend's."""
    series = ", ".join(f"{quote(data) if i == 0 else chr(39) * 2} using {i + 2}"
                       + (":xtic(1)" if i == 0 else "") + f" title {quote(t)}"
                       for i, t in enumerate(titles))
    return (f"set title {quote(title)}\nset ylabel {quote(ylabel)}\nset yrange {yrange}\n"
            + bar_style(stacked) + legend_below(columns) + f"plot {series}{extra}\n")


def groups_in(path):
    """The rows (groups) of a data file."""
    try:
        with open(path, encoding="utf-8") as f:
            return sum(1 for line in f if line.strip() and not line.startswith("#"))
    except OSError as e:
        raise ReportError(f"{path}: {e.strerror} (tools/report/eval_report_sim.py writes it)") from None


def sim_bars(table, plots, schemes):
    """Figs. 7, 13 and 16 (one chart each) and Fig. 19 (T0 above T1)."""
    width = chart_width(groups_in(os.path.join(table, "l0.dat")))
    fig7 = os.path.join(table, "fig7.dat")
    out = [terminal(os.path.join(plots, "fig7.svg"), width, 480),
           "set boxwidth 0.6\n",
           bars("Fig. 7: register writes by pattern (RC, BS = 8)", "fraction of writes", fig7,
                PATTERN_NAMES, stacked=True)]
    for num, v, name in ((13, 0, "l0"), (16, 1, "l1")):
        out += [terminal(os.path.join(plots, f"fig{num}.svg"), width, 480),
                bars(f"Fig. {num}: longest '{v}' duty cycle over the cells of the slice",
                     "fraction of time", os.path.join(table, f"{name}.dat"), schemes)]
    out += [terminal(os.path.join(plots, "fig19.svg"), width, 900), "set multiplot layout 2,1\n"]
    for t, name in ((0, "d0"), (1, "d1")):
        out.append(bars(f"Fig. 19: normalised highest dVth, T{t} ('{t}' duty cycles)",
                        "dVth / max", os.path.join(table, f"{name}.dat"), schemes))
    out.append("unset multiplot\n")
    return "".join(out)


def fig12(table, plots, schemes):
    """Fig. 12: per bit position, the '0' / '1' / off shares of each scheme, one panel each."""
    panels = []
    for k, s in enumerate(schemes):
        c0, c1 = 2 + 3 * k, 3 + 3 * k
        panels.append(f"set title {quote(s)}\n"
                      f"plot {quote(os.path.join(table, 'fig12.dat'))} using 1:(0):(column({c0})) "
                      f"with filledcurves title \"'0'\", \\\n"
                      f"  '' using 1:(column({c0})):(column({c0})+column({c1})) with filledcurves title \"'1'\", \\\n"
                      f"  '' using 1:(column({c0})+column({c1})):(1) with filledcurves title \"off\"\n")
    return (terminal(os.path.join(plots, "fig12.svg"), 1200, 900)
            + "set multiplot layout 3,2 title \"Fig. 12: average duty cycle per bit position (all traces)\"\n"
            "set xrange [0:2047]\nset yrange [0:1]\nset xlabel \"bit position (lane x 32 + bit)\"\n"
            "set ylabel \"fraction of time\"\nset style fill solid 0.9 noborder\n" + legend_below()
            + "".join(panels) + "unset multiplot\n")


def registers(data, plots, bench, schemes):
    """Every scheme's longest '0' (solid) and '1' (dashed) duty cycle per register of one trace."""
    regs = quote(os.path.join(data, bench, "regs.tsv"))
    solid = ", ".join(f"{regs if k == 0 else chr(39) * 2} using 1:(column({2 + 2 * k})) with lines "
                      f"lw 1.5 lc {k + 1} title {quote(s)}" for k, s in enumerate(schemes))
    dashed = ", ".join(f"'' using 1:(column({3 + 2 * k})) with lines dt 2 lc {k + 1} notitle"
                       for k in range(len(schemes)))
    title = f"Figs. 14-18: longest duty cycle per register, {bench} (solid '0', dashed '1')"
    return (terminal(os.path.join(plots, f"regs-{bench}.svg"), 1000, 480)
            + f"set title {quote(title)}\n"
            "set xlabel \"register\"\nset ylabel \"fraction of time\"\nset xrange [0:255]\n"
            "set yrange [0:1.05]\n" + legend_below() + f"plot {solid}, \\\n  {dashed}\n")


def per_register(data, plots, num, bench, v, schemes):
    """Figs. 14-15 and 17-18 as the paper draws them: one kernel, a panel per scheme, the longest
    '0' (v = 0) or '1' (v = 1) duty cycle of every register as bars."""
    regs = quote(os.path.join(data, bench, "regs.tsv"))
    panels = "".join(f"set title {quote(s)}\nplot {regs} using 1:(column({2 + 2 * k + v})) with boxes lc {k + 1}\n"
                     for k, s in enumerate(schemes))
    title = f"Fig. {num}: longest '{v}' duty cycle per register, {bench}"
    return (terminal(os.path.join(plots, f"fig{num}.svg"), 1200, 800)
            + f"set multiplot layout 3,2 title {quote(title)}\n"
            "set xrange [-1:256]\nset yrange [0:1.05]\nset xtics 0,32,255\nset xlabel \"register\"\n"
            "set ylabel \"fraction of time\"\nset style fill solid 1.0 noborder\nset boxwidth 0.8\n"
            "unset key\n" + panels + "unset multiplot\n")


def sim_script(data, plots, benches, schemes):
    """The gnuplot script of every sim figure; DATA/plot/*.dat and DATA/<bench>/regs.tsv."""
    table = os.path.join(data, "plot")
    parts = [sim_bars(table, plots, schemes), fig12(table, plots, schemes)]
    parts += [registers(data, plots, b, schemes) for b in benches]
    parts += [per_register(data, plots, num, b, v, schemes) for num, b, v in PER_REGISTER
              if os.path.isfile(os.path.join(data, b, "regs.tsv"))]
    return "".join(parts)


def draw_sim(data, plots, benches, schemes):
    """Writes DATA/plot/all.gp and runs gnuplot on it (no plots, a note, without gnuplot)."""
    os.makedirs(plots, exist_ok=True)
    script = os.path.join(data, "plot", "all.gp")
    write_text(script, sim_script(data, plots, benches, schemes))
    return gnuplot(script)
