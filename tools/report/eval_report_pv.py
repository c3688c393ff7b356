# SPDX-License-Identifier: Apache-2.0
# make eval's section on the PV/NBTI banked register file (pv-nbti-banked-rf paper Sections 3.1,
# 4.1, 6.2; docs/pv-decisions.md D2, D19-D23): deltarf pv's --json results under Eq. (1)'s
# t0 = NBTI and t0 = PV, Fig. 12 (normalized guardband per trace, beside the paper's values of
# data/papers/reproduction.tsv) and Fig. 8 (chip 1's virtual banks) drawn with gnuplot.
# Part of tools/report/eval_report.py.
import os

from tools.report import eval_plots as ep
from tools.report.eval_report_common import ReportError, field, gnuplot, load_flow, num, order, table, write_text

PVOPT, NBTIOPT, BASE, VLSB = "PV-opt (+hybrid)", "PV-opt+NBTI-opt", "baseline", "VL-SB+RF-BRO"
COLUMNS = ["scheme", "busiest bank share", "idlest bank share", "slow-bank accesses",
           "norm. freq. t=0", "norm. freq. {y}y", "guardband (NBTI)", "norm. guardband",
           "loss vs ideal {y}y"]
FIELDS = ["util_max_share", "util_min_share", "slow_share", "freq0", "freq_aged", "guardband",
          "norm_guardband", "loss_total"]


def schemes(obj, where):
    """{scheme name: its object}, in the run's order."""
    s = obj.get("schemes")
    if not isinstance(s, list) or not all(isinstance(x, dict) and "scheme" in x for x in s):
        raise ReportError(f"{where}: no schemes")
    return {x["scheme"]: x for x in s}


def sch(obj, name, key, where):
    by = schemes(obj, where)
    if name not in by:
        raise ReportError(f"{where}: no scheme {name}")
    return field(by[name], key, f"{where} {name}")


def trace_block(name, o):
    """One trace's table and notes, as `deltarf pv` prints them."""
    w = f"pv/{name}"
    n = {k: field(o, k, w) for k in ("accesses", "warp_accesses", "wavefronts", "work_groups",
                                     "blocks", "sms", "split", "waited", "sm_peak_warps",
                                     "sm_peak_blocks", "sm_peak_regs", "slot_reuse",
                                     "partial_accesses", "chips", "years")}
    y = n["years"]
    rows = [[s] + [f"{field(x, k, f'{w} {s}'):.3f}" for k in FIELDS]
            for s, x in schemes(o, w).items()]
    vlsb_gain = 100 * (sch(o, VLSB, "freq0", w) / sch(o, BASE, "freq0", w) - 1)
    return [
        f"trace: {n['work_groups']} work-groups, {n['wavefronts']} wavefronts",
        f"trace: on the paper's GPU: {n['blocks']} blocks on {n['sms']} SMs, {n['split']} "
        f"work-groups split, {n['waited']} blocks waited for room; an SM held at most "
        f"{n['sm_peak_warps']} warps, {n['sm_peak_blocks']} blocks, {n['sm_peak_regs']} registers "
        "at once; docs/pv-decisions.md D23",
        f"trace: {n['slot_reuse']} wavefronts placed on an SM after a block of it ended (FWAS can "
        "change bank use only through them), "
        f"{n['partial_accesses']} of {n['warp_accesses']} warp accesses by one half of the threads "
        "(hybrid banks act only on them); docs/pv-decisions.md D22", "",
        f"## {name}: {n['accesses']} accesses, {n['wavefronts']} wavefronts, {n['sms']} SMs, "
        f"{n['chips']} chips, {y} years, Eq. (1) t0 {o.get('t0')}", ""] + \
        table([c.format(y=y) for c in COLUMNS], rows) + [
        "", "Guardband (Sections 1, 4.1): the frequency given up to absorb NBTI, fresh / aged "
        "frequency - 1 (NBTI only, against the fresh cycle; Section 6.2's Fig. 12 normalizes it to "
        "the baseline's); loss vs ideal: 1 - aged frequency (PV and NBTI, against the chip without "
        "either, Fig. 13's reading). K_v: calibrated once on the aging paper's baseline Ts "
        "increase over its lifetime (Sec. 6.4), one law for every technique (ours, "
        "docs/pv-decisions.md D2).", "",
        f"Ours (every number of the table; docs/pv-decisions.md D2, D19-D23): baseline "
        f"{sch(o, BASE, 'freq0', w):.3f}, VL-SB gain {vlsb_gain:+.1f}%, PV-opt norm. guardband "
        f"{sch(o, PVOPT, 'norm_guardband', w):.3f}, PV-opt+NBTI-opt "
        f"{sch(o, NBTIOPT, 'norm_guardband', w):.3f}.", ""]


def fig12_rows(runs, t0pv, names):
    """Per trace: PV-opt and PV-opt+NBTI-opt normalized guardband, t0 = NBTI then t0 = PV."""
    rows = []
    for t in names:
        if t not in t0pv:
            raise ReportError(f"pv-t0pv/{t}: missing (the t0 = PV run of {t})")
        rows.append([t] + [sch(o, s, "norm_guardband", f"{fl}/{t}")
                           for fl, o in (("pv", runs[t]), ("pv-t0pv", t0pv[t])) for s in (PVOPT, NBTIOPT)])
    return rows


def fig8_lines(obj, where):
    """Chip 1's virtual banks under PV-opt: index, utilisation, fresh and aged delay, boundary."""
    by = schemes(obj, where)
    if PVOPT not in by or not isinstance(by[PVOPT].get("banks"), list):
        raise ReportError(f"{where}: no {PVOPT} banks")
    b0 = field(by[PVOPT], "boundary0", where)
    return "".join(f"{i}\t{field(b, 'util', where):g}\t{field(b, 'delay0', where):g}\t"
                   f"{field(b, 'delay', where):g}\t{b0:g}\n" for i, b in enumerate(by[PVOPT]["banks"]))


def plots(out_dir, runs, names, rows, papers):
    d = os.path.join(out_dir, "pv")
    plot_dir = os.path.join(out_dir, "plots")
    os.makedirs(plot_dir, exist_ok=True)
    write_text(os.path.join(d, "fig12.dat"),
               "".join("\t".join([r[0]] + [f"{v:.6f}" for v in r[1:]]) + "\n" for r in rows))
    first = runs[names[0]]
    chips, years = first.get("chips"), first.get("years")
    p_opt, p_nbti = papers.value("pv.guardband.pvopt"), papers.value("pv.guardband.pvopt_nbtiopt")
    paper_lines = (f", {p_opt:g} with lines dt 2 lw 2 title \"paper PV-opt\", {p_nbti:g} with lines "
                   f"dt 3 lw 2 title \"paper PV-opt+NBTI-opt\"")
    gp = [ep.terminal(f"{plot_dir}/pv-fig12-guardband.svg", ep.chart_width(len(rows)), 520),
          "set logscale y\n",
          ep.bars(f"Fig. 12 (ours): normalized guardband ({chips} chips, {years} years); paper: "
                  f"{num(p_opt)}, {num(p_nbti)}", "guardband / baseline guardband", f"{d}/fig12.dat",
                  ["PV-opt", "PV-opt+NBTI-opt", "PV-opt, Eq. (1) t0 = PV", "PV-opt+NBTI-opt, t0 = PV"],
                  yrange="[*:*]", extra=paper_lines, columns=3)]
    for t in names:
        f = os.path.join(d, f"fig8-{t}.dat")
        write_text(f, fig8_lines(runs[t], f"pv/{t}"))
        gp.append(ep.terminal(f"{plot_dir}/pv-fig8-{t}.svg", 900, 480) + ep.legend_below() + f"""set title "Fig. 8: {t}, chip 1, PV-opt: virtual-bank latency and utilisation"
set xlabel "virtual bank"; set ylabel "latency (relative to nominal)"; set y2label "utilisation"
set ytics nomirror; set y2tics; set xrange [-0.5:15.5]
plot "{f}" using 1:2 axes x1y2 with boxes fill solid 0.3 title "utilisation", \\
     '' using 1:3 with linespoints title "latency, fresh", '' using 1:4 with linespoints title "latency, {years} years", \\
     '' using 1:5 with lines dt 2 title "boundary"
""")
    script = os.path.join(d, "pv.gp")
    write_text(script, "".join(gp))
    gnuplot(script)


def write(results, papers, out_dir):
    """report-pv.md's text (None when there are no pv results); Figs. 12 and 8."""
    runs = load_flow(results, "pv")
    if not runs:
        return None
    names = order(runs, [])
    t0pv = load_flow(results, "pv-t0pv")
    rows = fig12_rows(runs, t0pv, names)
    lines = ["## PV/NBTI banked register file (pv-nbti-banked-rf paper; docs/pv-decisions.md D19-D22)",
             ""]
    for t in names:
        lines += trace_block(t, runs[t])
    lines += ["Fig. 12, normalized guardband per trace (ours) under Eq. (1)'s t0 = NBTI and with "
              "Delta Vth_t0 = the PV shift (`--t0 pv`, the literal reading; docs/pv-decisions.md D2), "
              "beside the paper's:", ""]
    lines += table(["trace", "PV-opt", "PV-opt+NBTI-opt", "PV-opt, t0 = PV", "PV-opt+NBTI-opt, t0 = PV"],
                   [[r[0]] + [f"{v:.3f}" for v in r[1:]] for r in rows] +
                   [["paper (Section 6.2)", num(papers.value("pv.guardband.pvopt")),
                     num(papers.value("pv.guardband.pvopt_nbtiopt")), "", ""]])
    plots(out_dir, runs, names, rows, papers)
    return "\n".join(lines) + "\n"
