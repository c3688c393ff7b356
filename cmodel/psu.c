/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Patching Selection Unit model (dc-patch paper Section IV-D, preventive patches
 * selected in prior stages, Sec. IV-E); mirrors rtl/psu.v cycle by cycle, its two selection
 * stages included. Decisions where the paper is silent: docs/dcpatch-psu-decisions.md. */
#include "psu.h"

#include <string.h>

enum { NIB_MASK = (1u << PSU_BLKS) - 1u, ENTRIES_PER_WORD = 64 / PSU_BLKS };
_Static_assert(PSU_BLKS == 4, "the word-parallel nibble masks below assume 4 blocks an entry");
static const uint64_t NIB_LSB = 0x1111111111111111ull; /* bit 0 of every nibble */

enum { QUIET_MASK = (1u << DRF_PSU_SEL_STAGES) - 1u, NO_SLOT = PSU_SLOTS - 1u };
/* A bitmap and map unchanged for DRF_PSU_SEL_STAGES edges have gone through both stages:
 * stage 1 holds stage1(bitmap, map) and stage 2 stage2(stage 1), which recomputing would give
 * again; psu_step skips them then (speed only, the outputs are the same). */
_Static_assert(DRF_PSU_SEL_STAGES >= 2, "the fixed point needs both stages settled");
_Static_assert(PSU_GROUP_SLOTS <= 64 && 64 % PSU_GROUP_SLOTS == 0,
               "a stage-1 group lies inside one bitmap word");

void psu_reset(psu_state *s)
{
    memset(s, 0, sizeof *s);
    s->changed = QUIET_MASK;
    s->s1_stale = s->s1_moved = true;
}

bool psu_ready(const psu_state *s)
{
    return s->changed == 0;
}

bool psu_ready_next(const psu_state *s)
{
    return (s->changed & QUIET_MASK >> 1) == 0;
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

/* Word w's blocks of its whole free entries (all blocks free, hence reliable: faulty blocks
 * are occupied), and its candidates of the tiers. */
static void tiers(const psu_state *s, unsigned w, uint64_t *whole, uint64_t t[PSU_TIERS])
{
    const uint64_t free = ~s->bitmap[w], faulty = nonzero_nibbles(s->map[w]) * NIB_MASK;
    *whole = (~nonzero_nibbles(s->bitmap[w]) & NIB_LSB) * NIB_MASK;
    t[PSU_TIER_FAULTY] = free & faulty;
    t[PSU_TIER_SHARED] = free & ~faulty & ~*whole;
}

/* rtl/psu_first2.v: the two lowest set bits of v's low width bits (width <= 64), each index
 * all ones when missing. */
static void first2(uint64_t v, unsigned width, bool *v1, unsigned *i1, bool *v2, unsigned *i2)
{
    if (width < 64)
        v &= (1ull << width) - 1u;
    *i1 = *i2 = none_index(width);
    *v1 = v != 0;
    if (*v1) {
        *i1 = (unsigned)__builtin_ctzll(v);
        v &= v - 1u;
    }
    *v2 = v != 0;
    if (*v2)
        *i2 = (unsigned)__builtin_ctzll(v);
}

/* The lowest set bit of a group's chunk; all ones when none (psu_prio_enc). */
static uint8_t lowest(uint64_t chunk, unsigned width, bool *valid)
{
    return (uint8_t)psu_prio_enc(&chunk, width, valid);
}

/* Bit g of *word <- v. */
static void set_group(uint32_t *word, unsigned g, bool v)
{
    *word = (*word & ~(1u << g)) | (uint32_t)v << g;
}

/* Bit k set where entry k of a group's chunk of whole-entry blocks is whole (its block 0). */
static uint64_t entry_bits_of(uint64_t whole_chunk)
{
    uint64_t e = 0;
    for (unsigned k = 0; k < PSU_GROUP_ENTRIES; k++)
        e |= (whole_chunk >> (k * PSU_BLKS) & 1u) << k;
    return e;
}

/* Stage 1 of the groups of bitmap word w. */
static void stage1_word(const psu_state *s, unsigned w, psu_stage1 *n)
{
    uint64_t whole, t[PSU_TIERS];
    tiers(s, w, &whole, t);
    const uint64_t mask = PSU_GROUP_SLOTS == 64 ? ~0ull : (1ull << PSU_GROUP_SLOTS) - 1u;
    for (unsigned g = w * 64 / PSU_GROUP_SLOTS; g < (w + 1) * 64 / PSU_GROUP_SLOTS; g++) {
        const unsigned sh = g * PSU_GROUP_SLOTS % 64;
        bool v0, v1, w1, w2;
        n->i0[g] = lowest(t[PSU_TIER_FAULTY] >> sh & mask, PSU_GROUP_SLOTS, &v0);
        n->i1[g] = lowest(t[PSU_TIER_SHARED] >> sh & mask, PSU_GROUP_SLOTS, &v1);
        unsigned e1, e2;
        first2(entry_bits_of(whole >> sh & mask), PSU_GROUP_ENTRIES, &w1, &e1, &w2, &e2);
        n->e1[g] = (uint8_t)e1;
        n->e2[g] = (uint8_t)e2;
        set_group(&n->v0, g, v0);
        set_group(&n->v1, g, v1);
        set_group(&n->w1, g, w1);
        set_group(&n->w2, g, w2);
    }
}

/* Stage 1 from the bitmap and the map. A group depends only on its own word of both: the
 * words unchanged since the last stage 1 (s1_from, the same map) keep their groups, and only
 * a word taken or released since (s1_dirty) may have changed (speed only). */
static void stage1(psu_state *s)
{
    s->s1_moved = false;
    uint32_t words = s->s1_stale ? (uint32_t)((1ull << PSU_WORDS) - 1u) : s->s1_dirty;
    for (; words; words &= words - 1u) {
        const unsigned w = (unsigned)__builtin_ctz(words);
        if (s->s1_stale || s->bitmap[w] != s->s1_from[w]) {
            stage1_word(s, w, &s->s1);
            s->s1_from[w] = s->bitmap[w];
            s->s1_moved = true;
        }
    }
    s->s1_stale = false;
    s->s1_dirty = 0;
}

/* The first group with a stage-1 candidate, its index in *g (all ones: none). */
static bool first_group(uint32_t v, unsigned *g)
{
    bool v1, v2;
    unsigned g2;
    first2(v, PSU_GROUPS, &v1, g, &v2, &g2);
    return v1;
}

/* Stage 2 from stage 1: the offers. */
static void stage2(const psu_stage1 *s1, psu_offers *q)
{
    unsigned g0, g1, gw, gw2;
    const bool a0 = first_group(s1->v0, &g0), a1 = first_group(s1->v1, &g1);
    bool aw, aw2;
    first2(s1->w1, PSU_GROUPS, &aw, &gw, &aw2, &gw2);
    const unsigned ue = gw * PSU_GROUP_ENTRIES + s1->e1[gw];
    const bool in_group = s1->w2 >> gw & 1u;
    const unsigned alt_e = in_group ? gw * PSU_GROUP_ENTRIES + s1->e2[gw]
                                    : gw2 * PSU_GROUP_ENTRIES +
                                          (aw2 ? s1->e1[gw2] : PSU_GROUP_ENTRIES - 1u);
    q->pc_v = a0 || a1 || aw;
    q->pc_tier = a0 ? PSU_TIER_FAULTY : a1 ? PSU_TIER_SHARED : PSU_TIER_WHOLE;
    q->pc_slot = (uint16_t)(a0   ? g0 * PSU_GROUP_SLOTS + s1->i0[g0]
                            : a1 ? g1 * PSU_GROUP_SLOTS + s1->i1[g1]
                            : aw ? ue * PSU_BLKS
                                 : NO_SLOT);
    q->pu_v = aw;
    q->pu_e = (uint8_t)ue;
    q->alt_v = in_group || aw2;
    q->alt_slot = (uint16_t)(alt_e * PSU_BLKS + (q->alt_v ? 0u : PSU_BLKS - 1u));
}

/* Both patches of this cycle: the offers of stage 2 once the selection has settled; take_u
 * steers a whole-entry compressed offer to the second whole free entry. */
static void offers(const psu_state *s, bool take_u, psu_out *out)
{
    const psu_offers *q = &s->q;
    out->ready = psu_ready(s);
    out->ready_next = psu_ready_next(s);
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
    out->err = (rel.bits & (~s->bitmap[rel.w] | s->map[rel.w])) != 0;
    memcpy(out->bitmap, s->bitmap, sizeof out->bitmap);

    if (in->rst) {
        psu_reset(s);
        return;
    }
    const bool change = in->load_map || in->rel || (in->take_c && out->pc_valid) ||
                        (in->take_u && out->pu_valid);
    if (!psu_ready(s)) { /* once still that long, both stages hold their own fixed point */
        if (s->s1_moved) /* else stage 2 of the same stage 1 again */
            stage2(&s->s1, &s->q); /* both stages from the state before the edge */
        stage1(s);
    } else {
        s->s1_moved = false;
    }
    s->changed = (uint8_t)((s->changed << 1 | change) & QUIET_MASK);
    if (in->load_map) {
        s->s1_stale = true; /* a new map */
        memcpy(s->map, in->faulty, sizeof s->map);
        memcpy(s->bitmap, in->faulty, sizeof s->bitmap);
        return;
    }
    s->bitmap[rel.w] &= ~(rel.bits & ~s->map[rel.w]); /* release first; a faulty block stays */
    s->s1_dirty |= (uint32_t)in->rel << rel.w;
    if (in->take_c && out->pc_valid) {
        const word_bits t = block_bit(out->pc_entry, out->pc_blk);
        s->bitmap[t.w] |= t.bits;
        s->s1_dirty |= 1u << t.w;
    }
    if (in->take_u && out->pu_valid) {
        const word_bits t = entry_bits(out->pu_entry);
        s->bitmap[t.w] |= t.bits;
        s->s1_dirty |= 1u << t.w;
    }
}
