/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RF-BRO bank organization table and its kernel-level re-organization
 * (pv-nbti-banked-rf paper Sections 3.2.2-3.2.3, 4.2.2): cmodel/pv_bank_org.c against
 * rtl/pv_bank_org.v every cycle; after each ranking the table is checked to be sorted by delay
 * (ties to the lower ID), a permutation, 0-10 fast, and the boundary the 22nd fastest delay. */
#include "harness.h"
#include "ports_pv_bank_org.h"
#include "pv_bank_org.h"
#include "pv_pack.h"

#include <string.h>

enum { DW = (DRF_PV_SUBBANKS * DRF_PV_DELAY_BITS + 31) / 32,
       TW = (DRF_PV_BANKS * DRF_PV_SB_BITS + 31) / 32, KINDS = 4 };

static const char *const kind_name[KINDS] = {"full-range delays", "delays 0..7 (many ties)",
                                             "all delays equal", "Section 4.2.2's sb5, sb3, sb28, sb0 first"};

typedef pv_bank_org_ports ports;

typedef struct {
    unsigned ranked[KINDS], refused_busy, both, rom_load, rom_then_reorg, reset_busy,
        lk_fast, lk_slow, boundary_max, golden;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned k = 0; k < KINDS; k++)
        v->ranked[k] = hx_bin(b, "ranking completed: %s", kind_name[k]);
    v->refused_busy = hx_bin(b, "reorg or wr refused while ranking");
    v->both = hx_bin(b, "reorg and wr at once refused");
    v->rom_load = hx_bin(b, "ROM load of an entry");
    v->rom_then_reorg = hx_bin(b, "ranking over a ROM-loaded table");
    v->reset_busy = hx_bin(b, "reset while ranking");
    v->lk_fast = hx_bin(b, "lookup of a fast virtual bank");
    v->lk_slow = hx_bin(b, "lookup of a slow virtual bank");
    v->boundary_max = hx_bin(b, "boundary = the largest code");
    v->golden = hx_bin(b, "Section 4.2.2 table: entry 0 = sb5, sb3; entry 1 = sb28, sb0");
}

static void random_delays(rng_state *r, unsigned kind, uint16_t d[DRF_PV_SUBBANKS])
{
    const uint16_t same = (uint16_t)rng_below(r, PV_DELAY_MAX + 1);
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        d[i] = kind == 1 ? (uint16_t)rng_below(r, 8)
             : kind == 2 ? same
             : (uint16_t)(kind == 3 ? 100 + rng_below(r, PV_DELAY_MAX - 100) : rng_below(r, PV_DELAY_MAX + 1));
    if (kind == 3) {
        const unsigned first[] = {5, 3, 28, 0};
        for (unsigned k = 0; k < 4; k++)
            d[first[k]] = (uint16_t)k;
    }
}

/* The table after a ranking, from the delays alone. */
static void check_ranked(hx_bench *b, const uint16_t d[DRF_PV_SUBBANKS], const pv_org_table *t,
                         uint16_t boundary)
{
    uint32_t seen = 0;
    for (unsigned pos = 0; pos < DRF_PV_SUBBANKS; pos++) {
        const unsigned sb = t->sb[pos / 2][pos % 2];
        seen |= 1u << sb;
        if (pos + 1 < DRF_PV_SUBBANKS) {
            const unsigned nx = t->sb[(pos + 1) / 2][(pos + 1) % 2];
            hx_assert(b, d[sb] < d[nx] || (d[sb] == d[nx] && sb < nx),
                      "ranked: each sub-bank faster than the next, ties to the lower ID", sb, nx);
        }
    }
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        hx_assert(b, t->slow[v] == (v >= DRF_PV_FAST_BANKS), "virtual banks 0-10 fast, 11-15 slow",
                  v >= DRF_PV_FAST_BANKS, t->slow[v]);
    hx_assert(b, seen == 0xffffffffu, "the table holds every sub-bank once", 0xffffffffu, seen);
    const unsigned bsb = t->sb[PV_BOUNDARY_RANK / 2][PV_BOUNDARY_RANK % 2];
    hx_assert(b, boundary == d[bsb], "boundary == delay of the 22nd fastest sub-bank", d[bsb],
              boundary);
}

/* delay_w: in->delay packed (the port's words). */
static void drive(hx_bench *b, const ports *p, const pv_bank_org_in *in, const uint32_t *delay_w)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->reorg, in->reorg);
    hx_set_words(b, p->delay, delay_w, DW);
    hx_set(b, p->wr, in->wr);
    hx_set(b, p->wr_v, in->wr_v);
    hx_set(b, p->wr_sb0, in->wr_sb0);
    hx_set(b, p->wr_sb1, in->wr_sb1);
    hx_set(b, p->wr_slow, in->wr_slow);
    hx_set(b, p->lk_v, in->lk_v);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const pv_bank_org_out *o)
{
    unsigned f0[DRF_PV_BANKS], f1[DRF_PV_BANKS], slow = 0;
    uint32_t w0[TW], w1[TW];
    for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
        f0[v] = o->table.sb[v][0];
        f1[v] = o->table.sb[v][1];
        slow |= (unsigned)o->table.slow[v] << v;
    }
    pv_pack(w0, TW, f0, DRF_PV_BANKS, DRF_PV_SB_BITS);
    pv_pack(w1, TW, f1, DRF_PV_BANKS, DRF_PV_SB_BITS);
    hx_expect(b, p->lk_sb0, o->lk_sb0);
    hx_expect(b, p->lk_sb1, o->lk_sb1);
    hx_expect(b, p->lk_slow, o->lk_slow);
    hx_expect(b, p->busy, o->busy);
    hx_expect(b, p->boundary, o->boundary);
    hx_expect(b, p->err, o->err);
    hx_expect_words(b, p->table_sb0, w0, TW);
    hx_expect_words(b, p->table_sb1, w1, TW);
    hx_expect(b, p->table_slow, slow);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pv_bank_org", "re-organizations", argc, argv, 40000);
    ports p;
    pv_bank_org_open(&b, &p);
    bins v;
    make_bins(&b, &v);
    pv_bank_org_state st;
    pv_bank_org_reset(&st);
    uint16_t ranking[DRF_PV_SUBBANKS] = {0};
    unsigned kind = 0;
    bool rom_loaded = false, was_busy = false;
    unsigned busy_run = 0; /* busy cycles since the last accepted re-organization */
    uint16_t delay[DRF_PV_SUBBANKS] = {0};
    uint32_t delay_w[DW] = {0};
    unsigned nkind = 0;
    while (hx_running(&b)) {
        pv_bank_org_in in = {.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 5000),
                             .lk_v = (uint8_t)rng_below(&b.rng, DRF_PV_BANKS),
                             .wr_v = (uint8_t)rng_below(&b.rng, DRF_PV_BANKS),
                             .wr_sb0 = (uint8_t)rng_below(&b.rng, DRF_PV_SUBBANKS),
                             .wr_sb1 = (uint8_t)rng_below(&b.rng, DRF_PV_SUBBANKS),
                             .wr_slow = rng_chance(&b.rng, 1, 2)};
        const bool busy = pv_bank_org_busy(&st);
        in.reorg = rng_chance(&b.rng, 1, busy ? 16 : 6);
        in.wr = rng_chance(&b.rng, 1, busy ? 16 : 4);
        if (in.reorg) { /* new delays on the port; otherwise the last ones stay */
            unsigned f[DRF_PV_SUBBANKS];
            nkind = rng_below(&b.rng, KINDS);
            random_delays(&b.rng, nkind, delay);
            for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
                f[i] = delay[i];
            pv_pack(delay_w, DW, f, DRF_PV_SUBBANKS, DRF_PV_DELAY_BITS);
        }
        memcpy(in.delay, delay, sizeof delay);
        drive(&b, &p, &in, delay_w);
        const bool accepted = !busy && in.reorg && !in.rst;
        pv_bank_org_out o;
        pv_bank_org_step(&st, &in, &o);
        expect(&b, &p, &o);
        if (was_busy && !busy && !hx_in_reset(&b)) { /* a ranking just ended */
            hx_assert(&b, busy_run == DRF_PV_ORG_CYCLES - 1u,
                      "busy cycles of a re-organization (DRF_PV_ORG_CYCLES - 1)",
                      DRF_PV_ORG_CYCLES - 1u, busy_run);
            check_ranked(&b, ranking, &o.table, o.boundary);
            hx_hit(&b, v.ranked[kind]);
            if (rom_loaded)
                hx_hit(&b, v.rom_then_reorg);
            if (o.boundary == PV_DELAY_MAX)
                hx_hit(&b, v.boundary_max);
            if (kind == 3 && o.table.sb[0][0] == 5 && o.table.sb[0][1] == 3 &&
                o.table.sb[1][0] == 28 && o.table.sb[1][1] == 0)
                hx_hit(&b, v.golden);
            rom_loaded = false;
            hx_txn_done(&b);
        }
        if (accepted) {
            for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
                ranking[i] = in.delay[i] & PV_DELAY_MAX;
            kind = nkind;
        }
        if (o.err)
            hx_hit(&b, busy ? v.refused_busy : v.both);
        if (!busy && in.wr && !in.reorg && !in.rst) {
            hx_hit(&b, v.rom_load);
            rom_loaded = true;
        }
        if (in.rst && busy)
            hx_hit(&b, v.reset_busy);
        hx_hit(&b, o.lk_slow ? v.lk_slow : v.lk_fast);
        was_busy = in.rst ? false : busy || accepted;
        busy_run = accepted ? 0 : busy_run + busy;
        hx_tick(&b);
    }
    return hx_finish(&b);
}
