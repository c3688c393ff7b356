/* SPDX-License-Identifier: Apache-2.0 */
/* FWAS issue selection (pv-nbti-banked-rf paper Section 3.3.3); mirrors rtl/pv_fwas.v.
 * Decisions (the class's own round-robin pointer, ties): docs/pv-decisions.md D12-D13. */
#include "pv_fwas.h"

bool pv_fwas_inst_fast(const uint8_t *vbanks, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (vbanks[i] >= DRF_PV_FAST_BANKS)
            return false;
    return true;
}

void pv_fwas_reset(pv_fwas_state *s)
{
    s->last[0] = s->last[1] = DRF_PV_WARPS - 1;
}

/* The first warp of cand after `last`, circularly; DRF_PV_WARPS when cand is empty. */
static unsigned round_robin(uint64_t cand, unsigned last)
{
    const uint64_t after = cand & ~((2ull << last) - 1u);
    if (cand == 0)
        return DRF_PV_WARPS;
    return (unsigned)__builtin_ctzll(after ? after : cand);
}

void pv_fwas_step(pv_fwas_state *s, const pv_fwas_in *in, pv_fwas_out *out)
{
    const uint64_t all = DRF_PV_WARPS == 64 ? ~0ull : (1ull << DRF_PV_WARPS) - 1u;
    const uint64_t ready = in->ready & all, fast = ready & in->fast;
    const unsigned cls = fast != 0;
    const unsigned w = round_robin(cls ? fast : ready, s->last[cls]);
    out->valid = w < DRF_PV_WARPS;
    out->warp = (uint8_t)(out->valid ? w : 0);
    out->warp_fast = out->valid && cls;
    if (in->rst)
        pv_fwas_reset(s);
    else if (out->valid && !in->stall)
        s->last[cls] = (uint8_t)w;
}
