/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare's run (docs/compare.md): one read of a trace feeds every evaluation. The reader's
 * tap gives each event, in file order, to the PV and Pilot evaluations; one dispatch (packed
 * placement) gives each placed event to the aging paper's replay and to DC-Patch's slices under
 * the common, clustered and dispersed fault maps. Decisions: docs/compare.md. */
#include "eval/compare/compare_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/timeline/epochs.h"
#include "eval/trace/progress.h"
#include "eval/timeline/timeline.h"

/* Placed events handed to one evaluation before the next (speed only: each keeps its own
 * state in the caches over a batch; the evaluations are independent of one another). */
enum { BATCH = 512 };

/* The evaluations fed by the one read: made once, reset for each trace (only what the last
 * run used is cleared, so a reused context costs no large allocations). */
struct cmp_ctx {
    sim *sim;
    sim_feed_state sim_feed;
    pa_config patch_cfg[FM_SCENARIOS];
    pa_pass *patch[FM_SCENARIOS];
    pv_accesses pv;
    pv_reader *pv_reader;
    pe_stream *pilot;
    pe_result *pilot_result;
    pe_result *pilot_split;        /* its FRF accesses split on the issue model (cmp_ctx_pilot) */
    cmp_cells cells;
    cmp_inputs in;
    tl *timeline;                  /* the issue model on the slices */
    ep_state *epochs;              /* the Pilot RF's modes on the baseline's issue */
    tl_cost (*cost)[CMP_TL_TECHS]; /* a batch's events: what each technique adds */
    ds_shape shape;                /* the trace's, for the copies that fill a slice */
    gpu_config gcn;                /* the slices' GPU: the issue model's, the Pilot RF's epochs */
    gpu_config pv_gpu;             /* PV's: its paper's (docs/compare.md) */
    pe_config pilot_cfg;           /* deltarf pilot's, its epochs on the slices' GPU */
    gpu_config pilot_gpu;          /* whose issue slots set the Pilot RF's threshold */
    const tr_reader *reader;       /* the read being tapped: its lanes for PV (D24) */
    const cmp_config *cfg;         /* the run's */
    unsigned evals;                /* CMP_EVAL_* of the run */
};

/* What a run under cfg evaluates (decision 17 of docs/compare.md). */
static unsigned evals_of(const cmp_config *cfg)
{
    return cfg->evals ? cfg->evals & CMP_EVAL_ALL : CMP_EVAL_ALL;
}

static bool patch_on(const cmp_ctx *rs, unsigned k)
{
    return rs->evals & CMP_EVAL_PATCH0 << k;
}

static sim_config sim_cfg(const cmp_config *cfg)
{
    const unsigned schemes = evals_of(cfg) & CMP_EVAL_REPLAY ? CMP_SIM_SCHEMES : 1u << SIM_BASE;
    return (sim_config){.map = PL_PACKED, .dispatch = SIM_FILL, .repeat = 0 /* rotations */,
                        .schemes = schemes, .mem_budget = cfg->mem_budget,
                        .untimed = true /* compare reports no scheme's seconds */,
                        .no_cells = !(evals_of(cfg) & CMP_EVAL_AGEING),
                        .gpu = cfg->gpu};
}

/* The Pilot RF's evaluation and epochs, empty, their threshold on gpu's issue slots. */
static bool pilot_begin(cmp_ctx *rs, const gpu_config *gpu, char *err, size_t errlen)
{
    rs->pilot_gpu = *gpu;
    rs->pilot_cfg.gpu = &rs->pilot_gpu;
    if (!pe_stream_reset(rs->pilot, &rs->pilot_cfg, rs->pilot_result, err, errlen))
        return false;
    const fmc_cfg modes = {rs->pilot_cfg.epoch, rs->pilot_result->threshold};
    ep_reset(rs->epochs, &modes);
    return true;
}

/* The first event: the trace's lanes to PV (docs/pv-decisions.md D24); the Pilot RF's GPU
 * when it is the trace's own (cmp_config.pilot_gpu_own: an Accel-Sim trace's is the pilot
 * paper's, docs/pilot-eval.md decision 6). */
static bool first_event(cmp_ctx *rs, char *msg, size_t len)
{
    const unsigned lanes = tr_lanes(rs->reader);
    if (rs->evals & CMP_EVAL_PV && !pv_reader_lanes(rs->pv_reader, lanes, msg, len))
        return false;
    gpu_config own;
    if (!rs->cfg->pilot_gpu_own || lanes != TR_NVIDIA_LANES)
        return true;
    return gpu_load(PE_GPU_NVIDIA, &own, msg, len) && pilot_begin(rs, &own, msg, len);
}

/* Every event of the trace, in file order: the PV and Pilot evaluations (one copy). */
static bool tap(void *ctx, const tr_event *ev, char *msg, size_t len)
{
    cmp_ctx *rs = ctx;
    if (rs->in.events++ == 0 && !first_event(rs, msg, len))
        return false;
    ds_shape_see(&rs->shape, ev);
    return (!(rs->evals & CMP_EVAL_PV) || pv_reader_add(rs->pv_reader, ev, msg, len)) &&
           pe_stream_add(rs->pilot, ev, msg, len);
}

/* The baseline's issue on the slices: a compute unit's instructions per epoch. */
static bool count_issue(void *ctx, unsigned unit, uint64_t cycle, unsigned accesses,
                        bool instruction)
{
    return ep_add(ctx, unit / TR_SIMDS, cycle, accesses, instruction);
}

cmp_ctx *cmp_ctx_new(void)
{
    cmp_ctx *rs = calloc(1, sizeof *rs);
    if (rs == NULL)
        return NULL;
    const cmp_config none = {0};
    const sim_config sc = sim_cfg(&none);
    char err[64];
    gpu_shipped_get(PL_GPU_DEFAULT, &rs->gcn);
    gpu_shipped_get(PV_GPU_DEFAULT, &rs->pv_gpu);
    rs->pilot_cfg = (pe_config){DRF_PILOT_N, DRF_PILOT_EPOCH, &rs->gcn};
    rs->sim = sim_new(&sc);
    rs->timeline = tl_new();
    rs->epochs = ep_new();
    if (rs->timeline && rs->epochs)
        tl_set_observer(rs->timeline, count_issue, rs->epochs);
    rs->cost = malloc(BATCH * sizeof *rs->cost);
    rs->pilot_result = malloc(sizeof *rs->pilot_result);
    rs->pilot_split = calloc(1, sizeof *rs->pilot_split);
    rs->pilot = rs->pilot_result ? pe_stream_new(&rs->pilot_cfg, rs->pilot_result, err,
                                                 sizeof err)
                                 : NULL;
    bool ok = rs->sim && rs->pilot && rs->pilot_split && rs->timeline && rs->epochs && rs->cost;
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        ok = (rs->patch[k] = pa_pass_new(&rs->patch_cfg[k], &rs->in.patch[k])) && ok;
    if (!ok) {
        cmp_ctx_free(rs);
        return NULL;
    }
    return rs;
}

void cmp_ctx_free(cmp_ctx *rs)
{
    if (rs == NULL)
        return;
    sim_free(rs->sim);
    tl_free(rs->timeline);
    ep_free(rs->epochs);
    free(rs->cost);
    pe_stream_free(rs->pilot);
    free(rs->pilot_result);
    free(rs->pilot_split);
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        pa_pass_free(rs->patch[k]);
    free(rs);
}

/* DC-Patch's passes, map 0 of the seed (compare's: 1) under each scenario. */
static void begin_patches(cmp_ctx *rs, const cmp_config *cfg)
{
    for (unsigned k = 0; k < FM_SCENARIOS; k++) {
        rs->patch_cfg[k] = (pa_config){.scenario = (enum fm_scenario)k,
                                       .seed = cfg->patch_seed ? *cfg->patch_seed : 1, .maps = 1,
                                       .map = PL_PACKED, .mem_budget = cfg->mem_budget,
                                       .unchecked = true /* compare reads none of those */};
        pa_pass_begin(rs->patch[k], 0);
    }
}

/* The context as cmp_ctx_new left it, for a run under cfg. */
static bool start(cmp_ctx *rs, const cmp_config *cfg, char *err, size_t errlen)
{
    const sim_config sc = sim_cfg(cfg);
    rs->cfg = cfg;
    rs->evals = evals_of(cfg);
    sim_reset(rs->sim, &sc);
    memset(&rs->sim_feed, 0, sizeof rs->sim_feed);
    memset(&rs->cells, 0, sizeof rs->cells);
    memset(&rs->in, 0, sizeof rs->in);
    memset(&rs->shape, 0, sizeof rs->shape);
    if (cfg->gpu)
        rs->gcn = *cfg->gpu;
    else
        gpu_shipped_get(PL_GPU_DEFAULT, &rs->gcn);
    const tl_gpu gcn = {.units = TL_MAX_UNITS, .slot_cycles = rs->gcn.issue_cycles};
    tl_reset(rs->timeline, CMP_TL_TECHS, &gcn);
    begin_patches(rs, cfg);
    rs->pilot_cfg.n = cfg->pilot_n ? cfg->pilot_n : DRF_PILOT_N;
    if (rs->evals & CMP_EVAL_PV && (rs->pv_reader = pv_reader_new(&rs->pv, &rs->pv_gpu)) == NULL)
        return fail_msg(err, errlen, "out of memory");
    return pilot_begin(rs, cfg->pilot_gpu ? cfg->pilot_gpu : &rs->gcn, err, errlen);
}

/* What start made for this run only. */
static void stop(cmp_ctx *rs)
{
    pv_reader_free(rs->pv_reader);
    rs->pv_reader = NULL;
    pv_accesses_free(&rs->pv);
}

/* An event through DC-Patch pass k, with what its slice adds to the instruction: the Dec
 * stage on every operand and the Com stage on every result, a spilled register's LDS load
 * before the operand, a misspeculation's stall of the SIMD's pipeline (dc-patch IV-C, V-A2,
 * V-A4). LDS accesses go to the compute unit's LDS, not through the SIMD's issue slots. */
static bool feed_patch(cmp_ctx *rs, unsigned k, const ds_item *it, tl_cost *c, const char *name,
                       char *err, size_t errlen)
{
    const pa_stats *st = &rs->in.patch[k];
    const uint64_t misp = st->misp, loads = st->lds_reads;
    if (!pa_pass_feed(rs->patch[k], it, name, err, errlen))
        return false;
    const unsigned slot = rs->gcn.issue_cycles; /* a SIMD's cycles between issue slots */
    const unsigned stall_slots = (TL_DCP_MISP_STALL + slot - 1) / slot;
    c->latency = it->e.kind == TR_R
                     ? TL_DCP_DEC_STAGES + (st->lds_reads != loads ? TL_LDS_LATENCY : 0)
                     : TL_DCP_COM_STAGES;
    c->slots = (uint16_t)((st->misp - misp) * stall_slots);
    return true;
}

/* Items [0, n) to the replay, the Pilot RF's cells, the three DC-Patch passes and the issue
 * model. An error is the one feeding event by event would meet first (events in order, each
 * to the replay, then to the passes in order): an evaluation later in that order stops before
 * the event where an earlier one failed. */
static bool feed(cmp_ctx *rs, const ds_item *batch, size_t n, const char *name, char *err,
                 size_t errlen)
{
    size_t end = n; /* the first event where an evaluation failed, n: none */
    memset(rs->cost, 0, n * sizeof *rs->cost);
    for (size_t i = 0; i < end; i++) {
        const ds_item *it = &batch[i];
        if (it->e.kind == TR_A)
            cmp_cells_place(&rs->cells, it->w.slice, it->w.window, it->w.n);
        if (i + 1 < end)
            sim_prefetch(rs->sim, &batch[i + 1]);
        if (!sim_feed(rs->sim, &rs->sim_feed, it, name, err, errlen))
            end = i;
    }
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        for (size_t i = 0; i < end && patch_on(rs, k); i++) {
            if (i + 1 < end)
                pa_pass_prefetch(rs->patch[k], &batch[i + 1]);
            if (!feed_patch(rs, k, &batch[i], &rs->cost[i][CMP_TL_DCP + k], name, err, errlen))
                end = i;
        }
    for (size_t i = 0; i < end; i++) {
        const ds_item *it = &batch[i];
        const bool access = it->e.kind == TR_R || (it->e.kind == TR_W && !it->e.launch);
        rs->cost[i][CMP_TL_PLUS1].latency = 1;
        rs->cost[i][CMP_TL_PLUS2].latency = 2;
        char m[160];
        tr_event e = it->e; /* on the replay's time, as the replay's own issue model */
        e.cycle = sim_feed_time(&rs->sim_feed, it->e.cycle);
        if (!tl_event(rs->timeline, &e, it->w.slice, it->w.window, access ? rs->cost[i] : NULL,
                      m, sizeof m)) {
            fail_msg(err, errlen, "%s:%lu: %s", name, it->line, m);
            end = i;
        }
        ep_advance(rs->epochs, e.cycle);
    }
    return end == n;
}

/* The dispatch over the reader: every placed event fed, a progress line on stderr. */
static bool replay(cmp_ctx *rs, tr_reader *r, const tr_source *src, const cmp_config *cfg,
                   cmp_result *out, char *err, size_t errlen)
{
    const char *name = src->name;
    ds_state *ds = ds_open(r, PL_PACKED, cfg->mem_budget);
    ds_item *batch = malloc(BATCH * sizeof *batch);
    if (ds == NULL || batch == NULL) {
        ds_close(ds);
        free(batch);
        return fail_msg(err, errlen, "out of memory");
    }
    if (!ds_copies(ds, src, out->copies, err, errlen)) {
        ds_close(ds);
        free(batch);
        return false;
    }
    const double t0 = sim_clock();
    pg_state pg;
    pg_start(&pg, cfg->progress, name);
    int got = 1;
    bool ok = true;
    uint64_t placed = 0;
    while (ok && got == 1) {
        size_t n = 0; /* a read error stays in err unless a feed meets one first */
        while (n < BATCH && (got = ds_next(ds, &batch[n], name, err, errlen)) == 1)
            n++;
        ok = feed(rs, batch, n, name, err, errlen);
        for (size_t i = 0; i < n; i++)
            pg_tick(&pg, r, ++placed);
    }
    pg_end(&pg);
    ok = ok && got == 0;
    const ds_stats *dst = ds_get_stats(ds);
    sim_stats_mut(rs->sim)->copies = out->copies;
    ok = ok && sim_feed_end(rs->sim, &rs->sim_feed, dst, t0, name, err, errlen);
    for (unsigned k = 0; k < FM_SCENARIOS && ok; k++)
        ok = !patch_on(rs, k) || pa_pass_end(rs->patch[k], name, dst, err, errlen);
    ds_close(ds);
    free(batch);
    return ok;
}

/* The replay's figures of one pass: its folded repetitions (every rotation) give the duty
 * cycles, while the counts, energies and busy time of the other evaluations are one pass's. */
static void per_pass(sim_result *r, unsigned repeat)
{
    uint64_t *counts[] = {&r->writes, &r->reads, &r->compressed_writes, &r->compressed_reads,
                          &r->wakeups, &r->movs};
    for (unsigned i = 0; i < sizeof counts / sizeof counts[0]; i++)
        *counts[i] /= repeat;
    for (unsigned e = 0; e < SIM_E_TOTAL + 1; e++)
        r->energy[e] /= repeat;
}

/* After the read: the PV chips, the Pilot replay of its kept accesses, the replay's results. */
static bool finish(cmp_ctx *rs, const char *name, const cmp_config *cfg, char *err,
                   size_t errlen)
{
    char msg[256];
    const bool pv = rs->evals & CMP_EVAL_PV;
    if ((pv && !pv_reader_finish(rs->pv_reader, msg, sizeof msg)) ||
        !pe_stream_finish(rs->pilot, msg, sizeof msg))
        return fail_msg(err, errlen, "%s: %s", name, msg);
    if (pv && !pv_evaluate(&rs->pv, cfg->chips, cfg->years, PV_T0_NBTI, rs->in.pv))
        return fail_msg(err, errlen, "%s: out of memory", name);
    sim_stats *st = &rs->in.sim_stats;
    *st = *sim_get_stats(rs->sim);
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (CMP_SIM_SCHEMES >> k & 1u) {
            sim_collect(rs->sim, (sim_scheme)k, &rs->in.sim[k]);
            per_pass(&rs->in.sim[k], st->repeat);
        }
    st->busy_cycles /= st->repeat;
    st->wavefronts /= st->repeat;
    rs->in.pv_accesses = rs->pv.warp_accesses; /* the PV logic works a warp at a time */
    rs->in.pilot = rs->pilot_result;
    rs->in.cells = &rs->cells;
    rs->in.years = cfg->years;
    for (unsigned k = 0; k < CMP_TL_TECHS; k++)
        rs->in.cycles[k] = tl_cycles(rs->timeline, k);
    rs->in.epochs = ep_finish(rs->epochs);
    cmp_pilot_split(rs->pilot_result, &rs->in.epochs, rs->pilot_split);
    rs->in.pilot_split = rs->pilot_split;
    rs->in.evals = rs->evals;
    return true;
}

/* One read of the trace src with out->copies of it at once, the first copy tapped (the PV and
 * Pilot evaluations, the trace's shape); *values: whether it carries register values. */
static bool run_copies(cmp_ctx *rs, const tr_source *src, const cmp_config *cfg, cmp_result *out,
                       bool *values, char *err, size_t errlen)
{
    tr_reader *r = tr_source_open(src, err, errlen);
    bool ok = r != NULL && start(rs, cfg, err, errlen);
    if (ok) {
        rs->reader = r;
        tr_set_tap(r, tap, rs);
        ok = replay(rs, r, src, cfg, out, err, errlen);
        uint64_t raw;
        tr_progress(r, &raw, &out->decoded_bytes);
    }
    *values = r == NULL || tr_has_values(r);
    tr_close(r);
    return ok;
}

/* Every evaluation on the trace src at the copies that fill a slice (decision 6b of
 * docs/eval-decisions.md): one read when the trace fills slices on its own, else a second one
 * with the copies its shape asks for. */
bool cmp_ctx_run_source(cmp_ctx *rs, const tr_source *src, const cmp_config *cfg,
                        cmp_result *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->copies = 1;
    bool values;
    bool ok = run_copies(rs, src, cfg, out, &values, err, errlen);
    const unsigned copies = ds_shape_copies(&rs->shape);
    if (ok && copies > 1) {
        stop(rs);
        out->copies = copies;
        ok = run_copies(rs, src, cfg, out, &values, err, errlen);
    }
    if (ok && (ok = finish(rs, src->name, cfg, err, errlen))) {
        rs->in.copies = out->copies;
        rs->in.no_values = !values;
        cmp_axes(&rs->in, out);
        out->events = rs->in.events;
    }
    stop(rs);
    return ok;
}

bool cmp_ctx_run(cmp_ctx *c, const char *path, const cmp_config *cfg, cmp_result *out,
                 char *err, size_t errlen)
{
    tr_source src; /* "-" is kept: the copies read the trace again */
    if (!tr_source_init(&src, path, true, err, errlen))
        return false;
    const bool ok = cmp_ctx_run_source(c, &src, cfg, out, err, errlen);
    tr_source_close(&src);
    return ok;
}

bool cmp_ctx_run_mem(cmp_ctx *c, const void *buf, size_t len, const char *name,
                     const cmp_config *cfg, cmp_result *out, char *err, size_t errlen)
{
    tr_source src;
    tr_source_mem(&src, buf, len, name);
    return cmp_ctx_run_source(c, &src, cfg, out, err, errlen);
}

const pe_result *cmp_ctx_pilot(const cmp_ctx *c)
{
    return c->pilot_split;
}

bool cmp_run(const char *path, const cmp_config *cfg, cmp_result *out, char *err, size_t errlen)
{
    cmp_ctx *c = cmp_ctx_new();
    const bool ok = c ? cmp_ctx_run(c, path, cfg, out, err, errlen)
                      : fail_msg(err, errlen, "%s: out of memory", path);
    cmp_ctx_free(c);
    return ok;
}

bool cmp_run_mem(const void *buf, size_t len, const char *name, const cmp_config *cfg,
                 cmp_result *out, char *err, size_t errlen)
{
    cmp_ctx *c = cmp_ctx_new();
    const bool ok = c ? cmp_ctx_run_mem(c, buf, len, name, cfg, out, err, errlen)
                      : fail_msg(err, errlen, "%s: out of memory", name);
    cmp_ctx_free(c);
    return ok;
}
