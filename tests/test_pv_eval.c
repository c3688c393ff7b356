/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the PV/NBTI evaluation (pv-nbti-banked-rf paper Sections 2.3, 3.1, 6.2;
 * docs/pv-decisions.md D2, D19-D24): NBTI Eq. (1)-(2), the VARIUS map's statistics and
 * correlation, its per-cell order statistics against the analytic ones and against cells drawn
 * one by one, K_v's fit to the aging paper's Ts increase, the PV paper's Figs. 3a/13a as a
 * result, the trace mapping on small traces and the placement on the paper's GPU (D23), the GPU
 * as a configuration and an Accel-Sim trace's warps of 32 (D24). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "drf_energy.h"
#include "pv_bank_map.h"
#include "pv_bank_org.h"
#include "eval/pv/pv_eval.h"
#include "eval/pv/pv_varius.h"

static check_counts c;
/* The PV paper's GPU (data/gpus/fermi-pv.config), as the placement takes it for a GCN trace's
 * wavefronts of 64 lanes (two warps each) and an Accel-Sim trace's warps of 32 (one each). */
enum { SMS = 15 };
static gpu_config fermi;
static pv_gpu gcn, nv;

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
    rng_state r;
    rng_seed(&r, 29);
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
    rng_state r;
    rng_seed(&r, 2);
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
    const bool ok = pv_accesses_read(path, &fermi, a, err, sizeof err);
    unlink(path);
    CHECK(&c, ok);
    return ok;
}

/* Four wavefronts in three work-groups (D21: A lines sharing cycle, compute unit and SIMD):
 * wf 7 and 9 (cycle 10, cu 0, simd 0), wf 11 (simd 1: a group of its own), wf 13 (simd 0 at
 * cycle 15: another). D23: each group to the next SM round robin (SMs 0, 1, 2), its wavefronts
 * two warps each from the lowest free one (wf 7: warps 0-1, wf 9: 2-3, last warp 3; wf 11 and
 * 13: 0-1 on their SMs); an access is one for each warp with an active thread, classed by the
 * warp's two 16-thread halves; launch values dropped. */
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
    fprintf(fp, "R 12 0 0 7 3\n");                             /* warps 0 and 1: banks 3, 4 */
    fprintf(fp, "W 12 0 0 7 11 000000000000ffff%s\n", comps); /* warp 0, threads 0-15: bank 11 */
    fprintf(fp, "R 13 0 0 7 5\n");                             /* the same mask: bank 5 */
    fprintf(fp, "R 13 0 0 9 5\n");                             /* warps 2 and 3: banks 7, 8 */
    fprintf(fp, "W 13 0 1 11 2 ffff000000000000%s\n", comps); /* warp 1, threads 16-31: bank 3 */
    fprintf(fp, "F 14 0 0 7\n");
    fprintf(fp, "F 14 0 0 9\n");
    fprintf(fp, "A 15 0 0 13 12\n");
    fprintf(fp, "F 16 0 0 13\n");
    fprintf(fp, "F 16 0 1 11\n");
    static pv_accesses a;
    if (!trace_read(fp, path, &a))
        return;
    CHECK(&c, a.total == 5 && a.warp_accesses == 7 && a.partial == 3 && a.wavefronts == 4 &&
                  a.warps == 8 && a.groups == 3 && a.max_nvregs == 12);
    CHECK(&c, a.gpu.sms == 3 && a.gpu.blocks == 3 && a.gpu.waited == 0 && a.gpu.reuse == 0 &&
                  a.gpu.split == 0 && a.gpu.peak_warps == 4 && a.gpu.peak_blocks == 1 &&
                  a.gpu.peak_regs == 2 * TR_GCN_LANES * 12);
    CHECK(&c, a.gpu.sm_warps[0] == 4 && a.gpu.sm_warps[1] == 2 && a.gpu.sm_regs[2] == 12 &&
                  a.fast_regs[0] == 12 && a.fast_regs[2] == 12); /* 4 x 12 fit the fast banks */
    const pv_warp *w = a.warp;
    bool ids = true;
    for (unsigned k = 0; k < 8; k++) {
        const unsigned sm = k < 4 ? 0 : k < 6 ? 1 : 2, id = k < 4 ? k : k % 2;
        ids &= w[k].sm == sm && w[k].id == id && w[k].last_warp == (k < 4 ? 3 : 1);
    }
    CHECK(&c, ids);
    CHECK(&c, w[0].group == w[3].group && w[4].group != w[0].group && w[6].group != w[4].group);
    CHECK(&c, w[0].n[3][PV_FULL] == 1 && w[1].n[3][PV_FULL] == 1 && w[0].n[11][PV_LOW] == 1 &&
                  w[1].n[11][PV_LOW] + w[1].n[11][PV_FULL] == 0 && w[0].n[5][PV_LOW] == 1 &&
                  w[2].n[5][PV_FULL] == 1 && w[5].n[2][PV_HIGH] == 1 && w[4].n[2][PV_HIGH] == 0);
    pv_result r[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 2, 7.0, PV_T0_NBTI, r));
    /* warp accesses: SM 0 banks 3, 4, 11 (slow, partial), 5, 7, 8; SM 1 bank 3 */
    CHECK(&c, near(r[PV_VLSB_BRO].slow_share, 1.0 / 7, 1e-12));
    CHECK(&c, near(r[PV_OPT].slow_share, 0.0, 1e-12));     /* hybrid: the partial one is fast */
    CHECK(&c, near(r[PV_BASELINE].slow_share, 0.0, 1e-12));
    CHECK(&c, near(r[PV_FBA_RM].slow_share, 0.0, 1e-12));  /* 12 regs fit the fast banks */
    CHECK(&c, near(r[PV_VLSB_BRO].vbank_util[3], 2.0 / 7, 1e-12) &&
                  near(r[PV_VLSB_BRO].util_max_share, 2.0 / 7, 1e-12)); /* 1 of 6, 1 of 1 */
    /* renaming, SM 0 with last warp 3: banks 3, 4, 5, 7, 8 -> 0, 1, 2, 4, 5, 11 -> 11; SM 1 with
     * last warp 1: bank 3 -> 2 */
    CHECK(&c, near(r[PV_OPT_RENAME].vbank_util[0], 1.0 / 7, 1e-12) &&
                  near(r[PV_OPT_RENAME].vbank_util[2], 2.0 / 7, 1e-12) &&
                  near(r[PV_OPT_RENAME].vbank_util[5], 1.0 / 7, 1e-12) &&
                  near(r[PV_OPT_RENAME].vbank_util[11], 1.0 / 7, 1e-12));
    CHECK(&c, r[PV_VLSB_BRO].freq0 > r[PV_BASELINE].freq0); /* VL-SB raises the frequency */
    CHECK(&c, near(r[PV_BASELINE].norm_guardband, 1.0, 1e-12));
    pv_accesses_free(&a);
}

/* D19, D23: the SM is the placement's, not the trace's compute unit: three groups on compute
 * units 5, 2 and 5 go to SMs 0, 1 and 2, each with its own warps, banks and variation map
 * (chip k's SM j: seed k + j * 2^32); the chip's frequency is the SMs' mean (Section 3.1). */
static void test_sms(void)
{
    char path[] = "/tmp/test_pv_eval_XXXXXX";
    FILE *fp = trace_create(path);
    if (!fp)
        return;
    fprintf(fp, "A 10 5 0 1 8\nA 10 2 0 2 8\nA 11 5 0 3 8\n");
    fprintf(fp, "R 12 5 0 1 0\nR 12 2 0 2 0\nR 12 5 0 3 1\n");
    fprintf(fp, "F 13 5 0 1\nF 13 2 0 2\nF 13 5 0 3\n");
    static pv_accesses a;
    if (!trace_read(fp, path, &a))
        return;
    CHECK(&c, a.gpu.sms == 3 && a.groups == 3 && a.wavefronts == 3 && a.warp_accesses == 6);
    CHECK(&c, a.warp[0].sm == 0 && a.warp[2].sm == 1 && a.warp[4].sm == 2);
    CHECK(&c, a.warp[4].id == 0 && a.warp[5].id == 1); /* its SM's own warps */
    pv_result r[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r));
    /* banks: SMs 0 and 1 banks 0 and 1 (reg 0 of warps 0, 1), SM 2 banks 1 and 2 (reg 1) */
    CHECK(&c, near(r[PV_BASELINE].vbank_util[0], 2.0 / 6, 1e-12) &&
                  near(r[PV_BASELINE].vbank_util[1], 3.0 / 6, 1e-12) &&
                  near(r[PV_BASELINE].vbank_util[2], 1.0 / 6, 1e-12));
    CHECK(&c, near(r[PV_BASELINE].util_max_share, 3.0 / 6, 1e-12)); /* 1 of 2 on each SM */
    pv_varius *v = pv_varius_new(0.5);
    static pv_chip chip;
    double f = 0.0;
    for (unsigned sm = 0; sm < 3 && v; sm++) {
        pv_chip_generate(v, 1 + ((uint64_t)sm << 32), &chip);
        double slowest = 0.0;
        for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
            slowest = fmax(slowest, chip.delay[sb]);
        f += 1.0 / 3 / slowest;
    }
    pv_varius_free(v);
    CHECK(&c, near(r[PV_BASELINE].freq0, f, 1e-12));
    pv_accesses_free(&a);
}

/* D23: the paper's capacity. An SM holds DRF_PV_WARPS warps (1,536 threads), DRF_PV_BLOCKS
 * blocks and PV_SM_REGS registers, the ledger's 128 KB (pv.rf.bits); a block holds as many
 * wavefronts as an empty SM (regs 62: floor(32768 / (64 x 62)) = 8; a work-item's registers at
 * most the 64 register IDs mapped). */
static void test_gpu_capacity(void)
{
    CHECK(&c, PV_SM_REGS * 32.0 == DRF_PAPER_PV_RF_BITS && gcn.wave_warps == 2);
    CHECK(&c, pv_gpu_block_waves(&gcn, 62) == PV_SM_REGS / (TR_GCN_LANES * 62) &&
                  pv_gpu_block_waves(&gcn, 62) == 8);
    CHECK(&c, pv_gpu_block_waves(&gcn, 11) == DRF_PV_WARPS / gcn.wave_warps &&
                  pv_gpu_block_waves(&gcn, 0) == DRF_PV_WARPS / gcn.wave_warps);
    CHECK(&c, pv_gpu_block_waves(&gcn, 200) == pv_gpu_block_waves(&gcn, DRF_PV_REG_IDS));
    enum { N = SMS * 8 + 1 };
    static pv_group g[N];
    static pv_wave_place at[N * 4];
    pv_gpu_stats st;
    /* blocks: one-wavefront groups at once, dealt round robin, eight an SM; the last waits */
    for (unsigned i = 0; i < N; i++)
        g[i] = (pv_group){.arrival = 0, .duration = 100, .waves = 1, .regs = 8};
    pv_gpu_place(&gcn, g, N, at, &st);
    bool rr = true;
    for (unsigned i = 0; i + 1 < N; i++)
        rr &= at[i].sm == i % SMS && at[i].warp == 2 * (i / SMS) &&
              at[i].last_warp == at[i].warp + 1;
    CHECK(&c, rr && st.sms == SMS && st.peak_blocks == DRF_PV_BLOCKS && st.peak_warps == 16);
    CHECK(&c, st.waited == 1 && st.reuse == 1 && at[N - 1].sm == 0 && at[N - 1].warp == 0);
    /* registers: 4 wavefronts of 62 registers (15,872), two an SM; the 31st group waits */
    for (unsigned i = 0; i < 2 * SMS + 1; i++)
        g[i] = (pv_group){.arrival = 0, .duration = 100, .waves = 4, .regs = 62};
    pv_gpu_place(&gcn, g, 2 * SMS + 1, at, &st);
    CHECK(&c, st.peak_blocks == 2 && st.peak_regs == 2 * 4 * TR_GCN_LANES * 62 && st.waited == 1);
    CHECK(&c, at[4].sm == 1 && at[4 * SMS].sm == 0 && at[4 * SMS].warp == 8);
    /* warps: 4 wavefronts (8 warps) of 4 registers, six an SM; the 91st group waits */
    for (unsigned i = 0; i < 6 * SMS + 1; i++)
        g[i] = (pv_group){.arrival = 0, .duration = 100, .waves = 4, .regs = 4};
    pv_gpu_place(&gcn, g, 6 * SMS + 1, at, &st);
    CHECK(&c, st.peak_warps == DRF_PV_WARPS && st.peak_blocks == 6 && st.waited == 1);
    /* a group larger than a block: 10 wavefronts of 62 registers in parts of 8 and 2 */
    g[0] = (pv_group){.arrival = 0, .duration = 100, .waves = 10, .regs = 62};
    pv_gpu_place(&gcn, g, 1, at, &st);
    CHECK(&c, st.split == 1 && st.blocks == 2 && at[7].sm == 0 && at[7].last_warp == 15 &&
                  at[8].sm == 1 && at[8].warp == 0 && at[9].warp == 2 && at[9].last_warp == 3);
}

/* D23: waiting. Blocks are placed in arrival order (first in, first out); one that finds no room
 * waits for the next end, and runs its own duration from its placement: group 0 ends at 10, group
 * 120 takes its room then (SM 0, the lowest free warps 0-1) and runs until 105; group 121 waits
 * for the ends at 100 and goes to SM 1, the next after SM 0 (were 120's end its arrival plus its
 * duration, 95, it would have taken SM 0). */
static void test_gpu_waiting(void)
{
    enum { N = SMS * DRF_PV_BLOCKS + 2 };
    static pv_group g[N];
    static pv_wave_place at[N];
    pv_gpu_stats st;
    for (unsigned i = 0; i < N; i++)
        g[i] = (pv_group){.arrival = 0, .duration = 100, .waves = 1, .regs = 8};
    g[0].duration = 10;
    g[N - 2].duration = 95;
    pv_gpu_place(&gcn, g, N, at, &st);
    CHECK(&c, at[N - 2].sm == 0 && at[N - 2].warp == 0 && at[N - 1].sm == 1 && at[N - 1].warp == 0);
    CHECK(&c, st.waited == 2 && st.reuse == 2 && st.blocks == N);
}

/* D24: the GPU is a configuration. The PV paper's (fermi-pv) is taken: 15 SMs of 48 warps,
 * 8 blocks, the paper's RF; a GCN wavefront is two of its warps, an NVIDIA warp one. A GPU
 * whose register file is not the paper's is refused with one line (the Pilot paper's Kepler:
 * 24 banks, 64K registers; the GCN: 64-thread warps). */
static void test_gpu_config(void)
{
    CHECK(&c, gcn.sms == SMS && gcn.warps == DRF_PV_WARPS && gcn.blocks == DRF_PV_BLOCKS &&
                  gcn.regs == PV_SM_REGS && gcn.wave_warps == 2 && nv.wave_warps == 1);
    CHECK(&c, pv_gpu_block_waves(&nv, 62) == PV_SM_REGS / (PV_WARP_THREADS * 62) &&
                  pv_gpu_block_waves(&nv, 8) == DRF_PV_WARPS);
    gpu_config g;
    char err[512];
    CHECK(&c, gpu_load("pilot", &g, err, sizeof err) && !pv_gpu_check(&g, err, sizeof err) &&
                  strncmp(err, "GPU pilot: warps of 32 threads, 24 register banks, 65536 "
                               "registers an SM; the PV register file is 16 banks", 100) == 0);
    CHECK(&c, gpu_load("gcn-aging", &g, err, sizeof err) && !pv_gpu_check(&g, err, sizeof err));
    /* another GPU's capacity: 2 SMs of 8 warp slots and 2 blocks; five one-warp blocks at once
     * go to SMs 0, 1, 0, 1, the fifth waits for the first end */
    const pv_gpu small = {.sms = 2, .warps = 8, .blocks = 2, .regs = PV_SM_REGS, .wave_warps = 1};
    pv_group grp[5];
    pv_wave_place at[5];
    pv_gpu_stats st;
    for (unsigned i = 0; i < 5; i++)
        grp[i] = (pv_group){.arrival = 0, .duration = 10 + i, .waves = 1, .regs = 8};
    CHECK(&c, pv_gpu_place(&small, grp, 5, at, &st));
    CHECK(&c, at[0].sm == 0 && at[1].sm == 1 && at[2].sm == 0 && at[2].warp == 1 &&
                  at[3].sm == 1 && at[4].sm == 0 && at[4].warp == 0 && st.waited == 1 &&
                  st.peak_blocks == 2 && st.sms == 2);
}

/* D24 on the Accel-Sim fixture (tests/data/accel, docs/accel-trace.md): its 6 warps are 6 of
 * the paper's warps, not 12; its 20 accesses 20 warp accesses, classed by each instruction's
 * own mask: warp 1 of the first block (threads 0-7) and the two stores (threads 0-15, 0-1) are
 * threads 0-15 only, six; the three blocks go to SMs 0, 1, 2, warps 0-1 each. The same from the
 * list in xz. */
static void test_accel_warps(void)
{
    static const char *forms[] = {"tests/data/accel/kernelslist.g",
                                  "tests/data/accel/kernelslist.g.xz"};
    for (unsigned f = 0; f < 2; f++) {
        static pv_accesses a;
        char err[512];
        const bool ok = pv_accesses_read(forms[f], &fermi, &a, err, sizeof err);
        CHECK(&c, ok);
        if (!ok)
            continue;
        CHECK(&c, a.config.wave_warps == 1 && a.wavefronts == 6 && a.warps == 6 && a.groups == 3 &&
                      a.total == 20 && a.warp_accesses == 20 && a.partial == 6);
        CHECK(&c, a.gpu.sms == 3 && a.gpu.peak_warps == 2 && a.gpu.peak_regs == 2 * 32 * 16);
        const pv_warp *w = a.warp;
        bool at = true;
        for (unsigned k = 0; k < 6; k++)
            at &= w[k].sm == k / 2 && w[k].id == k % 2 && w[k].last_warp == 1;
        CHECK(&c, at);
        /* block 0: warp 0 full writes of R1, R2, R4, the load's read of R2; its store's reads
         * of R2 and R4 by threads 0-15; warp 1's writes of R1, R2 by threads 0-7 */
        CHECK(&c, w[0].n[1][PV_FULL] == 1 && w[0].n[2][PV_FULL] == 2 && w[0].n[4][PV_FULL] == 1 &&
                      w[0].n[2][PV_LOW] == 1 && w[0].n[4][PV_LOW] == 1 &&
                      w[1].n[1][PV_LOW] == 1 && w[1].n[2][PV_LOW] == 1 &&
                      w[1].n[1][PV_FULL] + w[1].n[2][PV_FULL] == 0);
        /* block 1: the store of threads 0-1 reads R2 and R3 (threads 0-15 only) */
        CHECK(&c, w[2].n[2][PV_LOW] == 1 && w[2].n[3][PV_LOW] == 1 && w[2].n[3][PV_FULL] == 1);
        uint64_t high = 0;
        for (unsigned k = 0; k < 6; k++)
            for (unsigned r = 0; r < DRF_PV_REG_IDS; r++)
                high += w[k].n[r][PV_HIGH];
        CHECK(&c, high == 0);
        pv_accesses_free(&a);
    }
}

/* D23 through the reader: 121 one-wavefront groups at once (compute unit i / 4, SIMD i % 4),
 * 15 SMs of 8 blocks; group 0's wavefront ends first (its F), so the last group waits for it
 * and takes its SM and warps: one wavefront placed after a block of its SM ended. */
static void test_gpu_trace(void)
{
    char path[] = "/tmp/test_pv_eval_XXXXXX";
    FILE *fp = trace_create(path);
    if (!fp)
        return;
    const unsigned n = SMS * DRF_PV_BLOCKS + 1;
    for (unsigned i = 0; i < n; i++)
        fprintf(fp, "A 10 %u %u %u 8\n", i / TR_SIMDS, i % TR_SIMDS, i);
    fprintf(fp, "F 20 0 0 0\n");
    for (unsigned i = 1; i < n; i++)
        fprintf(fp, "F 100 %u %u %u\n", i / TR_SIMDS, i % TR_SIMDS, i);
    static pv_accesses a;
    if (!trace_read(fp, path, &a))
        return;
    CHECK(&c, a.groups == n && a.gpu.sms == SMS && a.gpu.waited == 1 && a.gpu.reuse == 1);
    CHECK(&c, a.warp[2 * (n - 1)].sm == 0 && a.warp[2 * (n - 1)].id == 0 &&
                  a.warp[2 * (n - 1) + 1].id == 1 && a.warp[2 * (n - 1)].last_warp == 1);
    CHECK(&c, a.fast_regs[0] == pv_fba_fast_regs(2 * DRF_PV_BLOCKS, 8)); /* 16 warps at once */
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
    static pv_warp warps[2];
    pv_accesses a = {.warp = warps, .warps = 1, .groups = 1, .gpu = {.sms = 1}, .max_nvregs = 16,
                     .fast_regs = {16, 16}};
    warps[0] = (pv_warp){.group = 0};
    for (unsigned reg = 0; reg < 16; reg++)
        warps[0].n[reg][PV_FULL] = 1;
    a.warp_accesses = 16;
    pv_result r[PV_SCHEMES], r2[PV_SCHEMES];
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r));
    CHECK(&c, r[PV_FBA_RM].vbank_delay[5] == r[PV_VLSB_BRO].vbank_delay[5]);
    CHECK(&c, r[PV_FBA_RM].vbank_delay0[0] == r[PV_VLSB_BRO].vbank_delay0[0] &&
                  r[PV_FBA_RM].vbank_delay[0] > r[PV_VLSB_BRO].vbank_delay[0]);
    warps[1] = (pv_warp){.group = 1, .sm = 1};
    warps[1].n[0][PV_FULL] = 4;
    a.warps = a.groups = a.gpu.sms = 2;
    a.warp_accesses = 20;
    CHECK(&c, pv_evaluate(&a, 1, 7.0, PV_T0_NBTI, r2));
    CHECK(&c, r2[PV_VLSB_BRO].vbank_delay0[5] == r[PV_VLSB_BRO].vbank_delay0[5] &&
                  r2[PV_VLSB_BRO].vbank_delay[5] < r[PV_VLSB_BRO].vbank_delay[5]);
}

/* docs/pv-decisions.md D6. Each sub-bank ages by its own accesses: warp 0's R0 (bank 0) read by the
 * threads 0-15 ages sub-bank 0 of the baseline's bank 0, not sub-bank 1 (D6); under PV-opt a partial
 * vector of a slow (hybrid) bank sits in its fast sub-bank (sb0 of the entry) whatever its half.
 * NBTI-opt's aged cycle is set by the ranking in force at the end: the 22nd fastest aged
 * sub-bank (or the fresh cycle). */
static void test_subbank_stress(void)
{
    static pv_warp warps[1];
    pv_accesses a = {.warp = warps, .warps = 1, .groups = 1, .gpu = {.sms = 1}, .max_nvregs = 16,
                     .fast_regs = {16}};
    warps[0] = (pv_warp){.group = 0};
    warps[0].n[0][PV_LOW] = 3;   /* bank 0, threads 0-15 */
    warps[0].n[12][PV_HIGH] = 3; /* bank 12 (slow), threads 16-31 */
    warps[0].n[5][PV_FULL] = 3;  /* bank 5, both */
    a.warp_accesses = 9;
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
    static pv_warp warps[DRF_PV_WARPS];
    pv_accesses a = {.warp = warps, .warps = DRF_PV_WARPS, .groups = DRF_PV_WARPS / 8,
                     .gpu = {.sms = 1}, .max_nvregs = 16, .fast_regs = {16}};
    for (unsigned w = 0; w < DRF_PV_WARPS; w++) {
        warps[w] = (pv_warp){.group = w / 8, .id = (uint8_t)w, .last_warp = (uint8_t)(w / 8 * 8 + 7)};
        for (unsigned reg = 0; reg < 16; reg++)
            warps[w].n[reg][PV_FULL] = 1;
    }
    a.warp_accesses = DRF_PV_WARPS * 16;
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
    static pv_warp warps[1];
    pv_accesses a = {.warp = warps, .warps = 1, .groups = 1, .gpu = {.sms = 1}, .max_nvregs = 16,
                     .fast_regs = {16}};
    for (unsigned reg = 0; reg < 16; reg++)
        warps[0].n[reg][PV_FULL] = 1;
    a.warp_accesses = 16;
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
    char err[512];
    if (!gpu_load(PV_GPU_DEFAULT, &fermi, err, sizeof err) || !pv_gpu_check(&fermi, err, sizeof err)) {
        fprintf(stderr, "test_pv_eval: %s\n", err);
        return 1;
    }
    pv_gpu_from(&fermi, TR_GCN_LANES, &gcn);
    pv_gpu_from(&fermi, TR_NVIDIA_LANES, &nv);
    test_gpu_config();
    test_accel_warps();
    test_nbti();
    test_varius();
    test_order_statistics();
    test_point_sampler();
    test_trace_mapping();
    test_sms();
    test_gpu_capacity();
    test_gpu_waiting();
    test_gpu_trace();
    test_stress_scale();
    test_subbank_stress();
    test_kv_calibration();
    test_ts_at_paper_duties();
    test_pv_figures_result();
    test_guardband_direction();
    return check_done(&c, "test_pv_eval");
}
