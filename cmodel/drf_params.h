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

#endif
