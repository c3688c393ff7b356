/* The lockstep harness shared by every bench (see harness.h). Compares the C model with
 * the Verilated RTL every cycle and reports the first divergence with everything needed
 * to replay it: seed, command, and an FST waveform of the cycles before it. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

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
                    "[--wave FILE.fst]] [--vectors FILE] [--mutant K]\n", bench, msg, bench);
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
        else if (!strcmp(a, "--mutant")) {
            b->o.mutant = parse_u64(name, a, v);
            b->o.mutant_given = true;
        }
        else
            usage_exit(name, "unknown option");
    }
    if (b->o.wave && !b->o.stop_at)
        usage_exit(name, "--wave needs --stop-at");
    uint64_t x = b->o.seed;
    if (!xseed_given)
        b->o.xseed = (uint32_t)(hx_splitmix64(&x) & 0x7fffffff) | 1u;
    hx_rng_seed(&b->rng, b->o.seed);
    if (b->o.vectors && !(b->vec = fopen(b->o.vectors, "w"))) {
        fprintf(stderr, "%s: cannot write %s: %s\n", name, b->o.vectors, strerror(errno));
        exit(2);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    b->t0 = b->t_progress = now_s();
}

static void port_put(const dut_port *p, uint64_t v)
{
    switch (p->bytes) {
    case 1: *(uint8_t *)p->p = (uint8_t)v; break;
    case 2: *(uint16_t *)p->p = (uint16_t)v; break;
    case 4: *(uint32_t *)p->p = (uint32_t)v; break;
    default: *(uint64_t *)p->p = v; break;
    }
}

void hx_attach(hx_bench *b, dut *d)
{
    b->d = d;
    if (b->o.mutant_given)
        port_put(hx_port(b, "mutsel"), b->o.mutant);
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

static void vec_field(hx_bench *b, const uint32_t *w, unsigned nwords, uint64_t v)
{
    if (!b->vec)
        return;
    size_t room = sizeof b->vec_line - b->vec_len;
    int n = 0;
    if (w) {
        n = snprintf(b->vec_line + b->vec_len, room, " ");
        for (unsigned i = nwords; i-- > 0 && (size_t)n < room;)
            n += snprintf(b->vec_line + b->vec_len + n, room - (size_t)n, "%08" PRIx32, w[i]);
    } else {
        n = snprintf(b->vec_line + b->vec_len, room, " %" PRIx64, v);
    }
    if (n < 0 || (size_t)n >= room) {
        fprintf(stderr, "%s: vector line too long\n", b->name);
        exit(2);
    }
    b->vec_len += (size_t)n;
}

static uint64_t port_get(const dut_port *p)
{
    switch (p->bytes) {
    case 1: return *(const uint8_t *)p->p;
    case 2: return *(const uint16_t *)p->p;
    case 4: return *(const uint32_t *)p->p;
    default: return *(const uint64_t *)p->p;
    }
}

void hx_set(hx_bench *b, const dut_port *p, uint64_t v)
{
    port_put(p, v);
    vec_field(b, NULL, 0, v);
}

void hx_set_words(hx_bench *b, const dut_port *p, const uint32_t *w, unsigned nwords)
{
    memcpy(p->p, w, (size_t)nwords * 4u);
    vec_field(b, w, nwords, 0);
}

void hx_eval(hx_bench *b)
{
    dut_eval(b->d);
}

static bool diverge(hx_bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool diverge(hx_bench *b, const char *fmt, ...)
{
    if (!b->failed) {
        b->failed = true;
        b->fail_cycle = b->cycle;
        b->fail_txn = b->txns + 1;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(b->fail_msg, sizeof b->fail_msg, fmt, ap);
        va_end(ap);
    }
    return false;
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

bool hx_expect(hx_bench *b, const dut_port *p, uint64_t exp)
{
    vec_field(b, NULL, 0, exp);
    if (!b->armed)
        return true;
    exp ^= planted_flip(b);
    const uint64_t got = port_get(p);
    if (got == exp)
        return true;
    return diverge(b, "signal %s expected 0x%" PRIx64 " got 0x%" PRIx64 HX_PLANTED, p->name,
                   exp, got);
}

bool hx_expect_words(hx_bench *b, const dut_port *p, const uint32_t *exp, unsigned nwords)
{
    vec_field(b, exp, nwords, 0);
    if (!b->armed)
        return true;
    const uint32_t *got = p->p;
    for (unsigned i = 0; i < nwords; i++)
        if (got[i] != exp[i])
            return diverge(b, "signal %s[word %u] expected 0x%08" PRIx32 " got 0x%08" PRIx32,
                           p->name, i, exp[i], got[i]);
    return true;
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

void hx_arm(hx_bench *b)
{
    b->armed = true;
}

void hx_tick(hx_bench *b)
{
    const uint64_t first = b->o.stop_at >= HX_WAVE_CYCLES ? b->o.stop_at - HX_WAVE_CYCLES + 1 : 0;
    if (b->o.wave && b->cycle == first)
        dut_trace_open(b->d, b->o.wave);
    if (b->vec) {
        fprintf(b->vec, "%d%s\n", b->armed ? 1 : 0, b->vec_line);
        b->vec_len = 0;
        b->vec_line[0] = 0;
    }
    dut_tick(b->d);
    b->cycle++;
    if (b->cycle == HX_RESET_CYCLES)
        b->armed = true;
    if ((b->cycle & 0x3FFF) == 0)
        progress(b, false);
}

void hx_txn_done(hx_bench *b)
{
    if (!b->failed)
        b->txns++;
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

/* Prints the summary and misses, and writes every bin's hit count beside the bench. */
static unsigned report_coverage(const hx_bench *b)
{
    unsigned missed = 0;
    char path[1024];
    snprintf(path, sizeof path, "%s-seed%" PRIu64 ".coverage.txt", b->exe, b->o.seed);
    FILE *f = fopen(path, "w");
    for (unsigned i = 0; i < b->nbins; i++) {
        missed += b->bin_hits[i] == 0;
        if (f)
            fprintf(f, "%10" PRIu64 "  %s\n", b->bin_hits[i], b->bin_name[i]);
    }
    if (f)
        fclose(f);
    printf("%s: coverage %u/%u bins hit (counts in %s)\n", b->name, b->nbins - missed,
           b->nbins, f ? path : "nowhere: cannot write");
    for (unsigned i = 0; i < b->nbins; i++)
        if (!b->bin_hits[i])
            printf("%s: coverage bin never hit: %s\n", b->name, b->bin_name[i]);
    return missed;
}

/* The first divergence, the replay command and (not for a mutant) the waveform. */
static void report_divergence(const hx_bench *b)
{
    printf("%s: FIRST DIVERGENCE at cycle %" PRIu64 " (%s %" PRIu64 "): %s\n", b->name,
           b->fail_cycle, b->unit, b->fail_txn, b->fail_msg);
    printf("%s: seed %" PRIu64 ", xseed %" PRIu32 "\n", b->name, b->o.seed, b->o.xseed);
    char mut[40] = "";
    if (b->o.mutant_given)
        snprintf(mut, sizeof mut, " --mutant %" PRIu64, b->o.mutant);
    printf("%s: replay: %s --seed %" PRIu64 " --xseed %" PRIu32 " --n %" PRIu64 "%s\n", b->name,
           b->exe, b->o.seed, b->o.xseed, b->o.n, mut);
    if (b->o.mutant_given) { /* mutants fail by design: keep their failures cheap */
        printf("%s: waveform: none for a mutant (replay with --stop-at C --wave F)\n", b->name);
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s-seed%" PRIu64 ".fst", b->exe, b->o.seed);
    if (write_waveform(b, path))
        printf("%s: waveform: %s (cycles %" PRIu64 "-%" PRIu64 ")\n", b->name, path,
               b->fail_cycle >= HX_WAVE_CYCLES ? b->fail_cycle - HX_WAVE_CYCLES + 1 : 0,
               b->fail_cycle);
    else
        printf("%s: waveform: could not be written to %s\n", b->name, path);
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
    dut_close(b->d);
    const uint64_t failed = (b->failed || missed) ? 1 : 0;
    printf("%s: %" PRIu64 " passed, %" PRIu64 " failed\n", b->name, b->txns, failed);
    return failed ? 1 : 0;
}
