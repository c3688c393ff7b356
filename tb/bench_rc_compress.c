/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RC compression unit (aging paper Section 5.1.1, Figs. 8-9,
 * Table 1): cmodel/rc_compress.c against rtl/rc_compress.v, every output every cycle. */
#include <string.h>

#include "harness.h"
#include "ports_rc_compress.h"
#include "rc_compress.h"
#include "stim.h"

static const char *const state_names[] = {"idle", "deltas C0-C15", "deltas C16-C31",
                                          "deltas C32-C47", "deltas C48-C63"};
enum { STATES = 5 };

typedef rc_compress_ports ports;

typedef struct {
    unsigned kind[STIM_KINDS], pattern[RC_PATTERN_KINDS], codes[8][8];
    unsigned trans[STATES][STATES], abort, divergent, reset;
} bins;

/* The write being driven: its components, subwavefront due next (0..3, 4 = none). */
typedef struct {
    uint32_t c[DRF_COMPONENTS];
    enum stim_kind kind;
    unsigned next_sw;
    bool divergent, aborted;
} write_txn;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned k = 0; k < STIM_KINDS; k++)
        v->kind[k] = hx_bin(b, "stimulus %s written", stim_kind_name(k));
    for (unsigned k = 0; k < RC_PATTERN_KINDS; k++)
        v->pattern[k] = hx_bin(b, "full write classified %s", rc_pattern_name(k));
    for (unsigned e = 0; e < 8; e++)
        for (unsigned d = 0; d < 8; d++)
            v->codes[e][d] = hx_bin(b, "compressed with log2de=%u log2db=%u", e, d);
    static const int legal[][2] = {{0, 0}, {0, 1}, {1, 2}, {1, 0}, {2, 3}, {2, 0}, {3, 4},
                                   {3, 0}, {4, 0}, {4, 1}, {1, 1}, {2, 1}, {3, 1}};
    memset(v->trans, 0xFF, sizeof v->trans);
    for (unsigned i = 0; i < sizeof legal / sizeof legal[0]; i++)
        v->trans[legal[i][0]][legal[i][1]] =
            hx_bin(b, "FSM %s -> %s", state_names[legal[i][0]], state_names[legal[i][1]]);
    v->abort = hx_bin(b, "write aborted by a new start");
    v->divergent = hx_bin(b, "divergent write");
    v->reset = hx_bin(b, "reset mid-stream");
}

static void new_write(hx_bench *b, write_txn *w)
{
    w->kind = stim_pick(&b->rng);
    stim_register(&b->rng, w->kind, w->c);
    w->next_sw = 0;
    w->divergent = rng_chance(&b->rng, 1, 20);
    w->aborted = false;
}

/* Checks the cycle-level model against the whole-register functional model. */
static void check_complete_write(hx_bench *b, const bins *v, const write_txn *w,
                                 const rc_compress_out *o)
{
    rc_entry e;
    const bool ok = rc_compress_register(w->c, &e) && !w->divergent;
    hx_assert(b, o->compr_final == ok, "step model compr_final == functional model",
              ok, o->compr_final);
    if (ok) {
        hx_assert(b, o->st_c0 == e.c0, "st_c0 == functional C0", e.c0, o->st_c0);
        hx_assert(b, o->st_log2de == e.log2de && o->st_log2db == e.log2db,
                  "table codes == functional codes", (uint64_t)e.log2de << 8 | e.log2db,
                  (uint64_t)o->st_log2de << 8 | o->st_log2db);
        hx_hit(b, v->codes[e.log2de][e.log2db]);
    }
    hx_hit(b, v->kind[w->kind]);
    if (!w->divergent)
        hx_hit(b, v->pattern[rc_classify(w->c)]);
}

static void expect_outputs(hx_bench *b, const ports *p, const rc_compress_out *o)
{
    hx_expect(b, p->state, o->state);
    hx_expect(b, p->w_en_delta, o->w_en_delta);
    hx_expect(b, p->w_en_c, o->w_en_c);
    hx_expect(b, p->comp_deltas, o->comp_deltas);
    hx_expect(b, p->final_st, o->final_st);
    hx_expect(b, p->w_en_st, o->w_en_st);
    hx_expect(b, p->compr, o->compr);
    hx_expect(b, p->compr_final, o->compr_final);
    hx_expect(b, p->pg, o->pg);
    hx_expect(b, p->st_reg, o->st_reg);
    hx_expect(b, p->st_c0, o->st_c0);
    hx_expect(b, p->st_log2de, o->st_log2de);
    hx_expect(b, p->st_log2db, o->st_log2db);
    hx_expect(b, p->ref_log2de, o->ref_log2de);
    hx_expect(b, p->ref_log2db, o->ref_log2db);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "rc_compress", "register writes", argc, argv, 100000);
    ports p;
    rc_compress_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    rc_compress_state s;
    rc_compress_reset(&s);
    write_txn cur = {.next_sw = DRF_SUBWAVEFRONTS}, nxt;
    while (hx_running(&b)) {
        rc_compress_in in = {0};
        in.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 20000);
        const bool writing = cur.next_sw < DRF_SUBWAVEFRONTS;
        const bool last = cur.next_sw == DRF_SUBWAVEFRONTS - 1;
        /* start: from idle, back-to-back on the last subwavefront, rarely mid-write */
        in.start = !in.rst && (!writing ? rng_chance(&b.rng, 1, 2)
                               : last ? rng_chance(&b.rng, 1, 2) : rng_chance(&b.rng, 1, 60));
        if (in.start) {
            new_write(&b, &nxt);
            in.dst = (uint8_t)rng_below(&b.rng, DRF_REGS);
            in.divergent = nxt.divergent;
        } else {
            in.dst = (uint8_t)rng_rand32(&b.rng);
            in.divergent = rng_chance(&b.rng, 1, 2);
        }
        if (writing)
            memcpy(in.sw_data, &cur.c[cur.next_sw * DRF_SW_LANES], sizeof in.sw_data);
        else
            for (unsigned j = 0; j < DRF_SW_LANES; j++)
                in.sw_data[j] = rng_rand32(&b.rng);

        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.start, in.start);
        hx_set(&b, p.divergent, in.divergent);
        hx_set(&b, p.dst, in.dst);
        hx_set_words(&b, p.sw_data, in.sw_data, DRF_SW_LANES);
        hx_eval(&b);

        const uint8_t from = s.state;
        rc_compress_out o;
        rc_compress_step(&s, &in, &o);
        expect_outputs(&b, &p, &o);
        if (v.trans[from][s.state] != 0xFFFFFFFFu && !in.rst)
            hx_hit(&b, v.trans[from][s.state]);

        if (in.rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        if (writing) {
            if (last && !cur.aborted && !in.rst)
                check_complete_write(&b, &v, &cur, &o);
            cur.next_sw++;
            if ((in.start && !last) || in.rst) {
                cur.aborted = true;
                cur.next_sw = DRF_SUBWAVEFRONTS;
                if (in.start)
                    hx_hit(&b, v.abort);
            }
            if (cur.next_sw == DRF_SUBWAVEFRONTS)
                hx_txn_done(&b);
        }
        if (in.start) {
            cur = nxt;
            if (cur.divergent)
                hx_hit(&b, v.divergent);
        }
        hx_tick(&b);
    }
    return hx_finish(&b);
}
