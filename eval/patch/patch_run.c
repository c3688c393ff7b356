/* SPDX-License-Identifier: Apache-2.0 */
/* The DC-Patch replay of one slice (dc-patch paper Sections IV and V-A): the slice's events,
 * handed one at a time in trace order, drive the cycle-level slice model (cmodel/dcp_slice.h) on
 * its own clock and its Table 1 fault map; every read is checked against the last value written,
 * and Figs. 2, 3, 5 and 6's counts are taken. Timing and hazards: docs/eval-patch.md. */
#include "eval/patch/patch_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_compress.h"
#include "rng.h"

enum {
    PORTS = DCP_PORTS,
    BLKS = DRF_SUBWAVEFRONTS,
    LANES = DRF_SW_LANES,
    STUCK_CYCLES = 10000, /* a slice that makes no progress this long is out of step */
};

typedef struct {
    bool active;
    uint8_t reg;
    unsigned next;          /* block driven next; BLKS: all driven, waiting for ev_done */
    uint64_t mask;
    uint32_t v[DRF_COMPONENTS]; /* the trace's 64 components */
} write_txn;

typedef struct {
    bool active;
    uint8_t reg;
    unsigned next;          /* block this cycle's output carries */
    uint32_t exp[DRF_COMPONENTS];
    unsigned long line;     /* the R event */
    uint64_t wf;
    unsigned vreg;
} read_txn;

/* What a cycle issued: reads (always taken), at most one write or deallocation (may be
 * refused: retried in the next cycle). */
typedef struct {
    bool w, f, inject;
    write_txn nw;
    bool nr_v[PORTS];
    read_txn nr[PORTS];
} issued;

/* One slice under one fault map. */
struct pa_slice {
    const pa_config *cfg;
    pa_stats *st;
    unsigned map;
    fm_map fm;
    bool reliable[DRF_REGS]; /* fm_entry_reliable of each entry */
    uint64_t faulty[PSU_WORDS];
    dcp_slice_state s;
    uint32_t sb[DRF_REGS][DRF_COMPONENTS]; /* last value written; zero when never written */
    write_txn w;            /* the write whose blocks are driven (the Com unit's) */
    write_txn prev;         /* the one before: all blocks driven, its ev_done to come */
    read_txn rd[PORTS];
    unsigned walk_base, walk_end;
    bool has_ev;            /* ev handed and not taken yet */
    pa_ev ev;
    unsigned long last_line;
    /* the cycle in progress: open while its issue may go on with the next event */
    bool open, inject;
    dcp_slice_in in;
    issued is;
    unsigned idle;          /* cycles without progress (watchdog) */
    uint64_t writes;        /* writes ended in this slice */
    bool injected;
    unsigned *cu_lds;       /* LDS slots in use by the slices of this slice's CU */
    unsigned lds_used;      /* of them, this slice's */
    bool lost;              /* loss is this slice's first lost read */
    pa_loss loss;
    /* Fig. 3 sampling over trace cycles */
    bool started, dirty;
    uint64_t last_cycle;
    unsigned alloc;
    unsigned occ[PA_LAYOUTS][PA_CATS];
};

typedef pa_slice slice;

static uint8_t reg_of(const pa_ev *ev)
{
    return (uint8_t)(ev->base + ev->e->vreg);
}

/* --- Fig. 3: entries by reliability and compression, weighted by trace cycles ----------- */

static unsigned category(bool reliable, bool compressed)
{
    return reliable ? (compressed ? PA_REL_COMP : PA_REL_UNC)
                    : (compressed ? PA_FLT_COMP : PA_FLT_UNC);
}

/* Counts the occupied entries of both layouts from the PT (its rows read in place: an invalid
 * row holds nothing). */
static void count_entries(slice *p)
{
    uint8_t held[DRF_REGS] = {0}; /* bit 0: an uncompressed register, bit 1: compressed ones */
    unsigned conv[PA_CATS] = {0}, placed[PA_CATS] = {0};
    for (unsigned r = 0; r < DRF_REGS; r++) {
        const dcp_pt_row *row = &p->s.pt.row[r];
        if (!row->v)
            continue;
        conv[category(p->reliable[r], !row->m && row->c)]++;
        if (!row->m)
            held[row->entry] |= row->c ? 2 : 1;
    }
    for (unsigned e = 0; e < DRF_REGS; e++)
        if (held[e])
            placed[category(p->reliable[e], held[e] == 2)]++;
    memcpy(p->occ[PA_CONVENTIONAL], conv, sizeof conv);
    memcpy(p->occ[PA_PLACED], placed, sizeof placed);
    p->dirty = false;
}

/* The state since the last sample held until trace cycle c. */
static void account(slice *p, uint64_t c)
{
    if (!p->started) {
        p->started = true;
        p->last_cycle = c;
    }
    if (c <= p->last_cycle)
        return;
    if (p->dirty)
        count_entries(p);
    const double dt = (double)(c - p->last_cycle);
    for (unsigned l = 0; l < PA_LAYOUTS; l++)
        for (unsigned k = 0; k < PA_CATS; k++)
            p->st->occ[l][k] += p->occ[l][k] * dt;
    p->st->alloc += p->alloc * dt;
    p->st->span += DRF_REGS * dt;
    p->last_cycle = c;
}

/* --- issue: the events this cycle can start, in trace order ----------------------------- */

static bool write_pending(const slice *p, uint8_t reg)
{
    return (p->w.active && p->w.reg == reg) || (p->prev.active && p->prev.reg == reg);
}

static bool in_walk(const slice *p, uint8_t reg)
{
    return p->s.pt.left != 0 && reg >= p->walk_base && reg < p->walk_end;
}

/* A read port free this cycle: idle, or outputting its last block (back-to-back). */
static int free_port(const slice *p, const issued *is)
{
    for (unsigned i = 0; i < PORTS; i++)
        if (!is->nr_v[i] && (!p->rd[i].active || p->rd[i].next == BLKS - 1))
            return (int)i;
    return -1;
}

/* R: false when it must wait (no port, or its register is being written or walked). */
static bool issue_read(slice *p, const pa_ev *ev, dcp_slice_in *in, issued *is)
{
    const uint8_t reg = reg_of(ev);
    const int port = free_port(p, is);
    if (port < 0 || write_pending(p, reg) || in_walk(p, reg))
        return false;
    in->rd_start[port] = true;
    in->rd_reg[port] = reg;
    const dcp_pt_row row = dcp_pt_read(&p->s.pt, reg);
    p->st->lds_reads += dcp_row_kind(&row) == DCP_SPILL;
    is->nr_v[port] = true;
    read_txn *t = &is->nr[port]; /* field by field: its values are copied once, not zeroed */
    t->active = true;
    t->reg = reg;
    t->next = 0;
    t->line = ev->line;
    t->wf = ev->e->wf;
    t->vreg = ev->e->vreg;
    if (!p->cfg->unchecked)
        memcpy(t->exp, p->sb[reg], sizeof t->exp);
    return true;
}

static void issue_write(const pa_ev *ev, dcp_slice_in *in, issued *is)
{
    is->w = true;
    write_txn *t = &is->nw; /* field by field, as a read */
    t->active = true;
    t->reg = reg_of(ev);
    t->next = 0;
    t->mask = ev->e->mask;
    memcpy(t->v, ev->e->v, sizeof t->v);
    in->wr_start = true;
    in->wr_reg = is->nw.reg;
    in->wr_mask = ev->e->mask;
}

static void issue_dealloc(const pa_ev *ev, dcp_slice_in *in, issued *is)
{
    is->f = true;
    in->dealloc = true;
    in->reg_base = (uint8_t)ev->base;
    in->n = (uint16_t)ev->n;
}

/* The handed event, if any, in the open cycle: A and R are taken at once (the issue goes on
 * with the next event: false); a W or an F ends the cycle's issue (a refused one is retried),
 * an F waits until no write is in flight, and an R that must wait ends it too (true). */
static bool issue(slice *p)
{
    if (!p->has_ev)
        return false;
    const pa_ev *ev = &p->ev;
    if (!p->cfg->unchecked)
        account(p, ev->e->cycle);
    switch (ev->e->kind) {
    case TR_A:
        p->alloc += ev->n;
        p->has_ev = false;
        return false;
    case TR_R:
        if (!issue_read(p, ev, &p->in, &p->is))
            return true;
        p->has_ev = false;
        return false;
    case TR_W:
        issue_write(ev, &p->in, &p->is);
        return true;
    default:
        if (!p->w.active && !p->prev.active)
            issue_dealloc(ev, &p->in, &p->is);
        return true;
    }
}

/* Test hook: every block of the slice turns faulty under its live registers. */
static bool inject_now(slice *p, dcp_slice_in *in)
{
    if (!p->cfg->inject_after || p->injected || p->writes < p->cfg->inject_after)
        return false;
    p->injected = true;
    in->load_map = true;
    memset(in->faulty, 0xFF, sizeof in->faulty);
    return true;
}

/* --- after the clock edge ---------------------------------------------------------------- */

static void note_loss(slice *p, const read_txn *r, unsigned lane, uint32_t got)
{
    p->st->lost++;
    if (p->lost)
        return;
    p->lost = true;
    p->loss = (pa_loss){.line = r->line, .wf = r->wf, .vreg = r->vreg, .lane = lane,
                        .map = p->map, .expected = r->exp[lane], .got = got};
}

/* Each active port's block against the expected value; false when the model is out of step. */
static bool check_reads(slice *p, const dcp_slice_out *o, char *err, size_t errlen)
{
    for (unsigned i = 0; i < PORTS; i++) {
        read_txn *r = &p->rd[i];
        if (!r->active)
            continue;
        if (!o->rd_valid[i] || o->rd_blk[i] != r->next)
            return fail_msg(err, errlen, "read port %u: block %u expected, the slice gave none",
                           i, r->next);
        for (unsigned j = 0; j < LANES && !p->cfg->unchecked; j++) {
            const unsigned lane = r->next * LANES + j;
            if (o->rd_data[i][j] != r->exp[lane]) {
                note_loss(p, r, lane, o->rd_data[i][j]);
                break;
            }
        }
        r->active = ++r->next < BLKS;
    }
    return true;
}

/* The scoreboard takes the write's lanes; the trace's other lanes are counted where they
 * differ, and the register's compressibility. */
static void keep_last_value(slice *p, const write_txn *w, bool full)
{
    pa_stats *st = p->st;
    uint32_t *sb = p->sb[w->reg];
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        if (w->mask >> i & 1u)
            sb[i] = w->v[i];
        else
            st->lanes_mismatch += sb[i] != w->v[i];
    rc_entry ce;
    st->compressible += full && rc_compress_register(sb, &ce);
}

/* ev_done: the write's lanes take the trace's values; the statistics count it. The slice's
 * write port ends a write a cycle after its last block (slice decision 6a): the next write
 * may have started. */
static void retire(slice *p, const dcp_slice_out *o)
{
    write_txn *w = p->prev.active ? &p->prev : &p->w;
    pa_stats *st = p->st;
    const bool full = w->mask == ~0ull;
    if (!p->cfg->unchecked)
        keep_last_value(p, w, full);
    st->writes++;
    st->divergent += !full;
    st->ev[o->ev_kind]++;
    st->misp += o->ev_misp;
    st->compressed += o->ev_compressed;
    w->active = false;
    p->writes++;
    p->dirty = true;
}

/* An accepted deallocation: the window's registers read zero from now on. */
static void dealloc_done(slice *p, const dcp_slice_in *in)
{
    if (!p->cfg->unchecked)
        memset(p->sb[in->reg_base], 0, in->n * sizeof p->sb[0]);
    p->walk_base = in->reg_base;
    p->walk_end = in->reg_base + in->n;
    p->alloc -= in->n;
    p->dirty = true;
    p->has_ev = false;
}

static void note_flags(slice *p, const dcp_slice_out *o)
{
    unsigned used = 0;
    for (unsigned i = 0; i < DCP_LDS_WORDS; i++)
        used += (unsigned)__builtin_popcountll(o->lds_used[i]);
    if (used > p->st->lds_peak)
        p->st->lds_peak = used;
    *p->cu_lds = *p->cu_lds - p->lds_used + used;
    p->lds_used = used;
    if (*p->cu_lds > p->st->lds_cu_peak)
        p->st->lds_cu_peak = *p->cu_lds;
    p->st->dropped += o->err_lds_full;
}

/* The edge's consequences; true when something moved (for the watchdog). */
static bool commit(slice *p, const dcp_slice_in *in, const issued *is, const dcp_slice_out *o,
                   char *err, size_t errlen, bool *ok)
{
    bool moved = false;
    *ok = check_reads(p, o, err, errlen);
    for (unsigned i = 0; i < PORTS; i++)
        if (is->nr_v[i]) {
            p->rd[i] = is->nr[i];
            moved = true;
        }
    if (p->w.active && p->w.next < BLKS)
        p->w.next++;
    if (o->ev_done) {
        const write_txn *w = p->prev.active ? &p->prev : &p->w;
        if (!w->active || w->next != BLKS) {
            *ok = fail_msg(err, errlen, "a write ended that the replay did not start");
            return false;
        }
        retire(p, o);
        moved = true;
    }
    if (is->w && !o->wr_refused) {
        if (p->w.active)
            p->prev = p->w;
        p->w = is->nw;
        p->has_ev = false;
        moved = true;
    }
    if (is->f && !o->err_dealloc) {
        dealloc_done(p, in);
        moved = true;
    }
    note_flags(p, o);
    return moved;
}

static bool busy(const slice *p)
{
    return p->has_ev || p->w.active || p->prev.active || p->rd[0].active || p->rd[1].active;
}

/* A new cycle: the write's next block, the test hook, nothing issued yet (the slice reads
 * in.faulty only with load_map, the replay an issued transaction only under its flag). */
static void begin_cycle(slice *p)
{
    dcp_slice_in *in = &p->in; /* field by field: faulty is set with load_map only */
    in->rst = in->load_map = in->wr_start = in->dealloc = false;
    in->wr_reg = in->reg_base = 0;
    in->n = 0;
    in->wr_mask = 0;
    memset(in->wr_data, 0, sizeof in->wr_data);
    memset(in->rd_start, 0, sizeof in->rd_start);
    memset(in->rd_reg, 0, sizeof in->rd_reg);
    p->is.w = p->is.f = false;
    memset(p->is.nr_v, 0, sizeof p->is.nr_v);
    if (p->w.active && p->w.next < BLKS)
        memcpy(p->in.wr_data, &p->w.v[p->w.next * LANES], sizeof p->in.wr_data);
    p->inject = inject_now(p, &p->in);
    p->open = true;
}

/* The open cycle's clock edge; false on an error. */
static bool end_cycle(slice *p, char *err, size_t errlen)
{
    dcp_slice_out o;
    dcp_slice_step(&p->s, &p->in, &o);
    p->open = false;
    p->st->slice_cycles++;
    bool ok;
    p->idle = commit(p, &p->in, &p->is, &o, err, errlen, &ok) ? 0 : p->idle + 1;
    if (ok && p->idle > STUCK_CYCLES)
        return fail_msg(err, errlen, "the slice made no progress in %d cycles (trace line %lu)",
                       STUCK_CYCLES, p->last_line);
    return ok;
}

bool pa_slice_feed(slice *p, const pa_ev *ev, char *err, size_t errlen)
{
    p->ev = *ev;
    p->has_ev = true;
    p->last_line = ev->line;
    while (p->has_ev) {
        if (!p->open)
            begin_cycle(p);
        if (!p->inject && !issue(p))
            return true; /* taken, and the cycle may issue the next event too */
        if (!end_cycle(p, err, errlen))
            return false;
    }
    return true;
}

bool pa_slice_finish(slice *p, char *err, size_t errlen)
{
    while (p->open || busy(p)) {
        if (!p->open)
            begin_cycle(p);
        if (!p->inject)
            issue(p);
        if (!end_cycle(p, err, errlen))
            return false;
    }
    return true;
}

void pa_slice_prefetch(const slice *p, unsigned reg)
{
    enum { LINE = 64 };
    if (reg >= DRF_REGS)
        return;
    for (size_t i = 0; i < sizeof p->sb[0] && !p->cfg->unchecked; i += LINE)
        __builtin_prefetch((const char *)p->sb[reg] + i);
    const dcp_pt_row *row = &p->s.pt.row[reg];
    if (row->v && !row->m)
        for (size_t i = 0; i < sizeof p->s.mem[0]; i += LINE)
            __builtin_prefetch((const char *)p->s.mem[row->entry] + i);
}

const pa_loss *pa_slice_loss(const slice *p)
{
    return p->lost ? &p->loss : NULL;
}

/* Zeroed: a slice never started needs no clearing, and its pages are touched only as used. */
pa_slice *pa_slice_new(void)
{
    return calloc(1, sizeof(slice));
}

/* The fault-map seed of slice `slice` in run `map`: splitmix64 of the three (common/rng.h). */
static uint64_t map_seed(uint64_t seed, unsigned map, unsigned slice)
{
    uint64_t x = seed;
    x = rng_splitmix64(&x) ^ map;
    x = rng_splitmix64(&x) ^ slice;
    return rng_splitmix64(&x);
}

void pa_slice_start(slice *p, const pa_config *cfg, unsigned map, unsigned slice_id,
                    pa_stats *st, unsigned *cu_lds)
{
    if (p->cfg != NULL) /* started before: cleared for the new map */
        memset(p, 0, sizeof *p);
    p->cfg = cfg;
    p->st = st;
    p->cu_lds = cu_lds;
    p->map = map;
    p->dirty = true;
    fm_generate(cfg->scenario, map_seed(cfg->seed, map, slice_id), &p->fm);
    fm_pack(&p->fm, p->faulty);
    for (unsigned e = 0; e < DRF_REGS; e++)
        p->reliable[e] = fm_entry_reliable(&p->fm, e);
    dcp_slice_reset(&p->s);
    dcp_slice_in in = {.load_map = true};
    memcpy(in.faulty, p->faulty, sizeof in.faulty);
    dcp_slice_out o;
    dcp_slice_step(&p->s, &in, &o);
}

void pa_slice_free(slice *p)
{
    free(p);
}
