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
// PV/NBTI banked register file (pv-nbti-banked-rf paper)
`define DRF_PV_BANKS 16 // PV paper Section 3.2.1: RF banks per SM (Fermi style)
`define DRF_PV_BANK_BITS 4 // bits of a bank / virtual bank ID
`define DRF_PV_SUBBANKS 32 // Section 3.2.1: two sub-banks per bank
`define DRF_PV_SB_BITS 5 // bits of a sub-bank ID
`define DRF_PV_FAST_BANKS 11 // Section 3.2.2: 22 fast sub-banks (n = 70%) = virtual banks 0-10
`define DRF_PV_ENTRIES 64 // Section 3.2.1: entries (rows) per bank
`define DRF_PV_ROW_BITS 6 // bits of a row
`define DRF_PV_VEC_BITS 1024 // Section 2.1: a register vector, 32 same-named 32-bit registers
`define DRF_PV_WARPS 48 // Section 5: 1536 threads per SM = 48 warps
`define DRF_PV_WARP_BITS 6 // bits of a warp ID
`define DRF_PV_REG_IDS 64 // register IDs 0-63 (Fermi PTX, ours: the bank verb's range)
`define DRF_PV_REGID_BITS 6 // bits of a register ID
`define DRF_PV_BLOCKS 8 // Section 4.2.1: concurrent blocks per SM, rows of the renaming table
`define DRF_PV_BLOCK_BITS 3 // bits of a block slot
`define DRF_PV_DELAY_BITS 12 // ours: width of a sub-bank delay code from the sensors (docs/pv-decisions.md)
`endif
