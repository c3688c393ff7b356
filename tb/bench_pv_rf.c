/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the PV/NBTI banked register file (pv-nbti-banked-rf paper Sections 3.2-3.3.1,
 * 4.2): cmodel/pv_rf.c against rtl/pv_rf.v every cycle, kernels of blocks that launch, write,
 * read and retire, and a scoreboard of its own: every granted read returns the last value written
 * to that (warp, register) since its block's launch, at the renamed bank and the sub-banks the
 * paper's rules give, whatever other blocks were renamed between (docs/pv-decisions.md D14-D18). */
#include "harness.h"
#include "ports_pv_rf.h"
#include "pv_bank_map.h"
#include "pv_pack.h"
#include "pv_rf.h"

#include <string.h>

enum { NW = DRF_PV_WARPS, NBLK = DRF_PV_BLOCKS, VW = PV_VEC_WORDS,
       DW = (DRF_PV_SUBBANKS * DRF_PV_DELAY_BITS + 31) / 32 };

typedef pv_rf_ports ports;

typedef struct {
    unsigned read_ok, read_slow, write_slow, stall, kshift[3], renamed_between, two_blocks,
        err_access[4], err_launch[4], err_retire, err_reorg[3], full, reset_live, vbank[16],
        launch_reorg_refused;
} bins;

/* What the bench knows, from the paper's rules alone. */
typedef struct {
    pv_org_table t;                  /* identity, or pv_org_build of the last kernel's delays */
    unsigned kshift;
    bool live[NBLK];
    unsigned first[NBLK], last[NBLK];
    int owner[NW];                   /* block of the warp, -1 */
    uint32_t tag[NW][DRF_PV_REG_IDS];/* value written since the launch (0: none) */
    unsigned launches_at[NW][DRF_PV_REG_IDS]; /* launches so far when written */
    unsigned launches, nlive, next_tag;
    bool org_busy;
} scoreboard;

typedef struct {
    bool want_kernel;    /* retire every block, then re-organize */
    pv_rf_in retry;      /* a stalled access, retried */
    bool retrying;
    unsigned bs;         /* warps per block of the kernel */
    bool reset_live;     /* a reset with blocks live has been driven */
} gen;

static void make_bins(hx_bench *b, bins *v)
{
    static const char *const acc[4] = {"warp of no live block", "warp 48-63", "register beyond 16 << kshift",
                                       "re-organization ranking"};
    static const char *const lau[4] = {"block live", "warp owned", "range empty or too large",
                                       "re-organization accepted in the same cycle (D16)"};
    static const char *const reo[3] = {"blocks live", "ranking", "kshift 3"};
    v->read_ok = hx_bin(b, "read checked against the scoreboard");
    v->read_slow = hx_bin(b, "read of a slow virtual bank");
    v->write_slow = hx_bin(b, "write of a slow virtual bank");
    v->stall = hx_bin(b, "access stalled behind a slow one");
    for (unsigned k = 0; k < 3; k++)
        v->kshift[k] = hx_bin(b, "read with %u registers per warp", 16u << k);
    v->renamed_between = hx_bin(b, "read after another block was renamed since the write");
    v->two_blocks = hx_bin(b, "read while 2+ blocks renamed differently are live");
    for (unsigned k = 0; k < 4; k++)
        v->err_access[k] = hx_bin(b, "access refused: %s", acc[k]);
    for (unsigned k = 0; k < 4; k++)
        v->err_launch[k] = hx_bin(b, "launch refused: %s", lau[k]);
    v->launch_reorg_refused = hx_bin(b, "launch accepted beside a refused re-organization");
    v->err_retire = hx_bin(b, "retire refused: block not live");
    for (unsigned k = 0; k < 3; k++)
        v->err_reorg[k] = hx_bin(b, "reorg refused: %s", reo[k]);
    v->full = hx_bin(b, "every warp of the kernel's rows owned");
    v->reset_live = hx_bin(b, "reset with blocks live");
    for (unsigned k = 0; k < 16; k++)
        v->vbank[k] = hx_bin(b, "granted access to virtual bank %u", k);
}

static void sb_reset(scoreboard *sb)
{
    memset(sb, 0, sizeof *sb);
    pv_org_identity(&sb->t);
    for (unsigned w = 0; w < NW; w++)
        sb->owner[w] = -1;
    sb->next_tag = 1;
}

static void vec(uint32_t tag, uint32_t *w)
{
    uint64_t x = tag;
    for (unsigned i = 0; i < VW; i++)
        w[i] = (uint32_t)(rng_splitmix64(&x) >> 16);
}

static unsigned max_warps(unsigned kshift)
{
    const unsigned rows = DRF_PV_ENTRIES >> kshift;
    return rows < NW ? rows : NW;
}

/* A free contiguous range of bs warps inside the kernel's rows; false when none. */
static bool free_range(const scoreboard *sb, unsigned bs, unsigned *first)
{
    for (unsigned f = 0; f + bs <= max_warps(sb->kshift); f++) {
        unsigned k = 0;
        while (k < bs && sb->owner[f + k] < 0)
            k++;
        if (k == bs) {
            *first = f;
            return true;
        }
    }
    return false;
}

/* A random block slot that is not live (every slot number, so every bit of warp_block); -1. */
static int free_block(rng_state *r, const scoreboard *sb)
{
    if (sb->nlive == NBLK)
        return -1;
    unsigned k = rng_below(r, NBLK - sb->nlive);
    for (unsigned i = 0; i < NBLK; i++)
        if (!sb->live[i] && k-- == 0)
            return (int)i;
    return -1;
}

static int random_live(rng_state *r, const scoreboard *sb)
{
    if (!sb->nlive)
        return -1;
    unsigned k = rng_below(r, sb->nlive);
    for (unsigned i = 0; i < NBLK; i++)
        if (sb->live[i] && k-- == 0)
            return (int)i;
    return -1;
}

/* A launch of a free block on a free range of bs warps; now and then any block or range, or a
 * single warp of a live block (refused: exactly one owned warp in the range). */
static void launch(rng_state *r, const scoreboard *sb, const gen *g, pv_rf_in *in)
{
    const int k = free_block(r, sb), live = random_live(r, sb);
    unsigned first = 0;
    const bool fits = free_range(sb, g->bs, &first);
    in->launch = true;
    in->launch_block = (uint8_t)(k >= 0 && rng_chance(r, 15, 16) ? (unsigned)k : rng_below(r, NBLK));
    if (live >= 0 && rng_chance(r, 1, 8)) {
        in->launch_first = in->launch_last =
            (uint8_t)(sb->first[live] + rng_below(r, sb->last[live] - sb->first[live] + 1));
        return;
    }
    in->launch_first = (uint8_t)(fits && rng_chance(r, 15, 16) ? first : rng_below(r, 64));
    in->launch_last = (uint8_t)(fits && rng_chance(r, 15, 16) ? first + g->bs - 1 : rng_below(r, 64));
}

/* A re-organization, now and then with a launch in the same cycle (refused when the
 * re-organization is accepted, D16). */
static void kernel(rng_state *r, scoreboard *sb, gen *g, pv_rf_in *in)
{
    if (rng_chance(r, 1, 4))
        launch(r, sb, g, in);
    in->reorg = true;
    in->reorg_kshift = (uint8_t)(rng_chance(r, 1, 20) ? 3 : rng_below(r, 3));
    const unsigned kind = rng_below(r, 3);
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        in->delay[i] = (uint16_t)(kind == 0 ? rng_below(r, 4096) : kind == 1 ? rng_below(r, 6) : 77);
    g->bs = 1 + rng_below(r, 8);
    g->want_kernel = false;
}

enum { PENDING = 0x80000000u }; /* a tag written but not yet granted */

static bool written(const scoreboard *sb, unsigned warp, unsigned reg)
{
    const uint32_t t = sb->tag[warp][reg];
    return t != 0 && !(t & PENDING);
}

/* An access: a write or a read of a written register of a live warp; now and then any warp and
 * register (illegal, or legal by chance: then a read only of a written one). */
static void access(rng_state *r, scoreboard *sb, pv_rf_in *in)
{
    const int k = random_live(r, sb);
    const unsigned nregs = 16u << sb->kshift;
    in->req = true;
    if (k < 0 || rng_chance(r, 1, 40)) {
        in->warp = (uint8_t)rng_below(r, 64);
        in->reg = (uint8_t)rng_below(r, 64);
    } else {
        in->warp = (uint8_t)(sb->first[k] + rng_below(r, sb->last[k] - sb->first[k] + 1));
        /* small register IDs more often (the paper's hot R0-R4) */
        in->reg = (uint8_t)(rng_chance(r, 1, 2) ? rng_below(r, 5) : rng_below(r, nregs));
    }
    const bool legal = in->warp < NW && sb->owner[in->warp] >= 0 && in->reg < nregs;
    in->we = !legal || !written(sb, in->warp, in->reg) || rng_chance(r, 1, 3);
    if (in->we && legal) {
        const uint32_t t = sb->next_tag++ & ~PENDING;
        vec(t, in->wdata);
        sb->tag[in->warp][in->reg] = t | PENDING; /* confirmed on grant */
    } else if (in->we) {
        vec(sb->next_tag++, in->wdata);
    }
}

/* force_rst: a reset now (the "reset with blocks live" bin, when the random ones missed it). */
static pv_rf_in next_input(rng_state *r, scoreboard *sb, gen *g, bool resetting, bool force_rst)
{
    pv_rf_in in = {.rst = resetting || rng_chance(r, 1, 200000) || force_rst};
    if (g->retrying && rng_chance(r, 7, 8)) {
        in = g->retry;
        in.rst = false;
        g->retrying = false;
        return in;
    }
    g->retrying = false;
    if (rng_chance(r, 1, 3000))
        g->want_kernel = true;
    if (g->want_kernel && sb->nlive == 0 && !sb->org_busy) {
        kernel(r, sb, g, &in);
        return in;
    }
    const unsigned x = rng_below(r, 100);
    if (x < 3 || (g->want_kernel && x < 20)) {          /* retire */
        const int k = random_live(r, sb);
        in.retire = true;
        in.retire_block = (uint8_t)(k >= 0 && rng_chance(r, 15, 16) ? (unsigned)k : rng_below(r, NBLK));
    } else if (x < 8 && !g->want_kernel) {               /* launch */
        launch(r, sb, g, &in);
    } else if (x < 9) {                                  /* a reorg at a random time */
        kernel(r, sb, g, &in);
        g->want_kernel = sb->nlive != 0;
    } else {
        access(r, sb, &in);
    }
    return in;
}

static void drive(hx_bench *b, const ports *p, const pv_rf_in *in, const uint32_t *delay_w)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->launch, in->launch);
    hx_set(b, p->launch_block, in->launch_block);
    hx_set(b, p->launch_first, in->launch_first);
    hx_set(b, p->launch_last, in->launch_last);
    hx_set(b, p->retire, in->retire);
    hx_set(b, p->retire_block, in->retire_block);
    hx_set(b, p->reorg, in->reorg);
    hx_set(b, p->reorg_kshift, in->reorg_kshift);
    hx_set_words(b, p->delay, delay_w, DW);
    hx_set(b, p->req, in->req);
    hx_set(b, p->we, in->we);
    hx_set(b, p->warp, in->warp);
    hx_set(b, p->reg_id, in->reg);
    hx_set_words(b, p->wdata, in->wdata, VW);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const pv_rf_out *o)
{
    hx_expect(b, p->grant, o->grant);
    hx_expect(b, p->stall, o->stall);
    hx_expect(b, p->err_access, o->err_access);
    hx_expect(b, p->err_launch, o->err_launch);
    hx_expect(b, p->err_retire, o->err_retire);
    hx_expect(b, p->err_reorg, o->err_reorg);
    hx_expect(b, p->vbank, o->vbank);
    hx_expect(b, p->sb0, o->sb0);
    hx_expect(b, p->sb1, o->sb1);
    hx_expect(b, p->slow, o->slow);
    hx_expect(b, p->org_busy, o->org_busy);
    hx_expect_words(b, p->rdata, o->rdata, VW);
}

/* The access's address and value from the paper's rules and the scoreboard. */
static void check_access(hx_bench *b, const bins *v, const scoreboard *sb, const pv_rf_in *in,
                         const pv_rf_out *o)
{
    const int k = sb->owner[in->warp];
    uint8_t row[DRF_PV_BANKS];
    pv_rename_row(sb->last[k], row);
    const unsigned vb = row[(in->warp + in->reg) % 16];
    hx_assert(b, o->vbank == vb, "vbank == renamed Eq. (3) bank", vb, o->vbank);
    hx_assert(b, o->sb0 == sb->t.sb[vb][0] && o->sb1 == sb->t.sb[vb][1],
              "sub-banks == the organization table's", sb->t.sb[vb][0], o->sb0);
    hx_assert(b, o->slow == sb->t.slow[vb], "slow == the table's type", sb->t.slow[vb], o->slow);
    if (!o->grant)
        return;
    hx_hit(b, v->vbank[vb]);
    if (in->we) {
        if (o->slow)
            hx_hit(b, v->write_slow);
        return;
    }
    const uint32_t t = sb->tag[in->warp][in->reg];
    uint32_t want[VW];
    vec(t, want);
    hx_assert(b, memcmp(want, o->rdata, sizeof want) == 0,
              "read == the last value written to (warp, reg) since its block's launch", want[0],
              o->rdata[0]);
    hx_hit(b, v->read_ok);
    hx_hit(b, v->kshift[sb->kshift]);
    if (o->slow)
        hx_hit(b, v->read_slow);
    if (sb->launches > sb->launches_at[in->warp][in->reg])
        hx_hit(b, v->renamed_between);
    if (sb->nlive >= 2)
        hx_hit(b, v->two_blocks);
}

static void cover_errors(hx_bench *b, const bins *v, const scoreboard *sb, const pv_rf_in *in,
                         const pv_rf_out *o)
{
    if (o->err_access)
        hx_hit(b, v->err_access[sb->org_busy ? 3 : in->warp >= NW ? 1
                                : sb->owner[in->warp] < 0 ? 0 : 2]);
    const bool reorg_accepted = in->reorg && !o->err_reorg;
    if (o->err_launch)
        hx_hit(b, v->err_launch[reorg_accepted ? 3 : sb->live[in->launch_block] ? 0
                                : in->launch_first > in->launch_last || in->launch_last >= max_warps(sb->kshift) ? 2 : 1]);
    else if (in->launch && in->reorg)
        hx_hit(b, v->launch_reorg_refused);
    /* D16: the rows of a launch are checked against the kshift before the edge, so a launch
     * beside an accepted re-organization could alias under the new kshift: it is refused */
    hx_assert(b, !(in->launch && reorg_accepted) || o->err_launch,
              "launch refused beside an accepted re-organization", 1, o->err_launch);
    if (o->err_retire)
        hx_hit(b, v->err_retire);
    if (o->err_reorg)
        hx_hit(b, v->err_reorg[sb->nlive ? 0 : sb->org_busy ? 1 : 2]);
}

/* The scoreboard after the edge. */
static void sb_update(scoreboard *sb, const pv_rf_in *in, const pv_rf_out *o)
{
    if (in->rst) {
        sb_reset(sb);
        return;
    }
    if (in->req && in->we && !o->err_access) {
        if (o->grant) { /* a stalled write stays pending: retried, or never written */
            sb->tag[in->warp][in->reg] &= ~PENDING;
            sb->launches_at[in->warp][in->reg] = sb->launches;
        }
    }
    if (in->retire && !o->err_retire) {
        const unsigned k = in->retire_block;
        for (unsigned w = sb->first[k]; w <= sb->last[k]; w++) {
            sb->owner[w] = -1;
            memset(sb->tag[w], 0, sizeof sb->tag[w]);
        }
        sb->live[k] = false;
        sb->nlive--;
    }
    if (in->launch && !o->err_launch) {
        const unsigned k = in->launch_block;
        for (unsigned w = in->launch_first; w <= in->launch_last; w++) {
            sb->owner[w] = (int)k;
            memset(sb->tag[w], 0, sizeof sb->tag[w]);
        }
        sb->live[k] = true;
        sb->first[k] = in->launch_first;
        sb->last[k] = in->launch_last;
        sb->nlive++;
        sb->launches++;
    }
    if (in->reorg && !o->err_reorg) {
        double d[DRF_PV_SUBBANKS];
        unsigned bsb;
        for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
            d[i] = in->delay[i] & PV_DELAY_MAX;
        pv_org_build(d, &sb->t, &bsb); /* the table once the ranking is done */
        sb->kshift = in->reorg_kshift;
    }
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pv_rf", "accesses", argc, argv, 1000000);
    ports p;
    pv_rf_open(&b, &p);
    bins v;
    make_bins(&b, &v);
    static pv_rf_state st;
    pv_rf_power_on(&st);
    static scoreboard sb;
    sb_reset(&sb);
    gen g = {.want_kernel = true, .bs = 4};
    uint16_t delay[DRF_PV_SUBBANKS] = {0};
    uint32_t delay_w[DW] = {0}, wdata[VW] = {0};
    while (hx_running(&b)) {
        /* resets are rare (1 in 200000 cycles): past half the run without one while blocks
         * were live, one is driven (seed 10 had none in 1M accesses) */
        const bool force_rst = !g.reset_live && sb.nlive && b.txns >= b.o.n / 2 && !hx_in_reset(&b);
        pv_rf_in in = next_input(&b.rng, &sb, &g, hx_in_reset(&b), force_rst);
        if (in.reorg) {
            unsigned f[DRF_PV_SUBBANKS];
            memcpy(delay, in.delay, sizeof delay);
            for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
                f[i] = delay[i];
            pv_pack(delay_w, DW, f, DRF_PV_SUBBANKS, DRF_PV_DELAY_BITS);
        }
        memcpy(in.delay, delay, sizeof delay); /* the port keeps its last delays */
        if (in.req && in.we)
            memcpy(wdata, in.wdata, sizeof wdata);
        memcpy(in.wdata, wdata, sizeof wdata);
        drive(&b, &p, &in, delay_w);
        pv_rf_out o;
        pv_rf_step(&st, &in, &o);
        expect(&b, &p, &o);
        if (!hx_in_reset(&b) && in.req && !o.err_access && !in.rst)
            check_access(&b, &v, &sb, &in, &o);
        if (!hx_in_reset(&b) && !in.rst)
            cover_errors(&b, &v, &sb, &in, &o);
        if (o.stall) {
            hx_hit(&b, v.stall);
            g.retry = in;
            g.retrying = true;
        }
        if (in.rst && sb.nlive && !hx_in_reset(&b)) {
            hx_hit(&b, v.reset_live);
            g.reset_live = true;
        }
        sb_update(&sb, &in, &o);
        sb.org_busy = in.rst ? false : (in.reorg && !o.err_reorg) || (o.org_busy && pv_bank_org_busy(&st.org));
        unsigned owned = 0;
        for (unsigned w = 0; w < max_warps(sb.kshift); w++)
            owned += sb.owner[w] >= 0;
        if (owned == max_warps(sb.kshift))
            hx_hit(&b, v.full);
        hx_tick(&b);
        if (in.req)
            hx_txn_done(&b);
    }
    return hx_finish(&b);
}
