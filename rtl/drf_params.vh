// deltarf parameters: the single source of truth for the RTL.
// Aging paper Sections 2.1, 4-5.1 and 5.2; cmodel/drf_params.h carries the same values
// (tests/params_agree.sh proves it).
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
`endif
