/* SPDX-License-Identifier: Apache-2.0 */
/* Packing of the PV/NBTI blocks' wide ports (pv-nbti-banked-rf paper Section 3.2.3): fields of
 * equal width, field i at bits [i*width +: width], as 32-bit words low word first. */
#ifndef PV_PACK_H
#define PV_PACK_H

#include <stdint.h>
#include <string.h>

/* width <= 32 */
static inline void pv_pack(uint32_t *w, unsigned nwords, const unsigned *field, unsigned n,
                           unsigned width)
{
    memset(w, 0, nwords * sizeof *w);
    for (unsigned i = 0; i < n; i++) {
        const unsigned bit = i * width;
        const uint64_t f = (uint64_t)(field[i] & ((1u << width) - 1u)) << (bit % 32);
        w[bit / 32] |= (uint32_t)f;
        if (f >> 32)
            w[bit / 32 + 1] |= (uint32_t)(f >> 32);
    }
}

#endif
