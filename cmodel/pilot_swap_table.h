/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the swapping table of the pilot register file (pilot paper Section
 * III-B, Figs. 6-7): a CAM of 2n entries (valid, original register, mapped register) that
 * maps an architected register to its FRF or SRF location. Decisions: docs/pilot-decisions.md. */
#ifndef DELTARF_PILOT_SWAP_TABLE_H
#define DELTARF_PILOT_SWAP_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

enum {
    PST_N = DRF_PILOT_N,
    PST_ENTRIES = DRF_PILOT_ENTRIES,
    PST_REG_MASK = (1 << DRF_PILOT_REG_BITS) - 1,
    PST_LOOKUPS = DRF_PILOT_ACC_PORTS, /* lookup ports: the operands of one instruction */
    PST_VALID_BIT = 2 * DRF_PILOT_REG_BITS /* entry = {valid, original, mapped} */
};
DRF_STATIC_ASSERT(PST_ENTRIES == 2 * PST_N, "the table has 2n entries");
DRF_STATIC_ASSERT(DRF_PILOT_ENTRY_BITS == 2 * DRF_PILOT_REG_BITS + 1, "13-bit entries");

/* One entry as the RTL packs it: bit 12 valid, bits 11:6 original, bits 5:0 mapped. */
typedef uint16_t pst_entry;

static inline pst_entry pst_pack(bool v, unsigned orig, unsigned mapped)
{
    return (pst_entry)((unsigned)v << PST_VALID_BIT | (orig & PST_REG_MASK) << DRF_PILOT_REG_BITS |
                       (mapped & PST_REG_MASK));
}
static inline bool pst_valid(pst_entry e) { return e >> PST_VALID_BIT & 1u; }
static inline unsigned pst_orig(pst_entry e) { return e >> DRF_PILOT_REG_BITS & PST_REG_MASK; }
static inline unsigned pst_mapped(pst_entry e) { return e & PST_REG_MASK; }

/* --- functional API (CLI, eval) ---------------------------------------------------- */
/* A top-n list is legal when its n registers are distinct and below DRF_PILOT_REGS. */
bool pst_top_legal(const uint8_t top[PST_N]);
/* Fig. 7 left: every entry invalid (the original mapping). */
void pst_clear(pst_entry table[PST_ENTRIES]);
/* Reset to the original mapping, then apply a legal top-n (Fig. 6-7): rank k owns entries
 * 2k and 2k + 1. A top register already in the FRF (below n) stays; its pair is invalid. */
void pst_apply(pst_entry table[PST_ENTRIES], const uint8_t top[PST_N]);
/* CAM search: the location of architected register reg (itself when no entry matches). */
unsigned pst_lookup(const pst_entry table[PST_ENTRIES], unsigned reg);

/* --- clocked model of rtl/pilot_swap_table.v --------------------------------------- */
typedef struct {
    bool rst;
    bool clear;                 /* back to the original mapping (wins over apply) */
    bool apply;                 /* reset, then the top-n below applied */
    uint8_t top[PST_N];
    uint8_t look[PST_LOOKUPS];  /* architected registers searched this cycle */
} pst_in;

typedef struct {
    uint8_t phys[PST_LOOKUPS];  /* their locations (old table in the cycle of an update) */
    bool frf[PST_LOOKUPS];      /* location below n: the FRF */
    pst_entry entry[PST_ENTRIES];
    bool err_apply;             /* apply of an illegal top-n: refused, table kept */
} pst_out;

typedef struct {
    pst_entry entry[PST_ENTRIES];
} pst_state;

void pst_reset(pst_state *st);
void pst_step(pst_state *st, const pst_in *in, pst_out *out);

DRF_END_DECLS

#endif
