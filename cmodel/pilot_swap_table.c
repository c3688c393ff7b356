/* SPDX-License-Identifier: Apache-2.0 */
/* Swapping table of the pilot register file (pilot paper Section III-B, Figs. 6-7):
 * pst_step() mirrors rtl/pilot_swap_table.v cycle by cycle; pst_apply() is the Fig. 7 fill
 * shared by both. Decisions: docs/pilot-decisions.md. */
#include "pilot_swap_table.h"

#include <string.h>

bool pst_top_legal(const uint8_t top[PST_N])
{
    for (unsigned k = 0; k < PST_N; k++) {
        if (top[k] >= DRF_PILOT_REGS)
            return false;
        for (unsigned j = 0; j < k; j++)
            if (top[j] == top[k])
                return false;
    }
    return true;
}

void pst_clear(pst_entry table[PST_ENTRIES])
{
    memset(table, 0, PST_ENTRIES * sizeof table[0]);
}

/* FRF slots (R0..R(n-1)) that hold no top register, lowest first, are handed out in rank
 * order to the top registers that are not in the FRF yet. */
void pst_apply(pst_entry table[PST_ENTRIES], const uint8_t top[PST_N])
{
    bool kept[PST_N] = {false};
    for (unsigned k = 0; k < PST_N; k++)
        if (top[k] < PST_N)
            kept[top[k]] = true;
    pst_clear(table);
    unsigned slot = 0;
    for (unsigned k = 0; k < PST_N; k++) {
        if (top[k] < PST_N)
            continue;
        while (kept[slot])
            slot++;
        table[2 * k] = pst_pack(true, slot, top[k]);
        table[2 * k + 1] = pst_pack(true, top[k], slot);
        slot++;
    }
}

unsigned pst_lookup(const pst_entry table[PST_ENTRIES], unsigned reg)
{
    for (unsigned e = 0; e < PST_ENTRIES; e++)
        if (pst_valid(table[e]) && pst_orig(table[e]) == (reg & PST_REG_MASK))
            return pst_mapped(table[e]);
    return reg & PST_REG_MASK;
}

void pst_reset(pst_state *st)
{
    pst_clear(st->entry);
}

void pst_step(pst_state *st, const pst_in *in, pst_out *out)
{
    uint8_t top[PST_N];
    for (unsigned k = 0; k < PST_N; k++)
        top[k] = in->top[k] & PST_REG_MASK;
    const bool legal = pst_top_legal(top);
    for (unsigned p = 0; p < PST_LOOKUPS; p++) {
        out->phys[p] = (uint8_t)pst_lookup(st->entry, in->look[p]);
        out->frf[p] = out->phys[p] < PST_N;
    }
    memcpy(out->entry, st->entry, sizeof out->entry);
    out->err_apply = in->apply && !in->clear && !legal;

    if (in->rst || in->clear)
        pst_reset(st);
    else if (in->apply && legal)
        pst_apply(st->entry, top);
}
