/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the PV/NBTI banked-RF C models (pv-nbti-banked-rf paper Sections 3.2-4.2) with
 * the golden vectors of the paper's own examples: Figs. 4, 5, 6, 9, 10 and Section 4.2.2. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pv_bank_map.h"
#include "pv_bank_org.h"
#include "pv_bank_rename.h"
#include "pv_busy_arb.h"
#include "pv_fwas.h"
#include "pv_rf.h"

static check_counts c;

/* Delays putting the listed sub-banks first, in that order; the others after, by ID. */
static void delays_ranked(const unsigned *first, unsigned n, double d[DRF_PV_SUBBANKS])
{
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        d[i] = 100.0 + i;
    for (unsigned k = 0; k < n; k++)
        d[first[k]] = 1.0 + k;
}

/* Fig. 6: R11-R15 of warp 0 and R0-R4 of warp 11 on the slow banks 11-15; Section 3.3.1: R1 of
 * warp 0 and warp 1 on banks 1 and 2; Fig. 9: bank 15 holds R0 of warp 15, R1 of 14, R2 of 13,
 * R3 of 12. */
static void test_eq3(void)
{
    for (unsigned k = 0; k < 5; k++) {
        CHECK(&c, pv_bank_eq3(0, 11 + k) == 11 + k);
        CHECK(&c, pv_bank_eq3(11, k) == 11 + k);
    }
    CHECK(&c, pv_bank_eq3(0, 1) == 1 && pv_bank_eq3(1, 1) == 2);
    for (unsigned k = 0; k < 4; k++)
        CHECK(&c, pv_bank_eq3(15 - k, k) == 15);
    CHECK(&c, pv_bank_eq3(47, 63) == (47 + 63) % 16);
}

/* FBA-RM: registers below fast_regs on banks (w + r) % 11, the others on 11 + (w + r) % 5. */
static void test_fba(void)
{
    for (unsigned w = 0; w < DRF_PV_WARPS; w++)
        for (unsigned r = 0; r < DRF_PV_REG_IDS; r++) {
            const pv_bank_map_in in = {.warp = (uint8_t)w, .reg = (uint8_t)r, .fast_regs = 14};
            pv_bank_map_out o;
            pv_bank_map_step(&in, &o);
            CHECK(&c, o.bank == (w + r) % 16);
            CHECK(&c, o.fba_fast == (r < 14));
            CHECK(&c, r < 14 ? o.bank_fba == (w + r) % 11 : o.bank_fba == 11 + (w + r) % 5);
        }
    CHECK(&c, pv_fba_fast_regs(48, 14) == 14);  /* 672 <= 704: all fast */
    CHECK(&c, pv_fba_fast_regs(48, 21) == 14);  /* 1008 > 704: floor(704 / 48) */
    CHECK(&c, pv_fba_fast_regs(16, 44) == 44);
    CHECK(&c, pv_fba_fast_regs(32, 32) == 22);
}

static bool table_has(const pv_org_table *t, unsigned v, unsigned a, unsigned b)
{
    return (t->sb[v][0] == a && t->sb[v][1] == b) || (t->sb[v][0] == b && t->sb[v][1] == a);
}

/* Section 4.2.2: ranking sb5, sb3, sb28, sb0, ... -> virtual bank 0 = {sb5, sb3}, 1 = {sb28,
 * sb0}; Fig. 4: new bank 0 = sub-banks 0 and 5; Fig. 5: bank 2 -> sub-banks 1 and 4. */
static void test_org_golden(void)
{
    double d[DRF_PV_SUBBANKS];
    pv_org_table t;
    unsigned bsb;
    const unsigned s422[] = {5, 3, 28, 0};
    delays_ranked(s422, 4, d);
    pv_org_build(d, &t, &bsb);
    CHECK(&c, t.sb[0][0] == 5 && t.sb[0][1] == 3);
    CHECK(&c, t.sb[1][0] == 28 && t.sb[1][1] == 0);
    const unsigned fig4[] = {0, 5};
    delays_ranked(fig4, 2, d);
    pv_org_build(d, &t, &bsb);
    CHECK(&c, table_has(&t, 0, 0, 5));
    const unsigned fig5[] = {6, 7, 8, 9, 1, 4};
    delays_ranked(fig5, 6, d);
    pv_org_build(d, &t, &bsb);
    CHECK(&c, table_has(&t, 2, 1, 4) && !t.slow[2]);
}

/* Fig. 4's proportions: one slow sub-bank in each of 10 banks makes 10 of 16 banks (62.5%)
 * two-cycle under VL-SB alone; RF-BRO leaves 5 (31.25%). */
static void test_fig4_share(void)
{
    double d[DRF_PV_SUBBANKS];
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        d[i] = i % 2 && i < 20 ? 200.0 + i : 100.0 + i; /* sb 1, 3, ..., 19 the slowest */
    pv_org_table t;
    unsigned bsb;
    pv_org_build(d, &t, &bsb);
    bool slow_sb[DRF_PV_SUBBANKS] = {false};
    unsigned slow_v = 0, slow_phys = 0;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
        slow_v += t.slow[v];
        if (t.slow[v])
            slow_sb[t.sb[v][0]] = slow_sb[t.sb[v][1]] = true;
    }
    for (unsigned b = 0; b < DRF_PV_BANKS; b++)
        slow_phys += slow_sb[2 * b] || slow_sb[2 * b + 1];
    CHECK(&c, slow_phys == 10 && slow_v == 5);
}

/* VL-SB: virtual banks 0-10 fast, 11-15 slow; the table is a permutation sorted fastest first;
 * the boundary is the 22nd fastest sub-bank; ties keep the lower ID first. */
static void test_org_properties(void)
{
    srand(7);
    for (unsigned trial = 0; trial < 2000; trial++) {
        double d[DRF_PV_SUBBANKS];
        for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
            d[i] = (double)(rand() % (trial % 2 ? 8 : 1000)); /* many ties on odd trials */
        pv_org_table t;
        unsigned bsb = 99, seen = 0, fast_le = 0;
        pv_org_build(d, &t, &bsb);
        bool ok = true;
        for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
            ok &= t.slow[v] == (v >= DRF_PV_FAST_BANKS);
            for (unsigned h = 0; h < 2; h++) {
                const unsigned sb = t.sb[v][h], pos = 2 * v + h;
                seen |= 1u << sb;
                if (pos + 1 < DRF_PV_SUBBANKS) {
                    const unsigned nx = t.sb[(pos + 1) / 2][(pos + 1) % 2];
                    ok &= d[sb] < d[nx] || (d[sb] == d[nx] && sb < nx);
                }
            }
        }
        for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
            fast_le += d[i] < d[bsb] || (d[i] == d[bsb] && i <= bsb);
        CHECK(&c, ok && seen == 0xffffffffu && fast_le == PV_FAST_SUBBANKS);
    }
}

/* The clocked table: 32 busy cycles, then the same table as pv_org_build; err and ROM load. */
static void test_org_step(void)
{
    pv_bank_org_state s;
    pv_bank_org_reset(&s);
    pv_bank_org_in in = {.reorg = true};
    pv_bank_org_out o;
    double d[DRF_PV_SUBBANKS];
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        d[i] = in.delay[i] = (uint16_t)((i * 37 + 11) % 19 * 100);
    pv_bank_org_step(&s, &in, &o);
    CHECK(&c, !o.busy && !o.err);
    in.reorg = false;
    unsigned cycles = 0;
    do {
        in.wr = cycles == 3; /* refused while ranking */
        pv_bank_org_step(&s, &in, &o);
        CHECK(&c, o.err == in.wr);
        cycles++;
    } while (o.busy);
    CHECK(&c, cycles == DRF_PV_ORG_CYCLES); /* the busy cycles and the first idle one */
    pv_org_table t;
    unsigned bsb;
    pv_org_build(d, &t, &bsb);
    CHECK(&c, memcmp(&t, &s.t, sizeof t) == 0);
    CHECK(&c, o.boundary == in.delay[bsb]);
    in = (pv_bank_org_in){.wr = true, .wr_v = 2, .wr_sb0 = 1, .wr_sb1 = 4, .wr_slow = false};
    pv_bank_org_step(&s, &in, &o);
    in = (pv_bank_org_in){.lk_v = 2};
    pv_bank_org_step(&s, &in, &o); /* Fig. 5: bank 2 -> sub-banks 1 and 4, fast */
    CHECK(&c, o.lk_sb0 == 1 && o.lk_sb1 == 4 && !o.lk_slow);
    in = (pv_bank_org_in){.reorg = true, .wr = true};
    pv_bank_org_step(&s, &in, &o);
    CHECK(&c, o.err && pv_bank_org_busy(&s));
}

/* Fig. 9: block P, last warp 15: bank 15 -> virtual 11, bank 0 -> virtual 0; Fig. 10: bank 1
 * -> virtual 6 for last warp 6 (block 2's row, looked up after its launch). */
static void test_rename_golden(void)
{
    uint8_t row[DRF_PV_BANKS];
    pv_rename_row(15, row);
    CHECK(&c, row[15] == 11 && row[0] == 0);
    pv_rename_row(6, row);
    CHECK(&c, row[1] == 6);
    const uint8_t lw6[DRF_PV_BANKS] = {5, 6, 7, 8, 9, 10, 0, 1, 2, 3, 4, 11, 12, 13, 14, 15};
    CHECK(&c, memcmp(row, lw6, sizeof row) == 0);

    pv_bank_rename_state s;
    pv_bank_rename_reset(&s);
    pv_bank_rename_in in = {.launch = true, .launch_block = 2, .launch_last_warp = 6,
                            .lk_block = 2, .lk_bank = 1};
    pv_bank_rename_out o;
    pv_bank_rename_step(&s, &in, &o);
    CHECK(&c, o.lk_vbank == 1 && !o.err); /* the old (identity) row in the launch cycle */
    in.launch = false;
    pv_bank_rename_step(&s, &in, &o);
    CHECK(&c, o.lk_vbank == 6);
    in = (pv_bank_rename_in){.launch = true, .launch_block = 2, .launch_last_warp = 48,
                             .lk_block = 2, .lk_bank = 1};
    pv_bank_rename_step(&s, &in, &o);
    pv_bank_rename_step(&s, &in, &o);
    CHECK(&c, o.err && o.lk_vbank == 6);
}

/* Every row: a permutation that keeps each bank's category, R0 of the last warp's bank on the
 * fastest of its category, and the k-th fast (slow) bank met on the k-th fast (slow) vbank. */
static void test_rename_properties(void)
{
    for (unsigned lw = 0; lw < DRF_PV_WARPS; lw++) {
        uint8_t row[DRF_PV_BANKS];
        pv_rename_row(lw, row);
        unsigned seen = 0, nf = 0, ns = 0;
        bool ok = true;
        for (unsigned k = 0; k < DRF_PV_BANKS; k++) {
            const unsigned b = (lw + k) % 16, fast = b < DRF_PV_FAST_BANKS;
            seen |= 1u << row[b];
            ok &= fast ? row[b] == nf++ : row[b] == DRF_PV_FAST_BANKS + ns++;
        }
        const unsigned b0 = lw % 16;
        ok &= row[b0] == (b0 < DRF_PV_FAST_BANKS ? 0 : DRF_PV_FAST_BANKS);
        CHECK(&c, ok && seen == 0xffffu);
    }
    uint8_t id[DRF_PV_BANKS];
    pv_rename_row(0, id);
    for (unsigned b = 0; b < DRF_PV_BANKS; b++)
        CHECK(&c, id[b] == b);
}

/* Fig. 5: a slow access holds its bank for two cycles (the next request stalls), a fast one
 * for one; only the accessed sub-banks latch busy. */
static void test_busy_arb(void)
{
    pv_busy_arb_state s;
    pv_busy_arb_reset(&s);
    pv_busy_arb_in in = {.req = 1u << 12 | 1u << 3, .slow = 0xf800};
    pv_org_table t;
    pv_org_identity(&t);
    memcpy(in.sb, t.sb, sizeof in.sb);
    pv_busy_arb_out o;
    pv_busy_arb_step(&s, &in, &o);
    CHECK(&c, o.grant == (1u << 12 | 1u << 3) && o.stall == 0 && o.sb_busy == 0);
    pv_busy_arb_step(&s, &in, &o);
    CHECK(&c, o.grant == 1u << 3 && o.stall == 1u << 12 && o.busy == 1u << 12);
    CHECK(&c, o.sb_busy == (3u << 24));
    pv_busy_arb_step(&s, &in, &o);
    CHECK(&c, o.grant == (1u << 12 | 1u << 3) && o.sb_busy == 0);
    in.rst = true;
    pv_busy_arb_step(&s, &in, &o);
    in.rst = false;
    pv_busy_arb_step(&s, &in, &o);
    CHECK(&c, o.stall == 0);
}

/* FWAS: fast ready warps first, round-robin within each class on its own pointer. */
static void test_fwas(void)
{
    const uint8_t fast_i[] = {0, 3, 10, 7}, slow_i[] = {0, 11, 3};
    CHECK(&c, pv_fwas_inst_fast(fast_i, 4) && !pv_fwas_inst_fast(slow_i, 3));
    pv_fwas_state s;
    pv_fwas_reset(&s);
    pv_fwas_in in = {.ready = 0xf0f, .fast = 0x0f0 | 0x300};
    pv_fwas_out o;
    const unsigned order[] = {8, 9, 8, 9};
    for (unsigned k = 0; k < 4; k++) {
        pv_fwas_step(&s, &in, &o);
        CHECK(&c, o.valid && o.warp_fast && o.warp == order[k]);
    }
    in.fast = 0;
    const unsigned slow_order[] = {0, 1, 2, 3, 8, 9, 10, 11, 0};
    for (unsigned k = 0; k < 9; k++) {
        pv_fwas_step(&s, &in, &o);
        CHECK(&c, o.valid && !o.warp_fast && o.warp == slow_order[k]);
    }
    in.stall = true;
    pv_fwas_step(&s, &in, &o);
    pv_fwas_step(&s, &in, &o);
    CHECK(&c, o.warp == 1);
    in.ready = 0;
    pv_fwas_step(&s, &in, &o);
    CHECK(&c, !o.valid && o.warp == 0);
}

static pv_rf_state rf;

static pv_rf_out rf_step(pv_rf_in in)
{
    pv_rf_out o;
    pv_rf_step(&rf, &in, &o);
    return o;
}

static void fill(uint32_t *w, uint32_t tag)
{
    for (unsigned i = 0; i < PV_VEC_WORDS; i++)
        w[i] = tag * 2654435761u + i;
}

/* pv_rf: a value written before other blocks launch (renamed differently) and after a
 * re-organization of the previous kernel reads back; slow banks stall; errors refuse. */
static void test_rf(void)
{
    pv_rf_power_on(&rf);
    pv_rf_in in = {.reorg = true};
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
        in.delay[i] = (uint16_t)(DRF_PV_SUBBANKS - i); /* sb31 fastest */
    CHECK(&c, !rf_step(in).err_reorg);
    unsigned busy = 0;
    while (rf_step((pv_rf_in){0}).org_busy)
        busy++;
    CHECK(&c, busy == DRF_PV_ORG_CYCLES - 1u); /* the ranking pipeline (D8) */
    CHECK(&c, rf_step((pv_rf_in){.launch = true, .launch_block = 0, .launch_first = 0,
                                 .launch_last = 7}).err_launch == false);
    pv_rf_in w = {.req = true, .we = true, .warp = 3, .reg = 5};
    fill(w.wdata, 1);
    pv_rf_out o = rf_step(w);
    /* warp 3 R5: bank 8, block 0 renamed with last warp 7: bank 8 -> vbank 1 -> sb29, sb28 */
    CHECK(&c, o.grant && o.vbank == 1 && o.sb0 == 29 && o.sb1 == 28 && !o.slow);
    CHECK(&c, rf_step((pv_rf_in){.launch = true, .launch_block = 1, .launch_first = 7,
                                 .launch_last = 9}).err_launch); /* warp 7 taken */
    CHECK(&c, !rf_step((pv_rf_in){.launch = true, .launch_block = 1, .launch_first = 8,
                                  .launch_last = 12}).err_launch);
    pv_rf_in w2 = {.req = true, .we = true, .warp = 12, .reg = 5}; /* bank 1 */
    fill(w2.wdata, 2);
    CHECK(&c, rf_step(w2).grant);
    pv_rf_in r = {.req = true, .warp = 3, .reg = 5};
    o = rf_step(r);
    CHECK(&c, o.grant && memcmp(o.rdata, w.wdata, sizeof w.wdata) == 0);
    r.warp = 12;
    o = rf_step(r);
    CHECK(&c, o.grant && memcmp(o.rdata, w2.wdata, sizeof w2.wdata) == 0);
    /* a slow bank: warp 3 R9 -> bank 12 -> vbank 12 (last warp 7) twice: stall the second */
    r = (pv_rf_in){.req = true, .warp = 3, .reg = 9};
    o = rf_step(r);
    CHECK(&c, o.slow && o.grant);
    o = rf_step(r);
    CHECK(&c, o.stall && !o.grant);
    CHECK(&c, rf_step(r).grant);
    CHECK(&c, rf_step((pv_rf_in){.reorg = true}).err_reorg); /* blocks live */
    CHECK(&c, rf_step((pv_rf_in){.req = true, .warp = 20}).err_access); /* no block */
    CHECK(&c, rf_step((pv_rf_in){.req = true, .warp = 3, .reg = 16}).err_access); /* kshift 0 */
    CHECK(&c, rf_step((pv_rf_in){.retire = true, .retire_block = 5}).err_retire);
    CHECK(&c, !rf_step((pv_rf_in){.retire = true, .retire_block = 0}).err_retire);
    CHECK(&c, rf_step((pv_rf_in){.req = true, .warp = 3, .reg = 5}).err_access);
    r.warp = 12, r.reg = 5;
    o = rf_step(r);
    CHECK(&c, o.grant && memcmp(o.rdata, w2.wdata, sizeof w2.wdata) == 0);
    CHECK(&c, rf_step((pv_rf_in){.launch = true, .launch_block = 2, .launch_first = 0,
                                 .launch_last = 7}).err_launch == false);
    r = (pv_rf_in){.req = true, .warp = 12, .reg = 5}; /* block 2's launch leaves it alone */
    o = rf_step(r);
    CHECK(&c, o.grant && memcmp(o.rdata, w2.wdata, sizeof w2.wdata) == 0);
}

int main(void)
{
    test_eq3();
    test_fba();
    test_org_golden();
    test_fig4_share();
    test_org_properties();
    test_org_step();
    test_rename_golden();
    test_rename_properties();
    test_busy_arb();
    test_fwas();
    test_rf();
    return check_done(&c, "test_pv");
}
