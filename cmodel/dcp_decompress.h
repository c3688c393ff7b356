/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the DC-Patch Dec unit (dc-patch paper Section IV-C): latches the
 * compressed block of a source register and unwinds its 4 blocks in the 4 following cycles
 * with the RC decompression unit (cmodel/rc_decompress.h, aging paper Section 5.1.2). */
#ifndef DELTARF_DCP_DECOMPRESS_H
#define DELTARF_DCP_DECOMPRESS_H

#include "drf_api.h"
#include "dcp_beats.h"
#include "rc_decompress.h"

DRF_BEGIN_DECLS

typedef struct {
    bool rst;
    bool load;      /* a compressed block is read: (re)start the unwinding */
    uint32_t c0;
    uint8_t log2de; /* 3-bit codes; higher bits are ignored */
    uint8_t log2db;
} dcp_decompress_in;

typedef struct {
    bool valid;     /* block blk of the loaded register is forwarded */
    uint8_t blk;
    uint32_t data[DRF_SW_LANES]; /* when !valid: block 0 of the held entry (the RTL's is x) */
} dcp_decompress_out;

typedef struct {
    dcp_beats beats;
    rc_decompress_in held; /* C0 and codes latched by load (sw unused) */
} dcp_decompress_state;

void dcp_decompress_reset(dcp_decompress_state *s);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void dcp_decompress_step(dcp_decompress_state *s, const dcp_decompress_in *in,
                         dcp_decompress_out *out);
/* The step's two halves, for a caller that reads the data only in some cycles: this cycle's
 * data (from the state alone), and the clock edge. */
void dcp_decompress_data(const dcp_decompress_state *s, uint32_t data[DRF_SW_LANES]);
void dcp_decompress_clock(dcp_decompress_state *s, const dcp_decompress_in *in);

DRF_END_DECLS

#endif
