/* SPDX-License-Identifier: Apache-2.0 */
/* Prints the C side of the project's parameters (cmodel/drf_params.h), one "NAME VALUE"
 * per line, for tests/params_agree.sh to compare with rtl/drf_params.vh. */
#include <stdio.h>

#include "drf_params.h"

#define SHOW(name) printf("%s %d\n", #name, name)

int main(void)
{
    SHOW(DRF_REGS);
    SHOW(DRF_REG_BITS);
    SHOW(DRF_COMPONENTS);
    SHOW(DRF_WORD_BITS);
    SHOW(DRF_SW_LANES);
    SHOW(DRF_SUBWAVEFRONTS);
    SHOW(DRF_BLK_BITS);
    SHOW(DRF_BLOCK_SIZE);
    SHOW(DRF_CODE_BITS);
    SHOW(DRF_CODE_ZERO);
    SHOW(DRF_MAX_LOG2);
    SHOW(DRF_WAVEFRONT_SLOTS);
    SHOW(DRF_SLOT_BITS);
    SHOW(DRF_PT_ENTRY_BITS);
    SHOW(DRF_PT_ROW_BITS);
    SHOW(DRF_LDS_SPILL_SLOTS);
    SHOW(DRF_PV_BANKS);
    SHOW(DRF_PV_BANK_BITS);
    SHOW(DRF_PV_SUBBANKS);
    SHOW(DRF_PV_SB_BITS);
    SHOW(DRF_PV_FAST_BANKS);
    SHOW(DRF_PV_ENTRIES);
    SHOW(DRF_PV_ROW_BITS);
    SHOW(DRF_PV_VEC_BITS);
    SHOW(DRF_PV_WARPS);
    SHOW(DRF_PV_WARP_BITS);
    SHOW(DRF_PV_REG_IDS);
    SHOW(DRF_PV_REGID_BITS);
    SHOW(DRF_PV_BLOCKS);
    SHOW(DRF_PV_BLOCK_BITS);
    SHOW(DRF_PV_DELAY_BITS);
    return 0;
}
