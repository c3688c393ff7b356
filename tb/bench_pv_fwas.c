/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of FWAS issue selection (pv-nbti-banked-rf paper Section 3.3.3):
 * cmodel/pv_fwas.c against rtl/pv_fwas.v every cycle, plus the policy checked on its own: the
 * issued warp is ready, fast whenever a fast warp is ready, and no warp continuously ready in
 * its class waits longer than one round of its class (48 issues of that class). */
#include "harness.h"
#include "ports_pv_fwas.h"
#include "pv_fwas.h"

enum { NW = DRF_PV_WARPS, PHASES = 4 };

typedef pv_fwas_ports ports;

typedef struct {
    unsigned fast, slow, none, stall, wrap[2], warp_fast[NW], warp_slow[NW], only_last, mixed;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    v->fast = hx_bin(b, "fast warp issued over ready slow ones");
    v->slow = hx_bin(b, "slow warp issued (no fast one ready)");
    v->none = hx_bin(b, "no warp ready");
    v->stall = hx_bin(b, "issue slot taken (stall)");
    v->wrap[0] = hx_bin(b, "slow pointer wraps 47 -> lower warp");
    v->wrap[1] = hx_bin(b, "fast pointer wraps 47 -> lower warp");
    for (unsigned w = 0; w < NW; w++)
        v->warp_fast[w] = hx_bin(b, "warp %u issued as fast", w);
    for (unsigned w = 0; w < NW; w++)
        v->warp_slow[w] = hx_bin(b, "warp %u issued as slow", w);
    v->only_last = hx_bin(b, "only warp 47 ready");
    v->mixed = hx_bin(b, "fast and slow both ready, all 48 warps ready");
}

/* Masks of the phase: dense, sparse, one warp, fast-heavy. */
static void masks(rng_state *r, unsigned phase, uint64_t *ready, uint64_t *fast)
{
    const uint64_t all = (1ull << NW) - 1u, a = rng_rand64(r), c = rng_rand64(r);
    switch (phase) {
    case 0: *ready = a | c; *fast = rng_rand64(r); break;
    case 1: *ready = a & c & rng_rand64(r); *fast = rng_rand64(r) & rng_rand64(r); break;
    case 2: *ready = 1ull << rng_below(r, NW); *fast = rng_chance(r, 1, 2) ? all : 0; break;
    default: *ready = rng_chance(r, 1, 8) ? all : a; *fast = a | c; break;
    }
    *ready &= all;
    *fast &= all;
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pv_fwas", "cycles", argc, argv, 2000000);
    ports p;
    pv_fwas_open(&b, &p);
    bins v;
    make_bins(&b, &v);
    pv_fwas_state st;
    pv_fwas_reset(&st);
    unsigned phase = 0;
    uint64_t issues[2] = {0}, since[2][NW] = {{0}}, prev[2] = {0};
    int last[2] = {NW - 1, NW - 1};
    while (hx_running(&b)) {
        if (rng_chance(&b.rng, 1, 200))
            phase = rng_below(&b.rng, PHASES);
        pv_fwas_in in = {.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 10000),
                         .stall = rng_chance(&b.rng, 1, 6)};
        masks(&b.rng, phase, &in.ready, &in.fast);
        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.ready, in.ready);
        hx_set(&b, p.fast, in.fast);
        hx_set(&b, p.stall, in.stall);
        hx_eval(&b);
        pv_fwas_out o;
        pv_fwas_step(&st, &in, &o);
        hx_expect(&b, p.valid, o.valid);
        hx_expect(&b, p.warp, o.warp);
        hx_expect(&b, p.warp_fast, o.warp_fast);
        const uint64_t rf = in.ready & in.fast;
        hx_assert(&b, o.valid == (in.ready != 0), "valid == a warp is ready", in.ready != 0, o.valid);
        if (o.valid) {
            hx_assert(&b, in.ready >> o.warp & 1u, "the issued warp is ready", 1, 0);
            hx_assert(&b, o.warp_fast == (rf != 0), "fast class first", rf != 0, o.warp_fast);
            hx_assert(&b, !o.warp_fast || (in.fast >> o.warp & 1u), "a fast issue is a fast warp",
                      1, 0);
        }
        const bool issue = o.valid && !in.stall && !in.rst;
        const unsigned cls = o.warp_fast;
        if (!hx_in_reset(&b)) {
            if (issue) {
                hx_hit(&b, cls ? v.fast : v.slow);
                hx_hit(&b, cls ? v.warp_fast[o.warp] : v.warp_slow[o.warp]);
                if ((int)o.warp < last[cls])
                    hx_hit(&b, v.wrap[cls]);
                if (cls && (in.ready & ~in.fast))
                    hx_hit(&b, v.fast);
                if (in.ready == (1ull << NW) - 1u && rf && rf != in.ready)
                    hx_hit(&b, v.mixed);
            }
            if (!o.valid)
                hx_hit(&b, v.none);
            if (o.valid && in.stall)
                hx_hit(&b, v.stall);
            if (in.ready == 1ull << (NW - 1))
                hx_hit(&b, v.only_last);
        }
        /* fairness: a warp that stays a candidate of its class is served within NW issues of
         * that class (since[k][w]: the class's issue count when w last became a candidate) */
        for (unsigned k = 0; k < 2; k++) {
            const uint64_t now = in.rst ? 0 : k ? rf : in.ready;
            for (uint64_t fresh = now & ~prev[k]; fresh; fresh &= fresh - 1)
                since[k][__builtin_ctzll(fresh)] = issues[k];
            prev[k] = now;
        }
        if (issue) {
            const uint64_t waited = issues[cls] - since[cls][o.warp];
            hx_assert(&b, waited < NW, "round-robin: served within 48 issues of its class", NW,
                      waited);
            issues[cls]++;
            since[cls][o.warp] = issues[cls];
        }
        if (in.rst)
            last[0] = last[1] = NW - 1;
        else if (issue)
            last[cls] = o.warp;
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
