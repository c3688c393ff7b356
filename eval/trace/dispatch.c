/* SPDX-License-Identifier: Apache-2.0 */
/* Wavefront dispatch for the trace replays (aging paper Section 2.1; dc-patch paper Section
 * II-A): places each A (eval/trace/place.h), holds a wavefront that does not fit until a window frees
 * up, and replays its lines, shifted by its wait, merged in cycle order with the trace's
 * (docs/eval-decisions.md, decision 3a). Held lines beyond a budget go to a temporary file.
 * Copies of the trace may be merged in as more wavefronts of the same kernel (decision 6a). */
#define _POSIX_C_SOURCE 200809L /* pread, pwrite */
#include "eval/trace/dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CHUNK = 16384 };

/* A held line: its header, then for a W the mask and the 64 components. */
typedef struct {
    uint64_t cycle, line;
    uint16_t vreg;
    uint8_t kind, launch;
} rec_head;

enum { W_BODY = sizeof(uint64_t) + DRF_COMPONENTS * sizeof(uint32_t) };

typedef struct chunk {
    struct chunk *next;
    uint8_t *data;       /* NULL while in the file */
    long long off;       /* its place in the file */
    uint32_t len, rd;
} chunk;

/* A wavefront that waited: its A, its placement once it has one, the lines held for it. */
typedef struct {
    uint64_t wf, delay;
    tr_event a;
    unsigned long a_line;
    bool placed, a_due;   /* placed; its A not given out yet */
    pl_wave pw;
    chunk *head, *tail;
} held_wave;

/* Copy k of the trace (k >= 1, its own reader): its next line, pending until the merge. */
typedef struct {
    tr_reader *r;
    tr_event ev;
    bool have, eof;
} ds_copy;

struct ds_state {
    tr_reader *r;
    ds_copy *copy;               /* copies 1..ncopies-1 (copy 0 is r), or NULL */
    unsigned ncopies;
    tr_event pend0;              /* copy 0's pending line when copies are merged */
    bool have0, eof0;
    pl_state pl;
    uint64_t budget, in_memory;
    int fd;                      /* temporary file, -1 until the first spill */
    long long *free_off;         /* free chunk places in the file */
    size_t nfree, free_cap;
    long long file_size;
    held_wave **tab;             /* open addressing on wf */
    size_t tab_cap, tab_count;
    held_wave **waiting;         /* not placed, in arrival order */
    size_t nwaiting, waiting_cap;
    held_wave **heap;            /* placed, with a line due: min (next replay cycle, A line) */
    size_t nheap, heap_cap;
    tr_event next;               /* the trace's next line of a wavefront not held */
    unsigned long next_line;
    uint64_t last_cycle;         /* of the last line read */
    uint64_t read_w, read_r;     /* W and R lines read */
    bool have_next, eof;
    ds_stats st;
};

/* --- growable arrays --------------------------------------------------------------------- */
static bool reserve(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    void *n = realloc(*arr, c * elem);
    if (n == NULL)
        return false;
    *arr = n;
    *cap = c;
    return true;
}

/* --- the table of held wavefronts ---------------------------------------------------------- */
static size_t tab_slot(const ds_state *d, uint64_t wf)
{
    size_t j = (size_t)((wf * 0x9e3779b97f4a7c15ull) >> 17) & (d->tab_cap - 1);
    while (d->tab[j] && d->tab[j]->wf != wf)
        j = (j + 1) & (d->tab_cap - 1);
    return j;
}

static held_wave *tab_find(const ds_state *d, uint64_t wf)
{
    return d->tab_count ? d->tab[tab_slot(d, wf)] : NULL;
}

static bool tab_add(ds_state *d, held_wave *w)
{
    if (2 * (d->tab_count + 1) > d->tab_cap) {
        held_wave **old = d->tab;
        const size_t old_cap = d->tab_cap;
        d->tab_cap = old_cap ? 2 * old_cap : 256;
        if ((d->tab = calloc(d->tab_cap, sizeof *d->tab)) == NULL) {
            d->tab = old;
            d->tab_cap = old_cap;
            return false;
        }
        for (size_t i = 0; i < old_cap; i++)
            if (old[i])
                d->tab[tab_slot(d, old[i]->wf)] = old[i];
        free(old);
    }
    d->tab[tab_slot(d, w->wf)] = w;
    d->tab_count++;
    return true;
}

static void tab_remove(ds_state *d, uint64_t wf)
{
    size_t j = tab_slot(d, wf);
    d->tab[j] = NULL;
    d->tab_count--;
    for (j = (j + 1) & (d->tab_cap - 1); d->tab[j]; j = (j + 1) & (d->tab_cap - 1)) {
        held_wave *moved = d->tab[j];
        d->tab[j] = NULL;
        d->tab[tab_slot(d, moved->wf)] = moved;
    }
}

/* --- chunks: in memory up to the budget, then in the temporary file ----------------------- */
static void note_memory(ds_state *d, long delta)
{
    d->in_memory += (uint64_t)delta;
    if (d->in_memory > d->st.held_peak)
        d->st.held_peak = d->in_memory;
}

/* Writes a full chunk to the file and frees its memory; false on an I/O error. */
static bool spill(ds_state *d, chunk *c)
{
    if (d->fd < 0) {
        FILE *f = tmpfile();
        if (f == NULL || (d->fd = dup(fileno(f))) < 0)
            return false;
        fclose(f); /* the file has no name: it goes when fd closes */
    }
    if (d->nfree) {
        c->off = d->free_off[--d->nfree];
    } else {
        c->off = d->file_size;
        d->file_size += CHUNK;
        if ((uint64_t)d->file_size > d->st.file_peak)
            d->st.file_peak = (uint64_t)d->file_size;
    }
    if (pwrite(d->fd, c->data, c->len, c->off) != (ssize_t)c->len)
        return false;
    d->st.spilled += c->len;
    free(c->data);
    c->data = NULL;
    note_memory(d, -(long)CHUNK);
    return true;
}

/* Reads a chunk back from the file; its place is free again. */
static bool unspill(ds_state *d, chunk *c)
{
    if ((c->data = malloc(CHUNK)) == NULL)
        return false;
    note_memory(d, CHUNK);
    if (pread(d->fd, c->data, c->len, c->off) != (ssize_t)c->len)
        return false;
    if (!reserve((void **)&d->free_off, &d->free_cap, d->nfree + 1, sizeof *d->free_off))
        return false;
    d->free_off[d->nfree++] = c->off;
    return true;
}

static chunk *new_chunk(ds_state *d)
{
    chunk *c = calloc(1, sizeof *c);
    if (c && (c->data = malloc(CHUNK)) == NULL) {
        free(c);
        return NULL;
    }
    if (c)
        note_memory(d, CHUNK);
    return c;
}

/* Appends a line to the wavefront's queue. */
static bool hold(ds_state *d, held_wave *w, const tr_event *e, unsigned long line)
{
    const rec_head h = {.cycle = e->cycle, .line = line, .vreg = (uint16_t)e->vreg,
                        .kind = (uint8_t)e->kind, .launch = (uint8_t)e->launch};
    const uint32_t size = sizeof h + (e->kind == TR_W ? W_BODY : 0);
    if (w->tail == NULL || w->tail->len + size > CHUNK) {
        chunk *c = new_chunk(d);
        if (c == NULL)
            return false;
        chunk *full = w->tail;
        if (full)
            full->next = c;
        else
            w->head = c;
        w->tail = c;
        if (full && full != w->head && d->in_memory > d->budget && !spill(d, full))
            return false;
    }
    uint8_t *p = w->tail->data + w->tail->len;
    memcpy(p, &h, sizeof h);
    if (e->kind == TR_W) {
        memcpy(p + sizeof h, &e->mask, sizeof e->mask);
        memcpy(p + sizeof h + sizeof e->mask, e->v, sizeof e->v);
    }
    w->tail->len += size;
    return true;
}

/* Takes the wavefront's oldest held line into it (cycle shifted by its wait); the next one's
 * chunk is read back from the file if it was spilled. */
static bool unhold(ds_state *d, held_wave *w, ds_item *it)
{
    chunk *c = w->head;
    rec_head h;
    const uint8_t *p = c->data + c->rd;
    memcpy(&h, p, sizeof h);
    it->e = w->a;
    it->e.kind = (tr_kind)h.kind;
    it->e.cycle = h.cycle + w->delay;
    it->e.vreg = h.vreg;
    it->e.launch = h.launch;
    it->line = h.line;
    c->rd += sizeof h;
    if (h.kind == TR_W) {
        memcpy(&it->e.mask, p + sizeof h, sizeof it->e.mask);
        memcpy(it->e.v, p + sizeof h + sizeof it->e.mask, sizeof it->e.v);
        c->rd += W_BODY;
    }
    if (c->rd < c->len)
        return true;
    w->head = c->next;
    if (w->tail == c)
        w->tail = NULL;
    free(c->data);
    free(c);
    note_memory(d, -(long)CHUNK);
    return w->head == NULL || w->head->data || unspill(d, w->head);
}

/* --- the heap of placed wavefronts with a line due ---------------------------------------- */
/* The replay cycle of the wavefront's next line (its head chunk is in memory). */
static uint64_t due(const held_wave *w)
{
    if (w->a_due)
        return w->a.cycle + w->delay;
    rec_head h;
    memcpy(&h, w->head->data + w->head->rd, sizeof h);
    return h.cycle + w->delay;
}

static bool before(const held_wave *a, const held_wave *b)
{
    const uint64_t x = due(a), y = due(b);
    return x < y || (x == y && a->a_line < b->a_line);
}

static void sift(ds_state *d, size_t i)
{
    held_wave *w = d->heap[i];
    while (i > 0 && before(w, d->heap[(i - 1) / 2])) {
        d->heap[i] = d->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    for (;;) {
        size_t k = 2 * i + 1;
        if (k >= d->nheap)
            break;
        if (k + 1 < d->nheap && before(d->heap[k + 1], d->heap[k]))
            k++;
        if (!before(d->heap[k], w))
            break;
        d->heap[i] = d->heap[k];
        i = k;
    }
    d->heap[i] = w;
}

static bool heap_push(ds_state *d, held_wave *w)
{
    if (!reserve((void **)&d->heap, &d->heap_cap, d->nheap + 1, sizeof *d->heap))
        return false;
    d->heap[d->nheap++] = w;
    sift(d, d->nheap - 1);
    return true;
}

static void heap_pop(ds_state *d)
{
    if (--d->nheap) {
        d->heap[0] = d->heap[d->nheap];
        sift(d, 0);
    }
}

/* --- placement ------------------------------------------------------------------------------ */
/* Gives the waiting wavefronts that fit a slot, oldest first, at cycle now. */
static bool place_waiting(ds_state *d, uint64_t now, char *err, size_t errlen)
{
    size_t kept = 0;
    for (size_t i = 0; i < d->nwaiting; i++) {
        held_wave *w = d->waiting[i];
        if (!pl_fits(&d->pl, &w->a)) {
            d->waiting[kept++] = w;
            continue;
        }
        const pl_wave *pw = pl_start(&d->pl, &w->a, err, errlen);
        if (pw == NULL)
            return false;
        w->pw = *pw;
        w->placed = w->a_due = true;
        w->delay = now - w->a.cycle;
        d->st.waited++;
        d->st.wait_cycles += w->delay;
        if (w->delay > d->st.wait_max)
            d->st.wait_max = w->delay;
        if (!heap_push(d, w))
            return fail_msg(err, errlen, "out of memory");
    }
    d->nwaiting = kept;
    return true;
}

/* An A that does not fit: the wavefront waits. */
static bool start_waiting(ds_state *d, const tr_event *a, unsigned long line)
{
    held_wave *w = calloc(1, sizeof *w);
    if (w == NULL)
        return false;
    *w = (held_wave){.wf = a->wf, .a = *a, .a_line = line};
    if (!reserve((void **)&d->waiting, &d->waiting_cap, d->nwaiting + 1, sizeof *d->waiting) ||
        !tab_add(d, w)) {
        free(w);
        return false;
    }
    d->waiting[d->nwaiting++] = w;
    if (d->nwaiting > d->st.waiting_peak)
        d->st.waiting_peak = d->nwaiting;
    return true;
}

/* --- reading ------------------------------------------------------------------------------- */
/* Whether the first placed held wavefront's next line is due: no line read later can come
 * before it (the trace's cycles never decrease, and a held line is replayed at or after its
 * cycle). */
static bool heap_due(const ds_state *d)
{
    return d->nheap && (d->eof || due(d->heap[0]) <= d->last_cycle);
}

/* --- copies of the trace, merged in cycle order ---------------------------------------------- */
enum { COPY_SHIFT = 40 }; /* copy k's wavefront ids: the trace's + k << COPY_SHIFT */

/* The next line over every copy (lowest cycle, then lowest copy): 1, 0 at the end of all,
 * -1 on an error (msg in err). *line: the line in its copy. */
static int next_line(ds_state *d, tr_event *ev, unsigned long *line, char *err, size_t errlen)
{
    if (d->ncopies <= 1) {
        const int got = tr_next(d->r, ev);
        if (got < 0)
            fail_msg(err, errlen, "%s", tr_error(d->r));
        *line = tr_line(d->r);
        return got;
    }
    int best = -1;
    for (unsigned k = 0; k < d->ncopies; k++) {
        tr_reader *r = k ? d->copy[k].r : d->r;
        tr_event *p = k ? &d->copy[k].ev : &d->pend0;
        bool *have = k ? &d->copy[k].have : &d->have0, *eof = k ? &d->copy[k].eof : &d->eof0;
        if (!*have && !*eof) {
            const int got = tr_next(r, p);
            if (got < 0)
                return fail_msg(err, errlen, "%s", tr_error(r)), -1;
            if (p->wf >> COPY_SHIFT)
                return fail_msg(err, errlen, "wavefront id %llu too large to copy the trace",
                               (unsigned long long)p->wf), -1;
            *have = got == 1;
            *eof = got == 0;
        }
        const tr_event *b = best < 0 ? NULL : best ? &d->copy[best].ev : &d->pend0;
        if (*have && (b == NULL || p->cycle < b->cycle))
            best = (int)k;
    }
    if (best < 0)
        return 0;
    if (best == 0) {
        *ev = d->pend0;
        d->have0 = false;
        *line = tr_line(d->r);
    } else {
        *ev = d->copy[best].ev;
        d->copy[best].have = false;
        *line = tr_line(d->copy[best].r);
        ev->wf += (uint64_t)best << COPY_SHIFT;
    }
    return 1;
}

/* Reads until the next line of a wavefront that is not held or a held line is due (held
 * wavefronts' lines are queued); false with err on an error. */
static bool read_next(ds_state *d, const char *name, char *err, size_t errlen)
{
    while (!d->have_next && !d->eof && !heap_due(d)) {
        const int got = next_line(d, &d->next, &d->next_line, err, errlen);
        if (got < 0)
            return false;
        if (got == 0) {
            d->eof = true;
            break;
        }
        d->last_cycle = d->next.cycle;
        d->read_w += d->next.kind == TR_W;
        d->read_r += d->next.kind == TR_R;
        held_wave *w = d->next.kind == TR_A ? NULL : tab_find(d, d->next.wf);
        if (w == NULL) {
            d->have_next = true;
            break;
        }
        const bool idle = w->placed && w->head == NULL && !w->a_due;
        if (!hold(d, w, &d->next, d->next_line))
            return fail_msg(err, errlen, "%s: cannot hold the lines of waiting wavefronts "
                           "(out of memory or temporary file)", name);
        if (idle && !heap_push(d, w))
            return fail_msg(err, errlen, "out of memory");
    }
    return true;
}

/* The F of a wavefront frees its window: the waiting ones that now fit are placed. */
static bool finish(ds_state *d, const ds_item *it, char *err, size_t errlen)
{
    if (it->e.kind != TR_F)
        return true;
    pl_end(&d->pl, pl_find(&d->pl, it->e.wf));
    return place_waiting(d, it->e.cycle, err, errlen);
}

/* The next line of a placed held wavefront. */
static bool from_heap(ds_state *d, ds_item *it, char *err, size_t errlen)
{
    held_wave *w = d->heap[0];
    it->w = w->pw;
    if (w->a_due) {
        it->e = w->a;
        it->e.cycle = w->a.cycle + w->delay;
        it->line = w->a_line;
        w->a_due = false;
    } else if (!unhold(d, w, it)) {
        return fail_msg(err, errlen, "cannot read back the lines of a waiting wavefront");
    }
    if (w->head || w->a_due)
        sift(d, 0);
    else
        heap_pop(d);
    if (it->e.kind == TR_F) {
        tab_remove(d, w->wf);
        free(w);
    }
    return true;
}

/* The trace's next line; false when its A waits (nothing given out). */
static bool from_trace(ds_state *d, ds_item *it, bool *given, char *err, size_t errlen)
{
    d->have_next = false;
    *given = false;
    if (d->next.kind == TR_A && !pl_fits(&d->pl, &d->next)) {
        if (!start_waiting(d, &d->next, d->next_line))
            return fail_msg(err, errlen, "out of memory");
        return true;
    }
    const pl_wave *pw = d->next.kind == TR_A ? pl_start(&d->pl, &d->next, err, errlen)
                                             : pl_find(&d->pl, d->next.wf);
    if (pw == NULL)
        return d->next.kind == TR_A ? false
                                    : fail_msg(err, errlen, "wavefront %llu is not running",
                                              (unsigned long long)d->next.wf);
    it->e = d->next;
    it->line = d->next_line;
    it->w = *pw;
    *given = true;
    return true;
}

int ds_next(ds_state *d, ds_item *it, const char *name, char *err, size_t errlen)
{
    for (;;) {
        if (!read_next(d, name, err, errlen))
            return -1;
        bool given = true;
        if (heap_due(d)) {
            if (!from_heap(d, it, err, errlen))
                return -1;
        } else if (d->have_next) {
            if (!from_trace(d, it, &given, err, errlen)) {
                char m[384];
                snprintf(m, sizeof m, "%s", err);
                fail_msg(err, errlen, "%s:%lu: %s", name, d->next_line, m);
                return -1;
            }
        } else if (d->nwaiting) {
            fail_msg(err, errlen, "%s: %zu wavefront(s) never found a slot", name, d->nwaiting);
            return -1;
        } else if (d->read_w != d->st.writes || d->read_r != d->st.reads) {
            fail_msg(err, errlen, "%s: replayed %llu W and %llu R lines of %llu and %llu", name,
                    (unsigned long long)d->st.writes, (unsigned long long)d->st.reads,
                    (unsigned long long)d->read_w, (unsigned long long)d->read_r);
            return -1;
        } else {
            return 0;
        }
        if (!given)
            continue;
        d->st.writes += it->e.kind == TR_W;
        d->st.reads += it->e.kind == TR_R;
        return finish(d, it, err, errlen) ? 1 : -1;
    }
}

/* --- public -------------------------------------------------------------------------------- */
ds_state *ds_open(tr_reader *r, pl_policy policy, uint64_t mem_budget)
{
    ds_state *d = calloc(1, sizeof *d);
    if (d == NULL)
        return NULL;
    d->r = r;
    d->budget = mem_budget;
    d->fd = -1;
    pl_init(&d->pl, policy);
    return d;
}

bool ds_copies(ds_state *d, const tr_source *src, unsigned copies, char *err, size_t errlen)
{
    if (copies <= 1)
        return true;
    if ((d->copy = calloc(copies, sizeof *d->copy)) == NULL)
        return fail_msg(err, errlen, "out of memory");
    d->ncopies = 1;
    for (unsigned k = 1; k < copies; k++) {
        if ((d->copy[k].r = tr_source_open(src, err, errlen)) == NULL)
            return false;
        d->ncopies = k + 1;
    }
    return true;
}

void ds_shape_see(ds_shape *s, const tr_event *ev)
{
    if (ev->kind == TR_A) {
        s->peak = ++s->live > s->peak ? s->live : s->peak;
        s->n = ev->nvregs > s->n ? ev->nvregs : s->n;
    }
    s->live -= ev->kind == TR_F;
}

unsigned ds_shape_copies(const ds_shape *s)
{
    return s->peak ? (unsigned)((pl_slots(s->n) + s->peak - 1) / s->peak) : 1;
}

void ds_limit_cus(ds_state *d, unsigned cus)
{
    pl_limit(&d->pl, cus);
}

const ds_stats *ds_get_stats(const ds_state *d)
{
    return &d->st;
}

static void free_wave(held_wave *w)
{
    for (chunk *c = w->head, *n; c; c = n) {
        n = c->next;
        free(c->data);
        free(c);
    }
    free(w);
}

void ds_close(ds_state *d)
{
    if (d == NULL)
        return;
    for (size_t i = 0; i < d->tab_cap; i++)
        if (d->tab[i])
            free_wave(d->tab[i]);
    for (unsigned k = 1; k < d->ncopies; k++)
        tr_close(d->copy[k].r);
    free(d->copy);
    if (d->fd >= 0)
        close(d->fd);
    pl_free(&d->pl);
    free(d->tab);
    free(d->waiting);
    free(d->heap);
    free(d->free_off);
    free(d);
}
