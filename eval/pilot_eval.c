/* SPDX-License-Identifier: Apache-2.0 */
/* Pilot register file evaluation on a vector-register trace (pilot paper Sections II, III-A,
 * IV-C, V): reads the trace once into compact accesses (eval/trace.c), finds the kernels,
 * then replays them under the static, pilot-warp and oracle register choices, the FRF mode
 * rule of frf_mode_ctl and Table IV's energies. Decisions: docs/pilot-eval.md. */
#include "pilot_eval.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frf_mode_ctl.h"
#include "pilot_profiler.h"
#include "trace.h"

typedef struct {
    uint64_t cycle;
    uint32_t wave;   /* index into the wavefront table */
    uint16_t reg;
} access;

typedef struct {
    uint64_t id, a_cycle, f_cycle; /* f_cycle: its F line's cycle, if finished */
    uint64_t a_seq, f_seq;  /* event numbers of its A and F lines (UINT64_MAX: no F) */
    size_t f_acc;           /* accesses read before its F line */
    unsigned cu, kernel;
    bool finished;
} wave;

typedef struct {
    access *acc;
    size_t nacc, cap;
    wave *w;
    size_t nw, wcap;
    uint32_t *slot;   /* open addressing: wavefront id -> index + 1 */
    size_t nslot;
    unsigned live;
    uint64_t seq;     /* events read */
} trace_data;

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, c * size);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

static size_t hash_slot(const trace_data *t, uint64_t id)
{
    return (size_t)((id * 0x9e3779b97f4a7c15ull) >> 20) & (t->nslot - 1);
}

static bool rehash(trace_data *t)
{
    free(t->slot);
    t->nslot = t->nslot ? t->nslot * 2 : 64;
    t->slot = calloc(t->nslot, sizeof *t->slot);
    if (!t->slot)
        return false;
    for (size_t i = 0; i < t->nw; i++) {
        size_t h = hash_slot(t, t->w[i].id);
        while (t->slot[h])
            h = (h + 1) & (t->nslot - 1);
        t->slot[h] = (uint32_t)i + 1;
    }
    return true;
}

/* The index of wavefront id, or -1 (the reader has checked every id has an A line). */
static long find_wave(const trace_data *t, uint64_t id)
{
    for (size_t h = hash_slot(t, id); t->slot[h]; h = (h + 1) & (t->nslot - 1))
        if (t->w[t->slot[h] - 1].id == id)
            return (long)t->slot[h] - 1;
    return -1;
}

static int fail(char *err, size_t errlen, const char *msg, const char *detail)
{
    snprintf(err, errlen, "%s%s", msg, detail);
    return -1;
}

/* A kernel starts at an A line while no wavefront of the trace is live (docs/pilot-eval.md). */
static int add_wave(trace_data *t, pe_result *res, const tr_event *ev, char *err, size_t errlen)
{
    if (t->live == 0) {
        if (res->kernels == PE_MAX_KERNELS)
            return fail(err, errlen, "more than 64 kernels", "");
        res->kernel[res->kernels].first_cycle = ev->cycle;
        res->kernels++;
    }
    if (!grow((void **)&t->w, &t->wcap, t->nw + 1, sizeof *t->w) ||
        ((t->nw + 1) * 2 > t->nslot && !rehash(t)))
        return fail(err, errlen, "out of memory", "");
    t->w[t->nw] = (wave){.id = ev->wf, .a_cycle = ev->cycle, .cu = ev->cu,
                         .kernel = res->kernels - 1, .a_seq = t->seq, .f_seq = UINT64_MAX,
                         .f_acc = SIZE_MAX};
    size_t h = hash_slot(t, ev->wf);
    while (t->slot[h])
        h = (h + 1) & (t->nslot - 1);
    t->slot[h] = (uint32_t)++t->nw;
    t->live++;
    res->kernel[res->kernels - 1].wavefronts++;
    res->wavefronts++;
    return 0;
}

/* One event of the trace, in file order. */
static int add_event(trace_data *t, pe_result *res, const tr_event *ev, char *err, size_t errlen)
{
    t->seq++;
    if (ev->kind == TR_A)
        return add_wave(t, res, ev, err, errlen);
    const long wi = find_wave(t, ev->wf);
    if (wi < 0)
        return fail(err, errlen, "wavefront without an A line", "");
    pe_kernel *k = &res->kernel[t->w[wi].kernel];
    k->last_cycle = ev->cycle;
    if (ev->kind == TR_F) {
        t->w[wi].finished = true;
        t->w[wi].f_cycle = ev->cycle;
        t->w[wi].f_seq = t->seq;
        t->w[wi].f_acc = t->nacc;
        t->live--;
        return 0;
    }
    if (ev->kind == TR_W && ev->launch) {
        res->launch_writes++;
        return 0;
    }
    if (!grow((void **)&t->acc, &t->cap, t->nacc + 1, sizeof *t->acc))
        return fail(err, errlen, "out of memory", "");
    t->acc[t->nacc++] = (access){ev->cycle, (uint32_t)wi, (uint16_t)ev->vreg};
    *(ev->kind == TR_R ? &res->reads : &res->writes) += 1;
    k->accesses++;
    k->count[ev->vreg]++;
    res->count[ev->vreg]++;
    if (ev->vreg + 1 > res->nregs)
        res->nregs = ev->vreg + 1;
    return 0;
}

double pe_top_share(const uint64_t *count, unsigned nregs, uint64_t total, unsigned k)
{
    if (total == 0)
        return 0.0;
    unsigned top[PE_REGS];
    const unsigned kk = k < nregs ? k : nregs;
    ppf_select_top(count, nregs, kk, top);
    uint64_t sum = 0;
    for (unsigned i = 0; i < kk; i++)
        sum += count[top[i]];
    return 100.0 * (double)sum / (double)total;
}

/* Membership in a top-n set (registers up to 255; the FRF holds exactly the top-n set, as
 * the swapping table's proof shows). */
static bool in_top(const unsigned *top, unsigned n, unsigned reg)
{
    for (unsigned i = 0; i < n; i++)
        if (top[i] == reg)
            return true;
    return false;
}

/* The pilot of each kernel: its first wavefront. Its accesses up to its F line are profiled;
 * from that F line on, wavefronts that start use its top-n; earlier ones keep R0..R(n-1). */
static void pilot_profiles(const trace_data *t, const pe_config *cfg, pe_result *res,
                           uint64_t pilot_done[PE_MAX_KERNELS], size_t pilot_acc[PE_MAX_KERNELS])
{
    static uint64_t counts[PE_MAX_KERNELS][PE_REGS];
    memset(counts, 0, res->kernels * sizeof counts[0]); /* the kernels of this trace */
    long pilot[PE_MAX_KERNELS];
    for (unsigned k = 0; k < PE_MAX_KERNELS; k++)
        pilot[k] = -1;
    for (size_t i = t->nw; i-- > 0;)
        pilot[t->w[i].kernel] = (long)i;
    for (size_t i = 0; i < t->nacc; i++) {
        const access *a = &t->acc[i];
        if ((long)a->wave == pilot[t->w[a->wave].kernel])
            counts[t->w[a->wave].kernel][a->reg]++;
    }
    for (unsigned k = 0; k < res->kernels; k++) {
        if (pilot[k] >= 0) { /* Table I's pilot time: its A to its F (or the kernel's end) */
            const wave *p = &t->w[pilot[k]];
            res->kernel[k].pilot_cycles =
                (p->finished ? p->f_cycle : res->kernel[k].last_cycle) - p->a_cycle;
        }
        pilot_done[k] = pilot[k] >= 0 ? t->w[pilot[k]].f_seq : UINT64_MAX;
        pilot_acc[k] = pilot[k] >= 0 ? t->w[pilot[k]].f_acc : SIZE_MAX;
        ppf_select_top(counts[k], PE_REGS, cfg->n, res->pilot_top[k]);
        ppf_select_top(res->kernel[k].count, PE_REGS, cfg->n, res->kernel_top[k]);
    }
}

/* One compute unit's issue counts (Sec. IV-C): instructions issued in its current epoch and in
 * the epoch before it. Accesses come in cycle order, so an epoch's count is complete when the
 * CU's first access of a later epoch (or the end) arrives: no table over all epochs. */
typedef struct {
    uint64_t epoch;     /* current epoch (UINT64_MAX: none yet) */
    unsigned cur, prev; /* issued in it and in epoch - 1 (0 if none), saturating at 65535 */
} cu_issue;

/* frf_mode_ctl's decision on an epoch's count, as the epoch closes (CU-epochs with any). */
static void close_epoch(const fmc_cfg *c, const cu_issue *u, pe_result *res)
{
    if (u->epoch != UINT64_MAX && u->cur) {
        res->cu_epochs++;
        res->low_epochs += !fmc_next_high(c, u->cur);
        if (u->cur > res->issued_max)
            res->issued_max = u->cur;
    }
}

/* Moves a CU to epoch e; true when it is in FRF_high there: epoch 0 (reset), then by the
 * previous epoch's count (frf_mode_ctl's rule). */
static bool enter_epoch(const fmc_cfg *c, cu_issue *u, uint64_t e, pe_result *res)
{
    if (u->epoch != e) {
        close_epoch(c, u, res);
        u->prev = u->epoch != UINT64_MAX && e == u->epoch + 1 ? u->cur : 0;
        u->epoch = e;
        u->cur = 0;
    }
    return e == 0 || fmc_next_high(c, u->prev);
}

/* Replays every access under the three register choices; the pilot policy's FRF accesses by
 * mode. One instruction issued per distinct (wavefront, cycle) of its R and W lines, counted
 * per CU and epoch of cfg->epoch cycles from cycle 0. last[w]: wavefront w's last cycle. */
static void replay(const trace_data *t, const pe_config *cfg, uint64_t *last,
                   const uint64_t pilot_done[PE_MAX_KERNELS],
                   const size_t pilot_acc[PE_MAX_KERNELS], pe_result *res)
{
    const fmc_cfg c = {cfg->epoch, cfg->threshold};
    cu_issue cu[TR_MAX_CU];
    for (unsigned i = 0; i < TR_MAX_CU; i++)
        cu[i] = (cu_issue){UINT64_MAX, 0, 0};
    for (size_t i = 0; i < t->nw; i++)
        last[i] = UINT64_MAX;
    unsigned home[PE_MAX_N]; /* R0..R(n-1) */
    for (unsigned i = 0; i < cfg->n; i++)
        home[i] = i;
    for (size_t i = 0; i < t->nacc; i++) {
        const access *a = &t->acc[i];
        const wave *w = &t->w[a->wave];
        const unsigned k = w->kernel;
        cu_issue *u = &cu[w->cu];
        const bool high = enter_epoch(&c, u, a->cycle / cfg->epoch, res);
        if (last[a->wave] != a->cycle) {
            last[a->wave] = a->cycle;
            u->cur += u->cur < UINT16_MAX;
            res->issued++;
        }
        const bool pilot_table = w->a_seq > pilot_done[k]; /* started after the pilot ended */
        res->frf_static += a->reg < cfg->n;
        res->frf_oracle += in_top(res->kernel_top[k], cfg->n, a->reg);
        res->frf_pilot_move += in_top(i >= pilot_acc[k] ? res->pilot_top[k] : home, cfg->n, a->reg);
        const bool frf = in_top(pilot_table ? res->pilot_top[k] : home, cfg->n, a->reg);
        if (!frf) {
            res->srf++;
            continue;
        }
        res->frf_pilot++;
        *(high ? &res->frf_high : &res->frf_low) += 1;
    }
    for (unsigned i = 0; i < TR_MAX_CU; i++)
        close_epoch(&c, &cu[i], res);
}

static void energy(pe_result *res)
{
    res->energy_part_pj = (double)res->frf_low * PE_E_FRF_LOW +
                          (double)res->frf_high * PE_E_FRF_HIGH + (double)res->srf * PE_E_SRF;
    res->energy_mrf_pj = (double)res->accesses * PE_E_MRF;
    res->energy_mrf_table_pj = (double)res->accesses * PE_E_MRF_TABLE;
    res->leak_part_mw = PE_LEAK_FRF + PE_LEAK_SRF;
    res->leak_mrf_mw = PE_LEAK_MRF;
}

struct pe_stream {
    trace_data t;
    pe_config cfg;
    pe_result *res;
};

static bool config_ok(const pe_config *cfg)
{
    return cfg->n != 0 && cfg->n <= PE_MAX_N && cfg->epoch != 0;
}

pe_stream *pe_stream_new(const pe_config *cfg, pe_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (!config_ok(cfg)) {
        fail(err, errlen, "bad configuration", "");
        return NULL;
    }
    pe_stream *p = calloc(1, sizeof *p);
    if (!p || !rehash(&p->t)) {
        free(p);
        fail(err, errlen, "out of memory", "");
        return NULL;
    }
    p->cfg = *cfg;
    p->res = res;
    return p;
}

bool pe_stream_add(pe_stream *p, const tr_event *ev, char *err, size_t errlen)
{
    return add_event(&p->t, p->res, ev, err, errlen) == 0;
}

bool pe_stream_finish(pe_stream *p, char *err, size_t errlen)
{
    pe_result *res = p->res;
    res->accesses = res->reads + res->writes;
    for (unsigned k = 0; k <= PE_TOPK; k++)
        res->top_share[k] = pe_top_share(res->count, PE_REGS, res->accesses, k);
    uint64_t pilot_done[PE_MAX_KERNELS];
    size_t pilot_acc[PE_MAX_KERNELS];
    pilot_profiles(&p->t, &p->cfg, res, pilot_done, pilot_acc);
    uint64_t *last = malloc((p->t.nw ? p->t.nw : 1) * sizeof *last);
    if (!last) {
        fail(err, errlen, "out of memory", "");
        return false;
    }
    replay(&p->t, &p->cfg, last, pilot_done, pilot_acc, res);
    energy(res);
    free(last);
    return true;
}

void pe_stream_free(pe_stream *p)
{
    if (!p)
        return;
    free(p->t.acc);
    free(p->t.w);
    free(p->t.slot);
    free(p);
}

/* Evaluates the events of r (closed here). */
static int run_reader(tr_reader *r, const pe_config *cfg, pe_result *res, char *err,
                      size_t errlen)
{
    pe_stream *p = pe_stream_new(cfg, res, err, errlen);
    bool ok = p != NULL;
    tr_event ev;
    int st = 0;
    while (ok && (st = tr_next(r, &ev)) == 1)
        ok = pe_stream_add(p, &ev, err, errlen);
    if (ok && st < 0) {
        snprintf(err, errlen, "%s", tr_error(r));
        ok = false;
    }
    ok = ok && pe_stream_finish(p, err, errlen);
    tr_close(r);
    pe_stream_free(p);
    return ok ? 0 : -1;
}

int pe_run(const char *path, const pe_config *cfg, pe_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (!config_ok(cfg))
        return fail(err, errlen, "bad configuration", "");
    tr_reader *r = tr_open(path, err, errlen);
    return r ? run_reader(r, cfg, res, err, errlen) : -1;
}

int pe_run_mem(const void *buf, size_t len, const char *name, const pe_config *cfg,
               pe_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (!config_ok(cfg))
        return fail(err, errlen, "bad configuration", "");
    tr_reader *r = tr_open_mem(buf, len, name, err, errlen);
    return r ? run_reader(r, cfg, res, err, errlen) : -1;
}
