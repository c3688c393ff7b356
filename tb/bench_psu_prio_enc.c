/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the PSU priority encoder (dc-patch paper Section IV-D): rtl/psu_prio_enc.v
 * at its default WIDTH (1024) against psu_prio_enc() of cmodel/psu.c. A transaction is one
 * input vector; its lowest set bit is placed uniformly, the bits above at a random density. */
#include "harness.h"
#include "ports_psu_prio_enc.h"
#include "psu.h"

enum { WIDTH = PSU_SLOTS, WORDS = PSU_WORDS, W32 = WIDTH / 32, CHUNKS = WIDTH / 64,
       DENSITIES = 4 };

typedef struct {
    unsigned chunk[CHUNKS], density[DENSITIES], empty, first, last;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    static const char *const density[DENSITIES] = {"alone", "sparse", "half", "dense"};
    for (unsigned c = 0; c < CHUNKS; c++)
        v->chunk[c] = hx_bin(b, "winner in bits %u-%u", 64 * c, 64 * c + 63);
    for (unsigned d = 0; d < DENSITIES; d++)
        v->density[d] = hx_bin(b, "bits above the winner: %s", density[d]);
    v->empty = hx_bin(b, "no bit set");
    v->first = hx_bin(b, "winner is bit 0");
    v->last = hx_bin(b, "winner is the last bit");
}

/* A vector whose lowest set bit is low (WIDTH: none), the bits above at the density. */
static void make_vector(rng_state *r, unsigned low, unsigned density, uint64_t v[WORDS])
{
    for (unsigned w = 0; w < WORDS; w++) {
        uint64_t x = rng_rand64(r);
        if (density == 0)
            x = 0;
        else if (density == 1)
            x &= rng_rand64(r) & rng_rand64(r) & rng_rand64(r);
        else if (density == 3)
            x |= rng_rand64(r);
        const unsigned base = 64 * w;
        if (low == WIDTH || low >= base + 64)
            x = 0;
        else if (low >= base)
            x = (x & ~0ull << (low - base)) | 1ull << (low - base);
        v[w] = x;
    }
}

static unsigned pick_low(rng_state *r)
{
    switch (rng_below(r, 32)) {
    case 0: return WIDTH;
    case 1: return 0;
    case 2: return WIDTH - 1;
    default: return rng_below(r, WIDTH);
    }
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "psu_prio_enc", "vectors", argc, argv, 100000);
    psu_prio_enc_ports p;
    psu_prio_enc_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    hx_arm(&b); /* combinational: nothing to reset */
    while (hx_running(&b)) {
        const unsigned low = pick_low(&b.rng), density = rng_below(&b.rng, DENSITIES);
        uint64_t vec[WORDS];
        uint32_t w[W32];
        make_vector(&b.rng, low, density, vec);
        hx_words32(vec, w, W32);
        hx_set_words(&b, p.in, w, W32);
        hx_eval(&b);
        bool exp_valid;
        const unsigned exp_index = psu_prio_enc(vec, WIDTH, &exp_valid);
        hx_expect(&b, p.valid, exp_valid);
        hx_expect(&b, p.index, exp_index);
        hx_assert(&b, exp_index == (low == WIDTH ? WIDTH - 1u : low), "model: lowest set bit",
                  low, exp_index);
        hx_hit(&b, low == WIDTH ? v.empty : v.chunk[low / 64]);
        hx_hit(&b, v.density[density]);
        if (low == 0)
            hx_hit(&b, v.first);
        if (low == WIDTH - 1)
            hx_hit(&b, v.last);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
