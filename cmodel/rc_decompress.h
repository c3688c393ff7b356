/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the RC decompression unit (aging paper Section 5.1.2, Fig. 10):
 * unwinds the 16 components of one subwavefront from C0, log2(De), log2(Db). */
#ifndef DELTARF_RC_DECOMPRESS_H
#define DELTARF_RC_DECOMPRESS_H

#include "drf_api.h"
#include "rc_delta.h"

DRF_BEGIN_DECLS

typedef struct {
    uint32_t c0;
    uint8_t log2de;
    uint8_t log2db;
    uint8_t sw; /* subwavefront 0..3: cnt0, cnt1 = 2*sw, 2*sw+1 */
    bool en;    /* the RTL's port: the output is read this cycle, else the RTL's is x (don't
                 * care); the model unwinds whatever en */
} rc_decompress_in;

typedef struct {
    uint32_t comp[DRF_SW_LANES];
} rc_decompress_out;

/* The unit is combinational: one evaluation per cycle. */
void rc_decompress_step(const rc_decompress_in *in, rc_decompress_out *out);

/* Fast functional API: the 64 components of a compressed register. */
void rc_decompress_register(const rc_entry *e, uint32_t comp[DRF_COMPONENTS]);

DRF_END_DECLS

#endif
