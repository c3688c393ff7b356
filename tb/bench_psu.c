/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D):
 * cmodel/psu.c against rtl/psu.v every cycle, plus a scoreboard of the patches handed out
 * that recomputes the documented priority with plain loops whenever the selection stage has
 * caught up with the bitmap (ready). A transaction is a PSU cycle. */
#include <string.h>

#include "faultmap.h"
#include "harness.h"
#include "ports_psu.h"
#include "psu.h"

enum { W32 = PSU_SLOTS / 32, NO_ENTRY = PSU_ENTRIES, ALL_BLKS = (1u << PSU_BLKS) - 1 };

/* Fault maps: the three scenarios of Table 1 (cmodel/faultmap.c), then two extremes. */
enum { MAP_NO_FAULTY = FM_SCENARIOS, MAP_ALL_FAULTY, MAP_KINDS };

typedef psu_ports ports;

typedef struct {
    unsigned map[MAP_KINDS], take_c[PSU_TIERS], take_u, spill_c, spill_u, rel_c, rel_u,
        rel_take_c, rel_take_u, take_both, steer, double_rel_c, double_rel_u, rel_faulty,
        reload_held, reset, take_selecting;
} bins;

typedef struct {
    uint8_t entry, blk;
    bool c;
} patch;

/* What the bench knows: the fault map and the patches it was handed out. */
typedef struct {
    uint64_t fmap[PSU_WORDS];    /* the map loaded last: the PSU's fmap input */
    uint8_t faulty[PSU_ENTRIES]; /* per entry, bit b: block b is faulty */
    uint8_t held[PSU_ENTRIES];   /* per entry, bit b: block b is handed out */
    uint64_t held_map[PSU_WORDS]; /* the same as a bitmap, block 4e+b at bit 4e+b */
    patch list[PSU_SLOTS];
    unsigned n, held_blocks, faulty_blocks;
    unsigned version; /* counts the changes: check_bitmap skips a state it has checked */
} scoreboard;

/* The stimulus of the current fault map: take rates, and filling or draining the slice;
 * before it, the steering sweep (sweep_inputs) at pair (sw_c, sw_p), then the take sweep
 * (take_sweep_inputs) at entry tk_c, offset tk_k. */
typedef struct {
    unsigned left, pct_c, pct_u, maps, sw_c, sw_p, tk_c, tk_k;
    bool draining, sweeping, sw_restore, tk_take;
} traffic;

typedef struct {
    bool valid;
    unsigned entry, blk, tier;
} choice;

static void make_bins(hx_bench *b, bins *v)
{
    static const char *const tier_name[PSU_TIERS] = {
        "a faulty entry (faulty-first hit)",
        "a reliable entry holding compressed registers (fallback 1)",
        "a whole free reliable entry (fallback 2)"};
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        v->map[k] = hx_bin(b, "fault map loaded: %s (Table 1)", fm_scenario_name(k));
    v->map[MAP_NO_FAULTY] = hx_bin(b, "fault map loaded: no faulty entry");
    v->map[MAP_ALL_FAULTY] = hx_bin(b, "fault map loaded: every entry faulty (2-4 blocks)");
    for (unsigned t = 0; t < PSU_TIERS; t++)
        v->take_c[t] = hx_bin(b, "compressed patch in %s", tier_name[t]);
    v->take_u = hx_bin(b, "uncompressed patch in a whole free reliable entry");
    v->spill_c = hx_bin(b, "no compressed patch: spill");
    v->spill_u = hx_bin(b, "no uncompressed patch: spill");
    v->rel_c = hx_bin(b, "release of a compressed patch");
    v->rel_u = hx_bin(b, "release of an uncompressed patch");
    v->rel_take_c = hx_bin(b, "release and compressed take in one cycle");
    v->rel_take_u = hx_bin(b, "release and uncompressed take in one cycle");
    v->take_both = hx_bin(b, "compressed and uncompressed takes in one cycle");
    v->steer = hx_bin(b, "take_u steers the compressed patch off its entry");
    v->double_rel_c = hx_bin(b, "double release of a compressed patch (err)");
    v->double_rel_u = hx_bin(b, "double release of an uncompressed patch (err)");
    v->rel_faulty = hx_bin(b, "release naming a faulty block (err)");
    v->reload_held = hx_bin(b, "fault map reloaded while patches are held");
    v->reset = hx_bin(b, "reset mid-stream");
    v->take_selecting = hx_bin(b, "take while the selection runs (ignored)");
}

/* --- the scoreboard and the documented priority, with plain loops ------------------- */

static unsigned slot_of(unsigned e, unsigned b)
{
    return e * PSU_BLKS + b;
}

static bool is_faulty(const scoreboard *sb, unsigned e, unsigned b)
{
    return sb->faulty[e] >> b & 1u;
}

static bool is_held(const scoreboard *sb, unsigned e, unsigned b)
{
    return sb->held[e] >> b & 1u;
}

static bool entry_faulty(const scoreboard *sb, unsigned e)
{
    return sb->faulty[e] != 0;
}

static bool entry_unheld(const scoreboard *sb, unsigned e)
{
    return sb->held[e] == 0;
}

static bool whole_free(const scoreboard *sb, unsigned e)
{
    return !entry_faulty(sb, e) && entry_unheld(sb, e);
}

static unsigned free_blocks(const scoreboard *sb, unsigned e)
{
    return ~(sb->faulty[e] | sb->held[e]) & ALL_BLKS;
}

static unsigned tier_of(const scoreboard *sb, unsigned e)
{
    return entry_faulty(sb, e) ? PSU_TIER_FAULTY
                               : whole_free(sb, e) ? PSU_TIER_WHOLE : PSU_TIER_SHARED;
}

static choice expect_u(const scoreboard *sb)
{
    for (unsigned e = 0; e < PSU_ENTRIES; e++)
        if (whole_free(sb, e))
            return (choice){true, e, 0, 0};
    return (choice){false, 0, 0, 0};
}

/* The lowest free block of each tier, then the first tier that has one (the scan stops at
 * the first faulty-tier one: nothing beats it); skip: the entry take_u occupies in this
 * cycle. */
static choice expect_c(const scoreboard *sb, unsigned skip)
{
    unsigned first[PSU_TIERS]; /* each tier's lowest entry with a free block */
    for (unsigned t = 0; t < PSU_TIERS; t++)
        first[t] = NO_ENTRY;
    for (unsigned e = 0; e < PSU_ENTRIES && first[PSU_TIER_FAULTY] == NO_ENTRY; e++) {
        if (e == skip || !free_blocks(sb, e))
            continue;
        const unsigned t = tier_of(sb, e);
        if (first[t] == NO_ENTRY)
            first[t] = e;
    }
    for (unsigned t = 0; t < PSU_TIERS; t++)
        if (first[t] != NO_ENTRY)
            return (choice){true, first[t], (unsigned)__builtin_ctz(free_blocks(sb, first[t])), t};
    return (choice){false, 0, 0, 0};
}

static void load_map(scoreboard *sb, const uint64_t faulty[PSU_WORDS])
{
    const unsigned version = sb->version;
    memset(sb, 0, sizeof *sb);
    sb->version = version + 1;
    memcpy(sb->fmap, faulty, sizeof sb->fmap);
    for (unsigned e = 0; e < PSU_ENTRIES; e++)
        for (unsigned b = 0; b < PSU_BLKS; b++) {
            sb->faulty[e] |= (uint8_t)(psu_bit(faulty, e, b) << b);
            sb->faulty_blocks += psu_bit(faulty, e, b);
        }
}

static void hold(scoreboard *sb, patch pt, bool on)
{
    for (unsigned b = 0; b < PSU_BLKS; b++)
        if (!pt.c || b == pt.blk) {
            const unsigned slot = slot_of(pt.entry, b);
            const uint64_t bit = 1ull << slot % 64;
            sb->held[pt.entry] = (uint8_t)(on ? sb->held[pt.entry] | 1u << b
                                              : sb->held[pt.entry] & ~(1u << b));
            sb->held_map[slot / 64] = on ? sb->held_map[slot / 64] | bit
                                         : sb->held_map[slot / 64] & ~bit;
        }
    const unsigned blocks = pt.c ? 1 : PSU_BLKS;
    sb->held_blocks = on ? sb->held_blocks + blocks : sb->held_blocks - blocks;
    sb->version++;
}

static void take(scoreboard *sb, patch pt)
{
    hold(sb, pt, true);
    sb->list[sb->n++] = pt;
}

static void drop(scoreboard *sb, unsigned i)
{
    hold(sb, sb->list[i], false);
    sb->list[i] = sb->list[--sb->n];
}

/* --- stimulus ----------------------------------------------------------------------- */

/* Every entry faulty: 2, 3 or 4 distinct faulty blocks each. */
static void all_faulty(rng_state *r, fm_map *m)
{
    for (unsigned e = 0; e < PSU_ENTRIES; e++) {
        const unsigned want = 2 + rng_below(r, 3);
        while ((unsigned)__builtin_popcount(m->faulty[e]) < want)
            m->faulty[e] |= (uint8_t)(1u << rng_below(r, PSU_BLKS));
    }
}

static void random_map(rng_state *r, unsigned kind, uint64_t faulty[PSU_WORDS])
{
    fm_map m = {{0}};
    if (kind < FM_SCENARIOS)
        fm_generate((enum fm_scenario)kind, rng_rand64(r), &m);
    else if (kind == MAP_ALL_FAULTY)
        all_faulty(r, &m);
    fm_pack(&m, faulty);
}

/* Table 1 maps most of the time, every kind once in 8 maps. */
static unsigned next_map_kind(traffic *tr)
{
    static const unsigned rotation[8] = {FM_COMMON,    FM_CLUSTERED, FM_DISPERSED,
                                         MAP_NO_FAULTY, FM_COMMON,    FM_CLUSTERED,
                                         FM_DISPERSED, MAP_ALL_FAULTY};
    return rotation[tr->maps++ % 8];
}

static void new_episode(rng_state *r, traffic *tr)
{
    tr->left = 1000 + rng_below(r, 4000);
    tr->pct_c = 20 + rng_below(r, 60);
    tr->pct_u = 5 + rng_below(r, 35);
    tr->draining = false;
}

/* Can a bad release name block b of entry e (the whole entry unless c): no patch holds it,
 * and it is faulty (or the entry has a faulty block) or not, as asked? */
static bool bad_target(const scoreboard *sb, unsigned e, unsigned b, bool c, bool faulty)
{
    return c ? !is_held(sb, e, b) && is_faulty(sb, e, b) == faulty
             : entry_unheld(sb, e) && entry_faulty(sb, e) == faulty;
}

/* A release naming only blocks no patch holds, drawn evenly over the blocks (entries) that
 * qualify, so that every block is named over a run: free ones (a double release) or faulty
 * ones, one block (3/4) or the whole entry. False when there is none of that kind. */
static bool bad_release(rng_state *r, const scoreboard *sb, psu_in *in)
{
    in->rel_c = rng_chance(r, 3, 4);
    const bool faulty = rng_chance(r, 1, 2);
    unsigned n = 0;
    for (unsigned slot = 0; slot < PSU_SLOTS; slot++)
        n += bad_target(sb, slot / PSU_BLKS, slot % PSU_BLKS, in->rel_c, faulty);
    unsigned k = n ? rng_below(r, n) : 0;
    for (unsigned slot = 0; slot < PSU_SLOTS; slot++) {
        const unsigned e = slot / PSU_BLKS, b = slot % PSU_BLKS;
        if (bad_target(sb, e, b, in->rel_c, faulty) && k-- == 0) {
            in->rel_entry = (uint8_t)e;
            in->rel_blk = (uint8_t)b;
            return true;
        }
    }
    return false;
}

/* The release of this cycle: a held patch (*good = its index), rarely a bad one; a bad one
 * in a quarter of the cycles without a good one (it changes no state, only err). */
static void pick_release(rng_state *r, const scoreboard *sb, const traffic *tr, psu_in *in,
                         unsigned *good)
{
    *good = PSU_SLOTS;
    /* filling: a release a third as often as takes can come (one per DRF_PSU_PATCH_CYCLES) */
    if (!rng_chance(r, tr->draining ? 3 : 1, tr->draining ? 4 : 6 * DRF_PSU_PATCH_CYCLES)) {
        in->rel = rng_chance(r, 1, 4) && bad_release(r, sb, in);
        return;
    }
    if (sb->n && !rng_chance(r, 1, 50)) {
        *good = rng_below(r, sb->n);
        const patch pt = sb->list[*good];
        in->rel = true;
        in->rel_entry = pt.entry;
        in->rel_blk = pt.c ? pt.blk : (uint8_t)rng_below(r, PSU_BLKS); /* ignored: whole entry */
        in->rel_c = pt.c;
        return;
    }
    in->rel = bad_release(r, sb, in);
}

/* Takes mostly wait for the selection (ready); one in 16 tries it while it runs. */
static void pick_inputs(hx_bench *b, const scoreboard *sb, traffic *tr, bool rst, bool ready,
                        psu_in *in, unsigned *good)
{
    rng_state *r = &b->rng;
    pick_release(r, sb, tr, in, good);
    in->rst = rst;
    in->load_map = !rst && tr->left == 0;
    for (unsigned w = 0; w < PSU_WORDS; w++) /* ignored unless load_map */
        in->faulty[w] = rng_rand64(r);
    const unsigned div = tr->draining ? 8 : 1, wait = ready ? 1 : 16;
    in->take_c = rng_chance(r, tr->pct_c / div, 100 * wait);
    in->take_u = rng_chance(r, tr->pct_u / div, 100 * wait);
}

/* The index in the scoreboard's list of the patch at entry e (block 0 if compressed);
 * sb->n if there is none. */
static unsigned find_patch(const scoreboard *sb, unsigned e, bool c)
{
    unsigned i = 0;
    while (i < sb->n && !(sb->list[i].entry == e && sb->list[i].c == c && sb->list[i].blk == 0))
        i++;
    return i;
}

/* Releases patch i of the list (none if i is past its end). */
static void release(const scoreboard *sb, unsigned i, psu_in *in, unsigned *good)
{
    if (i >= sb->n)
        return;
    *good = i;
    in->rel = true;
    in->rel_entry = sb->list[i].entry;
    in->rel_blk = sb->list[i].blk;
    in->rel_c = sb->list[i].c;
}

/* The steering sweep, a directed prologue after the reset (its cycles are not counted in
 * --n): for every pair of entries c < p, in turn, the fault-free slice has entries 0..p-1
 * but c held by uncompressed patches, so that take_u takes c and the compressed patch's
 * whole-entry fallback must skip it and land on p. The same cycle frees c - 1 (the next
 * pair's c), the next one frees p again. Random pairs would reach a given c, p about never;
 * the steering logic (take_u's entry masked off the candidates) has a bit per entry. */
static void sweep_inputs(const scoreboard *sb, traffic *tr, psu_in *in, unsigned *good)
{
    *good = PSU_SLOTS;
    if (tr->sw_restore) {
        release(sb, find_patch(sb, tr->sw_p, true), in, good);
        tr->sw_restore = false;
        tr->sw_p += tr->sw_c == 0;
        tr->sw_c = tr->sw_c == 0 ? tr->sw_p - 1 : tr->sw_c - 1;
        tr->sweeping = tr->sw_p < PSU_ENTRIES; /* then the take sweep */
        return;
    }
    in->take_u = in->take_c = true;
    if (tr->sw_c > 0)
        release(sb, find_patch(sb, tr->sw_c - 1, false), in, good);
    tr->sw_restore = true;
}

/* The take sweep, a second directed prologue: for each offset k < PSU_BLKS and entry c, a
 * map with block (e + k) % PSU_BLKS of every entry e < c faulty, then take_u alone, which
 * must take c. Every entry's whole-free test then sees each of its blocks occupied alone,
 * and take_u's entry mask every entry taken while the blocks around it are free, three in
 * each entry below and all above: a stray bit of the take shows in the bitmap. Then, for
 * k = PSU_BLKS + b, the fault sweep: every entry below c wholly faulty and block b of c
 * alone, then take_c, whose patch is c's first other block in the faulty tier: every entry's
 * faulty-entry test sees each of its blocks alone (random maps give such an entry the
 * lowest faulty candidate about never). Then random traffic, from a new map. */
static bool take_sweeping(const traffic *tr)
{
    return !tr->sweeping && tr->tk_k < 2 * PSU_BLKS;
}

/* A sweep's next cycle takes patches: it waits (an idle cycle) until the selection is ready. */
static bool sweep_waits(const traffic *tr, bool steering, bool ready)
{
    return !ready && (steering ? !tr->sw_restore : tr->tk_take);
}

static void take_sweep_inputs(traffic *tr, psu_in *in)
{
    const bool faults = tr->tk_k >= PSU_BLKS;
    if (tr->tk_take) {
        in->take_u = !faults;
        in->take_c = faults;
        if (++tr->tk_c == PSU_ENTRIES) {
            tr->tk_c = 0;
            tr->tk_k++;
        }
    } else {
        fm_map m = {{0}};
        for (unsigned e = 0; e < tr->tk_c; e++)
            m.faulty[e] = (uint8_t)(faults ? ALL_BLKS : 1u << ((e + tr->tk_k) % PSU_BLKS));
        if (faults)
            m.faulty[tr->tk_c] = (uint8_t)(1u << (tr->tk_k - PSU_BLKS));
        fm_pack(&m, in->faulty);
        in->load_map = true;
    }
    tr->tk_take = !tr->tk_take;
}

/* In a sweep's take cycle the documented priority puts take_u on c, take_c on p's block 0. */
static void check_sweep(hx_bench *b, const traffic *tr, const psu_in *in, const psu_out *o)
{
    if (!in->take_u)
        return;
    hx_assert(b, o->pu_valid && o->pu_entry == tr->sw_c, "steering sweep: take_u on entry c",
              tr->sw_c, o->pu_entry);
    hx_assert(b, o->pc_valid && slot_of(o->pc_entry, o->pc_blk) == slot_of(tr->sw_p, 0),
              "steering sweep: compressed patch on block 4p", slot_of(tr->sw_p, 0),
              slot_of(o->pc_entry, o->pc_blk));
}

/* --- driving, comparing, checking ---------------------------------------------------- */

static void drive(hx_bench *b, const ports *p, const psu_in *in)
{
    uint32_t w[W32], m[W32];
    hx_words32(in->faulty, w, W32);
    hx_words32(in->fmap, m, W32);
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->load_map, in->load_map);
    hx_set_words(b, p->faulty, w, W32);
    hx_set_words(b, p->fmap, m, W32);
    hx_set(b, p->take_c, in->take_c);
    hx_set(b, p->take_u, in->take_u);
    hx_set(b, p->rel, in->rel);
    hx_set(b, p->rel_entry, in->rel_entry);
    hx_set(b, p->rel_blk, in->rel_blk);
    hx_set(b, p->rel_c, in->rel_c);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const psu_out *o)
{
    uint32_t w[W32];
    hx_words32(o->bitmap, w, W32);
    hx_expect(b, p->pc_valid, o->pc_valid);
    hx_expect(b, p->pc_entry, o->pc_entry);
    hx_expect(b, p->pc_blk, o->pc_blk);
    hx_expect(b, p->pc_tier, o->pc_tier);
    hx_expect(b, p->pu_valid, o->pu_valid);
    hx_expect(b, p->pu_entry, o->pu_entry);
    hx_expect(b, p->ready, o->ready);
    hx_expect(b, p->err, o->err);
    hx_expect_words(b, p->bitmap, w, W32);
}

/* The bitmap is the fault map plus the held patches, and the counts agree. The same
 * scoreboard and bitmap as at the last check have its verdict: skipped. */
static void check_bitmap(hx_bench *b, const scoreboard *sb, const psu_out *o)
{
    static struct {
        bool valid;
        unsigned version;
        uint64_t bitmap[PSU_WORDS];
    } checked;
    if (checked.valid && checked.version == sb->version &&
        !memcmp(checked.bitmap, o->bitmap, sizeof checked.bitmap))
        return;
    checked.valid = true;
    checked.version = sb->version;
    memcpy(checked.bitmap, o->bitmap, sizeof checked.bitmap);
    unsigned ones = 0, held = 0, wrong = PSU_SLOTS;
    for (unsigned i = 0; i < PSU_WORDS; i++) {
        const uint64_t diff = o->bitmap[i] ^ (sb->fmap[i] | sb->held_map[i]);
        ones += (unsigned)__builtin_popcountll(o->bitmap[i]);
        if (diff && wrong == PSU_SLOTS)
            wrong = i * 64 + (unsigned)__builtin_ctzll(diff);
    }
    hx_assert(b, wrong == PSU_SLOTS, "first block 4e+b where bitmap != fault map | held "
              "patches (0x400: none)", PSU_SLOTS, wrong);
    for (unsigned i = 0; i < sb->n; i++)
        held += sb->list[i].c ? 1 : PSU_BLKS;
    hx_assert(b, held == sb->held_blocks, "blocks held == sum of patch sizes", held,
              sb->held_blocks);
    hx_assert(b, ones == sb->faulty_blocks + sb->held_blocks,
              "occupied blocks == faulty + held", sb->faulty_blocks + sb->held_blocks, ones);
}

/* The offers of a settled selection (the documented priority, computed only then); none
 * while it runs. */
static void check_choice(hx_bench *b, const scoreboard *sb, const psu_in *in, const psu_out *o)
{
    choice eu = {0}, ec = {0};
    if (o->ready) {
        eu = expect_u(sb);
        ec = expect_c(sb, in->take_u && eu.valid ? eu.entry : NO_ENTRY);
    }
    hx_assert(b, o->pu_valid == eu.valid, "uncompressed patch valid", eu.valid, o->pu_valid);
    hx_assert(b, !eu.valid || o->pu_entry == eu.entry, "uncompressed patch = first whole free "
              "reliable entry", eu.entry, o->pu_entry);
    hx_assert(b, !o->pu_valid || whole_free(sb, o->pu_entry),
              "uncompressed patch is a whole free reliable entry", 1, 0);
    hx_assert(b, o->pc_valid == ec.valid, "compressed patch valid", ec.valid, o->pc_valid);
    if (!ec.valid || !o->pc_valid)
        return;
    hx_assert(b, o->pc_tier == ec.tier, "compressed patch tier", ec.tier, o->pc_tier);
    hx_assert(b, slot_of(o->pc_entry, o->pc_blk) == slot_of(ec.entry, ec.blk),
              "compressed patch = documented priority (block 4e+b)", slot_of(ec.entry, ec.blk),
              slot_of(o->pc_entry, o->pc_blk));
    hx_assert(b, !is_faulty(sb, o->pc_entry, o->pc_blk) && !is_held(sb, o->pc_entry, o->pc_blk),
              "compressed patch is a free, non-faulty block", 1, 0);
    hx_assert(b, !(in->take_u && o->pu_valid && o->pc_entry == o->pu_entry),
              "with take_u the compressed patch avoids the uncompressed entry", 0, 1);
}

/* The offers are ready exactly DRF_PSU_PATCH_CYCLES - 1 still edges after the bitmap last
 * changed (the selection stage, then the take): quiet counts those edges. */
static void check_ready(hx_bench *b, unsigned quiet, const psu_out *o)
{
    const bool exp = quiet >= DRF_PSU_PATCH_CYCLES - 1;
    hx_assert(b, o->ready == exp, "ready iff the bitmap was still for the selection stage", exp,
              o->ready);
}

/* Did this cycle's edge change the bitmap (reset, map load, release or take)? */
static bool edge_changes(const psu_in *in, const psu_out *o)
{
    return in->rst || in->load_map || in->rel || (in->take_c && o->pc_valid) ||
           (in->take_u && o->pu_valid);
}

/* Does the release name a block with these faulty and held flags? */
static bool names_any(const scoreboard *sb, const psu_in *in, bool faulty, bool held)
{
    bool hit = false;
    for (unsigned b = 0; b < PSU_BLKS; b++)
        if (in->rel && (!in->rel_c || b == in->rel_blk))
            hit |= is_faulty(sb, in->rel_entry, b) == faulty && is_held(sb, in->rel_entry, b) == held;
    return hit;
}

/* err: the release names a block no patch holds: free (double release) or faulty. */
static void check_err(hx_bench *b, const scoreboard *sb, const psu_in *in, const psu_out *o)
{
    const bool exp = names_any(sb, in, false, false) || names_any(sb, in, true, false);
    hx_assert(b, o->err == exp, "err iff the release names an unheld block", exp, o->err);
}

static void cover(hx_bench *b, const bins *v, const scoreboard *sb, const psu_in *in,
                  const psu_out *o, unsigned good)
{
    const bool normal = !in->rst && !in->load_map;
    if (normal && (in->take_c || in->take_u) && !o->ready)
        hx_hit(b, v->take_selecting);
    const bool tc = normal && o->ready && in->take_c, tu = normal && o->ready && in->take_u;
    const bool rl = normal && in->rel;
    if (tc)
        hx_hit(b, o->pc_valid ? v->take_c[o->pc_tier] : v->spill_c);
    if (tu)
        hx_hit(b, o->pu_valid ? v->take_u : v->spill_u);
    if (rl && good < PSU_SLOTS)
        hx_hit(b, sb->list[good].c ? v->rel_c : v->rel_u);
    if (rl && o->err)
        hx_hit(b, names_any(sb, in, true, false) ? v->rel_faulty
                  : in->rel_c ? v->double_rel_c : v->double_rel_u);
    if (rl && tc && o->pc_valid)
        hx_hit(b, v->rel_take_c);
    if (rl && tu && o->pu_valid)
        hx_hit(b, v->rel_take_u);
    if (tc && tu && o->pc_valid && o->pu_valid)
        hx_hit(b, v->take_both);
    if (tc && tu && o->pu_valid) {
        const choice alone = expect_c(sb, NO_ENTRY); /* what take_c alone would get */
        if (alone.valid && alone.entry == o->pu_entry)
            hx_hit(b, v->steer);
    }
    if (in->load_map && sb->n)
        hx_hit(b, v->reload_held);
}

/* The clock edge as the scoreboard sees it: release before take. */
static void retire(scoreboard *sb, const psu_in *in, const psu_out *o, unsigned good)
{
    if (in->rst || in->load_map) {
        static const uint64_t none[PSU_WORDS];
        load_map(sb, in->rst ? none : in->faulty);
        return;
    }
    if (good < PSU_SLOTS)
        drop(sb, good);
    if (in->take_c && o->pc_valid)
        take(sb, (patch){o->pc_entry, o->pc_blk, true});
    if (in->take_u && o->pu_valid)
        take(sb, (patch){o->pu_entry, 0, false});
}

/* Fill until the compressed patch runs out, then drain; a new map when the episode ends. */
static void steer_traffic(rng_state *r, traffic *tr, const scoreboard *sb, const psu_in *in,
                          const psu_out *o)
{
    if (in->load_map) {
        new_episode(r, tr);
        return;
    }
    tr->left -= tr->left > 0;
    if (!tr->draining && o->ready && !o->pc_valid && rng_chance(r, 1, 64))
        tr->draining = true;
    else if (tr->draining && (sb->n == 0 || rng_chance(r, 1, 400)))
        tr->draining = false;
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "psu", "PSU cycles", argc, argv, 100000);
    ports p;
    psu_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    static psu_state s;
    static scoreboard sb;
    psu_reset(&s);
    traffic tr = {.maps = rng_below(&b.rng, 8), .sweeping = true, .sw_p = 1};
    unsigned quiet = 0;
    while (hx_running(&b)) {
        const bool steering = tr.sweeping && !hx_in_reset(&b);
        const bool taking = take_sweeping(&tr);
        const bool sweep = steering || taking;
        const bool rst = hx_in_reset(&b) || (!sweep && rng_chance(&b.rng, 1, 10000));
        const bool ready = psu_ready(&s);
        psu_in in = {0};
        unsigned good = PSU_SLOTS;
        if (sweep && sweep_waits(&tr, steering, ready))
            ; /* idle: the selection runs */
        else if (steering)
            sweep_inputs(&sb, &tr, &in, &good);
        else if (taking)
            take_sweep_inputs(&tr, &in);
        else
            pick_inputs(&b, &sb, &tr, rst, ready, &in, &good);
        if (in.load_map && !sweep) {
            const unsigned k = next_map_kind(&tr);
            random_map(&b.rng, k, in.faulty);
            hx_hit(&b, v.map[k]);
        }
        if (rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        memcpy(in.fmap, sb.fmap, sizeof in.fmap);
        drive(&b, &p, &in);
        psu_out o;
        psu_step(&s, &in, &o);
        expect(&b, &p, &o);
        check_bitmap(&b, &sb, &o);
        check_choice(&b, &sb, &in, &o);
        check_err(&b, &sb, &in, &o);
        check_ready(&b, quiet, &o);
        quiet = edge_changes(&in, &o) ? 0 : quiet + (quiet < DRF_PSU_PATCH_CYCLES);
        if (steering)
            check_sweep(&b, &tr, &in, &o);
        cover(&b, &v, &sb, &in, &o, good);
        retire(&sb, &in, &o, good);
        if (!sweep)
            steer_traffic(&b.rng, &tr, &sb, &in, &o);
        hx_tick(&b);
        if (!sweep)
            hx_txn_done(&b);
    }
    return hx_finish(&b);
}
