/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D):
 * the 256x4 block bitmap preset from the fault map; the preventive patches (tiered candidates
 * for compressed registers, whole free entries for uncompressed) selected in
 * DRF_PSU_SEL_STAGES pipeline stages ahead of the take (Sec. IV-E); take, release. */
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
    PSU_WORDS = PSU_SLOTS / 64,
    PSU_ENTRY_WORDS = PSU_ENTRIES / 64,
    /* stage 1 of the selection: groups of PSU_GROUP_ENTRIES entries (rtl/psu.v GE) */
    PSU_GROUP_ENTRIES = DRF_PSU_GROUP_ENTRIES < PSU_ENTRIES / 2 ? DRF_PSU_GROUP_ENTRIES
                                                                : PSU_ENTRIES / 2,
    PSU_GROUPS = PSU_ENTRIES / PSU_GROUP_ENTRIES,
    PSU_GROUP_SLOTS = PSU_GROUP_ENTRIES * PSU_BLKS
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
    bool ready_next;              /* ready after this edge, if the bitmap does not change now */
    bool err;                     /* the release names a free or a faulty block */
    uint64_t bitmap[PSU_WORDS];   /* 1 = occupied; faulty blocks always are */
} psu_out;

/* Stage 1 of the selection, per group g: the lowest candidate of tiers 0 (bit g of v0, block
 * i0[g] of the group) and 1 (v1, i1), and the two lowest whole free entries (w1, e1; w2, e2).
 * An index is all ones when there is none. The valid bits are one word a kind (bit g: group
 * g), so that stage 2 finds the first groups by a bit scan. */
DRF_STATIC_ASSERT(PSU_GROUPS <= 32, "a stage-1 valid bit per group fits a 32-bit word");
DRF_STATIC_ASSERT(PSU_WORDS <= 32, "a bit per bitmap word fits psu_state's s1_dirty");
typedef struct {
    uint32_t v0, v1, w1, w2;
    uint8_t i0[PSU_GROUPS], i1[PSU_GROUPS], e1[PSU_GROUPS], e2[PSU_GROUPS];
} psu_stage1;

/* Stage 2: the offers. pc_slot = 4 pc_entry + pc_blk; alt_slot: the compressed offer when
 * take_u takes pu_e and pc is a whole-entry one (decision 10); all ones: none. */
typedef struct {
    bool pc_v, pu_v, alt_v;
    uint8_t pc_tier, pu_e;
    uint16_t pc_slot, alt_slot;
} psu_offers;

typedef struct {
    uint64_t map[PSU_WORDS];      /* 1 = faulty block */
    uint64_t bitmap[PSU_WORDS];
    psu_stage1 s1;
    psu_offers q;
    uint8_t changed;              /* bit k: the bitmap may have changed k + 1 edges ago */
    /* speed only, not the hardware's: the bitmap stage 1 was computed from; s1_stale: every
     * group to be recomputed (after a reset or a new map); s1_moved: the last edge's stage 1
     * may differ from the one before (else stage 2 keeps its offers) */
    uint64_t s1_from[PSU_WORDS];
    bool s1_stale, s1_moved;
    uint32_t s1_dirty;            /* bit w: bitmap word w taken or released since stage 1 ran */
} psu_state;

/* The state after a reset: no fault, no patch, the selection restarting. */
void psu_reset(psu_state *s);
/* The offers of this cycle are valid (the bitmap has been still for DRF_PSU_SEL_STAGES). */
bool psu_ready(const psu_state *s);
/* Ready after the next edge unless that edge changes the bitmap (a take, release or load). */
bool psu_ready_next(const psu_state *s);
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
