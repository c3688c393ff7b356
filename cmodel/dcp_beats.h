/* SPDX-License-Identifier: Apache-2.0 */
/* 4-beat sequencer of the DC-Patch Com and Dec units (dc-patch paper Section IV-C): a
 * register crosses a unit as blocks 0..3 in successive cycles (mirrors rtl/dcp_beats.v). */
#ifndef DELTARF_DCP_BEATS_H
#define DELTARF_DCP_BEATS_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

typedef struct {
    bool valid;  /* a block of the register is due this cycle */
    uint8_t blk; /* which one, 0..3 (0 when !valid) */
} dcp_beats;

static inline bool dcp_beats_last(const dcp_beats *b)
{
    return b->valid && b->blk == DRF_SUBWAVEFRONTS - 1;
}

/* The clock edge: rst clears, load starts block 0 (restarting any beat in progress). */
static inline void dcp_beats_clock(dcp_beats *b, bool rst, bool load)
{
    if (rst || load) {
        b->valid = !rst;
        b->blk = 0;
    } else if (b->valid) {
        b->valid = !dcp_beats_last(b);
        b->blk = (uint8_t)((b->blk + 1) % DRF_SUBWAVEFRONTS);
    }
}

DRF_END_DECLS

#endif
