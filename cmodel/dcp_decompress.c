/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Dec unit model (dc-patch paper Section IV-C): mirrors rtl/dcp_decompress.v cycle
 * by cycle; each block is unwound by rc_decompress_step (aging paper Section 5.1.2). */
#include "dcp_decompress.h"

#include <string.h>

enum { CODE_MASK = (1u << DRF_CODE_BITS) - 1u };

void dcp_decompress_reset(dcp_decompress_state *s)
{
    memset(s, 0, sizeof *s);
}

void dcp_decompress_data(const dcp_decompress_state *s, uint32_t data[DRF_SW_LANES])
{
    rc_decompress_in dec = s->held;
    dec.sw = s->beats.blk;
    rc_decompress_out comp;
    rc_decompress_step(&dec, &comp);
    memcpy(data, comp.comp, sizeof comp.comp);
}

void dcp_decompress_clock(dcp_decompress_state *s, const dcp_decompress_in *in)
{
    if (in->rst)
        memset(&s->held, 0, sizeof s->held);
    else if (in->load)
        s->held = (rc_decompress_in){.c0 = in->c0, .log2de = in->log2de & CODE_MASK,
                                     .log2db = in->log2db & CODE_MASK};
    dcp_beats_clock(&s->beats, in->rst, in->load);
}

void dcp_decompress_step(dcp_decompress_state *s, const dcp_decompress_in *in,
                         dcp_decompress_out *out)
{
    out->valid = s->beats.valid;
    out->blk = s->beats.blk;
    dcp_decompress_data(s, out->data);
    dcp_decompress_clock(s, in);
}
