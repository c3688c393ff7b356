/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the Eq. (3) / FBA-RM bank map (pv-nbti-banked-rf paper Sections 3.3.1-3.3.2):
 * cmodel/pv_bank_map.c against rtl/pv_bank_map.v, exhaustive over warp, register and fast_regs
 * (2^19 cycles), plus the paper's formulas recomputed here and Fig. 6's golden vector. */
#include "harness.h"
#include "ports_pv_bank_map.h"
#include "pv_bank_map.h"

enum { ALL_INPUTS = 64 * 64 * 128 };

typedef pv_bank_map_ports ports;

typedef struct {
    unsigned bank[DRF_PV_BANKS], fba[DRF_PV_BANKS], fig6, all_fast, all_slow, beyond_warps;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned k = 0; k < DRF_PV_BANKS; k++)
        v->bank[k] = hx_bin(b, "Eq. (3) bank %u", k);
    for (unsigned k = 0; k < DRF_PV_BANKS; k++)
        v->fba[k] = hx_bin(b, "FBA-RM bank %u", k);
    v->fig6 = hx_bin(b, "Fig. 6: R11-R15 of warp 0, R0-R4 of warp 11 on banks 11-15");
    v->all_fast = hx_bin(b, "fast_regs = 64: every register on a fast bank");
    v->all_slow = hx_bin(b, "fast_regs = 0: every register on a slow bank");
    v->beyond_warps = hx_bin(b, "warp 48-63 (beyond the SM's 48, not checked)");
}

/* The paper's formulas, written again here. */
static void check(hx_bench *b, const pv_bank_map_in *in, const pv_bank_map_out *o)
{
    const unsigned s = in->warp + in->reg, fast = in->reg < in->fast_regs;
    const unsigned fba = fast ? s % 11 : 11 + s % 5;
    hx_assert(b, o->bank == s % 16, "bank == (warp + reg) % 16", s % 16, o->bank);
    hx_assert(b, o->fba_fast == fast, "fba_fast == reg < fast_regs", fast, o->fba_fast);
    hx_assert(b, o->bank_fba == fba, "bank_fba: mod 11 fast, 11 + mod 5 slow", fba, o->bank_fba);
}

static void cover(hx_bench *b, const bins *v, const pv_bank_map_in *in, const pv_bank_map_out *o)
{
    hx_hit(b, v->bank[o->bank]);
    hx_hit(b, v->fba[o->bank_fba]);
    if ((in->warp == 0 && in->reg >= 11 && in->reg <= 15) || (in->warp == 11 && in->reg <= 4))
        if (o->bank >= 11)
            hx_hit(b, v->fig6);
    if (in->fast_regs == 64 && o->fba_fast)
        hx_hit(b, v->all_fast);
    if (in->fast_regs == 0 && o->bank_fba >= DRF_PV_FAST_BANKS)
        hx_hit(b, v->all_slow);
    if (in->warp >= DRF_PV_WARPS)
        hx_hit(b, v->beyond_warps);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pv_bank_map", "input combinations", argc, argv, ALL_INPUTS);
    ports p;
    pv_bank_map_open(&b, &p);
    hx_arm(&b); /* combinational */
    bins v;
    make_bins(&b, &v);
    /* the seed picks where the sweep starts; a run of ALL_INPUTS visits every input once */
    const uint64_t start = rng_rand64(&b.rng);
    for (uint64_t i = 0; hx_running(&b); i++) {
        const uint64_t x = (start + i) % ALL_INPUTS;
        const pv_bank_map_in in = {.warp = (uint8_t)(x % 64), .reg = (uint8_t)(x / 64 % 64),
                                   .fast_regs = (uint8_t)(x / 4096)};
        hx_set(&b, p.warp, in.warp);
        hx_set(&b, p.reg_id, in.reg);
        hx_set(&b, p.fast_regs, in.fast_regs);
        hx_eval(&b);
        pv_bank_map_out o;
        pv_bank_map_step(&in, &o);
        hx_expect(&b, p.bank, o.bank);
        hx_expect(&b, p.bank_fba, o.bank_fba);
        hx_expect(&b, p.fba_fast, o.fba_fast);
        check(&b, &in, &o);
        cover(&b, &v, &in, &o);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
