/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare's common axes (issue 32; docs/compare.md, all rules ours): one energy model
 * (the aging paper's Table 2 slice as the register file, other papers' arrays by their ratio to
 * their own conventional RF, added logic from make power as data), one ageing model (Eq. 1-2 of
 * the PV paper on the longest '0'/'1' duty cycle), first-order extra cycles, logic area. */
#include "compare_internal.h"

#include <math.h>

#include "drf_energy.h"
#include "pv_varius.h"

#define COMMON_NODE_NM DRF_NODE_AGING_NM
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

/* A technique's energy and area, added up part by part. */
typedef struct {
    double dyn_pj, leak_pj, area_um2, extra_cycles;
} tally;

/* n operations of block b and its leakage over the slices' busy time, at the common node
 * (first order: energy and leakage x node / 45, area x (node / 45)^2, data/papers/nodes.tsv). */
static void add_logic(tally *t, enum blk b, double ops, double busy)
{
    const logic_block *l = &blocks[b];
    const double k = COMMON_NODE_NM / l->node_nm, ka = COMMON_NODE_NM / l->area_node_nm;
    t->dyn_pj += ops * l->energy_pj * k;
    t->leak_pj += l->leak_uw * 1e-3 * busy * k; /* mW x ns = pJ at 1 GHz */
    t->area_um2 += l->area_um2 * ka * ka;
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

static void fill(cmp_row *r, const tally *t, const cmp_row *base, double busy)
{
    r->v[CMP_DYNAMIC_PJ] = t->dyn_pj;
    r->v[CMP_LEAKAGE_PJ] = t->leak_pj;
    r->v[CMP_ENERGY_PJ] = t->dyn_pj + t->leak_pj;
    if (base && !(base->v[CMP_ENERGY_PJ] > 0))
        na(r, CMP_ENERGY_SAVING_PCT, "the baseline spends no energy (no register-file activity)");
    else
        r->v[CMP_ENERGY_SAVING_PCT] =
            base ? 100 * (1 - r->v[CMP_ENERGY_PJ] / base->v[CMP_ENERGY_PJ]) : 0;
    r->v[CMP_EXTRA_CYCLES] = t->extra_cycles;
    r->v[CMP_PERF_OVERHEAD_PCT] = busy > 0 ? 100 * t->extra_cycles / busy : 0;
    r->v[CMP_AREA_UM2] = t->area_um2;
    r->v[CMP_AREA_OVERHEAD_PCT] = 100 * t->area_um2 / SLICE_AREA_UM2;
}

/* The aging paper's slice under scheme k: its array energy (Table 2, sim's replay), wake-ups
 * (10 cycles) and special MOVs (one cycle) as extra cycles. */
static tally slice_tally(const sim_result *s)
{
    return (tally){.dyn_pj = s->energy[SIM_E_SLICE_DYN] + s->energy[SIM_E_WAKEUP],
                   .leak_pj = s->energy[SIM_E_SLICE_LEAK],
                   .extra_cycles = (double)s->wakeups * SIM_WAKEUP_CYCLES + (double)s->movs};
}

/* RC's units: every register write through the compression unit (a subwavefront an
 * operation), compressed reads and special MOVs through the decompression unit, every access
 * looking the compression table up (its array: aging Table 2). */
static void add_rc(tally *t, const sim_result *s, double busy)
{
    add_logic(t, B_RC_COMPRESS, (double)DRF_SUBWAVEFRONTS * (double)s->writes, busy);
    add_logic(t, B_RC_DECOMPRESS,
              (double)DRF_SUBWAVEFRONTS * (double)(s->compressed_reads + s->movs), busy);
    add_logic(t, B_RC_CTABLE, (double)(s->reads + s->writes), busy);
    t->dyn_pj += (double)s->reads * DRF_PAPER_AGING_TABLE2_ENERGY_COMP_TABLE_READ +
                 (double)s->compressed_writes * DRF_PAPER_AGING_TABLE2_ENERGY_COMP_TABLE_WRITE;
    t->leak_pj += DRF_PAPER_AGING_TABLE2_LEAKAGE_COMP_TABLE * busy;
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
        if (map[i].t == CMP_RC || map[i].t == CMP_RCRAR)
            add_rc(&t, s, busy);
        if (map[i].t == CMP_RCRAR)
            add_logic(&t, B_RAR_PHYS, (double)(s->reads + s->writes), busy);
        if (map[i].t == CMP_RCRAR || map[i].t == CMP_ARGO)
            add_logic(&t, B_RAR_ALLOC, 2 * waves, busy); /* an allocation and a release */
        if (map[i].t == CMP_WC) { /* WC's units are not ours: the paper's (sim's replay) */
            t.dyn_pj += s->energy[SIM_E_LOGIC_DYN];
            t.leak_pj += s->energy[SIM_E_LOGIC_LEAK];
        }
        cmp_row *r = &out->tech[map[i].t];
        fill(r, &t, map[i].t == CMP_BASELINE ? NULL : &out->tech[CMP_BASELINE], busy);
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

/* DC-Patch: the common slice's reads, writes and leakage scaled by DC-Patch Table 2's slice at
 * the scenario's Vdd over its conventional slice; its units at nominal Vdd: Com per block
 * written, Dec per block of a compressed read (the compressed share of the writes), the PSU per
 * patch, the PT on every access (its array by Table 2's ratio to the conventional slice); an
 * LDS access costs a nominal slice read and a cycle. */
static void dcpatch_row(const cmp_inputs *in, enum fm_scenario sc, const tally *base, cmp_row *r,
                        const cmp_row *base_row)
{
    const pa_stats *p = &in->patch[sc];
    const double busy = in->sim_stats.busy_cycles, blocks_w = DRF_SUBWAVEFRONTS;
    const double comp_share = p->writes ? (double)p->compressed / (double)p->writes : 0;
    const double lds = (double)p->ev[DCP_EV_SPILL] + (double)p->lds_reads;
    const double *v = dcp_slice_ratio[sc];
    tally t = {.dyn_pj = (double)p->reads * DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ * v[0] /
                             dcp_slice_conv[0] +
                         (double)p->writes * DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_WRITE * v[1] /
                             dcp_slice_conv[1],
               .leak_pj = base->leak_pj * v[2] / dcp_slice_conv[2], .extra_cycles = lds};
    add_logic(&t, B_DCP_COMPRESS, blocks_w * (double)p->writes, busy);
    add_logic(&t, B_DCP_DECOMPRESS, blocks_w * comp_share * (double)p->reads, busy);
    add_logic(&t, B_PSU, (double)(p->ev[DCP_EV_FAULTY] + p->ev[DCP_EV_RELIABLE] +
                                  p->ev[DCP_EV_SPILL]), busy);
    add_logic(&t, B_DCP_PT, (double)(p->reads + p->writes), busy);
    t.dyn_pj += DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ *
                    ((double)p->reads * DRF_PAPER_DCPATCH_TABLE2_ENERGY_PT_READ /
                         DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_READ + lds) +
                DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_WRITE * (double)p->writes *
                    DRF_PAPER_DCPATCH_TABLE2_ENERGY_PT_WRITE /
                    DRF_PAPER_DCPATCH_TABLE2_ENERGY_SLICE_WRITE;
    t.leak_pj += DRF_PAPER_AGING_TABLE2_LEAKAGE_SLICE * busy *
                 DRF_PAPER_DCPATCH_TABLE2_STATIC_PT / DRF_PAPER_DCPATCH_TABLE2_STATIC_SLICE;
    fill(r, &t, base_row, busy);
    for (enum cmp_axis a = CMP_LONGEST0; a <= CMP_GUARDBAND_PCT; a++)
        na(r, a, "the DC-Patch slice model keeps no per-cell times");
}

/* The PV/NBTI banked RF on the baseline's slice: mapping, renaming and arbitration on every
 * access, a re-organization per kernel launch, FWAS on every access for PV-opt; a slow-bank
 * access takes a second cycle. The cells hold the baseline's values: its duty cycles. */
static void pv_row(const cmp_inputs *in, enum pv_scheme k, bool fwas, const tally *base,
                   cmp_row *r, const cmp_row *base_row)
{
    const double busy = in->sim_stats.busy_cycles, acc = (double)in->pv_accesses;
    tally t = {.dyn_pj = base->dyn_pj, .leak_pj = base->leak_pj,
               .extra_cycles = in->pv[k].slow_share * acc};
    add_logic(&t, B_PV_MAP, acc, busy);
    add_logic(&t, B_PV_RENAME, acc, busy);
    add_logic(&t, B_PV_ARB, acc, busy);
    add_logic(&t, B_PV_ORG, in->pilot->kernels, busy);
    if (fwas)
        add_logic(&t, B_PV_FWAS, acc, busy);
    fill(r, &t, base_row, busy);
    ageing(r, base_row->v[CMP_LONGEST0], base_row->v[CMP_LONGEST1], in->years);
}

/* The Pilot RF: the baseline slice's array energy and leakage times Table IV's ratio of the
 * FRF/SRF split to the MRF; the profiler per kernel, the swapping table per access, the mode
 * control per issued instruction; FRF_low and SRF latencies over FRF_high's as extra cycles. */
static void pilot_row(const cmp_inputs *in, const tally *base, cmp_row *r, const cmp_row *base_row)
{
    const pe_result *p = in->pilot;
    const double busy = in->sim_stats.busy_cycles;
    const double dyn_ratio = p->energy_mrf_pj > 0 ? p->energy_part_pj / p->energy_mrf_pj : 1;
    tally t = {.dyn_pj = base->dyn_pj * dyn_ratio,
               .leak_pj = base->leak_pj * p->leak_part_mw / p->leak_mrf_mw,
               .extra_cycles =
                   (double)p->frf_low * (DRF_PILOT_LAT_FRF_LOW - DRF_PILOT_LAT_FRF_HIGH) +
                   (double)p->srf * (DRF_PILOT_LAT_SRF - DRF_PILOT_LAT_FRF_HIGH)};
    add_logic(&t, B_PILOT_PROFILER, p->kernels, busy);
    add_logic(&t, B_PILOT_SWAP, (double)p->accesses, busy);
    add_logic(&t, B_FRF_MODE, (double)p->issued, busy);
    fill(r, &t, base_row, busy);
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
    pilot_row(in, &base, &out->tech[CMP_PILOT], b);
    pilot_cells(in, out);
    for (unsigned t = 0; t < CMP_TECHS; t++)
        out->pv_guardband[t] = NAN;
    out->pv_guardband[CMP_BASELINE] = 100 * in->pv[PV_BASELINE].guardband;
    out->pv_guardband[CMP_VLSB] = 100 * in->pv[PV_VLSB_BRO].guardband;
    out->pv_guardband[CMP_PVOPT] = 100 * in->pv[PV_OPT].guardband;
    out->pv_guardband[CMP_PVOPT_NBTI] = 100 * in->pv[PV_OPT_NBTI].guardband;
    const pe_result *p = in->pilot;
    out->top4_share = p->top_share[4];
    out->frf_share_static = p->accesses ? 100.0 * (double)p->frf_static / (double)p->accesses : 0;
    out->frf_share_pilot = p->accesses ? 100.0 * (double)p->frf_pilot / (double)p->accesses : 0;
    out->wavefronts = in->sim_stats.wavefronts;
    out->accesses = p->accesses;
    out->busy_cycles = in->sim_stats.busy_cycles;
}

static const char *const tech_names[CMP_TECHS] = {
    "baseline", "rc", "rc_rar", "warped_compression", "argo", "dc_patch", "vlsb", "pv_opt",
    "pv_opt_nbti_opt", "pilot"};
static const char *const axis_names[CMP_AXES] = {
    "dynamic_energy_pj", "leakage_energy_pj", "energy_pj", "energy_saving_pct", "longest0",
    "longest1", "dvth_mv", "guardband_pct", "extra_cycles", "perf_overhead_pct",
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
