/* SPDX-License-Identifier: Apache-2.0 */
/* Placement of trace wavefronts on 256-register slices (aging paper Section 2.1, Table 5;
 * dc-patch paper Section II-A), shared by `deltarf sim` and `deltarf patch`: the policies
 * packed / recorded, decided online at each A and released at each F (docs/eval-decisions.md). */
#ifndef DRF_PLACE_H
#define DRF_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drf_params.h"
#include "fail.h"
#include "eval/gpu/gpu.h"
#include "eval/trace/trace.h"

typedef enum {
    PL_PACKED,   /* the lowest slice that is empty or holds windows of the same size, one free */
    PL_RECORDED, /* the trace's own (cu, simd) */
    PL_POLICIES
} pl_policy;

enum { PL_MAX_SLICES = TR_MAX_CU * TR_SIMDS, PL_WINDOW_WORDS = DRF_REGS / 64 };
/* The aging and DC-Patch papers' GPU (aging Table 4, DC-Patch Table 3: 10 CUs), the default of
 * sim, patch and compare (data/gpus/gcn-aging.config). */
#define PL_GPU_DEFAULT "gcn-aging"

/* Whether the slices' evaluations run on g: compute units of TR_SIMDS slices (a scheduler each)
 * of DRF_REGS registers of DRF_COMPONENTS lanes (warps of 64), at most TR_MAX_CU of them (the
 * placement's); false with one line in err (docs/gpu.md). */
bool pl_gpu_check(const gpu_config *g, char *err, size_t len);

/* A live wavefront: its slice (cu * 4 + simd, or the packed slice number) and its window of n
 * registers (reg_base = window * n, the lowest free one). */
typedef struct {
    bool used;
    uint64_t wf;
    unsigned slice, window, n;
} pl_wave;

/* A slice holds windows of one size n only, at most pl_slots(n) of them. */
typedef struct {
    unsigned n, resident;
    uint64_t busy[PL_WINDOW_WORDS]; /* windows held, bit w = window w */
} pl_slice;

typedef struct {
    pl_policy policy;
    unsigned cus;           /* compute units used (4 slices each): TR_MAX_CU unless pl_limit */
    pl_slice slice[PL_MAX_SLICES];
    pl_wave *wave;          /* live wavefronts, open addressing on wf */
    size_t cap, count;
} pl_state;

const char *pl_name(pl_policy p);
bool pl_parse(const char *name, pl_policy *p);
/* Index of name in names[0..n-1]; false when absent. */
bool pl_find_name(const char *const *names, unsigned n, const char *name, unsigned *out);

/* Wavefronts a slice holds for windows of n registers: min(16, floor(256 / n)). */
unsigned pl_slots(unsigned n);

void pl_init(pl_state *p, pl_policy policy);
/* Only the slices of the first cus compute units (1..TR_MAX_CU); recorded placement takes the
 * trace's cu modulo cus. */
void pl_limit(pl_state *p, unsigned cus);
void pl_free(pl_state *p);
/* Whether the wavefront of an A fits a slice now (pl_start would place it). */
bool pl_fits(const pl_state *p, const tr_event *ev);
/* At an A: places the wavefront; NULL with a one-line message when it does not fit (or out of
 * memory). The pointer is valid until the next pl_start or pl_end. */
const pl_wave *pl_start(pl_state *p, const tr_event *ev, char *msg, size_t len);
/* The live wavefront wf, or NULL. */
const pl_wave *pl_find(const pl_state *p, uint64_t wf);
/* Any live wavefront, or NULL (to end a pass). */
const pl_wave *pl_any(const pl_state *p);
/* At an F: frees the wavefront's window. */
void pl_end(pl_state *p, const pl_wave *w);

#endif
