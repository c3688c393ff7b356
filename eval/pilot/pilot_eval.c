/* SPDX-License-Identifier: Apache-2.0 */
/* Pilot register file evaluation on a vector-register trace (pilot paper Sections II, III-A,
 * IV-C, V): one pass over the trace (eval/trace/trace.c) finds the kernels and their pilots and
 * counts every access under the static, pilot-warp and oracle register choices, the FRF mode
 * rule of frf_mode_ctl and Table IV's energies, keeping only the live wavefronts and per-kernel
 * counts. Decisions: docs/pilot-eval.md. */
#include "eval/pilot/pilot_eval.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frf_mode_ctl.h"
#include "pilot_profiler.h"
#include "eval/trace/trace.h"

/* A live wavefront (A read, F not yet): dropped at its F, so the table holds at most the
 * wavefronts resident at once. */
typedef struct {
    uint64_t id;
    uint64_t last;      /* cycle of its last access (UINT64_MAX: none): one issue a cycle */
    unsigned cu, kernel;
    bool used, pilot;   /* pilot: the first wavefront of its kernel */
    bool pilot_table;   /* started after its kernel's pilot ended: uses the pilot's top-n */
} wave;

/* A kernel's pilot: its A and F cycles, its accesses' register counts until its F. */
typedef struct {
    uint64_t a_cycle, f_cycle;
    bool ended;
    uint64_t count[PE_REGS];
} pilot_state;

typedef struct {
    wave *w;            /* open addressing on the id */
    size_t cap, live;
    pilot_state pilot[PE_MAX_KERNELS];
} trace_data;

static size_t hash_slot(const trace_data *t, uint64_t id)
{
    return (size_t)((id * 0x9e3779b97f4a7c15ull) >> 20) & (t->cap - 1);
}

/* The slot of wavefront id, or of the free slot where it would go. */
static size_t wave_slot(const trace_data *t, uint64_t id)
{
    size_t h = hash_slot(t, id);
    while (t->w[h].used && t->w[h].id != id)
        h = (h + 1) & (t->cap - 1);
    return h;
}

static bool rehash(trace_data *t)
{
    wave *old = t->w;
    const size_t old_cap = t->cap;
    t->cap = old_cap ? old_cap * 2 : 64;
    if ((t->w = calloc(t->cap, sizeof *t->w)) == NULL) {
        t->w = old;
        t->cap = old_cap;
        return false;
    }
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].used)
            t->w[wave_slot(t, old[i].id)] = old[i];
    free(old);
    return true;
}

/* Drops the wavefront in slot j; the entries after it in its run move back. */
static void drop_wave(trace_data *t, size_t j)
{
    t->w[j].used = false;
    t->live--;
    for (j = (j + 1) & (t->cap - 1); t->w[j].used; j = (j + 1) & (t->cap - 1)) {
        const wave moved = t->w[j];
        t->w[j].used = false;
        t->w[wave_slot(t, moved.id)] = moved;
    }
}

static int fail(char *err, size_t errlen, const char *msg, const char *detail)
{
    snprintf(err, errlen, "%s%s", msg, detail);
    return -1;
}

/* A kernel starts at an A line while no wavefront of the trace is live (docs/pilot-eval.md);
 * its first wavefront is its pilot. */
static int add_wave(trace_data *t, pe_result *res, const tr_event *ev, char *err, size_t errlen)
{
    const bool first = t->live == 0;
    if (first) {
        if (res->kernels == PE_MAX_KERNELS)
            return fail(err, errlen, "more than 64 kernels", "");
        res->kernel[res->kernels].first_cycle = ev->cycle;
        t->pilot[res->kernels] = (pilot_state){.a_cycle = ev->cycle};
        res->kernels++;
    }
    if ((t->live + 1) * 2 > t->cap && !rehash(t))
        return fail(err, errlen, "out of memory", "");
    const unsigned k = res->kernels - 1;
    t->w[wave_slot(t, ev->wf)] = (wave){.id = ev->wf, .last = UINT64_MAX, .cu = ev->cu,
                                        .kernel = k, .used = true, .pilot = first,
                                        .pilot_table = t->pilot[k].ended};
    t->live++;
    res->kernel[k].wavefronts++;
    res->wavefronts++;
    return 0;
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

struct pe_stream {
    trace_data t;
    pe_config cfg;
    fmc_cfg fmc;
    cu_issue cu[TR_MAX_CU];
    unsigned home[PE_MAX_N]; /* R0..R(n-1) */
    pe_result *res;
};

/* An access, as it is read, under the three register choices; the pilot policy's FRF
 * accesses by mode. One instruction issued per distinct (wavefront, cycle) of its R and W
 * lines, counted per CU and epoch of cfg->epoch cycles from cycle 0. The pilot's top-n is
 * known from its F line on: a wavefront started after it uses it (pilot_table), and so do
 * all accesses after it when live values move (frf_pilot_move). The oracle's share needs the
 * kernel's whole counts: pe_stream_finish. */
static void access_reg(pe_stream *p, wave *w, const tr_event *ev)
{
    pe_result *res = p->res;
    const unsigned n = p->cfg.n, k = w->kernel, reg = ev->vreg;
    cu_issue *u = &p->cu[w->cu];
    const bool high = enter_epoch(&p->fmc, u, ev->cycle / p->cfg.epoch, res);
    if (w->last != ev->cycle) {
        w->last = ev->cycle;
        u->cur += u->cur < UINT16_MAX;
        res->issued++;
    }
    if (w->pilot)
        p->t.pilot[k].count[reg]++;
    const unsigned *pilot_top = res->pilot_top[k];
    res->frf_static += reg < n;
    res->frf_pilot_move += in_top(p->t.pilot[k].ended ? pilot_top : p->home, n, reg);
    if (!in_top(w->pilot_table ? pilot_top : p->home, n, reg)) {
        res->srf++;
        return;
    }
    res->frf_pilot++;
    *(high ? &res->frf_high : &res->frf_low) += 1;
}

/* The pilot's F line: its top-n from then on, Table I's pilot time. */
static void pilot_end(pe_stream *p, unsigned k, uint64_t cycle)
{
    pilot_state *ps = &p->t.pilot[k];
    ps->ended = true;
    ps->f_cycle = cycle;
    ppf_select_top(ps->count, PE_REGS, p->cfg.n, p->res->pilot_top[k]);
}

/* One event of the trace, in file order. */
static int add_event(pe_stream *p, const tr_event *ev, char *err, size_t errlen)
{
    trace_data *t = &p->t;
    pe_result *res = p->res;
    if (ev->kind == TR_A)
        return add_wave(t, res, ev, err, errlen);
    const size_t j = wave_slot(t, ev->wf);
    wave *w = &t->w[j];
    if (!w->used)
        return fail(err, errlen, "wavefront without an A line", "");
    pe_kernel *k = &res->kernel[w->kernel];
    k->last_cycle = ev->cycle;
    if (ev->kind == TR_F) {
        if (w->pilot)
            pilot_end(p, w->kernel, ev->cycle);
        drop_wave(t, j);
        return 0;
    }
    if (ev->kind == TR_W && ev->launch) {
        res->launch_writes++;
        return 0;
    }
    *(ev->kind == TR_R ? &res->reads : &res->writes) += 1;
    k->accesses++;
    k->count[ev->vreg]++;
    res->count[ev->vreg]++;
    if (ev->vreg + 1 > res->nregs)
        res->nregs = ev->vreg + 1;
    access_reg(p, w, ev);
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

/* Per kernel: the oracle's registers (its own top-n over the whole kernel) and the accesses
 * they serve; the pilot's registers for a pilot that never ended, and the accesses of the whole
 * kernel they would serve (the pilot warp's profile against the kernel's); Table I's pilot time
 * (its A to its F, or the kernel's end). */
static void kernel_tops(pe_stream *p)
{
    pe_result *res = p->res;
    for (unsigned k = 0; k < res->kernels; k++) {
        const pilot_state *ps = &p->t.pilot[k];
        pe_kernel *kr = &res->kernel[k];
        kr->pilot_cycles = (ps->ended ? ps->f_cycle : kr->last_cycle) - ps->a_cycle;
        if (!ps->ended)
            ppf_select_top(ps->count, PE_REGS, p->cfg.n, res->pilot_top[k]);
        ppf_select_top(kr->count, PE_REGS, p->cfg.n, res->kernel_top[k]);
        for (unsigned i = 0; i < p->cfg.n; i++) { /* distinct registers */
            res->frf_oracle += kr->count[res->kernel_top[k][i]];
            res->frf_pilot_profile += kr->count[res->pilot_top[k][i]];
        }
    }
}

void pe_energy(pe_result *res)
{
    res->energy_part_pj = (double)res->frf_low * PE_E_FRF_LOW +
                          (double)res->frf_high * PE_E_FRF_HIGH + (double)res->srf * PE_E_SRF;
    res->energy_mrf_pj = (double)res->accesses * PE_E_MRF;
    res->energy_mrf_table_pj = (double)res->accesses * PE_E_MRF_TABLE;
    res->leak_part_mw = PE_LEAK_FRF + PE_LEAK_SRF;
    res->leak_mrf_mw = PE_LEAK_MRF;
}

static bool config_ok(const pe_config *cfg)
{
    return cfg->n != 0 && cfg->n <= PE_MAX_N && cfg->epoch != 0;
}

unsigned pe_slots(const gpu_config *g, unsigned epoch)
{
    return gpu_issue_slots(g, epoch);
}

unsigned pe_threshold(unsigned slots)
{
    return (unsigned)(((uint64_t)DRF_PILOT_THR_NUM * slots + DRF_PILOT_THR_DEN - 1) /
                      DRF_PILOT_THR_DEN);
}

/* The kernels' pilot_state entries are not cleared: each is set whole as its kernel starts. */
bool pe_stream_reset(pe_stream *p, const pe_config *cfg, pe_result *res, char *err,
                     size_t errlen)
{
    const bool ok = config_ok(cfg) && cfg->gpu != NULL;
    const gpu_config gpu = ok ? *cfg->gpu : (gpu_config){.name = ""};
    memset(res, 0, sizeof *res);
    if (!ok) {
        fail(err, errlen, "bad configuration", "");
        return false;
    }
    res->gpu = gpu;
    res->slots = pe_slots(cfg->gpu, cfg->epoch);
    res->threshold = pe_threshold(res->slots);
    free(p->t.w);
    p->t.w = NULL;
    p->t.cap = p->t.live = 0;
    if (!rehash(&p->t)) {
        fail(err, errlen, "out of memory", "");
        return false;
    }
    p->cfg = *cfg;
    p->cfg.gpu = &res->gpu;
    p->fmc = (fmc_cfg){cfg->epoch, res->threshold};
    for (unsigned i = 0; i < TR_MAX_CU; i++)
        p->cu[i] = (cu_issue){UINT64_MAX, 0, 0};
    for (unsigned i = 0; i < cfg->n; i++)
        p->home[i] = i;
    p->res = res;
    return true;
}

pe_stream *pe_stream_new(const pe_config *cfg, pe_result *res, char *err, size_t errlen)
{
    pe_stream *p = malloc(sizeof *p);
    if (p == NULL) {
        memset(res, 0, sizeof *res);
        fail(err, errlen, "out of memory", "");
        return NULL;
    }
    p->t.w = NULL;
    if (!pe_stream_reset(p, cfg, res, err, errlen)) {
        pe_stream_free(p);
        return NULL;
    }
    return p;
}

bool pe_stream_add(pe_stream *p, const tr_event *ev, char *err, size_t errlen)
{
    return add_event(p, ev, err, errlen) == 0;
}

bool pe_stream_finish(pe_stream *p, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    pe_result *res = p->res;
    res->accesses = res->reads + res->writes;
    for (unsigned k = 0; k <= PE_TOPK; k++)
        res->top_share[k] = pe_top_share(res->count, PE_REGS, res->accesses, k);
    kernel_tops(p);
    for (unsigned i = 0; i < TR_MAX_CU; i++)
        close_epoch(&p->fmc, &p->cu[i], res);
    pe_energy(res);
    return true;
}

void pe_stream_free(pe_stream *p)
{
    if (!p)
        return;
    free(p->t.w);
    free(p);
}

/* cfg with its GPU, the trace's own when it names none (decision 6): known from r's first event. */
static bool with_gpu(const tr_reader *r, const pe_config *cfg, pe_config *out, gpu_config *own,
                     char *err, size_t errlen)
{
    *out = *cfg;
    if (out->gpu)
        return true;
    out->gpu = own;
    return gpu_load(tr_lanes(r) == TR_NVIDIA_LANES ? PE_GPU_NVIDIA : PE_GPU_GCN, own, err, errlen);
}

/* Evaluates the events of r (closed here). */
static int run_reader(tr_reader *r, const pe_config *cfg, pe_result *res, char *err,
                      size_t errlen)
{
    tr_event ev;
    int st = tr_next(r, &ev);
    pe_config c;
    gpu_config own;
    pe_stream *p = with_gpu(r, cfg, &c, &own, err, errlen) ? pe_stream_new(&c, res, err, errlen)
                                                           : NULL;
    bool ok = p != NULL;
    for (; ok && st == 1; st = ok ? tr_next(r, &ev) : st)
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
