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
        $display("DRF_PILOT_REGS %0d", `DRF_PILOT_REGS);
        $display("DRF_PILOT_REG_BITS %0d", `DRF_PILOT_REG_BITS);
        $display("DRF_PILOT_CNT_BITS %0d", `DRF_PILOT_CNT_BITS);
        $display("DRF_PILOT_ID_BITS %0d", `DRF_PILOT_ID_BITS);
        $display("DRF_PILOT_ACC_PORTS %0d", `DRF_PILOT_ACC_PORTS);
        $display("DRF_PILOT_N %0d", `DRF_PILOT_N);
        $display("DRF_PILOT_ENTRIES %0d", `DRF_PILOT_ENTRIES);
        $display("DRF_PILOT_ENTRY_BITS %0d", `DRF_PILOT_ENTRY_BITS);
        $display("DRF_PILOT_ISSUE_MAX %0d", `DRF_PILOT_ISSUE_MAX);
        $display("DRF_PILOT_ISSUE_BITS %0d", `DRF_PILOT_ISSUE_BITS);
        $display("DRF_PILOT_EPOCH %0d", `DRF_PILOT_EPOCH);
        $display("DRF_PILOT_THRESHOLD %0d", `DRF_PILOT_THRESHOLD);
        $display("DRF_PILOT_ICNT_BITS %0d", `DRF_PILOT_ICNT_BITS);
        $display("DRF_PILOT_LAT_FRF_HIGH %0d", `DRF_PILOT_LAT_FRF_HIGH);
        $display("DRF_PILOT_LAT_FRF_LOW %0d", `DRF_PILOT_LAT_FRF_LOW);
        $display("DRF_PILOT_LAT_SRF %0d", `DRF_PILOT_LAT_SRF);
        $display("DRF_PILOT_WARPS %0d", `DRF_PILOT_WARPS);
        $display("DRF_PILOT_WARP_BITS %0d", `DRF_PILOT_WARP_BITS);
        $display("DRF_PILOT_WORD_BITS %0d", `DRF_PILOT_WORD_BITS);
        $display("DRF_PILOT_TAG_BITS %0d", `DRF_PILOT_TAG_BITS);
        $display("DRF_PILOT_FV_WARPS %0d", `DRF_PILOT_FV_WARPS);
        $display("DRF_PILOT_FV_WARP_BITS %0d", `DRF_PILOT_FV_WARP_BITS);
        $display("DRF_PILOT_FV_REGS %0d", `DRF_PILOT_FV_REGS);
        $display("DRF_PILOT_FV_REG_BITS %0d", `DRF_PILOT_FV_REG_BITS);
        $display("DRF_PILOT_FV_N %0d", `DRF_PILOT_FV_N);
        $display("DRF_PILOT_FV_WORD_BITS %0d", `DRF_PILOT_FV_WORD_BITS);
        $display("DRF_PILOT_FV_PROF_REGS %0d", `DRF_PILOT_FV_PROF_REGS);
        $display("DRF_PILOT_FV_PROF_REG_BITS %0d", `DRF_PILOT_FV_PROF_REG_BITS);
        $display("DRF_PILOT_FV_CNT_BITS %0d", `DRF_PILOT_FV_CNT_BITS);
        $display("DRF_PILOT_FV_ID_BITS %0d", `DRF_PILOT_FV_ID_BITS);
    end
endmodule
