/* SPDX-License-Identifier: Apache-2.0 */
/* Internal state of the trace replay (eval/sim*.c; aging paper Sections 2.1 and 5): slices,
 * one plane of 256 registers per scheme and slice, the wavefront table. Not a public API. */
#ifndef DRF_RFSIM_INTERNAL_H
#define DRF_RFSIM_INTERNAL_H

#include "rfsim.h"

/* One register of one slice under one scheme. */
typedef struct {
    uint32_t eff[DRF_COMPONENTS]; /* bits held by powered cells, 0 where off */
    uint32_t *t1;                 /* SIM_BITS '1' times (start/stop sums), on first change */
    uint32_t seg_t[SIM_SEGS];     /* on time per segment (start/stop sums) */
    uint8_t seg_on;               /* powered segments */
    bool compressed;              /* RC: table entry valid; WC: BDI image stored */
} sim_reg;

/* One scheme on one slice: its window allocator and its registers. */
typedef struct {
    rar_alloc_state rar;             /* baseline, RAR, RC, RC+RAR, WC (lowest free window) */
    unsigned argo_next;              /* ARGO: round-robin pointer over every fitting window */
    uint8_t argo_busy[DRF_REGS];
    sim_reg reg[DRF_REGS];
    uint64_t writes, reads, cwrites, creads, wakeups, movs;
    double e_slice_dyn, e_logic_dyn; /* pJ */
} sim_plane;

/* A resident wavefront as the schemes see it: its window size, and each scheme's window and
 * rotation s. */
typedef struct {
    unsigned n;
    uint8_t win[SIM_SCHEMES], s[SIM_SCHEMES];
} sim_wave;

typedef struct {
    bool used;
    unsigned n, resident;
    uint32_t busy_t;                 /* cycles with a wavefront resident (start/stop sum) */
    double resident_area;            /* wavefront-cycles */
    uint64_t last_change;
    sim_plane *plane[SIM_SCHEMES];
    sim_wave wave[DRF_REGS];         /* by the wavefront's placement window (eval/place.h) */
} sim_slice;

struct sim {
    sim_config cfg;
    sim_stats stats;
    sim_slice slice[SIM_MAX_SLICES];
    pl_state place;                  /* slices and windows of the live wavefronts */
    double seconds[SIM_SCHEMES];
};

bool sim_set_cells(sim_reg *r, const uint32_t *bits, unsigned segs, uint32_t now);
bool sim_has_scheme(const sim *s, unsigned k);
void sim_count_write(sim *s, const tr_event *ev);
double sim_clock(void);

#endif
