/* SPDX-License-Identifier: Apache-2.0 */
/* Block-level bank renaming (pv-nbti-banked-rf paper Section 4.2.1, Figs. 9-10); mirrors
 * rtl/pv_bank_rename.v. Decisions: docs/pv-decisions.md D9-D10. */
#include "pv_bank_rename.h"

void pv_rename_row(unsigned last_warp, uint8_t row[DRF_PV_BANKS])
{
    unsigned next_fast = 0, next_slow = DRF_PV_FAST_BANKS;
    for (unsigned k = 0; k < DRF_PV_BANKS; k++) {
        const unsigned b = (last_warp + k) % DRF_PV_BANKS;
        row[b] = (uint8_t)(b < DRF_PV_FAST_BANKS ? next_fast++ : next_slow++);
    }
}

void pv_bank_rename_reset(pv_bank_rename_state *s)
{
    for (unsigned k = 0; k < DRF_PV_BLOCKS; k++)
        pv_rename_row(0, s->row[k]);
}

void pv_bank_rename_step(pv_bank_rename_state *s, const pv_bank_rename_in *in,
                         pv_bank_rename_out *out)
{
    out->lk_vbank = s->row[in->lk_block % DRF_PV_BLOCKS][in->lk_bank % DRF_PV_BANKS];
    out->err = in->launch && in->launch_last_warp >= DRF_PV_WARPS;
    if (in->rst)
        pv_bank_rename_reset(s);
    else if (in->launch && !out->err)
        pv_rename_row(in->launch_last_warp, s->row[in->launch_block % DRF_PV_BLOCKS]);
}
