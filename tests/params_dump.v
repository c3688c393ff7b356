// SPDX-License-Identifier: Apache-2.0
// Prints the RTL side of the project's parameters (rtl/drf_params.vh), one "NAME VALUE"
// per line, for tests/params_agree.sh to compare with cmodel/drf_params.h.
`include "drf_params.vh"
module params_dump;
    initial begin
        $display("DRF_REGS %0d", `DRF_REGS);
        $display("DRF_REG_BITS %0d", `DRF_REG_BITS);
        $display("DRF_COMPONENTS %0d", `DRF_COMPONENTS);
        $display("DRF_WORD_BITS %0d", `DRF_WORD_BITS);
        $display("DRF_SW_LANES %0d", `DRF_SW_LANES);
        $display("DRF_SUBWAVEFRONTS %0d", `DRF_SUBWAVEFRONTS);
        $display("DRF_BLK_BITS %0d", `DRF_BLK_BITS);
        $display("DRF_BLOCK_SIZE %0d", `DRF_BLOCK_SIZE);
        $display("DRF_CODE_BITS %0d", `DRF_CODE_BITS);
        $display("DRF_CODE_ZERO %0d", `DRF_CODE_ZERO);
        $display("DRF_MAX_LOG2 %0d", `DRF_MAX_LOG2);
        $display("DRF_WAVEFRONT_SLOTS %0d", `DRF_WAVEFRONT_SLOTS);
        $display("DRF_SLOT_BITS %0d", `DRF_SLOT_BITS);
        $display("DRF_PT_ENTRY_BITS %0d", `DRF_PT_ENTRY_BITS);
        $display("DRF_PT_ROW_BITS %0d", `DRF_PT_ROW_BITS);
        $display("DRF_LDS_SPILL_SLOTS %0d", `DRF_LDS_SPILL_SLOTS);
        $display("DRF_PV_BANKS %0d", `DRF_PV_BANKS);
        $display("DRF_PV_BANK_BITS %0d", `DRF_PV_BANK_BITS);
        $display("DRF_PV_SUBBANKS %0d", `DRF_PV_SUBBANKS);
        $display("DRF_PV_SB_BITS %0d", `DRF_PV_SB_BITS);
        $display("DRF_PV_FAST_BANKS %0d", `DRF_PV_FAST_BANKS);
        $display("DRF_PV_ENTRIES %0d", `DRF_PV_ENTRIES);
        $display("DRF_PV_ROW_BITS %0d", `DRF_PV_ROW_BITS);
        $display("DRF_PV_VEC_BITS %0d", `DRF_PV_VEC_BITS);
        $display("DRF_PV_WARPS %0d", `DRF_PV_WARPS);
        $display("DRF_PV_WARP_BITS %0d", `DRF_PV_WARP_BITS);
        $display("DRF_PV_REG_IDS %0d", `DRF_PV_REG_IDS);
        $display("DRF_PV_REGID_BITS %0d", `DRF_PV_REGID_BITS);
        $display("DRF_PV_BLOCKS %0d", `DRF_PV_BLOCKS);
        $display("DRF_PV_BLOCK_BITS %0d", `DRF_PV_BLOCK_BITS);
        $display("DRF_PV_DELAY_BITS %0d", `DRF_PV_DELAY_BITS);
    end
endmodule
