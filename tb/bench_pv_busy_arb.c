/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the busy latches and arbitration (pv-nbti-banked-rf paper Section 3.2.3,
 * Fig. 5): cmodel/pv_busy_arb.c against rtl/pv_busy_arb.v every cycle, plus the timing rule
 * from the bench's own record of the last cycle: a slow grant holds its bank (and every bank
 * sharing a sub-bank) for one more cycle, a fast grant never blocks, grants are requests. */
#include "harness.h"
#include "ports_pv_busy_arb.h"
#include "pv_bank_org.h"
#include "pv_busy_arb.h"
#include "pv_pack.h"

enum { TW = (DRF_PV_BANKS * DRF_PV_SB_BITS + 31) / 32 };

typedef pv_busy_arb_ports ports;

typedef struct {
    unsigned slow_grant, stall, back_to_back_fast, after_stall, all_stall, shared_sb, reset_busy,
        table_change;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    v->slow_grant = hx_bin(b, "slow grant (two-cycle access)");
    v->stall = hx_bin(b, "stall of the access after a slow one");
    v->back_to_back_fast = hx_bin(b, "fast bank granted two cycles in a row");
    v->after_stall = hx_bin(b, "grant in the cycle after a stall");
    v->all_stall = hx_bin(b, "5 slow banks stalled at once");
    v->shared_sb = hx_bin(b, "stall through a sub-bank shared with another bank (bad table)");
    v->reset_busy = hx_bin(b, "reset with latches set");
    v->table_change = hx_bin(b, "re-organized table while latches are set");
}

/* A new table: a ranking of random delays (permutation) or random sub-banks that may repeat;
 * the speed types are the ranking's (banks 11-15 slow) or, one table in two, random, so that
 * every bank is granted slow with each of its sub-banks (a bank that is always fast never sets
 * a latch: mutants of its latch logic survived). */
static void new_table(rng_state *r, pv_busy_arb_in *in, bool permutation)
{
    const bool ranked_types = permutation && rng_chance(r, 1, 2);
    double d[DRF_PV_SUBBANKS];
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        d[i] = rng_below(r, 1000);
    pv_org_table t;
    unsigned bsb;
    pv_org_build(d, &t, &bsb);
    in->slow = 0;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
        in->sb[v][0] = permutation ? t.sb[v][0] : (uint8_t)rng_below(r, DRF_PV_SUBBANKS);
        in->sb[v][1] = permutation ? t.sb[v][1] : (uint8_t)rng_below(r, DRF_PV_SUBBANKS);
        in->slow |= (uint16_t)((ranked_types ? t.slow[v] : rng_chance(r, 1, 3)) << v);
    }
}

static void pack_table(const pv_busy_arb_in *in, uint32_t w0[TW], uint32_t w1[TW])
{
    unsigned f0[DRF_PV_BANKS], f1[DRF_PV_BANKS];
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        f0[v] = in->sb[v][0], f1[v] = in->sb[v][1];
    pv_pack(w0, TW, f0, DRF_PV_BANKS, DRF_PV_SB_BITS);
    pv_pack(w1, TW, f1, DRF_PV_BANKS, DRF_PV_SB_BITS);
}

/* Sub-banks a set of banks uses. */
static uint32_t sbs(const pv_busy_arb_in *in, uint16_t banks)
{
    uint32_t m = 0;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        if (banks >> v & 1u)
            m |= 1u << in->sb[v][0] | 1u << in->sb[v][1];
    return m;
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pv_busy_arb", "cycles", argc, argv, 2000000);
    ports p;
    pv_busy_arb_open(&b, &p);
    bins v;
    make_bins(&b, &v);
    pv_busy_arb_state st;
    pv_busy_arb_reset(&st);
    pv_busy_arb_in in = {0};
    uint32_t w0[TW], w1[TW];
    new_table(&b.rng, &in, true);
    pack_table(&in, w0, w1);
    uint16_t last_slow_grant = 0, last_grant = 0, last_stall = 0;
    bool perm = true;
    while (hx_running(&b)) {
        in.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 5000);
        bool changed = false;
        if (rng_chance(&b.rng, 1, 100)) {
            perm = rng_chance(&b.rng, 7, 8);
            new_table(&b.rng, &in, perm);
            pack_table(&in, w0, w1);
            changed = true;
        }
        /* requests: dense, sparse, or repeating last cycle's (the stalled ones retry) */
        const unsigned mode = rng_below(&b.rng, 4);
        in.req = mode == 0 ? (uint16_t)rng_rand32(&b.rng)
               : mode == 1 ? (uint16_t)(1u << rng_below(&b.rng, DRF_PV_BANKS))
               : (uint16_t)(last_grant | last_stall | (rng_rand32(&b.rng) & rng_rand32(&b.rng)));
        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.req, in.req);
        hx_set(&b, p.slow, in.slow);
        hx_set_words(&b, p.sb0, w0, TW);
        hx_set_words(&b, p.sb1, w1, TW);
        hx_eval(&b);
        pv_busy_arb_out o;
        const uint32_t latched = st.sb_busy;
        pv_busy_arb_step(&st, &in, &o);
        hx_expect(&b, p.grant, o.grant);
        hx_expect(&b, p.stall, o.stall);
        hx_expect(&b, p.busy, o.busy);
        hx_expect(&b, p.sb_busy, o.sb_busy);
        if (!hx_in_reset(&b)) {
            /* the rule from last cycle's slow grants (same table) */
            uint16_t blocked = 0;
            for (unsigned k = 0; k < DRF_PV_BANKS; k++)
                if ((1u << in.sb[k][0] | 1u << in.sb[k][1]) & latched)
                    blocked |= (uint16_t)(1u << k);
            hx_assert(&b, o.grant == (in.req & (uint16_t)~blocked), "grant == req and not busy",
                      in.req & (uint16_t)~blocked, o.grant);
            if (!changed)
                hx_assert(&b, latched == sbs(&in, last_slow_grant),
                          "latches == sub-banks of last cycle's slow grants",
                          sbs(&in, last_slow_grant), latched);
            hx_assert(&b, !(o.grant & last_slow_grant) || changed,
                      "a slow bank granted is not granted the next cycle", 0,
                      o.grant & last_slow_grant);
            if (o.grant & in.slow)
                hx_hit(&b, v.slow_grant);
            if (o.stall)
                hx_hit(&b, v.stall);
            if (o.grant & last_grant & (uint16_t)~in.slow)
                hx_hit(&b, v.back_to_back_fast);
            if (o.grant & last_stall)
                hx_hit(&b, v.after_stall);
            if (__builtin_popcount(o.stall) == 5 && perm)
                hx_hit(&b, v.all_stall);
            if (!perm && (o.stall & (uint16_t)~last_slow_grant))
                hx_hit(&b, v.shared_sb);
            if (in.rst && latched)
                hx_hit(&b, v.reset_busy);
            if (changed && latched)
                hx_hit(&b, v.table_change);
        }
        last_slow_grant = in.rst ? 0 : o.grant & in.slow;
        last_grant = o.grant;
        last_stall = o.stall;
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
