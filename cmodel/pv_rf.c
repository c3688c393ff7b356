/* SPDX-License-Identifier: Apache-2.0 */
/* PV/NBTI banked register file wrapper (pv-nbti-banked-rf paper Sections 3.2-3.3.1, 4.2);
 * mirrors rtl/pv_rf.v cycle by cycle. Decisions: docs/pv-decisions.md D14-D18. */
#include "pv_rf.h"

#include <string.h>

#include "pv_bank_map.h"

void pv_rf_reset(pv_rf_state *s)
{
    pv_bank_org_reset(&s->org);
    pv_bank_rename_reset(&s->ren);
    pv_busy_arb_reset(&s->arb);
    s->warp_owned = 0;
    memset(s->warp_block, 0, sizeof s->warp_block);
    s->block_live = 0;
    s->kshift = 0;
}

void pv_rf_power_on(pv_rf_state *s)
{
    memset(s->store, 0, sizeof s->store);
    pv_rf_reset(s);
}

static uint64_t warp_range(unsigned first, unsigned last)
{
    return ((2ull << last) - 1u) & ~((1ull << first) - 1u);
}

static bool reorg_ok(const pv_rf_state *s, const pv_rf_in *in)
{
    return in->reorg && !s->block_live && !pv_bank_org_busy(&s->org) && in->reorg_kshift <= PV_KSHIFT_MAX;
}

/* An accepted re-organization refuses a launch of the same cycle (D16). */
static bool launch_ok(const pv_rf_state *s, const pv_rf_in *in)
{
    const unsigned b = in->launch_block % DRF_PV_BLOCKS;
    return in->launch && !reorg_ok(s, in) && !(s->block_live >> b & 1u) &&
           in->launch_first <= in->launch_last &&
           in->launch_last < DRF_PV_WARPS &&
           (unsigned)(in->launch_last + 1) << s->kshift <= DRF_PV_ENTRIES &&
           !(s->warp_owned & warp_range(in->launch_first, in->launch_last));
}

static bool access_ok(const pv_rf_state *s, const pv_rf_in *in)
{
    return in->req && in->warp < DRF_PV_WARPS && (s->warp_owned >> in->warp & 1u) &&
           in->reg < 16u << s->kshift && !pv_bank_org_busy(&s->org);
}

static void free_block(pv_rf_state *s, unsigned b)
{
    for (unsigned w = 0; w < DRF_PV_WARPS; w++)
        if (s->warp_block[w] == b)
            s->warp_owned &= ~(1ull << w);
    s->block_live &= (uint8_t)~(1u << b);
}

static void take_warps(pv_rf_state *s, unsigned b, unsigned first, unsigned last)
{
    for (unsigned w = first; w <= last; w++)
        s->warp_block[w] = (uint8_t)b;
    s->warp_owned |= warp_range(first, last);
    s->block_live |= (uint8_t)(1u << b);
}

/* The store at the edge: a granted write fills both sub-banks' row. */
static void store_access(pv_rf_state *s, const pv_rf_in *in, pv_rf_out *out, unsigned row)
{
    uint32_t *lo = s->store[out->sb0][row], *hi = s->store[out->sb1][row];
    if (!out->grant)
        return;
    if (!in->we) {
        memcpy(out->rdata, lo, sizeof(uint32_t) * PV_HALF_WORDS);
        memcpy(out->rdata + PV_HALF_WORDS, hi, sizeof(uint32_t) * PV_HALF_WORDS);
        return;
    }
    memcpy(lo, in->wdata, sizeof(uint32_t) * PV_HALF_WORDS);
    memcpy(hi, in->wdata + PV_HALF_WORDS, sizeof(uint32_t) * PV_HALF_WORDS);
}

void pv_rf_step(pv_rf_state *s, const pv_rf_in *in, pv_rf_out *out)
{
    memset(out, 0, sizeof *out);
    const unsigned b = s->warp_block[in->warp < DRF_PV_WARPS ? in->warp : 0];
    const bool ok = access_ok(s, in), lok = launch_ok(s, in);
    const bool rok = in->retire && (s->block_live >> (in->retire_block % DRF_PV_BLOCKS) & 1u);
    const bool ook = reorg_ok(s, in);
    out->err_access = in->req && !ok;
    out->err_launch = in->launch && !lok;
    out->err_retire = in->retire && !rok;
    out->err_reorg = in->reorg && !ook;
    out->org_busy = pv_bank_org_busy(&s->org);

    const pv_bank_rename_in rin = {.rst = in->rst, .launch = lok,
                                   .launch_block = in->launch_block % DRF_PV_BLOCKS,
                                   .launch_last_warp = in->launch_last, .lk_block = (uint8_t)b,
                                   .lk_bank = (uint8_t)pv_bank_eq3(in->warp, in->reg)};
    pv_bank_rename_out rout;
    pv_bank_rename_step(&s->ren, &rin, &rout);
    out->vbank = rout.lk_vbank;

    pv_bank_org_in oin = {.rst = in->rst, .reorg = ook, .lk_v = out->vbank};
    memcpy(oin.delay, in->delay, sizeof oin.delay);
    pv_bank_org_out oout;
    pv_bank_org_step(&s->org, &oin, &oout);
    out->sb0 = oout.lk_sb0;
    out->sb1 = oout.lk_sb1;
    out->slow = oout.lk_slow;

    pv_busy_arb_in ain = {.rst = in->rst, .req = (uint16_t)(ok ? 1u << out->vbank : 0)};
    for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
        ain.slow |= (uint16_t)(oout.table.slow[v] << v);
        ain.sb[v][0] = oout.table.sb[v][0];
        ain.sb[v][1] = oout.table.sb[v][1];
    }
    pv_busy_arb_out aout;
    pv_busy_arb_step(&s->arb, &ain, &aout);
    out->grant = aout.grant != 0;
    out->stall = aout.stall != 0;
    store_access(s, in, out, pv_rf_row(in->warp, in->reg, s->kshift) % DRF_PV_ENTRIES);

    if (in->rst) {
        pv_rf_reset(s);
        return;
    }
    if (rok)
        free_block(s, in->retire_block % DRF_PV_BLOCKS);
    if (lok)
        take_warps(s, in->launch_block % DRF_PV_BLOCKS, in->launch_first, in->launch_last);
    if (ook)
        s->kshift = in->reorg_kshift;
}
