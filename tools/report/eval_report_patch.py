# SPDX-License-Identifier: Apache-2.0
# make eval's section on DC-Patch (dc-patch paper Section III and V-A: Figs. 2, 3, 5, 6, the LDS
# spill partition): deltarf patch's --json results per trace, scenario and placement beside the
# paper's values (data/papers/reproduction.tsv; docs/eval-patch.md). Part of tools/report/eval_report.py.
from tools.report.eval_report_common import ReportError, field, load_flow, mean, num, table, wall_seconds

SCENARIOS = ["common", "clustered", "dispersed"]
PLACEMENTS = ["recorded", "packed"]
CATS = ["reliable_uncompressed", "reliable_compressed", "faulty_uncompressed", "faulty_compressed"]
CAT_NAMES = ["reliable entries, uncompressed", "reliable entries, compressed",
             "faulty entries, uncompressed", "faulty entries, compressed"]
SHARE_NAMES = ["reliable, uncompressed", "reliable, compressed", "faulty, uncompressed",
               "faulty, compressed"]
HEADER = ["trace", "scenario", "placement", "compressed writes", "rel. unc.", "rel. comp.",
          "faulty unc.", "faulty comp.", "allocated", "normal", "patch faulty", "patch reliable",
          "LDS", "mispredicted", "spill peak KB", "spill peak KB a CU", "reads", "lost"]


def flow(sc, pol):
    """The results folder of a scenario under a placement (tools/run/eval_run.sh)."""
    return f"patch-{sc}" + ("-recorded" if pol == "recorded" else "")


def figures(obj, where):
    """The percentages of one run, by quantity."""
    f = {"compressed": 100 * field(obj, "fig2.compressed", where),
         "utilisation": 100 * field(obj, "utilisation", where),
         "normal": 100 * field(obj, "fig5.normal", where),
         "patch_faulty": 100 * field(obj, "fig5.patch_faulty", where),
         "patch_reliable": 100 * field(obj, "fig5.patch_reliable", where),
         "lds": 100 * field(obj, "fig5.lds", where),
         "mispredicted": 100 * field(obj, "fig6.mispredicted", where),
         "spill_kb": field(obj, "fig6.spill_peak_kb", where),
         "spill_cu_kb": field(obj, "fig6.spill_peak_cu_kb", where),
         "reads": field(obj, "reads", where),
         "lost": field(obj, "lost", where) + field(obj, "dropped", where)}
    for c in CATS:
        f[c] = 100 * field(obj, f"fig3_conventional.{c}", where)
    f["patches"] = f["patch_faulty"] + f["patch_reliable"]
    return f


def run_row(trace, sc, pol, f):
    return [trace, sc, pol, f"{f['compressed']:.1f}"] + [f"{f[c]:.1f}" for c in CATS] + \
           [f"{f[k]:.1f}" for k in ("utilisation", "normal", "patch_faulty", "patch_reliable", "lds")] + \
           [f"{f['mispredicted']:.2f}", f"{f['spill_kb']:.2f}", f"{f['spill_cu_kb']:.2f}", f["reads"],
            f["lost"]]


def far(x, ref):
    """A large difference: more than 5 points, or more than 1 point and a factor 2."""
    d = abs(x - ref)
    return d > 5 or (d > 1 and (x > 2 * ref or ref > 2 * x))


class Against:
    """The table against the paper: means over the traces per scenario and placement."""

    def __init__(self, runs):
        self.runs = runs  # (sc, pol) -> [figures]
        self.rows, self.big = [], set()

    def avg(self, sc, pol, key):
        return mean(f[key] for f in self.runs.get((sc, pol), []))

    def row(self, name, paper, key, sc, paper_text=None):
        ours = [self.avg(sc, pol, key) for pol in PLACEMENTS]
        self.rows.append([name, paper_text or num(paper)] + [f"{v:.1f}" for v in ours])
        if paper is not None and paper_text is None and any(far(v, paper) for v in ours):
            self.big.add(key + " " + sc)

    def share(self, name, paper, key, sc):
        ours = []
        for pol in PLACEMENTS:
            tot = sum(self.avg(sc, pol, c) for c in CATS)
            ours.append(100 * self.avg(sc, pol, key) / tot if tot else 0.0)
        self.rows.append([name, f"{paper:.1f}"] + [f"{v:.1f}" for v in ours])


def against(runs, papers):
    p = papers
    a = Against(runs)
    a.row("Fig. 2 compressed writes (common)", p.value("dcpatch.compressed_writes"), "compressed", "common")
    for sc in ("common", "dispersed"):
        for c, name in zip(CATS, CAT_NAMES):
            a.row(f"Fig. 3 {name} ({sc})", p.value(f"dcpatch.fig3.{sc}.{c}"), c, sc)
    occupied = sum(p.value(f"dcpatch.fig3.common.{c}") for c in CATS)
    for c, name in zip(CATS, SHARE_NAMES):
        a.share(f"Fig. 3 share of occupied entries: {name} (common)",
                100 * p.value(f"dcpatch.fig3.common.{c}") / occupied, c, "common")
    normal = p.value("dcpatch.writes_without_patch")
    a.row("register file utilisation (common)", p.value("dcpatch.utilisation"), "utilisation", "common")
    a.row("Fig. 5 normal writes (common)", normal, "normal", "common")
    a.row("Fig. 5 patches, faulty + reliable (common)", 100 - normal, "patches", "common")
    a.row("Fig. 5 LDS writes (dispersed)", None, "lds", "dispersed",
          f"BlackS {num(p.value('dcpatch.lds_writes.BlackScholes'))}, none noticeable elsewhere")
    a.row("Fig. 6 mispredicted writes (common)", p.value("dcpatch.mispeculated_writes"),
          "mispredicted", "common")
    peaks = [max((f["spill_cu_kb"] for f in runs.get(("dispersed", pol), [])), default=0.0)
             for pol in PLACEMENTS]
    others = [p.value(f"dcpatch.spill_kb.{k}") for k in ("Histogram", "MatrixMultiplication")]
    a.rows.append(["spill partition peak, KB a compute unit (dispersed, largest trace)",
                   f"{num(p.value('dcpatch.spill_kb.BlackScholes'))} (BlackS), <= {num(max(others))} "
                   "others"] + [f"{v:.2f}" for v in peaks])
    return a


def why(a, papers, n_traces):
    """The sentences on the large differences."""
    out = []
    if "compressed common" in a.big:
        out.append(f"- Fig. 2: {n_traces} kernels are not the paper's suite. RadixSort sorts rand() "
                   "keys and almost nothing compresses; about half of Reduction's writes are "
                   "divergent, which disables compression; DCT, mostly work-item-id arithmetic, "
                   "compresses most of its writes.")
    if {"utilisation common", "reliable_compressed common", "reliable_uncompressed common"} & a.big:
        out.append("- Fig. 3 and utilisation: the recorded runs put 1-4 wavefronts on a SIMD, so "
                   "under the recorded placement a few % of a slice is live. The packed placement "
                   "reaches the aging paper's Table 5 occupancy only where many wavefronts run at "
                   "once (DCT, SimpleConvolution); RadixSort and Reduction never have more than a "
                   "few live. Registers are counted once written. The share rows remove the "
                   "utilisation: there the reliable/faulty split follows the fault map and the "
                   "compressed share follows Fig. 2.")
    if {"normal common", "patches common"} & a.big:
        out.append("- Fig. 5: RadixSort (about 99 % normal writes: long wavefronts whose registers "
                   "almost never change compression state) lifts the mean; the other traces are "
                   "within a few points of the paper's "
                   f"{num(papers.value('dcpatch.writes_without_patch'))} %.")
    if "mispredicted common" in a.big:
        out.append("- Fig. 6: MatrixTranspose's registers repeat every 16 lanes (16 x 16 "
                   "work-groups), so block 0 looks compressible and the whole register is not: half "
                   "of its writes mispredict, which lifts the mean. The other traces mispredict "
                   "under 1 %.")
    return out


def write(results, papers, out_dir):
    """report-patch.md's text; None when there are no patch results."""
    runs, table_rows, maps, wall, traces = {}, [], set(), 0.0, set()
    for sc in SCENARIOS:
        for pol in PLACEMENTS:
            fl = flow(sc, pol)
            wall += sum(wall_seconds(results, fl).values())
            for t, obj in load_flow(results, fl).items():
                where = f"{fl}/{t}"
                if obj.get("placement") != pol or obj.get("scenario") != sc:
                    raise ReportError(f"{where}: not a {sc} run under --map {pol}")
                maps.add(field(obj, "maps", where))
                traces.add(t)
                runs.setdefault((sc, pol), []).append(figures(obj, where))
                table_rows.append((t, SCENARIOS.index(sc), PLACEMENTS.index(pol),
                                   run_row(obj.get("trace", t), sc, pol, runs[(sc, pol)][-1])))
    if not runs:
        return None
    nmaps = "/".join(str(m) for m in sorted(maps))
    lost = sum(f["lost"] for fs in runs.values() for f in fs)
    a = against(runs, papers)
    lines = [
        "## DC-Patch", "",
        "`deltarf patch` (docs/eval-patch.md): every trace replayed through the",
        "cycle-level slice model (PT, PSU, speculative Com unit with its DRB, Dec units, LDS spill",
        f"partition) on {nmaps} Table 1 fault maps per slice (seed 1), for each scenario and both",
        "placements of wavefronts on slices (`--map`, eval/trace/place.h, shared with `deltarf sim`):",
        "`recorded` (the trace's own SIMD, 1-4 wavefronts a slice) and `packed` (the default: the",
        "lowest slice that is empty or holds windows of the same size with one free, up to 16",
        "wavefronts a slice, the occupancy of the aging paper's Table 5).",
        "Every read is checked against the last value written: the `lost` column (lost reads plus",
        "dropped writes) must be 0.", "",
        "Percentages. Fig. 2: writes stored compressed. Fig. 3: entries per cycle (trace cycles)",
        "holding a register, by the reliability of the entry (fault map) and the register's state,",
        "each register counted in its own window entry as in the paper's conventional register file;",
        "allocated: entries of live windows. Fig. 5: writes that are normal, patches to a faulty or",
        "reliable entry, LDS writes. Fig. 6: mispredicted writes; spill partition peak (256 B a slot)",
        "of a slice and of a compute unit (its four slices share the LDS, docs/eval-patch.md",
        "decision 9).", ""]
    lines += table(HEADER, [r[3] for r in sorted(table_rows, key=lambda r: r[:3])],
                   ["l", "l", "l"] + ["r"] * (len(HEADER) - 3))
    lines += ["", "### Against the paper (mean over the traces, percent)", ""]
    lines += table(["figure, quantity", "paper (suite mean)", "ours, recorded", "ours, packed"], a.rows)
    lines += ["", "Large differences (more than 5 points, or a factor 2 above 1 point):", ""]
    lines += why(a, papers, len(traces))
    lines += ["", f"lost reads + dropped writes over every run: {lost}", "",
              f"Run: `make eval-patch` ({wall:.1f} s wall)."]
    return "\n".join(lines) + "\n"
