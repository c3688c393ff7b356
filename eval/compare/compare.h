/* SPDX-License-Identifier: Apache-2.0 */
/* The four papers' techniques side by side on one trace (docs/compare.md): one read of the trace feeds
 * the aging paper's replay (Sec. 6), DC-Patch under three fault maps (Sec. V), the PV/NBTI banked
 * RF (Sec. 6) and the Pilot RF (Sec. V); each technique is set on common axes against the same
 * baseline with one energy and one ageing model. Decisions: docs/compare.md. */
#ifndef DRF_COMPARE_H
#define DRF_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "faultmap.h"
#include "eval/gpu/gpu.h"

enum cmp_tech {
    CMP_BASELINE, CMP_RC, CMP_RCRAR, CMP_WC, CMP_ARGO, CMP_DCPATCH, CMP_VLSB, CMP_PVOPT,
    CMP_PVOPT_NBTI, CMP_PILOT, CMP_TECHS
};

/* The axes, each a named number (docs/compare.md, JSON schema). */
enum cmp_axis {
    CMP_DYNAMIC_PJ, CMP_LEAKAGE_PJ, CMP_ENERGY_PJ, CMP_ENERGY_SAVING_PCT,
    CMP_ENERGY_SAVING_SYNTH_PCT, CMP_LONGEST0, CMP_LONGEST1, CMP_DVTH_MV, CMP_GUARDBAND_PCT,
    CMP_CYCLES, CMP_EXTRA_CYCLES, CMP_PERF_OVERHEAD_PCT, CMP_CYCLE_TIME_NS, CMP_TIME_US,
    CMP_SPEEDUP_PCT, CMP_AREA_UM2, CMP_AREA_OVERHEAD_PCT, CMP_AXES
};

/* One technique on every axis; na[a] non-NULL: axis a does not apply, for that reason. */
typedef struct {
    double v[CMP_AXES];
    const char *na[CMP_AXES];
} cmp_row;

typedef struct {
    unsigned chips;       /* VARIUS chips of the PV evaluation */
    double years;         /* of NBTI ageing */
    uint64_t mem_budget;  /* bytes of held lines of waiting wavefronts kept in memory */
    const char *progress; /* program name for the progress line on stderr; NULL: none */
    const gpu_config *gpu;/* the slices' GPU (pl_gpu_check'ed): the issue model's and the Pilot
                           * RF's epochs; NULL: PL_GPU_DEFAULT. PV runs on its paper's GPU. */
} cmp_config;

typedef struct {
    cmp_row tech[CMP_TECHS];
    cmp_row dcpatch[FM_SCENARIOS]; /* tech[CMP_DCPATCH] is the common scenario's */
    double top4_share;             /* % of accesses to the 4 busiest registers (deltarf pilot) */
    double frf_share_static, frf_share_pilot; /* % of accesses the FRF serves, per profile */
    double frf_low_share;          /* % of the FRF's accesses in FRF_low epochs (the timeline) */
    double pv_guardband[CMP_TECHS];/* the PV model's own NBTI guardband (%), NaN: not a PV row */
    cmp_row pilot_cells[2];        /* the Pilot RF's FRF [0] and SRF [1] cells: ageing axes */
    const char *pilot_cells_na;    /* why they are not given (their axes NaN), or NULL */
    uint64_t events, wavefronts, accesses; /* of the trace: one copy */
    unsigned copies;                       /* of the trace launched at once */
    double busy_cycles;            /* slice-cycles with a wavefront resident */
    uint64_t decoded_bytes;        /* of trace text */
} cmp_result;

const char *cmp_tech_name(enum cmp_tech t);
const char *cmp_axis_name(enum cmp_axis a);
/* The node of every energy (docs/compare.md: the aging paper's, ours). */
double cmp_node_nm(void);

/* A run context: every evaluation's memory, made once and reset for each trace it runs (the
 * same results as a fresh one); NULL when out of memory. */
typedef struct cmp_ctx cmp_ctx;
cmp_ctx *cmp_ctx_new(void);
void cmp_ctx_free(cmp_ctx *c);
/* Every technique on the trace at path, read once, in the context c. false with a one-line
 * message in err ("file:line: message" or "file: message"). */
bool cmp_ctx_run(cmp_ctx *c, const char *path, const cmp_config *cfg, cmp_result *out,
                 char *err, size_t errlen);
/* The same on a trace in memory (kept alive by the caller); name is used in messages. */
bool cmp_ctx_run_mem(cmp_ctx *c, const void *buf, size_t len, const char *name,
                     const cmp_config *cfg, cmp_result *out, char *err, size_t errlen);

/* The same, each in a context of its own (made and freed here). */
bool cmp_run(const char *path, const cmp_config *cfg, cmp_result *out, char *err, size_t errlen);
bool cmp_run_mem(const void *buf, size_t len, const char *name, const cmp_config *cfg,
                 cmp_result *out, char *err, size_t errlen);

#endif
