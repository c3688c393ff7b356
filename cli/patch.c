/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf patch TRACE --scenario S [--seed S] [--maps K] [--map P] [--gpu G] [--json|--md-row]:
 * DC-Patch streamed over a real trace (dc-patch paper Section V-A), reported as Figs. 2, 3, 5
 * and 6, then Fig. 8's energy and the perf overhead from compare's run (docs/eval-patch.md, 10);
 * exits 1 when a read does not return the last value written or a write is dropped. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "patch.h"
#include "energycli.h"
#include "evalcli.h"
#include "json.h"
#include "eval/patch/patch.h"
#include "eval/trace/progress.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PROG "deltarf patch"

enum { MAX_MAPS = 1000, ERR_LEN = 1024 };
enum out_format { OUT_TEXT, OUT_JSON, OUT_MD };

typedef struct {
    const char *path, *gpu_arg;
    pa_config cfg;
    bool scenario_set;
    enum out_format fmt;
} options;

/* The figures of one run, as fractions. */
typedef struct {
    double comp, unc, compressible, divergent;
    double occ[PA_LAYOUTS][PA_CATS], alloc;
    double ev[DCP_EV_KINDS], misp, lds_kb, lds_cu_kb;
} figures;

static const char *const cat_name[PA_CATS] = {"reliable_uncompressed", "reliable_compressed",
                                              "faulty_uncompressed", "faulty_compressed"};
static const char *const ev_name[DCP_EV_KINDS] = {"normal", "patch_faulty", "patch_reliable",
                                                  "lds"};

static int usage(const char *problem, const char *arg)
{
    return ec_usage(PROG, PATCH_SYNOPSIS, problem, arg);
}

/* One option with its value; 0 when taken, else the usage error's status. */
static int option(options *o, const char *name, const char *val)
{
    uint64_t v;
    if (strcmp(name, "--scenario") == 0) {
        o->scenario_set = fm_scenario_parse(val, &o->cfg.scenario);
        return o->scenario_set ? 0 : usage("unknown scenario (common, clustered, dispersed)", val);
    }
    if (strcmp(name, "--seed") == 0)
        return ec_u64(val, UINT64_MAX, &o->cfg.seed) ? 0 : usage("bad seed", val);
    if (strcmp(name, "--maps") == 0) {
        if (!ec_u64(val, MAX_MAPS, &v) || v == 0)
            return usage("bad map count (1 to 1000)", val);
        o->cfg.maps = (unsigned)v;
        return 0;
    }
    if (strcmp(name, "--buffer-mb") == 0)
        return ec_buffer_mb(val, &o->cfg.mem_budget) ? 0 : usage("bad buffer size (0-65536 MB)", val);
    if (strcmp(name, "--map") == 0)
        return pl_parse(val, &o->cfg.map) ? 0 : usage("unknown map (packed, recorded)", val);
    if (strcmp(name, "--gpu") == 0) {
        o->gpu_arg = val;
        return 0;
    }
    if (strcmp(name, "--inject") == 0) /* test hook, docs/eval-patch.md */
        return ec_u64(val, UINT64_MAX, &o->cfg.inject_after) && o->cfg.inject_after
                   ? 0 : usage("bad write count", val);
    return usage("unknown option", name);
}

static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){.cfg = {.seed = 1, .maps = 4, .map = PL_PACKED,
                           .mem_budget = DS_DEFAULT_BUDGET, .progress = PROG}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0 || strcmp(a, "--md-row") == 0) {
            o->fmt = a[2] == 'j' ? OUT_JSON : OUT_MD;
        } else if (a[0] == '-' && a[1] == '-') {
            if (i + 1 >= argc)
                return usage("missing value for", a);
            const int st = option(o, a, argv[++i]);
            if (st)
                return st;
        } else if (o->path) {
            return usage("more than one trace", a);
        } else {
            o->path = a;
        }
    }
    if (!o->path)
        return usage("missing TRACE", NULL);
    return o->scenario_set ? 0 : usage("patch needs --scenario", NULL);
}

static double frac(double num, double den)
{
    return den > 0 ? num / den : 0.0;
}

/* KB of n LDS slots of one register (256 B) each. */
static double kb_of_slots(unsigned n)
{
    return n * (double)(DRF_COMPONENTS * DRF_WORD_BITS / 8) / 1024.0;
}

static figures make_figures(const pa_stats *s)
{
    figures f;
    const double w = (double)s->writes;
    f.comp = frac((double)s->compressed, w);
    f.unc = frac(w - (double)s->compressed, w);
    f.compressible = frac((double)s->compressible, w);
    f.divergent = frac((double)s->divergent, w);
    for (unsigned l = 0; l < PA_LAYOUTS; l++)
        for (unsigned k = 0; k < PA_CATS; k++)
            f.occ[l][k] = frac(s->occ[l][k], s->span);
    f.alloc = frac(s->alloc, s->span);
    for (unsigned k = 0; k < DCP_EV_KINDS; k++)
        f.ev[k] = frac((double)s->ev[k], w);
    f.misp = frac((double)s->misp, w);
    f.lds_kb = kb_of_slots(s->lds_peak);
    f.lds_cu_kb = kb_of_slots(s->lds_cu_peak);
    return f;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The dispatch's line and the run's speed. */
static void print_run(const pa_stats *s, double secs)
{
    char line[512];
    ec_dispatch_text(&s->dispatch, line, sizeof line);
    printf("  %s\n", line);
    printf("  speed: %.0f events/s (%.3f s); peak memory %.1f MB resident\n",
           frac((double)s->events, secs), secs, pg_peak_rss_kb() / 1024.0);
}

/* The scenario's row of compare's run (docs/eval-patch.md decision 10). */
static const cmp_row *energy_row(const options *o, const cmp_result *e)
{
    return &e->dcpatch[o->cfg.scenario];
}

/* A trace without register values: DC-Patch's every figure but the windows' needs them. */
static void print_text_without_values(const pa_stats *s, const figures *f, double secs)
{
    printf("  n/a: %s: DC-Patch's compression, patches, spills and Figs. 2-6\n", TR_NO_VALUES);
    printf("  slice utilisation (allocated windows) %.3f\n", f->alloc);
    print_run(s, secs);
}

/* Fig. 8's energy and the perf overhead: compare's row, map 0 of --seed, the packed placement
 * at the copies that fill a slice, whatever --map and --maps (docs/eval-patch.md decision 10). */
static void print_text_energy(const options *o, const cmp_result *e)
{
    printf("  %s, map 0 of seed %" PRIu64 ", packed: ", fm_scenario_name(o->cfg.scenario),
           o->cfg.seed);
    en_text(e, energy_row(o, e));
}

static void print_text(const options *o, const pa_stats *s, const figures *f, double secs,
                       const cmp_result *e)
{
    const pa_config *c = &o->cfg;
    printf("patch: %s, scenario %s, placement %s, seed %" PRIu64 ", %u maps, %u slices\n",
           base_name(o->path), fm_scenario_name(c->scenario), pl_name(c->map), c->seed,
           c->maps, s->slices);
    printf("  replayed: %" PRIu64 " events, %" PRIu64 " writes (%" PRIu64 " launch), %" PRIu64
           " reads, %" PRIu64 " slice cycles\n", s->events, s->writes, s->launch_writes, s->reads,
           s->slice_cycles);
    if (s->no_values) {
        print_text_without_values(s, f, secs);
        print_text_energy(o, e);
        return;
    }
    printf("  Fig. 2: writes stored compressed %.3f, uncompressed %.3f (compressible %.3f, "
           "divergent %.3f)\n", f->comp, f->unc, f->compressible, f->divergent);
    static const char *const layout[PA_LAYOUTS] = {"DC-Patch placement", "own window entry"};
    for (unsigned l = 0; l < PA_LAYOUTS; l++)
        printf("  Fig. 3 (%s): entries per cycle reliable/uncompressed %.3f, reliable/compressed "
               "%.3f, faulty/uncompressed %.3f, faulty/compressed %.3f\n", layout[l],
               f->occ[l][PA_REL_UNC], f->occ[l][PA_REL_COMP], f->occ[l][PA_FLT_UNC],
               f->occ[l][PA_FLT_COMP]);
    printf("  slice utilisation (allocated windows) %.3f\n", f->alloc);
    printf("  Fig. 5: writes normal %.3f, patched to faulty %.3f, patched to reliable %.3f, "
           "LDS %.3f\n", f->ev[DCP_EV_NORMAL], f->ev[DCP_EV_FAULTY], f->ev[DCP_EV_RELIABLE],
           f->ev[DCP_EV_SPILL]);
    printf("  Fig. 6: mispredicted writes %.4f; spill partition peak %u slots (%.2f KB) a slice, "
           "%u slots (%.2f KB) a compute unit; %" PRIu64 " reads from the LDS\n", f->misp,
           s->lds_peak, f->lds_kb, s->lds_cu_peak, f->lds_cu_kb, s->lds_reads);
    printf("  checked: %" PRIu64 " reads, %" PRIu64 " lost, %" PRIu64 " writes dropped, %" PRIu64
           " trace lanes not kept\n", s->reads, s->lost, s->dropped, s->lanes_mismatch);
    print_run(s, secs);
    print_text_energy(o, e);
}

/* The JSON members of the dispatch, the checks, the run and the energy, and the object's end. */
static void print_json_run(const options *o, const pa_stats *s, double secs, const cmp_result *e)
{
    printf(" ");
    ec_dispatch_json(stdout, &s->dispatch);
    printf(",\n \"lost\": %" PRIu64 ", \"dropped\": %" PRIu64 ", \"trace_lanes_not_kept\": %" PRIu64
           ", \"peak_rss_kb\": %ld, \"events_per_s\": %.0f,\n ", s->lost, s->dropped,
           s->lanes_mismatch, pg_peak_rss_kb(), frac((double)s->events, secs));
    en_json(stdout, e, energy_row(o, e), NULL);
    printf("}\n");
}

/* A trace without register values: every member that needs them null, and why. */
static void print_json_without_values(const options *o, const pa_stats *s, const figures *f,
                                      double secs, const cmp_result *e)
{
    printf(" \"na\": ");
    json_string(stdout, TR_NO_VALUES);
    printf(",\n \"compressed_writes\": null, \"compressible_writes\": null, "
           "\"divergent_writes\": null, \"mispredicted_writes\": null, \"fig2\": null, "
           "\"fig3_placed\": null, \"fig3_conventional\": null,\n \"utilisation\": %.6f, "
           "\"fig5\": null, \"fig5_counts\": null, \"fig6\": null, \"lds_reads\": null, "
           "\"lds_read_share\": null,\n", f->alloc);
    print_json_run(o, s, secs, e);
}

static void print_json(const options *o, const pa_stats *s, const figures *f, double secs,
                       const cmp_result *e)
{
    const pa_config *c = &o->cfg;
    printf("{\"trace\": ");
    json_string(stdout, base_name(o->path));
    printf(", \"scenario\": \"%s\", \"placement\": \"%s\", \"seed\": %" PRIu64 ", \"maps\": %u"
           ", \"slices\": %u,\n", fm_scenario_name(c->scenario), pl_name(c->map), c->seed, c->maps,
           s->slices);
    printf(" \"events\": %" PRIu64 ", \"writes\": %" PRIu64 ", \"launch_writes\": %" PRIu64
           ", \"reads\": %" PRIu64 ", \"slice_cycles\": %" PRIu64 ",\n", s->events, s->writes,
           s->launch_writes, s->reads, s->slice_cycles);
    if (s->no_values) {
        print_json_without_values(o, s, f, secs, e);
        return;
    }
    printf(" \"compressed_writes\": %" PRIu64 ", \"compressible_writes\": %" PRIu64
           ", \"divergent_writes\": %" PRIu64 ", \"mispredicted_writes\": %" PRIu64 ",\n",
           s->compressed, s->compressible, s->divergent, s->misp);
    printf(" \"fig2\": {\"compressed\": %.6f, \"uncompressed\": %.6f},\n", f->comp, f->unc);
    static const char *const layout[PA_LAYOUTS] = {"fig3_placed", "fig3_conventional"};
    for (unsigned l = 0; l < PA_LAYOUTS; l++) {
        printf(" \"%s\": {", layout[l]);
        for (unsigned k = 0; k < PA_CATS; k++)
            printf("%s\"%s\": %.6f", k ? ", " : "", cat_name[k], f->occ[l][k]);
        printf("},\n");
    }
    printf(" \"utilisation\": %.6f,\n \"fig5\": {", f->alloc);
    for (unsigned k = 0; k < DCP_EV_KINDS; k++)
        printf("%s\"%s\": %.6f", k ? ", " : "", ev_name[k], f->ev[k]);
    printf("},\n \"fig5_counts\": {");
    for (unsigned k = 0; k < DCP_EV_KINDS; k++)
        printf("%s\"%s\": %" PRIu64, k ? ", " : "", ev_name[k], s->ev[k]);
    printf("},\n \"fig6\": {\"mispredicted\": %.6f, \"spill_peak_slots\": %u, "
           "\"spill_peak_kb\": %.2f, \"spill_peak_cu_slots\": %u, \"spill_peak_cu_kb\": %.2f},\n",
           f->misp, s->lds_peak, f->lds_kb, s->lds_cu_peak, f->lds_cu_kb);
    printf(" \"lds_reads\": %" PRIu64 ", \"lds_read_share\": %.6f,\n", s->lds_reads,
           frac((double)s->lds_reads, (double)s->reads));
    print_json_run(o, s, secs, e);
}

/* One markdown table row, percentages (build/eval/report-patch.md). */
static void print_md(const options *o, const pa_stats *s, const figures *f)
{
    if (s->no_values) { /* every column but the windows' needs the register values */
        printf("| %s | %s | %s | n/a | n/a | n/a | n/a | n/a | %.1f | n/a | n/a | n/a | n/a | n/a "
               "| n/a | %" PRIu64 " | %" PRIu64 " |\n", base_name(o->path),
               fm_scenario_name(o->cfg.scenario), pl_name(o->cfg.map), 100 * f->alloc, s->reads,
               s->lost + s->dropped);
        return;
    }
    const double *p = f->occ[PA_CONVENTIONAL]; /* the paper's Fig. 3 */
    printf("| %s | %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f "
           "| %.2f | %.2f | %" PRIu64 " | %" PRIu64 " |\n", base_name(o->path),
           fm_scenario_name(o->cfg.scenario), pl_name(o->cfg.map), 100 * f->comp,
           100 * p[PA_REL_UNC], 100 * p[PA_REL_COMP], 100 * p[PA_FLT_UNC], 100 * p[PA_FLT_COMP],
           100 * f->alloc, 100 * f->ev[DCP_EV_NORMAL], 100 * f->ev[DCP_EV_FAULTY],
           100 * f->ev[DCP_EV_RELIABLE], 100 * f->ev[DCP_EV_SPILL], 100 * f->misp, f->lds_kb,
           s->reads, s->lost + s->dropped);
}

static void report_loss(const pa_stats *s)
{
    const pa_loss *l = &s->first_loss;
    if (s->lost)
        fprintf(stderr, PROG ": %" PRIu64 " reads lost; first at trace line %lu (wavefront %" PRIu64
                " v%u lane %u, map %u): expected %08" PRIx32 " got %08" PRIx32 "\n", s->lost,
                l->line, l->wf, l->vreg, l->lane, l->map, l->expected, l->got);
    else if (s->dropped)
        fprintf(stderr, PROG ": %" PRIu64 " writes dropped (LDS spill partition full)\n",
                s->dropped);
}

int cmd_patch(int argc, char **argv)
{
    options o;
    const int st = parse_args(argc, argv, &o);
    if (st)
        return st;
    gpu_config gpu; /* checked only: the placement is the trace's 32 CUs (docs/gpu.md) */
    if (!ec_gpu(PROG, o.gpu_arg, PL_GPU_DEFAULT, pl_gpu_check, &gpu))
        return 1;
    char err[ERR_LEN] = "";
    pa_stats s = {0};
    tr_source src; /* read by every pass and by compare's run */
    if (!en_source(PROG, o.path, &src))
        return 1;
    const double t0 = pg_now();
    const bool ok = pa_run_source(&src, &o.cfg, &s, err, sizeof err);
    const double secs = pg_now() - t0;
    if (!ok) {
        fprintf(stderr, PROG ": %s\n", err);
        tr_source_close(&src);
        return 1;
    }
    const cmp_config cc = {.chips = 1, .years = CMP_YEARS_DEFAULT, .mem_budget = o.cfg.mem_budget,
                           .progress = o.cfg.progress, .gpu = &gpu,
                           .evals = CMP_EVAL_PATCH0 << o.cfg.scenario, .patch_seed = &o.cfg.seed};
    cmp_ctx *ctx = NULL;
    static cmp_result e;
    const bool ran = o.fmt == OUT_MD || en_run(PROG, &src, &cc, &ctx, &e);
    tr_source_close(&src);
    cmp_ctx_free(ctx);
    if (!ran)
        return 1;
    const figures f = make_figures(&s);
    if (o.fmt == OUT_JSON)
        print_json(&o, &s, &f, secs, &e);
    else if (o.fmt == OUT_MD)
        print_md(&o, &s, &f);
    else
        print_text(&o, &s, &f, secs, &e);
    report_loss(&s);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return s.lost || s.dropped ? 1 : 0;
}
