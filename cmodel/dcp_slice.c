/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch slice wrapper model (dc-patch paper Sections II-A and IV): mirrors rtl/dcp_slice.v
 * cycle by cycle around the PT, PSU, Com and Dec models; the Com unit one stage ahead of the
 * write port. Preventive patches, placement, the DRB replay, releases and the LDS spill
 * partition: docs/dcpatch-slice-decisions.md. */
#include "dcp_slice.h"

#include <string.h>

enum {
    LANE_ALL = (1u << DRF_SW_LANES) - 1u,
    LAST_BLK = DRF_SUBWAVEFRONTS - 1,
    CODE_MASK = (1u << DRF_CODE_BITS) - 1u,
    RELEASE_KINDS = 3 /* the old patch, the preventive compressed and uncompressed ones */
};

/* What the components and the control say in one cycle, before the clock edge. */
typedef struct {
    dcp_compress_out co;
    dcp_pt_out po;
    psu_out qo;
    dcp_pt_row fin;    /* the PT row of the write in flight when it ends */
    dcp_pt_row old;    /* the PT row of a starting write's register */
    bool wr_end, wr_busy, dealloc_ok, start_ok, divergent, take_c, take_u;
} cycle;

uint32_t dcp_stuck_at(unsigned e, unsigned b, unsigned j, uint32_t w)
{
    const uint32_t bit = 1u << ((e * DRF_SUBWAVEFRONTS + b + j) % DRF_WORD_BITS);
    return (e + j) & 1u ? w | bit : w & ~bit;
}

enum dcp_kind dcp_row_kind(const dcp_pt_row *r)
{
    return !r->v ? DCP_NONE : r->m ? DCP_SPILL : r->c ? DCP_COMP : DCP_UNC;
}

/* The wrapper's own registers (the components reset themselves on rst). */
static void reset_own(dcp_slice_state *s)
{
    memset(s->faulty, 0, sizeof s->faulty);
    memset(s->lds_used, 0, sizeof s->lds_used);
    s->x = (dcp_com_stage){0};
    s->wb = (dcp_beats){0};
    s->wr = (dcp_wr){0};
    s->relq = (dcp_rel){0};
    for (unsigned p = 0; p < DCP_PORTS; p++) {
        s->rd[p].beats = (dcp_beats){0};
        s->rd[p].kind = DCP_NONE;
        s->rd[p].entry = 0;
        memset(s->rd[p].data, 0, sizeof s->rd[p].data);
    }
}

void dcp_slice_reset(dcp_slice_state *s)
{
    dcp_pt_reset(&s->pt);
    psu_reset(&s->psu);
    dcp_compress_reset(&s->com);
    for (unsigned p = 0; p < DCP_PORTS; p++)
        dcp_decompress_reset(&s->rd[p].dec);
    reset_own(s);
}

static unsigned slot_of(unsigned entry)
{
    return entry % DRF_LDS_SPILL_SLOTS;
}

static dcp_pt_row place_row(const dcp_place *p)
{
    return (dcp_pt_row){.v = p->kind != DCP_NONE, .c = p->kind == DCP_COMP,
                        .m = p->kind == DCP_SPILL, .entry = p->entry, .blk = p->blk};
}

/* Compressed placement: the register's own compressed block, else the preventive patch;
 * kind DCP_NONE when there is neither. */
static dcp_place comp_place(const dcp_wr *w)
{
    if (dcp_row_kind(&w->old) == DCP_COMP)
        return (dcp_place){DCP_COMP, DCP_SRC_OLD, w->old.entry, w->old.blk};
    if (w->pc_v)
        return (dcp_place){DCP_COMP, DCP_SRC_PC, w->pc_entry, w->pc_blk};
    return (dcp_place){DCP_NONE, DCP_SRC_SLOT, 0, 0};
}

/* Uncompressed placement: the register's own entry, the preventive entry, its own LDS slot,
 * a new LDS slot, or none (the write is dropped). */
static dcp_place unc_place(const dcp_wr *w, bool slot_v, unsigned slot)
{
    const enum dcp_kind k = dcp_row_kind(&w->old);
    if (k == DCP_UNC)
        return (dcp_place){DCP_UNC, DCP_SRC_OLD, w->old.entry, 0};
    if (w->pu_v)
        return (dcp_place){DCP_UNC, DCP_SRC_PU, w->pu_entry, 0};
    if (k == DCP_SPILL)
        return (dcp_place){DCP_SPILL, DCP_SRC_OLD, w->old.entry, 0};
    /* no free slot: DCP_NONE, and the entry is the encoder's all-ones index, as in the RTL */
    return (dcp_place){slot_v ? DCP_SPILL : DCP_NONE, DCP_SRC_SLOT, (uint8_t)slot, 0};
}

/* The patches a finishing write holds and does not keep, highest priority first: the old
 * patch it left, the unused preventive ones. Returns how many; *first is the one queued. */
static unsigned releases_due(const dcp_wr *w, dcp_rel *first)
{
    const unsigned src = w->place.src;
    const dcp_rel cand[RELEASE_KINDS] = {
        {w->old.v && !w->old.m && src != DCP_SRC_OLD, w->old.c, w->old.entry, w->old.blk},
        {w->pc_v && src != DCP_SRC_PC, true, w->pc_entry, w->pc_blk},
        {w->pu_v && src != DCP_SRC_PU, false, w->pu_entry, 0}};
    unsigned n = 0;
    *first = (dcp_rel){0};
    for (unsigned i = 0; i < RELEASE_KINDS; i++)
        if (cand[i].v && n++ == 0)
            *first = cand[i];
    return n;
}

static uint8_t event_kind(const dcp_wr *w)
{
    if (w->place.kind == DCP_SPILL || w->place.kind == DCP_NONE)
        return DCP_EV_SPILL;
    if (w->place.src == DCP_SRC_OLD)
        return DCP_EV_NORMAL;
    return w->place.src == DCP_SRC_PC && w->pc_tier == PSU_TIER_FAULTY ? DCP_EV_FAULTY
                                                                          : DCP_EV_RELIABLE;
}

static void lds_bit(uint64_t v[DCP_LDS_WORDS], unsigned slot, bool on)
{
    const uint64_t bit = 1ull << (slot % 64);
    v[slot / 64] = on ? v[slot / 64] | bit : v[slot / 64] & ~bit;
}

/* The write's end (ev_done), the PT (its row, the reads, the walk) and the Com unit, which
 * decides whether a start is taken; the write port works on the Com stage's register. */
static void control(dcp_slice_state *s, const dcp_slice_in *in, cycle *c)
{
    const dcp_com_stage *x = &s->x;
    c->wr_end = (dcp_beats_last(&s->wb) && !x->misp) || (x->replay && x->replay_blk == LAST_BLK);
    c->wr_busy = x->ok || s->wb.valid || x->replay;
    c->fin = place_row(&s->wr.place);

    const bool dealloc_try = in->dealloc && !in->rst && !in->load_map && !c->wr_busy;
    const dcp_pt_in pin = {.rst = in->rst, .src0 = in->rd_reg[0], .src1 = in->rd_reg[1],
                           .dest = x->reg, .we = c->wr_end, .waddr = s->wr.reg,
                           .wrow = c->fin, .dealloc = dealloc_try, .reg_base = in->reg_base,
                           .n = in->n};
    dcp_pt_step(&s->pt, &pin, &c->po);
    c->dealloc_ok = dealloc_try && !c->po.err_busy && !c->po.err_window;

    /* the PSU's patches must be ready at the take, in the next cycle: no map load, walk or
     * release now */
    dcp_compress_in cin = {.rst = in->rst, .divergent = in->wr_mask != ~0ull,
                           .start = in->wr_start && !in->rst && !in->load_map &&
                                    !c->po.busy && !c->dealloc_ok && !s->relq.v};
    memcpy(cin.blk_data, in->wr_data, sizeof cin.blk_data);
    dcp_compress_step(&s->com, &cin, &c->co);
    c->start_ok = cin.start && !c->co.err_busy;
    c->divergent = x->div;
    /* a write ending now on the same register has not reached the PT yet */
    c->old = c->wr_end && s->wr.reg == x->reg ? c->fin : c->po.dest;
}

/* PSU: the preventive patches of a starting write; one release, from the queue, else from
 * the walk (they never coincide). */
static void patches(dcp_slice_state *s, const dcp_slice_in *in, cycle *c)
{
    const enum dcp_kind k = dcp_row_kind(&c->old);
    c->take_c = s->x.ok && !c->divergent && k != DCP_COMP;
    c->take_u = s->x.ok && k != DCP_UNC;
    const dcp_pt_row *w = &c->po.rel;
    psu_in qin; /* field by field: faulty is read on load_map only, and filled then only */
    memcpy(qin.fmap, s->faulty, sizeof qin.fmap);
    qin.rst = in->rst;
    qin.load_map = in->load_map;
    qin.take_c = c->take_c;
    qin.take_u = c->take_u;
    qin.rel = s->relq.v || (w->v && !w->m);
    qin.rel_entry = s->relq.v ? s->relq.entry : w->entry;
    qin.rel_blk = s->relq.v ? s->relq.blk : w->blk;
    qin.rel_c = s->relq.v ? s->relq.c : w->c;
    if (in->load_map)
        memcpy(qin.faulty, in->faulty, sizeof qin.faulty);
    psu_step(&s->psu, &qin, &c->qo);
}

/* The compressed data stored in block b of entry e: lane 0 = C0, lane 1 = the two codes. */
static rc_decompress_in stored_cdata(const dcp_slice_state *s, unsigned e, unsigned b)
{
    const uint32_t *lane = s->mem[e][b];
    return (rc_decompress_in){.c0 = lane[0],
                              .log2de = (uint8_t)(lane[1] >> DRF_CODE_BITS & CODE_MASK),
                              .log2db = (uint8_t)(lane[1] & CODE_MASK)};
}

static void read_block(const dcp_slice_state *s, unsigned kind, unsigned entry, unsigned blk,
                       uint32_t out[DRF_SW_LANES])
{
    if (kind == DCP_UNC)
        memcpy(out, s->mem[entry][blk], sizeof s->mem[0][0]);
    else if (kind == DCP_SPILL)
        memcpy(out, s->lds[slot_of(entry)][blk], sizeof s->lds[0][0]);
    else
        memset(out, 0, sizeof s->mem[0][0]);
}

/* Read port p: the block of this cycle, then the next block read from the array or the LDS
 * (a compressed register's block is read once, into the Dec unit, at the start). */
static void read_port(dcp_slice_state *s, unsigned p, bool rst, bool start,
                      const dcp_pt_row *src, dcp_slice_out *out)
{
    dcp_rdport *r = &s->rd[p];
    const enum dcp_kind kind = dcp_row_kind(src);
    const bool load = start && kind == DCP_COMP; /* the Dec unit reads its data only then */
    const rc_decompress_in cd = load ? stored_cdata(s, src->entry, src->blk)
                                     : (rc_decompress_in){0};
    const dcp_decompress_in din = {.rst = rst, .load = load, .c0 = cd.c0,
                                   .log2de = cd.log2de, .log2db = cd.log2db};
    out->rd_valid[p] = r->beats.valid;
    out->rd_blk[p] = r->beats.blk;
    if (!r->beats.valid)
        memset(out->rd_data[p], 0, sizeof out->rd_data[p]);
    else if (r->kind == DCP_COMP) /* the Dec unit's data, unwound only when forwarded */
        dcp_decompress_data(&r->dec, out->rd_data[p]);
    else
        memcpy(out->rd_data[p], r->data, sizeof r->data);
    dcp_decompress_clock(&r->dec, &din);

    if (start) {
        r->kind = (uint8_t)kind;
        r->entry = src->entry;
        read_block(s, kind, src->entry, 0, r->data);
    } else if (r->beats.valid && !dcp_beats_last(&r->beats)) {
        read_block(s, r->kind, r->entry, r->beats.blk + 1u, r->data);
    }
    dcp_beats_clock(&r->beats, rst, start);
}

/* The lanes a write does not enable, in block k: the register's old value where the write
 * moves it (the special MOV decompresses the old compressed block), zero for a first write. */
static void old_lanes(const dcp_slice_state *s, unsigned k, uint32_t out[DRF_SW_LANES])
{
    const dcp_wr *w = &s->wr;
    const enum dcp_kind kind = dcp_row_kind(&w->old);
    if (kind == DCP_COMP) {
        rc_decompress_in in = w->mov;
        in.sw = (uint8_t)k;
        rc_decompress_out o;
        rc_decompress_step(&in, &o);
        memcpy(out, o.comp, sizeof o.comp);
    } else {
        read_block(s, kind == DCP_SPILL ? DCP_SPILL : DCP_NONE, w->old.entry, k, out);
    }
}

static void mem_write(dcp_slice_state *s, unsigned e, unsigned b, const uint32_t *row,
                      unsigned lanes)
{
    const bool faulty = psu_bit(s->faulty, e, b);
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        if (lanes >> j & 1u)
            s->mem[e][b][j] = faulty ? dcp_stuck_at(e, b, j, row[j]) : row[j];
}

/* The whole row: lanes kept in place in the LDS are merged from its old row. */
static void lds_write(dcp_slice_state *s, unsigned slot, unsigned b, const uint32_t *row)
{
    memcpy(s->lds[slot_of(slot)][b], row, sizeof s->lds[0][0]);
}

/* Block k of the write goes to its placement: the compressed block in the block-0 cycle
 * (nothing in blocks 1-3), else the merged block (lanes kept in place are not written). */
static void write_block(dcp_slice_state *s, const dcp_place *pl, unsigned k, bool blk0)
{
    const dcp_com_stage *x = &s->x;
    const uint32_t *data = x->row;
    uint32_t row[DRF_SW_LANES] = {0};
    if (pl->kind == DCP_COMP) {
        row[0] = x->row[0];
        row[1] = (uint32_t)x->log2de << DRF_CODE_BITS | x->log2db;
        if (blk0)
            mem_write(s, pl->entry, pl->blk, row, LANE_ALL);
        return;
    }
    const unsigned active = (unsigned)(s->wr.mask >> (k * DRF_SW_LANES)) & LANE_ALL;
    const unsigned lanes = pl->src == DCP_SRC_OLD ? active : LANE_ALL;
    uint32_t old[DRF_SW_LANES];
    old_lanes(s, k, old);
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        row[j] = active >> j & 1u ? data[j] : old[j];
    if (pl->kind == DCP_UNC)
        mem_write(s, pl->entry, k, row, lanes);
    else if (pl->kind == DCP_SPILL)
        lds_write(s, pl->entry, k, row);
}

/* The write in flight latched from the Com stage's start: old row, preventive patches, the
 * MOV's block. */
static dcp_wr start_write(const dcp_slice_state *s, const cycle *c)
{
    dcp_wr w = {.reg = s->x.reg, .mask = s->x.mask, .old = c->old,
                .pc_v = c->take_c && c->qo.pc_valid,
                .pc_tier = c->qo.pc_tier, .pc_entry = c->qo.pc_entry,
                .pc_blk = c->qo.pc_blk, .pu_v = c->take_u && c->qo.pu_valid,
                .pu_entry = c->qo.pu_entry, .mov = s->wr.mov};
    if (dcp_row_kind(&c->old) == DCP_COMP)
        w.mov = stored_cdata(s, c->old.entry, c->old.blk);
    return w;
}

static void events(const dcp_slice_state *s, const cycle *c, unsigned due, dcp_slice_out *out)
{
    out->wr_busy = c->wr_busy;
    out->stall = c->co.busy;
    out->err_rel = c->wr_end && due > 1;
    out->psu_err = c->qo.err;
    out->dealloc_busy = c->po.busy;
    out->relq_valid = s->relq.v;
    memcpy(out->bitmap, c->qo.bitmap, sizeof out->bitmap);
    memcpy(out->lds_used, s->lds_used, sizeof out->lds_used);
    out->ev_done = c->wr_end;
    out->ev_kind = c->wr_end ? event_kind(&s->wr) : 0;
    out->ev_misp = c->wr_end && s->wr.misp;
    out->ev_compressed = c->wr_end && s->wr.place.kind == DCP_COMP;
}

/* The Com stage's register at the clock edge. */
static void com_stage(dcp_com_stage *x, const dcp_slice_in *in, const cycle *c)
{
    const dcp_compress_out *co = &c->co;
    x->ok = c->start_ok; /* field by field: every field is set, row once */
    x->div = in->wr_mask != ~0ull;
    x->compr = co->c_compr;
    x->misp = co->misp;
    x->replay = co->replay_valid;
    x->reg = in->wr_reg;
    x->replay_blk = co->replay_blk;
    x->mask = in->wr_mask;
    x->log2de = co->cdata_log2de;
    x->log2db = co->cdata_log2db;
    memcpy(x->row, co->replay_valid ? co->replay_data : in->wr_data, sizeof x->row);
}

void dcp_slice_step(dcp_slice_state *s, const dcp_slice_in *in, dcp_slice_out *out)
{
    cycle c;
    control(s, in, &c);
    patches(s, in, &c);
    out->wr_refused = in->wr_start && !in->rst && !c.start_ok;
    out->err_dealloc = in->dealloc && !c.dealloc_ok;
    out->mov = s->x.ok && c.divergent && dcp_row_kind(&c.old) == DCP_COMP;

    /* placement of this cycle's block: decided in block 0, again on a misprediction */
    uint64_t free_slots[DCP_LDS_WORDS];
    for (unsigned i = 0; i < DCP_LDS_WORDS; i++)
        free_slots[i] = ~s->lds_used[i];
    bool slot_v;
    const unsigned slot = psu_prio_enc(free_slots, DRF_LDS_SPILL_SLOTS, &slot_v);
    const bool blk0 = s->wb.valid && s->wb.blk == 0;
    const dcp_place comp = comp_place(&s->wr), unc = unc_place(&s->wr, slot_v, slot);
    const bool use_comp = s->x.compr && comp.kind == DCP_COMP;
    const dcp_place cur = blk0 ? (use_comp ? comp : unc) : s->wr.place;
    const bool re_place = s->x.misp && s->wr.place.kind == DCP_COMP;
    const bool decide_unc = (blk0 && !use_comp) || re_place;
    out->err_lds_full = decide_unc && unc.kind == DCP_NONE;

    dcp_rel rel;
    const unsigned due = releases_due(&s->wr, &rel);
    events(s, &c, due, out);
    const dcp_pt_row *src[DCP_PORTS] = {&c.po.src0, &c.po.src1};
    for (unsigned p = 0; p < DCP_PORTS; p++)
        read_port(s, p, in->rst, in->rd_start[p], src[p], out);
    if (in->rst) {
        reset_own(s);
        return;
    }

    /* the clock edge: the next write's latch reads the array before this cycle's write */
    const bool latch = s->x.ok;
    dcp_wr next;
    if (latch)
        next = start_write(s, &c);
    if (s->wb.valid || s->x.replay)
        write_block(s, &cur, s->wb.valid ? s->wb.blk : s->x.replay_blk, blk0);
    const bool leave_lds = c.wr_end && dcp_row_kind(&s->wr.old) == DCP_SPILL &&
                           s->wr.place.src != DCP_SRC_OLD;
    if (leave_lds)
        lds_bit(s->lds_used, slot_of(s->wr.old.entry), false);
    if (c.po.rel.v && c.po.rel.m)
        lds_bit(s->lds_used, slot_of(c.po.rel.entry), false);
    if (decide_unc && unc.kind == DCP_SPILL && unc.src == DCP_SRC_SLOT)
        lds_bit(s->lds_used, slot, true);
    s->relq = c.wr_end ? rel : (dcp_rel){0};

    if (latch)
        s->wr = next;
    if (blk0)
        s->wr.place = cur;
    if (re_place)
        s->wr.place = unc;
    if (s->x.misp)
        s->wr.misp = true;
    if (in->load_map)
        memcpy(s->faulty, in->faulty, sizeof s->faulty);
    dcp_beats_clock(&s->wb, false, s->x.ok);
    com_stage(&s->x, in, &c);
}
