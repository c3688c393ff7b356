/* SPDX-License-Identifier: Apache-2.0 */
/* Process-variation map after VARIUS [13] for the PV/NBTI banked RF (pv-nbti-banked-rf paper
 * Section 3.1: phi = 0.5, Vth sigma/mu 12 %, Leff sigma/mu 6 %, equal random and systematic
 * variance, one point a cell of the 128 KB RF) and NBTI ageing by Eq. (1)-(2) (Section 2.3:
 * n = 1/6, eta = 0.35). */
#ifndef PV_VARIUS_H
#define PV_VARIUS_H

#include <stdint.h>

#include "drf_params.h"
#include "rng.h"

/* The RF as the unit square: 4 x 4 banks, each bank two vertical halves (sub-banks). The
 * systematic part on a PV_SYS_GRID x PV_SYS_GRID grid, 2 x 4 points a sub-bank, each point
 * the value of its PV_SYS_CELLS cells; the random part one draw a cell (64 x 512 cells a
 * sub-bank), of which each point keeps the PV_TOP slowest candidates (docs/pv-decisions.md D19,
 * ours). */
enum {
    PV_SYS_GRID = 16,
    PV_SYS_POINTS = PV_SYS_GRID * PV_SYS_GRID,
    PV_SB_SYS = PV_SYS_POINTS / DRF_PV_SUBBANKS,
    PV_SB_CELLS = DRF_PV_ENTRIES * DRF_PV_VEC_BITS / 2,
    PV_SYS_CELLS = PV_SB_CELLS / PV_SB_SYS,
    PV_TOP = 8,
    PV_SB_CAND = PV_SB_SYS * PV_TOP
};

typedef struct {
    double vth, leff; /* volts, nominal-relative */
} pv_cell;

typedef struct {
    double sys[PV_SYS_POINTS];                 /* systematic field, in its sigmas */
    pv_cell cand[DRF_PV_SUBBANKS][PV_SB_CAND]; /* each sub-bank's candidates for its slowest cell */
    uint8_t stair[DRF_PV_SUBBANKS][PV_SB_CAND];/* those that can be slowest for some NBTI shift */
    unsigned nstair[DRF_PV_SUBBANKS];
    double delay[DRF_PV_SUBBANKS];             /* slowest cell, relative to the nominal delay */
    double dvth0[DRF_PV_SUBBANKS];             /* Eq. (1)'s Delta Vth_t0: slowest cell's PV excess */
} pv_chip;

typedef struct pv_varius pv_varius;

/* The systematic field's Cholesky factor for phi (built once, shared by every chip). */
pv_varius *pv_varius_new(double phi);
void pv_varius_free(pv_varius *v);
/* Chip `seed`: systematic field, each cell's random Vth and Leff, sub-bank delays. */
void pv_chip_generate(const pv_varius *v, uint64_t seed, pv_chip *c);
/* Sub-bank sb's delay (relative) with every cell's Vth raised by dvth volts. */
double pv_chip_delay(const pv_chip *c, unsigned sb, double dvth);
/* A cell's delay relative to the nominal cell's (alpha-power law, D19). */
double pv_cell_delay(const pv_cell *cell, double dvth);

/* The x with P(Z > x) = q for a standard normal Z, 0 < q < 1. */
double pv_normal_upper_quantile(double q);
/* The k largest of n independent standard normals, largest first (exact order statistics). */
void pv_top_normals(rng_state *r, unsigned n, unsigned k, double *w);
/* A standard normal draw (Box-Muller). */
double pv_gauss(rng_state *r);
/* The PV_TOP candidates for the slowest of PV_SYS_CELLS cells sharing the systematic value sys
 * (in sigmas), drawn from that many cells' random parts (D19). */
void pv_sys_point_cells(rng_state *r, double sys, pv_cell out[PV_TOP]);

/* NBTI, Eq. (1)-(2): the Vth increase after t_total seconds, stressed duty x t_total of them,
 * for a device whose PV shift is dvth0 (volts, >= 0): Eq. (1) minus dvth0, times Eq. (2)'s
 * recovery factor (docs/pv-decisions.md D2). */
double pv_nbti_dvth(double duty, double t_total, double dvth0);
/* The same with K_v set by v7, the shift of 7 years of full stress from 0 (PV_NBTI_7Y_V). */
double pv_nbti_dvth_v(double v7, double duty, double t_total, double dvth0);
/* The one ageing law of every cell and technique (docs/pv-decisions.md D2): the switching-delay
 * (Ts) increase, a fraction, of a nominal cell stressed duty x `years` of `years`, from Delta
 * Vth_t0 = 0: pv_cell_delay({PV_VTH0, 1}, pv_nbti_dvth(duty, years, 0)) - 1. */
double pv_ts_increase(double duty, double years);
/* The same with K_v set by v7 (pv_nbti_dvth_v). */
double pv_ts_increase_v(double v7, double duty, double years);

#define PV_VTH0 0.30      /* nominal Vth (V), ours */
#define PV_VDD 1.00       /* supply (V), ours */
#define PV_ALPHA 1.3      /* alpha-power law exponent, ours */
#define PV_VTH_SIGMA (0.12 * PV_VTH0) /* Section 3.1: sigma/mu 12 % */
#define PV_LEFF_SIGMA 0.06            /* Section 3.1: sigma/mu 6 % */
#define PV_NBTI_N (1.0 / 6.0)
#define PV_NBTI_ETA 0.35
/* ours: Delta Vth after 7 years of full stress from 0, which sets K_v; calibrated once so that
 * the aging paper's baseline cell, stressed its whole lifetime, switches 13.9 % slower after
 * its 3 years (Sec. 6.4; data/papers/reproduction.tsv: aging.ts_increase.baseline,
 * aging.lifetime): pv_ts_increase(1, 3) = 0.139 (docs/pv-decisions.md D2; test_pv_eval fits it
 * again and checks it) */
#define PV_NBTI_7Y_V 0.07680
#define PV_YEAR_S (365.25 * 24 * 3600)

#endif
