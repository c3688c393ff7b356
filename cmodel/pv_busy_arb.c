/* SPDX-License-Identifier: Apache-2.0 */
/* Busy latches and the arbitrator's stall of Fig. 5 (pv-nbti-banked-rf paper Section 3.2.3);
 * mirrors rtl/pv_busy_arb.v. Decisions: docs/pv-decisions.md D11. */
#include "pv_busy_arb.h"

void pv_busy_arb_reset(pv_busy_arb_state *s)
{
    s->sb_busy = 0;
}

static uint32_t sb_mask(const pv_busy_arb_in *in, unsigned v)
{
    return 1u << (in->sb[v][0] % DRF_PV_SUBBANKS) | 1u << (in->sb[v][1] % DRF_PV_SUBBANKS);
}

void pv_busy_arb_step(pv_busy_arb_state *s, const pv_busy_arb_in *in, pv_busy_arb_out *out)
{
    uint32_t next = 0;
    out->busy = 0;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        if (s->sb_busy & sb_mask(in, v))
            out->busy |= (uint16_t)(1u << v);
    out->grant = in->req & (uint16_t)~out->busy;
    out->stall = in->req & out->busy;
    out->sb_busy = s->sb_busy;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        if ((out->grant & in->slow) >> v & 1u)
            next |= sb_mask(in, v);
    s->sb_busy = in->rst ? 0 : next;
}
