/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the trace replay (eval/sim*.c; aging paper Sections 5-6): every scheme on a
 * hand-written one-wavefront trace with duty cycles, wake-ups, MOVs, pattern counts and energy
 * worked out by hand below; WC's BDI image; Eq. (3) normalised; the Ts increase (decision
 * 15); RAR and ARGO over two passes; free windows of a conventional and of a gated slice
 * (decision 7). */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval/pv/pv_varius.h"
#include "eval/sim/sim.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)
#include <unistd.h>

static char trace_path[] = "/tmp/deltarf_sim_tiny_XXXXXX";
#define TRACE_PATH trace_path

/* The trace (time rebased to the A line at cycle 100, so the wavefront lives 0..50):
 *   t=10 W v0 = 5 everywhere (constant)        t=20 W v1 = i (single-delta)
 *   t=25 R v1                                  t=30 W v1 = i*i (other)
 *   t=35 R v0                                  t=40 W v0, mask ffff: lanes 0-15 = ffffffff
 *   t=50 F                                     (divergent; the other lanes keep 5) */
static void write_lane_values(FILE *f, unsigned kind)
{
    for (unsigned i = 0; i < DRF_COMPONENTS; i++) {
        const unsigned v = kind == 0 ? 5 : kind == 1 ? i : kind == 2 ? i * i : i < 16 ? ~0u : 5;
        fprintf(f, " %08x", v);
    }
    fputc('\n', f);
}

static bool make_trace(void)
{
    const int fd = mkstemp(trace_path);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (f == NULL)
        return false;
    fputs("# deltarf register-write trace v1\n# kernel tiny\n# clock cycles\nA 100 0 0 7 2\n", f);
    fputs("W 110 0 0 7 0 ffffffffffffffff", f);
    write_lane_values(f, 0);
    fputs("W 120 0 0 7 1 ffffffffffffffff", f);
    write_lane_values(f, 1);
    fputs("R 125 0 0 7 1\nW 130 0 0 7 1 ffffffffffffffff", f);
    write_lane_values(f, 2);
    fputs("R 135 0 0 7 0\nW 140 0 0 7 0 000000000000ffff", f);
    write_lane_values(f, 3);
    fputs("F 150 0 0 7\n", f);
    return fclose(f) == 0;
}

/* Every scheme replayed on the trace at path, repeat times; NULL (checked) when it fails. */
static sim *run(const char *path, unsigned repeat, check_counts *c)
{
    const sim_config cfg = {.map = PL_PACKED, .repeat = repeat,
                            .schemes = (1u << SIM_SCHEMES) - 1u};
    sim *s = sim_new(&cfg);
    char msg[512] = "";
    const bool ok = s && sim_run_file(s, path, msg, sizeof msg);
    CHECK(c, ok);
    if (!ok) {
        fprintf(stderr, "sim_run_file: %s\n", msg);
        sim_free(s);
        return NULL;
    }
    return s;
}

static void test_patterns(const sim *s, check_counts *c)
{
    const sim_stats *st = sim_get_stats(s);
    CHECK(c, st->events == 8 && st->writes == 4 && st->reads == 2 && st->launch_writes == 0);
    CHECK(c, st->pat_all[1] == 1 && st->pat_all[2] == 1 && st->pat_all[3] == 0 &&
             st->pat_all[0] == 1 && st->pat_all[SIM_PAT_DIVERGENT] == 1);
    CHECK(c, st->pat_full[1] == 1 && st->pat_full[2] == 1 && st->pat_full[0] == 1 &&
             st->pat_full[SIM_PAT_DIVERGENT] == 0);
    CHECK(c, st->slices_used == 1 && NEAR(st->busy_cycles, 50) && NEAR(st->mean_resident, 1));
}

/* Baseline: v0 holds 5 from 10 to 50 in lanes 16-63, so bit 0 of lane 20 is '1' for 40 of
 * 50 cycles (nothing longer); bit 1 of lane 20 is '0' all 50. */
static void test_baseline(const sim *s, check_counts *c)
{
    sim_result r;
    sim_collect(s, SIM_BASE, &r);
    CHECK(c, NEAR(r.longest[0], 1.0) && NEAR(r.longest[1], 0.8));
    CHECK(c, NEAR(r.longest_other[1][0], 0.2) && NEAR(r.longest_other[1][1], 0));
    CHECK(c, r.wakeups == 0 && r.movs == 0 && r.writes == 4 && r.reads == 2);
    CHECK(c, NEAR(r.dvth[0], 1.0) && NEAR(r.dvth[1], sim_dvth(0.8)));
    /* decision 15: the cell held longest (duty 1) over the lifetime, the calibration point */
    CHECK(c, NEAR(r.ts_increase, pv_ts_increase(1.0, SIM_LIFETIME_YEARS)));
    CHECK(c, fabs(100 * r.ts_increase - DRF_PAPER_AGING_TS_INCREASE_BASELINE) < 0.02);
    CHECK(c, NEAR(r.energy[SIM_E_SLICE_LEAK], 75.86 * 50));
    CHECK(c, NEAR(r.energy[SIM_E_SLICE_DYN], 4 * 365.91 + 2 * 295.86));
    CHECK(c, r.cycles == 50 && r.perf_overhead == 0); /* as recorded: nothing added */
    CHECK(c, NEAR(r.reg_longest[0][0], 1.0) && NEAR(r.reg_longest[1][1], 0.6) &&
             NEAR(r.reg_longest[0][2], 0));
    sim_result rar;
    sim_collect(s, SIM_RAR, &rar); /* one pass: s = 0, RAR is the baseline */
    CHECK(c, NEAR(rar.longest[0], r.longest[0]) && NEAR(rar.longest[1], r.longest[1]));
    CHECK(c, NEAR(rar.energy[SIM_E_SLICE_LEAK], r.energy[SIM_E_SLICE_LEAK])); /* gates nothing */
}

/* RC: both registers start compressed (zeros); v0 stays off until the divergent write at 40
 * (special MOV + wake-up), v1 wakes at 30 for i*i. Longest '0' and '1': 20 of 50 cycles in v1
 * (lane 0 holds 0, lane 1 holds 1), the rest of that cell's time off. */
static void test_rc(const sim *s, check_counts *c)
{
    sim_result r;
    sim_collect(s, SIM_RC, &r);
    CHECK(c, NEAR(r.longest[0], 0.4) && NEAR(r.longest_other[0][0], 0) &&
             NEAR(r.longest_other[0][1], 0.6));
    CHECK(c, NEAR(r.longest[1], 0.4) && NEAR(r.longest_other[1][1], 0.6));
    CHECK(c, r.wakeups == 2 && r.movs == 1 && r.compressed_writes == 2 && r.compressed_reads == 2);
    CHECK(c, NEAR(r.dvth[0], pow(0.4, 0.25) * (1 - sqrt(0.35) * 0.6)));
    CHECK(c, NEAR(r.ts_increase, pv_ts_increase(0.4, SIM_LIFETIME_YEARS))); /* decision 15 */
    /* 4 writes + the MOV's, two reads of the first subwavefront only */
    CHECK(c, NEAR(r.energy[SIM_E_SLICE_DYN], 5 * 365.91 + 2 * 295.86 / 4));
    /* the issue model (docs/timeline.md): the baseline issues as recorded, 50 cycles; RC's MOV
     * at 40 takes 40-43, the write issues at 44, v0 is ready 4 + 10 (the wake-up) later: 58 */
    CHECK(c, r.cycles == 58 && NEAR(r.perf_overhead, 58.0 / 50 - 1));
    /* on: v0 10 cycles, v1 20 cycles, of a 256-register slice; leakage over RC's 58 cycles */
    CHECK(c, NEAR(r.energy[SIM_E_SLICE_LEAK], 75.86 * 30 / 256 * 58 / 50));
    CHECK(c, NEAR(r.energy[SIM_E_WAKEUP], 2 * 232.88));
    CHECK(c, NEAR(r.energy[SIM_E_LOGIC_LEAK], (8.46 + 16.00 + 0.13) * 58));
}

/* WC: the base word of v1 (lane 0: 0, 0, 0) stays on holding 0 for all 50 cycles. v1 wakes
 * twice (1-byte deltas at 20, 2-byte at 30), v0 once (divergent at 40, after a MOV). */
static void test_wc(const sim *s, check_counts *c)
{
    sim_result r;
    sim_collect(s, SIM_WC, &r);
    CHECK(c, NEAR(r.longest[0], 1.0) && NEAR(r.longest[1], 0.8));
    CHECK(c, r.wakeups == 3 && r.movs == 1 && r.compressed_writes == 3 && r.compressed_reads == 2);
}

/* Fig. 12 at bit 0 of lane 20 (position 640), over the two registers used: baseline v0 holds
 * '0' 10 and '1' 40 cycles, v1 '0' 50 (20 and 400 are even); RC: v0 on 10 cycles holding 5
 * ('1'), v1 on 20 holding 400 ('0'), off the remaining 70 of 100. */
static void test_bit_profile(const sim *s, check_counts *c)
{
    static double prof[SIM_BITS][3];
    sim_bit_profile(s, SIM_BASE, prof);
    CHECK(c, NEAR(prof[640][0], 0.6) && NEAR(prof[640][1], 0.4) && NEAR(prof[640][2], 0));
    sim_bit_profile(s, SIM_RC, prof);
    CHECK(c, NEAR(prof[640][0], 0.2) && NEAR(prof[640][1], 0.1) && NEAR(prof[640][2], 0.7));
}

static void test_argo_one_pass(const sim *s, check_counts *c)
{
    sim_result r, b;
    sim_collect(s, SIM_ARGO, &r);
    sim_collect(s, SIM_BASE, &b);
    CHECK(c, NEAR(r.longest[0], b.longest[0]) && NEAR(r.longest[1], b.longest[1]));
}

/* Two passes back to back (busy 100 cycles). RAR's second pass maps Lr0 -> Pr1, Lr1 -> Pr0, so
 * under RC+RAR each register is on 30 of 100 cycles (RC alone: Pr1 40). ARGO's second pass
 * takes window 1 (Pr2-3): every cell is on at most 50 of 100 cycles. */
static void test_two_passes(check_counts *c)
{
    sim *s = run(TRACE_PATH, 2, c);
    if (s == NULL)
        return;
    sim_result rc, rcrar, argo, base;
    sim_collect(s, SIM_RC, &rc);
    sim_collect(s, SIM_RCRAR, &rcrar);
    sim_collect(s, SIM_ARGO, &argo);
    sim_collect(s, SIM_BASE, &base);
    CHECK(c, sim_get_stats(s)->repeat == 2 && NEAR(sim_get_stats(s)->busy_cycles, 100));
    CHECK(c, NEAR(rc.longest[0], 0.4) && NEAR(rc.longest[1], 0.4));
    CHECK(c, NEAR(rcrar.longest[0], 0.3) && NEAR(rcrar.longest_other[0][1], 0.7));
    CHECK(c, NEAR(argo.longest[0], 0.5) && NEAR(argo.longest_other[0][1], 0.5));
    CHECK(c, NEAR(base.longest[0], 1.0) && rc.wakeups == 4 && rc.movs == 2);
    CHECK(c, NEAR(argo.reg_longest[0][2], 0.5) && NEAR(base.reg_longest[0][2], 0));
    sim_free(s);
}

/* Window sizes alternating between kernels (as RadixSort's 19 and 22): three one-wavefront
 * kernels of N = 2, 3, 2 registers, each living 50 cycles and holding Lr1 = i*i (other, on)
 * from t=10 while Lr0 = 5 (constant) is off under RC. RAR's s and ARGO's pointer carry over the
 * change of N (decision 4): RC+RAR maps Lr1 to Pr1, Pr2 (s = 1 mod 3), Pr1 (s = 2 mod 2), so
 * the '1' cells of Lr1 hold '1' 80 of 150 cycles (RC: 120); ARGO takes windows 0, 1 and 2
 * (Pr0-1, Pr3-5, Pr4-5): Pr4 holds Lr1 (component 1 = 1) then Lr0 (= 5), bit 0 '1' 80 of 150
 * cycles (a reset pointer: window 0 each time, 120). With --repeat 2 the trace is read again
 * with the state kept: pass 2 maps Lr1 to Pr0, Pr1, Pr0, so Pr1 holds it 120 of 300 cycles
 * (RC: 240), and ARGO's windows 3-5 are new cells (80 of 300). */
static bool make_sizes_trace(char *path)
{
    const int fd = mkstemp(path);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (f == NULL)
        return false;
    fputs("# deltarf register-write trace v1\n# kernel sizes\n# clock cycles\n", f);
    for (unsigned k = 0; k < 3; k++) {
        const unsigned t = 100 * (k + 1), n = k == 1 ? 3 : 2;
        fprintf(f, "A %u 0 0 %u %u\nW %u 0 0 %u 0 ffffffffffffffff", t, k, n, t + 10, k);
        write_lane_values(f, 0);
        fprintf(f, "W %u 0 0 %u 1 ffffffffffffffff", t + 10, k);
        write_lane_values(f, 2);
        fprintf(f, "F %u 0 0 %u\n", t + 50, k);
    }
    return fclose(f) == 0;
}

static void test_sizes_rotate(check_counts *c)
{
    char path[] = "/tmp/deltarf_sim_sizes_XXXXXX";
    CHECK(c, make_sizes_trace(path));
    for (unsigned repeat = 1; repeat <= 2; repeat++) {
        sim *s = run(path, repeat, c);
        if (s == NULL)
            continue;
        sim_result rc, rcrar, argo;
        sim_collect(s, SIM_RC, &rc);
        sim_collect(s, SIM_RCRAR, &rcrar);
        sim_collect(s, SIM_ARGO, &argo);
        const double busy = 150.0 * repeat;
        CHECK(c, NEAR(sim_get_stats(s)->busy_cycles, busy));
        CHECK(c, NEAR(rc.longest[1], 120.0 * repeat / busy));
        CHECK(c, NEAR(rcrar.longest[1], (repeat == 1 ? 80.0 : 120.0) / busy));
        CHECK(c, NEAR(argo.longest[1], 80.0 / busy));
        CHECK(c, NEAR(rcrar.reg_longest[1][2], 40.0 / busy));
        sim_free(s);
    }
    remove(path);
}

/* Free windows (decision 7): 2-register windows on one slice, busy from t=0 to 100. a takes
 * window 0 (Pr0-1), writes Lr0 = 5 at 10 and leaves at 40; b takes window 1 at 20, writes
 * Lr1 = i*i at 30 and leaves at 100; c takes window 0 again at 60, writes Lr1 = i at 70 and
 * leaves at 80. A conventional slice (baseline, RAR) powers the windows its kernel uses for the
 * whole busy period, zeros before their first wavefront and the last values after a wavefront
 * leaves. Baseline: Pr0 holds 5 from 10 to 60 (bits 0 and 2 of lanes 16-63: '1' 50 of 100; a
 * gated window: 30), Pr1 holds i from 70 to 100 (lane 1 bit 0: '1' 30; gated: 10), Pr2 zeros all
 * 100 (gated: 80, from b's A), and no cell is ever off, as in Fig. 12. RAR gives c s = 1 (its
 * Lr1 -> Pr0): lane 21 of Pr0 holds 5 (0b101) from 10 to 60 and 21 (0b10101) from 70 to 100, bit
 * 0 '1' 80 cycles. ARGO puts c in window 2 (Pr4-5) and switches free windows off: Pr0 lane 20
 * bit 0 '1' 30, Pr2 '0' 80, Pr5 '1' 10. Energy: the baseline and RAR leak the whole slice for
 * the 100 cycles, RC only b's Lr1 (Pr3, on from 30). With --repeat 2 RAR's window 1 has s = 1 in
 * the second pass, so b's Lr1 (i*i) lands in Pr2: Pr3 holds it 70 of 200 cycles. */
static bool make_free_windows_trace(char *path)
{
    const int fd = mkstemp(path);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (f == NULL)
        return false;
    fputs("# deltarf register-write trace v1\n# kernel free-windows\n# clock cycles\n"
          "A 100 0 0 0 2\nW 110 0 0 0 0 ffffffffffffffff", f);
    write_lane_values(f, 0);
    fputs("A 120 0 0 1 2\nW 130 0 0 1 1 ffffffffffffffff", f);
    write_lane_values(f, 2);
    fputs("F 140 0 0 0\nA 160 0 0 2 2\nW 170 0 0 2 1 ffffffffffffffff", f);
    write_lane_values(f, 1);
    fputs("F 180 0 0 2\nF 200 0 0 1\n", f);
    return fclose(f) == 0;
}

/* No cell of a used register is ever off (Fig. 12's off share is 0 at every bit). */
static bool never_off(const sim *s, sim_scheme k)
{
    static double prof[SIM_BITS][3];
    sim_bit_profile(s, k, prof);
    for (unsigned b = 0; b < SIM_BITS; b++)
        if (!NEAR(prof[b][2], 0))
            return false;
    return true;
}

static void test_free_windows(check_counts *c)
{
    char path[] = "/tmp/deltarf_sim_free_XXXXXX";
    CHECK(c, make_free_windows_trace(path));
    sim *s = run(path, 1, c);
    if (s) {
        sim_result base, rar, argo, rc;
        sim_collect(s, SIM_BASE, &base);
        sim_collect(s, SIM_RAR, &rar);
        sim_collect(s, SIM_ARGO, &argo);
        sim_collect(s, SIM_RC, &rc);
        CHECK(c, NEAR(sim_get_stats(s)->busy_cycles, 100) && sim_get_stats(s)->slices_used == 1);
        CHECK(c, NEAR(base.reg_longest[1][0], 0.5) && NEAR(base.reg_longest[1][1], 0.3) &&
                 NEAR(base.reg_longest[0][2], 1.0) && NEAR(base.reg_longest[1][3], 0.7));
        CHECK(c, NEAR(base.longest[0], 1.0) && NEAR(base.longest[1], 0.7) &&
                 NEAR(base.longest_other[1][1], 0));
        CHECK(c, NEAR(rar.reg_longest[1][0], 0.8) && NEAR(rar.longest[1], 0.8) &&
                 NEAR(rar.reg_longest[0][1], 1.0));
        CHECK(c, never_off(s, SIM_BASE) && never_off(s, SIM_RAR) && !never_off(s, SIM_ARGO));
        CHECK(c, NEAR(argo.reg_longest[1][0], 0.3) && NEAR(argo.reg_longest[0][2], 0.8) &&
                 NEAR(argo.reg_longest[1][5], 0.1) && NEAR(argo.longest[0], 0.8));
        CHECK(c, NEAR(base.energy[SIM_E_SLICE_LEAK], 75.86 * 100) &&
                 NEAR(rar.energy[SIM_E_SLICE_LEAK], 75.86 * 100) &&
                 NEAR(rc.energy[SIM_E_SLICE_LEAK], 75.86 * 70 / 256));
        sim_free(s);
    }
    s = run(path, 2, c);
    if (s) {
        sim_result base, rar;
        sim_collect(s, SIM_BASE, &base);
        sim_collect(s, SIM_RAR, &rar);
        CHECK(c, NEAR(base.reg_longest[1][0], 0.5) && NEAR(base.reg_longest[0][2], 1.0));
        CHECK(c, NEAR(rar.reg_longest[1][0], 0.8) && NEAR(rar.reg_longest[1][3], 0.35));
        CHECK(c, never_off(s, SIM_BASE) && never_off(s, SIM_RAR));
        sim_free(s);
    }
    remove(path);
}

static void test_wc_encode(check_counts *c)
{
    uint32_t v[DRF_COMPONENTS], img[DRF_COMPONENTS];
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        v[i] = 1000;
    CHECK(c, sim_wc_encode(v, img) == 0x1u && img[0] == 1000 && img[1] == 0);
    v[1] = 1000 - 1; /* delta -1: one byte 0xff at bits 32-39 */
    v[63] = 1000 + 127;
    CHECK(c, sim_wc_encode(v, img) == 0x3u && img[1] == 0xffu && img[16] == 127u << 16);
    v[2] = 1000 + 128; /* needs two bytes: delta 1 at bits 32-47, delta 2 at 48-63 */
    CHECK(c, sim_wc_encode(v, img) == 0x7u && img[1] == (0xffffu | 128u << 16));
    v[3] = 1000 + 40000;
    CHECK(c, sim_wc_encode(v, img) == 0xFu && memcmp(img, v, sizeof v) == 0);
    CHECK(c, sim_seg_start(1) == 32 && sim_seg_start(2) == 536 && sim_seg_start(3) == 1040 &&
             sim_seg_start(4) == 2048);
}

static void test_dvth(check_counts *c)
{
    CHECK(c, NEAR(sim_dvth(1.0), 1.0) && NEAR(sim_dvth(0), 0));
    CHECK(c, NEAR(sim_dvth(0.5), pow(0.5, 0.25) * (1 - sqrt(0.35) * 0.5)));
    CHECK(c, sim_dvth(0.3) < sim_dvth(0.4) && sim_dvth(0.4) < sim_dvth(0.9));
}

static void test_names(check_counts *c)
{
    sim_scheme k;
    pl_policy m;
    CHECK(c, sim_scheme_parse("rc+rar", &k) && k == SIM_RCRAR && !sim_scheme_parse("rc+", &k));
    CHECK(c, pl_parse("recorded", &m) && m == PL_RECORDED && !pl_parse("x", &m));
    CHECK(c, strcmp(sim_scheme_name(SIM_WC), "wc") == 0);
}

int main(void)
{
    check_counts c = {0};
    CHECK(&c, make_trace());
    sim *s = run(TRACE_PATH, 1, &c);
    if (s) {
        test_patterns(s, &c);
        test_baseline(s, &c);
        test_rc(s, &c);
        test_wc(s, &c);
        test_argo_one_pass(s, &c);
        test_bit_profile(s, &c);
        sim_free(s);
    }
    test_two_passes(&c);
    test_sizes_rotate(&c);
    test_free_windows(&c);
    test_wc_encode(&c);
    test_dvth(&c);
    test_names(&c);
    remove(trace_path);
    return check_done(&c, "test_sim");
}
