/* SPDX-License-Identifier: Apache-2.0 */
/* Synthetic register traces in the deltarf trace format v1 (data/traces/README.md) with the
 * shape of the SDK runs that are not in the repository (BlackScholes: 1024 wavefronts of 62
 * registers live at once; BinomialOption: 128 long wavefronts), deterministic from a seed.
 * usage: gentrace [--seed S] [--waves W] [--nvregs N] [--instrs I] [--live L] [--simds S]
 *                 [--patterns P] > TRACE
 * (wavefront k runs on SIMD k mod S of the 128: cu = SIMD / 4, simd = SIMD % 4; P: tenths of the
 * instructions whose result is a work-item pattern or a constant, default 4; the rest write
 * floating-point data). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LANES = 64, SIMDS = 128, MAX_NVREGS = 256 };

typedef struct {
    uint64_t seed, waves, nvregs, instrs, live, simds, patterns;
} options;

typedef struct {
    uint64_t id, rng, a_cycle;
    unsigned simd, done;
    int pending;        /* finished, its slot launches the next wavefront next cycle */
    uint32_t *reg;      /* nvregs x LANES values after the last write */
} wave;

static uint64_t next_rand(uint64_t *s)
{
    uint64_t x = (*s += 0x9e3779b97f4a7c15ull);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static const char hexd[] = "0123456789abcdef";

static char *put_hex(char *p, uint64_t v, unsigned digits)
{
    for (unsigned i = digits; i-- > 0;) {
        p[i] = hexd[v & 15];
        v >>= 4;
    }
    return p + digits;
}

static void line_head(char kind, uint64_t cycle, const wave *w, char *buf, int *len)
{
    *len = sprintf(buf, "%c %llu %u %u %llu", kind, (unsigned long long)cycle, w->simd / 4,
                   w->simd % 4, (unsigned long long)w->id);
}

/* A W line: the register's 64 components after the write of vals under mask. */
static void emit_write(uint64_t cycle, wave *w, unsigned vreg, uint64_t mask, const uint32_t *vals)
{
    static char buf[64 + 16 + LANES * 9 + 8];
    int len;
    line_head('W', cycle, w, buf, &len);
    char *p = buf + len;
    p += sprintf(p, " %u ", vreg);
    p = put_hex(p, mask, 16);
    uint32_t *r = &w->reg[vreg * LANES];
    for (unsigned i = 0; i < LANES; i++) {
        if (mask >> i & 1u)
            r[i] = vals[i];
        *p++ = ' ';
        p = put_hex(p, r[i], 8);
    }
    *p++ = '\n';
    fwrite(buf, 1, (size_t)(p - buf), stdout);
}

static void emit_simple(char kind, uint64_t cycle, const wave *w, const char *tail)
{
    char buf[128];
    int len;
    line_head(kind, cycle, w, buf, &len);
    printf("%s%s\n", buf, tail);
}

/* Values of one instruction's result, in `patterns` tenths of them a pattern: work-item
 * arithmetic (single-delta) or, one pattern kind in four, a constant; the rest floating-point
 * data (a random mantissa, a narrow exponent range). */
static void make_values(uint64_t *rng, unsigned patterns, uint32_t *v)
{
    const uint64_t r = next_rand(rng);
    const unsigned kind = (unsigned)(r % 10);
    const uint32_t base = (uint32_t)(r >> 16);
    for (unsigned i = 0; i < LANES; i++) {
        if (kind < patterns - patterns / 4)
            v[i] = base + i * (1u << (r >> 8) % 4);
        else if (kind < patterns)
            v[i] = base;
        else
            v[i] = 0x3f000000u | (uint32_t)(next_rand(rng) & 0x01ffffffu);
    }
}

/* One instruction: one or two source reads, then the write (1 in 16 divergent). */
static void emit_instr(uint64_t cycle, wave *w, unsigned nvregs, unsigned patterns)
{
    char tail[16];
    const uint64_t r = next_rand(&w->rng);
    const unsigned reads = 1 + ((r & 7u) != 0); /* 1.9 reads a write, as BinomialOption */
    for (unsigned k = 0; k < reads; k++) {
        snprintf(tail, sizeof tail, " %u", (unsigned)((r >> (8 + 8 * k)) % nvregs));
        emit_simple('R', cycle, w, tail);
    }
    uint32_t vals[LANES];
    make_values(&w->rng, patterns, vals);
    const uint64_t mask = (r >> 40) % 16 == 0 ? next_rand(&w->rng) | 1u : ~0ull;
    emit_write(cycle, w, (unsigned)((r >> 24) % nvregs), mask, vals);
}

static void launch(uint64_t cycle, wave *w, uint64_t id, const options *o)
{
    w->id = id;
    w->a_cycle = cycle;
    w->pending = 0;
    w->simd = (unsigned)(id % o->simds);
    w->done = 0;
    w->rng = o->seed ^ (id * 0xd1342543de82ef95ull);
    memset(w->reg, 0, o->nvregs * LANES * sizeof *w->reg);
    char tail[16];
    snprintf(tail, sizeof tail, " %llu", (unsigned long long)o->nvregs);
    emit_simple('A', cycle, w, tail);
    uint32_t ids[LANES];
    for (unsigned i = 0; i < LANES; i++)
        ids[i] = i;
    emit_write(cycle, w, 0, ~0ull, ids); /* the launch value: work-item local id */
}

static int parse(int argc, char **argv, options *o)
{
    *o = (options){.seed = 1, .waves = 1024, .nvregs = 62, .instrs = 100, .live = 0,
                   .simds = SIMDS, .patterns = 4};
    for (int i = 1; i + 1 < argc; i += 2) {
        char *end;
        const uint64_t v = strtoull(argv[i + 1], &end, 10);
        if (*end || end == argv[i + 1])
            return -1;
        if (!strcmp(argv[i], "--seed"))
            o->seed = v;
        else if (!strcmp(argv[i], "--waves"))
            o->waves = v;
        else if (!strcmp(argv[i], "--nvregs"))
            o->nvregs = v;
        else if (!strcmp(argv[i], "--instrs"))
            o->instrs = v;
        else if (!strcmp(argv[i], "--live"))
            o->live = v;
        else if (!strcmp(argv[i], "--simds"))
            o->simds = v;
        else if (!strcmp(argv[i], "--patterns"))
            o->patterns = v;
        else
            return -1;
    }
    if (argc % 2 == 0 || o->waves == 0 || o->nvregs == 0 || o->nvregs > MAX_NVREGS ||
        o->simds == 0 || o->simds > SIMDS || o->patterns > 10)
        return -1;
    if (o->live == 0 || o->live > o->waves)
        o->live = o->waves;
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o)) {
        fputs("usage: gentrace [--seed S] [--waves W] [--nvregs N 1-256] [--instrs I] [--live L] "
              "[--simds 1-128] [--patterns 0-10]\n", stderr);
        return 2;
    }
    wave *w = calloc(o.live, sizeof *w);
    uint32_t *regs = calloc(o.live * o.nvregs * LANES, sizeof *regs);
    if (!w || !regs) {
        fputs("gentrace: out of memory\n", stderr);
        return 1;
    }
    static char obuf[1 << 20];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    printf("# deltarf register-write trace v1\n# kernel gentrace --seed %llu --waves %llu "
           "--nvregs %llu --instrs %llu --live %llu --simds %llu --patterns %llu\n# clock cycles\n",
           (unsigned long long)o.seed, (unsigned long long)o.waves, (unsigned long long)o.nvregs,
           (unsigned long long)o.instrs, (unsigned long long)o.live, (unsigned long long)o.simds,
           (unsigned long long)o.patterns);
    uint64_t cycle = 1000, started = 0, finished = 0;
    for (uint64_t k = 0; k < o.live; k++) {
        w[k].reg = &regs[k * o.nvregs * LANES];
        launch(cycle, &w[k], started++, &o);
    }
    /* Round robin: every live wavefront issues one instruction a cycle; a finished one is
     * replaced by the next wavefront, launched in the following cycle (its first instruction
     * in the cycle after). */
    while (finished < o.waves) {
        cycle++;
        for (uint64_t k = 0; k < o.live; k++)
            if (w[k].pending && started < o.waves)
                launch(cycle, &w[k], started++, &o);
        for (uint64_t k = 0; k < o.live; k++) {
            wave *x = &w[k];
            if (x->done > o.instrs || x->a_cycle == cycle)
                continue;
            if (x->done++ < o.instrs) {
                emit_instr(cycle, x, (unsigned)o.nvregs, (unsigned)o.patterns);
                continue;
            }
            emit_simple('F', cycle, x, "");
            finished++;
            x->pending = 1;
        }
    }
    free(regs);
    free(w);
    return fflush(stdout) == 0 ? 0 : 1;
}
