/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf sim TRACE [--scheme S]... [--map packed|recorded] [--dispatch fill|passes|stream]
 * [--repeat R] [--buffer-mb M] [--json] [--plots DIR] [--gpu NAME|FILE]:
 * replays a register trace under the aging paper's Section 5 schemes on the GPU's slices (its
 * compute units under stream dispatch, its issue in the issue model) and prints the Section 6
 * figures' numbers (Figs. 7, 12-19, 21) and the Ts increase (Sec. 6.4). Decisions:
 * docs/eval-decisions.md. */
#include "sim.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "evalcli.h"
#include "json.h"
#include "eval/trace/progress.h"
#include "eval/sim/sim.h"

#define PROG "deltarf sim"

static const char *const pattern_names[SIM_PATS] = {"other", "constant", "single", "double",
                                                     "divergent"};
static const char *const energy_names[SIM_E_TOTAL + 1] = {
    "slice_leakage", "slice_dynamic", "logic_leakage", "logic_dynamic", "wakeup", "total"};

typedef struct {
    const char *trace, *plots, *gpu_arg;
    bool json;
    sim_config cfg;
} sim_opts;

static int usage(const char *problem, const char *arg)
{
    return ec_usage(PROG, SIM_SYNOPSIS, problem, arg);
}

static bool parse_repeat(const char *s, unsigned *out)
{
    uint64_t v;
    if (!ec_u64(s, 1000, &v))
        return false;
    *out = (unsigned)v;
    return true;
}

/* One option with its value at argv[i + 1]; 0 or a usage exit status. */
static int parse_valued(sim_opts *o, const char *opt, const char *val)
{
    sim_scheme k;
    if (strcmp(opt, "--scheme") == 0) {
        if (!sim_scheme_parse(val, &k))
            return usage("unknown scheme (baseline, rar, rc, rc+rar, wc, argo)", val);
        o->cfg.schemes |= 1u << k;
    } else if (strcmp(opt, "--map") == 0) {
        if (!pl_parse(val, &o->cfg.map))
            return usage("unknown map (packed, recorded)", val);
    } else if (strcmp(opt, "--dispatch") == 0) {
        if (!sim_dispatch_parse(val, &o->cfg.dispatch))
            return usage("unknown dispatch (passes, stream, fill)", val);
    } else if (strcmp(opt, "--repeat") == 0) {
        if (!parse_repeat(val, &o->cfg.repeat))
            return usage("bad repeat (0-1000, 0 = automatic)", val);
    } else if (strcmp(opt, "--buffer-mb") == 0) {
        if (!ec_buffer_mb(val, &o->cfg.mem_budget))
            return usage("bad buffer size (0-65536 MB)", val);
    } else if (strcmp(opt, "--plots") == 0) {
        o->plots = val;
    } else if (strcmp(opt, "--gpu") == 0) {
        o->gpu_arg = val;
    } else {
        return usage("unknown option", opt);
    }
    return 0;
}

static int parse_args(int argc, char **argv, sim_opts *o)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            o->json = true;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            if (i + 1 >= argc)
                return usage("missing value for", argv[i]);
            const int st = parse_valued(o, argv[i], argv[i + 1]);
            if (st)
                return st;
            i++;
        } else if (o->trace == NULL) {
            o->trace = argv[i];
        } else {
            return usage("unexpected argument", argv[i]);
        }
    }
    if (o->trace == NULL)
        return usage("missing TRACE", NULL);
    if (o->cfg.schemes == 0)
        o->cfg.schemes = (1u << SIM_SCHEMES) - 1u;
    return 0;
}

/* --- text and JSON ------------------------------------------------------------------------- */
static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0;
}

static uint64_t sum_pats(const uint64_t *p)
{
    uint64_t t = 0;
    for (unsigned i = 0; i < SIM_PATS; i++)
        t += p[i];
    return t;
}

/* Windows of the largest size the Table 5 rule leaves unused in a slice. */
static unsigned unused_windows(const sim_stats *st)
{
    return st->nvregs_max ? (DRF_REGS - st->slots * st->nvregs_max) / st->nvregs_max : 0;
}

static void print_occupancy(const sim_stats *st)
{
    const unsigned used = st->slots * st->nvregs_max;
    printf("occupancy: N %u-%u, %u wavefronts/slice by the Table 5 rule: utilisation %.0f%%, "
           "%u unused windows; replay: %u slices, mean %.2f wavefronts resident (%.0f%%)\n",
           st->nvregs_min, st->nvregs_max, st->slots, pct(used, DRF_REGS), unused_windows(st),
           st->slices_used, st->mean_resident, 100.0 * st->mean_resident * st->nvregs_max / DRF_REGS);
}

static void print_dispatch(const sim_stats *st)
{
    char line[512];
    ec_dispatch_text(&st->dispatch, line, sizeof line);
    printf("%s\n", line);
}

static void print_patterns(const char *what, const uint64_t *p)
{
    const uint64_t t = sum_pats(p);
    printf("%s (%llu):", what, (unsigned long long)t);
    for (unsigned i = 0; i < SIM_PATS; i++)
        printf(" %s %.1f%%", pattern_names[i], pct(p[i], t));
    printf("\n");
}

static bool by_values(sim_scheme k);

/* A scheme's row on a trace without register values: n/a where the figure needs them. */
static void print_row_without_values(const sim_result *r, sim_scheme k, double base, double rate)
{
    printf("%-9s %27s %27s %7s %7s %6s %8s %6s ", sim_scheme_name(k), "n/a", "n/a", "n/a", "n/a",
           "n/a", "n/a", "n/a");
    if (by_values(k))
        printf("%7s %7s %10.3g\n", "n/a", "n/a", rate);
    else
        printf("%6.2f%% %7.3f %10.3g\n", 100 * r->perf_overhead,
               base > 0 ? r->energy[SIM_E_TOTAL] / base : 0, rate);
}

static void print_text(const sim_opts *o, const sim *s, const sim_result *res)
{
    const sim_stats *st = sim_get_stats(s);
    printf("trace %s: map %s, dispatch %s on %u CUs, %u copies at once, repeat %u, %llu events, "
           "%llu wavefronts, %llu writes (%llu launch values), %llu reads\n", o->trace,
           pl_name(o->cfg.map), sim_dispatch_name(o->cfg.dispatch), st->cus, st->copies, st->repeat,
           (unsigned long long)st->events, (unsigned long long)st->wavefronts,
           (unsigned long long)st->writes, (unsigned long long)st->launch_writes,
           (unsigned long long)st->reads);
    print_occupancy(st);
    print_dispatch(st);
    if (st->no_values)
        printf("n/a: %s: the write patterns, duty cycles, dVth, Ts, compression, wake-ups and "
               "MOVs, and the gated schemes' time and energy\n", TR_NO_VALUES);
    else {
        print_patterns("writes by pattern, all", st->pat_all);
        print_patterns("writes by pattern, full mask", st->pat_full);
    }
    char ts[16];
    snprintf(ts, sizeof ts, "Ts+%.0fy", SIM_LIFETIME_YEARS);
    printf("%-9s %27s %27s %7s %7s %6s %8s %6s %7s %7s %10s\n", "scheme", "longest '0' (1 / off)",
           "longest '1' (0 / off)", "dVthT0", "dVthT1", ts, "wakeups", "MOVs", "perf", "energy",
           "events/s");
    const double base = o->cfg.schemes & 1u ? res[SIM_BASE].energy[SIM_E_TOTAL] : 0;
    for (unsigned k = 0; k < SIM_SCHEMES; k++) {
        if (!(o->cfg.schemes >> k & 1u))
            continue;
        const sim_result *r = &res[k];
        const double rate = r->seconds > 0 ? (double)st->replayed / r->seconds : 0;
        if (st->no_values) {
            print_row_without_values(r, k, base, rate);
            continue;
        }
        printf("%-9s %8.1f%% (%5.1f%% / %5.1f%%) %8.1f%% (%5.1f%% / %5.1f%%) %7.3f %7.3f %5.1f%% "
               "%8llu %6llu %6.2f%% %7.3f %10.3g\n", sim_scheme_name(k), 100 * r->longest[0],
               100 * r->longest_other[0][0], 100 * r->longest_other[0][1], 100 * r->longest[1],
               100 * r->longest_other[1][0], 100 * r->longest_other[1][1], r->dvth[0], r->dvth[1],
               100 * r->ts_increase, (unsigned long long)r->wakeups, (unsigned long long)r->movs,
               100 * r->perf_overhead, base > 0 ? r->energy[SIM_E_TOTAL] / base : 0, rate);
    }
    printf("peak memory: %.1f MB resident\n", pg_peak_rss_kb() / 1024.0);
}

static void json_u64s(const char *name, const uint64_t *v, unsigned n, const char *const *names)
{
    printf("\"%s\":{", name);
    for (unsigned i = 0; i < n; i++)
        printf("%s\"%s\":%llu", i ? "," : "", names[i], (unsigned long long)v[i]);
    printf("}");
}

static void json_doubles(const char *name, const double *v, unsigned n)
{
    printf("\"%s\":[", name);
    for (unsigned i = 0; i < n; i++)
        printf("%s%.6g", i ? "," : "", v[i]);
    printf("]");
}

/* "key":v, or "key":null when known is false (a figure that needs register values on a trace
 * without them: never a number computed from zeros). */
static void json_num(const char *key, double v, bool known)
{
    if (known)
        printf("\"%s\":%.6g,", key, v);
    else
        printf("\"%s\":null,", key);
}

/* Whether scheme k's time and energy need the register values: the gated schemes wake, store
 * and compress by them. */
static bool by_values(sim_scheme k)
{
    return k == SIM_RC || k == SIM_RCRAR || k == SIM_WC;
}

static void json_scheme(const sim_result *r, sim_scheme k, uint64_t events, bool values)
{
    const bool timed = values || !by_values(k);
    printf("{\"scheme\":\"%s\",\"writes\":%llu,\"reads\":%llu,", sim_scheme_name(k),
           (unsigned long long)r->writes, (unsigned long long)r->reads);
    json_num("compressed_writes", (double)r->compressed_writes, values);
    json_num("compressed_reads", (double)r->compressed_reads, values);
    json_num("wakeups", (double)r->wakeups, values);
    json_num("wakeup_cycles", (double)r->wakeups * SIM_WAKEUP_CYCLES, values);
    json_num("movs", (double)r->movs, values);
    static const char *const cell[2][3] = {{"longest0", "longest0_one", "longest0_off"},
                                           {"longest1", "longest1_zero", "longest1_off"}};
    for (unsigned v = 0; v < 2; v++) {
        json_num(cell[v][0], r->longest[v], values);
        json_num(cell[v][1], r->longest_other[v][0], values);
        json_num(cell[v][2], r->longest_other[v][1], values);
    }
    json_num("dvth_t0", r->dvth[0], values);
    json_num("dvth_t1", r->dvth[1], values);
    json_num("ts_increase_pct", 100 * r->ts_increase, values);
    json_num("cycles", (double)r->cycles, timed);
    json_num("perf_overhead_pct", 100 * r->perf_overhead, timed);
    printf("\"energy_pj\":{");
    for (unsigned e = 0; e <= SIM_E_TOTAL; e++)
        printf(timed ? "%s\"%s\":%.6g" : "%s\"%s\":null", e ? "," : "", energy_names[e],
               r->energy[e]);
    printf("},\"events_per_s\":%.6g,", r->seconds > 0 ? (double)events / r->seconds : 0);
    if (values) {
        json_doubles("reg_longest0", r->reg_longest[0], DRF_REGS);
        printf(",");
        json_doubles("reg_longest1", r->reg_longest[1], DRF_REGS);
    } else {
        printf("\"reg_longest0\":null,\"reg_longest1\":null");
    }
    printf("}");
}

static void print_json(const sim_opts *o, const sim *s, const sim_result *res)
{
    const sim_stats *st = sim_get_stats(s);
    printf("{\"trace\":");
    json_string(stdout, o->trace);
    printf(",\"map\":\"%s\",\"dispatch\":\"%s\",\"cus\":%u,\"copies\":%u,\"repeat\":%u,\"events\":%llu,"
           "\"wavefronts\":%llu,"
           "\"writes\":%llu,\"launch_writes\":%llu,\"reads\":%llu,\"nvregs_min\":%u,"
           "\"nvregs_max\":%u,\"slots\":%u,\"unused_windows\":%u,\"slices\":%u,"
           "\"mean_resident\":%.6g,\"reader_events_per_s\":%.6g,", pl_name(o->cfg.map),
           sim_dispatch_name(o->cfg.dispatch), st->cus, st->copies, st->repeat,
           (unsigned long long)st->events, (unsigned long long)st->wavefronts,
           (unsigned long long)st->writes, (unsigned long long)st->launch_writes,
           (unsigned long long)st->reads, st->nvregs_min, st->nvregs_max, st->slots,
           unused_windows(st), st->slices_used, st->mean_resident,
           st->reader_seconds > 0 ? (double)st->replayed / st->reader_seconds : 0);
    ec_dispatch_json(stdout, &st->dispatch);
    printf(",\"peak_rss_kb\":%ld,", pg_peak_rss_kb());
    if (st->no_values) {
        printf("\"na\":");
        json_string(stdout, TR_NO_VALUES);
        printf(",\"patterns_all\":null,\"patterns_full_mask\":null");
    } else {
        json_u64s("patterns_all", st->pat_all, SIM_PATS, pattern_names);
        printf(",");
        json_u64s("patterns_full_mask", st->pat_full, SIM_PATS, pattern_names);
    }
    printf(",\"schemes\":[");
    bool first = true;
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (o->cfg.schemes >> k & 1u) {
            printf("%s", first ? "" : ",");
            json_scheme(&res[k], k, st->replayed, !st->no_values);
            first = false;
        }
    printf("]}\n");
}

/* --- plot data ----------------------------------------------------------------------------- */
static FILE *open_in(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        fprintf(stderr, PROG ": %s: cannot write\n", path);
    return f;
}

static bool close_ok(FILE *f)
{
    const bool bad = ferror(f);
    return fclose(f) == 0 && !bad;
}

/* summary.tsv: one line per scheme; patterns.tsv: the Fig. 7 counts. */
static bool write_summary(const char *dir, const sim_opts *o, const sim *s, const sim_result *res)
{
    const sim_stats *st = sim_get_stats(s);
    FILE *f = open_in(dir, "summary.tsv");
    if (f == NULL)
        return false;
    fprintf(f, "#scheme\tlongest0\tl0_one\tl0_off\tlongest1\tl1_zero\tl1_off\tdvth_t0\tdvth_t1"
               "\twrites\tcompressed_writes\twakeups\tmovs\tslice_leak\tslice_dyn\tlogic_leak"
               "\tlogic_dyn\twakeup\ttotal\tevents_per_s\n");
    for (unsigned k = 0; k < SIM_SCHEMES; k++) {
        if (!(o->cfg.schemes >> k & 1u))
            continue;
        const sim_result *r = &res[k];
        fprintf(f, "%s\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t%llu\t%llu\t%llu\t%llu",
                sim_scheme_name(k), r->longest[0], r->longest_other[0][0], r->longest_other[0][1],
                r->longest[1], r->longest_other[1][0], r->longest_other[1][1], r->dvth[0],
                r->dvth[1], (unsigned long long)r->writes, (unsigned long long)r->compressed_writes,
                (unsigned long long)r->wakeups, (unsigned long long)r->movs);
        for (unsigned e = 0; e <= SIM_E_TOTAL; e++)
            fprintf(f, "\t%.6g", r->energy[e]);
        fprintf(f, "\t%.6g\n", r->seconds > 0 ? (double)st->replayed / r->seconds : 0);
    }
    if (!close_ok(f) || (f = open_in(dir, "patterns.tsv")) == NULL)
        return false;
    fprintf(f, "#kind\tother\tconstant\tsingle\tdouble\tdivergent\n");
    const uint64_t *rows[2] = {st->pat_all, st->pat_full};
    for (unsigned r = 0; r < 2; r++) {
        fprintf(f, "%s", r ? "full" : "all");
        for (unsigned i = 0; i < SIM_PATS; i++)
            fprintf(f, "\t%llu", (unsigned long long)rows[r][i]);
        fprintf(f, "\n");
    }
    fprintf(f, "#occupancy\tnvregs_min\tnvregs_max\tslots\tslices\tmean_resident\trepeat\n"
               "occupancy\t%u\t%u\t%u\t%u\t%.4f\t%u\n", st->nvregs_min, st->nvregs_max,
            st->slots, st->slices_used, st->mean_resident, st->repeat);
    return close_ok(f);
}

/* bits.tsv: Fig. 12 per bit position; regs.tsv: Figs. 14-18 per register. */
static bool write_profiles(const char *dir, const sim_opts *o, const sim *s, const sim_result *res)
{
    static double prof[SIM_SCHEMES][SIM_BITS][3];
    FILE *f = open_in(dir, "bits.tsv");
    if (f == NULL)
        return false;
    fprintf(f, "#bit");
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (o->cfg.schemes >> k & 1u) {
            sim_bit_profile(s, k, prof[k]);
            fprintf(f, "\t%s_0\t%s_1\t%s_off", sim_scheme_name(k), sim_scheme_name(k),
                    sim_scheme_name(k));
        }
    fprintf(f, "\n");
    for (unsigned b = 0; b < SIM_BITS; b++) {
        fprintf(f, "%u", b);
        for (unsigned k = 0; k < SIM_SCHEMES; k++)
            if (o->cfg.schemes >> k & 1u)
                fprintf(f, "\t%.5f\t%.5f\t%.5f", prof[k][b][0], prof[k][b][1], prof[k][b][2]);
        fprintf(f, "\n");
    }
    if (!close_ok(f) || (f = open_in(dir, "regs.tsv")) == NULL)
        return false;
    fprintf(f, "#reg");
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (o->cfg.schemes >> k & 1u)
            fprintf(f, "\t%s_0\t%s_1", sim_scheme_name(k), sim_scheme_name(k));
    fprintf(f, "\n");
    for (unsigned r = 0; r < DRF_REGS; r++) {
        fprintf(f, "%u", r);
        for (unsigned k = 0; k < SIM_SCHEMES; k++)
            if (o->cfg.schemes >> k & 1u)
                fprintf(f, "\t%.5f\t%.5f", res[k].reg_longest[0][r], res[k].reg_longest[1][r]);
        fprintf(f, "\n");
    }
    return close_ok(f);
}

static bool write_plots(const sim_opts *o, const sim *s, const sim_result *res)
{
    if (sim_get_stats(s)->no_values) { /* every figure's data needs them */
        fprintf(stderr, PROG ": %s: --plots: " TR_NO_VALUES "\n", o->trace);
        return false;
    }
    if (mkdir(o->plots, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, PROG ": %s: cannot create directory\n", o->plots);
        return false;
    }
    return write_summary(o->plots, o, s, res) && write_profiles(o->plots, o, s, res);
}

int cmd_sim(int argc, char **argv)
{
    sim_opts o = {.cfg = {.map = PL_PACKED, .dispatch = SIM_FILL, /* decision 6b */
                          .mem_budget = DS_DEFAULT_BUDGET, .progress = PROG}};
    const int st = parse_args(argc, argv, &o);
    if (st)
        return st;
    static gpu_config gpu;
    if (!ec_gpu(PROG, o.gpu_arg, PL_GPU_DEFAULT, pl_gpu_check, &gpu))
        return 1;
    o.cfg.gpu = &gpu;
    sim *s = sim_new(&o.cfg);
    if (s == NULL) {
        fputs(PROG ": out of memory\n", stderr);
        return 1;
    }
    char msg[1024];
    static sim_result res[SIM_SCHEMES];
    int rc = 0;
    if (!sim_run_file(s, o.trace, msg, sizeof msg)) {
        fprintf(stderr, PROG ": %s\n", msg);
        rc = 1;
    } else {
        for (unsigned k = 0; k < SIM_SCHEMES; k++)
            if (o.cfg.schemes >> k & 1u)
                sim_collect(s, k, &res[k]);
        if (o.json)
            print_json(&o, s, res);
        else
            print_text(&o, s, res);
        if (o.plots && !write_plots(&o, s, res))
            rc = 1;
    }
    sim_free(s);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        rc = 1;
    }
    return rc;
}
