/* SPDX-License-Identifier: Apache-2.0 */
/* Online placement of trace wavefronts on slices (aging paper Section 2.1, Table 5; dc-patch
 * paper Section II-A) for `deltarf sim` and `deltarf patch`: the slice and window of each A,
 * freed at its F, and the table of live wavefronts (docs/eval-decisions.md, decisions 1-3). */
#include "eval/trace/place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const policy_names[PL_POLICIES] = {"packed", "recorded"};

bool pl_find_name(const char *const *names, unsigned n, const char *name, unsigned *out)
{
    for (unsigned k = 0; k < n; k++)
        if (strcmp(name, names[k]) == 0) {
            *out = k;
            return true;
        }
    return false;
}

const char *pl_name(pl_policy p)
{
    return p < PL_POLICIES ? policy_names[p] : "?";
}

bool pl_parse(const char *name, pl_policy *p)
{
    unsigned k;
    if (!pl_find_name(policy_names, PL_POLICIES, name, &k))
        return false;
    *p = (pl_policy)k;
    return true;
}

unsigned pl_slots(unsigned n)
{
    const unsigned fit = n ? DRF_REGS / n : 0;
    return fit < DRF_WAVEFRONT_SLOTS ? fit : DRF_WAVEFRONT_SLOTS;
}

bool pl_gpu_check(const gpu_config *g, char *err, size_t len)
{
    if (g->warp_size == DRF_COMPONENTS && g->schedulers == TR_SIMDS &&
        g->registers == TR_SIMDS * DRF_REGS * DRF_COMPONENTS && gpu_sms(g) <= TR_MAX_CU)
        return true;
    return fail_msg(err, len, "GPU %s: %u SMs of %u schedulers, warps of %u threads, %u registers "
                   "an SM; the slices are %d compute units at most of %d slices (a SIMD each) of %d "
                   "registers of %d lanes (aging Section 2.1; docs/gpu.md)", g->name, gpu_sms(g),
                   g->schedulers, g->warp_size, g->registers, TR_MAX_CU, TR_SIMDS, DRF_REGS,
                   DRF_COMPONENTS);
}

void pl_init(pl_state *p, pl_policy policy)
{
    memset(p, 0, sizeof *p);
    p->policy = policy;
    p->cus = TR_MAX_CU;
}

void pl_limit(pl_state *p, unsigned cus)
{
    p->cus = cus >= 1 && cus <= TR_MAX_CU ? cus : TR_MAX_CU;
}

/* The slice of the trace's (cu, simd) under recorded placement. */
static unsigned recorded_slice(const pl_state *p, const tr_event *ev)
{
    return (ev->cu % p->cus) * TR_SIMDS + ev->simd;
}

void pl_free(pl_state *p)
{
    free(p->wave);
    p->wave = NULL;
    p->cap = p->count = 0;
}

/* --- live wavefronts (open addressing on wf) ---------------------------------------------- */
static size_t wave_index(uint64_t wf, size_t cap)
{
    return (size_t)((wf * 0x9e3779b97f4a7c15ull) >> 17) & (cap - 1);
}

/* The slot of wf: its entry, or the empty one where it would go. */
static size_t slot_of(const pl_state *p, uint64_t wf)
{
    size_t j = wave_index(wf, p->cap);
    while (p->wave[j].used && p->wave[j].wf != wf)
        j = (j + 1) & (p->cap - 1);
    return j;
}

static bool wave_grow(pl_state *p)
{
    if (2 * (p->count + 1) <= p->cap)
        return true;
    pl_state old = *p;
    p->cap = old.cap ? 2 * old.cap : 256;
    p->wave = calloc(p->cap, sizeof *p->wave);
    if (p->wave == NULL) {
        *p = old;
        return false;
    }
    for (size_t i = 0; i < old.cap; i++)
        if (old.wave[i].used)
            p->wave[slot_of(p, old.wave[i].wf)] = old.wave[i];
    free(old.wave);
    return true;
}

const pl_wave *pl_find(const pl_state *p, uint64_t wf)
{
    if (p->cap == 0)
        return NULL;
    const pl_wave *w = &p->wave[slot_of(p, wf)];
    return w->used ? w : NULL;
}

const pl_wave *pl_any(const pl_state *p)
{
    for (size_t i = 0; i < p->cap; i++)
        if (p->wave[i].used)
            return &p->wave[i];
    return NULL;
}

/* Removing from open addressing: the rest of the cluster is inserted again. */
static void wave_remove(pl_state *p, size_t j)
{
    p->wave[j].used = false;
    p->count--;
    for (j = (j + 1) & (p->cap - 1); p->wave[j].used; j = (j + 1) & (p->cap - 1)) {
        const pl_wave moved = p->wave[j];
        p->wave[j].used = false;
        p->wave[slot_of(p, moved.wf)] = moved;
    }
}

/* --- slices and windows -------------------------------------------------------------------- */
static bool fits(const pl_slice *s, unsigned n)
{
    return s->resident == 0 || (s->n == n && s->resident < pl_slots(n));
}

/* The slice a starting wavefront can take now, or -1. */
static int choose(const pl_state *p, const tr_event *ev)
{
    if (p->policy == PL_RECORDED) {
        const unsigned k = recorded_slice(p, ev);
        return fits(&p->slice[k], ev->nvregs) ? (int)k : -1;
    }
    for (unsigned k = 0; k < p->cus * TR_SIMDS; k++)
        if (fits(&p->slice[k], ev->nvregs))
            return (int)k;
    return -1;
}

bool pl_fits(const pl_state *p, const tr_event *ev)
{
    return choose(p, ev) >= 0;
}

/* Why a starting wavefront does not fit (choose gave -1). */
static void why_not(const pl_state *p, const tr_event *ev, char *msg, size_t len)
{
    if (p->policy == PL_PACKED) {
        fail_msg(msg, len, "wavefront %llu (%u registers): every one of the %u slices is full",
                (unsigned long long)ev->wf, ev->nvregs, p->cus * TR_SIMDS);
        return;
    }
    const pl_slice *s = &p->slice[recorded_slice(p, ev)];
    if (s->n != ev->nvregs)
        fail_msg(msg, len, "wavefront %llu (%u registers): its slice (cu %u, simd %u) holds "
                "windows of %u registers", (unsigned long long)ev->wf, ev->nvregs, ev->cu,
                ev->simd, s->n);
    else
        fail_msg(msg, len, "wavefront %llu (%u registers): its slice (cu %u, simd %u) is "
                "full (%u of %u wavefronts)", (unsigned long long)ev->wf, ev->nvregs, ev->cu,
                ev->simd, s->resident, pl_slots(ev->nvregs));
}

/* The lowest free window of the slice (one exists: fits() counted the slots). */
static unsigned take_window(pl_slice *s)
{
    unsigned w = 0;
    while (s->busy[w / 64] >> (w % 64) & 1u)
        w++;
    s->busy[w / 64] |= 1ull << (w % 64);
    return w;
}

const pl_wave *pl_start(pl_state *p, const tr_event *ev, char *msg, size_t len)
{
    if (ev->nvregs == 0 || ev->nvregs > DRF_REGS || pl_find(p, ev->wf)) {
        fail_msg(msg, len, "wavefront %llu (%u registers) cannot start",
                (unsigned long long)ev->wf, ev->nvregs);
        return NULL;
    }
    const int k = choose(p, ev);
    if (k < 0) {
        why_not(p, ev, msg, len);
        return NULL;
    }
    if (!wave_grow(p)) {
        fail_msg(msg, len, "out of memory");
        return NULL;
    }
    pl_slice *s = &p->slice[k];
    s->n = ev->nvregs;
    s->resident++;
    pl_wave *w = &p->wave[slot_of(p, ev->wf)];
    *w = (pl_wave){.used = true, .wf = ev->wf, .slice = (unsigned)k, .window = take_window(s),
                   .n = ev->nvregs};
    p->count++;
    return w;
}

void pl_end(pl_state *p, const pl_wave *w)
{
    pl_slice *s = &p->slice[w->slice];
    s->busy[w->window / 64] &= ~(1ull << (w->window % 64));
    s->resident--;
    wave_remove(p, (size_t)(w - p->wave));
}
