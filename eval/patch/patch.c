/* SPDX-License-Identifier: Apache-2.0 */
/* The streaming DC-Patch trace replay (dc-patch paper Sections II-A, II-B and V-A): takes the
 * trace's events in replay order, each wavefront placed at its A or held until a window frees
 * up (eval/trace/dispatch.h), hands each to its slice (eval/patch/patch_run.c), one pass per fault map of
 * every slice (docs/eval-patch.md). */
#include "eval/patch/patch_internal.h"
#include "eval/trace/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pass: the slices in the order they were first used. The slices' memory is kept from one
 * pass to the next. */
struct pa_pass {
    const pa_config *cfg;
    unsigned map;
    pa_stats *st;
    uint64_t lost0;         /* lost reads before the pass */
    pa_slice *slice[PL_MAX_SLICES];
    bool used[PL_MAX_SLICES];
    unsigned order[PL_MAX_SLICES], nslices;
    unsigned cu_lds[PL_MAX_SLICES / TR_SIMDS]; /* LDS slots in use per compute unit */
};
typedef pa_pass pass;

/* The slice of a placed wavefront, started on its first use in the pass; NULL when out of
 * memory. */
static pa_slice *slice_of(pass *ps, unsigned k)
{
    if (ps->used[k])
        return ps->slice[k];
    if (ps->slice[k] == NULL && (ps->slice[k] = pa_slice_new()) == NULL)
        return NULL;
    pa_slice_start(ps->slice[k], ps->cfg, ps->map, k, ps->st, &ps->cu_lds[k / TR_SIMDS]);
    ps->used[k] = true;
    ps->order[ps->nslices++] = k;
    return ps->slice[k];
}

static void count_event(pa_stats *st, const tr_event *e)
{
    st->events++;
    st->reads += e->kind == TR_R;
    st->launch_writes += e->kind == TR_W && e->launch;
}

/* One placed event, handed to its slice. */
bool pa_pass_feed(pa_pass *ps, const ds_item *it, const char *name, char *err, size_t errlen)
{
    pa_slice *s = slice_of(ps, it->w.slice);
    if (s == NULL)
        return fail_msg(err, errlen, "out of memory");
    count_event(ps->st, &it->e);
    const pa_ev ev = {.e = &it->e, .line = it->line, .base = it->w.window * it->w.n,
                      .n = it->w.n};
    char why[128];
    if (!pa_slice_feed(s, &ev, why, sizeof why))
        return fail_msg(err, errlen, "%s: %s", name, why);
    return true;
}

void pa_pass_prefetch(const pa_pass *ps, const ds_item *it)
{
    if ((it->e.kind == TR_R || it->e.kind == TR_W) && ps->used[it->w.slice])
        pa_slice_prefetch(ps->slice[it->w.slice], it->w.window * it->w.n + it->e.vreg);
}

/* Every slice runs until its writes and reads end; the first lost read of the pass is the one
 * of the earliest trace line. */
static bool finish(pass *ps, const char *name, char *err, size_t errlen)
{
    const pa_loss *first = NULL;
    for (unsigned i = 0; i < ps->nslices; i++) {
        pa_slice *s = ps->slice[ps->order[i]];
        char why[128];
        if (!pa_slice_finish(s, why, sizeof why))
            return fail_msg(err, errlen, "%s: %s", name, why);
        const pa_loss *l = pa_slice_loss(s);
        if (l && (!first || l->line < first->line))
            first = l;
    }
    if (first && ps->lost0 == 0)
        ps->st->first_loss = *first;
    ps->st->slices = ps->nslices;
    return true;
}

void pa_pass_begin(pa_pass *ps, unsigned map)
{
    ps->map = map;
    ps->nslices = 0;
    ps->lost0 = ps->st->lost;
    memset(ps->used, 0, sizeof ps->used);
    memset(ps->cu_lds, 0, sizeof ps->cu_lds);
}

bool pa_pass_end(pa_pass *ps, const char *name, const ds_stats *ds, char *err, size_t errlen)
{
    ps->st->dispatch = *ds;
    return finish(ps, name, err, errlen);
}

pa_pass *pa_pass_new(const pa_config *cfg, pa_stats *st)
{
    pa_pass *ps = calloc(1, sizeof *ps);
    if (ps) {
        ps->cfg = cfg;
        ps->st = st;
    }
    return ps;
}

void pa_pass_free(pa_pass *ps)
{
    if (!ps)
        return;
    for (unsigned k = 0; k < PL_MAX_SLICES; k++)
        pa_slice_free(ps->slice[k]);
    free(ps);
}

/* A pass of ps (its slices' memory kept) over the reader's events. */
static bool run_pass(pass *ps, tr_reader *r, const char *name, unsigned map, char *err,
                     size_t errlen)
{
    pa_pass_begin(ps, map);
    ds_state *ds = ds_open(r, ps->cfg->map, ps->cfg->mem_budget);
    if (ds == NULL)
        return fail_msg(err, errlen, "out of memory");
    pg_state pg;
    pg_start(&pg, ps->cfg->progress, name);
    ds_item it;
    int got;
    bool ok = true;
    while (ok && (got = ds_next(ds, &it, name, err, errlen)) == 1) {
        ok = pa_pass_feed(ps, &it, name, err, errlen);
        pg_tick(&pg, r, ps->st->events);
    }
    pg_end(&pg);
    if (ok && got < 0)
        ok = false;
    ok = ok && pa_pass_end(ps, name, ds_get_stats(ds), err, errlen);
    ds_close(ds);
    return ok;
}

bool pa_run_pass(tr_reader *r, const char *name, const pa_config *cfg, unsigned map,
                 pa_stats *st, char *err, size_t errlen)
{
    pa_pass *ps = pa_pass_new(cfg, st);
    const bool ok = ps ? run_pass(ps, r, name, map, err, errlen)
                       : fail_msg(err, errlen, "out of memory");
    pa_pass_free(ps);
    return ok;
}

bool pa_run_source(const tr_source *src, const pa_config *cfg, pa_stats *st, char *err,
                   size_t errlen)
{
    pa_pass *ps = pa_pass_new(cfg, st);
    if (ps == NULL)
        return fail_msg(err, errlen, "out of memory");
    bool ok = true;
    for (unsigned m = 0; m < cfg->maps && ok; m++) {
        tr_reader *r = tr_source_open(src, err, errlen);
        ok = r != NULL && run_pass(ps, r, src->name, m, err, errlen);
        st->no_values |= r != NULL && !tr_has_values(r);
        tr_close(r);
    }
    pa_pass_free(ps);
    return ok;
}

bool pa_run_file(const char *path, const pa_config *cfg, pa_stats *st, char *err, size_t errlen)
{
    tr_source src; /* a pass per map: "-" is kept for the passes after the first */
    if (!tr_source_init(&src, path, cfg->maps > 1, err, errlen))
        return false;
    const bool ok = pa_run_source(&src, cfg, st, err, errlen);
    tr_source_close(&src);
    return ok;
}
