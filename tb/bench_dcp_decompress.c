/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the DC-Patch Dec unit (dc-patch paper Section IV-C): cmodel/dcp_decompress.c
 * against rtl/dcp_decompress.v every cycle, and the 4 forwarded blocks against Eq. (2) with
 * multiplications (stim_eq2). A transaction is a register read unwound to its 4th block. */
#include "dcp_decompress.h"
#include "harness.h"
#include "ports_dcp_decompress.h"
#include "stim.h"

enum { BLKS = DRF_SUBWAVEFRONTS, NONE = DRF_SUBWAVEFRONTS, CODES = 1 << DRF_CODE_BITS };

typedef dcp_decompress_ports ports;

typedef struct {
    unsigned codes[CODES][CODES], restart[BLKS], back_to_back, gap, paper, reset;
} bins;

/* The read being unwound: its entry, Eq. (2) of it, and the block due next (NONE: idle). */
typedef struct {
    rc_entry e;
    uint32_t eq2[DRF_COMPONENTS];
    unsigned next;
    bool paper;
} read_txn;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned e = 0; e < CODES; e++)
        for (unsigned d = 0; d < CODES; d++)
            v->codes[e][d] = hx_bin(b, "unwound with log2de=%u log2db=%u", e, d);
    for (unsigned k = 0; k < BLKS - 1; k++)
        v->restart[k] = hx_bin(b, "load restarts the unwinding at block %u", k);
    v->back_to_back = hx_bin(b, "back-to-back load in the 4th block cycle");
    v->gap = hx_bin(b, "load after an idle cycle");
    v->paper = hx_bin(b, "paper example C0=2 log2de=1 log2db=3");
    v->reset = hx_bin(b, "reset mid-stream");
}

static uint32_t random_c0(rng_state *r)
{
    switch (rng_below(r, 4)) {
    case 0: return 0xFFFFFFFFu - rng_below(r, 1024); /* wraps around 2^32 */
    case 1: return rng_below(r, 256);
    default: return rng_rand32(r);
    }
}

static void new_read(hx_bench *b, read_txn *t)
{
    t->paper = rng_chance(&b->rng, 1, 100);
    t->e = (rc_entry){.v = true, .c0 = t->paper ? 2 : random_c0(&b->rng),
                      .log2de = (uint8_t)(t->paper ? 1 : rng_below(&b->rng, CODES)),
                      .log2db = (uint8_t)(t->paper ? 3 : rng_below(&b->rng, CODES))};
    stim_eq2(t->e.c0, rc_code_offset(t->e.log2de, 1), rc_code_offset(t->e.log2db, 1), t->eq2);
    t->next = 0;
}

/* load: usually when the unit is free or in its 4th block, sometimes as a restart. */
static bool pick_load(hx_bench *b, const read_txn *t)
{
    return rng_chance(&b->rng, 1, t->next < BLKS - 1 ? 20 : 2);
}

/* The forwarded block follows the bookkeeping and equals Eq. (2). */
static void check_block(hx_bench *b, const read_txn *t, const dcp_decompress_out *o)
{
    const bool valid = t->next < NONE;
    hx_assert(b, o->valid == valid, "valid == block due", valid, o->valid);
    if (!valid)
        return;
    hx_assert(b, o->blk == t->next, "blocks forwarded in order", t->next, o->blk);
    const uint32_t *want = &t->eq2[t->next * DRF_SW_LANES];
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        hx_assert(b, o->data[j] == want[j], "forwarded block == Eq. (2)", want[j], o->data[j]);
}

static void count_load(hx_bench *b, const bins *v, const read_txn *t)
{
    if (t->next == NONE)
        hx_hit(b, v->gap);
    else if (t->next == BLKS - 1)
        hx_hit(b, v->back_to_back);
    else
        hx_hit(b, v->restart[t->next]);
}

/* The clock edge of the bookkeeping. */
static void advance(hx_bench *b, const bins *v, read_txn *t, const read_txn *nxt,
                    const dcp_decompress_in *in)
{
    if (t->next < NONE && ++t->next == NONE) {
        hx_hit(b, v->codes[t->e.log2de][t->e.log2db]);
        if (t->paper)
            hx_hit(b, v->paper);
        hx_txn_done(b);
    }
    if (in->rst)
        t->next = NONE;
    else if (in->load)
        *t = *nxt;
}

static void drive(hx_bench *b, const ports *p, const dcp_decompress_in *in)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->load, in->load);
    hx_set(b, p->c0, in->c0);
    hx_set(b, p->log2de, in->log2de);
    hx_set(b, p->log2db, in->log2db);
    hx_eval(b);
}

static void expect_outputs(hx_bench *b, const ports *p, const dcp_decompress_out *o)
{
    hx_expect(b, p->valid, o->valid);
    hx_expect(b, p->blk, o->blk);
    if (o->valid)
        hx_expect_words(b, p->data, o->data, DRF_SW_LANES);
    else
        hx_dont_care(b, p->data, "no block forwarded: x");
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "dcp_decompress", "register reads", argc, argv, 100000);
    ports p;
    dcp_decompress_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    dcp_decompress_state s;
    dcp_decompress_reset(&s);
    read_txn cur = {.next = NONE}, nxt;
    while (hx_running(&b)) {
        dcp_decompress_in in = {0};
        in.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 20000);
        in.load = !in.rst && pick_load(&b, &cur);
        if (in.load)
            new_read(&b, &nxt);
        in.c0 = in.load ? nxt.e.c0 : rng_rand32(&b.rng); /* ignored without load */
        in.log2de = (uint8_t)(in.load ? nxt.e.log2de : rng_below(&b.rng, CODES));
        in.log2db = (uint8_t)(in.load ? nxt.e.log2db : rng_below(&b.rng, CODES));
        drive(&b, &p, &in);

        dcp_decompress_out o;
        dcp_decompress_step(&s, &in, &o);
        expect_outputs(&b, &p, &o);
        check_block(&b, &cur, &o);
        if (in.load)
            count_load(&b, &v, &cur);
        if (in.rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        advance(&b, &v, &cur, &nxt, &in);
        hx_tick(&b);
    }
    return hx_finish(&b);
}
