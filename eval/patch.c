/* Loading and placement for the DC-Patch trace replay (dc-patch paper Sections II-A and V-A):
 * the whole trace in memory, and each wavefront's slice and register window (reg_base, nvregs)
 * under the recorded (cu, simd) placement or packed first fit (docs/eval-patch.md). */
#include "patch_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SIMD_SLICES = TR_MAX_CU * TR_SIMDS, OCC_WORDS = DRF_REGS / 64 };

/* A slice during placement: its used registers and how many wavefronts it holds. */
typedef struct {
    uint64_t used[OCC_WORDS];
    unsigned waves;
} occ;

bool pa_set_err(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

/* Makes room for need elements of size bytes in *p (capacity *cap). */
static bool grow(void *p, size_t *cap, size_t need, size_t size)
{
    void **pp = p;
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n < need)
        n *= 2;
    void *q = realloc(*pp, n * size);
    if (!q)
        return false;
    *pp = q;
    *cap = n;
    return true;
}

static size_t hash_of(uint64_t wf, size_t cap)
{
    wf ^= wf >> 33;
    wf *= 0xff51afd7ed558ccdull;
    wf ^= wf >> 33;
    return (size_t)(wf & (cap - 1));
}

/* Slot of wf in the table (an empty one when absent). */
static size_t hash_find(const pa_trace *t, uint64_t wf)
{
    size_t h = hash_of(wf, t->hcap);
    while (t->hash[h] && t->wave[t->hash[h] - 1].wf != wf)
        h = (h + 1) & (t->hcap - 1);
    return h;
}

static bool hash_grow(pa_trace *t)
{
    if (t->hcap && (t->nwave + 1) * 2 <= t->hcap)
        return true;
    const size_t cap = t->hcap ? t->hcap * 2 : 1024;
    uint32_t *old = t->hash;
    const size_t oldcap = t->hcap;
    t->hash = calloc(cap, sizeof *t->hash);
    if (!t->hash) {
        t->hash = old;
        return false;
    }
    t->hcap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i])
            t->hash[hash_find(t, t->wave[old[i] - 1].wf)] = old[i];
    free(old);
    return true;
}

static bool add_wave(pa_trace *t, const tr_event *e, uint32_t *index)
{
    if (!hash_grow(t) || !grow(&t->wave, &t->wavecap, t->nwave + 1, sizeof *t->wave))
        return false;
    *index = (uint32_t)t->nwave;
    t->wave[t->nwave++] =
        (pa_wave){.wf = e->wf, .nvregs = e->nvregs, .slice = e->cu * TR_SIMDS + e->simd};
    t->hash[hash_find(t, e->wf)] = *index + 1;
    return true;
}

static bool add_event(pa_trace *t, const tr_event *e, unsigned long line)
{
    if (!grow(&t->ev, &t->evcap, t->nev + 1, sizeof *t->ev))
        return false;
    pa_ev *p = &t->ev[t->nev];
    *p = (pa_ev){.cycle = e->cycle, .mask = e->mask, .line = (uint32_t)line,
                 .vreg = (uint16_t)e->vreg, .kind = (char)e->kind, .launch = e->launch};
    if (e->kind == TR_A) {
        if (!add_wave(t, e, &p->wave))
            return false;
    } else {
        p->wave = t->hash[hash_find(t, e->wf)] - 1; /* the reader checks A came first */
    }
    if (e->kind == TR_W) {
        if (!grow(&t->val, &t->valcap, t->nval + 1, sizeof *t->val))
            return false;
        p->value = (uint32_t)t->nval;
        memcpy(t->val[t->nval++], e->v, sizeof e->v);
    }
    t->nev++;
    return true;
}

/* Lowest reg_base of n free contiguous registers, or -1. */
static int first_fit(const occ *o, unsigned n)
{
    unsigned run = 0;
    for (unsigned r = 0; r < DRF_REGS; r++) {
        run = o->used[r / 64] >> (r % 64) & 1u ? 0 : run + 1;
        if (run == n)
            return (int)(r + 1 - n);
    }
    return -1;
}

static void mark(occ *o, unsigned base, unsigned n, bool on)
{
    for (unsigned r = base; r < base + n; r++)
        if (on)
            o->used[r / 64] |= 1ull << (r % 64);
        else
            o->used[r / 64] &= ~(1ull << (r % 64));
    o->waves = on ? o->waves + 1 : o->waves - 1;
}

/* Window of wave w in slice s when it fits (at most DRF_WAVEFRONT_SLOTS wavefronts). */
static bool try_slice(occ *o, pa_wave *w, unsigned s)
{
    if (o[s].waves >= DRF_WAVEFRONT_SLOTS)
        return false;
    const int base = first_fit(&o[s], w->nvregs);
    if (base < 0)
        return false;
    w->slice = s;
    w->base = (unsigned)base;
    mark(&o[s], w->base, w->nvregs, true);
    return true;
}

/* Places every wavefront at its A and frees its window at its F, in trace order; the packed
 * policy may need as many slices as wavefronts. */
static bool place(pa_trace *t, pa_policy policy, occ *o, unsigned maxslices, const char *name,
                  char *err, size_t errlen)
{
    for (size_t i = 0; i < t->nev; i++) {
        const pa_ev *e = &t->ev[i];
        pa_wave *w = &t->wave[e->wave];
        if (e->kind == 'F') {
            mark(&o[w->slice], w->base, w->nvregs, false);
            continue;
        }
        if (e->kind != 'A')
            continue;
        bool ok = false;
        if (policy == PA_RECORDED)
            ok = try_slice(o, w, w->slice);
        for (unsigned s = 0; policy == PA_PACKED && !ok && s < maxslices; s++)
            ok = try_slice(o, w, s);
        if (!ok)
            return pa_set_err(err, errlen, "%s:%u: wavefront %llu (%u registers) does not fit "
                              "in its slice (%u wavefronts at most, %d registers)", name, e->line,
                              (unsigned long long)w->wf, w->nvregs, DRF_WAVEFRONT_SLOTS, DRF_REGS);
    }
    return true;
}

/* Numbers the slices that hold a wavefront and groups the events by slice. */
static bool group(pa_trace *t, unsigned maxslices)
{
    unsigned *dense = malloc(maxslices * sizeof *dense);
    t->slice_id = malloc(maxslices * sizeof *t->slice_id);
    t->slice_start = calloc(maxslices + 1, sizeof *t->slice_start);
    t->slice_ev = malloc((t->nev ? t->nev : 1) * sizeof *t->slice_ev);
    if (!dense || !t->slice_id || !t->slice_start || !t->slice_ev) {
        free(dense);
        return false;
    }
    for (unsigned s = 0; s < maxslices; s++)
        dense[s] = UINT32_MAX;
    for (size_t i = 0; i < t->nwave; i++) {
        pa_wave *w = &t->wave[i];
        if (dense[w->slice] == UINT32_MAX) {
            dense[w->slice] = t->nslices;
            t->slice_id[t->nslices++] = w->slice;
        }
        w->slice = dense[w->slice];
    }
    free(dense);
    for (size_t i = 0; i < t->nev; i++)
        t->slice_start[t->wave[t->ev[i].wave].slice + 1]++;
    for (unsigned s = 0; s < t->nslices; s++)
        t->slice_start[s + 1] += t->slice_start[s];
    uint32_t *fill = malloc((t->nslices + 1) * sizeof *fill);
    if (!fill)
        return false;
    memcpy(fill, t->slice_start, (t->nslices + 1) * sizeof *fill);
    for (size_t i = 0; i < t->nev; i++)
        t->slice_ev[fill[t->wave[t->ev[i].wave].slice]++] = (uint32_t)i;
    free(fill);
    return true;
}

static bool assign(pa_trace *t, pa_policy policy, const char *name, char *err, size_t errlen)
{
    const unsigned maxslices = policy == PA_RECORDED ? SIMD_SLICES : (unsigned)t->nwave + 1;
    occ *o = calloc(maxslices, sizeof *o);
    if (!o)
        return pa_set_err(err, errlen, "out of memory");
    const bool ok = place(t, policy, o, maxslices, name, err, errlen);
    free(o);
    if (ok && !group(t, maxslices))
        return pa_set_err(err, errlen, "out of memory");
    return ok;
}

pa_trace *pa_load_reader(tr_reader *r, const char *name, pa_policy policy, char *err,
                         size_t errlen)
{
    pa_trace *t = calloc(1, sizeof *t);
    if (!t) {
        pa_set_err(err, errlen, "out of memory");
        return NULL;
    }
    tr_event e;
    int st;
    while ((st = tr_next(r, &e)) == 1)
        if (!add_event(t, &e, tr_line(r))) {
            pa_set_err(err, errlen, "out of memory");
            pa_free(t);
            return NULL;
        }
    if (st < 0 || !assign(t, policy, name, err, errlen)) {
        if (st < 0)
            pa_set_err(err, errlen, "%s", tr_error(r));
        pa_free(t);
        return NULL;
    }
    return t;
}

pa_trace *pa_load(const char *path, pa_policy policy, char *err, size_t errlen)
{
    tr_reader *r = tr_open(path, err, errlen);
    if (!r)
        return NULL;
    pa_trace *t = pa_load_reader(r, path, policy, err, errlen);
    tr_close(r);
    return t;
}

void pa_free(pa_trace *t)
{
    if (!t)
        return;
    free(t->ev);
    free(t->val);
    free(t->wave);
    free(t->hash);
    free(t->slice_id);
    free(t->slice_start);
    free(t->slice_ev);
    free(t);
}

uint64_t pa_events(const pa_trace *t)
{
    return t->nev;
}

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

static const char *const policy_names[PA_POLICIES] = {"recorded", "packed"};

bool pa_policy_parse(const char *name, pa_policy *out)
{
    for (unsigned i = 0; i < PA_POLICIES; i++)
        if (strcmp(name, policy_names[i]) == 0) {
            *out = (pa_policy)i;
            return true;
        }
    return false;
}

const char *pa_policy_name(pa_policy p)
{
    return p < PA_POLICIES ? policy_names[p] : "?";
}
