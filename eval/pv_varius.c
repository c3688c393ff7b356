/* SPDX-License-Identifier: Apache-2.0 */
/* VARIUS-style variation map and NBTI ageing (pv-nbti-banked-rf paper Sections 2.3, 3.1);
 * decisions (grid, layout, delay law, K_v): docs/pv-decisions.md D2, D19. */
#include "pv_varius.h"

#include <math.h>
#include <stdlib.h>

#include "rng.h"

#define VTH_SIGMA (0.12 * PV_VTH0)
#define LEFF_SIGMA 0.06

struct pv_varius {
    double *l; /* lower-triangular Cholesky factor, PV_POINTS x PV_POINTS */
};

static void point_xy(unsigned p, double *x, double *y)
{
    *x = (p % PV_GRID + 0.5) / PV_GRID;
    *y = (p / PV_GRID + 0.5) / PV_GRID;
}

/* VARIUS's spherical correlation at distance r for range phi. */
static double spherical(double r, double phi)
{
    if (r >= phi)
        return 0.0;
    const double q = r / phi;
    return 1.0 - 1.5 * q + 0.5 * q * q * q;
}

pv_varius *pv_varius_new(double phi)
{
    pv_varius *v = malloc(sizeof *v);
    double *l = calloc((size_t)PV_POINTS * PV_POINTS, sizeof *l);
    if (!v || !l) {
        free(v);
        free(l);
        return NULL;
    }
    for (unsigned i = 0; i < PV_POINTS; i++) {
        double xi, yi;
        point_xy(i, &xi, &yi);
        for (unsigned j = 0; j <= i; j++) {
            double xj, yj;
            point_xy(j, &xj, &yj);
            double s = spherical(hypot(xi - xj, yi - yj), phi) + (i == j ? 1e-9 : 0.0);
            for (unsigned k = 0; k < j; k++)
                s -= l[(size_t)i * PV_POINTS + k] * l[(size_t)j * PV_POINTS + k];
            l[(size_t)i * PV_POINTS + j] = i == j ? sqrt(s > 0 ? s : 0) : s / l[(size_t)j * PV_POINTS + j];
        }
    }
    v->l = l;
    return v;
}

void pv_varius_free(pv_varius *v)
{
    if (v)
        free(v->l);
    free(v);
}

static double gauss(hx_rng *r)
{
    const double u1 = (hx_rand64(r) >> 11) * 0x1.0p-53 + 0x1.0p-54, u2 = (hx_rand64(r) >> 11) * 0x1.0p-53;
    return sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
}

/* Layout: bank b at tile (b % 4, b / 4) of 4 x 4; its sub-bank h the left (0) or right half. */
static unsigned subbank_of(unsigned p)
{
    const unsigned x = p % PV_GRID, y = p / PV_GRID, tile = PV_GRID / 4;
    const unsigned bank = (y / tile) * 4 + x / tile, half = (x % tile) >= tile / 2;
    return 2 * bank + half;
}

static double point_delay(const pv_chip *c, unsigned p, double dvth)
{
    const double nominal = 1.0 / pow(PV_VDD - PV_VTH0, PV_ALPHA);
    const double ov = PV_VDD - c->vth[p] - dvth;
    return c->leff[p] / pow(ov > 0.05 ? ov : 0.05, PV_ALPHA) / nominal;
}

double pv_chip_delay(const pv_chip *c, unsigned sb, double dvth)
{
    double d = 0.0;
    for (unsigned k = 0; k < PV_SB_POINTS; k++)
        d = fmax(d, point_delay(c, c->pts[sb][k], dvth));
    return d;
}

void pv_chip_generate(const pv_varius *v, uint64_t seed, pv_chip *c)
{
    hx_rng r;
    hx_rng_seed(&r, seed);
    static double z[PV_POINTS];
    for (unsigned i = 0; i < PV_POINTS; i++)
        z[i] = gauss(&r);
    const double half = sqrt(0.5); /* equal random and systematic variance */
    for (unsigned i = 0; i < PV_POINTS; i++) {
        double sys = 0.0;
        for (unsigned k = 0; k <= i; k++)
            sys += v->l[(size_t)i * PV_POINTS + k] * z[k];
        c->vth[i] = PV_VTH0 + VTH_SIGMA * half * (sys + gauss(&r));
        c->leff[i] = 1.0 + LEFF_SIGMA * half * (sys + gauss(&r)); /* same systematic field */
        c->sb_of[i] = subbank_of(i);
    }
    unsigned fill[DRF_PV_SUBBANKS] = {0};
    for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++) {
        c->delay[sb] = 0.0;
        c->dvth0[sb] = 0.0;
    }
    for (unsigned p = 0; p < PV_POINTS; p++) {
        const unsigned sb = c->sb_of[p];
        c->pts[sb][fill[sb]++] = (uint16_t)p;
        const double d = point_delay(c, p, 0.0);
        if (d > c->delay[sb]) {
            c->delay[sb] = d;
            c->dvth0[sb] = c->vth[p] > PV_VTH0 ? c->vth[p] - PV_VTH0 : 0.0;
        }
    }
}

double pv_nbti_dvth_v(double v7, double duty, double t_total, double dvth0)
{
    const double two_n = 2.0 * PV_NBTI_N;
    const double kv = pow(v7, 1.0 / two_n) / sqrt(7.0 * PV_YEAR_S);
    const double ts = duty * t_total, tr = t_total - ts;
    if (ts <= 0.0)
        return 0.0;
    /* Eq. (1) less its value at t = 0 (the PV shift is in the map already), then Eq. (2) */
    const double stress = pow(kv * sqrt(ts) + pow(dvth0, 1.0 / two_n), two_n) - dvth0;
    return stress * (1.0 - sqrt(PV_NBTI_ETA * tr / (ts + tr)));
}

double pv_nbti_dvth(double duty, double t_total, double dvth0)
{
    return pv_nbti_dvth_v(PV_NBTI_7Y_V, duty, t_total, dvth0);
}
