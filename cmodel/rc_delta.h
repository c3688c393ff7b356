/* SPDX-License-Identifier: Apache-2.0 */
/* Delta arithmetic shared by the RC compression and decompression models:
 * the zero-or-power-of-two check and the 3-bit log2 codes of Section 5.1.1,
 * and the shift-based offsets of Fig. 10 (Section 5.1.2). */
#ifndef DELTARF_RC_DELTA_H
#define DELTARF_RC_DELTA_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

/* One compression-table entry (Section 5.1.1): v, C0, log2(De), log2(Db). */
typedef struct {
    bool v;
    uint32_t c0;
    uint8_t log2de;
    uint8_t log2db;
} rc_entry;

/* A delta RC can encode: zero, or a power of two no larger than 2^DRF_MAX_LOG2. */
static inline bool rc_delta_legal(uint32_t d)
{
    return (d & (d - 1u)) == 0 && d <= (1u << DRF_MAX_LOG2);
}

/* The 3-bit code of a delta: DRF_CODE_ZERO for zero, else an OR-encoder of bits 0..6
 * (exact log2 for legal deltas; the RTL computes the same bits for illegal ones). */
static inline uint8_t rc_delta_code(uint32_t d)
{
    if (d == 0)
        return DRF_CODE_ZERO;
    const unsigned b0 = ((d >> 1) | (d >> 3) | (d >> 5)) & 1u;
    const unsigned b1 = ((d >> 2) | (d >> 3) | (d >> 6)) & 1u;
    const unsigned b2 = ((d >> 4) | (d >> 5) | (d >> 6)) & 1u;
    return (uint8_t)(b0 | b1 << 1 | b2 << 2);
}

/* Offset of id (block id or element id) for a delta code: id << code, zero for "111".
 * Only the code's DRF_CODE_BITS bits count, as in the table. */
static inline uint32_t rc_code_offset(uint8_t code, unsigned id)
{
    code &= (1u << DRF_CODE_BITS) - 1u;
    return code == DRF_CODE_ZERO ? 0u : (uint32_t)id << code;
}

/* Component i of a compressed register, Eq. (2) with BS = DRF_BLOCK_SIZE. */
static inline uint32_t rc_component(const rc_entry *e, unsigned i)
{
    return e->c0 + rc_code_offset(e->log2db, i / DRF_BLOCK_SIZE)
                 + rc_code_offset(e->log2de, i % DRF_BLOCK_SIZE);
}

DRF_END_DECLS

#endif
