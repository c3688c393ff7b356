/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch Patching Selection Unit model (dc-patch paper Section IV-D); mirrors rtl/psu.v
 * cycle by cycle. Decisions where the paper is silent: docs/dcpatch-psu-decisions.md. */
#include "psu.h"

#include <string.h>

enum { NIB_MASK = (1u << PSU_BLKS) - 1u, ENTRIES_PER_WORD = 64 / PSU_BLKS };

void psu_reset(psu_state *s)
{
    memset(s, 0, sizeof *s);
}

unsigned psu_prio_enc(const uint64_t *v, unsigned width, bool *valid)
{
    for (unsigned i = 0; i < width; i++)
        if (v[i / 64] >> (i % 64) & 1u) {
            *valid = true;
            return i;
        }
    unsigned leaves = 2;
    while (leaves < width)
        leaves *= 2;
    *valid = false;
    return leaves - 1u;
}

/* The PSU_BLKS bits of entry e in a bitmap-shaped vector. */
static unsigned nibble(const uint64_t *v, unsigned e)
{
    return (unsigned)(v[e / ENTRIES_PER_WORD] >> (PSU_BLKS * (e % ENTRIES_PER_WORD))) & NIB_MASK;
}

static void or_nibble(uint64_t *v, unsigned e, unsigned nib)
{
    v[e / ENTRIES_PER_WORD] |= (uint64_t)nib << (PSU_BLKS * (e % ENTRIES_PER_WORD));
}

static void set_bit(uint64_t *v, unsigned i)
{
    v[i / 64] |= 1ull << (i % 64);
}

static bool any(const uint64_t *v, unsigned words)
{
    for (unsigned w = 0; w < words; w++)
        if (v[w])
            return true;
    return false;
}

/* Whole free entries: all blocks free, hence reliable (faulty blocks are occupied). */
static void whole_free(const psu_state *s, uint64_t whole[PSU_ENTRY_WORDS])
{
    memset(whole, 0, PSU_ENTRY_WORDS * sizeof *whole);
    for (unsigned e = 0; e < PSU_ENTRIES; e++)
        if (nibble(s->bitmap, e) == 0)
            set_bit(whole, e);
}

/* The candidate blocks of each tier; the whole free entry u_taken (PSU_ENTRIES: none),
 * being taken by take_u in this cycle, is not one. */
static void tiers(const psu_state *s, const uint64_t whole[PSU_ENTRY_WORDS], unsigned u_taken,
                  uint64_t t[PSU_TIERS][PSU_WORDS])
{
    memset(t, 0, PSU_TIERS * PSU_WORDS * sizeof t[0][0]);
    for (unsigned e = 0; e < PSU_ENTRIES; e++) {
        const unsigned free = ~nibble(s->bitmap, e) & NIB_MASK;
        const bool is_whole = whole[e / 64] >> (e % 64) & 1u;
        if (nibble(s->map, e))
            or_nibble(t[PSU_TIER_FAULTY], e, free);
        else if (!is_whole)
            or_nibble(t[PSU_TIER_SHARED], e, free);
        else if (e != u_taken)
            or_nibble(t[PSU_TIER_WHOLE], e, free);
    }
}

/* Both patches of this cycle. The compressed one: the first non-empty tier into one
 * 1024-input encoder (the last tier, empty, when none is: index all ones, no patch). */
static void offers(const psu_state *s, bool take_u, psu_out *out)
{
    uint64_t whole[PSU_ENTRY_WORDS], t[PSU_TIERS][PSU_WORDS];
    whole_free(s, whole);
    out->pu_entry = (uint8_t)psu_prio_enc(whole, PSU_ENTRIES, &out->pu_valid);
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
