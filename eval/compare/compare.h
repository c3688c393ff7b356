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
#include "eval/pilot/pilot_eval.h"
#include "eval/trace/trace.h"

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

/* What a run evaluates (cmp_config.evals; docs/compare.md, decision 17): the baseline replay,
 * the issue model, the Pilot RF's epochs and profile always (every row's energy and time are
 * against the baseline's); the rest by these bits. 0: everything (deltarf compare). */
enum {
    CMP_EVAL_REPLAY = 1u << 0,                /* RC, RC+RAR, WC, ARGO (the aging paper's replay) */
    CMP_EVAL_PATCH0 = 1u << 1,                /* DC-Patch under scenario k: CMP_EVAL_PATCH0 << k */
    CMP_EVAL_PV = CMP_EVAL_PATCH0 << FM_SCENARIOS, /* the PV chips (and every row's time axis) */
    CMP_EVAL_PILOT = CMP_EVAL_PV << 1,        /* the Pilot RF's row (its evaluation runs always) */
    CMP_EVAL_AGEING = CMP_EVAL_PILOT << 1,    /* the replay's cell times: every ageing axis */
    CMP_EVAL_ALL = (CMP_EVAL_AGEING << 1) - 1
};

/* One technique on every axis; na[a] non-NULL: axis a does not apply, for that reason. */
typedef struct {
    double v[CMP_AXES];
    const char *na[CMP_AXES];
} cmp_row;

/* deltarf compare's defaults, and the ageing years of the rows deltarf pilot and patch print. */
enum { CMP_CHIPS_DEFAULT = 100, CMP_YEARS_DEFAULT = 7 };

typedef struct {
    unsigned chips;       /* VARIUS chips of the PV evaluation */
    double years;         /* of NBTI ageing */
    uint64_t mem_budget;  /* bytes of held lines of waiting wavefronts kept in memory */
    const char *progress; /* program name for the progress line on stderr; NULL: none */
    const gpu_config *gpu;/* the slices' GPU (pl_gpu_check'ed): the issue model's and the Pilot
                           * RF's epochs; NULL: PL_GPU_DEFAULT. PV runs on its paper's GPU. */
    unsigned evals;       /* CMP_EVAL_* bits; 0: CMP_EVAL_ALL */
    const gpu_config *pilot_gpu; /* whose issue slots set the Pilot RF's threshold; NULL: gpu's */
    bool pilot_gpu_own;   /* pilot_gpu NULL: an Accel-Sim trace's is the pilot paper's
                           * (deltarf pilot; docs/pilot-eval.md decision 6) */
    unsigned pilot_n;     /* FRF registers a warp (1..PE_MAX_N); 0: DRF_PILOT_N */
    const uint64_t *patch_seed; /* DC-Patch's fault maps (map 0 of this seed); NULL: 1 */
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
/* The same on a source the caller opened (tr_source_init with reread: the copies read it again). */
bool cmp_ctx_run_source(cmp_ctx *c, const tr_source *src, const cmp_config *cfg, cmp_result *out,
                        char *err, size_t errlen);
/* The same on a trace in memory (kept alive by the caller); name is used in messages. */
bool cmp_ctx_run_mem(cmp_ctx *c, const void *buf, size_t len, const char *name,
                     const cmp_config *cfg, cmp_result *out, char *err, size_t errlen);

/* The Pilot RF's evaluation of c's last run with its FRF accesses split between FRF_high and
 * FRF_low on the issue model (docs/compare.md, decision 4): the figures of its row. */
const pe_result *cmp_ctx_pilot(const cmp_ctx *c);

/* The same, each in a context of its own (made and freed here). */
bool cmp_run(const char *path, const cmp_config *cfg, cmp_result *out, char *err, size_t errlen);
bool cmp_run_mem(const void *buf, size_t len, const char *name, const cmp_config *cfg,
                 cmp_result *out, char *err, size_t errlen);

#endif
