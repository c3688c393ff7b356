/* SPDX-License-Identifier: Apache-2.0 */
/* PV/NBTI trace evaluation (pv-nbti-banked-rf paper Sections 3.2-4.2 and 6.2): the schemes'
 * bank mapping over the trace's accesses, VL-SB cycle time, NBTI ageing by epochs with the
 * kernel-level re-organization at each (docs/pv-decisions.md D19-D22). */
#include "eval/pv/pv_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pv_bank_map.h"
#include "pv_bank_org.h"
#include "pv_bank_rename.h"
#include "eval/pv/pv_varius.h"
#include "eval/trace/trace.h"

enum { LAUNCHES_PER_YEAR = 12, WF_MAX = 1 << 16, WF_TAB_MIN = 64 };

static const char *const names[PV_SCHEMES] = {
    "baseline", "VL-SB+RF-BRO", "+FBA-RM", "+FWAS", "PV-opt (+hybrid)", "PV-opt+renaming",
    "PV-opt+NBTI-opt"};

const char *pv_scheme_name(enum pv_scheme s)
{
    return names[s];
}

/* The threads of one of a wavefront's warps (32 lanes of its exec mask) in an access: both
 * halves, or only threads 0-15 / 16-31 (one sub-bank of the register vector, D6). */
static unsigned thread_class(uint32_t threads)
{
    return (threads >> 16) == 0 ? PV_LOW : (uint16_t)threads == 0 ? PV_HIGH : PV_FULL;
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
    free(a->warp);
    a->warp = NULL;
    a->cap = 0;
}

/* A work-group as read (D21): the wavefronts whose A lines share cycle, compute unit and SIMD;
 * its last F, and how many of its wavefronts have ended. */
typedef struct {
    pv_group g;
    uint64_t last_f;
    unsigned ended;
} group_read;

typedef struct {
    uint64_t cycle[TR_MAX_CU][TR_SIMDS];
    uint32_t group[TR_MAX_CU][TR_SIMDS];
    bool seen[TR_MAX_CU][TR_SIMDS];
    group_read *grp;
    size_t grp_cap;
    uint64_t last_cycle; /* the trace's last event: the end of a wavefront without F */
} reader_state;

/* The work-group of an A line, a new one when its cycle, compute unit or SIMD differ from the
 * last A's there; false when out of memory. */
static bool join_group(pv_accesses *a, reader_state *rs, const tr_event *ev, uint32_t *group)
{
    if (!rs->seen[ev->cu][ev->simd] || rs->cycle[ev->cu][ev->simd] != ev->cycle) {
        if (a->groups == rs->grp_cap) {
            const size_t cap = rs->grp_cap ? 2 * rs->grp_cap : 64;
            group_read *g = realloc(rs->grp, cap * sizeof *g);
            if (!g)
                return false;
            rs->grp = g;
            rs->grp_cap = cap;
        }
        rs->grp[a->groups] = (group_read){.g = {.arrival = ev->cycle}};
        rs->seen[ev->cu][ev->simd] = true;
        rs->cycle[ev->cu][ev->simd] = ev->cycle;
        rs->group[ev->cu][ev->simd] = (uint32_t)a->groups++;
    }
    *group = rs->group[ev->cu][ev->simd];
    group_read *g = &rs->grp[*group];
    g->g.waves++;
    g->g.regs = ev->nvregs > g->g.regs ? ev->nvregs : g->g.regs;
    return true;
}

/* A new wavefront (an A line): its warps (D23, D24) in its work-group; false when out of memory. */
static bool add_wave(pv_accesses *a, reader_state *rs, const tr_event *ev)
{
    const unsigned ww = a->config.wave_warps;
    if (a->warps + ww > a->cap) {
        const size_t cap = a->cap ? 2 * a->cap : 64;
        pv_warp *w = realloc(a->warp, cap * sizeof *w);
        if (!w)
            return false;
        a->warp = w;
        a->cap = cap;
    }
    uint32_t group;
    if (!join_group(a, rs, ev, &group))
        return false;
    for (unsigned h = 0; h < ww; h++) {
        pv_warp *w = &a->warp[a->warps++];
        memset(w, 0, sizeof *w);
        w->group = group;
    }
    a->wavefronts++;
    if (ev->nvregs > a->max_nvregs)
        a->max_nvregs = ev->nvregs;
    return true;
}

struct pv_reader {
    pv_accesses *a;
    const gpu_config *gpu;
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

pv_reader *pv_reader_new(pv_accesses *a, const gpu_config *g)
{
    memset(a, 0, sizeof *a);
    pv_gpu_from(g, TR_GCN_LANES, &a->config);
    pv_reader *pr = calloc(1, sizeof *pr);
    wf_slot *tab = calloc(WF_TAB_MIN, sizeof *tab);
    if (!pr || !tab) {
        free(pr);
        free(tab);
        return NULL;
    }
    pr->a = a;
    pr->gpu = g;
    pr->tab = tab;
    pr->cap = WF_TAB_MIN;
    return pr;
}

bool pv_reader_lanes(pv_reader *pr, unsigned lanes, char *msg, size_t len)
{
    pv_gpu_from(pr->gpu, lanes, &pr->a->config);
    if (pr->a->config.wave_warps <= pr->a->config.warps)
        return true;
    snprintf(msg, len, "a wavefront of %u lanes is %u warps of %d threads, more than an SM of "
             "the GPU holds (%u)", lanes, pr->a->config.wave_warps, PV_WARP_THREADS,
             pr->a->config.warps);
    return false;
}

void pv_reader_free(pv_reader *pr)
{
    if (!pr)
        return;
    free(pr->rs.grp);
    free(pr->tab);
    free(pr);
}

/* An A line: the wavefront's slot and its warps in the accesses; false with a message. */
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

/* An access (R, or W past the launch) of wavefront s: one for each of its warps with an active
 * thread (D23, D24), by the threads of that warp. */
static void count_access(pv_accesses *a, const wf_slot *s, unsigned vreg)
{
    const unsigned ww = a->config.wave_warps;
    a->total++;
    for (unsigned h = 0; h < ww; h++) {
        const uint32_t threads = (uint32_t)(s->mask >> (PV_WARP_THREADS * h));
        if (!threads)
            continue;
        const unsigned c = thread_class(threads);
        a->warp[(size_t)s->ordinal * ww + h].n[vreg % DRF_PV_REG_IDS][c]++;
        a->warp_accesses++;
        a->partial += c != PV_FULL;
    }
}

bool pv_reader_add(pv_reader *pr, const tr_event *ev, char *msg, size_t len)
{
    pr->rs.last_cycle = ev->cycle;
    if (ev->kind == TR_A)
        return start_wave(pr, ev, msg, len);
    pv_accesses *a = pr->a;
    wf_slot *s = lookup(pr->tab, pr->cap, ev->wf);
    if (ev->kind == TR_F) {
        group_read *g = &pr->rs.grp[a->warp[(size_t)s->ordinal * a->config.wave_warps].group];
        g->last_f = ev->cycle;
        g->ended++;
        return true;
    }
    if (ev->kind == TR_W && ev->launch)
        return true;
    if (ev->kind == TR_W || ev->mask) /* an R without its own mask: the last W's (D23, D24) */
        s->mask = ev->mask;
    count_access(a, s, ev->vreg);
    return true;
}

/* D23: the work-groups on the GPU; each warp's SM, warp and its group's last warp. */
static bool place(pv_reader *pr)
{
    pv_accesses *a = pr->a;
    const unsigned ww = a->config.wave_warps;
    const reader_state *rs = &pr->rs;
    pv_group *g = malloc((a->groups ? a->groups : 1) * sizeof *g);
    uint64_t *next = calloc(a->groups ? a->groups : 1, sizeof *next); /* each group's offset */
    pv_wave_place *at = malloc((a->wavefronts ? a->wavefronts : 1) * sizeof *at);
    bool ok = g && next && at;
    if (ok) {
        uint64_t off = 0;
        for (uint64_t k = 0; k < a->groups; k++) {
            const group_read *r = &rs->grp[k];
            g[k] = r->g; /* a wavefront without F runs to the trace's last event */
            g[k].duration = (r->ended == r->g.waves ? r->last_f : rs->last_cycle) - r->g.arrival;
            next[k] = off;
            off += r->g.waves;
        }
        ok = pv_gpu_place(&a->config, g, a->groups, at, &a->gpu);
        for (uint64_t k = 0; ok && k < a->warps; k++) {
            pv_warp *w = &a->warp[k];
            const pv_wave_place *p = &at[next[w->group]];
            w->sm = p->sm;
            w->id = (uint8_t)(p->warp + k % ww);
            w->last_warp = p->last_warp;
            next[w->group] += k % ww == ww - 1;
        }
    }
    free(g);
    free(next);
    free(at);
    return ok;
}

bool pv_reader_finish(pv_reader *pr, char *msg, size_t len)
{
    pv_accesses *a = pr->a;
    if (!place(pr)) {
        snprintf(msg, len, "out of memory");
        return false;
    }
    for (unsigned sm = 0; sm < a->gpu.sms; sm++) /* D5 over the warps the SM holds at once */
        a->fast_regs[sm] = pv_fba_fast_regs(a->gpu.sm_warps[sm], a->gpu.sm_regs[sm]);
    return true;
}

bool pv_accesses_read(const char *path, const gpu_config *gpu, pv_accesses *a, char *err,
                      size_t errlen)
{
    pv_reader *pr = pv_reader_new(a, gpu);
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
    int st = tr_next(r, &ev);
    char msg[256] = "";
    bool ok = pv_reader_lanes(pr, tr_lanes(r), msg, sizeof msg); /* known from the first event */
    for (; ok && st == 1; st = ok ? tr_next(r, &ev) : st)
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

/* Warp accesses per SM and virtual bank under a scheme (cnt[sm * DRF_PV_BANKS + v]), those
 * reaching each of its two sub-banks (sbc[2 * (sm * DRF_PV_BANKS + v) + h], D6, D21: threads 0-15
 * are sub-bank 0's, 16-31 sub-bank 1's; a hybrid slow bank keeps a partial vector in its fast
 * sub-bank 0, D22), and the share of two-cycle ones. */
static void utilisation(const pv_accesses *a, enum pv_scheme s, double *cnt, double *sbc,
                        double *slow_share)
{
    uint64_t slow = 0;
    uint8_t rows[DRF_PV_BANKS][DRF_PV_BANKS];
    for (unsigned lw = 0; lw < DRF_PV_BANKS; lw++)
        pv_rename_row(lw, rows[lw]);
    memset(cnt, 0, (size_t)a->gpu.sms * DRF_PV_BANKS * sizeof *cnt);
    memset(sbc, 0, (size_t)a->gpu.sms * DRF_PV_BANKS * 2 * sizeof *sbc);
    for (uint64_t k = 0; k < a->warps; k++) {
        const pv_warp *w = &a->warp[k];
        for (unsigned r = 0; r < DRF_PV_REG_IDS; r++)
            for (unsigned p = 0; p < PV_LANE_CLASSES; p++) {
                const uint64_t c = w->n[r][p];
                if (!c)
                    continue;
                const pv_bank_map_in in = {.warp = w->id, .reg = (uint8_t)r,
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
    *slow_share = a->warp_accesses ? (double)slow / (double)a->warp_accesses : 0.0;
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
    const unsigned sms = a->gpu.sms ? a->gpu.sms : 1;
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
    const double total = a->warp_accesses ? (double)a->warp_accesses : 1.0;
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
