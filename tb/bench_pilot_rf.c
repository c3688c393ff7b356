/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the partitioned register file (pilot paper Sections III, IV-C, V-B):
 * cmodel/pilot_rf.c against rtl/pilot_rf.v every cycle, every output. End to end, the bench
 * keeps its own architected view: every read returns the last value its warp wrote to that
 * register, with its tag, at the latency of the partition its warp's table puts it in (FRF iff
 * in that top-n: 1 cycle FRF_high, 2 FRF_low; SRF 3), across any number of table changes. */
#include <string.h>

#include "harness.h"
#include "ports_pilot_rf.h"
#include "pilot_rf.h"


enum { RB = DRF_PILOT_REG_BITS, WARPS = PRF_WARPS, REGS = PRF_REGS, DUE = 4 };

typedef pilot_rf_ports ports;

typedef struct {
    unsigned lat[4], stall, write_frf, write_srf, read_across_change, apply, apply_busy,
        apply_illegal, err_not_live, err_r63, err_warp, start_in_apply, kept_in_frf,
        swapped_in, swapped_out, reset;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    v->lat[1] = hx_bin(b, "read, 1 cycle (FRF_high)");
    v->lat[2] = hx_bin(b, "read, 2 cycles (FRF_low)");
    v->lat[3] = hx_bin(b, "read, 3 cycles (SRF)");
    v->stall = hx_bin(b, "read stalled: its response cycle taken");
    v->write_frf = hx_bin(b, "write to the FRF");
    v->write_srf = hx_bin(b, "write to the SRF");
    v->read_across_change = hx_bin(b, "checked read of a value written before a table change");
    v->apply = hx_bin(b, "table change accepted");
    v->apply_busy = hx_bin(b, "table change refused: a live warp uses the other table");
    v->apply_illegal = hx_bin(b, "table change refused: illegal top-n");
    v->err_not_live = hx_bin(b, "request of a warp that is not live");
    v->err_r63 = hx_bin(b, "request of R63");
    v->err_warp = hx_bin(b, "start of a live warp or end of a dead one");
    v->start_in_apply = hx_bin(b, "warp starts in the cycle of a table change");
    v->kept_in_frf = hx_bin(b, "checked read of a top register kept in R0..R3");
    v->swapped_in = hx_bin(b, "checked read of a register swapped into the FRF");
    v->swapped_out = hx_bin(b, "checked read of R0..R3 swapped out to the SRF");
    v->reset = hx_bin(b, "reset after the first cycles");
}

/* The bench's architected view. */
typedef struct {
    uint64_t live, warp_gen, top_set[2];
    bool gen;
    uint32_t value[WARPS][REGS];
    uint64_t known[WARPS];        /* bit r: value[w][r] written since w started */
    uint64_t written_at[WARPS][REGS]; /* table changes count at the write */
    uint64_t changes;
    struct { bool valid, known; uint32_t value; uint8_t tag; } due[DUE]; /* due[0]: this cycle */
    uint8_t tag;
    bool mode;
    uint8_t hot[3 * PST_N];       /* the two tables' top-n (current first), R0..R3 */
    bool pend, drain;             /* a table change retried until it is decided; drain: end */
    uint8_t pend_top[PST_N];      /* the warps on the other table meanwhile */
} view;

static uint64_t pack(const uint8_t *r, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint64_t)(r[k] & PST_REG_MASK) << (k * RB);
    return v;
}

static void view_reset(view *s)
{
    s->live = s->warp_gen = 0;
    s->gen = false;
    s->top_set[0] = s->top_set[1] = (1ull << PRF_N) - 1;
    memset(s->due, 0, sizeof s->due);
    s->pend = false;
    for (unsigned k = 0; k < 3 * PST_N; k++)
        s->hot[k] = (uint8_t)(k % PST_N);
}

static uint64_t other_table_users(const view *s)
{
    return s->live & (s->gen ? ~s->warp_gen : s->warp_gen);
}

static bool in_frf(const view *s, unsigned w, unsigned r)
{
    return s->top_set[s->warp_gen >> w & 1u] >> r & 1u;
}

/* --- stimulus ------------------------------------------------------------------------ */
/* A top-n: 7 in 8 legal (registers below R10 half the time: kept ones in R0..R3), else a
 * legal one with exactly one fault, R63 at any rank or one rank repeating another. */
static void random_top(rng_state *r, uint8_t top[PST_N])
{
    const unsigned span = rng_chance(r, 1, 2) ? 10 : REGS;
    do
        for (unsigned k = 0; k < PST_N; k++)
            top[k] = (uint8_t)rng_below(r, span);
    while (!pst_top_legal(top));
    if (!rng_chance(r, 1, 8))
        return;
    const unsigned k = rng_below(r, PST_N), j = (k + 1 + rng_below(r, PST_N - 1)) % PST_N;
    top[k] = rng_chance(r, 1, 2) ? PST_REG_MASK : top[j];
}

/* A warp of the set (a random one if it is empty). */
static unsigned warp_in(rng_state *r, uint64_t set)
{
    const unsigned w = rng_below(r, WARPS);
    if (!set)
        return w;
    const uint64_t rot = set >> w | (w ? set << (WARPS - w) : 0);
    return (w + (unsigned)__builtin_ctzll(rot)) % WARPS;
}

static unsigned some_warp(rng_state *r, uint64_t set, bool in_set)
{
    for (unsigned tries = 0; tries < 8; tries++) {
        const unsigned w = rng_below(r, WARPS);
        if ((set >> w & 1u) == in_set)
            return w;
    }
    return rng_below(r, WARPS);
}

/* The init phase (cycle k after the reset): every warp starts, writes its 63 registers
 * (the identity mapping: every storage location), then ends, so C and RTL storage agree. */
static bool init_input(unsigned k, prf_in *in, rng_state *r)
{
    const unsigned writes = WARPS * REGS;
    if (k < WARPS) {
        *in = (prf_in){.warp_start = true, .start_warp = (uint8_t)k, .mode = true};
    } else if (k < WARPS + writes) {
        const unsigned j = k - WARPS;
        *in = (prf_in){.req = true, .req_we = true, .req_warp = (uint8_t)(j / REGS),
                       .req_reg = (uint8_t)(j % REGS), .req_wdata = rng_rand32(r), .mode = true};
    } else if (k < 2 * WARPS + writes) {
        *in = (prf_in){.warp_end = true, .end_warp = (uint8_t)(k - WARPS - writes), .mode = true};
    } else {
        return false;
    }
    return true;
}

static prf_in random_input(rng_state *r, view *s)
{
    prf_in in = {.rst = rng_chance(r, 1, 300000)};
    if (rng_chance(r, 1, 30))
        s->mode = !s->mode;
    in.mode = s->mode;
    in.warp_start = rng_chance(r, 1, 12);
    in.start_warp = (uint8_t)some_warp(r, s->live, rng_chance(r, 1, 20));
    /* a table change is retried every cycle until it is accepted or refused as illegal (as
     * the controller does); 3 in 4 drain the other table's warps meanwhile, so that changes
     * are accepted often, with any set of warps live on the current table */
    if (!s->pend && rng_chance(r, 1, 60)) {
        s->pend = true;
        s->drain = rng_chance(r, 3, 4);
        random_top(r, s->pend_top);
    }
    const bool draining = s->pend && s->drain;
    in.warp_end = rng_chance(r, 1, draining ? 3 : 14);
    in.end_warp = (uint8_t)(draining ? warp_in(r, other_table_users(s))
                                     : some_warp(r, s->live, !rng_chance(r, 1, 20)));
    in.tbl_apply = s->pend || rng_chance(r, 1, 60);
    if (s->pend)
        memcpy(in.tbl_top, s->pend_top, sizeof in.tbl_top);
    else
        random_top(r, in.tbl_top);
    in.req = rng_chance(r, 7, 8);
    in.req_we = rng_chance(r, 2, 5);
    in.req_warp = (uint8_t)some_warp(r, s->live, !rng_chance(r, 1, 30));
    in.req_reg = (uint8_t)(rng_chance(r, 1, 100) ? PST_REG_MASK
                           : rng_chance(r, 2, 3) ? s->hot[rng_below(r, 3 * PST_N)] : rng_below(r, REGS));
    in.req_tag = s->tag;
    in.req_wdata = rng_rand32(r);
    return in;
}

/* --- the table sweep: a directed prologue after the init phase (its cycles are not counted
 * in --n). Both tables' fill and legality logic is reached by random top-n only for rare
 * ones, so each table in turn takes: every pattern of ranks kept in R0..R3 and moved
 * (Fig. 7's free slots, 4 each), every pair of ranks equal or one bit apart (each bit; the
 * duplicate comparators), R63 at every rank. Per top-n: apply it (a random legal one first
 * when the other table is the current one), start a warp on it, access its top-n and
 * R0..R3 (acc_loc is compared every cycle), end the warp. */
enum { SW_PATTERNS = 16 * 4, SW_PAIRS = 6 * RB * 2 * 4, SW_R63 = PST_N * 2,
       SW_ITEMS = SW_PATTERNS + SW_PAIRS + SW_R63, SW_STEPS = 2 + 2 * PST_N };

typedef struct {
    uint8_t top[SW_ITEMS][PST_N];
    bool table[SW_ITEMS];      /* the table it goes into */
    unsigned item, step;
} sweep;

/* ranks of set kept: distinct registers of R0..R3, the others distinct ones of R4..R62 */
static void pattern_top(rng_state *r, unsigned kept, uint8_t top[PST_N])
{
    do
        for (unsigned k = 0; k < PST_N; k++)
            top[k] = (uint8_t)(kept >> k & 1u ? rng_below(r, PRF_N)
                                              : PRF_N + rng_below(r, REGS - PRF_N));
    while (!pst_top_legal(top));
}

static void sweep_init(rng_state *r, sweep *w)
{
    unsigned i = 0;
    for (unsigned rep = 0; rep < 4; rep++)
        for (unsigned kept = 0; kept < 16; kept++, i++) {
            pattern_top(r, kept, w->top[i]);
            w->table[i] = rep & 1u;
        }
    for (unsigned rep = 0; rep < 4; rep++)
        for (unsigned j = 0; j < PST_N; j++)
            for (unsigned k = j + 1; k < PST_N; k++)
                for (unsigned bit = 0; bit < 2 * RB; bit++, i++) {
                    uint8_t *t = w->top[i];
                    const bool dup = bit >= RB, j_base = rng_chance(r, 1, 2);
                    do {
                        pattern_top(r, rng_below(r, 16), t);
                        if (j_base)
                            t[k] = (uint8_t)(t[j] ^ (dup ? 0 : 1u << bit));
                        else
                            t[j] = (uint8_t)(t[k] ^ (dup ? 0 : 1u << bit));
                    } while (pst_top_legal(t) == dup);
                    w->table[i] = rep & 1u;
                }
    for (unsigned k = 0; k < SW_R63; k++, i++) {
        pattern_top(r, rng_below(r, 16), w->top[i]);
        w->top[i][k % PST_N] = PST_REG_MASK;
        w->table[i] = k / PST_N;
    }
    w->item = w->step = 0;
}

/* This cycle's sweep input, false once the sweep is over. */
static bool sweep_input(rng_state *r, sweep *w, const view *s, prf_in *in)
{
    if (w->item == SW_ITEMS)
        return false;
    const uint8_t *top = w->top[w->item];
    const unsigned warp = w->item % WARPS, c = w->step;
    *in = (prf_in){.mode = rng_chance(r, 1, 2), .req_tag = s->tag, .req_wdata = rng_rand32(r)};
    if (c == 0 && s->gen == w->table[w->item]) { /* the next change would fill the other */
        in->tbl_apply = true;
        pattern_top(r, rng_below(r, 16), in->tbl_top);
        return true;
    }
    memcpy(in->tbl_top, top, sizeof in->tbl_top);
    in->tbl_apply = c == 0;
    in->warp_start = c == 1;
    in->start_warp = (uint8_t)warp;
    if (c >= 2) {
        in->req = true;
        in->req_we = rng_chance(r, 1, 2);
        in->req_warp = (uint8_t)warp;
        in->req_reg = (uint8_t)(c - 2 < PST_N ? top[c - 2] : c - 2 - PST_N);
    }
    in->warp_end = c == SW_STEPS - 1;
    in->end_warp = (uint8_t)warp;
    if (++w->step == SW_STEPS)
        w->step = 0, w->item++;
    return true;
}

/* --- end-to-end checks ----------------------------------------------------------------- */
static void check_response(hx_bench *b, const view *s, const prf_out *o)
{
    const bool want = s->due[0].valid;
    hx_assert(b, o->rvalid == want, "rvalid exactly at a read's latency", want, o->rvalid);
    if (!want || !o->rvalid)
        return;
    hx_assert(b, o->rtag == s->due[0].tag, "rtag == the read's tag", s->due[0].tag, o->rtag);
    if (s->due[0].known)
        hx_assert(b, o->rdata == s->due[0].value, "read == last value its warp wrote",
                  s->due[0].value, o->rdata);
}

static void check_request(hx_bench *b, const bins *v, view *s, const prf_in *in, const prf_out *o)
{
    const unsigned w = in->req_warp & PRF_WARP_MASK, reg = in->req_reg & PST_REG_MASK;
    const bool err = in->req && (!(s->live >> w & 1u) || reg >= REGS);
    hx_assert(b, o->err_req == err, "err_req == dead warp or R63", err, o->err_req);
    if (err)
        hx_hit(b, reg >= REGS ? v->err_r63 : v->err_not_live);
    if (!in->req || err)
        return;
    const bool frf = in_frf(s, w, reg);
    const unsigned lat = prf_latency(frf, in->mode);
    hx_assert(b, o->acc_frf == frf, "FRF iff in the warp's table's top-n", frf, o->acc_frf);
    hx_assert(b, o->acc_lat == lat, "latency of the partition and mode", lat, o->acc_lat);
    const bool collide = !in->req_we && s->due[lat - 1].valid; /* an SRF read: never */
    hx_assert(b, o->stall == collide, "stall iff the response cycle is taken", collide, o->stall);
    if (o->stall)
        hx_hit(b, v->stall);
    if (!o->accept)
        return;
    if (in->req_we) {
        s->value[w][reg] = in->req_wdata;
        s->known[w] |= 1ull << reg;
        s->written_at[w][reg] = s->changes;
        hx_hit(b, frf ? v->write_frf : v->write_srf);
        return;
    }
    const bool known = s->known[w] >> reg & 1u;
    s->due[lat - 1].valid = true;
    s->due[lat - 1].known = known;
    s->due[lat - 1].value = s->value[w][reg];
    s->due[lat - 1].tag = in->req_tag & PRF_TAG_MASK;
    s->tag = (uint8_t)((s->tag + 1) & PRF_TAG_MASK);
    hx_hit(b, v->lat[lat]);
    if (!known)
        return;
    if (s->written_at[w][reg] != s->changes)
        hx_hit(b, v->read_across_change);
    if (frf && reg < PRF_N)
        hx_hit(b, v->kept_in_frf);
    if (frf && reg >= PRF_N)
        hx_hit(b, v->swapped_in);
    if (!frf && reg < PRF_N)
        hx_hit(b, v->swapped_out);
}

static void check_warps_and_tables(hx_bench *b, const bins *v, view *s, const prf_in *in,
                                   const prf_out *o)
{
    hx_assert(b, o->live == s->live, "live == warps started and not ended", s->live, o->live);
    hx_assert(b, o->gen == s->gen, "gen == current table", s->gen, o->gen);
    const uint64_t wgen_live = s->warp_gen & s->live;
    hx_assert(b, (o->warp_gen & s->live) == wgen_live, "a live warp's table", wgen_live,
              o->warp_gen & s->live);
    const unsigned sw = in->start_warp & PRF_WARP_MASK, ew = in->end_warp & PRF_WARP_MASK;
    const bool bad_warp = (in->warp_start && (s->live >> sw & 1u)) ||
                          (in->warp_end && !(s->live >> ew & 1u));
    hx_assert(b, o->err_warp == bad_warp, "err_warp", bad_warp, o->err_warp);
    if (bad_warp)
        hx_hit(b, v->err_warp);
    const bool busy = other_table_users(s) != 0, legal = pst_top_legal(in->tbl_top);
    const bool ok = in->tbl_apply && !busy && legal;
    hx_assert(b, o->err_tbl == (in->tbl_apply && !ok), "err_tbl iff other table used or illegal",
              in->tbl_apply && !ok, o->err_tbl);
    if (in->tbl_apply)
        hx_hit(b, ok ? v->apply : busy ? v->apply_busy : v->apply_illegal);
    if (in->tbl_apply && !busy)
        s->pend = false; /* decided */
    if (ok && in->warp_start && !(s->live >> sw & 1u))
        hx_hit(b, v->start_in_apply);
    /* the edge */
    if (in->warp_end && (s->live >> ew & 1u))
        s->live &= ~(1ull << ew);
    if (in->warp_start && !(o->live >> sw & 1u)) {
        s->live |= 1ull << sw;
        s->warp_gen = (s->warp_gen & ~(1ull << sw)) | (uint64_t)s->gen << sw;
        s->known[sw] = 0;
    }
    if (ok) {
        uint64_t set = 0;
        for (unsigned k = 0; k < PST_N; k++)
            set |= 1ull << in->tbl_top[k];
        s->top_set[!s->gen] = set;
        memmove(&s->hot[PST_N], &s->hot[0], PST_N);
        memcpy(&s->hot[0], in->tbl_top, PST_N);
        s->gen = !s->gen;
        s->changes++;
    }
}

static void advance(view *s)
{
    memmove(&s->due[0], &s->due[1], sizeof s->due[0] * (DUE - 1));
    memset(&s->due[DUE - 1], 0, sizeof s->due[0]);
}

static void drive(hx_bench *b, const ports *p, const prf_in *in)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->tbl_apply, in->tbl_apply);
    hx_set(b, p->tbl_top, pack(in->tbl_top, PST_N));
    hx_set(b, p->warp_start, in->warp_start);
    hx_set(b, p->start_warp, in->start_warp);
    hx_set(b, p->warp_end, in->warp_end);
    hx_set(b, p->end_warp, in->end_warp);
    hx_set(b, p->req, in->req);
    hx_set(b, p->req_we, in->req_we);
    hx_set(b, p->req_warp, in->req_warp);
    hx_set(b, p->req_reg, in->req_reg);
    hx_set(b, p->req_tag, in->req_tag);
    hx_set(b, p->req_wdata, in->req_wdata);
    hx_set(b, p->mode, in->mode);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const prf_out *o)
{
    hx_expect(b, p->gen, o->gen);
    hx_expect(b, p->live, o->live);
    hx_expect(b, p->warp_gen, o->warp_gen);
    hx_expect(b, p->accept, o->accept);
    hx_expect(b, p->stall, o->stall);
    hx_expect(b, p->err_req, o->err_req);
    hx_expect(b, p->err_warp, o->err_warp);
    hx_expect(b, p->err_tbl, o->err_tbl);
    hx_expect(b, p->acc_frf, o->acc_frf);
    hx_expect(b, p->acc_loc, o->acc_loc);
    hx_expect(b, p->acc_lat, o->acc_lat);
    hx_expect(b, p->rvalid, o->rvalid);
    hx_expect(b, p->rdata, o->rdata);
    hx_expect(b, p->rtag, o->rtag);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pilot_rf", "register-file cycles", argc, argv, 1000000);
    ports p;
    pilot_rf_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    static prf_state st;
    static view s;
    prf_clear_storage(&st);
    prf_reset(&st);
    view_reset(&s);
    s.mode = true;
    static sweep sw;
    sweep_init(&b.rng, &sw);
    unsigned init = 0;
    while (hx_running(&b)) {
        prf_in in;
        bool sweeping = false;
        if (hx_in_reset(&b))
            in = (prf_in){.rst = true, .mode = true};
        else if (!init_input(init++, &in, &b.rng) && !(sweeping = sweep_input(&b.rng, &sw, &s, &in)))
            in = random_input(&b.rng, &s);
        drive(&b, &p, &in);
        prf_out o;
        prf_step(&st, &in, &o);
        expect(&b, &p, &o);
        check_response(&b, &s, &o);
        advance(&s); /* due[i]: in i + 1 cycles */
        if (in.rst) {
            if (!hx_in_reset(&b))
                hx_hit(&b, v.reset);
            view_reset(&s);
        } else {
            check_request(&b, &v, &s, &in, &o);
            check_warps_and_tables(&b, &v, &s, &in, &o);
        }
        hx_tick(&b);
        if (!sweeping)
            hx_txn_done(&b);
    }
    return hx_finish(&b);
}
