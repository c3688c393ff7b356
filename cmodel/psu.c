/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Patching Selection Unit model (dc-patch paper Section IV-D, preventive patches
 * obtained in prior stages, Sec. IV-E); mirrors rtl/psu.v cycle by cycle, its selection stage
 * included. Decisions where the paper is silent: docs/dcpatch-psu-decisions.md. */
#include "psu.h"

#include <string.h>

enum { NIB_MASK = (1u << PSU_BLKS) - 1u, ENTRIES_PER_WORD = 64 / PSU_BLKS, NO_SLOT = PSU_SLOTS - 1u };
_Static_assert(PSU_BLKS == 4 && PSU_ENTRIES % 64 == 0,
               "the word-parallel nibble masks below assume 4 blocks an entry, 64 entries a word");
_Static_assert(DRF_PSU_PATCH_CYCLES == 2, "one selection stage, then the take (rtl/psu.v)");
static const uint64_t NIB_LSB = 0x1111111111111111ull; /* bit 0 of every nibble */

void psu_reset(psu_state *s)
{
    memset(s, 0, sizeof *s);
    s->changed = true;
}

bool psu_ready(const psu_state *s)
{
    return !s->changed;
}

/* An encoder's index when no input is set: all ones over its power-of-two leaves. */
static unsigned none_index(unsigned width)
{
    unsigned leaves = 2;
    while (leaves < width)
        leaves *= 2;
    return leaves - 1u;
}

unsigned psu_prio_enc(const uint64_t *v, unsigned width, bool *valid)
{
    for (unsigned w = 0; w * 64 < width; w++) {
        const unsigned left = width - w * 64;
        const uint64_t x = left < 64 ? v[w] & ((1ull << left) - 1u) : v[w];
        if (x) {
            *valid = true;
            return w * 64 + (unsigned)__builtin_ctzll(x);
        }
    }
    *valid = false;
    return none_index(width);
}

/* Bit 4k set where nibble k (entry k of the word) of v is not zero. */
static uint64_t nonzero_nibbles(uint64_t v)
{
    v |= v >> 1;
    v |= v >> 2;
    return v & NIB_LSB;
}

/* Word w's candidates of tiers 0 (*faulty_t) and 1 (*shared_t); returns its blocks of whole
 * free entries (all blocks free, hence reliable: faulty blocks are occupied). */
static uint64_t tiers(const psu_state *s, const uint64_t fmap[PSU_WORDS], unsigned w,
                      uint64_t *faulty_t, uint64_t *shared_t)
{
    const uint64_t free = ~s->bitmap[w], faulty = nonzero_nibbles(fmap[w]) * NIB_MASK;
    const uint64_t whole = (~nonzero_nibbles(s->bitmap[w]) & NIB_LSB) * NIB_MASK;
    *faulty_t = free & faulty;
    *shared_t = free & ~faulty & ~whole;
    return whole;
}

/* Bit k set where entry k of word w's 16 entries is whole: its block-0 bits (every fourth)
 * gathered in three halvings. */
static uint64_t entry_bits_of(uint64_t whole_blocks)
{
    uint64_t e = whole_blocks & NIB_LSB;                 /* bit 4k */
    e = (e | e >> 3) & 0x0303030303030303ull;            /* bits 8j, 8j + 1 */
    e = (e | e >> 6) & 0x000f000f000f000full;            /* bits 16j .. 16j + 3 */
    e = (e | e >> 12) & 0x000000ff000000ffull;           /* bits 32j .. 32j + 7 */
    return (e | e >> 24) & 0xffffull;
}

/* The selection stage (rtl/psu.v q_d): the lowest candidate of the first tier (decisions 8-9),
 * the first whole free entry and the second (the steered offer, decision 10). */
static void select(const psu_state *s, const uint64_t fmap[PSU_WORDS], psu_offers *q)
{
    uint64_t t0[PSU_WORDS], t1[PSU_WORDS], whole[PSU_ENTRIES / 64] = {0};
    for (unsigned w = 0; w < PSU_WORDS; w++)
        whole[w / 4] |= entry_bits_of(tiers(s, fmap, w, &t0[w], &t1[w]))
                        << (w % 4 * ENTRIES_PER_WORD);
    bool a0, a1, aw, aw2;
    const unsigned s0 = psu_prio_enc(t0, PSU_SLOTS, &a0);
    const unsigned s1 = psu_prio_enc(t1, PSU_SLOTS, &a1);
    const unsigned ue = psu_prio_enc(whole, PSU_ENTRIES, &aw);
    if (aw)
        whole[ue / 64] &= ~(1ull << (ue % 64));
    const unsigned ue2 = psu_prio_enc(whole, PSU_ENTRIES, &aw2);
    q->pc_v = a0 || a1 || aw;
    q->pc_tier = a0 ? PSU_TIER_FAULTY : a1 ? PSU_TIER_SHARED : PSU_TIER_WHOLE;
    q->pc_slot = (uint16_t)(a0 ? s0 : a1 ? s1 : aw ? ue * PSU_BLKS : NO_SLOT);
    q->pu_v = aw;
    q->pu_e = (uint8_t)ue;
    q->alt_v = aw2;
    q->alt_slot = (uint16_t)(ue2 * PSU_BLKS + (aw2 ? 0u : PSU_BLKS - 1u));
}

/* Both patches of this cycle: the registered offers once ready; take_u steers a whole-entry
 * compressed offer to the second whole free entry. */
static void offers(const psu_state *s, bool take_u, psu_out *out)
{
    const psu_offers *q = &s->q;
    out->ready = psu_ready(s);
    out->pu_valid = out->ready && q->pu_v;
    out->pu_entry = q->pu_e;
    const bool steer = take_u && out->pu_valid && q->pc_tier == PSU_TIER_WHOLE;
    const unsigned slot = steer ? q->alt_slot : q->pc_slot;
    out->pc_valid = out->ready && (steer ? q->alt_v : q->pc_v);
    out->pc_entry = (uint8_t)(slot / PSU_BLKS);
    out->pc_blk = (uint8_t)(slot % PSU_BLKS);
    out->pc_tier = q->pc_tier;
}

/* Blocks of one bitmap word: a release or a take names blocks of one entry, in one word. */
typedef struct {
    unsigned w;
    uint64_t bits;
} word_bits;

static word_bits block_bit(unsigned e, unsigned b)
{
    const unsigned slot = e * PSU_BLKS + b;
    return (word_bits){slot / 64, 1ull << (slot % 64)};
}

static word_bits entry_bits(unsigned e)
{
    return (word_bits){e / ENTRIES_PER_WORD, (uint64_t)NIB_MASK << (PSU_BLKS * (e % ENTRIES_PER_WORD))};
}

/* The blocks a release names: one for a compressed patch, the entry for an uncompressed. */
static word_bits release_bits(const psu_in *in)
{
    if (!in->rel)
        return (word_bits){0, 0};
    return in->rel_c ? block_bit(in->rel_entry, in->rel_blk) : entry_bits(in->rel_entry);
}

void psu_step(psu_state *s, const psu_in *in, psu_out *out)
{
    offers(s, in->take_u, out);
    const word_bits rel = release_bits(in);
    out->err = (rel.bits & (~s->bitmap[rel.w] | in->fmap[rel.w])) != 0;
    memcpy(out->bitmap, s->bitmap, sizeof out->bitmap);

    if (in->rst) {
        psu_reset(s);
        return;
    }
    /* the offers of the bitmap before the edge; unchanged since the last edge, they are q
     * already (decision 2's contract: fmap changes only with a load), so the model skips
     * them then (speed only, the outputs are the same) */
    if (s->changed)
        select(s, in->fmap, &s->q);
    s->changed = in->load_map || in->rel || (in->take_c && out->pc_valid) ||
                 (in->take_u && out->pu_valid);
    if (in->load_map) {
        memcpy(s->bitmap, in->faulty, sizeof s->bitmap);
        return;
    }
    s->bitmap[rel.w] &= ~(rel.bits & ~in->fmap[rel.w]); /* release first; a faulty block stays */
    if (in->take_c && out->pc_valid) {
        const word_bits t = block_bit(out->pc_entry, out->pc_blk);
        s->bitmap[t.w] |= t.bits;
    }
    if (in->take_u && out->pu_valid) {
        const word_bits t = entry_bits(out->pu_entry);
        s->bitmap[t.w] |= t.bits;
    }
}
