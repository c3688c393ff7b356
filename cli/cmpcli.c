/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare TRACE... [--chips N] [--years Y] [--gpu NAME|FILE] [--json FILE]
 * (docs/compare.md): every technique of the four papers on each trace, read once, on common axes
 * against the same baseline: a text table per kernel, a summary over kernels, and its JSON. */
#include "cmpcli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/compare/compare.h"
#include "energycli.h"
#include "eval/trace/dispatch.h"
#include "evalcli.h"
#include "json.h"

#define PROG "deltarf compare"
#define SCHEMA "deltarf-compare/2"

typedef struct {
    const char **traces;
    unsigned ntraces;
    uint64_t chips, years;
    const char *json, *gpu;
} options;

/* A usage error: one line, exit 1 (docs/compare.md). */
static int usage(const char *problem, const char *arg)
{
    ec_usage(PROG, COMPARE_SYNOPSIS, problem, arg);
    return 1;
}

/* The option at argv[*i] and its value; 0, or the exit status of a usage error. */
static int parse_option(options *o, int argc, char **argv, int *i)
{
    const char *name = argv[*i];
    const bool chips = strcmp(name, "--chips") == 0, years = strcmp(name, "--years") == 0;
    const bool gpu = strcmp(name, "--gpu") == 0;
    if (!chips && !years && !gpu && strcmp(name, "--json") != 0)
        return usage("unknown option", name);
    if (*i + 1 >= argc)
        return usage("missing value for", name);
    const char *val = argv[++*i];
    if (!chips && !years) {
        *(gpu ? &o->gpu : &o->json) = val;
        return 0;
    }
    uint64_t *out = chips ? &o->chips : &o->years;
    if (!ec_u64(val, chips ? 10000 : 100, out) || *out == 0)
        return usage(chips ? "bad --chips (1-10000)" : "bad --years (1-100)", val);
    return 0;
}

static int parse(options *o, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            const int rc = parse_option(o, argc, argv, &i);
            if (rc)
                return rc;
        } else {
            o->traces[o->ntraces++] = argv[i];
        }
    }
    return o->ntraces ? 0 : usage("missing TRACE", NULL);
}

/* --- text -------------------------------------------------------------------------------- */
static const char *const short_axis[CMP_AXES] = {
    "dyn uJ", "leak uJ", "total uJ", "saving %", "synth sav%", "long 0", "long 1", "dVth mV",
    "guard %", "cycles", "extra cyc", "perf %", "cycle ns", "time us", "speedup %", "area um2",
    "area %"};
/* Energies in microjoules in the text (pJ in the JSON), the rest as they are. */
static double text_value(const cmp_row *r, enum cmp_axis a)
{
    return a <= CMP_ENERGY_PJ ? r->v[a] * 1e-6 : r->v[a];
}

static void print_row(const char *name, const cmp_row *r)
{
    printf("%-22s", name);
    for (unsigned a = 0; a < CMP_AXES; a++) {
        if (r->na[a])
            printf(" %10s", "n/a");
        else
            printf(" %10.4g", text_value(r, (enum cmp_axis)a));
    }
    putchar('\n');
}

static void print_header(void)
{
    printf("%-22s", "technique");
    for (unsigned a = 0; a < CMP_AXES; a++)
        printf(" %10s", short_axis[a]);
    putchar('\n');
}

/* The reasons of the n/a cells, once each. */
static void print_na(const cmp_result *r)
{
    const char *seen[CMP_TECHS * CMP_AXES];
    unsigned n = 0;
    for (unsigned t = 0; t < CMP_TECHS; t++)
        for (unsigned a = 0; a < CMP_AXES; a++) {
            const char *why = r->tech[t].na[a];
            bool dup = false;
            for (unsigned k = 0; k < n && why; k++)
                dup |= seen[k] == why;
            if (why && !dup) {
                seen[n++] = why;
                printf("n/a (%s, %s...): %s\n", cmp_tech_name(t), cmp_axis_name(a), why);
            }
        }
}

static void print_kernel(const char *trace, const options *o, const cmp_result *r)
{
    printf("## %s: %llu events, %llu wavefronts, %u copies at once, %.0f slice-cycles busy; "
           "%llu chips, %llu years\n", trace, (unsigned long long)r->events,
           (unsigned long long)r->wavefronts, r->copies, r->busy_cycles,
           (unsigned long long)o->chips, (unsigned long long)o->years);
    print_header();
    for (unsigned t = 0; t < CMP_TECHS; t++)
        print_row(cmp_tech_name(t), &r->tech[t]);
    for (unsigned k = 1; k < FM_SCENARIOS; k++) {
        char name[64];
        snprintf(name, sizeof name, "dc_patch %s", fm_scenario_name(k));
        print_row(name, &r->dcpatch[k]);
    }
    printf("pilot: top-4 %.1f%%, FRF share static %.1f%%, pilot %.1f%%, FRF_low %.1f%% of the "
           "FRF's\n", r->top4_share, r->frf_share_static, r->frf_share_pilot, r->frf_low_share);
    if (r->pilot_cells_na)
        printf("pilot cells: n/a, %s\n", r->pilot_cells_na);
    else
        printf("pilot cells: FRF guardband %.2f%%, SRF guardband %.2f%%\n",
               r->pilot_cells[0].v[CMP_GUARDBAND_PCT], r->pilot_cells[1].v[CMP_GUARDBAND_PCT]);
    printf("PV model's own guardband: baseline %.2f%%, vlsb %.2f%%, pv_opt %.2f%%, "
           "pv_opt_nbti_opt %.2f%%\n", r->pv_guardband[CMP_BASELINE],
           r->pv_guardband[CMP_VLSB], r->pv_guardband[CMP_PVOPT],
           r->pv_guardband[CMP_PVOPT_NBTI]);
    print_na(r);
    putchar('\n');
}

/* The mean of axis a of technique t over the kernels where it applies (NaN: none). */
static double kernel_mean(const cmp_result *r, unsigned n, unsigned t, unsigned a)
{
    double sum = 0;
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (!r[i].tech[t].na[a])
            sum += r[i].tech[t].v[a], k++;
    return k ? sum / k : NAN;
}

/* The axes a summary gives: relative ones, comparable across kernels. */
static const enum cmp_axis summary_axes[] = {CMP_ENERGY_SAVING_PCT, CMP_GUARDBAND_PCT,
                                             CMP_PERF_OVERHEAD_PCT, CMP_SPEEDUP_PCT,
                                             CMP_AREA_OVERHEAD_PCT};
enum { SUMMARY_AXES = sizeof summary_axes / sizeof summary_axes[0] };

static void print_summary(const cmp_result *r, unsigned n)
{
    printf("## summary over %u kernel%s (means)\n%-22s", n, n == 1 ? "" : "s", "technique");
    for (unsigned j = 0; j < SUMMARY_AXES; j++)
        printf(" %10s", short_axis[summary_axes[j]]);
    putchar('\n');
    for (unsigned t = 0; t < CMP_TECHS; t++) {
        printf("%-22s", cmp_tech_name(t));
        for (unsigned j = 0; j < SUMMARY_AXES; j++) {
            const double m = kernel_mean(r, n, t, summary_axes[j]);
            if (isnan(m))
                printf(" %10s", "n/a");
            else
                printf(" %10.4g", m);
        }
        putchar('\n');
    }
}

/* --- JSON (docs/compare.md) ---------------------------------------------------------------- */

/* The members a technique carries beyond the axes. */
static void json_extra(FILE *f, const cmp_result *r, unsigned t)
{
    if (!isnan(r->pv_guardband[t])) {
        fputs(", \"pv_model_guardband_pct\": ", f);
        en_json_number(f, r->pv_guardband[t]);
    }
    if (t == CMP_DCPATCH) {
        fputs(", \"scenario\": \"common\", \"scenarios\": {", f);
        for (unsigned k = 0; k < FM_SCENARIOS; k++) {
            fprintf(f, "%s\"%s\": {", k ? ", " : "", fm_scenario_name(k));
            en_json_axes(f, &r->dcpatch[k]);
            fputc('}', f);
        }
        fputc('}', f);
    }
    if (t == CMP_PILOT) {
        static const char *const part[2] = {"frf", "srf"};
        for (unsigned k = 0; k < 2; k++)
            for (enum cmp_axis a = CMP_LONGEST0; a <= CMP_GUARDBAND_PCT; a++) {
                fprintf(f, ", \"%s_%s\": ", part[k], cmp_axis_name(a));
                en_json_number(f, r->pilot_cells[k].v[a]);
            }
        if (r->pilot_cells_na) {
            fputs(", \"cells_na\": ", f);
            json_string(f, r->pilot_cells_na);
        }
        fputs(", \"profile\": \"pilot\", \"top4_share\": ", f);
        en_json_number(f, r->top4_share);
        fputs(", \"frf_share_static_pct\": ", f);
        en_json_number(f, r->frf_share_static);
        fputs(", \"frf_share_pilot_pct\": ", f);
        en_json_number(f, r->frf_share_pilot);
        fputs(", \"frf_low_share_pct\": ", f);
        en_json_number(f, r->frf_low_share);
    }
}

static void json_kernel(FILE *f, const char *trace, const cmp_result *r)
{
    fputs("    {\"trace\": ", f);
    json_string(f, trace);
    fprintf(f, ", \"events\": %llu, \"wavefronts\": %llu, \"accesses\": %llu, \"copies\": %u, "
               "\"busy_cycles\": ",
            (unsigned long long)r->events, (unsigned long long)r->wavefronts,
            (unsigned long long)r->accesses, r->copies);
    en_json_number(f, r->busy_cycles);
    fputs(",\n     \"techniques\": {\n", f);
    for (unsigned t = 0; t < CMP_TECHS; t++) {
        fprintf(f, "      \"%s\": {", cmp_tech_name(t));
        en_json_axes(f, &r->tech[t]);
        json_extra(f, r, t);
        fprintf(f, "}%s\n", t + 1 < CMP_TECHS ? "," : "");
    }
    fputs("     }}", f);
}

static void json_summary(FILE *f, const cmp_result *r, unsigned n)
{
    fprintf(f, "  \"summary\": {\"kernels\": %u, \"techniques\": {\n", n);
    for (unsigned t = 0; t < CMP_TECHS; t++) {
        fprintf(f, "    \"%s\": {", cmp_tech_name(t));
        for (unsigned j = 0; j < SUMMARY_AXES; j++) {
            fprintf(f, "%s\"%s\": ", j ? ", " : "", cmp_axis_name(summary_axes[j]));
            en_json_number(f, kernel_mean(r, n, t, summary_axes[j]));
        }
        fprintf(f, "}%s\n", t + 1 < CMP_TECHS ? "," : "");
    }
    fputs("  }}\n", f);
}

static bool write_json(const options *o, const cmp_result *r)
{
    FILE *f = strcmp(o->json, "-") == 0 ? stdout : fopen(o->json, "w");
    if (!f)
        return false;
    fprintf(f, "{\"schema\": \"%s\", \"chips\": %llu, \"years\": %llu, \"node_nm\": %g,\n",
            SCHEMA, (unsigned long long)o->chips, (unsigned long long)o->years, cmp_node_nm());
    fputs("  \"kernels\": [\n", f);
    for (unsigned i = 0; i < o->ntraces; i++) {
        json_kernel(f, o->traces[i], &r[i]);
        fputs(i + 1 < o->ntraces ? ",\n" : "\n", f);
    }
    fputs("  ],\n", f);
    json_summary(f, r, o->ntraces);
    fputs("}\n", f);
    const bool ok = fflush(f) == 0 && !ferror(f);
    return (f == stdout ? ok : fclose(f) == 0 && ok);
}

/* --- the command ----------------------------------------------------------------------------- */
static int run(const options *o, cmp_result *r)
{
    static gpu_config gpu;
    if (!ec_gpu(PROG, o->gpu, PL_GPU_DEFAULT, pl_gpu_check, &gpu))
        return 1;
    const cmp_config cfg = {.chips = (unsigned)o->chips, .years = (double)o->years,
                            .mem_budget = DS_DEFAULT_BUDGET, .progress = PROG, .gpu = &gpu};
    cmp_ctx *ctx = cmp_ctx_new();
    if (ctx == NULL) {
        fputs(PROG ": out of memory\n", stderr);
        return 1;
    }
    for (unsigned i = 0; i < o->ntraces; i++) {
        char err[768];
        if (!cmp_ctx_run(ctx, o->traces[i], &cfg, &r[i], err, sizeof err)) {
            fprintf(stderr, PROG ": %s\n", err);
            cmp_ctx_free(ctx);
            return 1;
        }
    }
    cmp_ctx_free(ctx);
    const bool json_stdout = o->json && strcmp(o->json, "-") == 0;
    for (unsigned i = 0; i < o->ntraces && !json_stdout; i++)
        print_kernel(o->traces[i], o, &r[i]);
    if (!json_stdout)
        print_summary(r, o->ntraces);
    if (o->json && !write_json(o, r)) {
        fprintf(stderr, PROG ": %s: cannot write\n", o->json);
        return 1;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return 0;
}

int cmd_compare(int argc, char **argv)
{
    options o = {.chips = CMP_CHIPS_DEFAULT, .years = CMP_YEARS_DEFAULT};
    o.traces = malloc((size_t)argc * sizeof *o.traces);
    cmp_result *r = malloc((size_t)argc * sizeof *r);
    int rc = o.traces && r ? parse(&o, argc, argv) : (fputs(PROG ": out of memory\n", stderr), 1);
    if (rc == 0)
        rc = run(&o, r);
    free(o.traces);
    free(r);
    return rc;
}
