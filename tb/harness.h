/* SPDX-License-Identifier: Apache-2.0 */
/* The lockstep harness shared by every bench: options and seeds, the C-model-vs-RTL
 * comparison of every output in every cycle with a first-divergence report (every mismatch
 * of the cycle, its inputs, the last transactions, replay command and FST waveform),
 * coverage bins, progress line, Icarus vector export, the closing "N passed, N failed" and
 * the same as JSON (--result FILE, docs/results.md). */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dut.h"
#include "rng.h"

enum { HX_MAX_BINS = 512, HX_WAVE_CYCLES = 64, HX_RESET_CYCLES = 2, HX_MAX_MISMATCHES = 64,
       HX_MSG = 192, HX_HISTORY = 8, HX_RING = HX_HISTORY + 1 /* and the open one */ };

/* One of the last HX_HISTORY transactions: its cycles and the inputs of its first cycle. */
typedef struct {
    uint64_t txn, first, last;
    uint8_t *inputs; /* every input port's storage, in port order */
} hx_txn_rec;

typedef struct {
    uint64_t seed;      /* stimulus seed (--seed) */
    uint64_t n;         /* transactions to run (--n) */
    uint32_t xseed;     /* Verilator X-initialisation seed (--xseed, default from seed) */
    const char *wave;   /* FST path: trace the HX_WAVE_CYCLES cycles before --stop-at */
    const char *activity;/* FST path: trace the whole run, one sample a cycle before its
                            clock edge, time = cycle (make verify-gates' switching activity) */
    uint64_t stop_at;   /* stop after this cycle (0: run all) */
    const char *vectors;/* write per-cycle inputs and expected outputs for Icarus */
    bool mutant_given;  /* --mutant K: drive the mutant model's port mutsel with K */
    uint64_t mutant;    /* (mutate/, docs/mutate.md); a failure then writes no waveform */
    const char *bins_out;/* write the bins' counts here; unhit bins are judged by the reader
                            over merged seeds (make regress), not by this run */
    const char *result; /* write the run's result as JSON here (docs/results.md, "run") */
} hx_opts;

typedef struct {
    const char *name;   /* bench name, e.g. rc_compress */
    const char *unit;   /* what a transaction is, e.g. "register writes" */
    const char *exe;    /* argv[0], for the replay command */
    hx_opts o;
    rng_state rng;
    dut *d;
    uint64_t cycle, txns;
    bool armed;         /* comparisons on: after the first HX_RESET_CYCLES cycles */
    bool fast;          /* armed, no vectors, no planted failure: hx_expect's inline path */
    bool failed;
    unsigned nmismatch; /* mismatches of the failing cycle, the first one first */
    char mismatch[HX_MAX_MISMATCHES][HX_MSG];
    char *fail_inputs;  /* the inputs of the failing cycle, formatted */
    uint64_t fail_cycle, fail_txn; /* where the first divergence happened */
    /* the block's ports (tb/dut.h) and which outputs this cycle compared */
    unsigned nports, noutputs, ncompared, input_bytes;
    const dut_port **port;
    unsigned nstim;     /* the stimulus inputs (every input but the clock), in port order */
    const dut_port **stim;
    uint8_t *compared;  /* per port: an hx_mark, this cycle's */
    uint32_t **expected;/* per output, with --vectors: the value last expected this cycle */
    hx_txn_rec history[HX_RING];
    unsigned hist_next; /* slot of the next transaction */
    bool txn_open;      /* the current transaction has had its first cycle */
    FILE *vec;
    unsigned nbins;
    const char *bin_name[HX_MAX_BINS];
    uint64_t bin_hits[HX_MAX_BINS];
    double t0, t_progress;
    const char *counts_path; /* where the bins' counts were written (NULL: not written) */
    char wave_path[1024];    /* the failure's waveform, when written */
    bool wave_written;
} hx_bench;

/* Parses argv (--seed --n --xseed --wave --stop-at --vectors --mutant --bins-out --result
 * --activity); exits 2 on bad options. */
void hx_init(hx_bench *b, const char *name, const char *unit, int argc, char **argv,
             uint64_t default_n);
/* Attaches the model; with --mutant K it must have a port mutsel (exits 2 otherwise). */
void hx_attach(hx_bench *b, dut *d);
const dut_port *hx_port(hx_bench *b, const char *name);

/* Drive an input. */
static inline void hx_set(hx_bench *b, const dut_port *p, uint64_t v)
{
    (void)b;
    switch (p->bytes) {
    case 1: *(uint8_t *)p->p = (uint8_t)v; break;
    case 2: *(uint16_t *)p->p = (uint16_t)v; break;
    case 4: *(uint32_t *)p->p = (uint32_t)v; break;
    default: *(uint64_t *)p->p = v; break;
    }
}
/* A C model's wide vector (64-bit words, low first) as a wide port's 32-bit words, low first;
 * n32 may be odd (the last 64-bit word's low half). On a little-endian host (harness.c checks
 * that at compile time) word 2i is v[i]'s low half in memory too. */
static inline void hx_words32(const uint64_t *v, uint32_t *w, unsigned n32)
{
    memcpy(w, v, (size_t)n32 * 4u);
}
static inline void hx_set_words(hx_bench *b, const dut_port *p, const uint32_t *w,
                                unsigned nwords)
{
    (void)b;
    memcpy(p->p, w, (size_t)nwords * 4u);
}
/* Settle combinational logic after the inputs of a cycle are set. */
void hx_eval(hx_bench *b);
/* Compare an output with the C model's value; every mismatch of the failing cycle is
 * reported. Every output must be compared, or declared don't-care, in every checked cycle.
 * The inline part is the common case (armed, equal); the rest is hx_expect_full's. */
bool hx_expect_full(hx_bench *b, const dut_port *p, uint64_t exp);
bool hx_expect_words_full(hx_bench *b, const dut_port *p, const uint32_t *exp, unsigned nwords);
/* What a cycle did with an output (hx_bench.compared): the vectors Icarus replays hold the
 * expected value of a compared one, x for the others. */
enum hx_mark { HX_NOT_COMPARED = 0, HX_COMPARED = 1, HX_DONT_CARE = 2 };
/* Records that output p was compared (or declared don't-care) in this cycle. */
static inline void hx_mark_compared(hx_bench *b, const dut_port *p)
{
    if (p->dir == DUT_OUT && b->compared[p->idx] == HX_NOT_COMPARED) {
        b->compared[p->idx] = HX_COMPARED;
        b->ncompared++;
    }
}
static inline uint64_t hx_get(const dut_port *p)
{
    switch (p->bytes) {
    case 1: return *(const uint8_t *)p->p;
    case 2: return *(const uint16_t *)p->p;
    case 4: return *(const uint32_t *)p->p;
    default: return *(const uint64_t *)p->p;
    }
}
static inline bool hx_expect(hx_bench *b, const dut_port *p, uint64_t exp)
{
    if (b->fast && hx_get(p) == exp) {
        hx_mark_compared(b, p);
        return true;
    }
    return hx_expect_full(b, p, exp);
}
static inline bool hx_expect_words(hx_bench *b, const dut_port *p, const uint32_t *exp,
                                   unsigned nwords)
{
    if (b->fast && memcmp(p->p, exp, (size_t)nwords * 4u) == 0) {
        hx_mark_compared(b, p);
        return true;
    }
    return hx_expect_words_full(b, p, exp, nwords);
}
/* An output whose value this cycle does not matter; why says so (it is the bench's record). */
void hx_dont_care(hx_bench *b, const dut_port *p, const char *why);
/* A bench-level check that is not a port comparison (e.g. an end-to-end property). */
bool hx_assert(hx_bench *b, bool ok, const char *what, uint64_t exp, uint64_t got);
/* The first HX_RESET_CYCLES cycles: drive the reset; nothing is compared yet. */
bool hx_in_reset(const hx_bench *b);
/* A combinational bench compares from its first cycle. */
void hx_arm(hx_bench *b);
/* Clock edge; fails the cycle if an output was neither compared nor declared don't-care,
 * arms the comparisons after the reset cycles, handles the waveform window and --stop-at. */
void hx_tick(hx_bench *b);
void hx_txn_done(hx_bench *b);
bool hx_running(const hx_bench *b);

unsigned hx_bin(hx_bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hx_hit(hx_bench *b, unsigned bin);

/* Coverage report, waveform on failure, closing line, the --result file; returns the exit
 * code. */
int hx_finish(hx_bench *b);

#endif
