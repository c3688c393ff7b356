/* SPDX-License-Identifier: Apache-2.0 */
/* RC slice wrapper model (aging paper Sections 2.1, 5.1): write sequencing, per-lane
 * merge, special MOV through read port B's decompression unit, power gating, poisoning.
 * Decisions are in docs/rc-decisions.md. */
#include "rc_slice.h"

#include <string.h>

#include "rc_decompress.h"

void rc_slice_reset(rc_slice_state *s)
{
    rc_ctable_reset(&s->table);
    rc_compress_reset(&s->cu);
    memset(s->pg, 0xFF, sizeof s->pg);
    s->wr_phase = 0;
    s->wr_reg = 0;
    s->wr_mask = 0;
    s->wr_mov = false;
    memset(s->rd_valid, 0, sizeof s->rd_valid);
    memset(s->rd_data, 0, sizeof s->rd_data);
}

static bool pg_on(const rc_slice_state *s, unsigned r)
{
    return s->pg[r / 64] >> (r % 64) & 1u;
}

static void pg_set(rc_slice_state *s, unsigned r, bool on)
{
    const uint64_t bit = 1ull << (r % 64);
    s->pg[r / 64] = on ? s->pg[r / 64] | bit : s->pg[r / 64] & ~bit;
}

static void decompress_sw(const rc_entry *e, unsigned sw, uint32_t out[DRF_SW_LANES])
{
    const rc_decompress_in in = {.c0 = e->c0, .log2de = e->log2de, .log2db = e->log2db,
                                 .sw = (uint8_t)sw};
    rc_decompress_out o;
    rc_decompress_step(&in, &o);
    memcpy(out, o.comp, sizeof o.comp);
}

/* What read port p returns for (reg, sw): the decompressed entry or the array. */
static void read_port(const rc_slice_state *s, const rc_entry *e, unsigned reg, unsigned sw,
                      uint32_t out[DRF_SW_LANES])
{
    if (e->v)
        decompress_sw(e, sw, out);
    else
        memcpy(out, &s->mem[reg][sw * DRF_SW_LANES], DRF_SW_LANES * sizeof out[0]);
}

void rc_slice_step(rc_slice_state *s, const rc_slice_in *in, rc_slice_out *out)
{
    const unsigned phase = s->wr_phase;
    const unsigned sw = phase ? phase - 1 : 0;
    const bool data_cycle = phase != 0;
    const bool last_cycle = phase == DRF_SUBWAVEFRONTS;
    const bool mov_active = data_cycle && s->wr_mov;
    const bool start_ok = in->wr_start && (phase == 0 || last_cycle);
    const bool divergent = in->wr_mask != ~0ull;

    /* compression unit: sees the write's subwavefronts, disabled for divergent writes */
    rc_compress_in cin = {.rst = in->rst, .start = start_ok, .divergent = divergent,
                          .dst = in->wr_reg};
    memcpy(cin.sw_data, in->wr_data, sizeof in->wr_data);
    rc_compress_out cout;
    rc_compress_step(&s->cu, &cin, &cout);

    /* compression table: port A for read A, port B for read B or the special MOV; written
     * in the last data cycle (v = 0 when the register did not compress) */
    rc_ctable_in tin = {.rst = in->rst, .we = last_cycle, .waddr = s->wr_reg,
                        .ra = in->rd_reg[0], .rb = mov_active ? s->wr_reg : in->rd_reg[1],
                        .rw = in->wr_reg};
    if (cout.compr_final)
        tin.wentry = (rc_entry){.v = true, .c0 = cout.st_c0, .log2de = cout.st_log2de,
                                .log2db = cout.st_log2db};
    rc_ctable_out tout;
    rc_ctable_step(&s->table, &tin, &tout);

    /* a start right behind the last data cycle of the same register sees its outcome */
    const bool same_reg = last_cycle && s->wr_reg == in->wr_reg;
    const bool dst_compressed = same_reg ? cout.compr_final : tout.vw;
    const bool dst_on = same_reg ? !cout.compr_final : pg_on(s, in->wr_reg);

    out->wr_phase = (uint8_t)phase;
    out->wr_overlap = in->wr_start && !start_ok;
    out->mov = start_ok && divergent && dst_compressed;
    out->wake = start_ok && !dst_on;
    memcpy(out->rd_valid, s->rd_valid, sizeof s->rd_valid);
    memcpy(out->rd_data, s->rd_data, sizeof s->rd_data);
    memcpy(out->pg, s->pg, sizeof s->pg);

    if (in->rst) {
        rc_slice_reset(s);
        return;
    }

    /* read ports: registered outputs; port B is lent to the special MOV */
    const rc_entry *port_entry[RC_READ_PORTS] = {&tout.ea, &tout.eb};
    for (unsigned p = 0; p < RC_READ_PORTS; p++) {
        const bool ok = in->rd_en[p] && !(p == 1 && mov_active);
        s->rd_valid[p] = ok;
        if (ok)
            read_port(s, port_entry[p], in->rd_reg[p], in->rd_sw[p] & 3u, s->rd_data[p]);
    }

    /* write data cycle: per-lane merge, inactive lanes from the MOV or kept */
    uint32_t mov_data[DRF_SW_LANES];
    if (mov_active)
        decompress_sw(&tout.eb, sw, mov_data);
    if (data_cycle) {
        uint32_t *row = &s->mem[s->wr_reg][sw * DRF_SW_LANES];
        for (unsigned j = 0; j < DRF_SW_LANES; j++) {
            if (s->wr_mask >> (sw * DRF_SW_LANES + j) & 1u)
                row[j] = in->wr_data[j];
            else if (mov_active)
                row[j] = mov_data[j];
        }
    }

    /* last data cycle: a compressed destination is switched off and loses its contents */
    if (last_cycle) {
        pg_set(s, s->wr_reg, !cout.compr_final);
        if (cout.compr_final)
            for (unsigned i = 0; i < DRF_COMPONENTS; i++)
                s->mem[s->wr_reg][i] = rc_poison(s->wr_reg, i);
    }

    /* write sequencer; a starting write switches its register on */
    if (start_ok) {
        s->wr_phase = 1;
        s->wr_reg = in->wr_reg;
        s->wr_mask = in->wr_mask;
        s->wr_mov = out->mov;
        pg_set(s, in->wr_reg, true);
    } else {
        s->wr_phase = (phase == 0 || last_cycle) ? 0 : (uint8_t)(phase + 1);
    }
}
