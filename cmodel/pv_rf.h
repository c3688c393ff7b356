/* SPDX-License-Identifier: Apache-2.0 */
/* PV/NBTI banked register file (pv-nbti-banked-rf paper Sections 3.2-3.3.1, 4.2): Eq. (3)
 * banks renamed per block, looked up in the bank organization table, arbitrated with the
 * busy latches, over a store of 32 sub-banks x 64 rows x 512 bits (two per register vector). */
#ifndef DELTARF_PV_RF_H
#define DELTARF_PV_RF_H

#include <stdbool.h>
#include <stdint.h>

#include "pv_bank_org.h"
#include "pv_bank_rename.h"
#include "pv_busy_arb.h"
#include "drf_api.h"

DRF_BEGIN_DECLS

enum {
    PV_VEC_WORDS = DRF_PV_VEC_BITS / 32,
    PV_HALF_WORDS = PV_VEC_WORDS / 2,   /* a sub-bank holds threads 0-15 or 16-31 */
    PV_KSHIFT_MAX = 2                   /* 16 << kshift registers per warp: 16, 32, 64 */
};

typedef struct {
    bool rst;
    bool launch;                    /* block launch_block takes warps first..last */
    uint8_t launch_block, launch_first, launch_last;
    bool retire;                    /* block retire_block ends, its warps are free */
    uint8_t retire_block;
    bool reorg;                     /* kernel launch: no block live; rank delays, set kshift */
    uint8_t reorg_kshift;
    uint16_t delay[DRF_PV_SUBBANKS];
    bool req, we;                   /* one register-vector access per cycle */
    uint8_t warp, reg;
    uint32_t wdata[PV_VEC_WORDS];
} pv_rf_in;

typedef struct {
    bool grant;                     /* the access happens this cycle */
    bool stall;                     /* legal, but its virtual bank is busy: retry */
    bool err_access, err_launch, err_retire, err_reorg; /* refused, no effect */
    uint8_t vbank, sb0, sb1;        /* the access's renamed bank and its two sub-banks */
    bool slow;
    bool org_busy;                  /* the re-organization is ranking (pv_bank_org, D8) */
    uint32_t rdata[PV_VEC_WORDS];   /* the vector read on a granted read, else 0 */
} pv_rf_out;

typedef struct {
    pv_bank_org_state org;
    pv_bank_rename_state ren;
    pv_busy_arb_state arb;
    uint64_t warp_owned;            /* warps of a live block */
    uint8_t warp_block[DRF_PV_WARPS];
    uint8_t block_live;
    uint8_t kshift;
    uint32_t store[DRF_PV_SUBBANKS][DRF_PV_ENTRIES][PV_HALF_WORDS];
} pv_rf_state;

/* Reset: no block live, kshift 0, identity tables; the store keeps its contents (zero at
 * power-on in the model; the RTL's is undefined and never read before written). */
void pv_rf_reset(pv_rf_state *s);
void pv_rf_power_on(pv_rf_state *s);
void pv_rf_step(pv_rf_state *s, const pv_rf_in *in, pv_rf_out *out);

/* The row of (warp, reg): each warp owns 1 << kshift rows of every bank. */
static inline unsigned pv_rf_row(unsigned warp, unsigned reg, unsigned kshift)
{
    return warp << kshift | reg >> 4;
}

DRF_END_DECLS

#endif
