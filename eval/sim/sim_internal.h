/* SPDX-License-Identifier: Apache-2.0 */
/* Internal state of the trace replay (eval/sim*.c; aging paper Sections 2.1 and 5): slices,
 * one plane of 256 registers per scheme and slice, the wavefront table. Not a public API. */
#ifndef DRF_EVAL_SIM_INTERNAL_H
#define DRF_EVAL_SIM_INTERNAL_H

#include "eval/sim/sim.h"

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
    bool cells;                      /* its registers keep cell times (not sim_config.no_cells) */
} sim_plane;

/* Schemes that store the same cells for a logical register and differ only in where they
 * put it (reg_phys): baseline, RAR and ARGO store every value; RC and RC+RAR switch off the
 * same compressed registers; WC. A family's cells are replayed once, in a live plane indexed
 * by the placement's registers (window x N + index); a scheme that moves registers gets each
 * wavefront's cell times in its own registers: the live ones are subtracted at its A and added
 * at its F (docs/eval.md, Speed). */
enum { SIM_FAM_FULL, SIM_FAM_RC, SIM_FAM_WC, SIM_FAMILIES };
unsigned sim_family(unsigned k);
/* RAR, RC+RAR and ARGO put a wavefront's registers elsewhere than the placement's window: they
 * keep cell times of their own. The baseline, RC and WC use the live plane's (never cleared). */
bool sim_moves(unsigned k);
/* A conventional slice (baseline, RAR) gates nothing: a free window keeps its last values on
 * and the whole slice leaks (docs/eval-decisions.md, decision 7). */
bool sim_conventional(unsigned k);

/* A resident wavefront as the schemes see it: its window size, its registers in the live
 * planes (base .. base + n - 1), and each scheme's window and rotation s. */
typedef struct {
    unsigned n, base;
    uint8_t win[SIM_SCHEMES], s[SIM_SCHEMES];
} sim_wave;

/* A placement window within the slice's busy period: no wavefront has held it yet, one holds
 * it, or it is free and a conventional slice keeps its last values (decision 7). */
enum { SIM_WIN_UNUSED, SIM_WIN_HELD, SIM_WIN_KEPT };

typedef struct {
    bool used;
    unsigned n, resident;
    uint32_t busy_start;             /* the cycle the current busy period began */
    uint8_t win[DRF_REGS];           /* SIM_WIN_* of each placement window */
    unsigned configs;                /* window sizes taken (configure) in the replay */
    uint32_t busy_t;                 /* cycles with a wavefront resident (start/stop sum) */
    double resident_area;            /* wavefront-cycles */
    uint64_t last_change;
    sim_plane *plane[SIM_SCHEMES];   /* allocator, and the cell times of each register */
    sim_plane *live[SIM_FAMILIES];   /* live cells, counts and dynamic energy per family */
    sim_wave wave[DRF_REGS];         /* by the wavefront's placement window (eval/trace/place.h) */
} sim_slice;

struct sim {
    sim_config cfg;
    gpu_config gpu;               /* cfg.gpu points here */
    sim_stats stats;
    tl *timeline;                 /* the issue model of each family (technique = family) */
    tl_cost cost[SIM_FAMILIES];   /* what the last event fed cost each family */
    unsigned folds;               /* passes folded from the timeline's one (sim_fold) */
    uint64_t pass_length;         /* the shift between two folded passes */
    sim_slice slice[SIM_MAX_SLICES];
    double seconds[SIM_SCHEMES];
};

bool sim_set_cells(sim_reg *r, const uint32_t *bits, unsigned segs, uint32_t now, bool cells);
bool sim_has_scheme(const sim *s, unsigned k);
bool sim_has_family(const sim *s, unsigned f);
/* The plane holding scheme k's cell times on a slice. */
const sim_plane *sim_cells(const sim_slice *sl, unsigned k);
void sim_count_write(sim *s, const tr_event *ev);

#endif
