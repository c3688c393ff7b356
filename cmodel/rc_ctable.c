/* SPDX-License-Identifier: Apache-2.0 */
/* RC compression table model (aging paper Section 5.1.1): written in the last FSM state
 * when compressible, invalidated by a non-compressible write, read by decompression. */
#include "rc_ctable.h"

void rc_ctable_reset(rc_ctable_state *s)
{
    for (unsigned r = 0; r < DRF_REGS; r++)
        s->entry[r].v = false;
}

rc_entry rc_ctable_read(const rc_ctable_state *s, uint8_t addr)
{
    const rc_entry e = s->entry[addr];
    return e.v ? e : (rc_entry){0};
}

void rc_ctable_step(rc_ctable_state *s, const rc_ctable_in *in, rc_ctable_out *out)
{
    out->ea = rc_ctable_read(s, in->ra);
    out->eb = rc_ctable_read(s, in->rb);
    out->vw = s->entry[in->rw].v;
    if (in->rst) {
        rc_ctable_reset(s);
        return;
    }
    if (in->we) {
        rc_entry w = in->wentry;
        w.log2de &= 7u;
        w.log2db &= 7u;
        s->entry[in->waddr] = w;
    }
}
