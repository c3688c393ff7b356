/* SPDX-License-Identifier: Apache-2.0 */
/* The GPU of the PV evaluation (pv-nbti-banked-rf Sections 3.1 and 5; docs/pv-decisions.md D23,
 * D24): the trace's work-groups placed on SMs of the configuration's capacity, in the order they
 * arrive, round robin over the SMs; a group that finds no room waits until a group ends. */
#ifndef PV_GPU_H
#define PV_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drf_params.h"
#include "eval/gpu/gpu.h"

/* The PV paper's register file (Sections 2.1, 3.2.1): 16 banks x 64 entries of one register
 * vector, a warp's 32 same-named 32-bit registers: 32K registers, 128 KB, an SM. The GPU around
 * it (SMs, warps, blocks; docs/pv-decisions.md D23, D24) is a configuration (eval/gpu/gpu.h), by
 * default the paper's Section 5 Fermi (data/gpus/fermi-pv.config). */
#define PV_WARP_THREADS (DRF_PV_VEC_BITS / 32) /* a register vector: a warp's 32-bit registers */
#define PV_SM_REGS (DRF_PV_BANKS * DRF_PV_ENTRIES * PV_WARP_THREADS) /* 32-bit registers an SM */
#define PV_GPU_DEFAULT "fermi-pv"

/* The GPU as the placement takes it: SMs, an SM's warp slots, blocks and registers, and the
 * paper's warps of one trace wavefront (D23, D24: its lanes / 32; a GCN wavefront is two warps,
 * lanes 0-31 and 32-63, an NVIDIA warp of an Accel-Sim trace one). */
typedef struct {
    unsigned sms, warps, blocks, regs;
    unsigned wave_warps;
} pv_gpu;

/* Whether the evaluation runs on g: its register file must be the paper's, warps of 32 threads,
 * 16 banks and 32,768 registers an SM (D24); false with one line in err. */
bool pv_gpu_check(const gpu_config *g, char *err, size_t len);
/* The placement's GPU: g (checked) for a trace whose wavefronts have `lanes` lanes (32 or 64). */
void pv_gpu_from(const gpu_config *g, unsigned lanes, pv_gpu *out);

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
    uint16_t sm;
    uint8_t warp, last_warp;
} pv_wave_place;

typedef struct {
    unsigned sms;             /* SMs that received a group: 0..sms-1 */
    uint64_t blocks;          /* blocks placed: the groups, a group larger than an SM in parts */
    uint64_t split;           /* groups larger than an SM, placed in parts (D23) */
    uint64_t waited;          /* blocks that found no room when they arrived */
    uint64_t reuse;           /* wavefronts placed on an SM after a block of it ended (D22) */
    unsigned peak_warps, peak_blocks, peak_regs; /* the most any SM held at once */
    unsigned sm_warps[GPU_MAX_SMS]; /* the most warps each SM held at once */
    unsigned sm_regs[GPU_MAX_SMS];  /* the most registers a work-item had on each SM */
} pv_gpu_stats;

/* Wavefronts of one block at most, for work-items of regs registers: as many as an empty SM
 * holds (its warps and registers). */
unsigned pv_gpu_block_waves(const pv_gpu *gpu, unsigned regs);
/* Places n groups (arrivals never decreasing) into out, group g's k-th wavefront at
 * out[g's offset + k], the offset the waves of the groups before it; false when out of memory. */
bool pv_gpu_place(const pv_gpu *gpu, const pv_group *g, size_t n, pv_wave_place *out,
                  pv_gpu_stats *st);

#endif
