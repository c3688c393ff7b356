/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the DC-Patch Com unit (dc-patch paper Section IV-C): cmodel/dcp_compress.c
 * against rtl/dcp_compress.v, every output every cycle, plus end-to-end properties computed
 * here: c_compr, misprediction, DRB replay, refused starts. A transaction is a register write. */
#include <string.h>

#include "dcp_compress.h"
#include "harness.h"
#include "ports_dcp_compress.h"
#include "stim.h"

enum { BLKS = DRF_SUBWAVEFRONTS, NONE = DRF_SUBWAVEFRONTS, KINDS = STIM_KINDS + BLKS - 1 };

typedef dcp_compress_ports ports;

typedef struct {
    unsigned kind[KINDS], c_compr[2], misp_at[BLKS - 1], compressed, replay_done, refused_busy,
        refused_misp, refused_mid_write, start_last_replay, back_to_back, divergent,
        divergent_fits, reset;
} bins;

/* A register write: its components, the block due next (NONE: no write in flight), and
 * what this bench expects from block 0 and from the whole register. */
typedef struct {
    uint32_t c[DRF_COMPONENTS];
    unsigned kind, next;
    bool divergent, spec, whole; /* spec: expected c_compr; whole: rc_compress_register */
} write_txn;

/* The DRB write-back: the register replayed and its block due next (NONE: no replay). */
typedef struct {
    uint32_t c[DRF_COMPONENTS];
    unsigned next;
} replay_txn;

/* What the bench expects this cycle, from its own bookkeeping only. */
typedef struct {
    bool writing, last, replaying, replay_last, misp, accept;
} expect;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned k = 0; k < STIM_KINDS; k++)
        v->kind[k] = hx_bin(b, "stimulus %s written", stim_kind_name(k));
    for (unsigned k = 1; k < BLKS; k++)
        v->kind[STIM_KINDS + k - 1] = hx_bin(b, "stimulus block 0 fits, break in block %u", k);
    for (unsigned k = 0; k < 2; k++)
        v->c_compr[k] = hx_bin(b, "c_compr = %u", k);
    for (unsigned k = 1; k < BLKS; k++)
        v->misp_at[k - 1] = hx_bin(b, "misprediction for a break in block %u", k);
    v->compressed = hx_bin(b, "speculation right: register compressed");
    v->replay_done = hx_bin(b, "DRB replay complete (4 blocks)");
    v->refused_busy = hx_bin(b, "start refused while busy (replay)");
    v->refused_misp = hx_bin(b, "start refused in the misprediction cycle");
    v->refused_mid_write = hx_bin(b, "start refused while blocks 0-2 are due");
    v->start_last_replay = hx_bin(b, "start accepted in the last replay cycle");
    v->back_to_back = hx_bin(b, "back-to-back start in the 4th block cycle");
    v->divergent = hx_bin(b, "divergent write");
    v->divergent_fits = hx_bin(b, "divergent write whose block 0 fits");
    v->reset = hx_bin(b, "reset mid-stream");
}

/* A delta RC can encode, as the paper states it: zero or 2^k, k = 0..6. */
static bool encodable(uint32_t d, uint8_t *code)
{
    *code = DRF_CODE_ZERO;
    for (uint8_t k = 0; k <= DRF_MAX_LOG2 && d; k++)
        if (d == 1u << k)
            *code = k;
    return d == 0 || *code != DRF_CODE_ZERO;
}

/* First block that breaks Eq. (2) with the deltas of block 0 (0: block 0 itself does not
 * fit, NONE: the whole register fits); *e gets block 0's compressed data. */
static unsigned first_break(const uint32_t c[DRF_COMPONENTS], rc_entry *e)
{
    const uint32_t de = c[1] - c[0], db = c[DRF_BLOCK_SIZE] - c[0];
    *e = (rc_entry){.v = true, .c0 = c[0]};
    if (!encodable(de, &e->log2de) || !encodable(db, &e->log2db))
        return 0;
    uint32_t want[DRF_COMPONENTS];
    stim_eq2(c[0], de, db, want);
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        if (c[i] != want[i])
            return i / DRF_SW_LANES;
    return NONE;
}

/* An Eq. (2) register with legal deltas and one component of block brk changed. */
static void break_in_block(rng_state *r, unsigned brk, uint32_t c[DRF_COMPONENTS])
{
    const uint32_t de = rng_below(r, 8), db = rng_below(r, 8);
    stim_eq2(rng_rand32(r), de == 7 ? 0 : 1u << de, db == 7 ? 0 : 1u << db, c);
    c[brk * DRF_SW_LANES + rng_below(r, DRF_SW_LANES)] += 1u + rng_below(r, 0xFFFFFFFEu);
}

static void new_write(hx_bench *b, write_txn *w)
{
    if (rng_chance(&b->rng, 1, 4)) {
        const unsigned brk = 1 + rng_below(&b->rng, BLKS - 1);
        w->kind = STIM_KINDS + brk - 1;
        break_in_block(&b->rng, brk, w->c);
    } else {
        w->kind = stim_pick(&b->rng);
        stim_register(&b->rng, (enum stim_kind)w->kind, w->c);
    }
    w->divergent = rng_chance(&b->rng, 1, 20);
    rc_entry e;
    w->spec = first_break(w->c, &e) != 0 && !w->divergent;
    w->whole = rc_compress_register(w->c, &e);
    w->next = 0;
}

static expect expect_now(const write_txn *w, const replay_txn *rp, bool start, bool rst)
{
    expect x = {.writing = w->next < NONE, .last = w->next == BLKS - 1,
                .replaying = rp->next < NONE, .replay_last = rp->next == BLKS - 1};
    x.misp = x.last && w->spec && !w->whole;
    x.accept = start && !rst && (!x.writing || (x.last && !x.misp)) &&
               (!x.replaying || x.replay_last);
    return x;
}

/* start: often when it is taken, sometimes when it must be refused. */
static bool pick_start(hx_bench *b, const write_txn *w, const replay_txn *rp)
{
    if (rp->next < NONE)
        return rng_chance(&b->rng, 1, rp->next == BLKS - 1 ? 2 : 6);
    if (w->next < BLKS - 1)
        return rng_chance(&b->rng, 1, 30);
    return rng_chance(&b->rng, 1, 2);
}

static void expect_outputs(hx_bench *b, const ports *p, const dcp_compress_out *o)
{
    hx_expect(b, p->c_compr, o->c_compr);
    hx_expect(b, p->cdata_c0, o->cdata_c0);
    hx_expect(b, p->cdata_log2de, o->cdata_log2de);
    hx_expect(b, p->cdata_log2db, o->cdata_log2db);
    hx_expect(b, p->done, o->done);
    hx_expect(b, p->compressed, o->compressed);
    hx_expect(b, p->misp, o->misp);
    hx_expect(b, p->replay_valid, o->replay_valid);
    hx_expect(b, p->replay_blk, o->replay_blk);
    hx_expect_words(b, p->replay_data, o->replay_data, DRF_SW_LANES);
    hx_expect(b, p->busy, o->busy);
    hx_expect(b, p->err_busy, o->err_busy);
}

/* Block-0 cycle: the speculation and the compressed data, against first_break(). */
static void check_block0(hx_bench *b, const bins *v, const write_txn *w,
                         const dcp_compress_out *o)
{
    rc_entry e;
    const bool fits = first_break(w->c, &e) != 0;
    hx_assert(b, o->c_compr == (fits && !w->divergent), "c_compr == block 0 fits, not divergent",
              fits && !w->divergent, o->c_compr);
    if (o->c_compr)
        hx_assert(b, o->cdata_c0 == e.c0 && o->cdata_log2de == e.log2de &&
                         o->cdata_log2db == e.log2db, "compressed data == C0 and codes of block 0",
                  (uint64_t)e.c0 << 8 | e.log2de << 4 | e.log2db,
                  (uint64_t)o->cdata_c0 << 8 | o->cdata_log2de << 4 | o->cdata_log2db);
    hx_hit(b, v->c_compr[o->c_compr]);
    if (w->divergent)
        hx_hit(b, v->divergent);
    if (w->divergent && fits)
        hx_hit(b, v->divergent_fits);
}

/* 4th block cycle: the outcome (misp is checked by check_protocol). */
static void check_final(hx_bench *b, const bins *v, const write_txn *w,
                        const dcp_compress_out *o)
{
    rc_entry e;
    const unsigned brk = first_break(w->c, &e);
    hx_assert(b, (brk == NONE) == w->whole, "rc_compress_register == plain Eq. (2) check",
              w->whole, brk == NONE);
    hx_assert(b, o->compressed == (w->whole && !w->divergent),
              "compressed == rc_compress_register && !divergent", w->whole && !w->divergent,
              o->compressed);
    if (w->spec && brk < NONE) /* spec: brk >= 1 */
        hx_hit(b, v->misp_at[brk - 1]);
    if (o->compressed)
        hx_hit(b, v->compressed);
    hx_hit(b, v->kind[w->kind]);
}

/* Protocol outputs every cycle: done, misp, replay and refusal follow the bookkeeping. */
static void check_protocol(hx_bench *b, const expect *x, const replay_txn *rp, bool start,
                           const dcp_compress_out *o)
{
    hx_assert(b, o->done == (x->writing && x->last), "done == 4th block cycle",
              x->writing && x->last, o->done);
    hx_assert(b, o->misp == x->misp, "misp == 4th block && c_compr && !rc_compress_register",
              x->misp, o->misp);
    hx_assert(b, o->err_busy == (start && !x->accept), "err_busy == refused start",
              start && !x->accept, o->err_busy);
    hx_assert(b, o->replay_valid == x->replaying && o->busy == x->replaying,
              "replay_valid == busy == replaying", x->replaying, o->replay_valid);
    if (!x->replaying)
        return;
    hx_assert(b, o->replay_blk == rp->next, "replay_blk in order", rp->next, o->replay_blk);
    const uint32_t *want = &rp->c[rp->next * DRF_SW_LANES];
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        hx_assert(b, o->replay_data[j] == want[j], "replayed block == block written", want[j],
                  o->replay_data[j]);
}

static void count_start(hx_bench *b, const bins *v, const expect *x)
{
    if (x->accept && x->replay_last)
        hx_hit(b, v->start_last_replay);
    else if (x->accept && x->last)
        hx_hit(b, v->back_to_back);
    else if (x->replaying)
        hx_hit(b, v->refused_busy);
    else if (x->misp)
        hx_hit(b, v->refused_misp);
    else if (x->writing)
        hx_hit(b, v->refused_mid_write);
}

/* The clock edge of the bookkeeping. */
static void advance(hx_bench *b, const bins *v, const expect *x, write_txn *w, replay_txn *rp,
                    const write_txn *nxt, bool rst)
{
    if (rst) {
        w->next = rp->next = NONE;
        return;
    }
    if (x->replaying && ++rp->next == NONE)
        hx_hit(b, v->replay_done);
    if (x->misp) {
        memcpy(rp->c, w->c, sizeof rp->c);
        rp->next = 0;
    }
    if (x->writing && ++w->next == NONE)
        hx_txn_done(b);
    if (x->accept)
        *w = *nxt;
}

static void drive(hx_bench *b, const ports *p, const dcp_compress_in *in)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->start, in->start);
    hx_set(b, p->divergent, in->divergent);
    hx_set_words(b, p->blk_data, in->blk_data, DRF_SW_LANES);
    hx_eval(b);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "dcp_compress", "register writes", argc, argv, 100000);
    ports p;
    dcp_compress_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    dcp_compress_state s;
    dcp_compress_reset(&s);
    write_txn cur = {.next = NONE}, nxt = {.next = NONE};
    replay_txn rp = {.next = NONE};
    while (hx_running(&b)) {
        dcp_compress_in in = {0};
        in.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 20000);
        in.start = !in.rst && pick_start(&b, &cur, &rp);
        if (in.start)
            new_write(&b, &nxt);
        in.divergent = in.start ? nxt.divergent : rng_chance(&b.rng, 1, 2);
        if (cur.next < NONE)
            memcpy(in.blk_data, &cur.c[cur.next * DRF_SW_LANES], sizeof in.blk_data);
        else
            for (unsigned j = 0; j < DRF_SW_LANES; j++)
                in.blk_data[j] = rng_rand32(&b.rng);
        drive(&b, &p, &in);

        dcp_compress_out o;
        dcp_compress_step(&s, &in, &o);
        expect_outputs(&b, &p, &o);
        const expect x = expect_now(&cur, &rp, in.start, in.rst);
        check_protocol(&b, &x, &rp, in.start, &o);
        if (x.writing && cur.next == 0)
            check_block0(&b, &v, &cur, &o);
        if (x.writing && x.last)
            check_final(&b, &v, &cur, &o);
        if (in.start)
            count_start(&b, &v, &x);
        if (in.rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        advance(&b, &v, &x, &cur, &rp, &nxt, in.rst);
        hx_tick(&b);
    }
    return hx_finish(&b);
}
