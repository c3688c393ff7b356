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
#include "eval/pv/pv_gpu.h"
#include "eval/trace/trace.h"

enum pv_scheme {
    PV_BASELINE, PV_VLSB_BRO, PV_FBA_RM, PV_FWAS, PV_OPT, PV_OPT_RENAME, PV_OPT_NBTI, PV_SCHEMES
};

/* One of the paper's warps (docs/pv-decisions.md D21, D23, D24: a GCN wavefront is two, lanes
 * 0-31 and 32-63, an NVIDIA warp one): its SM and warp on the GPU, its work-group and the warp
 * of that group's last
 * wavefront's second warp, and its accesses per register and thread class (PV_FULL: threads in
 * both halves of the warp; PV_LOW / PV_HIGH: only in threads 0-15 / 16-31, one sub-bank of the
 * register vector, D6). */
enum { PV_FULL, PV_LOW, PV_HIGH, PV_LANE_CLASSES };
typedef struct {
    uint32_t group;
    uint16_t sm;
    uint8_t id, last_warp;
    uint64_t n[DRF_PV_REG_IDS][PV_LANE_CLASSES];
} pv_warp;

/* Accesses of a trace: its wavefronts' warps (in A order, config.wave_warps a wavefront), its
 * work-groups and their placement on the GPU (D23, D24). */
typedef struct {
    pv_warp *warp;
    size_t cap;
    uint64_t warps, wavefronts, groups;
    uint64_t total;                 /* the trace's accesses (R and W lines, launch values dropped) */
    uint64_t warp_accesses;         /* the warps': one an access for each half with an active lane */
    uint64_t partial;               /* warp accesses of threads 0-15 or 16-31 only (hybrid banks) */
    unsigned max_nvregs;
    pv_gpu config;                  /* the GPU placed on, for the trace's wavefronts (D24) */
    pv_gpu_stats gpu;               /* the placement: its SMs, waits and peaks */
    unsigned fast_regs[GPU_MAX_SMS];/* FBA-RM's fast_regs per SM (D5) */
} pv_accesses;

typedef struct {
    double util_max_share;          /* busiest virtual bank's share of the warp accesses */
    double util_min_share;
    double slow_share;              /* warp accesses taking two cycles (slow bank, not hybrid) */
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
 * pv_reader_new zeroes *a for the GPU g (pv_gpu_check'ed, kept alive by the caller while the
 * reader is; NULL when out of memory);
 * pv_reader_lanes gives the trace's lanes (tr_lanes: a GCN trace's 64 unless called) before
 * its first event; pv_reader_add takes each event in file order, pv_reader_finish after the last
 * places the work-groups on the GPU (D23) and sets FBA-RM's fast registers; false with a
 * one-line message (without the trace's name) in msg. */
typedef struct pv_reader pv_reader;
pv_reader *pv_reader_new(pv_accesses *a, const gpu_config *g);
bool pv_reader_lanes(pv_reader *pr, unsigned lanes, char *msg, size_t len);
bool pv_reader_add(pv_reader *pr, const tr_event *ev, char *msg, size_t len);
bool pv_reader_finish(pv_reader *pr, char *msg, size_t len);
void pv_reader_free(pv_reader *pr);
/* Reads the trace for the GPU g (pv_gpu_check'ed); false with a one-line message in err. */
bool pv_accesses_read(const char *path, const gpu_config *g, pv_accesses *a, char *err,
                      size_t errlen);
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
