/* SPDX-License-Identifier: Apache-2.0 */
/* Partitioned register file of the pilot paper (Sections III-B, IV-C, V-B): prf_step()
 * mirrors rtl/pilot_rf.v cycle by cycle. Two swapping tables: a new top-n goes into the one
 * no live warp uses, so no value ever moves (docs/pilot-decisions.md). */
#include "pilot_rf.h"

#include <string.h>

void prf_reset(prf_state *st)
{
    pst_reset(&st->tbl[0]);
    pst_reset(&st->tbl[1]);
    st->gen = false;
    st->live = st->warp_gen = 0;
    memset(&st->out, 0, sizeof st->out);
    memset(st->pipe, 0, sizeof st->pipe);
}

void prf_clear_storage(prf_state *st)
{
    memset(st->frf, 0, sizeof st->frf);
    memset(st->srf, 0, sizeof st->srf);
}

static uint32_t *location(prf_state *st, unsigned warp, unsigned loc)
{
    return loc < PRF_N ? &st->frf[warp][loc] : &st->srf[warp][loc - PRF_N];
}

/* A table change is refused while a live warp uses the table it would overwrite. */
static bool other_table_busy(const prf_state *st)
{
    const uint64_t other = st->gen ? ~st->warp_gen : st->warp_gen;
    return (st->live & other) != 0;
}

static void advance_reads(prf_state *st, bool read, unsigned lat, uint32_t data, uint8_t tag)
{
    const prf_resp now = {true, data, tag};
    st->out = read && lat == 1 ? now : st->pipe[0];
    st->pipe[0] = read && lat == 2 ? now : st->pipe[1];
    st->pipe[1] = read && lat == 3 ? now : (prf_resp){0};
}

void prf_step(prf_state *st, const prf_in *in, prf_out *out)
{
    const unsigned w = in->req_warp & PRF_WARP_MASK, reg = in->req_reg & PST_REG_MASK;
    const unsigned sw = in->start_warp & PRF_WARP_MASK, ew = in->end_warp & PRF_WARP_MASK;
    const bool wgen = st->warp_gen >> w & 1u;
    const unsigned loc = pst_lookup(st->tbl[wgen].entry, reg);
    const bool frf = loc < PRF_N;
    const unsigned lat = prf_latency(frf, in->mode);
    const bool read = in->req && !in->req_we;

    out->gen = st->gen;
    out->live = st->live;
    out->warp_gen = st->warp_gen;
    out->err_req = in->req && (!(st->live >> w & 1u) || reg >= PRF_REGS);
    out->stall = read && !out->err_req &&
                 ((lat == 1 && st->pipe[0].valid) || (lat == 2 && st->pipe[1].valid));
    out->accept = in->req && !out->err_req && !out->stall;
    out->err_warp = (in->warp_start && (st->live >> sw & 1u)) ||
                    (in->warp_end && !(st->live >> ew & 1u));
    uint8_t top[PST_N];
    for (unsigned k = 0; k < PST_N; k++)
        top[k] = in->tbl_top[k] & PST_REG_MASK;
    const bool apply_ok = in->tbl_apply && !other_table_busy(st) && pst_top_legal(top);
    out->err_tbl = in->tbl_apply && !apply_ok;
    out->acc_frf = frf;
    out->acc_loc = (uint8_t)loc;
    out->acc_lat = (uint8_t)lat;
    out->rvalid = st->out.valid;
    out->rdata = st->out.data;
    out->rtag = st->out.tag;

    if (in->rst) {
        prf_reset(st);
        return;
    }
    const bool acc_read = out->accept && !in->req_we;
    uint32_t *cell = location(st, w, loc < PRF_REGS ? loc : 0);
    advance_reads(st, acc_read, lat, acc_read ? *cell : 0, acc_read ? in->req_tag & PRF_TAG_MASK : 0);
    if (out->accept && in->req_we)
        *cell = in->req_wdata;
    if (in->warp_end && (st->live >> ew & 1u))
        st->live &= ~(1ull << ew);
    if (in->warp_start && !(out->live >> sw & 1u)) {
        st->live |= 1ull << sw;
        st->warp_gen = (st->warp_gen & ~(1ull << sw)) | (uint64_t)st->gen << sw;
    }
    if (apply_ok) {
        pst_apply(st->tbl[!st->gen].entry, top);
        st->gen = !st->gen;
    }
}
