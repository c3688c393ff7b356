/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of deltarf compare's run and axes (docs/compare.md): on an in-tree trace,
 * the rows' invariants (energy = dynamic + leakage, the baseline saves nothing, n/a exactly with
 * a reason), the shared cell duty cycles of the PV and Pilot rows (the FRF's and SRF's cells
 * splitting the baseline's, also under two window sizes: cmp_cells), the ageing model's growth
 * with the years, a refused trace's message, and a reused run context giving a fresh one's
 * results field by field. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval/compare/compare_internal.h"

static check_counts c;
static cmp_result r1, r7;

#define TRACE "data/traces/Reduction.trace.xz"

static void row_invariants(const cmp_row *r)
{
    for (unsigned a = 0; a < CMP_AXES; a++)
        CHECK(&c, r->na[a] ? isnan(r->v[a]) && r->na[a][0] : isfinite(r->v[a]));
    if (r->na[CMP_ENERGY_PJ] == NULL) /* (n/a without register values) */
        CHECK(&c, fabs(r->v[CMP_ENERGY_PJ] - r->v[CMP_DYNAMIC_PJ] - r->v[CMP_LEAKAGE_PJ]) <
                      1e-6 * r->v[CMP_ENERGY_PJ] && r->v[CMP_DYNAMIC_PJ] > 0);
    if (r->na[CMP_EXTRA_CYCLES] == NULL)
        CHECK(&c, r->v[CMP_EXTRA_CYCLES] >= 0);
}

/* The FRF's and the SRF's cells split the baseline's maxima (r's baseline row). */
static void cells_split_the_baseline(const cmp_result *r)
{
    const cmp_row *b = &r->tech[CMP_BASELINE];
    for (unsigned v = 0; v < 2; v++)
        CHECK(&c, fmax(r->pilot_cells[0].v[CMP_LONGEST0 + v], r->pilot_cells[1].v[CMP_LONGEST0 + v]) ==
                      b->v[CMP_LONGEST0 + v]);
}

static void rows(const cmp_result *r)
{
    for (unsigned t = 0; t < CMP_TECHS; t++)
        row_invariants(&r->tech[t]);
    const cmp_row *b = &r->tech[CMP_BASELINE];
    CHECK(&c, b->v[CMP_ENERGY_SAVING_PCT] == 0 && b->v[CMP_EXTRA_CYCLES] == 0 &&
                  b->v[CMP_AREA_UM2] == 0);
    /* the PV rows add logic to the baseline's array: they cost more energy than it */
    for (unsigned t = CMP_VLSB; t <= CMP_PVOPT_NBTI; t++) {
        CHECK(&c, r->tech[t].v[CMP_ENERGY_PJ] > b->v[CMP_ENERGY_PJ]);
        CHECK(&c, r->tech[t].v[CMP_GUARDBAND_PCT] == b->v[CMP_GUARDBAND_PCT]);
        CHECK(&c, isfinite(r->pv_guardband[t]));
    }
    CHECK(&c, r->tech[CMP_PILOT].v[CMP_LONGEST0] == b->v[CMP_LONGEST0]);
    /* RC switches compressed registers off: its longest duty cycle is no longer */
    CHECK(&c, r->tech[CMP_RC].v[CMP_LONGEST0] <= b->v[CMP_LONGEST0]);
    CHECK(&c, r->tech[CMP_RC].v[CMP_GUARDBAND_PCT] <= b->v[CMP_GUARDBAND_PCT]);
    CHECK(&c, r->tech[CMP_DCPATCH].na[CMP_GUARDBAND_PCT] != NULL);
    CHECK(&c, memcmp(&r->tech[CMP_DCPATCH], &r->dcpatch[FM_COMMON], sizeof(cmp_row)) == 0);
    CHECK(&c, r->top4_share > 0 && r->top4_share <= 100);
    /* the FRF's and the SRF's cells are the baseline's, split by register index */
    CHECK(&c, r->pilot_cells_na == NULL); /* one window size in this trace */
    cells_split_the_baseline(r);
    CHECK(&c, r->frf_share_static <= r->top4_share + 1e-9);
}

static void ageing_grows_with_years(void)
{
    for (unsigned t = 0; t < CMP_TECHS; t++)
        if (!r1.tech[t].na[CMP_DVTH_MV]) {
            CHECK(&c, r7.tech[t].v[CMP_DVTH_MV] > r1.tech[t].v[CMP_DVTH_MV]);
            CHECK(&c, r7.tech[t].v[CMP_GUARDBAND_PCT] > r1.tech[t].v[CMP_GUARDBAND_PCT]);
            CHECK(&c, r7.tech[t].v[CMP_ENERGY_PJ] == r1.tech[t].v[CMP_ENERGY_PJ]);
        }
}

/* Which baseline register stands for which Pilot RF cell (docs/compare.md, decision 12). */
static void cell_map(void)
{
    cmp_cells *m = calloc(3, sizeof *m);
    if (m == NULL)
        return;
    /* RadixSort's kernels: one wavefront each, 19 then 22 registers, in window 0 of slice 0 */
    cmp_cells_place(&m[0], 0, 0, 19);
    cmp_cells_place(&m[0], 0, 0, 22);
    CHECK(&c, m[0].na == NULL && m[0].part[DRF_PILOT_N - 1] == CMP_PART_FRF &&
                  m[0].part[DRF_PILOT_N] == CMP_PART_SRF && m[0].part[21] == CMP_PART_SRF &&
                  m[0].part[22] == 0);
    /* window 1 of 19 registers is 19..37, then window 0 of 22 takes 19..21: two cells */
    cmp_cells_place(&m[1], 0, 0, 19);
    cmp_cells_place(&m[1], 0, 1, 19);
    CHECK(&c, m[1].na == NULL);
    cmp_cells_place(&m[1], 0, 0, 22);
    CHECK(&c, m[1].na && strstr(m[1].na, "two cells"));
    /* register 4: an FRF cell in window 1 of 3 registers on slice 0, an SRF cell on slice 1 */
    cmp_cells_place(&m[2], 0, 1, 3);
    cmp_cells_place(&m[2], 1, 0, 19);
    CHECK(&c, m[2].na && strstr(m[2].na, "an FRF cell and for an SRF cell"));
    memset(&m[2], 0, sizeof m[2]);
    cmp_cells_place(&m[2], 0, 1, 3);
    cmp_cells_place(&m[2], 1, 1, 4);
    CHECK(&c, m[2].na == NULL); /* FRF cells both, and window 1's size is per slice */
    memset(&m[2], 0, sizeof m[2]);
    cmp_cells_place(&m[2], 0, 1, 19);
    cmp_cells_place(&m[2], 0, 1, 22);
    CHECK(&c, m[2].na && strstr(m[2].na, "two window sizes"));
    free(m);
}

static void refused(void)
{
    static const char bad[] = "not a trace\n";
    char err[768] = "";
    const cmp_config cfg = {.chips = 1, .years = 7, .mem_budget = 1 << 20};
    CHECK(&c, !cmp_run_mem(bad, sizeof bad - 1, "<bad>", &cfg, &r1, err, sizeof err));
    CHECK(&c, strncmp(err, "<bad>:", 6) == 0 && strchr(err, '\n') == NULL);
    CHECK(&c, !cmp_run("data/traces/absent.trace.xz", &cfg, &r1, err, sizeof err) && err[0]);
}

/* A trace without events: the baseline spends nothing, so no saving can be stated (n/a). */
static void empty_trace(void)
{
    static const char empty[] = "# deltarf register-write trace v1\n";
    char err[768] = "";
    const cmp_config cfg = {.chips = 1, .years = 7, .mem_budget = 1 << 20};
    CHECK(&c, cmp_run_mem(empty, sizeof empty - 1, "<empty>", &cfg, &r1, err, sizeof err));
    CHECK(&c, r1.tech[CMP_BASELINE].v[CMP_ENERGY_SAVING_PCT] == 0);
    for (unsigned t = CMP_BASELINE + 1; t < CMP_TECHS; t++)
        CHECK(&c, r1.tech[t].na[CMP_ENERGY_SAVING_PCT] != NULL &&
                      isnan(r1.tech[t].v[CMP_ENERGY_SAVING_PCT]));
}

static bool same_number(double a, double b)
{
    return (isnan(a) && isnan(b)) || a == b;
}

static bool same_reason(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_row(const cmp_row *a, const cmp_row *b)
{
    bool same = true;
    for (unsigned x = 0; x < CMP_AXES; x++)
        same = same && same_number(a->v[x], b->v[x]) && same_reason(a->na[x], b->na[x]);
    return same;
}

/* Every field of two results. */
static void same_result(const cmp_result *a, const cmp_result *b)
{
    for (unsigned t = 0; t < CMP_TECHS; t++) {
        CHECK(&c, same_row(&a->tech[t], &b->tech[t]));
        CHECK(&c, same_number(a->pv_guardband[t], b->pv_guardband[t]));
    }
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        CHECK(&c, same_row(&a->dcpatch[k], &b->dcpatch[k]));
    for (unsigned k = 0; k < 2; k++)
        CHECK(&c, same_row(&a->pilot_cells[k], &b->pilot_cells[k]));
    CHECK(&c, same_reason(a->pilot_cells_na, b->pilot_cells_na));
    CHECK(&c, same_number(a->top4_share, b->top4_share));
    CHECK(&c, same_number(a->frf_share_static, b->frf_share_static));
    CHECK(&c, same_number(a->frf_share_pilot, b->frf_share_pilot));
    CHECK(&c, same_number(a->busy_cycles, b->busy_cycles));
    CHECK(&c, a->events == b->events && a->wavefronts == b->wavefronts &&
                  a->accesses == b->accesses && a->decoded_bytes == b->decoded_bytes);
}

/* One context through two different traces (two window sizes after one), a refused trace, an
 * empty one and one refused after a wavefront started, under other settings each time: every
 * run as in a fresh context. */
static void reused_context(void)
{
    static const char bad[] = "not a trace\n", empty[] = "# deltarf register-write trace v1\n",
                      cut[] = "# deltarf register-write trace v1\nA 1000 0 0 0 3\nX\n";
    static cmp_result fresh, reused;
    const cmp_config a = {.chips = 2, .years = 7, .mem_budget = 1 << 20},
                     b = {.chips = 3, .years = 2, .mem_budget = 1 << 16};
    char err[768], err2[768];
    cmp_ctx *ctx = cmp_ctx_new();
    CHECK(&c, ctx != NULL);
    CHECK(&c, cmp_ctx_run(ctx, TRACE, &a, &reused, err, sizeof err));
    CHECK(&c, cmp_run(TRACE, &a, &fresh, err, sizeof err));
    same_result(&fresh, &reused);
    CHECK(&c, cmp_ctx_run(ctx, "data/traces/RadixSort.trace.xz", &b, &reused, err, sizeof err));
    CHECK(&c, cmp_run("data/traces/RadixSort.trace.xz", &b, &fresh, err, sizeof err));
    same_result(&fresh, &reused);
    CHECK(&c, reused.events != r1.events); /* another trace than the first run's */
    CHECK(&c, !cmp_ctx_run_mem(ctx, bad, sizeof bad - 1, "<bad>", &a, &reused, err, sizeof err));
    CHECK(&c, !cmp_run_mem(bad, sizeof bad - 1, "<bad>", &a, &fresh, err2, sizeof err2));
    CHECK(&c, strcmp(err, err2) == 0);
    CHECK(&c,
          cmp_ctx_run_mem(ctx, empty, sizeof empty - 1, "<empty>", &b, &reused, err, sizeof err));
    CHECK(&c, cmp_run_mem(empty, sizeof empty - 1, "<empty>", &b, &fresh, err, sizeof err));
    same_result(&fresh, &reused);
    CHECK(&c, !cmp_ctx_run_mem(ctx, cut, sizeof cut - 1, "<cut>", &a, &reused, err, sizeof err));
    CHECK(&c, strncmp(err, "<cut>:3:", 8) == 0);
    CHECK(&c, cmp_ctx_run(ctx, TRACE, &b, &reused, err, sizeof err));
    CHECK(&c, cmp_run(TRACE, &b, &fresh, err, sizeof err));
    same_result(&fresh, &reused);
    cmp_ctx_free(ctx);
}

/* An Accel-Sim trace carries no register values: every axis that needs them is n/a with that
 * cause (the cells' ageing and the time axis of every technique; RC's, WC's and DC-Patch's
 * energy and performance), the others are numbers (the baseline's and the Pilot RF's energy,
 * the PV schemes' performance). */
static void without_values(void)
{
    static cmp_result r;
    char err[768];
    const cmp_config cfg = {.chips = 2, .years = 7, .mem_budget = 1 << 20};
    CHECK(&c, cmp_run("tests/data/accel/kernelslist.g", &cfg, &r, err, sizeof err));
    const char *why = "the trace carries no register values";
    for (unsigned t = 0; t < CMP_TECHS; t++) {
        row_invariants(&r.tech[t]);
        CHECK(&c, r.tech[t].na[CMP_GUARDBAND_PCT] && strcmp(r.tech[t].na[CMP_GUARDBAND_PCT], why) == 0);
        CHECK(&c, r.tech[t].na[CMP_SPEEDUP_PCT] != NULL);
    }
    for (unsigned t = CMP_RC; t <= CMP_WC; t++)
        CHECK(&c, r.tech[t].na[CMP_ENERGY_PJ] && r.tech[t].na[CMP_PERF_OVERHEAD_PCT]);
    CHECK(&c, r.tech[CMP_DCPATCH].na[CMP_ENERGY_SAVING_PCT] && r.dcpatch[FM_DISPERSED].na[CMP_CYCLES]);
    CHECK(&c, !r.tech[CMP_BASELINE].na[CMP_ENERGY_PJ] && r.tech[CMP_BASELINE].v[CMP_ENERGY_PJ] > 0);
    CHECK(&c, !r.tech[CMP_PILOT].na[CMP_ENERGY_SAVING_PCT] && !r.tech[CMP_PVOPT].na[CMP_PERF_OVERHEAD_PCT]);
    CHECK(&c, r.pilot_cells_na && strcmp(r.pilot_cells_na, why) == 0);
}

/* One engine (docs/compare.md decision 17): a run of only the Pilot RF or only one DC-Patch
 * scenario (deltarf pilot, deltarf patch) gives the full run's energy and time axes of that row
 * and of the baseline, the same FRF_low share, and the other rows n/a. */
static void masked(void)
{
    char err[768];
    static cmp_result all, one;
    const cmp_config full = {.chips = 2, .years = 7, .mem_budget = 1 << 20};
    CHECK(&c, cmp_run(TRACE, &full, &all, err, sizeof err));
    for (unsigned k = 0; k <= FM_SCENARIOS; k++) {
        cmp_config cfg = full;
        cfg.evals = k < FM_SCENARIOS ? CMP_EVAL_PATCH0 << k : CMP_EVAL_PILOT;
        CHECK(&c, cmp_run(TRACE, &cfg, &one, err, sizeof err));
        const cmp_row *a = k < FM_SCENARIOS ? &all.dcpatch[k] : &all.tech[CMP_PILOT];
        const cmp_row *b = k < FM_SCENARIOS ? &one.dcpatch[k] : &one.tech[CMP_PILOT];
        for (enum cmp_axis x = CMP_DYNAMIC_PJ; x <= CMP_ENERGY_SAVING_SYNTH_PCT; x++)
            CHECK(&c, same_number(a->v[x], b->v[x]) &&
                          same_number(all.tech[CMP_BASELINE].v[x], one.tech[CMP_BASELINE].v[x]));
        for (enum cmp_axis x = CMP_CYCLES; x <= CMP_PERF_OVERHEAD_PCT; x++)
            CHECK(&c, same_number(a->v[x], b->v[x]));
        CHECK(&c, one.frf_low_share == all.frf_low_share);
        CHECK(&c, one.tech[CMP_RC].na[CMP_ENERGY_PJ] && one.tech[CMP_VLSB].na[CMP_ENERGY_PJ]);
        CHECK(&c, one.tech[CMP_BASELINE].na[CMP_GUARDBAND_PCT] && one.pilot_cells_na);
        CHECK(&c, (k < FM_SCENARIOS) == (one.tech[CMP_PILOT].na[CMP_ENERGY_PJ] != NULL));
    }
}

int main(void)
{
    char err[768];
    cmp_config cfg = {.chips = 2, .years = 1, .mem_budget = 1 << 20};
    CHECK(&c, cmp_run(TRACE, &cfg, &r1, err, sizeof err));
    cfg.years = 7;
    CHECK(&c, cmp_run(TRACE, &cfg, &r7, err, sizeof err));
    rows(&r1);
    rows(&r7);
    ageing_grows_with_years();
    cell_map();
    /* two window sizes (19 and 22 registers), one wavefront a kernel: the copies that fill a
     * slice (11 of 22 registers) hold windows 1-10 under both sizes, so registers 19-21 stand
     * for index 19-21 of window 0 and index 0-2 of window 1 */
    CHECK(&c, cmp_run("data/traces/RadixSort.trace.xz", &cfg, &r1, err, sizeof err));
    CHECK(&c, r1.copies == 11);
    CHECK(&c, r1.pilot_cells_na != NULL &&
                  strcmp(r1.pilot_cells_na,
                         "a register of the baseline stood for two cells of the Pilot RF") == 0);
    refused();
    empty_trace();
    reused_context();
    without_values();
    masked();
    CHECK(&c, strcmp(cmp_tech_name(CMP_PVOPT_NBTI), "pv_opt_nbti_opt") == 0);
    return check_done(&c, "test_compare");
}
