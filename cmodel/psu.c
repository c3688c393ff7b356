/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Patching Selection Unit model (dc-patch paper Section IV-D); mirrors rtl/psu.v
 * cycle by cycle. Decisions where the paper is silent: docs/dcpatch-psu-decisions.md. */
#include "psu.h"

#include <string.h>

enum { NIB_MASK = (1u << PSU_BLKS) - 1u, ENTRIES_PER_WORD = 64 / PSU_BLKS };
_Static_assert(PSU_BLKS == 4, "the word-parallel nibble masks below assume 4 blocks an entry");
static const uint64_t NIB_LSB = 0x1111111111111111ull; /* bit 0 of every nibble */

void psu_reset(psu_state *s)
{
    memset(s, 0, sizeof *s);
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

static void set_bit(uint64_t *v, unsigned i)
{
    v[i / 64] |= 1ull << (i % 64);
}

static void or_nibble(uint64_t *v, unsigned e, unsigned nib)
{
    v[e / ENTRIES_PER_WORD] |= (uint64_t)nib << (PSU_BLKS * (e % ENTRIES_PER_WORD));
}

static bool any(const uint64_t *v, unsigned words)
{
    for (unsigned w = 0; w < words; w++)
        if (v[w])
            return true;
    return false;
}

/* The first whole free entry (all blocks free, hence reliable: faulty blocks are occupied);
 * whole[w]: every block of the word's whole free entries. */
static unsigned first_whole_free(const psu_state *s, uint64_t whole[PSU_WORDS], bool *valid)
{
    unsigned first = PSU_ENTRIES;
    for (unsigned w = 0; w < PSU_WORDS; w++) {
        const uint64_t zero = ~nonzero_nibbles(s->bitmap[w]) & NIB_LSB;
        whole[w] = zero * NIB_MASK;
        if (zero && first == PSU_ENTRIES)
            first = w * ENTRIES_PER_WORD + (unsigned)__builtin_ctzll(zero) / PSU_BLKS;
    }
    *valid = first < PSU_ENTRIES;
    return *valid ? first : none_index(PSU_ENTRIES);
}

/* The candidate blocks of each tier; the whole free entry u_taken (PSU_ENTRIES: none),
 * being taken by take_u in this cycle, is not one. */
static void tiers(const psu_state *s, const uint64_t whole[PSU_WORDS], unsigned u_taken,
                  uint64_t t[PSU_TIERS][PSU_WORDS])
{
    for (unsigned w = 0; w < PSU_WORDS; w++) {
        const uint64_t free = ~s->bitmap[w], faulty = nonzero_nibbles(s->map[w]) * NIB_MASK;
        t[PSU_TIER_FAULTY][w] = free & faulty;
        t[PSU_TIER_SHARED][w] = free & ~faulty & ~whole[w];
        t[PSU_TIER_WHOLE][w] = free & ~faulty & whole[w];
    }
    if (u_taken < PSU_ENTRIES)
        t[PSU_TIER_WHOLE][u_taken / ENTRIES_PER_WORD] &=
            ~((uint64_t)NIB_MASK << (PSU_BLKS * (u_taken % ENTRIES_PER_WORD)));
}

/* Both patches of this cycle. The compressed one: the first non-empty tier into one
 * 1024-input encoder (the last tier, empty, when none is: index all ones, no patch). */
static void offers(const psu_state *s, bool take_u, psu_out *out)
{
    uint64_t whole[PSU_WORDS], t[PSU_TIERS][PSU_WORDS];
    out->pu_entry = (uint8_t)first_whole_free(s, whole, &out->pu_valid);
    tiers(s, whole, take_u && out->pu_valid ? out->pu_entry : PSU_ENTRIES, t);
    unsigned tier = 0;
    while (tier + 1 < PSU_TIERS && !any(t[tier], PSU_WORDS))
        tier++;
    const unsigned slot = psu_prio_enc(t[tier], PSU_SLOTS, &out->pc_valid);
    out->pc_entry = (uint8_t)(slot / PSU_BLKS);
    out->pc_blk = (uint8_t)(slot % PSU_BLKS);
    out->pc_tier = (uint8_t)tier;
}

/* The blocks a release names: one for a compressed patch, the entry for an uncompressed. */
static void release_mask(const psu_in *in, uint64_t m[PSU_WORDS])
{
    memset(m, 0, PSU_WORDS * sizeof *m);
    if (!in->rel)
        return;
    if (in->rel_c)
        set_bit(m, in->rel_entry * PSU_BLKS + in->rel_blk);
    else
        or_nibble(m, in->rel_entry, NIB_MASK);
}

static void take_mask(const psu_in *in, const psu_out *o, uint64_t m[PSU_WORDS])
{
    memset(m, 0, PSU_WORDS * sizeof *m);
    if (in->take_c && o->pc_valid)
        set_bit(m, o->pc_entry * PSU_BLKS + o->pc_blk);
    if (in->take_u && o->pu_valid)
        or_nibble(m, o->pu_entry, NIB_MASK);
}

void psu_step(psu_state *s, const psu_in *in, psu_out *out)
{
    offers(s, in->take_u, out);
    uint64_t rel[PSU_WORDS], take[PSU_WORDS];
    release_mask(in, rel);
    take_mask(in, out, take);
    out->err = false;
    for (unsigned w = 0; w < PSU_WORDS; w++) {
        out->err |= (rel[w] & (~s->bitmap[w] | s->map[w])) != 0;
        out->bitmap[w] = s->bitmap[w];
    }

    if (in->rst) {
        psu_reset(s);
        return;
    }
    if (in->load_map) {
        memcpy(s->map, in->faulty, sizeof s->map);
        memcpy(s->bitmap, in->faulty, sizeof s->bitmap);
        return;
    }
    for (unsigned w = 0; w < PSU_WORDS; w++) /* release first; a faulty block stays */
        s->bitmap[w] = (s->bitmap[w] & ~(rel[w] & ~s->map[w])) | take[w];
}
