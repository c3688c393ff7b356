/* SPDX-License-Identifier: Apache-2.0 */
/* Seeded register-value generators for the benches, biased toward the aging paper's
 * patterns (Section 3.1, Eq. 2) and their near misses. */
#ifndef STIM_H
#define STIM_H

#include <stdint.h>

#include "drf_params.h"
#include "rng.h"

enum stim_kind {
    STIM_CONSTANT,     /* all components equal */
    STIM_SINGLE,       /* C_i = b + i*De */
    STIM_DOUBLE,       /* Eq. (2), BS = 8, every legal code pair */
    STIM_PAPER,        /* 2-4-6-8-10-12-14-16-10-12-...: C0 = 2, De = 2, Db = 8 */
    STIM_FLIP_BIT,     /* a compressible register with one bit flipped */
    STIM_LAST_OFF,     /* a compressible register whose last component is off by one */
    STIM_ONE_DELTA,    /* exactly one element delta or one block delta differs */
    STIM_ILLEGAL_DELTA,/* De or Db = 2^k, k = 7..31 (past the largest code), or two '1's in 0..6 */
    STIM_NEGATIVE,     /* a negative delta */
    STIM_WRAP,         /* legal deltas wrapping around 2^32 */
    STIM_RANDOM,       /* fully random */
    STIM_KINDS
};

const char *stim_kind_name(enum stim_kind k);
enum stim_kind stim_pick(rng_state *r);
void stim_register(rng_state *r, enum stim_kind k, uint32_t c[DRF_COMPONENTS]);
/* Eq. (2): C_i = c0 + (i / BS) * db + (i % BS) * de, modulo 2^32. */
void stim_eq2(uint32_t c0, uint32_t de, uint32_t db, uint32_t c[DRF_COMPONENTS]);

#endif
