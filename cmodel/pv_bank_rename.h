/* SPDX-License-Identifier: Apache-2.0 */
/* Bank renaming table of NBTI-opt (pv-nbti-banked-rf paper Section 4.2.1, Figs. 9-10): 8 block
 * rows x 16 banks x 4 bits; at a block's launch, bank (last_warp + k) % 16, k = 0..15, gets the
 * lowest-numbered free virtual bank of its own category (fast: 0-10, slow: 11-15). */
#ifndef DELTARF_PV_BANK_RENAME_H
#define DELTARF_PV_BANK_RENAME_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_params.h"
#include "drf_api.h"

DRF_BEGIN_DECLS

/* The row of a block launched with this last warp: row[b] = virtual bank of bank b. */
void pv_rename_row(unsigned last_warp, uint8_t row[DRF_PV_BANKS]);

/* --- rtl/pv_bank_rename.v, clocked ---------------------------------------------------- */
typedef struct {
    bool rst;
    bool launch;            /* block launch_block starts: its row is renamed */
    uint8_t launch_block;   /* 0..7 */
    uint8_t launch_last_warp; /* 0..47; 48..63 is refused (err) */
    uint8_t lk_block, lk_bank;  /* lookup: (block, Eq. 3 bank) -> virtual bank */
} pv_bank_rename_in;

typedef struct {
    uint8_t lk_vbank;       /* from the row before this cycle's launch */
    bool err;               /* launch with last_warp >= 48: ignored */
} pv_bank_rename_out;

typedef struct {
    uint8_t row[DRF_PV_BLOCKS][DRF_PV_BANKS];
} pv_bank_rename_state;

/* Every row the identity (the row of last_warp 0). */
void pv_bank_rename_reset(pv_bank_rename_state *s);
void pv_bank_rename_step(pv_bank_rename_state *s, const pv_bank_rename_in *in,
                         pv_bank_rename_out *out);

DRF_END_DECLS

#endif
