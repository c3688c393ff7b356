/* SPDX-License-Identifier: Apache-2.0 */
/* Register-value generators for the benches (aging paper Section 3.1 patterns, Eq. 2). */
#include "stim.h"

static const char *const kind_names[STIM_KINDS] = {
    "constant", "single-delta", "double-delta", "paper-example", "flip-bit",
    "last-off-by-one", "one-delta-off", "illegal-delta", "negative-delta", "wrap-2^32", "random"};

/* Relative weights of stim_pick. */
static const uint32_t kind_weight[STIM_KINDS] = {10, 12, 24, 2, 10, 6, 10, 6, 8, 6, 16};

const char *stim_kind_name(enum stim_kind k)
{
    return k < STIM_KINDS ? kind_names[k] : "?";
}

enum stim_kind stim_pick(rng_state *r)
{
    uint32_t total = 0;
    for (unsigned k = 0; k < STIM_KINDS; k++)
        total += kind_weight[k];
    uint32_t x = rng_below(r, total);
    unsigned k = 0;
    while (x >= kind_weight[k])
        x -= kind_weight[k++];
    return (enum stim_kind)k;
}

void stim_eq2(uint32_t c0, uint32_t de, uint32_t db, uint32_t c[DRF_COMPONENTS])
{
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        c[i] = c0 + (uint32_t)(i / DRF_BLOCK_SIZE) * db + (uint32_t)(i % DRF_BLOCK_SIZE) * de;
}

/* A legal delta from a code 0..7 (7: zero). */
static uint32_t code_delta(unsigned code)
{
    return code == DRF_CODE_ZERO ? 0u : 1u << code;
}

static uint32_t random_base(rng_state *r)
{
    switch (rng_below(r, 4)) {
    case 0: return rng_below(r, 256);
    case 1: return 0;
    default: return rng_rand32(r);
    }
}

static void legal_double(rng_state *r, uint32_t c[DRF_COMPONENTS])
{
    stim_eq2(random_base(r), code_delta(rng_below(r, 8)), code_delta(rng_below(r, 8)), c);
}

/* A delta no code holds: a single bit 2^k past the largest code (k = 7..31: each bit of the
 * "bits 7..31 are zero" tests decides alone), or the sum of two codes 2^p + 2^q (p < q <= 6).
 * The sum often adds without a carry into bit q along a block (a third of such registers),
 * so a delta comparison that assumes at most one '1' in the delta still matches, and only
 * the legality test refuses the register. */
static uint32_t illegal_delta(rng_state *r)
{
    if (rng_chance(r, 1, 2))
        return 1u << (DRF_MAX_LOG2 + 1 + rng_below(r, 32 - DRF_MAX_LOG2 - 1));
    const unsigned p = rng_below(r, DRF_MAX_LOG2);
    return 1u << p | 1u << (p + 1 + rng_below(r, DRF_MAX_LOG2 - p));
}

/* A delta error: small, a single bit (one high bit of a delta wrong), or random. */
static uint32_t delta_error(rng_state *r)
{
    switch (rng_below(r, 3)) {
    case 0: return 1u + rng_below(r, 4);
    case 1: return 1u << rng_below(r, 32);
    default: return rng_rand32(r) | 1u;
    }
}

/* Shifts the tail of one block (one element delta changes) or every block from one on
 * (one block delta changes), so that a single comparator sees the difference. One time in
 * four the changed delta is the first one of a subwavefront, C_{16s+1} - C_{16s}: of the first
 * subwavefront the reference of the element deltas, of the others the one compared with the
 * buffered reference by its own test. */
static void one_delta_off(rng_state *r, uint32_t c[DRF_COMPONENTS])
{
    const uint32_t shift = delta_error(r);
    unsigned from, to;
    if (rng_chance(r, 1, 2)) {
        const bool first = rng_chance(r, 1, 4);
        const unsigned block = first
            ? rng_below(r, DRF_SUBWAVEFRONTS) * (DRF_SW_LANES / DRF_BLOCK_SIZE)
            : rng_below(r, DRF_COMPONENTS / DRF_BLOCK_SIZE);
        from = block * DRF_BLOCK_SIZE + 1 + (first ? 0 : rng_below(r, DRF_BLOCK_SIZE - 1));
        to = (block + 1) * DRF_BLOCK_SIZE;
    } else {
        from = DRF_BLOCK_SIZE * (1 + rng_below(r, DRF_COMPONENTS / DRF_BLOCK_SIZE - 1));
        to = DRF_COMPONENTS;
    }
    for (unsigned i = from; i < to; i++)
        c[i] += shift;
}

void stim_register(rng_state *r, enum stim_kind k, uint32_t c[DRF_COMPONENTS])
{
    switch (k) {
    case STIM_CONSTANT:
        stim_eq2(random_base(r), 0, 0, c);
        break;
    case STIM_SINGLE: {
        const uint32_t de = 1u << rng_below(r, 5);
        stim_eq2(random_base(r), de, DRF_BLOCK_SIZE * de, c);
        break;
    }
    case STIM_DOUBLE:
        legal_double(r, c);
        break;
    case STIM_PAPER:
        stim_eq2(2, 2, 8, c);
        break;
    case STIM_FLIP_BIT:
        legal_double(r, c);
        c[rng_below(r, DRF_COMPONENTS)] ^= 1u << rng_below(r, 32);
        break;
    case STIM_LAST_OFF:
        legal_double(r, c);
        c[DRF_COMPONENTS - 1] += rng_chance(r, 1, 2) ? 1u : ~0u;
        break;
    case STIM_ONE_DELTA:
        legal_double(r, c);
        one_delta_off(r, c);
        break;
    case STIM_ILLEGAL_DELTA:
        if (rng_chance(r, 1, 2))
            stim_eq2(random_base(r), illegal_delta(r), code_delta(rng_below(r, 8)), c);
        else
            stim_eq2(random_base(r), code_delta(rng_below(r, 8)), illegal_delta(r), c);
        break;
    case STIM_NEGATIVE: {
        const uint32_t neg = 0u - code_delta(rng_below(r, 7));
        if (rng_chance(r, 1, 2))
            stim_eq2(random_base(r), neg, code_delta(rng_below(r, 8)), c);
        else
            stim_eq2(random_base(r), code_delta(rng_below(r, 8)), neg, c);
        break;
    }
    case STIM_WRAP:
        stim_eq2(0xFFFFFFFFu - rng_below(r, 512), code_delta(rng_below(r, 7)),
                 code_delta(rng_below(r, 7)), c);
        break;
    default:
        for (unsigned i = 0; i < DRF_COMPONENTS; i++)
            c[i] = rng_rand32(r);
        break;
    }
}
