/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare's two halves (issue 32): the one-pass run of every evaluation on a trace
 * (eval/compare.c) hands their results to the common axes (eval/compare_axes.c, the energy and
 * ageing model of docs/compare.md). Not a public API. */
#ifndef DRF_COMPARE_INTERNAL_H
#define DRF_COMPARE_INTERNAL_H

#include "compare.h"
#include "patch_eval.h"
#include "pilot_eval.h"
#include "pv_eval.h"
#include "rfsim.h"

/* The schemes of the aging paper's replay that compare runs. */
#define CMP_SIM_SCHEMES                                                                        \
    (1u << SIM_BASE | 1u << SIM_RC | 1u << SIM_RCRAR | 1u << SIM_WC | 1u << SIM_ARGO)

typedef struct {
    sim_result sim[SIM_SCHEMES];
    sim_stats sim_stats;
    pa_stats patch[FM_SCENARIOS];
    pv_result pv[PV_SCHEMES];
    uint64_t pv_accesses;
    const pe_result *pilot;
    double years;
} cmp_inputs;

/* Every technique's axes from the evaluations' results. */
void cmp_axes(const cmp_inputs *in, cmp_result *out);

#endif
