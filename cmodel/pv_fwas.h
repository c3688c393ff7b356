/* SPDX-License-Identifier: Apache-2.0 */
/* FWAS, fast-warp aware scheduling (pv-nbti-banked-rf paper Section 3.3.3): an instruction warp
 * is fast when all its operand reads and its write map to fast banks; among the ready warps the
 * fast ones issue first, round-robin within each class. */
#ifndef DELTARF_PV_FWAS_H
#define DELTARF_PV_FWAS_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_params.h"
#include "drf_api.h"

DRF_BEGIN_DECLS

DRF_STATIC_ASSERT(DRF_PV_WARPS <= 64, "warp masks are 64-bit");

/* The decode stage's fast bit: every one of the n virtual banks (reads and the write) < 11. */
bool pv_fwas_inst_fast(const uint8_t *vbanks, unsigned n);

/* --- rtl/pv_fwas.v, clocked: one issue per cycle over DRF_PV_WARPS warp slots ---------- */
typedef struct {
    bool rst;
    uint64_t ready;     /* warp w has an instruction ready to issue */
    uint64_t fast;      /* its instruction's fast bit (pv_fwas_inst_fast) */
    bool stall;         /* the issue slot is taken: nothing issues, no pointer moves */
} pv_fwas_in;

typedef struct {
    bool valid;         /* a warp is selected */
    uint8_t warp;       /* the selected warp; 0 without valid */
    bool warp_fast;     /* it is of the fast class */
} pv_fwas_out;

typedef struct {
    uint8_t last[2];    /* last issued warp of the slow [0] and the fast [1] class */
} pv_fwas_state;

/* Both pointers at the last warp: warp 0 has the highest priority after reset. */
void pv_fwas_reset(pv_fwas_state *s);
void pv_fwas_step(pv_fwas_state *s, const pv_fwas_in *in, pv_fwas_out *out);

DRF_END_DECLS

#endif
