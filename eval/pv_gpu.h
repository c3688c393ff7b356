/* SPDX-License-Identifier: Apache-2.0 */
/* The PV paper's GPU (pv-nbti-banked-rf Sections 3.1 and 5; docs/pv-decisions.md D23): the
 * trace's work-groups placed on SMs of the paper's capacity, in the order they arrive, round
 * robin over the SMs; a group that finds no room waits until a group ends. */
#ifndef PV_GPU_H
#define PV_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drf_params.h"

/* The Fermi GPU of Section 5 (evaluation-only constants): 15 SMs (also Section 3.1), warps of
 * 32 threads; an SM holds 1,536 threads (DRF_PV_WARPS warps) in at most DRF_PV_BLOCKS blocks and
 * 128 KB of registers, its 16 banks x 64 entries of one register vector (Sections 2.1, 3.2.1). */
#define PV_GPU_SMS 15
#define PV_WARP_THREADS (DRF_PV_VEC_BITS / 32) /* a register vector: a warp's 32-bit registers */
#define PV_SM_REGS (DRF_PV_BANKS * DRF_PV_ENTRIES * PV_WARP_THREADS) /* 32-bit registers an SM */
/* D23 (ours): a GCN wavefront's 64 work-items (the trace's lanes) are two of the paper's warps,
 * lanes 0-31 and 32-63, each a register vector of its own. */
#define PV_WAVE_LANES 64
#define PV_WAVE_WARPS (PV_WAVE_LANES / PV_WARP_THREADS)

/* A work-group of the trace as the placement sees it: when its wavefronts arrive (their A
 * lines' cycle), how long it runs (until its last wavefront's F), its wavefronts and each
 * work-item's registers. */
typedef struct {
    uint64_t arrival, duration;
    unsigned waves, regs;
} pv_group;

/* Where a wavefront went: its SM, the first of its two warps, and the last warp of its group
 * (the one block-level renaming uses, D9). */
typedef struct {
    uint8_t sm, warp, last_warp;
} pv_wave_place;

typedef struct {
    unsigned sms;             /* SMs that received a group: 0..sms-1 */
    uint64_t blocks;          /* blocks placed: the groups, a group larger than an SM in parts */
    uint64_t split;           /* groups larger than an SM, placed in parts (D23) */
    uint64_t waited;          /* blocks that found no room when they arrived */
    uint64_t reuse;           /* wavefronts placed on an SM after a block of it ended (D22) */
    unsigned peak_warps, peak_blocks, peak_regs; /* the most any SM held at once */
    unsigned sm_warps[PV_GPU_SMS]; /* the most warps each SM held at once */
    unsigned sm_regs[PV_GPU_SMS];  /* the most registers a work-item had on each SM */
} pv_gpu_stats;

/* Wavefronts of one block at most, for work-items of regs registers: as many as an empty SM
 * holds (its warps and registers). */
unsigned pv_gpu_block_waves(unsigned regs);
/* Places n groups (arrivals never decreasing) into out, group g's k-th wavefront at
 * out[g's offset + k], the offset the waves of the groups before it. */
void pv_gpu_place(const pv_group *g, size_t n, pv_wave_place *out, pv_gpu_stats *st);

#endif
