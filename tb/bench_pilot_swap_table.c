/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the pilot register file's swapping table (pilot paper Section III-B,
 * Figs. 6-7): cmodel/pilot_swap_table.c against rtl/pilot_swap_table.v every cycle, every
 * output; end to end, after every update the table maps R0..R62 one to one and its FRF
 * locations hold exactly the last applied top-n (R0..R3 after a clear). */
#include <string.h>

#include "harness.h"
#include "ports_pilot_swap_table.h"
#include "pilot_swap_table.h"


enum { RB = DRF_PILOT_REG_BITS, ENTRY_WORDS = (PST_ENTRIES * DRF_PILOT_ENTRY_BITS + 31) / 32 };

typedef pilot_swap_table_ports ports;

typedef struct {
    unsigned apply, clear, clear_and_apply, err_dup, err_r63, in_frf[PST_N + 1], hit, miss,
        look_frf, look_srf, r62, same_top_again, reset;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    v->apply = hx_bin(b, "apply of a legal top-n");
    v->clear = hx_bin(b, "clear");
    v->clear_and_apply = hx_bin(b, "clear and apply together (clear wins)");
    v->err_dup = hx_bin(b, "apply refused: a register twice");
    v->err_r63 = hx_bin(b, "apply refused: R63");
    for (unsigned k = 0; k <= PST_N; k++)
        v->in_frf[k] = hx_bin(b, "applied top-n with %u registers already in R0..R3", k);
    v->hit = hx_bin(b, "lookup matches an entry");
    v->miss = hx_bin(b, "lookup matches no entry");
    v->look_frf = hx_bin(b, "lookup lands in the FRF");
    v->look_srf = hx_bin(b, "lookup lands in the SRF");
    v->r62 = hx_bin(b, "R62 swapped into the FRF");
    v->same_top_again = hx_bin(b, "the same top-n applied twice in a row");
    v->reset = hx_bin(b, "reset after the first cycles");
}

static uint64_t pack_regs(const uint8_t *r, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint64_t)(r[k] & PST_REG_MASK) << (k * RB);
    return v;
}

static void pack_entries(const pst_entry *e, uint32_t w[ENTRY_WORDS])
{
    unsigned __int128 all = 0;
    for (unsigned i = PST_ENTRIES; i-- > 0;)
        all = all << DRF_PILOT_ENTRY_BITS | e[i];
    for (unsigned k = 0; k < ENTRY_WORDS; k++)
        w[k] = (uint32_t)(all >> (32 * k));
}

/* A top-n: mostly legal, from a small range (in and next to the FRF) or R0..R62. */
static void random_top(rng_state *r, uint8_t top[PST_N])
{
    const unsigned span = rng_chance(r, 1, 2) ? 12 : DRF_PILOT_REGS;
    const bool legal = !rng_chance(r, 1, 10);
    do
        for (unsigned k = 0; k < PST_N; k++)
            top[k] = (uint8_t)rng_below(r, span);
    while (pst_top_legal(top) != legal);
    if (!legal && rng_chance(r, 1, 2))
        top[rng_below(r, PST_N)] = PST_REG_MASK; /* R63 */
}

/* The bench's own statement: the mapping a table makes is a permutation whose FRF is want. */
static void check_mapping(hx_bench *b, const pst_entry *t, uint64_t want_frf)
{
    uint64_t seen = 0, frf = 0;
    for (unsigned reg = 0; reg < DRF_PILOT_REGS; reg++) {
        const unsigned loc = pst_lookup(t, reg);
        seen |= 1ull << loc;
        if (loc < PST_N)
            frf |= 1ull << reg;
    }
    hx_assert(b, seen == (1ull << DRF_PILOT_REGS) - 1, "locations R0..R62 one to one",
              (1ull << DRF_PILOT_REGS) - 1, seen);
    hx_assert(b, frf == want_frf, "FRF holds exactly the applied top-n", want_frf, frf);
}

static uint64_t top_set(const uint8_t top[PST_N])
{
    uint64_t s = 0;
    for (unsigned k = 0; k < PST_N; k++)
        s |= 1ull << top[k];
    return s;
}

typedef struct {
    uint64_t frf;       /* the FRF set the table should hold now */
    uint8_t last[PST_N];
    bool check;         /* the table changed: check its mapping */
} scoreboard;

static void cover(hx_bench *b, const bins *v, const pst_in *in, const pst_out *o,
                  const scoreboard *sb)
{
    if (in->clear)
        hx_hit(b, in->apply ? v->clear_and_apply : v->clear);
    if (in->apply && !in->clear) {
        if (o->err_apply) {
            bool r63 = false;
            for (unsigned k = 0; k < PST_N; k++)
                r63 |= in->top[k] == PST_REG_MASK;
            hx_hit(b, r63 ? v->err_r63 : v->err_dup);
        } else {
            unsigned k_in = 0;
            for (unsigned k = 0; k < PST_N; k++)
                k_in += in->top[k] < PST_N;
            hx_hit(b, v->apply);
            hx_hit(b, v->in_frf[k_in]);
            if (top_set(in->top) >> 62 & 1u)
                hx_hit(b, v->r62);
            if (memcmp(in->top, sb->last, PST_N) == 0)
                hx_hit(b, v->same_top_again);
        }
    }
    for (unsigned p = 0; p < PST_LOOKUPS; p++) {
        hx_hit(b, o->phys[p] == in->look[p] ? v->miss : v->hit);
        hx_hit(b, o->frf[p] ? v->look_frf : v->look_srf);
    }
}

static void update(scoreboard *sb, const pst_in *in, const pst_out *o)
{
    sb->check = in->rst || in->clear || (in->apply && !o->err_apply);
    if (in->rst || in->clear)
        sb->frf = (1ull << PST_N) - 1;
    else if (in->apply && !o->err_apply) {
        sb->frf = top_set(in->top);
        memcpy(sb->last, in->top, PST_N);
    }
}

static pst_in next_input(rng_state *r, bool resetting, const scoreboard *sb)
{
    pst_in in = {.rst = resetting || rng_chance(r, 1, 5000)};
    in.clear = rng_chance(r, 1, 40);
    in.apply = rng_chance(r, 1, 8);
    if (rng_chance(r, 1, 8))
        memcpy(in.top, sb->last, PST_N);
    else
        random_top(r, in.top);
    for (unsigned p = 0; p < PST_LOOKUPS; p++)
        in.look[p] = (uint8_t)(rng_chance(r, 1, 2) ? sb->last[rng_below(r, PST_N)]
                                                   : rng_below(r, 1u << RB));
    return in;
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pilot_swap_table", "table cycles", argc, argv, 1000000);
    ports p;
    pilot_swap_table_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    pst_state st;
    pst_reset(&st);
    scoreboard sb = {.frf = (1ull << PST_N) - 1};
    while (hx_running(&b)) {
        const pst_in in = next_input(&b.rng, hx_in_reset(&b), &sb);
        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.clear, in.clear);
        hx_set(&b, p.apply, in.apply);
        hx_set(&b, p.top, pack_regs(in.top, PST_N));
        hx_set(&b, p.look, pack_regs(in.look, PST_LOOKUPS));
        hx_eval(&b);
        pst_out o;
        pst_step(&st, &in, &o);
        uint64_t frf = 0;
        for (unsigned k = 0; k < PST_LOOKUPS; k++)
            frf |= (uint64_t)o.frf[k] << k;
        uint32_t words[ENTRY_WORDS];
        pack_entries(o.entry, words);
        hx_expect(&b, p.phys, pack_regs(o.phys, PST_LOOKUPS));
        hx_expect(&b, p.frf, frf);
        hx_expect_words(&b, p.entries, words, ENTRY_WORDS);
        hx_expect(&b, p.err_apply, o.err_apply);
        if (sb.check)
            check_mapping(&b, o.entry, sb.frf);
        cover(&b, &v, &in, &o, &sb);
        if (in.rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        update(&sb, &in, &o);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
