/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RC decompression unit (aging paper Section 5.1.2, Fig. 10):
 * cmodel/rc_decompress.c against rtl/rc_decompress.v, one subwavefront per cycle, and
 * both against Eq. (2) computed with multiplications. A transaction is a register read. */
#include "harness.h"
#include "ports_rc_decompress.h"
#include "rc_decompress.h"
#include "stim.h"

static uint32_t random_c0(rng_state *r)
{
    switch (rng_below(r, 4)) {
    case 0: return 0xFFFFFFFFu - rng_below(r, 1024); /* wraps around 2^32 */
    case 1: return rng_below(r, 256);
    default: return rng_rand32(r);
    }
}

/* A read subwavefront: the RTL's lanes are the model's, and the model's are Eq. (2)'s. */
static void check_read(hx_bench *b, const rc_decompress_ports *p, const rc_decompress_out *o,
                       const uint32_t eq2[DRF_SW_LANES])
{
    hx_expect_words(b, p->comp, o->comp, DRF_SW_LANES);
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        hx_assert(b, o->comp[j] == eq2[j], "model == Eq. (2)", eq2[j], o->comp[j]);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "rc_decompress", "register reads", argc, argv, 100000);
    rc_decompress_ports p;
    rc_decompress_open(&b, &p);
    unsigned codes[8][8], sws[DRF_SUBWAVEFRONTS];
    for (unsigned e = 0; e < 8; e++)
        for (unsigned d = 0; d < 8; d++)
            codes[e][d] = hx_bin(&b, "read with log2de=%u log2db=%u", e, d);
    for (unsigned k = 0; k < DRF_SUBWAVEFRONTS; k++)
        sws[k] = hx_bin(&b, "subwavefront %u", k);
    const unsigned paper = hx_bin(&b, "paper example C0=2 log2de=1 log2db=3");
    const unsigned unread = hx_bin(&b, "not read (en = 0: the output is x)");

    hx_arm(&b); /* combinational: nothing to reset */
    while (hx_running(&b)) {
        const bool is_paper = rng_chance(&b.rng, 1, 100);
        const rc_entry e = {.v = true, .c0 = is_paper ? 2 : random_c0(&b.rng),
                            .log2de = (uint8_t)(is_paper ? 1 : rng_below(&b.rng, 8)),
                            .log2db = (uint8_t)(is_paper ? 3 : rng_below(&b.rng, 8))};
        uint32_t eq2[DRF_COMPONENTS];
        stim_eq2(e.c0, rc_code_offset(e.log2de, 1), rc_code_offset(e.log2db, 1), eq2);
        for (unsigned k = 0; k < DRF_SUBWAVEFRONTS && hx_running(&b); k++) {
            const rc_decompress_in in = {.c0 = e.c0, .log2de = e.log2de, .log2db = e.log2db,
                                         .sw = (uint8_t)k, .en = !rng_chance(&b.rng, 1, 8)};
            hx_set(&b, p.c0, in.c0);
            hx_set(&b, p.log2de, in.log2de);
            hx_set(&b, p.log2db, in.log2db);
            hx_set(&b, p.sw, in.sw);
            hx_set(&b, p.en, in.en);
            hx_eval(&b);
            rc_decompress_out o;
            rc_decompress_step(&in, &o);
            if (in.en)
                check_read(&b, &p, &o, &eq2[k * DRF_SW_LANES]);
            else
                hx_dont_care(&b, p.comp, "not read: x");
            hx_hit(&b, in.en ? sws[k] : unread);
            hx_tick(&b);
        }
        hx_hit(&b, codes[e.log2de][e.log2db]);
        if (is_paper)
            hx_hit(&b, paper);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
