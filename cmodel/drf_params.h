/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf parameters and shared encodings for the C models (aging paper Sections 2.1,
 * 4-5.2; DC-Patch Section IV). Generated from params.def by tools/gen/gen_params.sh: do not edit. */
#ifndef DRF_PARAMS_H
#define DRF_PARAMS_H

#define DRF_REGS 256 /* registers per slice (aging Sec. 2.1) */
#define DRF_REG_BITS 8 /* bits of a register address */
#define DRF_COMPONENTS 64 /* components per register (one per work-item) */
#define DRF_WORD_BITS 32 /* bits per component */
#define DRF_SW_LANES 16 /* components per subwavefront (SIMD lanes) */
#define DRF_SUBWAVEFRONTS 4 /* subwavefronts per register */
#define DRF_BLK_BITS 2 /* bits of a block (subwavefront) index: DC-Patch blk_pt */
#define DRF_BLOCK_SIZE 8 /* BS of Eq. (2) */
#define DRF_CODE_BITS 3 /* width of log2(delta) in the compression table */
#define DRF_CODE_ZERO 7 /* "111": zero delta */
#define DRF_MAX_LOG2 6 /* largest legal delta is 2^6 = 64 */
#define DRF_WAVEFRONT_SLOTS 16 /* register windows (concurrent wavefronts) per slice */
#define DRF_SLOT_BITS 4 /* bits of a window id */
#define DRF_PT_ENTRY_BITS 8 /* DC-Patch PT entry_pt: slice entry or LDS spill offset */
#define DRF_PT_ROW_BITS 13 /* DC-Patch PT row: v, c, m, entry_pt, blk_pt */
#define DRF_LDS_SPILL_SLOTS 128 /* DC-Patch LDS spill partition: registers of 64 components */

/* FSM states of Fig. 9 (aging Sec. 5.1.1) */
enum rc_state { RC_IDLE = 0, RC_DELTAS_C0 = 1, RC_DELTAS_C16 = 2, RC_DELTAS_C32 = 3, RC_DELTAS_C48 = 4 };
#define DRF_PSU_PATCH_CYCLES 2 /* PSU: cycles of one patch: the selection stage that registers the preventive patches, then the take that forwards one (ours; DC-Patch Sec. IV-E 'obtained in prior stages'; docs/dcpatch-psu-decisions.md 20; registry cycles column) */

/* where the compressed-register patch comes from (pc_tier), highest priority first (DC-Patch IV-D) */
enum psu_tier { PSU_TIER_FAULTY = 0, PSU_TIER_SHARED = 1, PSU_TIER_WHOLE = 2 };

/* how a register is stored (read ports, PT row) or where a write goes */
enum dcp_kind { DCP_NONE = 0, DCP_UNC = 1, DCP_COMP = 2, DCP_SPILL = 3 };

/* which patch a placement is: the register's own, a preventive one, a new LDS slot */
enum dcp_src { DCP_SRC_OLD = 0, DCP_SRC_PC = 1, DCP_SRC_PU = 2, DCP_SRC_SLOT = 3 };

/* ev_kind of a finished write */
enum dcp_ev { DCP_EV_NORMAL = 0, DCP_EV_FAULTY = 1, DCP_EV_RELIABLE = 2, DCP_EV_SPILL = 3 };
#define DRF_PILOT_REGS 63 /* architected registers per thread, one access counter each (pilot Sec. III-B) */
#define DRF_PILOT_REG_BITS 6 /* bits of a register number (swapping-table fields, Sec. III-B) */
#define DRF_PILOT_CNT_BITS 16 /* access counter width: 63 x 2-byte counters (Sec. III-B) */
#define DRF_PILOT_ID_BITS 8 /* the one-byte pilot-warp-id register (Sec. III-B) */
#define DRF_PILOT_ACC_PORTS 3 /* register accesses of one warp instruction per cycle (ours; Sec. III-B's three ports) */
#define DRF_PILOT_N 4 /* FRF registers per warp, n (Sec. V-A) */
#define DRF_PILOT_ENTRIES 8 /* swapping-table entries, 2n (Sec. III-B) */
#define DRF_PILOT_ENTRY_BITS 13 /* swapping-table entry: valid, original, mapped (Sec. III-B) */
#define DRF_PILOT_ISSUE_MAX 8 /* instructions issued per cycle at most (Sec. IV-C, Kepler) */
#define DRF_PILOT_ISSUE_BITS 4 /* bits of the issued-instructions input of frf_mode_ctl (ours) */
#define DRF_PILOT_EPOCH 50 /* epoch length in cycles (Sec. IV-C) */
#define DRF_PILOT_SLOTS 400 /* issue slots of the modelled SM per epoch: 8 x 50 = 400 (Sec. V-B) */
#define DRF_PILOT_THR_NUM 85 /* the threshold as a share of issue slots: "85 out of a total of 400" (Sec. V-B) */
#define DRF_PILOT_THR_DEN 400 /* its denominator (Sec. V-B; Sec. V-C's sensitivity study keeps the ratio) */
#define DRF_PILOT_THR_SCALED 34000 /* 85 x the SM's slots, the ceiling's numerator (ours) */
#define DRF_PILOT_THRESHOLD 85 /* fewer issued in an epoch: FRF_low next; ceil(85/400 x slots) = 85 (Sec. V-B) */
#define DRF_GCN_CU_ISSUE 1 /* vector instructions a GCN compute unit issues per cycle: 4 SIMDs, one each per 4 cycles (aging Table 4; ours) */
#define DRF_PILOT_GCN_SLOTS 50 /* a GCN compute unit's vector issue slots per epoch (ours): 50 */
#define DRF_PILOT_GCN_THR_SCALED 4250 /* 85 x the CU's slots, the ceiling's numerator (ours) */
#define DRF_PILOT_GCN_THRESHOLD 11 /* deltarf pilot's threshold: ceil(85/400 x 50) = 11 (ours) */
#define DRF_PILOT_RANK_CYCLES 17 /* pilot_profiler: cycles of one rank of the top-n selection, a bit step per counter bit and the pick (ours; docs/pilot-decisions.md 5) */
#define DRF_PILOT_SEL_CYCLES 68 /* pilot_profiler: the whole top-n selection after the pilot warp ends (ours; registry cycles column) */
#define DRF_PILOT_ICNT_BITS 9 /* the 9-bit issued-instructions counter (Sec. IV-C) */
#define DRF_PILOT_LAT_FRF_HIGH 1 /* FRF_high access latency in cycles (Sec. V-B) */
#define DRF_PILOT_LAT_FRF_LOW 2 /* FRF_low access latency (Sec. V-B) */
#define DRF_PILOT_LAT_SRF 3 /* SRF access latency (Sec. V-B) */
#define DRF_PILOT_WARPS 64 /* warps per SM (Table II); pilot_rf storage */
#define DRF_PILOT_WARP_BITS 6 /* bits of a warp number in pilot_rf */
#define DRF_PILOT_WORD_BITS 32 /* bits of one lane of a register; pilot_rf models one lane (ours) */
#define DRF_PILOT_TAG_BITS 4 /* pilot_rf request tag (ours) */
#define DRF_PILOT_FV_WARPS 2 /* pilot_rf formal proof: warps (reduced, ours) */
#define DRF_PILOT_FV_WARP_BITS 1 /* pilot_rf formal proof: warp number bits */
#define DRF_PILOT_FV_REGS 8 /* pilot_rf formal proof: registers per warp */
#define DRF_PILOT_FV_REG_BITS 3 /* pilot_rf formal proof: register number bits */
#define DRF_PILOT_FV_N 2 /* pilot_rf and pilot_profiler formal proofs: FRF registers per warp */
#define DRF_PILOT_FV_WORD_BITS 2 /* pilot_rf formal proof: bits of a register */
#define DRF_PILOT_FV_PROF_REGS 7 /* pilot_profiler formal proof: counters (ours) */
#define DRF_PILOT_FV_PROF_REG_BITS 3 /* pilot_profiler formal proof: register number bits */
#define DRF_PILOT_FV_CNT_BITS 3 /* pilot_profiler formal proof: counter bits (saturation reachable) */
#define DRF_PILOT_FV_ID_BITS 2 /* pilot_profiler formal proof: warp id bits */
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
#define DRF_PV_ORG_STAGES 4 /* ours: pv_bank_org's ranking pipeline (fetch a delay, compare it with all, count, write; docs/pv-decisions.md D8) */
#define DRF_PV_ORG_CYCLES 36 /* ours: cycles of one re-organization, the reorg cycle and the busy ones (registry cycles column) */

#endif
