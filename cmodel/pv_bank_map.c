/* SPDX-License-Identifier: Apache-2.0 */
/* Eq. (3) register-to-bank mapping and FBA-RM (pv-nbti-banked-rf paper Sections 3.3.1-3.3.2);
 * mirrors rtl/pv_bank_map.v. Decisions: docs/pv-decisions.md D4-D5. */
#include "pv_bank_map.h"

unsigned pv_bank_eq3(unsigned warp, unsigned reg)
{
    return (warp + reg) % DRF_PV_BANKS;
}

unsigned pv_fba_fast_regs(unsigned warps, unsigned regs)
{
    const unsigned capacity = DRF_PV_FAST_BANKS * DRF_PV_ENTRIES;
    if (warps == 0 || warps * regs <= capacity)
        return regs;
    return capacity / warps;
}

void pv_bank_map_step(const pv_bank_map_in *in, pv_bank_map_out *out)
{
    const unsigned sum = (unsigned)in->warp + in->reg;
    out->bank = (uint8_t)pv_bank_eq3(in->warp, in->reg);
    out->fba_fast = in->reg < in->fast_regs;
    out->bank_fba = (uint8_t)(out->fba_fast ? sum % DRF_PV_FAST_BANKS
                                            : DRF_PV_FAST_BANKS + sum % PV_SLOW_BANKS);
}
