/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the bank renaming table (pv-nbti-banked-rf paper Section 4.2.1, Figs. 9-10):
 * cmodel/pv_bank_rename.c against rtl/pv_bank_rename.v every cycle, plus a scoreboard of the 8
 * rows filled by the rule in its closed form (a bank's virtual bank = its category's base + the
 * banks of its category met from R0 of the last warp on). */
#include "harness.h"
#include "ports_pv_bank_rename.h"
#include "pv_bank_rename.h"

typedef pv_bank_rename_ports ports;

typedef struct {
    unsigned lw[16], block[DRF_PV_BLOCKS], err, lk_launching, fig9, fig10, reset_mid;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned k = 0; k < 16; k++)
        v->lw[k] = hx_bin(b, "launch with last_warp %% 16 = %u", k);
    for (unsigned k = 0; k < DRF_PV_BLOCKS; k++)
        v->block[k] = hx_bin(b, "launch of block %u", k);
    v->err = hx_bin(b, "launch refused: last_warp 48-63");
    v->lk_launching = hx_bin(b, "lookup of the launching block (old row)");
    v->fig9 = hx_bin(b, "Fig. 9: last warp 15, bank 15 -> 11 and bank 0 -> 0 looked up");
    v->fig10 = hx_bin(b, "Fig. 10: block 2, bank 1 -> virtual 6 looked up");
    v->reset_mid = hx_bin(b, "reset after launches");
}

/* The rule in closed form: fast banks 0-10 met before b from last_warp % 16 on, circularly. */
static unsigned rule(unsigned lw, unsigned b)
{
    const unsigned start = lw % 16, fast = b < DRF_PV_FAST_BANKS;
    unsigned met = 0;
    for (unsigned x = start; x != b; x = (x + 1) % 16)
        met += (x < DRF_PV_FAST_BANKS) == fast;
    return fast ? met : DRF_PV_FAST_BANKS + met;
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pv_bank_rename", "lookups", argc, argv, 2000000);
    ports p;
    pv_bank_rename_open(&b, &p);
    bins v;
    make_bins(&b, &v);
    pv_bank_rename_state st;
    pv_bank_rename_reset(&st);
    unsigned last[DRF_PV_BLOCKS] = {0}, launches = 0; /* scoreboard: each row's last warp */
    while (hx_running(&b)) {
        pv_bank_rename_in in = {.rst = hx_in_reset(&b) || rng_chance(&b.rng, 1, 20000),
                                .launch = rng_chance(&b.rng, 1, 4),
                                .launch_block = (uint8_t)rng_below(&b.rng, DRF_PV_BLOCKS),
                                .launch_last_warp = (uint8_t)rng_below(&b.rng, 64),
                                .lk_block = (uint8_t)rng_below(&b.rng, DRF_PV_BLOCKS),
                                .lk_bank = (uint8_t)rng_below(&b.rng, DRF_PV_BANKS)};
        if (rng_chance(&b.rng, 1, 8))
            in.lk_block = in.launch_block;
        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.launch, in.launch);
        hx_set(&b, p.launch_block, in.launch_block);
        hx_set(&b, p.launch_last_warp, in.launch_last_warp);
        hx_set(&b, p.lk_block, in.lk_block);
        hx_set(&b, p.lk_bank, in.lk_bank);
        hx_eval(&b);
        pv_bank_rename_out o;
        pv_bank_rename_step(&st, &in, &o);
        hx_expect(&b, p.lk_vbank, o.lk_vbank);
        hx_expect(&b, p.err, o.err);
        const unsigned want = rule(last[in.lk_block], in.lk_bank);
        hx_assert(&b, o.lk_vbank == want, "lookup == the rule for the row's last warp", want,
                  o.lk_vbank);
        hx_assert(&b, o.err == (in.launch && in.launch_last_warp >= DRF_PV_WARPS),
                  "err == launch with last_warp >= 48", 0, o.err);
        if (!hx_in_reset(&b)) {
            if (in.lk_block == 2 && in.lk_bank == 1 && last[2] % 16 == 6 && o.lk_vbank == 6)
                hx_hit(&b, v.fig10);
            if (last[in.lk_block] % 16 == 15 && ((in.lk_bank == 15 && o.lk_vbank == 11) ||
                                                 (in.lk_bank == 0 && o.lk_vbank == 0)))
                hx_hit(&b, v.fig9);
            if (in.launch && in.lk_block == in.launch_block)
                hx_hit(&b, v.lk_launching);
        }
        if (in.rst) {
            if (launches && !hx_in_reset(&b))
                hx_hit(&b, v.reset_mid);
            for (unsigned k = 0; k < DRF_PV_BLOCKS; k++)
                last[k] = 0;
            launches = 0;
        } else if (in.launch && !o.err) {
            last[in.launch_block] = in.launch_last_warp;
            launches++;
            hx_hit(&b, v.lw[in.launch_last_warp % 16]);
            hx_hit(&b, v.block[in.launch_block]);
        } else if (o.err) {
            hx_hit(&b, v.err);
        }
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
