/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RAR window allocator (aging paper Sections 2.1, 5.2): cmodel/rar.c
 * against rtl/rar_alloc.v every cycle, plus a scoreboard of the windows held: windows never
 * overlap, a granted window was free, s advances by exactly 1 mod N per reassignment. */
#include "harness.h"
#include "ports_rar_alloc.h"
#include "rar.h"

enum {
    SLOTS = DRF_WAVEFRONT_SLOTS, PHASES = 3, NAMED_N = 5,
    FILL_BURST = 32,               /* fill kernels after one normal kernel in three */
    FILL_N_END = DRF_REGS + 9      /* their N: 0..264, 0 and 257..264 refused */
};

/* Window sizes with a bin of their own: 16 windows of 1, 16 of 16 (the whole slice),
 * 15 of 17, 2 of 100, 1 of 256. */
static const unsigned named_n[NAMED_N] = {1, 16, 17, 100, DRF_REGS};
/* Per phase (fill, drain, mixed): alloc and free chances in eighths. */
static const unsigned alloc_w[PHASES] = {6, 1, 4}, free_w[PHASES] = {1, 6, 4};

typedef rar_alloc_ports ports;

typedef struct {
    unsigned full, wrap_n1, wrap, n[NAMED_N], n_other, last_window, alloc_full, alloc_unconf,
        free_bad, cfg_busy, cfg_illegal, alloc_and_free, reset, reconfigure, cfg_one[SLOTS];
} bins;

/* What the bench knows of the slice's windows, from the paper's rules alone. */
typedef struct {
    unsigned n, nwin;             /* N and min(SLOTS, 256 / N); 0, 0: not configured */
    unsigned nheld;
    bool held[SLOTS], used[SLOTS];/* used: granted since the kernel started */
    unsigned last_s[SLOTS];       /* s of the window's last grant */
    uint8_t owner[DRF_REGS];      /* window id + 1 holding the register, 0: none */
} scoreboard;

typedef struct {
    unsigned phase;
    bool reconfig; /* drain the slice, then configure */
    int keep;      /* a probe: the window to hold alone while a configure is tried; -1: none */
    unsigned probes; /* probes started: window probes % N of the kernel's windows is next */
    unsigned named;  /* named N picked: named_n[named % NAMED_N] is next */
    bool long_kernel; /* ~6x longer, N >= 17 (long_n): every s bit of every window rotates */
    bool fill;        /* a fill kernel: allocate until full (one alloc refused), then drain */
    unsigned fills;   /* fill kernels left in this burst */
    unsigned fill_n;  /* fill kernels configured: their N sweeps 0..FILL_N_END - 1 in turn */
    unsigned longs;   /* long kernels configured: the next has longs % 15 + 1 windows */
} gen;

static void make_bins(hx_bench *b, bins *v)
{
    v->full = hx_bin(b, "full: every window held");
    v->wrap_n1 = hx_bin(b, "reassignment with N = 1 (s stays 0)");
    v->wrap = hx_bin(b, "reassignment with s wrapping N-1 -> 0, N > 1");
    for (unsigned k = 0; k < NAMED_N; k++)
        v->n[k] = hx_bin(b, "grant with N = %u", named_n[k]);
    v->n_other = hx_bin(b, "grant with another N");
    v->last_window = hx_bin(b, "grant of the last window that fits");
    v->alloc_full = hx_bin(b, "alloc refused: full");
    v->alloc_unconf = hx_bin(b, "alloc refused: not configured");
    v->free_bad = hx_bin(b, "free of a window not held");
    v->cfg_busy = hx_bin(b, "configure refused: windows held or alloc/free");
    v->cfg_illegal = hx_bin(b, "configure refused: N == 0 or N > 256");
    v->alloc_and_free = hx_bin(b, "grant and free in the same cycle");
    v->reset = hx_bin(b, "reset mid-stream");
    v->reconfigure = hx_bin(b, "reconfigure to another N");
    for (unsigned k = 0; k < SLOTS; k++)
        v->cfg_one[k] = hx_bin(b, "configure refused: window %u held alone", k);
}

static void sb_reset(scoreboard *sb, unsigned n)
{
    *sb = (scoreboard){.n = n, .nwin = n ? DRF_REGS / n : 0};
    if (sb->nwin > SLOTS)
        sb->nwin = SLOTS;
}

static unsigned sb_lowest_free(const scoreboard *sb)
{
    unsigned k = 0;
    while (k < sb->nwin && sb->held[k])
        k++;
    return k;
}

static uint32_t sb_busy(const scoreboard *sb)
{
    uint32_t m = 0;
    for (unsigned k = 0; k < SLOTS; k++)
        m |= (uint32_t)sb->held[k] << k;
    return m;
}

/* s of window id's next assignment: 0 on its first of the kernel, then last s + 1 mod N. */
static unsigned sb_next_s(const scoreboard *sb, unsigned id)
{
    return sb->used[id] ? (sb->last_s[id] + 1) % sb->n : 0;
}

static bool sb_free_ok(const scoreboard *sb, const rar_alloc_in *in)
{
    return in->free && in->free_id < sb->nwin && sb->held[in->free_id];
}

static bool sb_cfg_ok(const scoreboard *sb, const rar_alloc_in *in)
{
    return in->configure && in->cfg_n >= 1 && in->cfg_n <= DRF_REGS && sb->nheld == 0 &&
           !in->alloc && !in->free;
}

/* The granted window: the lowest free one, at win_id * N, no register already held, and
 * s advanced by exactly 1 mod N since its last assignment. */
static void check_grant(hx_bench *b, const scoreboard *sb, const rar_alloc_out *o)
{
    const unsigned id = sb_lowest_free(sb), base = id * sb->n;
    hx_assert(b, o->win_id == id, "granted window == lowest free window", id, o->win_id);
    hx_assert(b, !sb->held[o->win_id % SLOTS], "granted window is free", 0,
              sb->held[o->win_id % SLOTS]);
    hx_assert(b, o->reg_base == base && base + sb->n <= DRF_REGS,
              "reg_base == win_id * N, window inside the slice", base, o->reg_base);
    for (unsigned r = base; r < base + sb->n && r < DRF_REGS; r++)
        hx_assert(b, sb->owner[r] == 0, "windows never overlap (register already held)", 0,
                  sb->owner[r]);
    const unsigned exp_s = sb_next_s(sb, id);
    hx_assert(b, o->s == exp_s, "s == last s + 1 mod N (0 on first use)", exp_s, o->s);
}

static void check(hx_bench *b, const scoreboard *sb, const rar_alloc_in *in,
                  const rar_alloc_out *o)
{
    const bool full = sb->nheld == sb->nwin, grant = in->alloc && !full;
    hx_assert(b, o->full == full, "full == every window held", full, o->full);
    hx_assert(b, o->grant == grant, "grant == alloc and a window free", grant, o->grant);
    hx_assert(b, o->busy == sb_busy(sb), "busy == windows held", sb_busy(sb), o->busy);
    hx_assert(b, o->n == sb->n, "n == configured N", sb->n, o->n);
    hx_assert(b, o->err_alloc == (in->alloc && full), "err_alloc", in->alloc && full,
              o->err_alloc);
    hx_assert(b, o->err_free == (in->free && !sb_free_ok(sb, in)), "err_free",
              in->free && !sb_free_ok(sb, in), o->err_free);
    hx_assert(b, o->err_cfg == (in->configure && !sb_cfg_ok(sb, in)), "err_cfg",
              in->configure && !sb_cfg_ok(sb, in), o->err_cfg);
    if (grant)
        check_grant(b, sb, o);
}

static void set_owner(scoreboard *sb, unsigned id, uint8_t owner)
{
    for (unsigned r = id * sb->n; r < id * sb->n + sb->n; r++)
        sb->owner[r] = owner;
}

static void sb_update(scoreboard *sb, const rar_alloc_in *in)
{
    if (in->rst || sb_cfg_ok(sb, in)) {
        sb_reset(sb, in->rst ? 0 : in->cfg_n);
        return;
    }
    const unsigned id = sb_lowest_free(sb);
    const bool free_ok = sb_free_ok(sb, in); /* before the grant: a window just granted
                                                 was not held this cycle */
    if (in->alloc && id < sb->nwin) {
        sb->last_s[id] = sb_next_s(sb, id);
        sb->held[id] = sb->used[id] = true;
        set_owner(sb, id, (uint8_t)(id + 1));
        sb->nheld++;
    }
    if (free_ok) {
        sb->held[in->free_id] = false;
        set_owner(sb, in->free_id, 0);
        sb->nheld--;
    }
}

static void cover(hx_bench *b, const bins *v, const scoreboard *sb, const rar_alloc_in *in,
                  const rar_alloc_out *o)
{
    if (o->full && sb->n)
        hx_hit(b, v->full);
    if (o->grant) {
        unsigned k = 0;
        while (k < NAMED_N && named_n[k] != sb->n)
            k++;
        hx_hit(b, k < NAMED_N ? v->n[k] : v->n_other);
        if (sb->used[o->win_id] && o->s == 0)
            hx_hit(b, sb->n == 1 ? v->wrap_n1 : v->wrap);
        if (o->win_id + 1u == sb->nwin)
            hx_hit(b, v->last_window);
        if (sb_free_ok(sb, in))
            hx_hit(b, v->alloc_and_free);
    }
    if (o->err_alloc)
        hx_hit(b, sb->n ? v->alloc_full : v->alloc_unconf);
    if (o->err_free)
        hx_hit(b, v->free_bad);
    if (o->err_cfg)
        hx_hit(b, in->cfg_n >= 1 && in->cfg_n <= DRF_REGS ? v->cfg_busy : v->cfg_illegal);
    if (o->err_cfg && sb->nheld == 1 && !in->alloc && !in->free && in->cfg_n >= 1 &&
        in->cfg_n <= DRF_REGS)
        hx_hit(b, v->cfg_one[__builtin_ctz(sb_busy(sb))]);
    if (!in->rst && sb_cfg_ok(sb, in) && sb->n && in->cfg_n != sb->n)
        hx_hit(b, v->reconfigure);
}

/* A kernel's N: the named ones in turn, any legal one, and now and then an illegal one. */
static uint16_t pick_cfg_n(rng_state *r, gen *g)
{
    switch (rng_below(r, 10)) {
    case 0: return rng_chance(r, 1, 2) ? 0 : (uint16_t)(DRF_REGS + 1 + rng_below(r, DRF_REGS - 1));
    case 1: case 2: case 3: case 4: return (uint16_t)named_n[g->named++ % NAMED_N];
    case 5: case 6: return (uint16_t)(2 + rng_below(r, 6)); /* windows that rotate often */
    default: return (uint16_t)(1 + rng_below(r, DRF_REGS));
    }
}

/* Mostly a window that is held, else any id (not held, or past the last window). */
static uint8_t pick_free_id(rng_state *r, const scoreboard *sb)
{
    if (sb->nheld && rng_chance(r, 7, 8)) {
        unsigned k = rng_below(r, sb->nheld);
        for (unsigned id = 0; id < SLOTS; id++)
            if (sb->held[id] && k-- == 0)
                return (uint8_t)id;
    }
    return (uint8_t)rng_below(r, SLOTS);
}

/* A probe of window k: allocate up to it, free the others, then, with k held alone, try a
 * configure, which must be refused (it must see each window's busy bit on its own). */
static void probe(rng_state *r, gen *g, const scoreboard *sb, rar_alloc_in *in)
{
    const unsigned k = (unsigned)g->keep;
    if (!sb->held[k]) {
        in->alloc = true;
    } else if (sb->nheld > 1) {
        in->free = rng_chance(r, 6, 8);
        if (in->free_id == k) /* another held one instead: the lowest */
            in->free_id = (uint8_t)__builtin_ctz(sb_busy(sb) & ~(1u << k));
    } else {
        in->configure = true;
        in->cfg_n = (uint16_t)(1 + rng_below(r, DRF_REGS));
        g->keep = -1;
    }
}

/* A long kernel's N >= 17: w = 1..15 windows in turn, N in (256 / (w + 1), 256 / w], so that s
 * of each window reaches the top bit it can have (e.g. bit 5 of window 3: N in 52..64). */
static uint16_t long_n(rng_state *r, gen *g)
{
    const unsigned w = g->longs++ % 15 + 1, lo = DRF_REGS / (w + 1) + 1, hi = DRF_REGS / w;
    return (uint16_t)(lo + rng_below(r, hi - lo + 1));
}

/* The configure that ends a drain: a fill kernel while a burst lasts (its N from the sweep),
 * else a long kernel (one in three) or a short one, which starts a burst one time in three.
 * Fill kernels configure each N (~500 a run) and count its windows by filling them. */
static void configure(rng_state *r, gen *g, rar_alloc_in *in)
{
    g->reconfig = false;
    g->fill = g->fills > 0;
    in->configure = true;
    if (g->fill) {
        g->fills--;
        g->long_kernel = false;
        in->cfg_n = (uint16_t)(g->fill_n++ % FILL_N_END);
        return;
    }
    g->fills = rng_chance(r, 1, 3) ? FILL_BURST : 0;
    g->long_kernel = rng_chance(r, 1, 2);
    in->cfg_n = g->long_kernel ? long_n(r, g) : pick_cfg_n(r, g);
}

static rar_alloc_in next_input(rng_state *r, gen *g, const scoreboard *sb, bool resetting)
{
    rar_alloc_in in = {.rst = resetting || rng_chance(r, 1, g->long_kernel ? 50000 : 3000),
                       .cfg_n = (uint16_t)rng_below(r, RAR_N_MASK + 1),
                       .free_id = pick_free_id(r, sb)};
    if (rng_chance(r, 1, 64))
        g->phase = rng_below(r, PHASES);
    if (rng_chance(r, 1, g->long_kernel ? 2500 : 400) || (sb->n == 0 && rng_chance(r, 1, 4)))
        g->reconfig = true;
    if (g->reconfig && sb->nheld == 0) {
        configure(r, g, &in);
        return in;
    }
    if (g->fill && !g->reconfig && !in.rst) { /* every window that fits, one alloc refused */
        in.alloc = true;
        g->reconfig = sb->nwin == 0 || sb->nheld == sb->nwin;
        return in;
    }
    if (g->keep < 0 && sb->nwin && !g->fill && rng_chance(r, 1, g->long_kernel ? 1000 : 25))
        g->keep = (int)(g->probes++ % sb->nwin);
    if (g->keep >= (int)sb->nwin) /* a reset ended the kernel */
        g->keep = -1;
    if (g->keep >= 0 && !in.rst) {
        probe(r, g, sb, &in);
        return in;
    }
    in.alloc = !g->reconfig && rng_chance(r, alloc_w[g->phase], 8);
    in.free = rng_chance(r, g->reconfig ? 6 : free_w[g->phase], 8);
    in.configure = rng_chance(r, 1, 300); /* at a random time: usually refused */
    return in;
}

static void drive(hx_bench *b, const ports *p, const rar_alloc_in *in)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->configure, in->configure);
    hx_set(b, p->cfg_n, in->cfg_n);
    hx_set(b, p->alloc, in->alloc);
    hx_set(b, p->free, in->free);
    hx_set(b, p->free_id, in->free_id);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const rar_alloc_out *o)
{
    hx_expect(b, p->grant, o->grant);
    hx_expect(b, p->win_id, o->win_id);
    hx_expect(b, p->reg_base, o->reg_base);
    hx_expect(b, p->s, o->s);
    hx_expect(b, p->n, o->n);
    hx_expect(b, p->busy, o->busy);
    hx_expect(b, p->full, o->full);
    hx_expect(b, p->err_alloc, o->err_alloc);
    hx_expect(b, p->err_free, o->err_free);
    hx_expect(b, p->err_cfg, o->err_cfg);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "rar_alloc", "allocator cycles", argc, argv, 100000);
    ports p;
    rar_alloc_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    rar_alloc_state st;
    rar_alloc_reset(&st);
    scoreboard sb;
    sb_reset(&sb, 0);
    gen g = {.phase = 0, .keep = -1};
    while (hx_running(&b)) {
        const rar_alloc_in in = next_input(&b.rng, &g, &sb, hx_in_reset(&b));
        drive(&b, &p, &in);
        rar_alloc_out o;
        rar_alloc_step(&st, &in, &o);
        expect(&b, &p, &o);
        check(&b, &sb, &in, &o);
        cover(&b, &v, &sb, &in, &o);
        if (in.rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        sb_update(&sb, &in);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
