/* SPDX-License-Identifier: Apache-2.0 */
/* Trace replay on 256-register slices under the schemes of the aging paper's Section 5 (RC,
 * RAR, RC+RAR, WC, ARGO, baseline): window allocation (Section 2.1, cmodel/rar.h), power
 * gating, and per-cell '1' time kept only where bits change (XOR). docs/eval-decisions.md */
#define _POSIX_C_SOURCE 199309L /* clock_gettime, CLOCK_PROCESS_CPUTIME_ID */
#include "eval/sim/sim.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rc_compress.h"
#include "eval/sim/sim_internal.h"

static const char *const scheme_names[SIM_SCHEMES] = {"baseline", "rar", "rc", "rc+rar", "wc",
                                                      "argo"};
const char *sim_scheme_name(sim_scheme s)
{
    return s < SIM_SCHEMES ? scheme_names[s] : "?";
}

bool sim_scheme_parse(const char *name, sim_scheme *s)
{
    unsigned k;
    if (!pl_find_name(scheme_names, SIM_SCHEMES, name, &k))
        return false;
    *s = (sim_scheme)k;
    return true;
}

static const char *const dispatch_names[SIM_DISPATCHES] = {"passes", "stream", "fill"};
const char *sim_dispatch_name(sim_dispatch d)
{
    return d < SIM_DISPATCHES ? dispatch_names[d] : "?";
}

bool sim_dispatch_parse(const char *name, sim_dispatch *d)
{
    unsigned k;
    if (!pl_find_name(dispatch_names, SIM_DISPATCHES, name, &k))
        return false;
    *d = (sim_dispatch)k;
    return true;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* --- cells: the bits each powered cell holds and the time they held '1' ------------------ */
/* Cells of word w that lie in the segments of mask segs. */
static uint32_t seg_word_mask(unsigned segs, unsigned w)
{
    uint32_t m = 0;
    for (unsigned k = 0; k < SIM_SEGS; k++) {
        if (!(segs >> k & 1u))
            continue;
        const unsigned lo = sim_seg_start(k), hi = sim_seg_start(k + 1);
        for (unsigned b = 0; b < DRF_WORD_BITS; b++) {
            const unsigned p = w * DRF_WORD_BITS + b;
            m |= (uint32_t)(p >= lo && p < hi) << b;
        }
    }
    return m;
}

static uint32_t seg_masks[1u << SIM_SEGS][DRF_COMPONENTS];

/* The table, filled on the first simulator's creation (constant from then on). */
static void init_seg_masks(void)
{
    static bool ready;
    if (ready)
        return;
    ready = true;
    for (unsigned segs = 0; segs < 1u << SIM_SEGS; segs++)
        for (unsigned w = 0; w < DRF_COMPONENTS; w++)
            seg_masks[segs][w] = seg_word_mask(segs, w);
}

/* Bit b of a word, as a table: the loop below compiles to vector compares. */
static const uint32_t word_bit[DRF_WORD_BITS] = {
    1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
    1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
    1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
    1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31};
_Static_assert(DRF_WORD_BITS == 32, "word_bit lists 32 bits");

/* Start/stop trick: a counter gets -now when its condition starts and +now when it ends, so
 * only changes count and the sum is exact in modular 32-bit arithmetic. The cells of word w
 * that flip (x) to now_ones, without a branch per cell (a write flips many: the branchy walk
 * over the set bits was the replay's costliest loop). */
static void flip_cells(uint32_t *t1, uint32_t x, uint32_t now_ones, unsigned w, uint32_t now)
{
    uint32_t *c = &t1[w * DRF_WORD_BITS];
    for (unsigned b = 0; b < DRF_WORD_BITS; b++) {
        const uint32_t flips = 0u - ((x & word_bit[b]) != 0),
                       one = 0u - ((now_ones & word_bit[b]) != 0);
        c[b] += flips & ((now ^ one) - one); /* one ? -now : +now */
    }
}

/* The register now holds bits (NULL: zeros) in the segments segs, the other cells off; cells:
 * its cell times kept. */
bool sim_set_cells(sim_reg *r, const uint32_t *bits, unsigned segs, uint32_t now, bool cells)
{
    for (unsigned w = 0; w < DRF_COMPONENTS; w++) {
        const uint32_t nw = bits ? bits[w] & seg_masks[segs][w] : 0;
        const uint32_t x = r->eff[w] ^ nw;
        if (x == 0)
            continue;
        if (cells && r->t1 == NULL && (r->t1 = calloc(SIM_BITS, sizeof *r->t1)) == NULL)
            return false;
        if (cells)
            flip_cells(r->t1, x, nw, w, now);
        r->eff[w] = nw;
    }
    const unsigned changed = (r->seg_on ^ segs) & ((1u << SIM_SEGS) - 1u);
    for (unsigned k = 0; k < SIM_SEGS; k++)
        if (changed >> k & 1u)
            r->seg_t[k] = (segs >> k & 1u) ? r->seg_t[k] - now : r->seg_t[k] + now;
    r->seg_on = (uint8_t)segs;
    return true;
}

/* --- WC: BDI image of a register (Section 5.3) ------------------------------------------- */
unsigned sim_seg_start(unsigned k)
{
    static const unsigned start[SIM_SEGS + 1] = {
        0, DRF_WORD_BITS, DRF_WORD_BITS + 8 * (DRF_COMPONENTS - 1),
        DRF_WORD_BITS + 16 * (DRF_COMPONENTS - 1), SIM_BITS};
    return k <= SIM_SEGS ? start[k] : SIM_BITS;
}

/* Delta bytes needed for every component against the base: 0, 1, 2, or 4 (not compressible). */
static unsigned wc_delta_bytes(const uint32_t comp[DRF_COMPONENTS])
{
    unsigned bytes = 0;
    for (unsigned i = 1; i < DRF_COMPONENTS; i++) {
        const int64_t d = (int64_t)(int32_t)(comp[i] - comp[0]);
        const unsigned need = d == 0 ? 0 : (d >= INT8_MIN && d <= INT8_MAX) ? 1
                                         : (d >= INT16_MIN && d <= INT16_MAX) ? 2 : 4;
        bytes = need > bytes ? need : bytes;
    }
    return bytes;
}

/* Packs delta i (1..63) of width bytes little-endian after the base word. */
static void wc_pack(const uint32_t comp[DRF_COMPONENTS], unsigned bytes, uint32_t out[DRF_COMPONENTS])
{
    memset(out, 0, DRF_COMPONENTS * sizeof *out);
    out[0] = comp[0];
    const unsigned bits = 8 * bytes;
    const uint32_t field = bytes == 1 ? 0xffu : 0xffffu;
    for (unsigned i = 1; i < DRF_COMPONENTS; i++) {
        const unsigned p = DRF_WORD_BITS + (i - 1) * bits;
        out[p / DRF_WORD_BITS] |= ((comp[i] - comp[0]) & field) << (p % DRF_WORD_BITS);
    }
}

unsigned sim_wc_encode(const uint32_t comp[DRF_COMPONENTS], uint32_t out[DRF_COMPONENTS])
{
    const unsigned bytes = wc_delta_bytes(comp);
    if (bytes == 4) {
        memcpy(out, comp, DRF_COMPONENTS * sizeof *out);
        return (1u << SIM_SEGS) - 1u;
    }
    if (bytes == 0) {
        memset(out, 0, DRF_COMPONENTS * sizeof *out);
        out[0] = comp[0];
        return 1u;
    }
    wc_pack(comp, bytes, out);
    return bytes == 1 ? 0x3u : 0x7u;
}

/* --- the simulator ------------------------------------------------------------------------ */
static void plane_free(sim_plane *p)
{
    if (p == NULL)
        return;
    for (unsigned r = 0; r < DRF_REGS; r++)
        free(p->reg[r].t1);
    free(p);
}

/* Every slice a replay used back to its zeroed state, its planes freed (planes are allocated
 * only on used slices: configure marks the slice used first). */
static void clear_slices(sim *s)
{
    for (unsigned k = 0; k < SIM_MAX_SLICES; k++) {
        sim_slice *sl = &s->slice[k];
        if (!sl->used)
            continue;
        for (unsigned m = 0; m < SIM_SCHEMES; m++)
            plane_free(sl->plane[m]);
        for (unsigned f = 0; f < SIM_FAMILIES; f++)
            plane_free(sl->live[f]);
        memset(sl, 0, sizeof *sl);
    }
}

void sim_reset(sim *s, const sim_config *cfg)
{
    clear_slices(s);
    if (cfg->gpu)
        s->gpu = *cfg->gpu;
    else
        gpu_shipped_get(PL_GPU_DEFAULT, &s->gpu);
    s->cfg = *cfg;
    s->cfg.gpu = &s->gpu;
    const tl_gpu gcn = {.units = TL_MAX_UNITS, .slot_cycles = s->gpu.issue_cycles};
    tl_reset(s->timeline, SIM_FAMILIES, &gcn);
    memset(s->cost, 0, sizeof s->cost);
    s->folds = 0;
    s->pass_length = 0;
    memset(&s->stats, 0, sizeof s->stats);
    s->stats.nvregs_min = DRF_REGS;
    memset(s->seconds, 0, sizeof s->seconds);
}

sim *sim_new(const sim_config *cfg)
{
    init_seg_masks();
    sim *s = calloc(1, sizeof *s);
    if (s != NULL && (s->timeline = tl_new()) == NULL) {
        free(s);
        return NULL;
    }
    if (s != NULL)
        sim_reset(s, cfg);
    return s;
}

void sim_free(sim *s)
{
    if (s == NULL)
        return;
    clear_slices(s);
    tl_free(s->timeline);
    free(s);
}

const sim_stats *sim_get_stats(const sim *s)
{
    return &s->stats;
}

sim_stats *sim_stats_mut(sim *s)
{
    return &s->stats;
}

bool sim_has_scheme(const sim *s, unsigned k)
{
    return s->cfg.schemes >> k & 1u;
}

unsigned sim_family(unsigned k)
{
    return k == SIM_RC || k == SIM_RCRAR ? SIM_FAM_RC : k == SIM_WC ? SIM_FAM_WC : SIM_FAM_FULL;
}

bool sim_moves(unsigned k)
{
    return k == SIM_RAR || k == SIM_RCRAR || k == SIM_ARGO;
}

bool sim_conventional(unsigned k)
{
    return k == SIM_BASE || k == SIM_RAR;
}

const sim_plane *sim_cells(const sim_slice *sl, unsigned k)
{
    return sim_moves(k) ? sl->plane[k] : sl->live[sim_family(k)];
}

tl_cost sim_event_cost(const sim *s, sim_scheme k)
{
    return s->cost[sim_family(k)];
}

bool sim_has_family(const sim *s, unsigned f)
{
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (sim_has_scheme(s, k) && sim_family(k) == f)
            return true;
    return false;
}

/* --- run statistics ----------------------------------------------------------------------- */
void sim_count_write(sim *s, const tr_event *ev)
{
    s->stats.writes++;
    if (ev->launch) {
        s->stats.launch_writes++;
        return;
    }
    if (ev->mask != UINT64_MAX) {
        s->stats.pat_all[SIM_PAT_DIVERGENT]++;
        return;
    }
    const enum rc_pattern p = rc_classify(ev->v);
    s->stats.pat_all[p]++;
    s->stats.pat_full[p]++;
}

/* Per-scheme handler time (CPU time of the process: the machine may be shared), for events
 * per second per scheme. */
double sim_clock(void)
{
    return seconds_now();
}
