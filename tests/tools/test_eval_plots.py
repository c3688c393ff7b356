#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/report/eval_plots.py, make eval's plots (docs/eval.md): every
chart's legend outside the data and its kernel names level, bar charts as wide as their groups,
gnuplot strings quoted, and (with gnuplot installed) the sim figures drawn from a small data set."""
import os
import re
import shutil
import tempfile
import unittest

from tools.report import eval_plots as ep

SCHEMES = ["baseline", "rar", "rc", "rc+rar", "wc", "argo"]
BENCHES = ["DCT", "Reduction"]


def write(path, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join("\t".join(str(c) for c in r) + "\n" for r in rows))


def sim_data(d):
    """DATA/plot/*.dat and DATA/<bench>/regs.tsv as tools/report/eval_report_sim.py writes them."""
    table = os.path.join(d, "plot")
    write(os.path.join(table, "fig7.dat"), [[b, 0.2, 0.2, 0.2, 0.2, 0.2] for b in BENCHES])
    for name in ("l0", "l1", "d0", "d1"):
        write(os.path.join(table, f"{name}.dat"), [[b] + [0.5] * 6 for b in BENCHES + ["average"]])
    write(os.path.join(table, "fig12.dat"), [[bit] + [0.3, 0.3, 0.4] * 6 for bit in range(8)])
    for b in BENCHES:
        write(os.path.join(d, b, "regs.tsv"), [[r] + [0.5] * 12 for r in range(4)])


class Style(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        sim_data(self.d)
        self.script = ep.sim_script(self.d, os.path.join(self.d, "plots"), BENCHES, SCHEMES)

    def tearDown(self):
        shutil.rmtree(self.d)

    def test_every_legend_outside_below_no_slanted_names(self):
        keys = re.findall(r"^set key .*$", self.script, re.M)
        self.assertTrue(keys)
        for k in keys:
            self.assertTrue(k.startswith("set key outside center bottom"), k)
        self.assertNotIn("rotate", self.script)

    def test_every_figure_once_dct_as_drawn_by_the_paper(self):
        outs = re.findall(r'^set output "[^"]*/([^/"]+)"', self.script, re.M)
        self.assertEqual(sorted(outs), sorted(["fig7.svg", "fig13.svg", "fig16.svg", "fig19.svg",
                                               "fig12.svg", "regs-DCT.svg", "regs-Reduction.svg",
                                               "fig15.svg", "fig18.svg"]))

    def test_width_grows_with_groups(self):
        self.assertEqual(ep.chart_width(2), ep.MIN_WIDTH)
        self.assertEqual(ep.chart_width(20), 21 * ep.GROUP_PX + 120)

    def test_quote(self):
        self.assertEqual(ep.quote('a"b\\c'), '"a\\"b\\\\c"')

    def test_missing_data_one_line_error(self):
        os.remove(os.path.join(self.d, "plot", "l0.dat"))
        with self.assertRaisesRegex(ep.ReportError, "l0.dat"):
            ep.sim_script(self.d, self.d, BENCHES, SCHEMES)

    @unittest.skipIf(shutil.which("gnuplot") is None, "gnuplot not installed")
    def test_gnuplot_draws_every_figure(self):
        plots = os.path.join(self.d, "plots")
        self.assertTrue(ep.draw_sim(self.d, plots, BENCHES, SCHEMES))
        for f in re.findall(r'^set output "([^"]+)"', self.script, re.M):
            with open(f, encoding="utf-8") as fh:
                self.assertIn("<svg", fh.read(400))


if __name__ == "__main__":
    unittest.main()
