/* SPDX-License-Identifier: Apache-2.0 */
/* The streaming DC-Patch trace replay (dc-patch paper Sections II-A, II-B and V-A): reads the
 * trace event by event, places each wavefront at its A (eval/place.h), hands each event to its
 * slice (eval/patch_run.c), one pass per fault map of every slice (docs/eval-patch.md). */
#include "patch_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

uint64_t pa_map_seed(uint64_t seed, unsigned map, unsigned slice)
{
    return splitmix64(splitmix64(splitmix64(seed) ^ map) ^ slice);
}

/* One pass: the placement, and the slices in the order they were first used. The slices'
 * memory is kept from one pass to the next. */
typedef struct {
    const pa_config *cfg;
    unsigned map;
    pa_stats *st;
    pl_state pl;
    pa_slice *slice[PL_MAX_SLICES];
    bool used[PL_MAX_SLICES];
    unsigned order[PL_MAX_SLICES], nslices;
} pass;

/* The slice of a placed wavefront, started on its first use in the pass; NULL when out of
 * memory. */
static pa_slice *slice_of(pass *ps, unsigned k)
{
    if (ps->used[k])
        return ps->slice[k];
    if (ps->slice[k] == NULL && (ps->slice[k] = pa_slice_new()) == NULL)
        return NULL;
    pa_slice_start(ps->slice[k], ps->cfg, ps->map, k, ps->st);
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

/* One event: placed (A), handed to its slice, and its window freed (F). */
static bool dispatch(pass *ps, const tr_event *e, const char *name, unsigned long line, char *err,
                     size_t errlen)
{
    char msg[256] = "not running";
    const pl_wave *w = e->kind == TR_A ? pl_start(&ps->pl, e, msg, sizeof msg)
                                       : pl_find(&ps->pl, e->wf);
    if (w == NULL)
        return pl_fail(err, errlen, "%s:%lu: %s", name, line, msg);
    pa_slice *s = slice_of(ps, w->slice);
    if (s == NULL)
        return pl_fail(err, errlen, "out of memory");
    count_event(ps->st, e);
    const pa_ev ev = {.e = e, .line = line, .base = w->window * w->n, .n = w->n};
    char why[128];
    if (!pa_slice_feed(s, &ev, why, sizeof why))
        return pl_fail(err, errlen, "%s: %s", name, why);
    if (e->kind == TR_F)
        pl_end(&ps->pl, w);
    return true;
}

/* Every slice runs until its writes and reads end; the first lost read of the pass is the one
 * of the earliest trace line. */
static bool finish(pass *ps, const char *name, bool first_losses, char *err, size_t errlen)
{
    const pa_loss *first = NULL;
    for (unsigned i = 0; i < ps->nslices; i++) {
        pa_slice *s = ps->slice[ps->order[i]];
        char why[128];
        if (!pa_slice_finish(s, why, sizeof why))
            return pl_fail(err, errlen, "%s: %s", name, why);
        const pa_loss *l = pa_slice_loss(s);
        if (l && (!first || l->line < first->line))
            first = l;
    }
    if (first && first_losses)
        ps->st->first_loss = *first;
    ps->st->slices = ps->nslices;
    return true;
}

/* A pass of ps (its slices' memory kept) over the reader's events. */
static bool run_pass(pass *ps, tr_reader *r, const char *name, unsigned map, char *err,
                     size_t errlen)
{
    ps->map = map;
    ps->nslices = 0;
    memset(ps->used, 0, sizeof ps->used);
    pl_init(&ps->pl, ps->cfg->map);
    const uint64_t lost0 = ps->st->lost;
    tr_event e;
    int got;
    bool ok = true;
    while (ok && (got = tr_next(r, &e)) == 1)
        ok = dispatch(ps, &e, name, tr_line(r), err, errlen);
    if (ok && got < 0)
        ok = pl_fail(err, errlen, "%s", tr_error(r));
    if (ok)
        ok = finish(ps, name, lost0 == 0, err, errlen);
    pl_free(&ps->pl);
    return ok;
}

static void free_slices(pass *ps)
{
    for (unsigned k = 0; k < PL_MAX_SLICES; k++)
        pa_slice_free(ps->slice[k]);
}

bool pa_run_pass(tr_reader *r, const char *name, const pa_config *cfg, unsigned map,
                 pa_stats *st, char *err, size_t errlen)
{
    pass ps = {.cfg = cfg, .st = st};
    const bool ok = run_pass(&ps, r, name, map, err, errlen);
    free_slices(&ps);
    return ok;
}

bool pa_run_file(const char *path, const pa_config *cfg, pa_stats *st, char *err, size_t errlen)
{
    pass ps = {.cfg = cfg, .st = st};
    bool ok = true;
    for (unsigned m = 0; m < cfg->maps && ok; m++) {
        tr_reader *r = tr_open(path, err, errlen);
        ok = r != NULL && run_pass(&ps, r, path, m, err, errlen);
        tr_close(r);
    }
    free_slices(&ps);
    return ok;
}
