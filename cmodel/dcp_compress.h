/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the DC-Patch Com unit (dc-patch paper Section IV-C): speculative
 * compression from block 0, the Destination Register Buffer (DRB) and its replay after a
 * misprediction. The delta logic is the RC compression unit's (cmodel/rc_compress.h). */
#ifndef DELTARF_DCP_COMPRESS_H
#define DELTARF_DCP_COMPRESS_H

#include "drf_api.h"
#include "dcp_beats.h"
#include "rc_compress.h"

DRF_BEGIN_DECLS

/* Inputs of one clock cycle. start announces a destination register one cycle before
 * its blocks 0..3 arrive in blk_data in the 4 following cycles (as for rc_compress). */
typedef struct {
    bool rst;
    bool start;
    bool divergent; /* with start: the write is divergent, never compressed */
    uint32_t blk_data[DRF_SW_LANES];
} dcp_compress_in;

typedef struct {
    bool c_compr;                      /* block-0 cycle: block 0 compressible, not divergent */
    uint32_t cdata_c0;                 /* compressed data (valid with c_compr): C0, */
    uint8_t cdata_log2de, cdata_log2db; /* codes of C1 - C0 and C8 - C0 */
    bool done;                         /* 4th block cycle of an accepted write */
    bool compressed;                   /* with done: the whole register compressed */
    bool misp;                         /* with done: c_compr was 1, the register did not */
    bool replay_valid;                 /* the DRB writes block replay_blk to the slice */
    uint8_t replay_blk;
    uint32_t replay_data[DRF_SW_LANES]; /* zero when !replay_valid */
    bool busy;                         /* replay cycle: the pipeline is stalled */
    bool err_busy;                     /* a start was refused (ignored) */
} dcp_compress_out;

typedef struct {
    rc_compress_state rc;
    dcp_beats wr;     /* blocks of the accepted write */
    dcp_beats replay; /* blocks written back from the DRB */
    bool spec;        /* c_compr of the write in flight (DRB write enable for blocks 1-3) */
    uint32_t drb[DRF_SUBWAVEFRONTS][DRF_SW_LANES];
} dcp_compress_state;

void dcp_compress_reset(dcp_compress_state *s);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void dcp_compress_step(dcp_compress_state *s, const dcp_compress_in *in, dcp_compress_out *out);

DRF_END_DECLS

#endif
