/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare's common axes (docs/compare.md, all rules ours): one energy model
 * (the aging paper's Table 2 slice as the register file, other papers' arrays by their ratio to
 * their own conventional RF, added logic from make power as data), one ageing model (Eq. 1-2 of
 * the PV paper on the longest '0'/'1' duty cycle), first-order extra cycles, logic area. */
#include "eval/compare/compare_internal.h"

#include <math.h>

#include "drf_energy.h"
#include "eval/pv/pv_varius.h"
#include "eval/timeline/timeline.h"

#define COMMON_NODE_NM DRF_NODE_AGING_NM
#define CLOCK_NS 1.0 /* the traces' GPU clock, 1 GHz (data/traces/README.md) */
#define SLICE_AREA_UM2 (DRF_PAPER_AGING_TABLE2_AREA_SLICE * 1e6)

/* --- added logic (data/power/logic.tsv at 45 nm; arrays: the papers' areas) ---------------- */
enum blk {
    B_RC_COMPRESS, B_RC_DECOMPRESS, B_RC_CTABLE, B_RAR_PHYS, B_RAR_ALLOC, B_DCP_PT,
    B_DCP_COMPRESS, B_DCP_DECOMPRESS, B_PSU, B_PILOT_PROFILER, B_PILOT_SWAP, B_FRF_MODE,
    B_PV_MAP, B_PV_ORG, B_PV_RENAME, B_PV_ARB, B_PV_FWAS, BLKS
};

typedef struct {
    double leak_uw, energy_pj, node_nm, area_um2, area_node_nm;
} logic_block;

#define LOGIC(b) {DRF_LOGIC_##b##_LEAKAGE_UW, DRF_LOGIC_##b##_ENERGY_PJ, DRF_LOGIC_##b##_NODE_NM, \
                  DRF_LOGIC_##b##_AREA_UM2, DRF_LOGIC_##b##_NODE_NM}
/* an array's periphery from make power, its area the paper's (mm2 at the paper's node) */
#define MACRO(b, mm2, node) {DRF_LOGIC_##b##_LEAKAGE_UW, DRF_LOGIC_##b##_ENERGY_PJ,               \
                             DRF_LOGIC_##b##_NODE_NM, (mm2) * 1e6, node}

static const logic_block blocks[BLKS] = {
    [B_RC_COMPRESS] = LOGIC(RC_COMPRESS),
    [B_RC_DECOMPRESS] = LOGIC(RC_DECOMPRESS),
    [B_RC_CTABLE] = MACRO(RC_CTABLE, DRF_PAPER_AGING_TABLE2_AREA_COMP_TABLE, DRF_NODE_AGING_NM),
    [B_RAR_PHYS] = LOGIC(RAR_PHYS),
    [B_RAR_ALLOC] = LOGIC(RAR_ALLOC),
    [B_DCP_PT] = MACRO(DCP_PT, DRF_PAPER_DCPATCH_TABLE2_AREA_PT, DRF_NODE_DCPATCH_NM),
    [B_DCP_COMPRESS] = LOGIC(DCP_COMPRESS),
    [B_DCP_DECOMPRESS] = LOGIC(DCP_DECOMPRESS),
    [B_PSU] = LOGIC(PSU),
    [B_PILOT_PROFILER] = LOGIC(PILOT_PROFILER),
    [B_PILOT_SWAP] = LOGIC(PILOT_SWAP_TABLE),
    [B_FRF_MODE] = LOGIC(FRF_MODE_CTL),
    [B_PV_MAP] = LOGIC(PV_BANK_MAP),
    [B_PV_ORG] = LOGIC(PV_BANK_ORG),
    [B_PV_RENAME] = LOGIC(PV_BANK_RENAME),
    [B_PV_ARB] = LOGIC(PV_BUSY_ARB),
    [B_PV_FWAS] = LOGIC(PV_FWAS),
};

/* A technique's energy and area, added up part by part; its added units by their paper's
 * figures (units_pj of the energy) and by our synthesis (units_synth_pj, the named variant
 * beside them); cycles: its cycles over the baseline's on the issue model. */
typedef struct {
    double dyn_pj, leak_pj, area_um2, units_pj, units_synth_pj, cycles;
} tally;

/* Block b's energy of n operations and its leakage over `time` cycles, at the common
 * node (first order: energy and leakage x node / 45, data/papers/nodes.tsv); its area x
 * (node / 45)^2. */
static double logic_pj(enum blk b, double ops, double time)
{
    const logic_block *l = &blocks[b];
    return (ops * l->energy_pj + l->leak_uw * 1e-3 * time) * COMMON_NODE_NM / l->node_nm;
}

static void add_area(tally *t, enum blk b)
{
    const double ka = COMMON_NODE_NM / blocks[b].area_node_nm;
    t->area_um2 += blocks[b].area_um2 * ka * ka;
}

/* A block whose paper gives no figures: our synthesis is its only source. */
static void add_logic(tally *t, enum blk b, double ops, double time)
{
    const logic_block *l = &blocks[b];
    const double k = COMMON_NODE_NM / l->node_nm;
    t->dyn_pj += ops * l->energy_pj * k;
    t->leak_pj += l->leak_uw * 1e-3 * time * k; /* mW x ns = pJ at 1 GHz */
    add_area(t, b);
}

/* A block the paper gives figures for (counted by the caller): our synthesis as the variant. */
static void add_synth_variant(tally *t, enum blk b, double ops, double time)
{
    t->units_synth_pj += logic_pj(b, ops, time);
    add_area(t, b);
}

/* Paper figures of the added units, dynamic and leakage. */
static void add_paper_units(tally *t, double dyn_pj, double leak_pj)
{
    t->dyn_pj += dyn_pj;
    t->leak_pj += leak_pj;
    t->units_pj += dyn_pj + leak_pj;
}

/* --- the rows ---------------------------------------------------------------------------- */
static void na(cmp_row *r, enum cmp_axis a, const char *why)
{
    r->v[a] = NAN;
    r->na[a] = why;
}

/* Eq. (1)-(2) on the cell stressed longest: its Vth shift after the years and the delay
 * guardband of a nominal cell (alpha-power law), the same for every technique. */
static void ageing(cmp_row *r, double longest0, double longest1, double years)
{
    const double duty = fmax(longest0, longest1);
    r->v[CMP_LONGEST0] = longest0;
    r->v[CMP_LONGEST1] = longest1;
    r->v[CMP_DVTH_MV] = 1e3 * pv_nbti_dvth(duty, years * PV_YEAR_S, 0);
    r->v[CMP_GUARDBAND_PCT] = 100 * pv_ts_increase(duty, years);
}

/* The energy, performance and area axes (the rows count leakage over the technique's own time:
 * the slices' busy time x its cycles over the baseline's on the issue model). */
static void fill(cmp_row *r, const tally *t, const cmp_row *base, double base_cycles)
{
    r->v[CMP_DYNAMIC_PJ] = t->dyn_pj;
    r->v[CMP_LEAKAGE_PJ] = t->leak_pj;
    r->v[CMP_ENERGY_PJ] = t->dyn_pj + t->leak_pj;
    const double synth = r->v[CMP_ENERGY_PJ] + t->units_synth_pj - t->units_pj;
    if (base && !(base->v[CMP_ENERGY_PJ] > 0)) {
        na(r, CMP_ENERGY_SAVING_PCT, "the baseline spends no energy (no register-file activity)");
        na(r, CMP_ENERGY_SAVING_SYNTH_PCT, r->na[CMP_ENERGY_SAVING_PCT]);
    } else {
        r->v[CMP_ENERGY_SAVING_PCT] =
            base ? 100 * (1 - r->v[CMP_ENERGY_PJ] / base->v[CMP_ENERGY_PJ]) : 0;
        r->v[CMP_ENERGY_SAVING_SYNTH_PCT] = base ? 100 * (1 - synth / base->v[CMP_ENERGY_PJ]) : 0;
    }
    r->v[CMP_CYCLES] = base_cycles * t->cycles;
    r->v[CMP_EXTRA_CYCLES] = base_cycles * (t->cycles - 1);
    r->v[CMP_PERF_OVERHEAD_PCT] = 100 * (t->cycles - 1);
    r->v[CMP_AREA_UM2] = t->area_um2;
    r->v[CMP_AREA_OVERHEAD_PCT] = 100 * t->area_um2 / SLICE_AREA_UM2;
}

/* Cycles of technique k on an issue model over its baseline's there (1: no event). */
static double cycle_ratio(const uint64_t *cycles, unsigned k, unsigned base)
{
    return cycles[base] ? (double)cycles[k] / (double)cycles[base] : 1.0;
}

_Static_assert(TL_PV_SLOW_EXTRA == 1 && DRF_PILOT_LAT_FRF_LOW - DRF_PILOT_LAT_FRF_HIGH == 1 &&
                   DRF_PILOT_LAT_SRF - DRF_PILOT_LAT_FRF_HIGH == 2,
               "the issue model probes accesses one and two cycles slower");

/* The aging paper's slice under a scheme: its array energy (Table 2, sim's replay, leakage over
 * the scheme's time) and its wake-ups' energy; its time on the replay's issue model over the
 * folded passes (the same events as compare's own lanes). */
static tally slice_tally(const sim_result *s)
{
    return (tally){.dyn_pj = s->energy[SIM_E_SLICE_DYN] + s->energy[SIM_E_WAKEUP],
                   .leak_pj = s->energy[SIM_E_SLICE_LEAK], .cycles = 1 + s->perf_overhead};
}

/* RC's units as the replay counts them with aging Table 2 (the compression and decompression
 * units and the compression table); our synthesis beside them: every register write through
 * the compression unit (a subwavefront an operation), compressed reads and special MOVs through
 * the decompression unit, every access looking the table up (its array still Table 2's). */
static void add_rc(tally *t, const sim_result *s, double time)
{
    add_paper_units(t, s->energy[SIM_E_LOGIC_DYN], s->energy[SIM_E_LOGIC_LEAK]);
    add_synth_variant(t, B_RC_COMPRESS, (double)DRF_SUBWAVEFRONTS * (double)s->writes, time);
    add_synth_variant(t, B_RC_DECOMPRESS,
                      (double)DRF_SUBWAVEFRONTS * (double)(s->compressed_reads + s->movs), time);
    add_synth_variant(t, B_RC_CTABLE, (double)(s->reads + s->writes), time);
    t->units_synth_pj +=
        (double)s->reads * DRF_PAPER_AGING_TABLE2_ENERGY_COMP_TABLE_READ +
        (double)s->compressed_writes * DRF_PAPER_AGING_TABLE2_ENERGY_COMP_TABLE_WRITE +
        DRF_PAPER_AGING_TABLE2_LEAKAGE_COMP_TABLE * time;
}

static void sim_rows(const cmp_inputs *in, cmp_result *out)
{
    const double busy = in->sim_stats.busy_cycles, waves = (double)in->sim_stats.wavefronts;
    static const struct {
        enum cmp_tech t;
        sim_scheme k;
    } map[] = {{CMP_BASELINE, SIM_BASE}, {CMP_RC, SIM_RC}, {CMP_RCRAR, SIM_RCRAR},
               {CMP_WC, SIM_WC}, {CMP_ARGO, SIM_ARGO}};
    for (unsigned i = 0; i < sizeof map / sizeof map[0]; i++) {
        const sim_result *s = &in->sim[map[i].k];
        tally t = slice_tally(s);
        const double time = busy * t.cycles;
        if (map[i].t == CMP_RC || map[i].t == CMP_RCRAR)
            add_rc(&t, s, time);
        /* RAR's and ARGO's logic: aging Table 2 gives none (the replay counts none); ours */
        if (map[i].t == CMP_RCRAR)
            add_synth_variant(&t, B_RAR_PHYS, (double)(s->reads + s->writes), time);
        if (map[i].t == CMP_RCRAR || map[i].t == CMP_ARGO)
            add_synth_variant(&t, B_RAR_ALLOC, 2 * waves, time); /* allocation and release */
        if (map[i].t == CMP_WC) { /* WC's units are not ours: the paper's (sim's replay) */
            add_paper_units(&t, s->energy[SIM_E_LOGIC_DYN], s->energy[SIM_E_LOGIC_LEAK]);
            t.units_synth_pj = t.units_pj;
        }
        cmp_row *r = &out->tech[map[i].t];
        fill(r, &t, map[i].t == CMP_BASELINE ? NULL : &out->tech[CMP_BASELINE],
             (double)in->cycles[CMP_TL_BASE]);
        if (map[i].t == CMP_WC) {
            na(r, CMP_AREA_UM2, "WC's units are not among the synthesised blocks");
            na(r, CMP_AREA_OVERHEAD_PCT, "WC's units are not among the synthesised blocks");
        }
        ageing(r, s->longest[0], s->longest[1], in->years);
    }
}

/* DC-Patch Table 2's slice at each scenario's Vdd over the conventional slice at nominal Vdd:
 * read energy, write energy, static power. */
static const double dcp_slice_ratio[FM_SCENARIOS][3] = {
    [FM_COMMON] = {DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ_COMMON,
                   DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE_COMMON,
                   DRF_PAPER_DCPATCH_TABLE2_STATIC_SLICE_COMMON},
    [FM_CLUSTERED] = {DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ_CLUSTERED,
                      DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE_CLUSTERED,
                      DRF_PAPER_DCPATCH_TABLE2_STATIC_SLICE_CLUSTERED},
    [FM_DISPERSED] = {DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ_DISPERSED,
                      DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE_DISPERSED,
                      DRF_PAPER_DCPATCH_TABLE2_STATIC_SLICE_DISPERSED}};
static const double dcp_slice_conv[3] = {DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ,
                                         DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE,
                                         DRF_PAPER_DCPATCH_TABLE2_STATIC_SLICE};

/* A DC-Patch figure in the common slice's terms (decision 8): its ratio to DC-Patch's
 * conventional slice (a 64-byte block's read or write, or its static power) times the common
 * slice's (a block: a register's over its subwavefronts). */
static double dcp_read_pj(double pj)
{
    return pj / DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ *
           DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ / DRF_SUBWAVEFRONTS;
}

static double dcp_write_pj(double pj)
{
    return pj / DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE *
           DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_WRITE / DRF_SUBWAVEFRONTS;
}

static double dcp_static_mw(double mw)
{
    return mw / DRF_PAPER_DCPATCH_TABLE2_STATIC_SLICE * DRF_PAPER_AGING_TABLE2_LEAKAGE_SLICE;
}

/* DC-Patch's units at nominal Vdd, Table 2 (decision 8): Com per block written, Dec per block
 * of a compressed read (the compressed share of the writes), the PSU per patch; our synthesis
 * beside them. */
static void add_dcp_units(tally *t, const pa_stats *p, double time)
{
    const double blocks_w = DRF_SUBWAVEFRONTS * (double)p->writes;
    const double comp_share = p->writes ? (double)p->compressed / (double)p->writes : 0;
    const double blocks_r = DRF_SUBWAVEFRONTS * comp_share * (double)p->reads;
    const double patches = (double)(p->ev[DCP_EV_FAULTY] + p->ev[DCP_EV_RELIABLE] +
                                    p->ev[DCP_EV_SPILL]);
    add_paper_units(t,
                    blocks_w * dcp_write_pj(DRF_PAPER_DCPATCH_TABLE2_ENERGY_COM_WRITE) +
                        blocks_r * dcp_read_pj(DRF_PAPER_DCPATCH_TABLE2_ENERGY_DEC_READ) +
                        patches * dcp_write_pj(DRF_PAPER_DCPATCH_TABLE2_ENERGY_PSU_WRITE),
                    time * dcp_static_mw(DRF_PAPER_DCPATCH_TABLE2_STATIC_COM +
                                         DRF_PAPER_DCPATCH_TABLE2_STATIC_DEC +
                                         DRF_PAPER_DCPATCH_TABLE2_STATIC_PSU));
    add_synth_variant(t, B_DCP_COMPRESS, blocks_w, time);
    add_synth_variant(t, B_DCP_DECOMPRESS, blocks_r, time);
    add_synth_variant(t, B_PSU, patches, time);
}

/* DC-Patch: the common slice's reads, writes and leakage scaled by DC-Patch Table 2's slice at
 * the scenario's Vdd over its conventional slice; its units (add_dcp_units); the PT on every
 * access (its array by Table 2's ratio to the conventional slice, its periphery from
 * synthesis); an LDS access costs a nominal slice read. */
static void dcpatch_row(const cmp_inputs *in, enum fm_scenario sc, const tally *base, cmp_row *r,
                        const cmp_row *base_row)
{
    const pa_stats *p = &in->patch[sc];
    const double busy = in->sim_stats.busy_cycles;
    const double lds = (double)p->ev[DCP_EV_SPILL] + (double)p->lds_reads;
    const double *v = dcp_slice_ratio[sc];
    tally t = {.dyn_pj = (double)p->reads * DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ * v[0] /
                             dcp_slice_conv[0] +
                         (double)p->writes * DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_WRITE * v[1] /
                             dcp_slice_conv[1],
               .cycles = cycle_ratio(in->cycles, CMP_TL_DCP + sc, CMP_TL_BASE)};
    const double time = busy * t.cycles;
    t.leak_pj = base->leak_pj * t.cycles * v[2] / dcp_slice_conv[2];
    add_dcp_units(&t, p, time);
    add_logic(&t, B_DCP_PT, (double)(p->reads + p->writes), time);
    t.dyn_pj += DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ *
                    ((double)p->reads * DRF_PAPER_DCPATCH_TABLE2_ENERGY_PT_READ /
                         DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ + lds) +
                DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_WRITE * (double)p->writes *
                    DRF_PAPER_DCPATCH_TABLE2_ENERGY_PT_WRITE /
                    DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE;
    t.leak_pj += time * dcp_static_mw(DRF_PAPER_DCPATCH_TABLE2_STATIC_PT);
    fill(r, &t, base_row, (double)in->cycles[CMP_TL_BASE]);
    for (enum cmp_axis a = CMP_LONGEST0; a <= CMP_GUARDBAND_PCT; a++)
        na(r, a, "the DC-Patch slice model keeps no per-cell times");
}

/* Cycles over the baseline's with a share of the accesses `extra` cycles slower (1 or 2): the
 * issue model with every access that much slower, taken at the share (first order: which
 * accesses are slow is known after the read, per chip or per kernel's pilot; docs/timeline.md). */
static double slower_at(const cmp_inputs *in, unsigned extra, double share)
{
    const unsigned probe = extra == 1 ? CMP_TL_PLUS1 : CMP_TL_PLUS2;
    return 1 + share * (cycle_ratio(in->cycles, probe, CMP_TL_BASE) - 1);
}

/* The PV/NBTI banked RF on the baseline's slice: mapping, renaming and arbitration on every
 * access, a re-organization per kernel launch, FWAS on every access for PV-opt. Its time: the
 * issue model on the trace's SIMDs with every access at a slow bank's two cycles, taken at the
 * share of accesses the scheme sends to slow banks (the chips are drawn after the read: first
 * order, docs/timeline.md). The cells hold the baseline's values: its duty cycles. */
static void pv_row(const cmp_inputs *in, enum pv_scheme k, bool fwas, const tally *base,
                   cmp_row *r, const cmp_row *base_row)
{
    const double busy = in->sim_stats.busy_cycles;
    const double acc = (double)in->pv_accesses * in->copies;
    tally t = {.dyn_pj = base->dyn_pj,
               .cycles = slower_at(in, TL_PV_SLOW_EXTRA, in->pv[k].slow_share)};
    const double time = busy * t.cycles;
    t.leak_pj = base->leak_pj * t.cycles;
    add_logic(&t, B_PV_MAP, acc, time);
    add_logic(&t, B_PV_RENAME, acc, time);
    add_logic(&t, B_PV_ARB, acc, time);
    add_logic(&t, B_PV_ORG, in->pilot->kernels, time);
    if (fwas)
        add_logic(&t, B_PV_FWAS, acc, time);
    fill(r, &t, base_row, (double)in->cycles[CMP_TL_BASE]);
    ageing(r, base_row->v[CMP_LONGEST0], base_row->v[CMP_LONGEST1], in->years);
}

void cmp_pilot_split(const pe_result *p, const ep_counts *e, pe_result *out)
{
    *out = *p;
    const double low = e->accesses ? (double)e->low_accesses / (double)e->accesses : 0;
    const uint64_t frf = p->frf_low + p->frf_high;
    out->frf_low = (uint64_t)((double)frf * low + 0.5);
    out->frf_high = frf - out->frf_low;
    out->cu_epochs = e->epochs;
    out->low_epochs = e->low_epochs;
    out->issued_max = e->issued_max;
    pe_energy(out);
}

/* The Pilot RF: the baseline slice's array energy and leakage times Table IV's ratio of the
 * FRF/SRF split to the MRF; the profiler per kernel, the swapping table per access, the mode
 * control per issued instruction; its time: FRF_low's and the SRF's latencies at their shares. */
static void pilot_row(const cmp_inputs *in, const pe_result *p, const tally *base, cmp_row *r,
                      const cmp_row *base_row)
{
    const double busy = in->sim_stats.busy_cycles;
    const double dyn_ratio = p->energy_mrf_pj > 0 ? p->energy_part_pj / p->energy_mrf_pj : 1;
    const double acc = p->accesses ? (double)p->accesses : 1;
    tally t = {.dyn_pj = base->dyn_pj * dyn_ratio,
               .cycles = slower_at(in, DRF_PILOT_LAT_FRF_LOW - DRF_PILOT_LAT_FRF_HIGH,
                                   (double)p->frf_low / acc) +
                         slower_at(in, DRF_PILOT_LAT_SRF - DRF_PILOT_LAT_FRF_HIGH,
                                   (double)p->srf / acc) - 1};
    const double time = busy * t.cycles;
    t.leak_pj = base->leak_pj * t.cycles * p->leak_part_mw / p->leak_mrf_mw;
    add_logic(&t, B_PILOT_PROFILER, p->kernels, time);
    add_logic(&t, B_PILOT_SWAP, (double)p->accesses * in->copies, time);
    add_logic(&t, B_FRF_MODE, (double)p->issued * in->copies, time);
    fill(r, &t, base_row, (double)in->cycles[CMP_TL_BASE]);
    ageing(r, base_row->v[CMP_LONGEST0], base_row->v[CMP_LONGEST1], in->years);
}

void cmp_cells_place(cmp_cells *c, unsigned sl, unsigned w, unsigned n)
{
    if (c->na)
        return;
    if (w > 0 && c->win_n[sl][w] && c->win_n[sl][w] != n) {
        c->na = "a window other than a slice's first held two window sizes";
        return;
    }
    c->win_n[sl][w] = (uint16_t)n;
    for (unsigned i = 0; i < n; i++) {
        const unsigned p = w * n + i;
        uint8_t *idx = &c->index[sl][p], *win = &c->window[sl][p];
        if (*idx && (*idx != i + 1 || *win != w)) {
            c->na = "a register of the baseline stood for two cells of the Pilot RF";
            return;
        }
        *idx = (uint8_t)(i + 1);
        *win = (uint8_t)w;
        c->part[p] |= i < DRF_PILOT_N ? CMP_PART_FRF : CMP_PART_SRF;
        if (c->part[p] == (CMP_PART_FRF | CMP_PART_SRF)) {
            c->na = "a register of the baseline stood for an FRF cell and for an SRF cell";
            return;
        }
    }
}

/* The Pilot RF's FRF holds registers R0..R(n-1) of every resident warp (the static profile,
 * every warp's until its kernel's pilot ends) and the SRF the others: their cells hold what the
 * baseline's cells of those register indices hold (window x N + index under the packed
 * placement), each cell one register of the baseline's (cmp_cells). */
static void pilot_cells(const cmp_inputs *in, cmp_result *out)
{
    const cmp_cells *c = in->cells;
    double longest[2][2] = {{0, 0}, {0, 0}};
    out->pilot_cells_na = c->na;
    for (unsigned p = 0; p < DRF_REGS && !out->pilot_cells_na; p++)
        for (unsigned v = 0; v < 2 && c->part[p]; v++) {
            double *l = &longest[c->part[p] == CMP_PART_FRF ? 0 : 1][v];
            *l = fmax(*l, in->sim[SIM_BASE].reg_longest[v][p]);
        }
    for (unsigned part = 0; part < 2; part++) {
        cmp_row *r = &out->pilot_cells[part];
        ageing(r, longest[part][0], longest[part][1], in->years);
        for (enum cmp_axis a = 0; a < CMP_AXES && out->pilot_cells_na; a++)
            na(r, a, out->pilot_cells_na);
    }
}

/* The register file's cycle after the years on the PV evaluation's chips (decision 15): the
 * fresh chips' slowest sub-bank (VL-SB's boundary for the PV schemes) times 1 + the guardband
 * of the technique's cells (NaN when that is not known). */
static double cycle_time_ns(const cmp_inputs *in, enum cmp_tech t, const cmp_row *r)
{
    static const enum pv_scheme pv_of[CMP_TECHS] = {
        [CMP_VLSB] = PV_VLSB_BRO, [CMP_PVOPT] = PV_OPT, [CMP_PVOPT_NBTI] = PV_OPT_NBTI};
    const bool pv = t == CMP_VLSB || t == CMP_PVOPT || t == CMP_PVOPT_NBTI;
    const pv_result *chips = &in->pv[pv ? pv_of[t] : PV_BASELINE];
    const double fresh = chips->freq0 > 0 ? 1 / chips->freq0 : 1;
    return CLOCK_NS * fresh * (1 + r->v[CMP_GUARDBAND_PCT] / 100);
}

/* cycle_time_ns, time_us and speedup_pct of one row against the baseline's time. */
static void time_axes(const cmp_inputs *in, const cmp_result *out, enum cmp_tech t, cmp_row *r)
{
    const double ns = cycle_time_ns(in, t, r);
    if (isnan(ns)) {
        for (enum cmp_axis a = CMP_CYCLE_TIME_NS; a <= CMP_SPEEDUP_PCT; a++)
            na(r, a, r->na[CMP_GUARDBAND_PCT]);
        return;
    }
    r->v[CMP_CYCLE_TIME_NS] = ns;
    r->v[CMP_TIME_US] = r->v[CMP_CYCLES] * ns * 1e-3;
    const double base = t == CMP_BASELINE ? r->v[CMP_TIME_US] : out->tech[CMP_BASELINE].v[CMP_TIME_US];
    if (base > 0 && r->v[CMP_TIME_US] > 0)
        r->v[CMP_SPEEDUP_PCT] = 100 * (base / r->v[CMP_TIME_US] - 1);
    else
        na(r, CMP_SPEEDUP_PCT, "the trace issues no instruction");
}

/* A trace without register values (Accel-Sim's, docs/accel-trace.md): every figure that needs
 * them is n/a, never one computed from zeros: the cells' duty cycles and so every technique's
 * ageing and time axes, and the energy and performance of the techniques that compress (RC,
 * RC+RAR and WC wake and store by the values, DC-Patch patches by them). */
static void without_values(cmp_result *out)
{
    static const char why[] = TR_NO_VALUES;
    static const enum cmp_tech compressing[] = {CMP_RC, CMP_RCRAR, CMP_WC, CMP_DCPATCH};
    static const enum cmp_axis by_values[] = {
        CMP_DYNAMIC_PJ, CMP_LEAKAGE_PJ, CMP_ENERGY_PJ, CMP_ENERGY_SAVING_PCT,
        CMP_ENERGY_SAVING_SYNTH_PCT, CMP_CYCLES, CMP_EXTRA_CYCLES, CMP_PERF_OVERHEAD_PCT};
    for (unsigned t = 0; t < CMP_TECHS; t++)
        for (enum cmp_axis a = CMP_LONGEST0; a <= CMP_GUARDBAND_PCT; a++)
            na(&out->tech[t], a, why);
    for (unsigned t = 0; t < CMP_TECHS; t++)
        for (enum cmp_axis a = CMP_CYCLE_TIME_NS; a <= CMP_SPEEDUP_PCT; a++)
            na(&out->tech[t], a, why);
    for (unsigned i = 0; i < sizeof compressing / sizeof compressing[0]; i++)
        for (unsigned j = 0; j < sizeof by_values / sizeof by_values[0]; j++)
            na(&out->tech[compressing[i]], by_values[j], why);
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        out->dcpatch[k] = out->tech[CMP_DCPATCH];
    for (unsigned part = 0; part < 2; part++)
        for (enum cmp_axis a = 0; a < CMP_AXES; a++)
            na(&out->pilot_cells[part], a, why);
    out->pilot_cells_na = why;
}

/* Every axis of row r n/a: the run did not evaluate it. */
static void row_na(cmp_row *r)
{
    for (enum cmp_axis a = 0; a < CMP_AXES; a++)
        na(r, a, "not evaluated by this run");
}

/* A run of some evaluations only (deltarf pilot, deltarf patch; decision 17 of docs/compare.md):
 * the rows it did not evaluate n/a, and without the PV chips every row's time axis. */
static void not_evaluated(unsigned evals, cmp_result *out)
{
    static const enum cmp_tech replay[] = {CMP_RC, CMP_RCRAR, CMP_WC, CMP_ARGO},
                               pv[] = {CMP_VLSB, CMP_PVOPT, CMP_PVOPT_NBTI};
    for (unsigned i = 0; i < 4 && !(evals & CMP_EVAL_REPLAY); i++)
        row_na(&out->tech[replay[i]]);
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        if (!(evals & CMP_EVAL_PATCH0 << k))
            row_na(&out->dcpatch[k]);
    out->tech[CMP_DCPATCH] = out->dcpatch[FM_COMMON];
    for (unsigned i = 0; i < 3 && !(evals & CMP_EVAL_PV); i++)
        row_na(&out->tech[pv[i]]);
    if (!(evals & CMP_EVAL_PILOT))
        row_na(&out->tech[CMP_PILOT]);
    static const char no_cells[] = "the replay's cell times were not kept by this run";
    for (unsigned t = 0; t < CMP_TECHS && !(evals & CMP_EVAL_AGEING); t++)
        for (enum cmp_axis a = CMP_LONGEST0; a <= CMP_GUARDBAND_PCT; a++)
            if (!out->tech[t].na[a])
                na(&out->tech[t], a, no_cells);
    for (unsigned part = 0; part < 2 && !(evals & CMP_EVAL_AGEING); part++)
        row_na(&out->pilot_cells[part]);
    out->pilot_cells_na = evals & CMP_EVAL_AGEING ? out->pilot_cells_na : no_cells;
    for (unsigned t = 0; t < CMP_TECHS && !(evals & CMP_EVAL_PV); t++)
        for (enum cmp_axis a = CMP_CYCLE_TIME_NS; a <= CMP_SPEEDUP_PCT; a++)
            na(&out->tech[t], a, "the PV chips were not evaluated by this run");
}

void cmp_axes(const cmp_inputs *in, cmp_result *out)
{
    sim_rows(in, out);
    const cmp_row *b = &out->tech[CMP_BASELINE];
    const tally base = {.dyn_pj = b->v[CMP_DYNAMIC_PJ], .leak_pj = b->v[CMP_LEAKAGE_PJ]};
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        dcpatch_row(in, (enum fm_scenario)k, &base, &out->dcpatch[k], b);
    out->tech[CMP_DCPATCH] = out->dcpatch[FM_COMMON];
    pv_row(in, PV_VLSB_BRO, false, &base, &out->tech[CMP_VLSB], b);
    pv_row(in, PV_OPT, true, &base, &out->tech[CMP_PVOPT], b);
    pv_row(in, PV_OPT_NBTI, true, &base, &out->tech[CMP_PVOPT_NBTI], b);
    const pe_result *pilot = in->pilot_split;
    pilot_row(in, pilot, &base, &out->tech[CMP_PILOT], b);
    out->frf_low_share = pilot->frf_low + pilot->frf_high
                             ? 100.0 * (double)pilot->frf_low /
                                   (double)(pilot->frf_low + pilot->frf_high)
                             : 0;
    pilot_cells(in, out);
    for (unsigned t = 0; t < CMP_TECHS; t++)
        time_axes(in, out, (enum cmp_tech)t, &out->tech[t]);
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        time_axes(in, out, CMP_DCPATCH, &out->dcpatch[k]);
    if (in->no_values)
        without_values(out);
    not_evaluated(in->evals, out);
    for (unsigned t = 0; t < CMP_TECHS; t++)
        out->pv_guardband[t] = NAN;
    if (in->evals & CMP_EVAL_PV) {
        out->pv_guardband[CMP_BASELINE] = 100 * in->pv[PV_BASELINE].guardband;
        out->pv_guardband[CMP_VLSB] = 100 * in->pv[PV_VLSB_BRO].guardband;
        out->pv_guardband[CMP_PVOPT] = 100 * in->pv[PV_OPT].guardband;
        out->pv_guardband[CMP_PVOPT_NBTI] = 100 * in->pv[PV_OPT_NBTI].guardband;
    }
    const pe_result *p = in->pilot;
    out->top4_share = p->top_share[4];
    out->frf_share_static = p->accesses ? 100.0 * (double)p->frf_static / (double)p->accesses : 0;
    out->frf_share_pilot = p->accesses ? 100.0 * (double)p->frf_pilot / (double)p->accesses : 0;
    out->wavefronts = in->sim_stats.wavefronts / (in->copies ? in->copies : 1);
    out->accesses = p->accesses;
    out->busy_cycles = in->sim_stats.busy_cycles;
}

static const char *const tech_names[CMP_TECHS] = {
    "baseline", "rc", "rc_rar", "warped_compression", "argo", "dc_patch", "vlsb", "pv_opt",
    "pv_opt_nbti_opt", "pilot"};
static const char *const axis_names[CMP_AXES] = {
    "dynamic_energy_pj", "leakage_energy_pj", "energy_pj", "energy_saving_pct",
    "energy_saving_synth_pct", "longest0", "longest1", "dvth_mv", "guardband_pct", "cycles",
    "extra_cycles", "perf_overhead_pct", "cycle_time_ns", "time_us", "speedup_pct",
    "logic_area_um2", "area_overhead_pct"};

const char *cmp_tech_name(enum cmp_tech t)
{
    return t < CMP_TECHS ? tech_names[t] : "?";
}

const char *cmp_axis_name(enum cmp_axis a)
{
    return a < CMP_AXES ? axis_names[a] : "?";
}

double cmp_node_nm(void)
{
    return COMMON_NODE_NM;
}
