/* SPDX-License-Identifier: Apache-2.0 */
/* Work-groups on the PV evaluation's GPU (pv-nbti-banked-rf Section 5; docs/pv-decisions.md D23,
 * D24: the paper's by default, a configuration of eval/gpu/gpu.h):
 * blocks in arrival order, each to the next SM round robin that has room for its warps (the
 * lowest free run of them), its registers and one more block; a block that finds none waits
 * for the first blocks to end, and the blocks after it wait behind it. */
#include "eval/pv/pv_gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(GPU_MAX_WARPS <= 64, "an SM's warp slots are the bits of one word");

bool pv_gpu_check(const gpu_config *g, char *err, size_t len)
{
    if (g->warp_size == PV_WARP_THREADS && g->reg_banks == DRF_PV_BANKS &&
        g->registers == PV_SM_REGS)
        return true;
    snprintf(err, len, "GPU %s: warps of %u threads, %u register banks, %u registers an SM; the "
             "PV register file is %d banks of %d entries of a %d-thread warp's register, %d "
             "registers (pv-nbti-banked-rf Section 3.2.1; docs/pv-decisions.md D24)", g->name,
             g->warp_size, g->reg_banks, g->registers, DRF_PV_BANKS, DRF_PV_ENTRIES,
             PV_WARP_THREADS, PV_SM_REGS);
    return false;
}

void pv_gpu_from(const gpu_config *g, unsigned lanes, pv_gpu *out)
{
    const unsigned w = lanes / PV_WARP_THREADS;
    *out = (pv_gpu){.sms = gpu_sms(g), .warps = gpu_warps(g), .blocks = g->ctas,
                    .regs = g->registers, .wave_warps = w ? w : 1};
}

typedef struct {
    uint64_t used;   /* warp slots held, bit w = warp w */
    unsigned blocks, regs;
    bool ended;      /* a block of this SM has ended */
} sm_state;

typedef struct {
    uint64_t end, warps; /* warps: the block's slots on its SM */
    unsigned sm, regs;
} running;

typedef struct {
    const pv_gpu *cfg;
    sm_state *sm;    /* cfg->sms */
    running *run;    /* at most cfg->sms x cfg->blocks */
    unsigned nrun, last_sm;
    uint64_t now;
} gpu;

/* A work-item's registers as the placement counts them: the 64 register IDs the evaluation maps
 * at most (D21). */
static unsigned item_regs(unsigned regs)
{
    return regs < DRF_PV_REG_IDS ? regs : DRF_PV_REG_IDS;
}

/* Registers of a wavefront's lanes: its warps' threads. */
static unsigned wave_lanes(const pv_gpu *c)
{
    return c->wave_warps * PV_WARP_THREADS;
}

unsigned pv_gpu_block_waves(const pv_gpu *c, unsigned regs)
{
    const unsigned by_warps = c->warps / c->wave_warps, r = item_regs(regs);
    const unsigned by_regs = r ? c->regs / (wave_lanes(c) * r) : by_warps;
    return by_regs < by_warps ? by_regs : by_warps;
}

/* n warp slots from warp 0 (n <= 64). */
static uint64_t slots(unsigned n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* The first warp of the lowest run of n free warp slots, or -1. */
static int free_run(const pv_gpu *c, uint64_t used, unsigned n)
{
    const uint64_t run = slots(n);
    for (unsigned w = 0; w + n <= c->warps; w++)
        if (((used >> w) & run) == 0)
            return (int)w;
    return -1;
}

/* The next SM after the last one served with room for a block of waves wavefronts that needs
 * `need` registers, or -1; *first: the block's first warp there. */
static int find_sm(const gpu *g, unsigned waves, unsigned need, int *first)
{
    const pv_gpu *c = g->cfg;
    for (unsigned i = 1; i <= c->sms; i++) {
        const unsigned s = (g->last_sm + i) % c->sms;
        const sm_state *m = &g->sm[s];
        if (m->blocks < c->blocks && m->regs + need <= c->regs &&
            (*first = free_run(c, m->used, waves * c->wave_warps)) >= 0)
            return (int)s;
    }
    return -1;
}

/* Blocks that have ended by now give their SM's room back. */
static void release(gpu *g)
{
    for (unsigned k = 0; k < g->nrun;) {
        const running *r = &g->run[k];
        if (r->end > g->now) {
            k++;
            continue;
        }
        sm_state *m = &g->sm[r->sm];
        m->used &= ~r->warps;
        m->blocks--;
        m->regs -= r->regs;
        m->ended = true;
        g->run[k] = g->run[--g->nrun];
    }
}

/* The earliest end of a running block (there is one: an empty GPU holds any block). */
static uint64_t next_end(const gpu *g)
{
    uint64_t t = UINT64_MAX;
    for (unsigned k = 0; k < g->nrun; k++)
        t = g->run[k].end < t ? g->run[k].end : t;
    return t;
}

static void count_peaks(const sm_state *m, unsigned s, unsigned regs, pv_gpu_stats *st)
{
    const unsigned warps = (unsigned)__builtin_popcountll(m->used);
    st->peak_warps = warps > st->peak_warps ? warps : st->peak_warps;
    st->peak_blocks = m->blocks > st->peak_blocks ? m->blocks : st->peak_blocks;
    st->peak_regs = m->regs > st->peak_regs ? m->regs : st->peak_regs;
    st->sm_warps[s] = warps > st->sm_warps[s] ? warps : st->sm_warps[s];
    st->sm_regs[s] = regs > st->sm_regs[s] ? regs : st->sm_regs[s];
    st->sms = s + 1 > st->sms ? s + 1 : st->sms;
}

/* One block of waves wavefronts (of group g) at out[0..waves-1]. */
static void place_block(gpu *gp, const pv_group *g, unsigned waves, pv_wave_place *out,
                        pv_gpu_stats *st)
{
    const pv_gpu *c = gp->cfg;
    const unsigned r = item_regs(g->regs), need = waves * wave_lanes(c) * r;
    gp->now = g->arrival > gp->now ? g->arrival : gp->now;
    release(gp);
    int first, s = find_sm(gp, waves, need, &first);
    st->waited += s < 0;
    while (s < 0) {
        gp->now = next_end(gp);
        release(gp);
        s = find_sm(gp, waves, need, &first);
    }
    sm_state *m = &gp->sm[s];
    const unsigned nw = waves * c->wave_warps;
    const uint64_t held = slots(nw) << first;
    m->used |= held;
    m->blocks++;
    m->regs += need;
    st->reuse += m->ended ? waves : 0;
    st->blocks++;
    gp->run[gp->nrun++] = (running){.end = gp->now + g->duration, .warps = held,
                                    .sm = (unsigned)s, .regs = need};
    gp->last_sm = (unsigned)s;
    for (unsigned k = 0; k < waves; k++)
        out[k] = (pv_wave_place){.sm = (uint16_t)s, .warp = (uint8_t)(first + c->wave_warps * k),
                                 .last_warp = (uint8_t)(first + nw - 1)};
    count_peaks(m, (unsigned)s, r, st);
}

bool pv_gpu_place(const pv_gpu *c, const pv_group *g, size_t n, pv_wave_place *out,
                  pv_gpu_stats *st)
{
    gpu gp = {.cfg = c, .last_sm = c->sms - 1}; /* the first block goes to SM 0 */
    memset(st, 0, sizeof *st);
    gp.sm = calloc(c->sms, sizeof *gp.sm);
    gp.run = malloc((size_t)c->sms * c->blocks * sizeof *gp.run);
    const bool ok = gp.sm && gp.run;
    for (size_t i = 0; ok && i < n; i++) {
        const unsigned most = pv_gpu_block_waves(c, g[i].regs);
        st->split += g[i].waves > most;
        for (unsigned k = 0; k < g[i].waves; k += most) {
            const unsigned left = g[i].waves - k;
            place_block(&gp, &g[i], left < most ? left : most, out + k, st);
        }
        out += g[i].waves;
    }
    free(gp.sm);
    free(gp.run);
    return ok;
}
