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

enum { LAUNCHES_PER_YEAR = 12, WF_MAX = 1 << 16, WF_TAB_MIN = 64 };

static const char *const names[PV_SCHEMES] = {
    "baseline", "VL-SB+RF-BRO", "+FBA-RM", "+FWAS", "PV-opt (+hybrid)", "PV-opt+renaming",
    "PV-opt+NBTI-opt"};

const char *pv_scheme_name(enum pv_scheme s)
{
    return names[s];
}

/* The lanes of a 64-lane wavefront's access: both halves, or only the low / high 32 (one
 * sub-bank of the vector; no active lane counts as the low half). */
static unsigned lane_class(uint64_t mask)
{
    return (mask >> 32) == 0 ? PV_LOW : (uint32_t)mask == 0 ? PV_HIGH : PV_FULL;
}

typedef struct {
    uint64_t id;
    unsigned ordinal;
    uint64_t mask;
} wf_slot;

/* The slot of wavefront id in the table of cap slots (a power of two): its own or a free one. */
static wf_slot *lookup(wf_slot *tab, size_t cap, uint64_t id)
{
    size_t h = (size_t)(id * 0x9E3779B97F4A7C15ull >> 32) & (cap - 1);
    while (tab[h].id && tab[h].id != id + 1)
        h = (h + 1) & (cap - 1);
    return &tab[h];
}

void pv_accesses_free(pv_accesses *a)
{
    free(a->wave);
    a->wave = NULL;
    a->cap = 0;
}

/* A new wavefront (an A line): its SM (its compute unit), warp (the k-th wavefront of the SM is
 * warp k % 48) and work-group (D21): the wavefronts whose A lines share cycle, compute unit and
 * SIMD form one work-group. */
typedef struct {
    uint64_t cycle[TR_MAX_CU][TR_SIMDS];
    uint32_t group[TR_MAX_CU][TR_SIMDS];
    bool seen[TR_MAX_CU][TR_SIMDS];
    int sm_of_cu[TR_MAX_CU];
    uint64_t sm_waves[DRF_PV_SMS_MAX];
    unsigned sm_nvregs[DRF_PV_SMS_MAX];
    bool sm_finished[DRF_PV_SMS_MAX]; /* a wavefront of the SM has ended (F) */
} reader_state;

static bool add_wave(pv_accesses *a, reader_state *rs, const tr_event *ev)
{
    if (a->wavefronts == a->cap) {
        const size_t cap = a->cap ? 2 * a->cap : 64;
        pv_wave *w = realloc(a->wave, cap * sizeof *w);
        if (!w)
            return false;
        a->wave = w;
        a->cap = cap;
    }
    if (rs->sm_of_cu[ev->cu] < 0)
        rs->sm_of_cu[ev->cu] = (int)a->sms++;
    const unsigned sm = (unsigned)rs->sm_of_cu[ev->cu]; /* D21: each compute unit an SM */
    pv_wave *w = &a->wave[a->wavefronts++];
    memset(w, 0, sizeof *w);
    w->sm = (uint8_t)sm;
    w->warp = (uint8_t)(rs->sm_waves[sm]++ % DRF_PV_WARPS);
    if (!rs->seen[ev->cu][ev->simd] || rs->cycle[ev->cu][ev->simd] != ev->cycle) {
        rs->seen[ev->cu][ev->simd] = true;
        rs->cycle[ev->cu][ev->simd] = ev->cycle;
        rs->group[ev->cu][ev->simd] = (uint32_t)a->groups++;
    }
    w->group = rs->group[ev->cu][ev->simd];
    a->slot_reuse += rs->sm_finished[sm]; /* D22: only these can take a slot FWAS freed */
    if (ev->nvregs > rs->sm_nvregs[sm])
        rs->sm_nvregs[sm] = ev->nvregs;
    if (ev->nvregs > a->max_nvregs)
        a->max_nvregs = ev->nvregs;
    return true;
}

struct pv_reader {
    pv_accesses *a;
    wf_slot *tab; /* the wavefronts' slots, at most half of them used: grown as they come */
    size_t cap;
    reader_state rs;
};

/* The table doubled, its wavefronts' slots rehashed; false when out of memory. */
static bool grow(pv_reader *pr)
{
    const size_t cap = 2 * pr->cap;
    wf_slot *tab = calloc(cap, sizeof *tab);
    if (!tab)
        return false;
    for (size_t i = 0; i < pr->cap; i++)
        if (pr->tab[i].id)
            *lookup(tab, cap, pr->tab[i].id - 1) = pr->tab[i];
    free(pr->tab);
    pr->tab = tab;
    pr->cap = cap;
    return true;
}

pv_reader *pv_reader_new(pv_accesses *a)
{
    memset(a, 0, sizeof *a);
    pv_reader *pr = calloc(1, sizeof *pr);
    wf_slot *tab = calloc(WF_TAB_MIN, sizeof *tab);
    if (!pr || !tab) {
        free(pr);
        free(tab);
        return NULL;
    }
    pr->a = a;
    pr->tab = tab;
    pr->cap = WF_TAB_MIN;
    for (unsigned cu = 0; cu < TR_MAX_CU; cu++)
        pr->rs.sm_of_cu[cu] = -1;
    return pr;
}

void pv_reader_free(pv_reader *pr)
{
    if (!pr)
        return;
    free(pr->tab);
    free(pr);
}

/* An A line: the wavefront's slot and its entry in the accesses; false with a message. */
static bool start_wave(pv_reader *pr, const tr_event *ev, char *msg, size_t len)
{
    pv_accesses *a = pr->a;
    if (a->wavefronts >= WF_MAX / 2) {
        snprintf(msg, len, "more than %d wavefronts", WF_MAX / 2);
        return false;
    }
    if (2 * (a->wavefronts + 1) > pr->cap && !grow(pr)) {
        snprintf(msg, len, "out of memory");
        return false;
    }
    wf_slot *s = lookup(pr->tab, pr->cap, ev->wf);
    s->id = ev->wf + 1;
    s->ordinal = (unsigned)a->wavefronts;
    s->mask = ~0ull;
    if (!add_wave(a, &pr->rs, ev)) {
        snprintf(msg, len, "out of memory");
        return false;
    }
    return true;
}

bool pv_reader_add(pv_reader *pr, const tr_event *ev, char *msg, size_t len)
{
    if (ev->kind == TR_A)
        return start_wave(pr, ev, msg, len);
    pv_accesses *a = pr->a;
    wf_slot *s = lookup(pr->tab, pr->cap, ev->wf);
    if (ev->kind == TR_F)
        pr->rs.sm_finished[a->wave[s->ordinal].sm] = true;
    if (ev->kind == TR_F || (ev->kind == TR_W && ev->launch))
        return true;
    if (ev->kind == TR_W)
        s->mask = ev->mask;
    const unsigned lanes = lane_class(s->mask);
    a->wave[s->ordinal].n[ev->vreg % DRF_PV_REG_IDS][lanes]++;
    a->partial += lanes != PV_FULL;
    a->total++;
    return true;
}

bool pv_reader_finish(pv_reader *pr, char *msg, size_t len)
{
    pv_accesses *a = pr->a;
    /* a work-group's last warp: the warp of its last wavefront (in A order) */
    uint8_t *last = malloc(a->groups ? a->groups : 1);
    if (!last) {
        snprintf(msg, len, "out of memory");
        return false;
    }
    for (uint64_t k = 0; k < a->wavefronts; k++)
        last[a->wave[k].group] = a->wave[k].warp;
    for (uint64_t k = 0; k < a->wavefronts; k++)
        a->wave[k].last_warp = last[a->wave[k].group];
    free(last);
    for (unsigned sm = 0; sm < a->sms; sm++) {
        const uint64_t wf = pr->rs.sm_waves[sm];
        const unsigned nv = pr->rs.sm_nvregs[sm];
        a->fast_regs[sm] = pv_fba_fast_regs(wf < DRF_PV_WARPS ? (unsigned)wf : DRF_PV_WARPS,
                                            nv < DRF_PV_REG_IDS ? nv : DRF_PV_REG_IDS);
    }
    return true;
}

bool pv_accesses_read(const char *path, pv_accesses *a, char *err, size_t errlen)
{
    pv_reader *pr = pv_reader_new(a);
    if (!pr) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    tr_reader *r = tr_open(path, err, errlen);
    if (!r) {
        pv_reader_free(pr);
        return false;
    }
    tr_event ev;
    int st = 0;
    char msg[256] = "";
    bool ok = true;
    while (ok && (st = tr_next(r, &ev)) == 1)
        ok = pv_reader_add(pr, &ev, msg, sizeof msg);
    if (ok && st < 0) {
        snprintf(err, errlen, "%s", tr_error(r));
        ok = false;
    } else if (!ok || !pv_reader_finish(pr, msg, sizeof msg)) {
        snprintf(err, errlen, "%s: %s", path, msg);
        ok = false;
    }
    tr_close(r);
    pv_reader_free(pr);
    if (!ok)
        pv_accesses_free(a);
    return ok;
}

/* Accesses per SM and virtual bank under a scheme (cnt[sm * DRF_PV_BANKS + v]), those reaching
 * each of its two sub-banks (sbc[2 * (sm * DRF_PV_BANKS + v) + h], D21: the low 32 lanes are
 * sub-bank 0's, the high 32 sub-bank 1's; a hybrid slow bank keeps a partial vector in its fast
 * sub-bank 0, D22), and the share of two-cycle ones. */
static void utilisation(const pv_accesses *a, enum pv_scheme s, double *cnt, double *sbc,
                        double *slow_share)
{
    uint64_t slow = 0;
    uint8_t rows[DRF_PV_BANKS][DRF_PV_BANKS];
    for (unsigned lw = 0; lw < DRF_PV_BANKS; lw++)
        pv_rename_row(lw, rows[lw]);
    memset(cnt, 0, (size_t)a->sms * DRF_PV_BANKS * sizeof *cnt);
    memset(sbc, 0, (size_t)a->sms * DRF_PV_BANKS * 2 * sizeof *sbc);
    for (uint64_t k = 0; k < a->wavefronts; k++) {
        const pv_wave *w = &a->wave[k];
        for (unsigned r = 0; r < DRF_PV_REG_IDS; r++)
            for (unsigned p = 0; p < PV_LANE_CLASSES; p++) {
                const uint64_t c = w->n[r][p];
                if (!c)
                    continue;
                const pv_bank_map_in in = {.warp = w->warp, .reg = (uint8_t)r,
                                           .fast_regs = (uint8_t)a->fast_regs[w->sm]};
                pv_bank_map_out o;
                pv_bank_map_step(&in, &o);
                unsigned v = s == PV_FBA_RM ? o.bank_fba : o.bank;
                if (s >= PV_OPT_RENAME)
                    v = rows[w->last_warp % DRF_PV_BANKS][v];
                const unsigned i = w->sm * DRF_PV_BANKS + v;
                cnt[i] += (double)c;
                const bool hybrid = s >= PV_OPT && p != PV_FULL;
                if (p == PV_FULL || p == PV_LOW || (hybrid && v >= DRF_PV_FAST_BANKS))
                    sbc[2 * i] += (double)c;
                else
                    sbc[2 * i + 1] += (double)c;
                if (p == PV_FULL)
                    sbc[2 * i + 1] += (double)c;
                if (s != PV_BASELINE && v >= DRF_PV_FAST_BANKS && !hybrid)
                    slow += c;
            }
    }
    *slow_share = a->total ? (double)slow / (double)a->total : 0.0;
}

static void table_from(const double d[DRF_PV_SUBBANKS], pv_org_table *t)
{
    unsigned bsb;
    pv_org_build(d, t, &bsb);
}

/* One SM of one chip under one scheme: fresh and aged cycle times; chip-1 details for Fig. 8. */
typedef struct {
    double cycle0, cycle_aged, vd0[DRF_PV_BANKS], vd[DRF_PV_BANKS], dvth[DRF_PV_SUBBANKS];
} chip_run;

/* sbc: the SM's accesses per virtual bank and sub-bank; ref: the access count that stresses a
 * cell half of the time (D21). NBTI-opt re-organizes at every kernel launch (D22: one a month,
 * the last at the end, whose ranking sets the aged cycle); the other schemes keep their table,
 * so their duty is constant and one step gives the same shift. */
static void run_chip(const pv_chip *c, enum pv_scheme s, const double sbc[2 * DRF_PV_BANKS],
                     double ref, double years, enum pv_t0 eq1_t0, double v7, chip_run *out)
{
    pv_org_table t;
    if (s == PV_BASELINE)
        pv_org_identity(&t);
    else
        table_from(c->delay, &t);
    double stress[DRF_PV_SUBBANKS] = {0}, dvth[DRF_PV_SUBBANKS] = {0}, now[DRF_PV_SUBBANKS];
    const unsigned steps = s == PV_OPT_NBTI ? (unsigned)ceil(years * LAUNCHES_PER_YEAR) : 1;
    const double step = years * PV_YEAR_S / steps;
    for (unsigned e = 0; e < steps; e++) {
        for (unsigned v = 0; v < DRF_PV_BANKS; v++)
            for (unsigned h = 0; h < 2; h++) /* D21: each sub-bank by its own accesses */
                stress[t.sb[v][h]] += fmin(1.0, 0.5 * sbc[2 * v + h] / ref) * step;
        for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
            dvth[sb] = pv_nbti_dvth_v(v7, stress[sb] / ((e + 1) * step), (e + 1) * step,
                                    eq1_t0 == PV_T0_PV ? c->dvth0[sb] : 0.0);
        if (s == PV_OPT_NBTI) { /* kernel-level re-organization on the aged delays */
            for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
                now[sb] = pv_chip_delay(c, sb, dvth[sb]);
            table_from(now, &t);
        }
    }
    memcpy(out->dvth, dvth, sizeof dvth);
    const unsigned need = s == PV_BASELINE ? DRF_PV_BANKS : DRF_PV_FAST_BANKS;
    /* fresh cycle: the slowest sub-bank (baseline) or the 22nd fastest, the boundary (VL-SB) */
    pv_org_table t0;
    table_from(c->delay, &t0);
    out->cycle0 = c->delay[t0.sb[PV_BOUNDARY_RANK / 2][PV_BOUNDARY_RANK % 2]];
    if (s == PV_BASELINE)
        out->cycle0 = c->delay[t0.sb[DRF_PV_BANKS - 1][1]];
    out->cycle_aged = 0.0;
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

/* The access count that stresses a cell half of the time, one scale for every scheme and SM
 * (D21): the trace's busiest bank under the baseline's Eq. (3) mapping, over all its SMs. */
static double stress_ref(const double *baseline_cnt, unsigned sms)
{
    double m = 0.0;
    for (unsigned k = 0; k < sms * DRF_PV_BANKS; k++)
        m = fmax(m, baseline_cnt[k]);
    return m > 0.0 ? m : 1.0;
}

bool pv_evaluate(const pv_accesses *a, unsigned chips, double years, enum pv_t0 t0,
                 pv_result r[PV_SCHEMES])
{
    return pv_evaluate_v(a, chips, years, t0, PV_NBTI_7Y_V, r);
}

/* The systematic field's factor (the same for every evaluation): built on the first one and
 * kept for the process; NULL when out of memory. */
static const pv_varius *field_factor(void)
{
    static pv_varius *var;
    if (var == NULL)
        var = pv_varius_new(0.5);
    return var;
}

bool pv_evaluate_v(const pv_accesses *a, unsigned chips, double years, enum pv_t0 t0, double v7,
                   pv_result r[PV_SCHEMES])
{
    const unsigned sms = a->sms ? a->sms : 1;
    const pv_varius *var = field_factor();
    pv_chip *c = malloc(sizeof *c);
    double *buf = calloc((size_t)PV_SCHEMES * sms * DRF_PV_BANKS * 3, sizeof *buf);
    if (!var || !c || !buf) {
        free(c);
        free(buf);
        return false;
    }
    memset(r, 0, PV_SCHEMES * sizeof *r);
    double *cnt[PV_SCHEMES], *sbc[PV_SCHEMES];
    const double total = a->total ? (double)a->total : 1.0;
    for (unsigned s = 0; s < PV_SCHEMES; s++) {
        cnt[s] = buf + (size_t)s * sms * DRF_PV_BANKS * 3;
        sbc[s] = cnt[s] + (size_t)sms * DRF_PV_BANKS;
        utilisation(a, s, cnt[s], sbc[s], &r[s].slow_share);
        /* busiest / idlest virtual bank of each SM, weighted by the SM's accesses */
        for (unsigned sm = 0; sm < sms; sm++) {
            double mx = 0.0, mn = INFINITY;
            for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
                const double n = cnt[s][sm * DRF_PV_BANKS + v];
                r[s].vbank_util[v] += n / total;
                mx = fmax(mx, n);
                mn = fmin(mn, n);
            }
            r[s].util_max_share += mx / total;
            r[s].util_min_share += mn / total;
        }
    }
    const double ref = stress_ref(cnt[PV_BASELINE], sms);
    for (unsigned k = 1; k <= chips; k++) {
        double f0[PV_SCHEMES] = {0}, fa[PV_SCHEMES] = {0};
        for (unsigned sm = 0; sm < sms; sm++) {
            pv_chip_generate(var, k + ((uint64_t)sm << 32), c); /* D19: a map per SM */
            for (unsigned s = 0; s < PV_SCHEMES; s++) {
                chip_run cr;
                run_chip(c, s, sbc[s] + 2 * sm * DRF_PV_BANKS, ref, years, t0, v7, &cr);
                f0[s] += 1.0 / cr.cycle0 / sms; /* Section 3.1: the SMs' mean RF frequency */
                fa[s] += 1.0 / cr.cycle_aged / sms;
                if (k == 1 && sm == 0) {
                    memcpy(r[s].vbank_delay0, cr.vd0, sizeof cr.vd0);
                    memcpy(r[s].vbank_delay, cr.vd, sizeof cr.vd);
                    memcpy(r[s].sb_dvth, cr.dvth, sizeof cr.dvth);
                    r[s].boundary0 = cr.cycle0;
                }
            }
        }
        for (unsigned s = 0; s < PV_SCHEMES; s++) {
            r[s].freq0 += f0[s] / chips;
            r[s].freq_aged += fa[s] / chips;
            r[s].guardband += (f0[s] / fa[s] - 1.0) / chips; /* the chip's cycle increase */
        }
    }
    /* D20: the chips' average guardband over the baseline's (a chip's own ratio is unstable:
     * its baseline guardband can be close to 0) */
    for (unsigned s = 0; s < PV_SCHEMES; s++)
        r[s].loss_total = 1.0 - r[s].freq_aged;
    for (unsigned s = 0; s < PV_SCHEMES; s++)
        r[s].norm_guardband = r[PV_BASELINE].guardband > 0.0
                                  ? r[s].guardband / r[PV_BASELINE].guardband : 1.0;
    free(c);
    free(buf);
    return true;
}
