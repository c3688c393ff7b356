/* SPDX-License-Identifier: Apache-2.0 */
/* VARIUS-style variation map and NBTI ageing (pv-nbti-banked-rf paper Sections 2.3, 3.1);
 * decisions (grid, one point a cell, layout, delay law, K_v): docs/pv-decisions.md D2, D19. */
#include "eval/pv/pv_varius.h"

#include <math.h>
#include <stdlib.h>

#define HALF_SIGMA 0.70710678118654752440 /* equal random and systematic variance: sigma/sqrt 2 */
#define MIN_OVERDRIVE 0.05

struct pv_varius {
    double *l; /* lower-triangular Cholesky factor, PV_SYS_POINTS x PV_SYS_POINTS */
};

static void point_xy(unsigned p, double *x, double *y)
{
    *x = (p % PV_SYS_GRID + 0.5) / PV_SYS_GRID;
    *y = (p / PV_SYS_GRID + 0.5) / PV_SYS_GRID;
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
    double *l = calloc((size_t)PV_SYS_POINTS * PV_SYS_POINTS, sizeof *l);
    if (!v || !l) {
        free(v);
        free(l);
        return NULL;
    }
    for (unsigned i = 0; i < PV_SYS_POINTS; i++) {
        double xi, yi;
        point_xy(i, &xi, &yi);
        double *li = l + (size_t)i * PV_SYS_POINTS;
        for (unsigned j = 0; j <= i; j++) {
            double xj, yj;
            point_xy(j, &xj, &yj);
            const double *lj = l + (size_t)j * PV_SYS_POINTS;
            double s = spherical(hypot(xi - xj, yi - yj), phi) + (i == j ? 1e-9 : 0.0);
            for (unsigned k = 0; k < j; k++)
                s -= li[k] * lj[k];
            li[j] = i == j ? sqrt(s > 0 ? s : 0) : s / lj[j];
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

/* A uniform draw in (0, 1]. */
static double uniform(rng_state *r)
{
    return (rng_rand64(r) >> 11) * 0x1.0p-53 + 0x1.0p-54;
}

double pv_gauss(rng_state *r)
{
    const double u1 = uniform(r), u2 = (rng_rand64(r) >> 11) * 0x1.0p-53;
    return sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
}

/* Abramowitz-Stegun 26.2.23 (error < 4.5e-4) refined by two Halley steps on erfc. */
double pv_normal_upper_quantile(double q)
{
    if (q > 0.5)
        return -pv_normal_upper_quantile(1.0 - q);
    const double t = sqrt(-2.0 * log(q));
    double x = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
                       (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
    for (unsigned k = 0; k < 2; k++) {
        const double pdf = exp(-0.5 * x * x) * 0.39894228040143267794;
        const double e = (0.5 * erfc(x * 0.70710678118654752440) - q) / pdf; /* Newton step */
        x += e / (1.0 - 0.5 * x * e); /* Halley */
    }
    return x;
}

/* Renyi: the largest of n uniforms is V^(1/n), the next that times V'^(1/(n-1)), ...; a normal
 * is its uniform's upper quantile, computed from 1 - U to keep the far tail exact. */
void pv_top_normals(rng_state *r, unsigned n, unsigned k, double *w)
{
    double log_u = 0.0;
    for (unsigned i = 0; i < k && i < n; i++) {
        log_u += log(uniform(r)) / (double)(n - i);
        w[i] = pv_normal_upper_quantile(-expm1(log_u));
    }
}

double pv_cell_delay(const pv_cell *cell, double dvth)
{
    const double nominal = pow(PV_VDD - PV_VTH0, -PV_ALPHA);
    const double ov = PV_VDD - cell->vth - dvth;
    return cell->leff * pow(ov > MIN_OVERDRIVE ? ov : MIN_OVERDRIVE, -PV_ALPHA) / nominal;
}

/* D19: a cell's random Vth and Leff parts (zv, zl, independent standard normals) rotated to
 * w, the log-delay's linear direction at a typical slowest cell, and u across it: the PV_TOP
 * largest w of the point's cells are exact order statistics, each with its own u; the slowest
 * cell is among them unless its u lifts a cell from below (tests/test_pv_eval.c measures it). */
void pv_sys_point_cells(rng_state *r, double sys, pv_cell out[PV_TOP])
{
    const double sv = PV_VTH_SIGMA * HALF_SIGMA, sl = PV_LEFF_SIGMA * HALF_SIGMA;
    const double vth = PV_VTH0 + sv * sys, leff = 1.0 + sl * sys;
    const double tail = pv_normal_upper_quantile(1.0 / PV_SYS_CELLS); /* the slowest's z */
    const double ov = fmax(PV_VDD - vth - tail * sv, MIN_OVERDRIVE);
    double a = PV_ALPHA * sv / ov, b = sl / leff;
    const double norm = hypot(a, b);
    a /= norm;
    b /= norm;
    double w[PV_TOP];
    pv_top_normals(r, PV_SYS_CELLS, PV_TOP, w);
    for (unsigned k = 0; k < PV_TOP; k++) {
        const double u = pv_gauss(r);
        out[k].vth = vth + sv * (a * w[k] + b * u);
        out[k].leff = leff + sl * (b * w[k] - a * u);
    }
}

/* Layout: bank b at tile (b % 4, b / 4) of 4 x 4; its sub-bank h the left (0) or right half. */
static unsigned subbank_of(unsigned p)
{
    const unsigned x = p % PV_SYS_GRID, y = p / PV_SYS_GRID, tile = PV_SYS_GRID / 4;
    const unsigned bank = (y / tile) * 4 + x / tile, half = (x % tile) >= tile / 2;
    return 2 * bank + half;
}

double pv_chip_delay(const pv_chip *c, unsigned sb, double dvth)
{
    double d = 0.0;
    for (unsigned k = 0; k < c->nstair[sb]; k++)
        d = fmax(d, pv_cell_delay(&c->cand[sb][c->stair[sb][k]], dvth));
    return d;
}

/* The candidates that can be a sub-bank's slowest cell for some NBTI shift dvth >= 0: by fresh
 * delay, slowest first, each whose Vth exceeds every slower one's (a cell slower and of higher
 * Vth than another stays slower under any common shift: its overdrive shrinks faster). */
static void build_stair(pv_chip *c, unsigned sb)
{
    double d[PV_SB_CAND];
    uint8_t order[PV_SB_CAND];
    for (unsigned k = 0; k < PV_SB_CAND; k++) {
        d[k] = pv_cell_delay(&c->cand[sb][k], 0.0);
        unsigned i = k;
        for (; i > 0 && d[order[i - 1]] < d[k]; i--)
            order[i] = order[i - 1];
        order[i] = (uint8_t)k;
    }
    c->nstair[sb] = 0;
    double vmax = -INFINITY;
    for (unsigned i = 0; i < PV_SB_CAND; i++) {
        const pv_cell *cell = &c->cand[sb][order[i]];
        if (cell->vth > vmax) {
            vmax = cell->vth;
            c->stair[sb][c->nstair[sb]++] = order[i];
        }
    }
    const pv_cell *slowest = &c->cand[sb][order[0]];
    c->delay[sb] = d[order[0]];
    c->dvth0[sb] = slowest->vth > PV_VTH0 ? slowest->vth - PV_VTH0 : 0.0;
}

void pv_chip_generate(const pv_varius *v, uint64_t seed, pv_chip *c)
{
    rng_state r;
    rng_seed(&r, seed);
    double z[PV_SYS_POINTS];
    for (unsigned i = 0; i < PV_SYS_POINTS; i++)
        z[i] = pv_gauss(&r);
    unsigned fill[DRF_PV_SUBBANKS] = {0};
    for (unsigned i = 0; i < PV_SYS_POINTS; i++) {
        const double *li = v->l + (size_t)i * PV_SYS_POINTS;
        double sys = 0.0;
        for (unsigned k = 0; k <= i; k++)
            sys += li[k] * z[k];
        c->sys[i] = sys; /* Leff's systematic part is the same field as Vth's */
        const unsigned sb = subbank_of(i);
        pv_sys_point_cells(&r, sys, &c->cand[sb][fill[sb]]);
        fill[sb] += PV_TOP;
    }
    for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
        build_stair(c, sb);
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

double pv_ts_increase_v(double v7, double duty, double years)
{
    const pv_cell nominal = {.vth = PV_VTH0, .leff = 1.0};
    return pv_cell_delay(&nominal, pv_nbti_dvth_v(v7, duty, years * PV_YEAR_S, 0.0)) - 1.0;
}

double pv_ts_increase(double duty, double years)
{
    return pv_ts_increase_v(PV_NBTI_7Y_V, duty, years);
}
