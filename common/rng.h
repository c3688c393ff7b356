/* SPDX-License-Identifier: Apache-2.0 */
/* The project's one seeded generator (xoshiro256** seeded with splitmix64), at the bottom:
 * fault maps (cmodel), stimulus (tb) and the evaluation (eval) draw from it, so the same seed
 * gives the same numbers on every machine. Internal to deltarf: not installed. */
#ifndef DRF_COMMON_RNG_H
#define DRF_COMMON_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t s[4];
} rng_state;

static inline uint64_t rng_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void rng_seed(rng_state *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix64(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_rand64(rng_state *r)
{
    const uint64_t result = rng_rotl(r->s[1] * 5, 7) * 9;
    const uint64_t t = r->s[1] << 17;
    r->s[2] ^= r->s[0];
    r->s[3] ^= r->s[1];
    r->s[1] ^= r->s[2];
    r->s[0] ^= r->s[3];
    r->s[2] ^= t;
    r->s[3] = rng_rotl(r->s[3], 45);
    return result;
}

static inline uint32_t rng_rand32(rng_state *r)
{
    return (uint32_t)(rng_rand64(r) >> 32);
}

/* Uniform in [0, n), n > 0. */
static inline uint32_t rng_below(rng_state *r, uint32_t n)
{
    return (uint32_t)(((rng_rand64(r) >> 32) * (uint64_t)n) >> 32);
}

/* True with probability num/den. */
static inline bool rng_chance(rng_state *r, uint32_t num, uint32_t den)
{
    return rng_below(r, den) < num;
}

#endif
