/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Patching Table model (dc-patch paper Section IV-B, walk of Section IV-D): mirrors
 * rtl/dcp_pt.v cycle by cycle. The walk starts the cycle after dealloc and visits one row a
 * cycle in ascending order. Decisions: docs/dcpatch-pt-decisions.md. */
#include "dcp_pt.h"

enum {
    ENTRY_MASK = (1 << DRF_PT_ENTRY_BITS) - 1,
    BLK_MASK = (1 << DRF_BLK_BITS) - 1,
};

void dcp_pt_reset(dcp_pt_state *s)
{
    for (unsigned r = 0; r < DRF_REGS; r++)
        s->row[r].v = false;
    s->left = 0;
}

dcp_pt_row dcp_pt_read(const dcp_pt_state *s, uint8_t addr)
{
    const dcp_pt_row r = s->row[addr];
    return r.v ? r : (dcp_pt_row){0};
}

/* n == 0 or a window past the slice: a dealloc of it is refused. */
static bool window_bad(uint8_t reg_base, uint16_t n)
{
    const unsigned nn = n & DCP_PT_N_MASK;
    return nn == 0 || reg_base + nn > DRF_REGS;
}

/* The clock edge of the walk: invalidate the visited row and move on, or start a walk. */
static void walk_edge(dcp_pt_state *s, const dcp_pt_in *in)
{
    if (s->left) {
        s->row[s->ptr].v = false;
        s->ptr++;
        s->left--;
    } else if (in->dealloc && !window_bad(in->reg_base, in->n)) {
        s->ptr = in->reg_base;
        s->left = in->n & DCP_PT_N_MASK;
    }
}

void dcp_pt_step(dcp_pt_state *s, const dcp_pt_in *in, dcp_pt_out *out)
{
    const bool walking = s->left != 0;
    out->src0 = dcp_pt_read(s, in->src0);
    out->src1 = dcp_pt_read(s, in->src1);
    out->dest = dcp_pt_read(s, in->dest);
    out->rel = walking ? dcp_pt_read(s, s->ptr) : (dcp_pt_row){0};
    out->busy = walking;
    out->err_busy = in->dealloc && walking;
    out->err_window = in->dealloc && window_bad(in->reg_base, in->n);
    out->err_conflict = in->we && walking && in->waddr == s->ptr;
    if (in->rst) {
        dcp_pt_reset(s);
        return;
    }
    walk_edge(s, in);
    if (in->we) { /* after the walk's invalidation: the write wins a conflict */
        dcp_pt_row w = in->wrow;
        w.entry &= ENTRY_MASK;
        w.blk &= BLK_MASK;
        s->row[in->waddr] = w;
    }
}
