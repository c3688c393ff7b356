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
#include "trace.h"

#define DRF_PV_SMS_MAX 32 /* the trace reader's compute units (TR_MAX_CU) */

enum pv_scheme {
    PV_BASELINE, PV_VLSB_BRO, PV_FBA_RM, PV_FWAS, PV_OPT, PV_OPT_RENAME, PV_OPT_NBTI, PV_SCHEMES
};

/* One wavefront of a trace (docs/pv-decisions.md D21): its SM (the trace's compute unit, in order
 * of first appearance), warp, its work-group and that group's last warp, and its accesses per
 * register and lane class (PV_FULL: lanes in both halves; PV_LOW / PV_HIGH: only in the low /
 * high 32 lanes, one sub-bank of the vector). */
enum { PV_FULL, PV_LOW, PV_HIGH, PV_LANE_CLASSES };
typedef struct {
    uint32_t group;
    uint8_t sm, warp, last_warp;
    uint64_t n[DRF_PV_REG_IDS][PV_LANE_CLASSES];
} pv_wave;

/* Accesses of a trace: its wavefronts (in A order), work-groups and SMs. */
typedef struct {
    pv_wave *wave;
    size_t cap;
    uint64_t total, wavefronts, groups;
    uint64_t slot_reuse;            /* wavefronts launched on an SM after one of it ended (D22) */
    uint64_t partial;               /* accesses of the low or high half only (hybrid banks) */
    unsigned sms;                   /* compute units of the trace (1 when folded, D21) */
    unsigned max_nvregs;
    unsigned fast_regs[DRF_PV_SMS_MAX]; /* FBA-RM's fast_regs per SM (D5) */
} pv_accesses;

typedef struct {
    double util_max_share;          /* busiest virtual bank's share of the accesses */
    double util_min_share;
    double slow_share;              /* accesses taking two cycles (slow bank, not hybrid) */
    double freq0;                   /* normalized to no PV, at time 0 */
    double freq_aged;               /* after the years of NBTI */
    double guardband;               /* NBTI only: fresh / aged frequency - 1, chips' mean (D20) */
    double loss_total;              /* 1 - freq_aged: PV and NBTI against the ideal chip */
    double norm_guardband;          /* guardband / the baseline's (both chip averages) */
    double vbank_util[DRF_PV_BANKS];/* chip 1: each virtual bank's share (Fig. 8) */
    double vbank_delay0[DRF_PV_BANKS], vbank_delay[DRF_PV_BANKS]; /* chip 1, fresh / aged */
    double boundary0;               /* chip 1: the fresh cycle (the boundary) */
    double sb_dvth[DRF_PV_SUBBANKS];/* chip 1: each sub-bank's NBTI Vth shift at the end */
} pv_result;

const char *pv_scheme_name(enum pv_scheme s);
/* The accesses gathered one trace event at a time (pv_accesses_read, deltarf compare):
 * pv_reader_new zeroes *a (NULL when out of memory); pv_reader_add takes each event in file
 * order, pv_reader_finish the work-groups' last warps and FBA-RM's fast registers after the
 * last; false with a one-line message (without the trace's name) in msg. */
typedef struct pv_reader pv_reader;
pv_reader *pv_reader_new(pv_accesses *a);
bool pv_reader_add(pv_reader *pr, const tr_event *ev, char *msg, size_t len);
bool pv_reader_finish(pv_reader *pr, char *msg, size_t len);
void pv_reader_free(pv_reader *pr);
/* Reads the trace; false with a one-line message in err. */
bool pv_accesses_read(const char *path, pv_accesses *a, char *err, size_t errlen);
void pv_accesses_free(pv_accesses *a);
/* Eq. (1)'s Delta Vth_t0 (docs/pv-decisions.md D2): the NBTI shift already present when the
 * stress starts, 0 for a fresh chip (PV_T0_NBTI, the default), or the literal reading of
 * Section 2.3, the PV Vth excess of the sub-bank's slowest point (PV_T0_PV). */
enum pv_t0 { PV_T0_NBTI, PV_T0_PV };

/* Every scheme on `chips` chips (seeds 1..chips) for `years`; false when out of memory. */
bool pv_evaluate(const pv_accesses *a, unsigned chips, double years, enum pv_t0 t0,
                 pv_result r[PV_SCHEMES]);
/* The same with K_v set by v7 (volts after 7 years of full stress, pv_nbti_dvth_v). */
bool pv_evaluate_v(const pv_accesses *a, unsigned chips, double years, enum pv_t0 t0, double v7,
                   pv_result r[PV_SCHEMES]);

#endif
