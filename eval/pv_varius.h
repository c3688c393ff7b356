/* SPDX-License-Identifier: Apache-2.0 */
/* Process-variation map after VARIUS [13] for the PV/NBTI banked RF (pv-nbti-banked-rf paper
 * Section 3.1: phi = 0.5, Vth sigma/mu 12 %, Leff sigma/mu 6 %, equal random and systematic
 * variance) and NBTI ageing by Eq. (1)-(2) (Section 2.3: n = 1/6, eta = 0.35). */
#ifndef PV_VARIUS_H
#define PV_VARIUS_H

#include <stdint.h>

#include "drf_params.h"

/* The RF as the unit square: 4 x 4 banks, each bank two vertical halves (sub-banks), on a
 * PV_GRID x PV_GRID grid (docs/pv-decisions.md D19, ours). */
enum { PV_GRID = 32, PV_POINTS = PV_GRID * PV_GRID, PV_SB_POINTS = PV_POINTS / DRF_PV_SUBBANKS };

typedef struct {
    double vth[PV_POINTS], leff[PV_POINTS];  /* per grid point, volts and nominal-relative */
    unsigned sb_of[PV_POINTS];               /* the sub-bank a point belongs to */
    uint16_t pts[DRF_PV_SUBBANKS][PV_SB_POINTS]; /* the points of each sub-bank */
    double delay[DRF_PV_SUBBANKS];           /* slowest point, relative to the nominal delay */
    double dvth0[DRF_PV_SUBBANKS];           /* Eq. (1)'s Delta Vth_t0: slowest point's PV excess */
} pv_chip;

typedef struct pv_varius pv_varius;

/* The systematic field's Cholesky factor for phi (built once, shared by every chip). */
pv_varius *pv_varius_new(double phi);
void pv_varius_free(pv_varius *v);
/* Chip `seed`: systematic + random Vth and Leff, sub-bank delays. */
void pv_chip_generate(const pv_varius *v, uint64_t seed, pv_chip *c);
/* Sub-bank sb's delay (relative) with every point's Vth raised by dvth volts. */
double pv_chip_delay(const pv_chip *c, unsigned sb, double dvth);

/* NBTI, Eq. (1)-(2): the Vth increase after t_total seconds, stressed duty x t_total of them,
 * for a device whose PV shift is dvth0 (volts, >= 0): Eq. (1) minus dvth0, times Eq. (2)'s
 * recovery factor (docs/pv-decisions.md D2). */
double pv_nbti_dvth(double duty, double t_total, double dvth0);
/* The same with K_v set by v7, the shift of 7 years of full stress from 0 (PV_NBTI_7Y_V). */
double pv_nbti_dvth_v(double v7, double duty, double t_total, double dvth0);

#define PV_VTH0 0.30      /* nominal Vth (V), ours */
#define PV_VDD 1.00       /* supply (V), ours */
#define PV_ALPHA 1.3      /* alpha-power law exponent, ours */
#define PV_NBTI_N (1.0 / 6.0)
#define PV_NBTI_ETA 0.35
/* ours: Delta Vth after 7 years of full stress from 0, which sets K_v; calibrated so that the
 * baseline's mean frequency falls from the paper's 0.60 (Fig. 3a) to 0.45 (Fig. 13a) of the
 * ideal chip's, a cycle 0.60 / 0.45 - 1 = 33.3 % longer after 7 years, when every bank is as
 * busy as the busiest (duty 0.5; 100 chips; docs/pv-decisions.md D2; test_pv_eval checks it) */
#define PV_NBTI_7Y_V 0.2294
#define PV_YEAR_S (365.25 * 24 * 3600)

#endif
