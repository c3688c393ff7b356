/* SPDX-License-Identifier: Apache-2.0 */
/* Throughput of the C functional RC models (rc_compress_register, rc_decompress_register)
 * over a buffer of mixed registers, against memcpy of the same buffer in the same run.
 * Prints one JSON object for tools/run/bench.py; reports only, asserts nothing on speed. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rc_compress.h"
#include "rc_decompress.h"

enum { REGS = 1 << 16, PATTERNS = 5 };
#define REG_BYTES ((size_t)DRF_COMPONENTS * sizeof(uint32_t))
#define BUF_BYTES ((size_t)REGS * REG_BYTES)
#define ROUNDS 3            /* interleaved rounds; each figure is the best round */
#define ROUND_SECONDS 0.35  /* so every operation runs >= 1 s in all */

/* Measured work: seconds and passes over the buffer, plus a checksum of the results. */
typedef struct {
    double seconds;
    uint64_t passes;
    uint64_t sum;
} run;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A legal delta: zero or 2^k, k <= DRF_MAX_LOG2. */
static uint32_t legal_delta(uint64_t *s)
{
    const unsigned k = (unsigned)(xorshift(s) % (DRF_MAX_LOG2 + 2));
    return k > DRF_MAX_LOG2 ? 0u : 1u << k;
}

/* One register: constant, single-delta, double-delta, near miss (one component off) or
 * random, in equal shares; the first three are compressible. */
static void make_register(uint64_t *s, unsigned kind, uint32_t *c)
{
    const uint32_t c0 = (uint32_t)xorshift(s);
    const uint32_t de = kind == 0 ? 0u : legal_delta(s);
    const uint32_t db = kind == 1 ? de * DRF_BLOCK_SIZE : legal_delta(s);
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        c[i] = kind == 4 ? (uint32_t)xorshift(s)
                         : c0 + (i / DRF_BLOCK_SIZE) * db + (i % DRF_BLOCK_SIZE) * de;
    if (kind == 3)
        c[1 + xorshift(s) % (DRF_COMPONENTS - 1)] ^= 1u << 20;
}

static void fill(uint32_t *buf)
{
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (size_t r = 0; r < REGS; r++)
        make_register(&s, (unsigned)(xorshift(&s) % PATTERNS), buf + r * DRF_COMPONENTS);
}

static uint64_t compress_pass(const uint32_t *buf, rc_entry *tab)
{
    uint64_t n = 0;
    for (size_t r = 0; r < REGS; r++) {
        const bool ok = rc_compress_register(buf + r * DRF_COMPONENTS, &tab[r]);
        tab[r].v = ok;
        n += ok;
    }
    return n;
}

static uint64_t decompress_pass(const rc_entry *tab, uint32_t *out)
{
    for (size_t r = 0; r < REGS; r++)
        rc_decompress_register(&tab[r], out + r * DRF_COMPONENTS);
    return out[(REGS - 1) * DRF_COMPONENTS];
}

/* Through a volatile pointer so that the copies cannot be elided. */
static void *(*volatile copy_fn)(void *, const void *, size_t) = memcpy;

static uint64_t memcpy_pass(const uint32_t *src, uint32_t *dst)
{
    copy_fn(dst, src, BUF_BYTES);
    return dst[REGS / 2];
}

enum op { OP_COMPRESS, OP_DECOMPRESS, OP_MEMCPY, OPS };

static uint64_t pass(enum op op, uint32_t *buf, rc_entry *tab, uint32_t *out)
{
    switch (op) {
    case OP_COMPRESS: return compress_pass(buf, tab);
    case OP_DECOMPRESS: return decompress_pass(tab, out);
    default: return memcpy_pass(buf, out);
    }
}

/* One warm-up pass, then whole passes until ROUND_SECONDS have elapsed. */
static run measure(enum op op, uint32_t *buf, rc_entry *tab, uint32_t *out)
{
    run m = {.sum = pass(op, buf, tab, out)};
    const double t0 = now_s();
    do {
        m.sum += pass(op, buf, tab, out);
        m.passes++;
        m.seconds = now_s() - t0;
    } while (m.seconds < ROUND_SECONDS);
    return m;
}

/* The operations take turns, ROUNDS times, so that a noisy neighbour hits them alike;
 * best[op] keeps the fastest round of each. Returns the checksum of all passes. */
static uint64_t measure_all(run best[OPS], uint32_t *buf, rc_entry *tab, uint32_t *out)
{
    uint64_t checksum = 0;
    for (unsigned r = 0; r < ROUNDS; r++)
        for (unsigned op = 0; op < OPS; op++) {
            const run m = measure((enum op)op, buf, tab, out);
            const double t = m.seconds / (double)m.passes;
            if (r == 0 || t < best[op].seconds / (double)best[op].passes)
                best[op] = m;
            checksum += m.sum;
        }
    return checksum;
}

static double regs_per_s(run m)
{
    return (double)m.passes * REGS / m.seconds;
}

static double gb_per_s(run m)
{
    return (double)m.passes * (double)BUF_BYTES / m.seconds / 1e9;
}

int main(void)
{
    uint32_t *buf = aligned_alloc(64, BUF_BYTES), *out = aligned_alloc(64, BUF_BYTES);
    rc_entry *tab = calloc(REGS, sizeof *tab);
    if (!buf || !out || !tab) {
        fprintf(stderr, "bench_throughput: out of memory\n");
        return 2;
    }
    fill(buf);
    run best[OPS];
    const uint64_t checksum = measure_all(best, buf, tab, out);
    const run co = best[OP_COMPRESS], de = best[OP_DECOMPRESS], mc = best[OP_MEMCPY];
    /* one JSON object (tools/run/bench.py reads it) */
    printf("{\"buffer_registers\": %d, \"buffer_mib\": %.1f, ", REGS, (double)BUF_BYTES / (1 << 20));
    printf("\"compressible_fraction\": %.3f, ", (double)compress_pass(buf, tab) / REGS);
    printf("\"compress_regs_per_s\": %.4g, \"compress_gb_per_s\": %.3f, ", regs_per_s(co), gb_per_s(co));
    printf("\"decompress_regs_per_s\": %.4g, \"decompress_gb_per_s\": %.3f, ", regs_per_s(de),
           gb_per_s(de));
    printf("\"memcpy_gb_per_s\": %.3f, ", gb_per_s(mc));
    printf("\"compress_memcpy_ratio\": %.3f, ", gb_per_s(co) / gb_per_s(mc));
    printf("\"decompress_memcpy_ratio\": %.3f, ", gb_per_s(de) / gb_per_s(mc));
    printf("\"checksum\": %llu}\n", (unsigned long long)checksum);
    free(buf);
    free(out);
    free(tab);
    return 0;
}
