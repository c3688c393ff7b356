/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D):
 * the 256x4 block bitmap preset from the fault map, its encoders, and the preventive patches
 * they obtain one stage ahead of the take (Sec. IV-E); take, release. */
#ifndef DELTARF_PSU_H
#define DELTARF_PSU_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

enum {
    PSU_ENTRIES = DRF_REGS,                /* slice entries */
    PSU_BLKS = DRF_SUBWAVEFRONTS,          /* blocks per entry */
    PSU_SLOTS = PSU_ENTRIES * PSU_BLKS,    /* bitmap bits: block b of entry e is bit 4e+b */
    PSU_WORDS = PSU_SLOTS / 64
};

/* Where the compressed-register patch comes from (pc_tier), highest priority first. */
/* enum psu_tier (params.def): FAULTY, a free block of a faulty entry; SHARED, a free block
 * of a reliable entry already holding compressed regs; WHOLE, block 0 of a whole free
 * reliable entry. */
enum { PSU_TIERS = PSU_TIER_WHOLE + 1 };

/* Inputs of one clock cycle. */
typedef struct {
    bool rst;                     /* map and bitmap cleared: a fault-free slice, no patch */
    bool load_map;                /* map and bitmap <- faulty: every patch is dropped */
    uint64_t faulty[PSU_WORDS];   /* fault map (1 = faulty block), read on load_map only */
    uint64_t fmap[PSU_WORDS];     /* the map loaded last (none after rst), held by its owner;
                                   * changes only with a load (decision 2) */
    bool take_c;                  /* occupy this cycle's compressed patch (if valid) */
    bool take_u;                  /* occupy this cycle's uncompressed patch (if valid) */
    bool rel;                     /* release the patch named by rel_entry, rel_blk, rel_c */
    uint8_t rel_entry;
    uint8_t rel_blk;              /* compressed patches only */
    bool rel_c;                   /* 1: compressed (one block), 0: uncompressed (the entry) */
} psu_in;

/* Outputs of one clock cycle, from the state before the edge and this cycle's inputs. */
typedef struct {
    bool pc_valid;                /* compressed patch; 0: the register spills */
    uint8_t pc_entry, pc_blk, pc_tier;
    bool pu_valid;                /* uncompressed patch; 0: the register spills */
    uint8_t pu_entry;
    bool ready;                   /* the selection has settled: the valid bits above mean it */
    bool err;                     /* the release names a free or a faulty block */
    uint64_t bitmap[PSU_WORDS];   /* 1 = occupied; faulty blocks always are */
} psu_out;

/* The offer register: pc_slot = 4 pc_entry + pc_blk; alt_slot: the compressed offer when
 * take_u takes pu_e and pc is a whole-entry one (decision 10); all ones: none. */
typedef struct {
    bool pc_v, pu_v, alt_v;
    uint8_t pc_tier, pu_e;
    uint16_t pc_slot, alt_slot;
} psu_offers;

typedef struct {
    uint64_t bitmap[PSU_WORDS];   /* 1 = occupied */
    psu_offers q;                 /* the selection stage: offers of the bitmap before the edge */
    bool changed;                 /* the bitmap changed at the last edge: q is of the one before */
} psu_state;

/* The state after a reset: no fault, no patch, the selection restarting. */
void psu_reset(psu_state *s);
/* The offers of this cycle are valid (registered from the current bitmap). */
bool psu_ready(const psu_state *s);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void psu_step(psu_state *s, const psu_in *in, psu_out *out);

/* rtl/psu_prio_enc.v: the lowest set bit of v[0, width), width >= 2; *valid = 0 and the
 * index all ones (ceil(log2 width) bits) when no bit is set. */
unsigned psu_prio_enc(const uint64_t *v, unsigned width, bool *valid);

/* Block b of entry e in a bitmap-shaped vector. */
static inline bool psu_bit(const uint64_t v[PSU_WORDS], unsigned e, unsigned b)
{
    const unsigned slot = e * PSU_BLKS + b;
    return v[slot / 64] >> (slot % 64) & 1u;
}

DRF_END_DECLS

#endif
