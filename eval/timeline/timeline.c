/* SPDX-License-Identifier: Apache-2.0 */
/* The issue model (docs/timeline.md): per technique, each wavefront's instructions issue in
 * program order on its unit's issue slots, the earliest free slot once ready, so that a latency a
 * technique adds is hidden while other wavefronts fill the slots (dc-patch Section V-A4). */
#include "eval/timeline/timeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One unit's busy cycles under one technique: an issue holds the unit for slot_cycles cycles
 * from its start, at any cycle (a SIMD's issue is not tied to a global grid). Cycles below base
 * are past or busy (no request reaches them again); bit k of the ring is cycle
 * base - base % 64 + k (mod its size). */
typedef struct {
    uint64_t base;
    uint64_t *ring;
    size_t words; /* a power of two, 0 before the first use */
} slots;

/* A live wavefront. Per technique: the cycle its last instruction issued (or its A was
 * ready), the instruction being gathered (pending: its R lines read, its slot not taken yet),
 * and the cycle each of its registers' values is ready. */
typedef struct {
    bool used, pending;
    uint64_t wf, rec;   /* rec: the recorded cycle of its current instruction (or its A) */
    uint16_t unit, window, nregs, sources;
    uint64_t issue[TL_MAX_TECHS];
    uint64_t ready[TL_MAX_TECHS];    /* the pending instruction's: program order, sources */
    uint32_t read_lat[TL_MAX_TECHS]; /* its slowest operand's extra latency */
    uint32_t slots[TL_MAX_TECHS];    /* issue slots it takes besides its own */
    uint64_t *avail;                 /* [technique][register]: the cycle its value is ready */
} wave;

struct tl {
    unsigned techs;
    tl_gpu gpu;
    slots unit[TL_MAX_TECHS][TL_MAX_UNITS];
    uint64_t (*window_free)[TL_MAX_UNITS][DRF_REGS]; /* per technique: the cycle a window frees */
    wave *wave;
    size_t cap, live;
    uint64_t *pending;               /* wavefronts with an instruction gathered this cycle */
    size_t npending, pending_cap;
    uint64_t now;                    /* the cycle of the last event */
    bool started;
    tl_observer observe;
    void *observer_ctx;
    uint64_t first_a, last_f, instructions;
    uint64_t end[TL_MAX_TECHS], shift[TL_MAX_TECHS], taken[TL_MAX_TECHS];
};

tl *tl_new(void)
{
    tl *t = calloc(1, sizeof *t);
    if (t && (t->window_free = calloc(TL_MAX_TECHS, sizeof *t->window_free)) == NULL) {
        free(t);
        return NULL;
    }
    return t;
}

void tl_free(tl *t)
{
    if (t == NULL)
        return;
    for (unsigned k = 0; k < TL_MAX_TECHS; k++)
        for (unsigned u = 0; u < TL_MAX_UNITS; u++)
            free(t->unit[k][u].ring);
    free(t->window_free);
    for (size_t i = 0; i < t->cap; i++)
        free(t->wave[i].used ? t->wave[i].avail : NULL);
    free(t->wave);
    free(t->pending);
    free(t);
}

void tl_reset(tl *t, unsigned techs, const tl_gpu *gpu)
{
    for (unsigned k = 0; k < TL_MAX_TECHS; k++)
        for (unsigned u = 0; u < TL_MAX_UNITS; u++) {
            slots *s = &t->unit[k][u];
            if (s->words)
                memset(s->ring, 0, s->words * sizeof *s->ring);
            s->base = 0;
        }
    memset(t->window_free, 0, TL_MAX_TECHS * sizeof *t->window_free);
    for (size_t i = 0; i < t->cap; i++)
        free(t->wave[i].used ? t->wave[i].avail : NULL);
    if (t->cap)
        memset(t->wave, 0, t->cap * sizeof *t->wave);
    t->techs = techs < 1 ? 1 : techs > TL_MAX_TECHS ? TL_MAX_TECHS : techs;
    t->gpu = *gpu;
    if (t->gpu.units < 1 || t->gpu.units > TL_MAX_UNITS)
        t->gpu.units = TL_MAX_UNITS;
    if (t->gpu.slot_cycles < 1)
        t->gpu.slot_cycles = 1;
    t->live = 0;
    t->npending = t->now = 0;
    t->started = false;
    t->first_a = t->last_f = t->instructions = 0;
    memset(t->end, 0, sizeof t->end);
    memset(t->shift, 0, sizeof t->shift);
    memset(t->taken, 0, sizeof t->taken);
}

/* --- issue slots -------------------------------------------------------------------------- */
static uint64_t *word_of(const slots *s, uint64_t cycle)
{
    return &s->ring[(cycle / 64) & (s->words - 1)];
}

/* The ring twice as large, every cycle at its place. */
static bool grow(slots *s)
{
    const size_t words = s->words ? 2 * s->words : 16;
    uint64_t *ring = calloc(words, sizeof *ring);
    if (ring == NULL)
        return false;
    for (size_t w = 0; w < s->words; w++) {
        const uint64_t cycle = (s->base / 64 + w) * 64;
        ring[(cycle / 64) & (words - 1)] = *word_of(s, cycle);
    }
    free(s->ring);
    s->ring = ring;
    s->words = words;
    return true;
}

/* The first cycle past the ring. */
static uint64_t ring_end(const slots *s)
{
    return s->base - s->base % 64 + (uint64_t)s->words * 64;
}

/* No request reaches a cycle below lo again: the ring's words below it are freed for reuse,
 * and the base moves over the wholly busy words after it. */
static void advance(slots *s, uint64_t lo)
{
    if (s->words == 0 || lo >= ring_end(s)) { /* past the whole ring: every word free */
        if (s->words)
            memset(s->ring, 0, s->words * sizeof *s->ring);
        s->base = lo > s->base ? lo : s->base;
        return;
    }
    while (s->base / 64 < lo / 64) {
        *word_of(s, s->base) = 0;
        s->base = (s->base / 64 + 1) * 64;
    }
    if (lo > s->base)
        s->base = lo;
    while (*word_of(s, s->base) == UINT64_MAX) {
        *word_of(s, s->base) = 0;
        s->base = (s->base / 64 + 1) * 64;
    }
}

/* The first cycle in [c, end) whose bit is `busy`, or end. */
static uint64_t next_with(const slots *s, uint64_t c, uint64_t end, bool busy)
{
    while (c < end) {
        const uint64_t w = busy ? *word_of(s, c) : ~*word_of(s, c);
        const uint64_t hit = w & (UINT64_MAX << (c % 64));
        if (hit) {
            const uint64_t at = c - c % 64 + (uint64_t)__builtin_ctzll(hit);
            return at < end ? at : end;
        }
        c = c - c % 64 + 64;
    }
    return end;
}

static void mark(slots *s, uint64_t from, unsigned len)
{
    for (uint64_t c = from; c < from + len; c++)
        *word_of(s, c) |= 1ull << (c % 64);
}

/* Holds the unit for len cycles from the earliest cycle at or after `from` where it is free
 * that long; UINT64_MAX when out of memory. */
static uint64_t take(slots *s, uint64_t from, unsigned len)
{
    if (from < s->base)
        from = s->base;
    if (s->words == 0 && !grow(s))
        return UINT64_MAX;
    for (;;) {
        const uint64_t end = ring_end(s);
        const uint64_t start = next_with(s, from, end, false);
        if (start + len > end) {
            if (!grow(s))
                return UINT64_MAX;
            continue;
        }
        const uint64_t busy = next_with(s, start, start + len, true);
        if (busy == start + len) {
            mark(s, start, len);
            return start;
        }
        from = busy;
    }
}

/* --- live wavefronts (open addressing on wf) ---------------------------------------------- */
static size_t index_of(uint64_t wf, size_t cap)
{
    return (size_t)((wf * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1);
}

static wave *find(const tl *t, uint64_t wf)
{
    if (t->cap == 0)
        return NULL;
    for (size_t i = index_of(wf, t->cap);; i = (i + 1) & (t->cap - 1)) {
        if (!t->wave[i].used)
            return NULL;
        if (t->wave[i].wf == wf)
            return &t->wave[i];
    }
}

static bool rehash(tl *t)
{
    const size_t cap = t->cap ? 2 * t->cap : 256;
    wave *w = calloc(cap, sizeof *w);
    if (w == NULL)
        return false;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->wave[i].used)
            continue;
        size_t j = index_of(t->wave[i].wf, cap);
        while (w[j].used)
            j = (j + 1) & (cap - 1);
        w[j] = t->wave[i];
    }
    free(t->wave);
    t->wave = w;
    t->cap = cap;
    return true;
}

static wave *insert(tl *t, uint64_t wf)
{
    if (2 * (t->live + 1) > t->cap && !rehash(t))
        return NULL;
    size_t i = index_of(wf, t->cap);
    while (t->wave[i].used)
        i = (i + 1) & (t->cap - 1);
    t->live++;
    t->wave[i] = (wave){.used = true, .wf = wf};
    return &t->wave[i];
}

/* Backward-shift deletion keeps every probe chain whole. */
static void erase(tl *t, wave *w)
{
    size_t i = (size_t)(w - t->wave);
    free(w->avail);
    t->wave[i].used = false;
    t->live--;
    for (size_t j = (i + 1) & (t->cap - 1); t->wave[j].used; j = (j + 1) & (t->cap - 1)) {
        const size_t home = index_of(t->wave[j].wf, t->cap);
        if (((j - home) & (t->cap - 1)) >= ((j - i) & (t->cap - 1))) {
            t->wave[i] = t->wave[j];
            t->wave[j].used = false;
            i = j;
        }
    }
}

/* --- events ------------------------------------------------------------------------------- */
static bool fail(char *msg, size_t len, const char *what, uint64_t wf)
{
    snprintf(msg, len, "timeline: %s (wavefront %llu)", what, (unsigned long long)wf);
    return false;
}

/* An A: the wavefront is ready at its cycle, later when its window frees later under k, and
 * shifted by k's delay so far when it starts on an idle GPU (a new kernel launch). */
static bool start(tl *t, const tr_event *ev, unsigned unit, unsigned window, char *msg,
                  size_t len)
{
    if (find(t, ev->wf))
        return fail(msg, len, "a second A", ev->wf);
    if (!t->started)
        t->first_a = ev->cycle, t->started = true;
    if (t->live == 0)
        for (unsigned k = 0; k < t->techs; k++)
            t->shift[k] = t->end[k] > t->last_f ? t->end[k] - t->last_f : 0;
    const unsigned nregs = ev->nvregs ? ev->nvregs : 1;
    uint64_t *avail = calloc((size_t)t->techs * nregs, sizeof *avail);
    wave *w = avail ? insert(t, ev->wf) : NULL;
    if (w == NULL) {
        free(avail);
        return fail(msg, len, "out of memory", ev->wf);
    }
    w->avail = avail;
    w->nregs = (uint16_t)nregs;
    w->rec = ev->cycle;
    w->unit = (uint16_t)(unit % t->gpu.units);
    w->window = (uint16_t)(window < DRF_REGS ? window : TL_NO_WINDOW);
    for (unsigned k = 0; k < t->techs; k++) {
        uint64_t ready = ev->cycle + t->shift[k];
        if (w->window != TL_NO_WINDOW && t->window_free[k][w->unit][w->window] > ready)
            ready = t->window_free[k][w->unit][w->window];
        w->issue[k] = ready;
    }
    return true;
}

/* n issues on the unit at or after ready under k; the last one is the wavefront's issue. */
static bool take_slots(tl *t, wave *w, unsigned k, uint64_t ready, unsigned n)
{
    slots *s = &t->unit[k][w->unit];
    for (unsigned i = 0; i < n; i++) {
        const uint64_t start = take(s, ready, t->gpu.slot_cycles);
        if (start == UINT64_MAX)
            return false;
        t->taken[k]++;
        ready = w->issue[k] = start;
    }
    return true;
}

/* The observer shown technique 0's issue of w's instruction (or of one of its results). */
static bool observe(const tl *t, const wave *w, unsigned accesses, bool instruction)
{
    return !t->observe ||
           t->observe(t->observer_ctx, w->unit, w->issue[0], accesses, instruction);
}

/* The pending instruction issues: at the first slot once its sources are ready. */
static bool issue(tl *t, wave *w)
{
    w->pending = false;
    for (unsigned k = 0; k < t->techs; k++)
        if (!take_slots(t, w, k, w->ready[k], 1u + w->slots[k]))
            return false;
    return observe(t, w, w->sources, true);
}

/* A new instruction at the event's cycle: ready, in program order, the recorded gap after the
 * last one. */
static bool next_instruction(tl *t, wave *w, uint64_t cycle)
{
    if (w->pending && !issue(t, w))
        return false;
    t->instructions++;
    for (unsigned k = 0; k < t->techs; k++) {
        w->ready[k] = w->issue[k] + (cycle - w->rec);
        w->read_lat[k] = 0;
        w->slots[k] = 0;
    }
    w->sources = 0;
    if (t->npending == t->pending_cap) {
        const size_t cap = t->pending_cap ? 2 * t->pending_cap : 256;
        uint64_t *p = realloc(t->pending, cap * sizeof *p);
        if (p == NULL)
            return false;
        t->pending = p;
        t->pending_cap = cap;
    }
    t->pending[t->npending++] = w->wf;
    w->pending = true;
    w->rec = cycle;
    return true;
}

/* The trace moved past the cycle of every pending instruction: all its lines are read. */
static bool issue_pending(tl *t)
{
    for (size_t i = 0; i < t->npending; i++) {
        wave *w = find(t, t->pending[i]);
        if (w && w->pending && !issue(t, w))
            return false;
    }
    t->npending = 0;
    return true;
}

static uint64_t *avail_of(const wave *w, unsigned k, unsigned vreg)
{
    return &w->avail[(size_t)k * w->nregs + (vreg < w->nregs ? vreg : w->nregs - 1u)];
}

/* An R line: a source operand of the pending instruction (its value, its extra latency). */
static void source(tl *t, wave *w, const tr_event *ev, const tl_cost *cost)
{
    w->sources++;
    for (unsigned k = 0; k < t->techs; k++) {
        const tl_cost c = cost ? cost[k] : (tl_cost){0, 0};
        const uint64_t v = *avail_of(w, k, ev->vreg);
        w->ready[k] = v > w->ready[k] ? v : w->ready[k];
        w->read_lat[k] = c.latency > w->read_lat[k] ? c.latency : w->read_lat[k];
        w->slots[k] += c.slots;
    }
}

/* A W line: the instruction issues (its first W) and its register's value is ready a slot
 * after, later by its slowest operand's and the write's extra latency; a launch value (no
 * instruction) at the wavefront's start. */
static bool destination(tl *t, wave *w, const tr_event *ev, const tl_cost *cost)
{
    if (w->pending && !issue(t, w))
        return false;
    for (unsigned k = 0; k < t->techs; k++) {
        const tl_cost c = cost ? cost[k] : (tl_cost){0, 0};
        if (c.slots && !take_slots(t, w, k, w->issue[k], c.slots))
            return false;
        *avail_of(w, k, ev->vreg) =
            w->issue[k] + t->gpu.slot_cycles + w->read_lat[k] + c.latency;
    }
    return ev->launch || observe(t, w, 1, false); /* a launch value is no access */
}

/* An F: the wavefront ends its recorded distance after its last instruction, or when its last
 * value is ready, under each technique; its window frees then. */
static bool finish(tl *t, wave *w, const tr_event *ev)
{
    if (w->pending && !issue(t, w))
        return false;
    for (unsigned k = 0; k < t->techs; k++) {
        uint64_t end = w->issue[k] + (ev->cycle - w->rec);
        for (unsigned v = 0; v < w->nregs; v++)
            end = *avail_of(w, k, v) > end ? *avail_of(w, k, v) : end;
        if (w->window != TL_NO_WINDOW)
            t->window_free[k][w->unit][w->window] = end;
        if (end > t->end[k])
            t->end[k] = end;
    }
    t->last_f = ev->cycle;
    erase(t, w);
    return true;
}

bool tl_event(tl *t, const tr_event *ev, unsigned unit, unsigned window, const tl_cost *cost,
              char *msg, size_t len)
{
    if (ev->cycle != t->now) {
        if (!issue_pending(t))
            return fail(msg, len, "out of memory", ev->wf);
        t->now = ev->cycle;
    }
    if (ev->kind == TR_A)
        return start(t, ev, unit, window, msg, len);
    wave *w = find(t, ev->wf);
    if (w == NULL)
        return fail(msg, len, "an event before its A", ev->wf);
    for (unsigned k = 0; k < t->techs; k++)
        advance(&t->unit[k][w->unit], ev->cycle);
    bool ok;
    if (ev->kind == TR_F) {
        ok = finish(t, w, ev);
    } else if (ev->kind == TR_R) { /* a source after a W starts the next instruction */
        ok = (ev->cycle == w->rec && w->pending) || next_instruction(t, w, ev->cycle);
        if (ok)
            source(t, w, ev, cost);
    } else {
        ok = (ev->cycle == w->rec || next_instruction(t, w, ev->cycle)) &&
             destination(t, w, ev, cost);
    }
    return ok || fail(msg, len, "out of memory", ev->wf);
}

void tl_set_observer(tl *t, tl_observer fn, void *ctx)
{
    t->observe = fn;
    t->observer_ctx = ctx;
}

uint64_t tl_cycles(const tl *t, unsigned k)
{
    return k < t->techs && t->end[k] > t->first_a ? t->end[k] - t->first_a : 0;
}

uint64_t tl_instructions(const tl *t)
{
    return t->instructions;
}

uint64_t tl_slots(const tl *t, unsigned k)
{
    return k < t->techs ? t->taken[k] : 0;
}

size_t tl_live(const tl *t)
{
    return t->live;
}
