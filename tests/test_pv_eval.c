/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the PV/NBTI evaluation (pv-nbti-banked-rf paper Sections 2.3, 3.1, 6.2;
 * docs/pv-decisions.md D2, D19-D22): NBTI Eq. (1)-(2), the VARIUS map's statistics and
 * correlation, its per-cell order statistics against the analytic ones and against cells drawn
 * one by one, K_v's fit to the aging paper's Ts increase, the PV paper's Figs. 3a/13a as a
 * result, and the trace mapping on a small trace. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "drf_energy.h"
#include "pv_bank_org.h"
#include "pv_eval.h"
#include "pv_varius.h"

static check_counts c;

static bool near(double a, double b, double tol)
{
    return fabs(a - b) <= tol;
}

static void test_nbti(void)
{
    const double t7 = 7 * PV_YEAR_S;
    CHECK(&c, near(pv_nbti_dvth(1.0, t7, 0.0), PV_NBTI_7Y_V, 1e-12)); /* K_v's definition */
    CHECK(&c, pv_nbti_dvth(0.0, t7, 0.0) == 0.0);
    /* Eq. (1)-(2) by hand: duty 0.5, no PV shift */
    const double s = PV_NBTI_7Y_V * pow(0.5, 1.0 / 6.0), want = s * (1.0 - sqrt(0.35 * 0.5));
    CHECK(&c, near(pv_nbti_dvth(0.5, t7, 0.0), want, 1e-12));
    double last = 0.0;
    bool up = true;
    for (unsigned k = 1; k <= 10; k++) {
        const double v = pv_nbti_dvth(k / 10.0, t7, 0.0);
        up &= v > last;
        last = v;
    }
    CHECK(&c, up); /* more stress, more shift */
    CHECK(&c, pv_nbti_dvth(0.5, t7, 0.05) < pv_nbti_dvth(0.5, t7, 0.0)); /* D2's consequence */
    CHECK(&c, pv_nbti_dvth(0.5, 2 * t7, 0.0) > pv_nbti_dvth(0.5, t7, 0.0));
    /* D2's Ts law by hand: duty 0.4 for 3 years, Eq. (1)-(2) then the alpha-power law */
    const double dv = PV_NBTI_7Y_V * pow(0.4 * 3 / 7.0, 1.0 / 6.0) * (1.0 - sqrt(0.35 * 0.6));
    const double ov = PV_VDD - PV_VTH0;
    CHECK(&c, near(pv_ts_increase(0.4, 3.0), pow(ov / (ov - dv), PV_ALPHA) - 1.0, 1e-12));
}

/* VARIUS's spherical correlation at distance r for range phi (the model's, D19). */
static double spherical(double r, double phi)
{
    const double q = r / phi;
    return r >= phi ? 0.0 : 1.0 - 1.5 * q + 0.5 * q * q * q;
}

/* D19: the systematic field over 200 chips (mean 0, variance 1, the spherical correlation one
 * grid step apart, none at phi; fixed seeds), seeding, and each sub-bank's delay: its slowest candidate,
 * fresh and under any common NBTI shift (the staircase keeps every candidate that can be). */
static void test_varius(void)
{
    pv_varius *v = pv_varius_new(0.5);
    CHECK(&c, v != NULL);
    if (!v)
        return;
    static pv_chip chip;
    const unsigned chips = 200, g = PV_SYS_GRID;
    double sum = 0, sq = 0, adj = 0, far = 0, n_adj = 0, n_far = 0, stair = 0;
    bool slowest = true;
    for (unsigned k = 1; k <= chips; k++) {
        pv_chip_generate(v, k, &chip);
        for (unsigned p = 0; p < PV_SYS_POINTS; p++) {
            const unsigned x = p % g;
            sum += chip.sys[p];
            sq += chip.sys[p] * chip.sys[p];
            if (x + 1 < g) {
                adj += chip.sys[p] * chip.sys[p + 1];
                n_adj++;
            }
            if (x < g / 2) { /* half the side apart: phi */
                far += chip.sys[p] * chip.sys[p + g / 2];
                n_far++;
            }
        }
        for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++) {
            stair += chip.nstair[sb];
            slowest &= pv_chip_delay(&chip, sb, 0.0) == chip.delay[sb];
            for (double dv = 0.0; dv < 0.3; dv += 0.025) {
                double brute = 0.0;
                for (unsigned i = 0; i < PV_SB_CAND; i++)
                    brute = fmax(brute, pv_cell_delay(&chip.cand[sb][i], dv));
                slowest &= pv_chip_delay(&chip, sb, dv) == brute;
            }
        }
    }
    const double n = (double)chips * PV_SYS_POINTS, mean = sum / n, var = sq / n - mean * mean;
    CHECK(&c, near(mean, 0.0, 0.1));
    CHECK(&c, near(var, 1.0, 0.1));
    CHECK(&c, near(adj / n_adj / var, spherical(1.0 / g, 0.5), 0.03));
    CHECK(&c, near(far / n_far / var, 0.0, 0.1));
    CHECK(&c, slowest);
    CHECK(&c, stair < 0.25 * chips * DRF_PV_SUBBANKS * PV_SB_CAND); /* the staircase is short */
    pv_chip generated_twice;
    pv_chip_generate(v, 3, &chip);
    pv_chip_generate(v, 3, &generated_twice);
    CHECK(&c, memcmp(chip.delay, generated_twice.delay, sizeof chip.delay) == 0); /* seeded */
    pv_varius_free(v);
}

static double normal_cdf(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

/* Mean and standard deviation of the largest (second = false) or second largest of n standard
 * normals, by integrating their densities n phi F^(n-1) and n (n-1) phi F^(n-2) (1 - F). */
static void order_stat_moments(unsigned n, bool second, double *mean, double *sd)
{
    double m0 = 0, m1 = 0, m2 = 0;
    const double h = 1e-3;
    for (double x = -6.0; x < 9.0; x += h) {
        const double f = normal_cdf(x), phi = exp(-0.5 * x * x) / 2.5066282746310002;
        const double d = second ? n * (n - 1.0) * phi * pow(f, n - 2.0) * (1.0 - f)
                                : n * phi * pow(f, n - 1.0);
        m0 += d * h;
        m1 += x * d * h;
        m2 += x * x * d * h;
    }
    *mean = m1 / m0;
    *sd = sqrt(m2 / m0 - *mean * *mean);
}

/* D19's exact order statistics: the upper quantile inverts the normal tail; the largest and
 * second largest of n normals drawn by pv_top_normals have the analytic means and deviations
 * (20 000 draws, fixed seed, 4 standard errors), for one cell (n = 1) and a point's cells. */
static void test_order_statistics(void)
{
    bool inverts = true;
    for (double q = 0.9; q > 1e-12; q /= 7.0) {
        const double x = pv_normal_upper_quantile(q);
        inverts &= near(1.0 - normal_cdf(x), q, 1e-9 * q) || near(normal_cdf(-x), q, 1e-9 * q);
    }
    CHECK(&c, inverts);
    const unsigned ns[] = {1, PV_SYS_CELLS}, draws = 20000;
    hx_rng r;
    hx_rng_seed(&r, 29);
    for (unsigned i = 0; i < 2; i++) {
        const unsigned n = ns[i], k = n > 1 ? 2 : 1;
        double s[2] = {0}, q[2] = {0}, w[2];
        bool sorted = true;
        for (unsigned t = 0; t < draws; t++) {
            pv_top_normals(&r, n, k, w);
            sorted &= k == 1 || w[0] >= w[1];
            for (unsigned j = 0; j < k; j++) {
                s[j] += w[j];
                q[j] += w[j] * w[j];
            }
        }
        CHECK(&c, sorted);
        for (unsigned j = 0; j < k; j++) {
            double want, sd;
            order_stat_moments(n, j == 1, &want, &sd);
            const double mean = s[j] / draws, got_sd = sqrt(q[j] / draws - mean * mean);
            CHECK(&c, near(mean, want, 4.0 * sd / sqrt(draws)));
            CHECK(&c, near(got_sd, sd, 0.05 * sd));
        }
    }
}

/* D19: the PV_TOP candidates of a systematic point against its PV_SYS_CELLS cells drawn one by
 * one (300 points each way, fixed seed): the slowest cell's delay and Vth, fresh and with every
 * Vth raised by 0.15 V, agree in mean within 4 standard errors. */
static void test_point_sampler(void)
{
    const double sys = 1.0, sv = PV_VTH_SIGMA * sqrt(0.5), sl = PV_LEFF_SIGMA * sqrt(0.5);
    const double shifts[2] = {0.0, 0.15};
    const unsigned points = 300;
    double s[2][2][2] = {{{0}}}, q[2][2][2] = {{{0}}}; /* [sampler, brute][shift][delay, vth] */
    hx_rng r;
    hx_rng_seed(&r, 2);
    for (unsigned t = 0; t < points; t++) {
        pv_cell cand[PV_TOP], cell;
        double best[2][2][2] = {{{0}}};
        pv_sys_point_cells(&r, sys, cand);
        for (unsigned i = 0; i < PV_SYS_CELLS + PV_TOP; i++) {
            const bool brute = i >= PV_TOP;
            if (brute)
                cell = (pv_cell){PV_VTH0 + sv * (sys + pv_gauss(&r)), 1.0 + sl * (sys + pv_gauss(&r))};
            else
                cell = cand[i];
            for (unsigned h = 0; h < 2; h++) {
                const double d = pv_cell_delay(&cell, shifts[h]);
                if (d > best[brute][h][0]) {
                    best[brute][h][0] = d;
                    best[brute][h][1] = cell.vth;
                }
            }
        }
        for (unsigned b = 0; b < 2; b++)
            for (unsigned h = 0; h < 2; h++)
                for (unsigned m = 0; m < 2; m++) {
                    s[b][h][m] += best[b][h][m];
                    q[b][h][m] += best[b][h][m] * best[b][h][m];
                }
    }
    bool agree = true;
    for (unsigned h = 0; h < 2; h++)
        for (unsigned m = 0; m < 2; m++) {
            double mean[2], var[2];
            for (unsigned b = 0; b < 2; b++) {
                mean[b] = s[b][h][m] / points;
                var[b] = q[b][h][m] / points - mean[b] * mean[b];
            }
            agree &= near(mean[0], mean[1], 4.0 * sqrt((var[0] + var[1]) / points));
        }
    CHECK(&c, agree);
}

/* A temporary trace file at path (a mkstemp template), its header written; NULL (checked)
 * when it cannot be made. */
static FILE *trace_create(char *path)
{
    const int fd = mkstemp(path);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(&c, fp != NULL);
    if (fp)
        fprintf(fp, "# deltarf register-write trace v1\n");
    return fp;
}

/* Closes the trace of trace_create, reads it into a and removes it; false (checked) when the
 * reader refuses it. */
static bool trace_read(FILE *fp, const char *path, pv_accesses *a)
{
    fclose(fp);
    char err[256];
    const bool ok = pv_accesses_read(path, a, err, sizeof err);
    unlink(path);
    CHECK(&c, ok);
    return ok;
}

/* Four wavefronts in three work-groups (D21: A lines sharing cycle, compute unit and SIMD):
 * wf 7 and 9 (cycle 10, cu 0, simd 0; warps 0 and 1, last warp 1), wf 11 (simd 1: a group of
 * its own), wf 13 (simd 0 at cycle 15: another). Eq. (3) counts per (warp, reg, lane class),
 * launch values dropped. */
static void test_trace_mapping(void)
{
    char path[] = "/tmp/test_pv_eval_XXXXXX";
    FILE *fp = trace_create(path);
    if (!fp)
        return;
    char comps[64 * 9 + 1] = "";
    for (unsigned i = 0; i < 64; i++)
        strcat(comps, " 00000000");
    fprintf(fp, "A 10 0 0 7 12\n");
    fprintf(fp, "W 10 0 0 7 0 ffffffffffffffff%s\n", comps); /* launch value: dropped */
    fprintf(fp, "A 10 0 0 9 12\n");
    fprintf(fp, "A 10 0 1 11 12\n");
    fprintf(fp, "R 12 0 0 7 3\n");
    fprintf(fp, "W 12 0 0 7 11 00000000ffffffff%s\n", comps); /* low half only */
    fprintf(fp, "R 13 0 0 9 5\n");
    fprintf(fp, "R 13 0 0 9 5\n");
    fprintf(fp, "F 14 0 0 7\n");
    fprintf(fp, "F 14 0 0 9\n");
    fprintf(fp, "A 15 0 0 13 12\n");
    fprintf(fp, "F 16 0 0 13\n");
    fprintf(fp, "F 16 0 1 11\n");
    static pv_accesses a;
    if (!trace_read(fp, path, &a))
        return;
    CHECK(&c, a.total == 4 && a.wavefronts == 4 && a.groups == 3 && a.max_nvregs == 12 &&
                  a.fast_regs[0] == 12);
    CHECK(&c, a.slot_reuse == 1 && a.partial == 1); /* wf 13 starts after wf 7 ended (D22) */
    const pv_wave *w = a.wave;
    CHECK(&c, w[0].warp == 0 && w[1].warp == 1 && w[2].warp == 2 && w[3].warp == 3);
    CHECK(&c, w[0].group == w[1].group && w[2].group != w[0].group && w[3].group != w[0].group &&
                  w[3].group != w[2].group);
    CHECK(&c, w[0].last_warp == 1 && w[1].last_warp == 1 && w[2].last_warp == 2 &&
                  w[3].last_warp == 3); /* each work-group's own last warp */
    CHECK(&c, w[0].n[3][PV_FULL] == 1 && w[0].n[11][PV_LOW] == 1 && w[1].n[5][PV_FULL] == 2);
    pv_result r[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 2, 7.0, PV_T0_NBTI, r));
    /* banks: (0+3)=3, (0+11)=11 (slow, partial), (1+5)=6 twice */
    CHECK(&c, near(r[PV_VLSB_BRO].slow_share, 0.25, 1e-12));
    CHECK(&c, near(r[PV_OPT].slow_share, 0.0, 1e-12));     /* hybrid: the partial one is fast */
    CHECK(&c, near(r[PV_BASELINE].slow_share, 0.0, 1e-12));
    CHECK(&c, near(r[PV_FBA_RM].slow_share, 0.0, 1e-12));  /* 12 regs fit the fast banks */
    CHECK(&c, near(r[PV_VLSB_BRO].vbank_util[6], 0.5, 1e-12));
    /* renaming with the group's last warp 1: bank 6 -> 5, bank 3 -> 2, bank 11 -> 11 (with the
     * 8-wavefront blocks of before, last warp 7: 10, 7, 11) */
    CHECK(&c, near(r[PV_OPT_RENAME].vbank_util[5], 0.5, 1e-12) &&
                  near(r[PV_OPT_RENAME].vbank_util[2], 0.25, 1e-12) &&
                  near(r[PV_OPT_RENAME].vbank_util[11], 0.25, 1e-12));
    CHECK(&c, r[PV_VLSB_BRO].freq0 > r[PV_BASELINE].freq0); /* VL-SB raises the frequency */
    CHECK(&c, near(r[PV_BASELINE].norm_guardband, 1.0, 1e-12));
    pv_accesses_free(&a);
}

/* D19, D21: each compute unit of the trace is an SM with its own warps, banks and variation
 * map (chip k's SM j: seed k + j * 2^32); the chip's frequency is the SMs' mean (Section 3.1). */
static void test_sms(void)
{
    char path[] = "/tmp/test_pv_eval_XXXXXX";
    FILE *fp = trace_create(path);
    if (!fp)
        return;
    fprintf(fp, "A 10 5 0 1 8\nA 10 2 0 2 8\nA 11 5 0 3 8\n"); /* cu 5 = SM 0, cu 2 = SM 1 */
    fprintf(fp, "R 12 5 0 1 0\nR 12 2 0 2 0\nR 12 5 0 3 1\n");
    fprintf(fp, "F 13 5 0 1\nF 13 2 0 2\nF 13 5 0 3\n");
    static pv_accesses a;
    if (!trace_read(fp, path, &a))
        return;
    CHECK(&c, a.sms == 2 && a.groups == 3 && a.wavefronts == 3);
    CHECK(&c, a.wave[0].sm == 0 && a.wave[1].sm == 1 && a.wave[2].sm == 0);
    CHECK(&c, a.wave[0].warp == 0 && a.wave[1].warp == 0 && a.wave[2].warp == 1); /* per SM */
    pv_result r[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r));
    /* banks: SM 0 uses banks 0 and 2 (warp 1, reg 1), SM 1 bank 0: per SM, not folded */
    CHECK(&c, near(r[PV_BASELINE].vbank_util[0], 2.0 / 3, 1e-12) &&
                  near(r[PV_BASELINE].vbank_util[2], 1.0 / 3, 1e-12));
    CHECK(&c, near(r[PV_BASELINE].util_max_share, 2.0 / 3, 1e-12)); /* 1 of 2 and 1 of 1 */
    pv_varius *v = pv_varius_new(0.5);
    static pv_chip chip;
    double f = 0.0;
    for (unsigned sm = 0; sm < 2 && v; sm++) {
        pv_chip_generate(v, 1 + ((uint64_t)sm << 32), &chip);
        double slowest = 0.0;
        for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
            slowest = fmax(slowest, chip.delay[sb]);
        f += 0.5 / slowest;
    }
    pv_varius_free(v);
    CHECK(&c, near(r[PV_BASELINE].freq0, f, 1e-12));
    pv_accesses_free(&a);
}

/* D21: one stress scale for every scheme and SM, the trace's busiest bank under the baseline.
 * Warp 0 reads registers 0-15 once: the baseline and VL-SB+RF-BRO put one access on each bank;
 * FBA-RM (16 registers fit the fast banks) two on virtual banks 0-4 and one on 5-10. So
 * FBA-RM's virtual bank 5 ages as VL-SB's (one access each, same organization), its bank 0
 * more (scaled to its own busiest bank, bank 5 would age less). A second SM's busier bank
 * (4 accesses) lowers the first SM's stress. */
static void test_stress_scale(void)
{
    static pv_wave waves[2];
    pv_accesses a = {.wave = waves, .wavefronts = 1, .groups = 1, .sms = 1, .max_nvregs = 16,
                     .fast_regs = {16, 16}};
    waves[0] = (pv_wave){.group = 0};
    for (unsigned reg = 0; reg < 16; reg++)
        waves[0].n[reg][PV_FULL] = 1;
    a.total = 16;
    pv_result r[PV_SCHEMES], r2[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r));
    CHECK(&c, r[PV_FBA_RM].vbank_delay[5] == r[PV_VLSB_BRO].vbank_delay[5]);
    CHECK(&c, r[PV_FBA_RM].vbank_delay0[0] == r[PV_VLSB_BRO].vbank_delay0[0] &&
                  r[PV_FBA_RM].vbank_delay[0] > r[PV_VLSB_BRO].vbank_delay[0]);
    waves[1] = (pv_wave){.group = 1, .sm = 1};
    waves[1].n[0][PV_FULL] = 4;
    a.wavefronts = a.groups = a.sms = 2;
    a.total = 20;
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r2));
    CHECK(&c, r2[PV_VLSB_BRO].vbank_delay0[5] == r[PV_VLSB_BRO].vbank_delay0[5] &&
                  r2[PV_VLSB_BRO].vbank_delay[5] < r[PV_VLSB_BRO].vbank_delay[5]);
}

/* Issue 29 item 2d. Each sub-bank ages by its own accesses: warp 0's R0 (bank 0) read by the
 * low 32 lanes ages sub-bank 0 of the baseline's bank 0, not sub-bank 1; under PV-opt a partial
 * vector of a slow (hybrid) bank sits in its fast sub-bank (sb0 of the entry) whatever its half.
 * NBTI-opt's aged cycle is set by the ranking in force at the end: the 22nd fastest aged
 * sub-bank (or the fresh cycle). */
static void test_subbank_stress(void)
{
    static pv_wave waves[1];
    pv_accesses a = {.wave = waves, .wavefronts = 1, .groups = 1, .sms = 1, .max_nvregs = 16,
                     .fast_regs = {16}};
    waves[0] = (pv_wave){.group = 0};
    waves[0].n[0][PV_LOW] = 3;   /* bank 0, low half */
    waves[0].n[12][PV_HIGH] = 3; /* bank 12 (slow), high half */
    waves[0].n[5][PV_FULL] = 3;  /* bank 5, both */
    a.total = 9;
    pv_result r[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r));
    const double *b = r[PV_BASELINE].sb_dvth;
    CHECK(&c, b[0] > 0.0 && b[1] == 0.0 && b[24] == 0.0 && b[25] > 0.0 && b[10] > 0.0 &&
                  b[11] > 0.0 && b[2] == 0.0);
    pv_varius *v = pv_varius_new(0.5);
    static pv_chip chip;
    if (!v)
        return;
    pv_chip_generate(v, 1, &chip);
    pv_org_table t;
    unsigned bsb;
    pv_org_build(chip.delay, &t, &bsb);
    const double *o = r[PV_OPT].sb_dvth, *f = r[PV_VLSB_BRO].sb_dvth;
    CHECK(&c, o[t.sb[12][0]] > 0.0 && o[t.sb[12][1]] == 0.0); /* hybrid: the fast sub-bank */
    CHECK(&c, f[t.sb[12][0]] == 0.0 && f[t.sb[12][1]] > 0.0); /* no hybrid: the high half's */
    double aged[DRF_PV_SUBBANKS];
    for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
        aged[sb] = pv_chip_delay(&chip, sb, r[PV_OPT_NBTI].sb_dvth[sb]);
    pv_org_build(aged, &t, &bsb);
    const double want = fmax(aged[t.sb[PV_BOUNDARY_RANK / 2][PV_BOUNDARY_RANK % 2]],
                             r[PV_OPT_NBTI].boundary0);
    CHECK(&c, near(r[PV_OPT_NBTI].freq_aged, 1.0 / want, 1e-12));
    pv_varius_free(v);
}

/* D2 and D20 on a seeded small run (8 chips, 7 years): every warp reads registers 0-15 once.
 * With Eq. (1)'s Delta Vth_t0 = 0 (PV_T0_NBTI) the VL-SB cycle (the boundary sub-bank) needs
 * less guardband than the baseline's (the slowest sub-bank), the paper's direction (Fig. 12);
 * with the literal t0 = the PV shift (PV_T0_PV) the PV-slowest devices hardly age and it is the
 * other way round. Our model's numbers, not the paper's. */
static void test_guardband_direction(void)
{
    static pv_wave waves[DRF_PV_WARPS];
    pv_accesses a = {.wave = waves, .wavefronts = DRF_PV_WARPS, .groups = DRF_PV_WARPS / 8,
                     .sms = 1, .max_nvregs = 16, .fast_regs = {16}};
    for (unsigned w = 0; w < DRF_PV_WARPS; w++) {
        waves[w] = (pv_wave){.group = w / 8, .warp = (uint8_t)w, .last_warp = (uint8_t)(w / 8 * 8 + 7)};
        for (unsigned reg = 0; reg < 16; reg++)
            waves[w].n[reg][PV_FULL] = 1;
    }
    a.total = DRF_PV_WARPS * 16;
    pv_result nbti[PV_SCHEMES], lit[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 8, 7.0, PV_T0_NBTI, nbti));
    CHECK(&c, pv_evaluate(&a, 8, 7.0, PV_T0_PV, lit));
    CHECK(&c, nbti[PV_BASELINE].guardband > 0.0 && lit[PV_BASELINE].guardband > 0.0);
    CHECK(&c, near(nbti[PV_BASELINE].norm_guardband, 1.0, 1e-12));
    CHECK(&c, near(nbti[PV_OPT].norm_guardband, nbti[PV_OPT].guardband / nbti[PV_BASELINE].guardband,
                   1e-12)); /* D20: the ratio of the chip averages */
    CHECK(&c, nbti[PV_OPT].norm_guardband < 1.0);
    CHECK(&c, nbti[PV_OPT_NBTI].norm_guardband < 1.0);
    CHECK(&c, lit[PV_OPT].norm_guardband > 1.0);
    /* the literal reading ages the baseline's slowest sub-bank less than t0 = 0 does */
    CHECK(&c, lit[PV_BASELINE].guardband < nbti[PV_BASELINE].guardband);
    /* fresh frequencies do not depend on the ageing model */
    CHECK(&c, nbti[PV_OPT].freq0 == lit[PV_OPT].freq0);
}

/* The baseline's NBTI guardband, every sub-bank stressed at duty 0.5 for 7 years, over the
 * chips given: each chip's aged cycle (the slowest aged sub-bank) over its fresh one, minus 1. */
static double uniform_guardband(const pv_chip *chips, unsigned n, double v7)
{
    const double dv = pv_nbti_dvth_v(v7, 0.5, 7 * PV_YEAR_S, 0.0);
    double g = 0.0;
    for (unsigned k = 0; k < n; k++) {
        double fresh = 0.0, aged = 0.0;
        for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++) {
            fresh = fmax(fresh, chips[k].delay[sb]);
            aged = fmax(aged, pv_chip_delay(&chips[k], sb, dv));
        }
        g += (aged / fresh - 1.0) / n;
    }
    return g;
}

/* D2: K_v (PV_NBTI_7Y_V) is calibrated once on the aging paper's baseline, whose worst cell is
 * stressed its whole lifetime (Sec. 6.4) and switches 13.9 % slower after it (the ledger's
 * aging.ts_increase.baseline and aging.lifetime, through the generated header): the nominal
 * cell's Ts increase at duty 1 over the lifetime, pv_ts_increase, is that value. The test fits
 * K_v again by bisection and prints it, checks PV_NBTI_7Y_V against it (to its last digit),
 * pv_ts_increase against its definition, and that 5 % more or less volts miss the value. */
static void test_kv_calibration(void)
{
    const double want = DRF_PAPER_AGING_TS_INCREASE_BASELINE / 100.0;
    const double years = DRF_PAPER_AGING_LIFETIME;
    double lo_v = 0.01, hi_v = 1.0;
    while (hi_v - lo_v > 1e-7) {
        const double mid = 0.5 * (lo_v + hi_v);
        *(pv_ts_increase_v(mid, 1.0, years) < want ? &lo_v : &hi_v) = mid;
    }
    printf("test_pv_eval: K_v fit: PV_NBTI_7Y_V = %.5f V (Ts +%.1f %% after %.0f years)\n", lo_v,
           100 * want, years);
    CHECK(&c, near(PV_NBTI_7Y_V, lo_v, 0.000005 + 1e-7));
    const pv_cell nominal = {.vth = PV_VTH0, .leff = 1.0};
    const double dvth = pv_nbti_dvth(1.0, years * PV_YEAR_S, 0.0);
    CHECK(&c, pv_ts_increase(1.0, years) == pv_cell_delay(&nominal, dvth) - 1.0);
    CHECK(&c, near(pv_ts_increase(1.0, years), want, 0.0002));
    CHECK(&c, pv_ts_increase_v(0.95 * PV_NBTI_7Y_V, 1.0, years) < want - 0.005 &&
                  pv_ts_increase_v(1.05 * PV_NBTI_7Y_V, 1.0, years) > want + 0.005);
    CHECK(&c, pv_ts_increase(0.5, years) < pv_ts_increase(1.0, years)); /* Eq. (2)'s recovery */
    CHECK(&c, pv_ts_increase(0.0, years) == 0.0);
}

/* Ts increase of the aging paper's worst cell under a scheme whose mean longest '0' and '1'
 * duty cycles are reduced by r0 and r1 percent from the baseline's 100 % (Figs. 13, 16), in %. */
static double ts_at_reductions(double r0, double r1)
{
    return 100.0 * pv_ts_increase(1.0 - fmin(r0, r1) / 100.0, DRF_PAPER_AGING_LIFETIME);
}

/* D2 and docs/eval-decisions.md decision 15: the law, calibrated on the baseline's Ts alone,
 * gives ARGO's and RC+RAR's Ts increases of Sec. 6.4 from the paper's own mean duty cycles
 * (the worst cell: the longer of the longest '0' and '1'), within the ledger's tolerance rule
 * (a fifth of the paper's effect, at least 1 point; docs/eval.md): the gap of the ledger's
 * aging.ts_increase rows is in our duty cycles, not in the law. */
static void test_ts_at_paper_duties(void)
{
    const double argo = ts_at_reductions(DRF_PAPER_AGING_ARGO_LONGEST0_REDUCTION,
                                         DRF_PAPER_AGING_ARGO_LONGEST1_REDUCTION);
    const double rcrar = ts_at_reductions(DRF_PAPER_AGING_RCRAR_LONGEST0_REDUCTION,
                                          DRF_PAPER_AGING_RCRAR_LONGEST1_REDUCTION);
    printf("test_pv_eval: Ts at the paper's duty cycles: ARGO %.2f %%, RC+RAR %.2f %%\n", argo,
           rcrar);
    const double pa = DRF_PAPER_AGING_TS_INCREASE_ARGO, pr = DRF_PAPER_AGING_TS_INCREASE_RCRAR;
    CHECK(&c, near(argo, pa, fmax(1.0, 0.2 * pa)) && near(rcrar, pr, fmax(1.0, 0.2 * pr)));
    CHECK(&c, rcrar < argo && argo < DRF_PAPER_AGING_TS_INCREASE_BASELINE);
}

/* D2: the PV paper's Figs. 3a and 13a are a result, no longer the fit: with every bank as busy
 * as the busiest (duty 0.5) for 7 years on the 100 chips, the baseline's NBTI guardband of
 * pv_evaluate is the one computed by hand on the same chips, and it is well below the 33.3 %
 * that the ratio of the two figures implies (pv.pv_frequency_loss, pv.performance.baseline):
 * the two papers' ageing cannot both hold under one law (D2 says which is kept). */
static void test_pv_figures_result(void)
{
    pv_varius *v = pv_varius_new(0.5);
    static pv_chip chips[100];
    CHECK(&c, v != NULL);
    if (!v)
        return;
    for (unsigned k = 0; k < 100; k++)
        pv_chip_generate(v, k + 1, &chips[k]); /* pv_evaluate's chips 1..100, one SM */
    pv_varius_free(v);
    static pv_wave waves[1];
    pv_accesses a = {.wave = waves, .wavefronts = 1, .groups = 1, .sms = 1, .max_nvregs = 16,
                     .fast_regs = {16}};
    for (unsigned reg = 0; reg < 16; reg++)
        waves[0].n[reg][PV_FULL] = 1;
    a.total = 16;
    static pv_result r[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 100, 7.0, PV_T0_NBTI, r));
    const double g = uniform_guardband(chips, 100, PV_NBTI_7Y_V);
    const double figs = (1.0 - DRF_PAPER_PV_PV_FREQUENCY_LOSS / 100.0) /
                        (DRF_PAPER_PV_PERFORMANCE_BASELINE / 100.0) - 1.0;
    printf("test_pv_eval: uniform load, 7 years: baseline guardband %.4f (Figs. 3a/13a: %.4f)\n",
           g, figs);
    CHECK(&c, near(r[PV_BASELINE].guardband, g, 1e-12));
    CHECK(&c, g > 0.0 && g < 0.5 * figs);
    CHECK(&c, near(r[PV_BASELINE].loss_total, 1.0 - r[PV_BASELINE].freq_aged, 1e-15));
}

int main(void)
{
    test_nbti();
    test_varius();
    test_order_statistics();
    test_point_sampler();
    test_trace_mapping();
    test_sms();
    test_stress_scale();
    test_subbank_stress();
    test_kv_calibration();
    test_ts_at_paper_duties();
    test_pv_figures_result();
    test_guardband_direction();
    return check_done(&c, "test_pv_eval");
}
