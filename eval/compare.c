/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare's run (issue 32): one read of a trace feeds every evaluation. The reader's
 * tap gives each event, in file order, to the PV and Pilot evaluations; one dispatch (packed
 * placement) gives each placed event to the aging paper's replay and to DC-Patch's slices under
 * the common, clustered and dispersed fault maps. Decisions: docs/compare.md. */
#include "compare_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"

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
    cmp_cells cells;
    cmp_inputs in;
};

static const pe_config pilot_cfg = {DRF_PILOT_N, DRF_PILOT_EPOCH,
                                    DRF_PILOT_GCN_THRESHOLD}; /* deltarf pilot's */

static sim_config sim_cfg(const cmp_config *cfg)
{
    return (sim_config){.map = PL_PACKED, .dispatch = SIM_PASSES, .repeat = 1,
                        .schemes = CMP_SIM_SCHEMES, .mem_budget = cfg->mem_budget,
                        .untimed = true /* compare reports no scheme's seconds */};
}

/* Every event of the trace, in file order: the PV and Pilot evaluations. */
static bool tap(void *ctx, const tr_event *ev, char *msg, size_t len)
{
    cmp_ctx *rs = ctx;
    return pv_reader_add(rs->pv_reader, ev, msg, len) &&
           pe_stream_add(rs->pilot, ev, msg, len);
}

cmp_ctx *cmp_ctx_new(void)
{
    cmp_ctx *rs = calloc(1, sizeof *rs);
    if (rs == NULL)
        return NULL;
    const cmp_config none = {0};
    const sim_config sc = sim_cfg(&none);
    char err[64];
    rs->sim = sim_new(&sc);
    rs->pilot_result = malloc(sizeof *rs->pilot_result);
    rs->pilot = rs->pilot_result ? pe_stream_new(&pilot_cfg, rs->pilot_result, err, sizeof err)
                                 : NULL;
    bool ok = rs->sim && rs->pilot;
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
    pe_stream_free(rs->pilot);
    free(rs->pilot_result);
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        pa_pass_free(rs->patch[k]);
    free(rs);
}

/* The context as cmp_ctx_new left it, for a run under cfg. */
static bool start(cmp_ctx *rs, const cmp_config *cfg, char *err, size_t errlen)
{
    const sim_config sc = sim_cfg(cfg);
    sim_reset(rs->sim, &sc);
    memset(&rs->sim_feed, 0, sizeof rs->sim_feed);
    memset(&rs->cells, 0, sizeof rs->cells);
    memset(&rs->in, 0, sizeof rs->in);
    rs->pv_reader = pv_reader_new(&rs->pv);
    bool ok = rs->pv_reader &&
              pe_stream_reset(rs->pilot, &pilot_cfg, rs->pilot_result, err, errlen);
    for (unsigned k = 0; k < FM_SCENARIOS; k++) {
        rs->patch_cfg[k] = (pa_config){.scenario = (enum fm_scenario)k, .seed = 1, .maps = 1,
                                       .map = PL_PACKED, .mem_budget = cfg->mem_budget,
                                       .unchecked = true /* compare reads none of those */};
        pa_pass_begin(rs->patch[k], 0);
    }
    return ok || pl_fail(err, errlen, "out of memory");
}

/* What start made for this run only. */
static void stop(cmp_ctx *rs)
{
    pv_reader_free(rs->pv_reader);
    rs->pv_reader = NULL;
    pv_accesses_free(&rs->pv);
}

/* Placed events handed to one evaluation before the next (speed only: each keeps its own
 * state in the caches over a batch; the evaluations are independent of one another). */
enum { BATCH = 512 };

/* Items [0, n) to the replay, the Pilot RF's cells and the three DC-Patch passes. An error
 * is the one feeding event by event would meet first (events in order, each to the replay,
 * then to the passes in order): an evaluation later in that order stops before the event
 * where an earlier one failed. */
static bool feed(cmp_ctx *rs, const ds_item *batch, size_t n, const char *name, char *err,
                 size_t errlen)
{
    size_t end = n; /* the first event where an evaluation failed, n: none */
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
        for (size_t i = 0; i < end; i++) {
            if (i + 1 < end)
                pa_pass_prefetch(rs->patch[k], &batch[i + 1]);
            if (!pa_pass_feed(rs->patch[k], &batch[i], name, err, errlen))
                end = i;
        }
    return end == n;
}

/* The dispatch over the reader: every placed event fed, a progress line on stderr. */
static bool replay(cmp_ctx *rs, tr_reader *r, const char *name, const cmp_config *cfg,
                   cmp_result *out, char *err, size_t errlen)
{
    ds_state *ds = ds_open(r, PL_PACKED, cfg->mem_budget);
    ds_item *batch = malloc(BATCH * sizeof *batch);
    if (ds == NULL || batch == NULL) {
        ds_close(ds);
        free(batch);
        return pl_fail(err, errlen, "out of memory");
    }
    const double t0 = sim_clock();
    pg_state pg;
    pg_start(&pg, cfg->progress, name);
    int got = 1;
    bool ok = true;
    while (ok && got == 1) {
        size_t n = 0; /* a read error stays in err unless a feed meets one first */
        while (n < BATCH && (got = ds_next(ds, &batch[n], name, err, errlen)) == 1)
            n++;
        ok = feed(rs, batch, n, name, err, errlen);
        for (size_t i = 0; i < n; i++)
            pg_tick(&pg, r, ++out->events);
    }
    pg_end(&pg);
    ok = ok && got == 0;
    const ds_stats *dst = ds_get_stats(ds);
    if (ok)
        sim_feed_end(rs->sim, dst, t0);
    for (unsigned k = 0; k < FM_SCENARIOS && ok; k++)
        ok = pa_pass_end(rs->patch[k], name, dst, err, errlen);
    ds_close(ds);
    free(batch);
    return ok;
}

/* After the read: the PV chips, the Pilot replay of its kept accesses, the replay's results. */
static bool finish(cmp_ctx *rs, const char *name, const cmp_config *cfg, char *err,
                   size_t errlen)
{
    char msg[256];
    if (!pv_reader_finish(rs->pv_reader, msg, sizeof msg) ||
        !pe_stream_finish(rs->pilot, msg, sizeof msg))
        return pl_fail(err, errlen, "%s: %s", name, msg);
    if (!pv_evaluate(&rs->pv, cfg->chips, cfg->years, PV_T0_NBTI, rs->in.pv))
        return pl_fail(err, errlen, "%s: out of memory", name);
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (CMP_SIM_SCHEMES >> k & 1u)
            sim_collect(rs->sim, (sim_scheme)k, &rs->in.sim[k]);
    rs->in.sim_stats = *sim_get_stats(rs->sim);
    rs->in.pv_accesses = rs->pv.total;
    rs->in.pilot = rs->pilot_result;
    rs->in.cells = &rs->cells;
    rs->in.years = cfg->years;
    return true;
}

/* Every evaluation on the reader r (closed here), name in messages. */
static bool run_reader(cmp_ctx *rs, tr_reader *r, const char *name, const cmp_config *cfg,
                       cmp_result *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    bool ok = r != NULL && start(rs, cfg, err, errlen);
    if (ok) {
        tr_set_tap(r, tap, rs);
        ok = replay(rs, r, name, cfg, out, err, errlen);
        uint64_t raw;
        tr_progress(r, &raw, &out->decoded_bytes);
    }
    tr_close(r);
    if (ok && (ok = finish(rs, name, cfg, err, errlen)))
        cmp_axes(&rs->in, out);
    stop(rs);
    return ok;
}

bool cmp_ctx_run(cmp_ctx *c, const char *path, const cmp_config *cfg, cmp_result *out,
                 char *err, size_t errlen)
{
    return run_reader(c, tr_open(path, err, errlen), path, cfg, out, err, errlen);
}

bool cmp_ctx_run_mem(cmp_ctx *c, const void *buf, size_t len, const char *name,
                     const cmp_config *cfg, cmp_result *out, char *err, size_t errlen)
{
    return run_reader(c, tr_open_mem(buf, len, name, err, errlen), name, cfg, out, err, errlen);
}

bool cmp_run(const char *path, const cmp_config *cfg, cmp_result *out, char *err, size_t errlen)
{
    cmp_ctx *c = cmp_ctx_new();
    const bool ok = c ? cmp_ctx_run(c, path, cfg, out, err, errlen)
                      : pl_fail(err, errlen, "%s: out of memory", path);
    cmp_ctx_free(c);
    return ok;
}

bool cmp_run_mem(const void *buf, size_t len, const char *name, const cmp_config *cfg,
                 cmp_result *out, char *err, size_t errlen)
{
    cmp_ctx *c = cmp_ctx_new();
    const bool ok = c ? cmp_ctx_run_mem(c, buf, len, name, cfg, out, err, errlen)
                      : pl_fail(err, errlen, "%s: out of memory", name);
    cmp_ctx_free(c);
    return ok;
}
