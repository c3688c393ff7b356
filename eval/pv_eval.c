/* SPDX-License-Identifier: Apache-2.0 */
/* PV/NBTI trace evaluation (pv-nbti-banked-rf paper Sections 3.2-4.2 and 6.2): the schemes'
 * bank mapping over the trace's accesses, VL-SB cycle time, NBTI ageing by epochs with the
 * kernel-level re-organization at each (docs/pv-decisions.md D19-D22). */
#include "pv_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pv_bank_map.h"
#include "pv_bank_org.h"
#include "pv_bank_rename.h"
#include "pv_varius.h"
#include "trace.h"

enum { EPOCHS = 7, WF_MAX = 1 << 16, BLOCK_WARPS = 8 };

static const char *const names[PV_SCHEMES] = {
    "baseline", "VL-SB+RF-BRO", "+FBA-RM", "+FWAS", "PV-opt (+hybrid)", "PV-opt+renaming",
    "PV-opt+NBTI-opt"};

const char *pv_scheme_name(enum pv_scheme s)
{
    return names[s];
}

/* The active lanes of a 64-lane wavefront fit in one half (one sub-bank of the vector). */
static bool partial(uint64_t mask)
{
    return (mask >> 32) == 0 || (uint32_t)mask == 0;
}

typedef struct {
    uint64_t id;
    unsigned ordinal;
    uint64_t mask;
} wf_slot;

static wf_slot *lookup(wf_slot *tab, uint64_t id)
{
    unsigned h = (unsigned)(id * 0x9E3779B97F4A7C15ull >> 48) % WF_MAX;
    while (tab[h].id && tab[h].id != id + 1)
        h = (h + 1) % WF_MAX;
    return &tab[h];
}

bool pv_accesses_read(const char *path, pv_accesses *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    tr_reader *r = tr_open(path, err, errlen);
    if (!r)
        return false;
    wf_slot *tab = calloc(WF_MAX, sizeof *tab);
    if (!tab) {
        tr_close(r);
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    tr_event ev;
    int st;
    while ((st = tr_next(r, &ev)) == 1) {
        wf_slot *s = lookup(tab, ev.wf);
        if (ev.kind == TR_A) {
            if (a->wavefronts >= WF_MAX / 2) {
                snprintf(err, errlen, "%s: more than %d wavefronts", path, WF_MAX / 2);
                st = -2;
                break;
            }
            s->id = ev.wf + 1;
            s->ordinal = (unsigned)a->wavefronts++;
            s->mask = ~0ull;
            if (ev.nvregs > a->max_nvregs)
                a->max_nvregs = ev.nvregs;
            continue;
        }
        if (ev.kind == TR_F || (ev.kind == TR_W && ev.launch))
            continue;
        if (ev.kind == TR_W)
            s->mask = ev.mask;
        const unsigned warp = s->ordinal % DRF_PV_WARPS, reg = ev.vreg % DRF_PV_REG_IDS;
        const unsigned last = (s->ordinal / BLOCK_WARPS * BLOCK_WARPS + BLOCK_WARPS - 1) % DRF_PV_WARPS;
        a->n[warp][reg][last % DRF_PV_BANKS][partial(s->mask)]++;
        a->total++;
    }
    if (st == -1)
        snprintf(err, errlen, "%s", tr_error(r));
    tr_close(r);
    free(tab);
    const unsigned warps = a->wavefronts < DRF_PV_WARPS ? (unsigned)a->wavefronts : DRF_PV_WARPS;
    a->fast_regs = pv_fba_fast_regs(warps, a->max_nvregs < DRF_PV_REG_IDS ? a->max_nvregs : DRF_PV_REG_IDS);
    return st == 0;
}

/* Accesses per virtual bank, and the two-cycle ones, under a scheme. */
static void utilisation(const pv_accesses *a, enum pv_scheme s, double util[DRF_PV_BANKS],
                        double *slow_share)
{
    uint64_t n[DRF_PV_BANKS] = {0}, slow = 0;
    uint8_t rows[DRF_PV_BANKS][DRF_PV_BANKS];
    for (unsigned lw = 0; lw < DRF_PV_BANKS; lw++)
        pv_rename_row(lw, rows[lw]);
    for (unsigned w = 0; w < DRF_PV_WARPS; w++)
        for (unsigned r = 0; r < DRF_PV_REG_IDS; r++)
            for (unsigned lw = 0; lw < DRF_PV_BANKS; lw++)
                for (unsigned p = 0; p < 2; p++) {
                    const uint64_t c = a->n[w][r][lw][p];
                    if (!c)
                        continue;
                    const pv_bank_map_in in = {.warp = (uint8_t)w, .reg = (uint8_t)r,
                                               .fast_regs = (uint8_t)a->fast_regs};
                    pv_bank_map_out o;
                    pv_bank_map_step(&in, &o);
                    unsigned v = s == PV_FBA_RM ? o.bank_fba : o.bank;
                    if (s >= PV_OPT_RENAME)
                        v = rows[lw][v];
                    n[v] += c;
                    const bool hybrid = s >= PV_OPT && p;
                    if (s != PV_BASELINE && v >= DRF_PV_FAST_BANKS && !hybrid)
                        slow += c;
                }
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        util[v] = a->total ? (double)n[v] / (double)a->total : 0.0;
    *slow_share = a->total ? (double)slow / (double)a->total : 0.0;
}

static void table_from(const double d[DRF_PV_SUBBANKS], pv_org_table *t)
{
    unsigned bsb;
    pv_org_build(d, t, &bsb);
}

/* One chip under one scheme: fresh and aged cycle times; chip-1 details for Fig. 8. */
typedef struct {
    double cycle0, cycle_aged, vd0[DRF_PV_BANKS], vd[DRF_PV_BANKS];
} chip_run;

static void run_chip(const pv_chip *c, enum pv_scheme s, const double util[DRF_PV_BANKS],
                     double years, enum pv_t0 eq1_t0, chip_run *out)
{
    pv_org_table t;
    if (s == PV_BASELINE)
        pv_org_identity(&t);
    else
        table_from(c->delay, &t);
    double stress[DRF_PV_SUBBANKS] = {0}, dvth[DRF_PV_SUBBANKS] = {0}, now[DRF_PV_SUBBANKS];
    double umax = 1e-12;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        umax = util[v] > umax ? util[v] : umax;
    const double epoch = years * PV_YEAR_S / EPOCHS;
    for (unsigned e = 0; e < EPOCHS; e++) {
        if (s == PV_OPT_NBTI && e > 0) { /* kernel-level re-organization on aged delays */
            for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
                now[sb] = pv_chip_delay(c, sb, dvth[sb]);
            table_from(now, &t);
        }
        for (unsigned v = 0; v < DRF_PV_BANKS; v++)
            for (unsigned h = 0; h < 2; h++)
                stress[t.sb[v][h]] += 0.5 * util[v] / umax * epoch; /* D21: duty */
        for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
            dvth[sb] = pv_nbti_dvth(stress[sb] / ((e + 1) * epoch), (e + 1) * epoch,
                                    eq1_t0 == PV_T0_PV ? c->dvth0[sb] : 0.0);
    }
    out->cycle0 = out->cycle_aged = 0.0;
    const unsigned need = s == PV_BASELINE ? DRF_PV_BANKS : DRF_PV_FAST_BANKS;
    /* fresh cycle: the slowest sub-bank (baseline) or the 22nd fastest, the boundary (VL-SB) */
    pv_org_table t0;
    table_from(c->delay, &t0);
    out->cycle0 = c->delay[t0.sb[PV_BOUNDARY_RANK / 2][PV_BOUNDARY_RANK % 2]];
    if (s == PV_BASELINE)
        out->cycle0 = c->delay[t0.sb[DRF_PV_BANKS - 1][1]];
    for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
        double d0 = 0.0, d = 0.0;
        for (unsigned h = 0; h < 2; h++) {
            const unsigned sb = t.sb[v][h];
            d0 = fmax(d0, c->delay[sb]);
            d = fmax(d, pv_chip_delay(c, sb, dvth[sb]));
        }
        out->vd0[v] = d0;
        out->vd[v] = d;
        if (v < need)
            out->cycle_aged = fmax(out->cycle_aged, d);
    }
    out->cycle_aged = fmax(out->cycle_aged, out->cycle0);
}

bool pv_evaluate(const pv_accesses *a, unsigned chips, double years, enum pv_t0 t0,
                 pv_result r[PV_SCHEMES])
{
    pv_varius *var = pv_varius_new(0.5);
    pv_chip *c = malloc(sizeof *c);
    if (!var || !c) {
        pv_varius_free(var);
        free(c);
        return false;
    }
    memset(r, 0, PV_SCHEMES * sizeof *r);
    double util[PV_SCHEMES][DRF_PV_BANKS];
    for (unsigned s = 0; s < PV_SCHEMES; s++) {
        utilisation(a, s, util[s], &r[s].slow_share);
        r[s].util_min_share = 1.0;
        for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
            r[s].vbank_util[v] = util[s][v];
            r[s].util_max_share = fmax(r[s].util_max_share, util[s][v]);
            r[s].util_min_share = fmin(r[s].util_min_share, util[s][v]);
        }
    }
    for (unsigned k = 1; k <= chips; k++) {
        pv_chip_generate(var, k, c);
        for (unsigned s = 0; s < PV_SCHEMES; s++) {
            chip_run cr;
            run_chip(c, s, util[s], years, t0, &cr);
            r[s].freq0 += 1.0 / cr.cycle0 / chips;
            r[s].freq_aged += 1.0 / cr.cycle_aged / chips;
            r[s].guardband += (cr.cycle_aged / cr.cycle0 - 1.0) / chips;
            if (k == 1) {
                memcpy(r[s].vbank_delay0, cr.vd0, sizeof cr.vd0);
                memcpy(r[s].vbank_delay, cr.vd, sizeof cr.vd);
                r[s].boundary0 = cr.cycle0;
            }
        }
    }
    /* D20: the chips' average guardband over the baseline's (a chip's own ratio is unstable:
     * its baseline guardband can be close to 0) */
    for (unsigned s = 0; s < PV_SCHEMES; s++)
        r[s].norm_guardband = r[PV_BASELINE].guardband > 0.0
                                  ? r[s].guardband / r[PV_BASELINE].guardband : 1.0;
    pv_varius_free(var);
    free(c);
    return true;
}
