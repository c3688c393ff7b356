/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare's two halves (docs/compare.md): the one-pass run of every evaluation on a trace
 * (eval/compare/compare.c) hands their results to the common axes (eval/compare/compare_axes.c, the energy and
 * ageing model of docs/compare.md). Not a public API. */
#ifndef DRF_COMPARE_INTERNAL_H
#define DRF_COMPARE_INTERNAL_H

#include "eval/compare/compare.h"
#include "eval/timeline/epochs.h"
#include "eval/patch/patch.h"
#include "eval/pilot/pilot_eval.h"
#include "eval/trace/place.h"
#include "eval/pv/pv_eval.h"
#include "eval/sim/sim.h"

/* The schemes of the aging paper's replay that compare runs. */
#define CMP_SIM_SCHEMES                                                                        \
    (1u << SIM_BASE | 1u << SIM_RC | 1u << SIM_RCRAR | 1u << SIM_WC | 1u << SIM_ARGO)

/* The techniques of compare's issue model on the slices (docs/timeline.md): the baseline,
 * DC-Patch's three, and every access one and two cycles slower, at which the PV schemes and the
 * Pilot RF are taken at their shares of slow accesses. The replay times its own schemes on the
 * same events (sim_result.perf_overhead). */
enum { CMP_TL_BASE, CMP_TL_DCP, CMP_TL_PLUS1 = CMP_TL_DCP + FM_SCENARIOS, CMP_TL_PLUS2,
       CMP_TL_TECHS };

/* The Pilot RF cell each baseline register stands for (docs/compare.md, decision 12): the
 * FRF or SRF cell of a (slice, window, index) is the baseline's register window x N + index as
 * long as every register stands for one cell and every cell for one register. */
enum { CMP_PART_FRF = 1, CMP_PART_SRF = 2 };
typedef struct {
    uint8_t index[PL_MAX_SLICES][DRF_REGS];  /* the register's index in its window + 1; 0: none */
    uint8_t window[PL_MAX_SLICES][DRF_REGS]; /* its window */
    uint16_t win_n[PL_MAX_SLICES][DRF_REGS]; /* window w's size (w >= 1: its base w x N) */
    uint8_t part[DRF_REGS];                  /* CMP_PART_* of register p on any slice */
    const char *na;                          /* why the cells cannot be told apart, or NULL */
} cmp_cells;

/* A wavefront placed in window w of n registers on slice sl. */
void cmp_cells_place(cmp_cells *c, unsigned sl, unsigned w, unsigned n);

typedef struct {
    sim_result sim[SIM_SCHEMES];
    sim_stats sim_stats;
    pa_stats patch[FM_SCENARIOS];
    pv_result pv[PV_SCHEMES];
    uint64_t pv_accesses;          /* warp accesses of the PV evaluation (two a wavefront) */
    const pe_result *pilot;
    const pe_result *pilot_split;  /* its FRF accesses split on the issue model (cmp_pilot_split) */
    const cmp_cells *cells;
    double years;
    uint64_t cycles[CMP_TL_TECHS]; /* the issue model's */
    ep_counts epochs;              /* the Pilot RF's modes on the baseline's issue */
    uint64_t events;               /* of the trace (one copy) */
    unsigned copies;               /* of the trace launched at once (ds_fill_copies) */
    bool no_values;                /* the trace carries no register values (Accel-Sim's) */
    unsigned evals;                /* CMP_EVAL_* the run evaluated */
} cmp_inputs;

/* The Pilot RF's evaluation p with its FRF accesses split between FRF_high and FRF_low by the
 * modes of the baseline's issue e (the FRF_low share of all accesses applied to the FRF's,
 * first order), its CU-epochs e's, and Table IV's energy of them (docs/timeline.md). */
void cmp_pilot_split(const pe_result *p, const ep_counts *e, pe_result *out);

/* Every technique's axes from the evaluations' results. */
void cmp_axes(const cmp_inputs *in, cmp_result *out);

#endif
