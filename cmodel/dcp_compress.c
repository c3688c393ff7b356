/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Com unit model (dc-patch paper Section IV-C): c_compr from block 0, the DRB and
 * its 4-cycle replay on a misprediction. Mirrors rtl/dcp_compress.v cycle by cycle; the
 * delta logic is one embedded RC compression unit (aging paper Section 5.1.1). */
#include "dcp_compress.h"

#include <string.h>

void dcp_compress_reset(dcp_compress_state *s)
{
    memset(s, 0, sizeof *s);
}

/* A start is taken when its blocks will find the write port free: no write in flight
 * (or its 4th block now, without a misprediction) and no replay (or its last cycle). */
static bool start_accepted(const dcp_compress_state *s, bool start, bool misp)
{
    const bool wr_free = !s->wr.valid || (dcp_beats_last(&s->wr) && !misp);
    const bool replay_free = !s->replay.valid || dcp_beats_last(&s->replay);
    return start && wr_free && replay_free;
}

static void replay_outputs(const dcp_compress_state *s, dcp_compress_out *out)
{
    out->replay_valid = s->replay.valid;
    out->replay_blk = s->replay.blk;
    out->busy = s->replay.valid;
    if (s->replay.valid)
        memcpy(out->replay_data, s->drb[s->replay.blk], sizeof out->replay_data);
    else
        memset(out->replay_data, 0, sizeof out->replay_data);
}

/* The DRB keeps the blocks of a write speculated compressible (c_compr = 1); spec
 * remembers c_compr for blocks 1-3. The DRB is not reset. */
static void clock_drb(dcp_compress_state *s, const dcp_compress_in *in, bool c_compr)
{
    const bool first = s->wr.valid && s->wr.blk == 0;
    if (in->rst) {
        s->spec = false;
        return;
    }
    if (s->wr.valid && (first ? c_compr : s->spec))
        memcpy(s->drb[s->wr.blk], in->blk_data, sizeof s->drb[0]);
    if (first)
        s->spec = c_compr;
}

void dcp_compress_step(dcp_compress_state *s, const dcp_compress_in *in, dcp_compress_out *out)
{
    rc_compress_out rc;
    rc_compress_eval(&s->rc, in->blk_data, &rc);
    const bool wr_last = dcp_beats_last(&s->wr);
    out->c_compr = rc.w_en_delta && rc.compr;
    out->cdata_c0 = in->blk_data[0];
    out->cdata_log2de = rc.ref_log2de;
    out->cdata_log2db = rc.ref_log2db;
    out->done = wr_last;
    out->compressed = rc.compr_final;
    out->misp = wr_last && s->spec && !rc.compr_final;
    replay_outputs(s, out);
    const bool accept = start_accepted(s, in->start, out->misp);
    out->err_busy = in->start && !accept;

    rc_compress_in rc_in = {.rst = in->rst, .start = accept, .divergent = in->divergent};
    memcpy(rc_in.sw_data, in->blk_data, sizeof rc_in.sw_data);
    rc_compress_clock(&s->rc, &rc_in, &rc);
    clock_drb(s, in, out->c_compr);
    dcp_beats_clock(&s->wr, in->rst, accept);
    dcp_beats_clock(&s->replay, in->rst, out->misp);
}
