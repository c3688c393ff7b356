/* deltarf parameters: the single source of truth for the C models.
 * Aging paper Sections 2.1 (slice, subwavefronts, windows), 4-5.1 (block size, delta codes), 5.2.
 * rtl/drf_params.vh must carry the same values; tests/params_agree.sh proves it. */
#ifndef DRF_PARAMS_H
#define DRF_PARAMS_H

#define DRF_REGS 256          /* registers per slice */
#define DRF_REG_BITS 8        /* bits of a register address */
#define DRF_COMPONENTS 64     /* components per register (one per work-item) */
#define DRF_WORD_BITS 32      /* bits per component */
#define DRF_SW_LANES 16       /* components per subwavefront (SIMD lanes) */
#define DRF_SUBWAVEFRONTS 4   /* subwavefronts per register */
#define DRF_BLK_BITS 2        /* bits of a block (subwavefront) index: DC-Patch blk_pt */
#define DRF_BLOCK_SIZE 8      /* BS of Eq. (2) */
#define DRF_CODE_BITS 3       /* width of log2(delta) in the compression table */
#define DRF_CODE_ZERO 7       /* "111": zero delta */
#define DRF_MAX_LOG2 6        /* largest legal delta is 2^6 = 64 */
#define DRF_WAVEFRONT_SLOTS 16 /* register windows (concurrent wavefronts) per slice */
#define DRF_SLOT_BITS 4       /* bits of a window id */
#define DRF_PT_ENTRY_BITS 8   /* DC-Patch PT entry_pt: slice entry or LDS spill offset */
#define DRF_PT_ROW_BITS 13    /* DC-Patch PT row: v, c, m, entry_pt, blk_pt */
#define DRF_LDS_SPILL_SLOTS 128 /* DC-Patch LDS spill partition: registers of 64 components */

/* PV/NBTI banked register file (pv-nbti-banked-rf paper) */
#define DRF_PV_BANKS 16 /* PV paper Section 3.2.1: RF banks per SM (Fermi style) */
#define DRF_PV_BANK_BITS 4 /* bits of a bank / virtual bank ID */
#define DRF_PV_SUBBANKS 32 /* Section 3.2.1: two sub-banks per bank */
#define DRF_PV_SB_BITS 5 /* bits of a sub-bank ID */
#define DRF_PV_FAST_BANKS 11 /* Section 3.2.2: 22 fast sub-banks (n = 70%) = virtual banks 0-10 */
#define DRF_PV_ENTRIES 64 /* Section 3.2.1: entries (rows) per bank */
#define DRF_PV_ROW_BITS 6 /* bits of a row */
#define DRF_PV_VEC_BITS 1024 /* Section 2.1: a register vector, 32 same-named 32-bit registers */
#define DRF_PV_WARPS 48 /* Section 5: 1536 threads per SM = 48 warps */
#define DRF_PV_WARP_BITS 6 /* bits of a warp ID */
#define DRF_PV_REG_IDS 64 /* register IDs 0-63 (Fermi PTX, ours: the bank verb's range) */
#define DRF_PV_REGID_BITS 6 /* bits of a register ID */
#define DRF_PV_BLOCKS 8 /* Section 4.2.1: concurrent blocks per SM, rows of the renaming table */
#define DRF_PV_BLOCK_BITS 3 /* bits of a block slot */
#define DRF_PV_DELAY_BITS 12 /* ours: width of a sub-bank delay code from the sensors (docs/pv-decisions.md) */

#endif
