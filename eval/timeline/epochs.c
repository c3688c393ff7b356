/* SPDX-License-Identifier: Apache-2.0 */
/* FRF_high / FRF_low epochs on the issue model (pilot paper Sec. IV-C, V-B; docs/timeline.md):
 * per compute unit a ring of epochs from the first one still open; an epoch runs in FRF_high
 * when the one before it issued at least the threshold (fmc_next_high), else in FRF_low. */
#include "eval/timeline/epochs.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t issued, accesses;
} epoch;

/* Epochs base .. base + size - 1 of one compute unit; prev: the count of epoch base - 1. */
typedef struct {
    uint64_t base;
    uint32_t prev;
    epoch *ring;
    size_t size; /* a power of two, 0 before the first use */
} group;

struct ep_state {
    fmc_cfg rule;
    uint64_t floor; /* the epoch of the last ep_advance: no add falls before it */
    group g[EP_MAX_GROUPS];
    ep_counts n;
};

ep_state *ep_new(void)
{
    return calloc(1, sizeof(ep_state));
}

void ep_free(ep_state *e)
{
    if (e == NULL)
        return;
    for (unsigned i = 0; i < EP_MAX_GROUPS; i++)
        free(e->g[i].ring);
    free(e);
}

void ep_reset(ep_state *e, const fmc_cfg *c)
{
    for (unsigned i = 0; i < EP_MAX_GROUPS; i++) {
        group *g = &e->g[i];
        if (g->size)
            memset(g->ring, 0, g->size * sizeof *g->ring);
        g->base = 0;
        g->prev = 0;
    }
    e->rule = *c;
    e->rule.epoch = c->epoch ? c->epoch : 1;
    e->floor = 0;
    memset(&e->n, 0, sizeof e->n);
}

static epoch *at(const group *g, uint64_t k)
{
    return &g->ring[k & (g->size - 1)];
}

/* Epoch base is final: its accesses counted under the mode the epoch before it set. */
static void close_first(ep_state *e, group *g)
{
    epoch *x = at(g, g->base);
    const bool low = !fmc_next_high(&e->rule, g->prev);
    if (x->accesses) {
        e->n.epochs++;
        e->n.low_epochs += low;
        e->n.accesses += x->accesses;
        e->n.low_accesses += low ? x->accesses : 0;
    }
    g->prev = x->issued;
    e->n.issued_max = x->issued > e->n.issued_max ? x->issued : e->n.issued_max;
    *x = (epoch){0, 0};
    g->base++;
}

/* Every epoch of g before k closed (idle ones at once: they issue nothing). */
static void close_before(ep_state *e, group *g, uint64_t k)
{
    while (g->base < k) {
        if (g->base + g->size <= k && !at(g, g->base)->accesses && !at(g, g->base)->issued) {
            /* the rest of the ring is past: each epoch idle, or closed in turn below */
            bool idle = true;
            for (size_t i = 0; i < g->size && idle; i++)
                idle = !g->ring[i].accesses && !g->ring[i].issued;
            if (idle) {
                g->prev = 0;
                g->base = k;
                return;
            }
        }
        close_first(e, g);
    }
}

static bool grow(group *g)
{
    const size_t size = g->size ? 2 * g->size : 64;
    epoch *ring = calloc(size, sizeof *ring);
    if (ring == NULL)
        return false;
    for (size_t i = 0; i < g->size; i++)
        ring[(g->base + i) & (size - 1)] = *at(g, g->base + i);
    free(g->ring);
    g->ring = ring;
    g->size = size;
    return true;
}

bool ep_add(ep_state *e, unsigned gi, uint64_t cycle, unsigned accesses, bool instruction)
{
    group *g = &e->g[gi % EP_MAX_GROUPS];
    if (g->size == 0) { /* the unit's first use: its epochs start at the floor */
        if (!grow(g))
            return false;
        g->base = e->floor;
    }
    uint64_t k = cycle / e->rule.epoch;
    k = k < g->base ? g->base : k;
    while (k - g->base >= g->size)
        if (!grow(g))
            return false;
    epoch *x = at(g, k);
    x->issued += instruction;
    x->accesses += accesses;
    return true;
}

void ep_advance(ep_state *e, uint64_t now)
{
    const uint64_t k = now / e->rule.epoch;
    e->floor = k > e->floor ? k : e->floor;
    for (unsigned i = 0; i < EP_MAX_GROUPS; i++)
        if (e->g[i].size)
            close_before(e, &e->g[i], k);
}

ep_counts ep_finish(ep_state *e)
{
    for (unsigned i = 0; i < EP_MAX_GROUPS; i++) {
        group *g = &e->g[i];
        if (g->size)
            close_before(e, g, g->base + g->size);
    }
    return e->n;
}
