/* SPDX-License-Identifier: Apache-2.0 */
/* Register-to-bank mapping of the PV/NBTI banked RF (pv-nbti-banked-rf paper Section 3.3.1,
 * Eq. 3: bank = (warp_ID + register_ID) % 16) and its fast-bank aware variant FBA-RM
 * (Section 3.3.2): the kernel's small-ID registers on the 11 fast banks, the rest on the 5 slow. */
#ifndef DELTARF_PV_BANK_MAP_H
#define DELTARF_PV_BANK_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_params.h"
#include "drf_api.h"

DRF_BEGIN_DECLS

enum { PV_SLOW_BANKS = DRF_PV_BANKS - DRF_PV_FAST_BANKS };

/* Inputs of rtl/pv_bank_map.v (combinational). */
typedef struct {
    uint8_t warp;      /* 0..DRF_PV_WARPS-1 (6 bits, not checked) */
    uint8_t reg;       /* register ID 0..63 */
    uint8_t fast_regs; /* FBA-RM: registers 0..fast_regs-1 of every warp go to fast banks, 0..64 */
} pv_bank_map_in;

typedef struct {
    uint8_t bank;      /* Eq. (3) over the 16 banks */
    uint8_t bank_fba;  /* FBA-RM: (w + r) % 11 when r < fast_regs, else 11 + (w + r) % 5 */
    bool fba_fast;     /* bank_fba is a fast bank (0-10) */
} pv_bank_map_out;

void pv_bank_map_step(const pv_bank_map_in *in, pv_bank_map_out *out);

/* Eq. (3): (warp_ID + register_ID) % 16. */
unsigned pv_bank_eq3(unsigned warp, unsigned reg);
/* FBA-RM step (1) at kernel launch: how many small-ID registers per warp the fast banks hold
 * for `warps` warps of `regs` registers each: all of them when warps * regs <= 11 * 64,
 * otherwise floor(11 * 64 / warps) (docs/pv-decisions.md D5). */
unsigned pv_fba_fast_regs(unsigned warps, unsigned regs);

DRF_END_DECLS

#endif
