/* SPDX-License-Identifier: Apache-2.0 */
/* The lockstep harness shared by every bench (see harness.h). Compares the C model with
 * the Verilated RTL on every output every cycle and reports the first divergence with
 * everything needed to work on it: every mismatch of that cycle, its inputs, the last
 * transactions, seed, replay command, and an FST waveform of the cycles before it. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "json.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t parse_u64(const char *bench, const char *opt, const char *s)
{
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-') {
        fprintf(stderr, "%s: bad value for %s: '%s' (expected an unsigned integer)\n", bench,
                opt, s);
        exit(2);
    }
    return v;
}

static void usage_exit(const char *bench, const char *msg)
{
    fprintf(stderr, "%s: %s\nusage: bench_%s [--seed S] [--n N] [--xseed X] [--stop-at C "
                    "[--wave FILE.fst]] [--vectors FILE] [--mutant K] [--bins-out FILE] "
                    "[--result FILE] [--activity FILE.fst]\n",
            bench, msg, bench);
    exit(2);
}

void hx_init(hx_bench *b, const char *name, const char *unit, int argc, char **argv,
             uint64_t default_n)
{
    memset(b, 0, sizeof *b);
    b->name = name;
    b->unit = unit;
    b->exe = argv[0];
    b->o.seed = 1;
    b->o.n = default_n;
    bool xseed_given = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc)
            usage_exit(name, "missing value or unknown option");
        const char *v = argv[++i];
        if (!strcmp(a, "--seed"))
            b->o.seed = parse_u64(name, a, v);
        else if (!strcmp(a, "--n"))
            b->o.n = parse_u64(name, a, v);
        else if (!strcmp(a, "--xseed")) {
            const uint64_t xs = parse_u64(name, a, v); /* Verilator: 31 bits, 0 = random */
            if (xs == 0 || xs > 0x7fffffff)
                usage_exit(name, "--xseed must be 1..2147483647");
            b->o.xseed = (uint32_t)xs;
            xseed_given = true;
        } else if (!strcmp(a, "--stop-at"))
            b->o.stop_at = parse_u64(name, a, v);
        else if (!strcmp(a, "--wave"))
            b->o.wave = v;
        else if (!strcmp(a, "--vectors"))
            b->o.vectors = v;
        else if (!strcmp(a, "--bins-out"))
            b->o.bins_out = v;
        else if (!strcmp(a, "--result"))
            b->o.result = v;
        else if (!strcmp(a, "--activity"))
            b->o.activity = v;
        else if (!strcmp(a, "--mutant")) {
            b->o.mutant = parse_u64(name, a, v);
            b->o.mutant_given = true;
        }
        else
            usage_exit(name, "unknown option");
    }
    if (b->o.wave && !b->o.stop_at)
        usage_exit(name, "--wave needs --stop-at");
    if (b->o.wave && b->o.activity)
        usage_exit(name, "--wave and --activity trace differently: give one");
    uint64_t x = b->o.seed;
    if (!xseed_given)
        b->o.xseed = (uint32_t)(rng_splitmix64(&x) & 0x7fffffff) | 1u;
    rng_seed(&b->rng, b->o.seed);
    if (b->o.vectors && !(b->vec = fopen(b->o.vectors, "w"))) {
        fprintf(stderr, "%s: cannot write %s: %s\n", name, b->o.vectors, strerror(errno));
        exit(2);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    b->t0 = b->t_progress = now_s();
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "harness: out of memory\n");
        exit(2);
    }
    return p;
}

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "hx_words32 needs a little-endian host");

/* The clock is the harness's own input; the vectors and the history leave it out. */
static bool is_stimulus(const dut_port *p)
{
    return p->dir == DUT_IN && strcmp(p->name, "clk") != 0;
}

void hx_attach(hx_bench *b, dut *d)
{
    b->d = d;
    b->nports = dut_port_count(d);
    b->port = xcalloc(b->nports, sizeof *b->port);
    b->compared = xcalloc(b->nports, 1);
    b->stim = xcalloc(b->nports, sizeof *b->stim);
    b->expected = xcalloc(b->nports, sizeof *b->expected);
    for (unsigned i = 0; i < b->nports; i++) {
        const dut_port *p = b->port[i] = dut_port_at(d, i);
        b->noutputs += p->dir == DUT_OUT;
        if (is_stimulus(p)) {
            b->stim[b->nstim++] = p;
            b->input_bytes += (unsigned)p->bytes;
        }
        if (p->dir == DUT_OUT && b->vec)
            b->expected[i] = xcalloc(p->bytes / 4 + 2, 4);
    }
    for (unsigned h = 0; h < HX_RING; h++)
        b->history[h].inputs = xcalloc(b->input_bytes, 1);
    if (b->o.mutant_given)
        hx_set(b, hx_port(b, "mutsel"), b->o.mutant);
}

const dut_port *hx_port(hx_bench *b, const char *name)
{
    const dut_port *p = dut_find_port(b->d, name);
    if (!p) {
        fprintf(stderr, "%s: the RTL has no port '%s'\n", b->name, name);
        exit(2);
    }
    return p;
}

void hx_eval(hx_bench *b)
{
    dut_eval(b->d);
}

/* value of a port as hex, most significant word first */
static void format_value(char *out, size_t room, const void *storage, size_t bytes)
{
    if (bytes <= 8) {
        uint64_t v = 0;
        memcpy(&v, storage, bytes);
        snprintf(out, room, "0x%" PRIx64, v);
        return;
    }
    const uint32_t *w = storage;
    size_t n = snprintf(out, room, "0x");
    for (size_t i = bytes / 4; i-- > 0 && n + 9 < room;)
        n += (size_t)snprintf(out + n, room - n, "%08" PRIx32, w[i]);
}

/* "name=value ..." of every stimulus input, from storage laid out in port order */
static char *format_inputs(const hx_bench *b, const uint8_t *storage)
{
    size_t room = 64;
    for (unsigned i = 0; i < b->nports; i++)
        room += strlen(b->port[i]->name) + 2 * b->port[i]->bytes + 8;
    char *out = xcalloc(room, 1);
    size_t n = 0;
    for (unsigned i = 0; i < b->nstim; i++) {
        const dut_port *p = b->stim[i];
        n += (size_t)snprintf(out + n, room - n, "%s%s=", n ? " " : "", p->name);
        format_value(out + n, room - n, storage, p->bytes);
        n += strlen(out + n);
        storage += p->bytes;
    }
    return out;
}

static void snapshot_inputs(const hx_bench *b, uint8_t *to)
{
    for (unsigned i = 0; i < b->nstim; i++) {
        memcpy(to, b->stim[i]->p, b->stim[i]->bytes);
        to += b->stim[i]->bytes;
    }
}

/* A mismatch: the first one fails the bench at this cycle; the others of the same cycle
 * are listed beside it. */
static bool diverge(hx_bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool diverge(hx_bench *b, const char *fmt, ...)
{
    if (!b->failed) {
        b->failed = true;
        b->fail_cycle = b->cycle;
        b->fail_txn = b->txns + 1;
        uint8_t *now = xcalloc(b->input_bytes, 1);
        snapshot_inputs(b, now);
        b->fail_inputs = format_inputs(b, now);
        free(now);
    }
    if (b->cycle != b->fail_cycle || b->nmismatch == HX_MAX_MISMATCHES)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->mismatch[b->nmismatch++], HX_MSG, fmt, ap);
    va_end(ap);
    return false;
}

void hx_dont_care(hx_bench *b, const dut_port *p, const char *why)
{
    (void)why; /* the reason is the bench's record */
    hx_mark_compared(b, p);
    b->compared[p->idx] = HX_DONT_CARE;
}

static void record_expected(hx_bench *b, const dut_port *p, const void *exp, size_t bytes)
{
    if (b->vec && p->dir == DUT_OUT)
        memcpy(b->expected[p->idx], exp, bytes < p->bytes ? bytes : p->bytes);
}

/* A bench built with -DHX_FAIL_SEED=S fails seed S on purpose, and only that seed: from cycle
 * HX_FAIL_CYCLE on, hx_expect expects the complement of bit 0 (the regression's self-test,
 * tools/regress/selftest.sh; docs/regress.md). */
#ifdef HX_FAIL_SEED
enum { HX_FAIL_CYCLE = 16 };
static uint64_t planted_flip(const hx_bench *b)
{
    return b->o.seed == (uint64_t)HX_FAIL_SEED && b->cycle >= HX_FAIL_CYCLE;
}
#define HX_PLANTED " (planted failure: a bench built with HX_FAIL_SEED)"
#else
static uint64_t planted_flip(const hx_bench *b)
{
    (void)b;
    return 0;
}
#define HX_PLANTED ""
#endif

bool hx_expect_full(hx_bench *b, const dut_port *p, uint64_t exp)
{
    hx_mark_compared(b, p);
    record_expected(b, p, &exp, sizeof exp);
    if (!b->armed)
        return true;
    exp ^= planted_flip(b);
    const uint64_t got = hx_get(p);
    if (got == exp)
        return true;
    return diverge(b, "signal %s expected 0x%" PRIx64 " got 0x%" PRIx64 HX_PLANTED, p->name,
                   exp, got);
}

bool hx_expect_words_full(hx_bench *b, const dut_port *p, const uint32_t *exp, unsigned nwords)
{
    hx_mark_compared(b, p);
    record_expected(b, p, exp, (size_t)nwords * 4u);
    if (!b->armed)
        return true;
    const uint32_t *got = p->p;
    bool ok = true;
    for (unsigned i = 0; i < nwords; i++)
        if (got[i] != exp[i])
            ok = diverge(b, "signal %s[word %u] expected 0x%08" PRIx32 " got 0x%08" PRIx32,
                         p->name, i, exp[i], got[i]);
    return ok;
}

bool hx_assert(hx_bench *b, bool ok, const char *what, uint64_t exp, uint64_t got)
{
    if (ok || !b->armed)
        return true;
    return diverge(b, "check %s expected 0x%" PRIx64 " got 0x%" PRIx64, what, exp, got);
}

static void progress(hx_bench *b, bool last)
{
    const double t = now_s();
    if (!last && t - b->t_progress < 2.0)
        return;
    b->t_progress = t;
    const double dt = t - b->t0 > 1e-9 ? t - b->t0 : 1e-9;
    fprintf(stderr, "%s: %" PRIu64 "/%" PRIu64 " %s, %" PRIu64 " cycles, %.2f Mcycles/s\n",
            b->name, b->txns, b->o.n, b->unit, b->cycle, (double)b->cycle / dt / 1e6);
}

bool hx_in_reset(const hx_bench *b)
{
    return b->cycle < HX_RESET_CYCLES;
}

/* hx_expect's inline path holds while comparisons are on and nothing else is to be done. */
static void update_fast(hx_bench *b)
{
    b->fast = b->armed && !b->vec && !planted_flip(b);
}

void hx_arm(hx_bench *b)
{
    b->armed = true;
    update_fast(b);
}

/* The outputs this cycle neither compared nor declared don't-care fail it, by name. */
static void check_all_compared(hx_bench *b)
{
    for (unsigned i = 0; i < b->nports; i++)
        if (b->port[i]->dir == DUT_OUT && b->compared[i] == HX_NOT_COMPARED)
            diverge(b, "output %s was not compared in this cycle (hx_expect or hx_dont_care)",
                    b->port[i]->name);
}

/* One vector line: the armed flag, every input, every output's expectation (x: none). */
static void write_vector(hx_bench *b)
{
    char buf[1024];
    fputc(b->armed ? '1' : '0', b->vec);
    for (unsigned i = 0; i < b->nports; i++) {
        const dut_port *p = b->port[i];
        if (p->dir == DUT_OUT && b->compared[i] != HX_COMPARED) {
            fputs(" x", b->vec);
            continue;
        }
        if (p->dir == DUT_IN && !is_stimulus(p))
            continue;
        format_value(buf, sizeof buf, p->dir == DUT_OUT ? (const void *)b->expected[i] : p->p,
                     p->bytes);
        fprintf(b->vec, " %s", buf + 2);
        if (p->dir == DUT_OUT)
            memset(b->expected[i], 0, p->bytes);
    }
    fputc('\n', b->vec);
}

/* The first cycle of a transaction opens its history record. */
static void open_txn(hx_bench *b)
{
    hx_txn_rec *r = &b->history[b->hist_next];
    r->txn = b->txns + 1;
    r->first = r->last = b->cycle;
    snapshot_inputs(b, r->inputs);
    b->txn_open = true;
}

void hx_tick(hx_bench *b)
{
    const uint64_t first = b->o.stop_at >= HX_WAVE_CYCLES ? b->o.stop_at - HX_WAVE_CYCLES + 1 : 0;
    if (b->o.wave && b->cycle == first)
        dut_trace_open(b->d, b->o.wave);
    if (b->o.activity && b->cycle == 0)
        dut_activity_open(b->d, b->o.activity);
    if (b->armed && b->ncompared != b->noutputs)
        check_all_compared(b);
    if (b->vec)
        write_vector(b);
    memset(b->compared, 0, b->nports);
    b->ncompared = 0;
    if (!b->txn_open)
        open_txn(b);
    b->history[b->hist_next].last = b->cycle;
    dut_tick(b->d);
    b->cycle++;
    if (b->cycle == HX_RESET_CYCLES)
        b->armed = true;
    update_fast(b);
    if ((b->cycle & 0x3FFF) == 0)
        progress(b, false);
}

void hx_txn_done(hx_bench *b)
{
    if (b->failed)
        return;
    b->txns++;
    if (b->txn_open)
        b->hist_next = (b->hist_next + 1) % HX_RING;
    b->txn_open = false;
}

bool hx_running(const hx_bench *b)
{
    return !b->failed && b->txns < b->o.n && !(b->o.stop_at && b->cycle > b->o.stop_at);
}

unsigned hx_bin(hx_bench *b, const char *fmt, ...)
{
    if (b->nbins >= HX_MAX_BINS) {
        fprintf(stderr, "%s: too many coverage bins\n", b->name);
        exit(2);
    }
    char buf[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    b->bin_name[b->nbins] = strdup(buf);
    b->bin_hits[b->nbins] = 0;
    return b->nbins++;
}

void hx_hit(hx_bench *b, unsigned bin)
{
    if (b->armed)
        b->bin_hits[bin]++;
}

/* Re-runs this bench on the same seeds up to the failing cycle with tracing on. */
static bool write_waveform(const hx_bench *b, const char *path)
{
    char seed[32], xseed[32], n[32], stop[32];
    snprintf(seed, sizeof seed, "%" PRIu64, b->o.seed);
    snprintf(xseed, sizeof xseed, "%" PRIu32, b->o.xseed);
    snprintf(n, sizeof n, "%" PRIu64, b->o.n);
    snprintf(stop, sizeof stop, "%" PRIu64, b->fail_cycle);
    fflush(NULL);
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(126);
        execl("/proc/self/exe", b->exe, "--seed", seed, "--xseed", xseed, "--n", n,
              "--stop-at", stop, "--wave", path, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && access(path, R_OK) == 0;
}

/* Prints the summary and misses, and writes every bin's hit count beside the bench (or to
 * --bins-out, whose reader judges the bins over several seeds: then a miss does not fail). */
static unsigned report_coverage(hx_bench *b)
{
    unsigned missed = 0;
    char path[1024];
    if (b->o.bins_out)
        snprintf(path, sizeof path, "%s", b->o.bins_out);
    else
        snprintf(path, sizeof path, "%s-seed%" PRIu64 ".coverage.txt", b->exe, b->o.seed);
    FILE *f = fopen(path, "w");
    for (unsigned i = 0; i < b->nbins; i++) {
        missed += b->bin_hits[i] == 0;
        if (f)
            fprintf(f, "%10" PRIu64 "  %s\n", b->bin_hits[i], b->bin_name[i]);
    }
    if (f) {
        fclose(f);
        b->counts_path = b->o.bins_out ? b->o.bins_out : strdup(path);
    }
    printf("%s: coverage %u/%u bins hit (counts in %s)\n", b->name, b->nbins - missed,
           b->nbins, f ? path : "nowhere: cannot write");
    for (unsigned i = 0; i < b->nbins; i++)
        if (!b->bin_hits[i])
            printf("%s: coverage bin %s: %s\n", b->name,
                   b->o.bins_out ? "not hit by this seed (judged over the merged seeds)"
                                 : "never hit", b->bin_name[i]);
    return b->o.bins_out ? 0 : missed;
}

/* The transactions ended before the failing one, oldest first, with their first inputs. */
static void report_history(const hx_bench *b)
{
    unsigned shown = 0;
    for (unsigned k = 0; k < HX_RING; k++) {
        const hx_txn_rec *r = &b->history[(b->hist_next + k) % HX_RING];
        if (!r->txn || r->txn >= b->fail_txn)
            continue;
        if (!shown++)
            printf("%s: the last %s before it (cycles, inputs of the first cycle):\n", b->name,
                   b->unit);
        char *in = format_inputs(b, r->inputs);
        printf("%s:   #%" PRIu64 " cycles %" PRIu64 "-%" PRIu64 ": %s\n", b->name, r->txn,
               r->first, r->last, in);
        free(in);
    }
}

/* The command that reruns this bench to its failure. */
static void replay_command(const hx_bench *b, char *out, size_t room)
{
    char mut[40] = "";
    if (b->o.mutant_given)
        snprintf(mut, sizeof mut, " --mutant %" PRIu64, b->o.mutant);
    snprintf(out, room, "%s --seed %" PRIu64 " --xseed %" PRIu32 " --n %" PRIu64 "%s", b->exe,
             b->o.seed, b->o.xseed, b->o.n, mut);
}

/* The first divergence with every mismatch of its cycle, its inputs and the transactions
 * before it, the replay command and (not for a mutant) the waveform. */
static void report_divergence(hx_bench *b)
{
    printf("%s: FIRST DIVERGENCE at cycle %" PRIu64 " (%s %" PRIu64 "): %s\n", b->name,
           b->fail_cycle, b->unit, b->fail_txn, b->mismatch[0]);
    for (unsigned i = 1; i < b->nmismatch; i++)
        printf("%s:   and %s\n", b->name, b->mismatch[i]);
    printf("%s: inputs at cycle %" PRIu64 ": %s\n", b->name, b->fail_cycle, b->fail_inputs);
    report_history(b);
    printf("%s: seed %" PRIu64 ", xseed %" PRIu32 "\n", b->name, b->o.seed, b->o.xseed);
    char replay[1200];
    replay_command(b, replay, sizeof replay);
    printf("%s: replay: %s\n", b->name, replay);
    if (b->o.mutant_given) { /* mutants fail by design: keep their failures cheap */
        printf("%s: waveform: none for a mutant (replay with --stop-at C --wave F)\n", b->name);
        return;
    }
    char *path = b->wave_path;
    snprintf(path, sizeof b->wave_path, "%s-seed%" PRIu64 ".fst", b->exe, b->o.seed);
    b->wave_written = write_waveform(b, path);
    if (b->wave_written)
        printf("%s: waveform: %s (cycles %" PRIu64 "-%" PRIu64 ")\n", b->name, path,
               b->fail_cycle >= HX_WAVE_CYCLES ? b->fail_cycle - HX_WAVE_CYCLES + 1 : 0,
               b->fail_cycle);
    else
        printf("%s: waveform: could not be written to %s\n", b->name, path);
}

/* --- the run as JSON (--result FILE; docs/results.md, schema "run") ------------------------ */
/* "KEY": STRING, */
static void json_field(FILE *f, const char *key, const char *value, bool last)
{
    fprintf(f, "\"%s\": ", key);
    if (value)
        json_string(f, value);
    else
        fputs("null", f);
    fputs(last ? "" : ", ", f);
}

static void json_bins(FILE *f, const hx_bench *b)
{
    unsigned hit = 0;
    fputs("{\"missed\": [", f);
    for (unsigned i = 0, n = 0; i < b->nbins; i++) {
        hit += b->bin_hits[i] != 0;
        if (!b->bin_hits[i]) {
            fputs(n++ ? ", " : "", f);
            json_string(f, b->bin_name[i]);
        }
    }
    fprintf(f, "], \"hit\": %u, \"total\": %u, ", hit, b->nbins);
    json_field(f, "counts", b->counts_path, false);
    fprintf(f, "\"judged_here\": %s}", b->o.bins_out ? "false" : "true");
}

static void json_history(FILE *f, const hx_bench *b)
{
    unsigned shown = 0;
    for (unsigned k = 0; k < HX_RING; k++) {
        const hx_txn_rec *r = &b->history[(b->hist_next + k) % HX_RING];
        if (!r->txn || r->txn >= b->fail_txn)
            continue;
        char *in = format_inputs(b, r->inputs);
        fprintf(f, "%s{\"transaction\": %" PRIu64 ", \"first_cycle\": %" PRIu64
                   ", \"last_cycle\": %" PRIu64 ", ", shown++ ? ", " : "", r->txn, r->first, r->last);
        json_field(f, "inputs", in, true);
        fputc('}', f);
        free(in);
    }
}

static void json_divergence(FILE *f, const hx_bench *b)
{
    if (!b->failed) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"cycle\": %" PRIu64 ", \"transaction\": %" PRIu64 ", \"mismatches\": [",
            b->fail_cycle, b->fail_txn);
    for (unsigned i = 0; i < b->nmismatch; i++) {
        fputs(i ? ", " : "", f);
        json_string(f, b->mismatch[i]);
    }
    fputs("], ", f);
    json_field(f, "inputs", b->fail_inputs, false);
    fputs("\"history\": [", f);
    json_history(f, b);
    fputs("], ", f);
    char replay[1200];
    replay_command(b, replay, sizeof replay);
    json_field(f, "replay", replay, false);
    json_field(f, "waveform", b->wave_written ? b->wave_path : NULL, true);
    fputc('}', f);
}

/* The --result file; a write error is reported and fails the run (exit 2). */
static bool write_result(const hx_bench *b, bool passed)
{
    FILE *f = fopen(b->o.result, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", b->name, b->o.result, strerror(errno));
        return false;
    }
    fputs("{\"flow\": \"run\", \"version\": 1, ", f);
    json_field(f, "bench", b->name, false);
    fprintf(f, "\"seed\": %" PRIu64 ", \"xseed\": %" PRIu32 ", \"mutant\": ", b->o.seed, b->o.xseed);
    if (b->o.mutant_given)
        fprintf(f, "%" PRIu64, b->o.mutant);
    else
        fputs("null", f);
    fputs(", ", f);
    json_field(f, "unit", b->unit, false);
    fprintf(f, "\"requested\": %" PRIu64 ", \"transactions\": %" PRIu64 ", \"cycles\": %" PRIu64
               ", \"seconds\": %.6f, \"passed\": %s,\n \"coverage\": ", b->o.n, b->txns, b->cycle,
            now_s() - b->t0, passed ? "true" : "false");
    json_bins(f, b);
    fputs(",\n \"first_divergence\": ", f);
    json_divergence(f, b);
    fputs("}\n", f);
    const bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        fprintf(stderr, "%s: cannot write %s\n", b->name, b->o.result);
        return false;
    }
    return true;
}

int hx_finish(hx_bench *b)
{
    progress(b, true);
    if (b->vec)
        fclose(b->vec);
    if (b->o.wave) { /* the waveform run of a failure: nothing else to say */
        dut_close(b->d);
        return 0;
    }
    const unsigned missed = b->failed ? 0 : report_coverage(b);
    if (b->failed)
        report_divergence(b);
    const uint64_t failed = (b->failed || missed) ? 1 : 0;
    const bool written = !b->o.result || write_result(b, !failed); /* the ports are the model's */
    dut_close(b->d);
    printf("%s: %" PRIu64 " passed, %" PRIu64 " failed\n", b->name, b->txns, failed);
    return !written ? 2 : failed ? 1 : 0;
}
