// SPDX-License-Identifier: Apache-2.0
// deltarf parameters and shared encodings for the RTL (aging paper Sections 2.1, 4-5.2;
// DC-Patch Section IV). Generated from params.def by tools/gen/gen_params.sh: do not edit.
`ifndef DRF_PARAMS_VH
`define DRF_PARAMS_VH
`define DRF_REGS 256
`define DRF_REG_BITS 8
`define DRF_COMPONENTS 64
`define DRF_WORD_BITS 32
`define DRF_SW_LANES 16
`define DRF_SUBWAVEFRONTS 4
`define DRF_BLK_BITS 2
`define DRF_BLOCK_SIZE 8
`define DRF_CODE_BITS 3
`define DRF_CODE_ZERO 7
`define DRF_MAX_LOG2 6
`define DRF_WAVEFRONT_SLOTS 16
`define DRF_SLOT_BITS 4
`define DRF_PT_ENTRY_BITS 8
`define DRF_PT_ROW_BITS 13
`define DRF_LDS_SPILL_SLOTS 128
// rc_state: FSM states of Fig. 9 (aging Sec. 5.1.1)
`define RC_IDLE 3'd0
`define RC_DELTAS_C0 3'd1
`define RC_DELTAS_C16 3'd2
`define RC_DELTAS_C32 3'd3
`define RC_DELTAS_C48 3'd4
`define DRF_PSU_PATCH_CYCLES 2
// psu_tier: where the compressed-register patch comes from (pc_tier), highest priority first (DC-Patch IV-D)
`define PSU_TIER_FAULTY 2'd0
`define PSU_TIER_SHARED 2'd1
`define PSU_TIER_WHOLE 2'd2
// dcp_kind: how a register is stored (read ports, PT row) or where a write goes
`define DCP_NONE 2'd0
`define DCP_UNC 2'd1
`define DCP_COMP 2'd2
`define DCP_SPILL 2'd3
// dcp_src: which patch a placement is: the register's own, a preventive one, a new LDS slot
`define DCP_SRC_OLD 2'd0
`define DCP_SRC_PC 2'd1
`define DCP_SRC_PU 2'd2
`define DCP_SRC_SLOT 2'd3
// dcp_ev: ev_kind of a finished write
`define DCP_EV_NORMAL 2'd0
`define DCP_EV_FAULTY 2'd1
`define DCP_EV_RELIABLE 2'd2
`define DCP_EV_SPILL 2'd3
`define DRF_PILOT_REGS 63
`define DRF_PILOT_REG_BITS 6
`define DRF_PILOT_CNT_BITS 16
`define DRF_PILOT_ID_BITS 8
`define DRF_PILOT_ACC_PORTS 3
`define DRF_PILOT_N 4
`define DRF_PILOT_ENTRIES 8
`define DRF_PILOT_ENTRY_BITS 13
`define DRF_PILOT_ISSUE_MAX 8
`define DRF_PILOT_ISSUE_BITS 4
`define DRF_PILOT_EPOCH 50
`define DRF_PILOT_SLOTS 400
`define DRF_PILOT_THR_NUM 85
`define DRF_PILOT_THR_DEN 400
`define DRF_PILOT_THR_SCALED 34000
`define DRF_PILOT_THRESHOLD 85
`define DRF_GCN_CU_ISSUE 1
`define DRF_PILOT_GCN_SLOTS 50
`define DRF_PILOT_GCN_THR_SCALED 4250
`define DRF_PILOT_GCN_THRESHOLD 11
`define DRF_PILOT_RANK_CYCLES 17
`define DRF_PILOT_SEL_CYCLES 68
`define DRF_PILOT_ICNT_BITS 9
`define DRF_PILOT_LAT_FRF_HIGH 1
`define DRF_PILOT_LAT_FRF_LOW 2
`define DRF_PILOT_LAT_SRF 3
`define DRF_PILOT_WARPS 64
`define DRF_PILOT_WARP_BITS 6
`define DRF_PILOT_WORD_BITS 32
`define DRF_PILOT_TAG_BITS 4
`define DRF_PILOT_FV_WARPS 2
`define DRF_PILOT_FV_WARP_BITS 1
`define DRF_PILOT_FV_REGS 8
`define DRF_PILOT_FV_REG_BITS 3
`define DRF_PILOT_FV_N 2
`define DRF_PILOT_FV_WORD_BITS 2
`define DRF_PILOT_FV_PROF_REGS 7
`define DRF_PILOT_FV_PROF_REG_BITS 3
`define DRF_PILOT_FV_CNT_BITS 3
`define DRF_PILOT_FV_ID_BITS 2
`define DRF_PV_BANKS 16
`define DRF_PV_BANK_BITS 4
`define DRF_PV_SUBBANKS 32
`define DRF_PV_SB_BITS 5
`define DRF_PV_FAST_BANKS 11
`define DRF_PV_ENTRIES 64
`define DRF_PV_ROW_BITS 6
`define DRF_PV_VEC_BITS 1024
`define DRF_PV_WARPS 48
`define DRF_PV_WARP_BITS 6
`define DRF_PV_REG_IDS 64
`define DRF_PV_REGID_BITS 6
`define DRF_PV_BLOCKS 8
`define DRF_PV_BLOCK_BITS 3
`define DRF_PV_DELAY_BITS 12
`define DRF_PV_ORG_STAGES 4
`define DRF_PV_ORG_CYCLES 36
`endif
