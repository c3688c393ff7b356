/* SPDX-License-Identifier: Apache-2.0 */
/* RC compression unit model (aging paper Section 5.1.1, Figs. 8-9, Table 1).
 * The step() model mirrors rtl/rc_compress*.v cycle by cycle; rc_compress_register()
 * is the fast whole-register equivalent for architecture simulators. */
#include "rc_compress.h"

#include <string.h>

enum { HALF = DRF_SW_LANES / 2 };

void rc_compress_reset(rc_compress_state *s)
{
    memset(s, 0, sizeof *s);
}

/* Computing-deltas module (Fig. 8): 14 element-delta and 2 block-delta subtractors,
 * 16 comparators against the reference deltas, and the zero-or-power-of-two check. */
static bool deltas_compressible(const uint32_t c[DRF_SW_LANES], uint32_t ref_e, uint32_t ref_b,
                                uint32_t cprev, bool comp_deltas)
{
    bool eq = true;
    for (unsigned j = 0; j + 1 < DRF_SW_LANES; j++)
        if (j % DRF_BLOCK_SIZE != DRF_BLOCK_SIZE - 1)
            eq &= (uint32_t)(c[j + 1] - c[j]) == ref_e;
    eq &= (uint32_t)(c[HALF] - c[0]) == ref_b;
    if (comp_deltas)
        eq &= (uint32_t)(c[0] - cprev) == ref_b;
    return eq && rc_delta_legal(ref_e) && rc_delta_legal(ref_b);
}

static uint8_t next_state(uint8_t state, const rc_compress_in *in, bool compr)
{
    if (in->start)
        return in->divergent ? RC_IDLE : RC_DELTAS_C0;
    if (state == RC_IDLE || state == RC_DELTAS_C48 || !compr)
        return RC_IDLE;
    return (uint8_t)(state + 1);
}

/* The comparators' reference deltas: the subtractors (C1 - C0, C8 - C0) unless comp_deltas
 * selects the buffers. */
static void reference_deltas(const rc_compress_state *s, bool comp_deltas,
                             const uint32_t c[DRF_SW_LANES], uint32_t *ref_e, uint32_t *ref_b)
{
    *ref_e = comp_deltas ? s->de : (uint32_t)(c[1] - c[0]);
    *ref_b = comp_deltas ? s->db : (uint32_t)(c[HALF] - c[0]);
}

void rc_compress_eval(const rc_compress_state *s, const uint32_t sw_data[DRF_SW_LANES],
                      rc_compress_out *out)
{
    const uint8_t st = s->state;
    out->state = st;
    out->w_en_delta = st == RC_DELTAS_C0;
    out->w_en_c = st >= RC_DELTAS_C0 && st <= RC_DELTAS_C32;
    out->comp_deltas = st >= RC_DELTAS_C16;
    out->final_st = st == RC_DELTAS_C48;
    out->w_en_st = st == RC_DELTAS_C48;

    uint32_t ref_e, ref_b;
    reference_deltas(s, out->comp_deltas, sw_data, &ref_e, &ref_b);
    out->compr = deltas_compressible(sw_data, ref_e, ref_b, s->cprev, out->comp_deltas);
    out->compr_final = out->final_st && out->compr;
    out->pg = !out->compr_final;
    out->st_reg = s->dst;
    out->st_c0 = s->c0;
    out->st_log2de = rc_delta_code(s->de);
    out->st_log2db = rc_delta_code(s->db);
    out->ref_log2de = rc_delta_code(ref_e);
    out->ref_log2db = rc_delta_code(ref_b);
}

void rc_compress_clock(rc_compress_state *s, const rc_compress_in *in, const rc_compress_out *out)
{
    const uint32_t *c = in->sw_data;
    if (in->rst) {
        rc_compress_reset(s);
        return;
    }
    if (out->w_en_delta) {
        s->c0 = c[0];
        reference_deltas(s, out->comp_deltas, c, &s->de, &s->db);
    }
    if (out->w_en_c)
        s->cprev = c[HALF];
    if (in->start)
        s->dst = in->dst;
    s->state = next_state(s->state, in, out->compr);
}

void rc_compress_step(rc_compress_state *s, const rc_compress_in *in, rc_compress_out *out)
{
    rc_compress_eval(s, in->sw_data, out);
    rc_compress_clock(s, in, out);
}

bool rc_compress_register(const uint32_t comp[DRF_COMPONENTS], rc_entry *e)
{
    const uint32_t c0 = comp[0];
    const uint32_t de = comp[1] - c0;
    const uint32_t db = comp[DRF_BLOCK_SIZE] - c0;
    if (!rc_delta_legal(de) || !rc_delta_legal(db))
        return false;
    uint32_t mismatch = 0;
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        mismatch |= comp[i] ^ (c0 + (i / DRF_BLOCK_SIZE) * db + (i % DRF_BLOCK_SIZE) * de);
    if (mismatch)
        return false;
    *e = (rc_entry){.v = true, .c0 = c0, .log2de = rc_delta_code(de),
                    .log2db = rc_delta_code(db)};
    return true;
}

enum rc_pattern rc_classify(const uint32_t comp[DRF_COMPONENTS])
{
    rc_entry e;
    if (!rc_compress_register(comp, &e))
        return RC_PATTERN_OTHER;
    if (e.log2de == DRF_CODE_ZERO && e.log2db == DRF_CODE_ZERO)
        return RC_PATTERN_CONSTANT;
    if (e.log2de != DRF_CODE_ZERO &&
        rc_code_offset(e.log2db, 1) == DRF_BLOCK_SIZE * rc_code_offset(e.log2de, 1))
        return RC_PATTERN_SINGLE;
    return RC_PATTERN_DOUBLE;
}

const char *rc_pattern_name(enum rc_pattern p)
{
    static const char *const names[RC_PATTERN_KINDS] = {"other", "constant", "single-delta",
                                                         "double-delta"};
    return p < RC_PATTERN_KINDS ? names[p] : "?";
}
