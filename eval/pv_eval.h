/* SPDX-License-Identifier: Apache-2.0 */
/* Trace evaluation of the PV/NBTI banked RF (pv-nbti-banked-rf paper Sections 3.1-4.2, 6.2):
 * per scheme the bank utilisation, the share of accesses to slow banks, the normalized frequency
 * and the NBTI guardband after Y years, averaged over a population of VARIUS chips. */
#ifndef PV_EVAL_H
#define PV_EVAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "drf_params.h"

enum pv_scheme {
    PV_BASELINE, PV_VLSB_BRO, PV_FBA_RM, PV_FWAS, PV_OPT, PV_OPT_RENAME, PV_OPT_NBTI, PV_SCHEMES
};

/* Accesses of a trace (docs/pv-decisions.md D21): counts per (warp, register, the last warp of
 * the warp's block % 16, partial = the active lanes fit in one sub-bank half). */
typedef struct {
    uint64_t n[DRF_PV_WARPS][DRF_PV_REG_IDS][DRF_PV_BANKS][2];
    uint64_t total, wavefronts;
    unsigned max_nvregs, fast_regs;  /* FBA-RM's fast_regs for the trace's kernel */
} pv_accesses;

typedef struct {
    double util_max_share;          /* busiest virtual bank's share of the accesses */
    double util_min_share;
    double slow_share;              /* accesses taking two cycles (slow bank, not hybrid) */
    double freq0;                   /* normalized to no PV, at time 0 */
    double freq_aged;               /* after the years of NBTI */
    double guardband;               /* aged cycle / fresh cycle - 1, averaged over the chips */
    double norm_guardband;          /* guardband / the baseline's (both chip averages) */
    double vbank_util[DRF_PV_BANKS];/* chip 1: each virtual bank's share (Fig. 8) */
    double vbank_delay0[DRF_PV_BANKS], vbank_delay[DRF_PV_BANKS]; /* chip 1, fresh / aged */
    double boundary0;               /* chip 1: the fresh cycle (the boundary) */
} pv_result;

const char *pv_scheme_name(enum pv_scheme s);
/* Reads the trace; false with a one-line message in err. */
bool pv_accesses_read(const char *path, pv_accesses *a, char *err, size_t errlen);
/* Eq. (1)'s Delta Vth_t0 (docs/pv-decisions.md D2): the NBTI shift already present when the
 * stress starts, 0 for a fresh chip (PV_T0_NBTI, the default), or the literal reading of
 * Section 2.3, the PV Vth excess of the sub-bank's slowest point (PV_T0_PV). */
enum pv_t0 { PV_T0_NBTI, PV_T0_PV };

/* Every scheme on `chips` chips (seeds 1..chips) for `years`; false when out of memory. */
bool pv_evaluate(const pv_accesses *a, unsigned chips, double years, enum pv_t0 t0,
                 pv_result r[PV_SCHEMES]);

#endif
