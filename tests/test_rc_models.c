/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the RC C models: compression unit and its Table 1 FSM (aging paper
 * Section 5.1.1), decompression unit (Section 5.1.2). Registers are built here from
 * Eq. (2) independently of the models; random stimulus comes from a local splitmix64. */
#include <string.h>

#include "check.h"
#include "rc_compress.h"
#include "rc_decompress.h"

/* --- stimulus ------------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t rand32(uint64_t *x)
{
    return (uint32_t)(splitmix64(x) >> 32);
}

static uint32_t below(uint64_t *x, uint32_t n)
{
    return rand32(x) % n;
}

enum { CODES = 1 << DRF_CODE_BITS };

/* The delta a 3-bit code stands for: 2^code, zero for DRF_CODE_ZERO. */
static uint32_t code_delta(unsigned code)
{
    return code == DRF_CODE_ZERO ? 0u : 1u << code;
}

static bool legal_delta(uint32_t d)
{
    for (unsigned code = 0; code < CODES; code++)
        if (d == code_delta(code))
            return true;
    return false;
}

/* Eq. (2): C_i = c0 + (i / BS) * db + (i % BS) * de, modulo 2^32. */
static void eq2(uint32_t c0, uint32_t de, uint32_t db, uint32_t c[DRF_COMPONENTS])
{
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        c[i] = c0 + (uint32_t)(i / DRF_BLOCK_SIZE) * db + (uint32_t)(i % DRF_BLOCK_SIZE) * de;
}

static bool same_register(const uint32_t *a, const uint32_t *b)
{
    return memcmp(a, b, DRF_COMPONENTS * sizeof a[0]) == 0;
}

static void random_subwavefront(uint64_t *rng, uint32_t sw[DRF_SW_LANES])
{
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        sw[j] = rand32(rng);
}

/* Bases that exercise carries and wrap-around at 2^32. */
static const uint32_t bases[] = {0u, 2u, 0x12345678u, 0x7FFFFFC0u, 0xFFFFFE00u,
                                 0xFFFFFFF0u, 0xFFFFFFFFu};
enum { BASES = sizeof bases / sizeof bases[0] };

/* --- paper example (Section 5.1.1) --------------------------------------------------- */

static void test_paper_example(check_counts *c)
{
    static const uint32_t first16[DRF_SW_LANES] = {2, 4, 6, 8, 10, 12, 14, 16,
                                                   10, 12, 14, 16, 18, 20, 22, 24};
    uint32_t reg[DRF_COMPONENTS];
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        reg[i] = 2 + (i / 8) * 8 + (i % 8) * 2;
    CHECK(c, memcmp(reg, first16, sizeof first16) == 0);

    rc_entry e = {0};
    CHECK(c, rc_compress_register(reg, &e));
    CHECK(c, e.v && e.c0 == 2 && e.log2de == 1 && e.log2db == 3);
    CHECK(c, rc_classify(reg) == RC_PATTERN_DOUBLE);

    const rc_entry paper = {.v = true, .c0 = 2, .log2de = 1, .log2db = 3};
    uint32_t out[DRF_COMPONENTS];
    rc_decompress_register(&paper, out);
    CHECK(c, same_register(out, reg));
}

/* --- every code pair round-trips ----------------------------------------------------- */

/* The decompression unit, one subwavefront per evaluation, gives the same register. */
static bool step_decompress_matches(const rc_entry *e, const uint32_t reg[DRF_COMPONENTS])
{
    for (uint8_t sw = 0; sw < DRF_SUBWAVEFRONTS; sw++) {
        const rc_decompress_in in = {.c0 = e->c0, .log2de = e->log2de, .log2db = e->log2db,
                                     .sw = sw};
        rc_decompress_out out;
        rc_decompress_step(&in, &out);
        if (memcmp(out.comp, reg + sw * DRF_SW_LANES, sizeof out.comp) != 0)
            return false;
    }
    return true;
}

/* Decompressing (c0, de, db) gives Eq. (2), on both decompression APIs, and compressing
 * that gives the same entry back. */
static bool code_pair_round_trips(uint32_t c0, uint8_t de, uint8_t db)
{
    const rc_entry e = {.v = true, .c0 = c0, .log2de = de, .log2db = db};
    uint32_t want[DRF_COMPONENTS], got[DRF_COMPONENTS];
    eq2(c0, code_delta(de), code_delta(db), want);
    rc_decompress_register(&e, got);
    rc_entry back = {0};
    const bool ok = same_register(got, want) && step_decompress_matches(&e, want) &&
                    rc_compress_register(got, &back) && back.v && back.c0 == c0 &&
                    back.log2de == de && back.log2db == db;
    if (!ok)
        fprintf(stderr, "  C0=%08x log2de=%u log2db=%u\n", (unsigned)c0, de, db);
    return ok;
}

static void test_code_pairs_round_trip(check_counts *c)
{
    for (unsigned b = 0; b < BASES; b++)
        for (uint8_t de = 0; de < CODES; de++)
            for (uint8_t db = 0; db < CODES; db++)
                CHECK(c, code_pair_round_trips(bases[b], de, db));
}

/* --- near misses --------------------------------------------------------------------- */

static bool rejected(const uint32_t reg[DRF_COMPONENTS])
{
    rc_entry e = {0};
    return !rc_compress_register(reg, &e) && !e.v && rc_classify(reg) == RC_PATTERN_OTHER;
}

/* Every single-bit flip of every component of a compressible register is rejected. */
static bool all_bit_flips_rejected(const uint32_t base[DRF_COMPONENTS])
{
    uint32_t reg[DRF_COMPONENTS];
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        for (unsigned bit = 0; bit < DRF_WORD_BITS; bit++) {
            memcpy(reg, base, sizeof reg);
            reg[i] ^= 1u << bit;
            if (!rejected(reg)) {
                fprintf(stderr, "  C0=%08x: flip of bit %u in C%u accepted\n",
                        (unsigned)base[0], bit, i);
                return false;
            }
        }
    return true;
}

static bool last_off_by_one_rejected(const uint32_t base[DRF_COMPONENTS])
{
    uint32_t reg[DRF_COMPONENTS];
    memcpy(reg, base, sizeof reg);
    reg[DRF_COMPONENTS - 1] += 1;
    const bool plus = rejected(reg);
    reg[DRF_COMPONENTS - 1] -= 2;
    return plus && rejected(reg);
}

/* With the delta bad as element or as block delta and any legal other delta: rejected. */
static bool bad_delta_rejected(uint32_t c0, uint32_t bad)
{
    uint32_t as_element[DRF_COMPONENTS], as_block[DRF_COMPONENTS];
    for (unsigned code = 0; code < CODES; code++) {
        eq2(c0, bad, code_delta(code), as_element);
        eq2(c0, code_delta(code), bad, as_block);
        if (!rejected(as_element) || !rejected(as_block)) {
            fprintf(stderr, "  C0=%08x: delta %08x beside delta %u accepted\n", (unsigned)c0,
                    (unsigned)bad, (unsigned)code_delta(code));
            return false;
        }
    }
    return true;
}

static void test_near_misses(check_counts *c)
{
    static const uint32_t bad_deltas[] = {128, 3, 5, 96, 256, 0x80000000u,
                                          0u - 1u, 0u - 2u, 0u - 64u, 0u - 128u};
    uint32_t base[DRF_COMPONENTS];
    for (unsigned b = 0; b < BASES; b++) {
        for (uint8_t de = 0; de < CODES; de += 3)
            for (uint8_t db = 0; db < CODES; db += 2) {
                eq2(bases[b], code_delta(de), code_delta(db), base);
                CHECK(c, all_bit_flips_rejected(base));
                CHECK(c, last_off_by_one_rejected(base));
            }
        for (unsigned d = 0; d < sizeof bad_deltas / sizeof bad_deltas[0]; d++)
            CHECK(c, bad_delta_rejected(bases[b], bad_deltas[d]));
    }
    eq2(2, 2, 8, base); /* the paper example */
    CHECK(c, last_off_by_one_rejected(base));
}

/* --- classification (Section 3 patterns) --------------------------------------------- */

static enum rc_pattern classify_eq2(uint32_t c0, uint32_t de, uint32_t db)
{
    uint32_t reg[DRF_COMPONENTS];
    eq2(c0, de, db, reg);
    return rc_classify(reg);
}

static void test_classify(check_counts *c)
{
    for (unsigned b = 0; b < BASES; b++) {
        const uint32_t c0 = bases[b];
        CHECK(c, classify_eq2(c0, 0, 0) == RC_PATTERN_CONSTANT);
        for (uint32_t de = 1; de <= 8; de <<= 1)
            CHECK(c, classify_eq2(c0, de, DRF_BLOCK_SIZE * de) == RC_PATTERN_SINGLE);
        CHECK(c, classify_eq2(c0, 16, 128) == RC_PATTERN_OTHER); /* single delta 16: Db 128 */
        CHECK(c, classify_eq2(c0, 2, 8) == RC_PATTERN_DOUBLE);
        CHECK(c, classify_eq2(c0, 4, 64) == RC_PATTERN_DOUBLE);
        CHECK(c, classify_eq2(c0, 0, 1) == RC_PATTERN_DOUBLE);
        CHECK(c, classify_eq2(c0, 1, 0) == RC_PATTERN_DOUBLE);
        CHECK(c, classify_eq2(c0, 64, 64) == RC_PATTERN_DOUBLE);
        CHECK(c, classify_eq2(c0, 3, 24) == RC_PATTERN_OTHER);
    }
    CHECK(c, strcmp(rc_pattern_name(RC_PATTERN_OTHER), "other") == 0);
    CHECK(c, strcmp(rc_pattern_name(RC_PATTERN_CONSTANT), "constant") == 0);
    CHECK(c, strcmp(rc_pattern_name(RC_PATTERN_SINGLE), "single-delta") == 0);
    CHECK(c, strcmp(rc_pattern_name(RC_PATTERN_DOUBLE), "double-delta") == 0);
    CHECK(c, strcmp(rc_pattern_name(RC_PATTERN_KINDS), "?") == 0);
}

/* --- control FSM, Table 1 ------------------------------------------------------------ */

static const struct {
    bool w_en_delta, w_en_c, comp_deltas, final_st, w_en_st;
} table1[] = {
    [RC_IDLE] = {0, 0, 0, 0, 0},
    [RC_DELTAS_C0] = {1, 1, 0, 0, 0},
    [RC_DELTAS_C16] = {0, 1, 1, 0, 0},
    [RC_DELTAS_C32] = {0, 1, 1, 0, 0},
    [RC_DELTAS_C48] = {0, 0, 1, 1, 1},
};
enum { STATES = sizeof table1 / sizeof table1[0] };

static bool matches_table1(const rc_compress_out *o)
{
    return o->state < STATES && o->w_en_delta == table1[o->state].w_en_delta &&
           o->w_en_c == table1[o->state].w_en_c &&
           o->comp_deltas == table1[o->state].comp_deltas &&
           o->final_st == table1[o->state].final_st && o->w_en_st == table1[o->state].w_en_st;
}

/* In state st, whatever the inputs, the unit reports st and drives its Table 1 row. */
static bool table1_row_holds(uint64_t *rng, uint8_t st)
{
    for (unsigned n = 0; n < 64; n++) {
        rc_compress_state s;
        rc_compress_reset(&s);
        s.state = st;
        rc_compress_in in = {.rst = n & 4, .start = n & 1, .divergent = n & 2,
                             .dst = (uint8_t)n};
        random_subwavefront(rng, in.sw_data);
        rc_compress_out o;
        rc_compress_step(&s, &in, &o);
        if (o.state != st || !matches_table1(&o))
            return false;
    }
    return true;
}

static void test_table1(check_counts *c, uint64_t *rng)
{
    for (uint8_t st = 0; st < STATES; st++)
        CHECK(c, table1_row_holds(rng, st));
}

/* --- cycle model against the functional model ---------------------------------------- */

/* Index of the first subwavefront the unit must reject (DRF_SUBWAVEFRONTS: none): all
 * components before it follow Eq. (2) with the legal deltas of C0, C1 and C8. */
static unsigned first_bad_subwavefront(const uint32_t reg[DRF_COMPONENTS])
{
    const uint32_t de = reg[1] - reg[0], db = reg[DRF_BLOCK_SIZE] - reg[0];
    if (!legal_delta(de) || !legal_delta(db))
        return 0;
    uint32_t want[DRF_COMPONENTS];
    eq2(reg[0], de, db, want);
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        if (reg[i] != want[i])
            return i / DRF_SW_LANES;
    return DRF_SUBWAVEFRONTS;
}

/* Drives the compression unit register after register. The last subwavefront of the
 * register in flight is held back so that the next start can share its cycle. */
typedef struct {
    rc_compress_state s;
    uint64_t *rng;
    bool in_flight;
    rc_compress_in last;
    uint32_t reg[DRF_COMPONENTS];
    uint8_t dst;
    bool divergent;
    rc_compress_out out[DRF_SUBWAVEFRONTS];   /* outputs of the cycle of each subwavefront */
    unsigned bad_seen[DRF_SUBWAVEFRONTS + 1]; /* registers by first_bad_subwavefront */
} unit_driver;

static void driver_init(unit_driver *d, uint64_t *rng)
{
    memset(d, 0, sizeof *d);
    rc_compress_reset(&d->s);
    d->rng = rng;
}

/* The outputs for the register just finished agree with rc_compress_register, the FSM
 * walks the states of Fig. 9 (back to idle after the first rejected subwavefront), and
 * every cycle drives its Table 1 row. */
static bool outputs_agree(const unit_driver *d)
{
    rc_entry e = {0};
    const bool compressible = rc_compress_register(d->reg, &e) && !d->divergent;
    const unsigned bad = d->divergent ? 0 : first_bad_subwavefront(d->reg);
    const rc_compress_out *last = &d->out[DRF_SUBWAVEFRONTS - 1];
    bool ok = d->divergent || compressible == (bad == DRF_SUBWAVEFRONTS);
    for (unsigned k = 0; k < DRF_SUBWAVEFRONTS; k++) {
        const bool reached = !d->divergent && k <= bad;
        const uint8_t want_state = reached ? (uint8_t)(RC_DELTAS_C0 + k) : RC_IDLE;
        const bool want_final = compressible && k + 1 == DRF_SUBWAVEFRONTS;
        ok &= d->out[k].state == want_state && matches_table1(&d->out[k]) &&
              d->out[k].compr_final == want_final && d->out[k].pg == !want_final;
    }
    ok &= !compressible || (last->st_reg == d->dst && last->st_c0 == e.c0 &&
                            last->st_log2de == e.log2de && last->st_log2db == e.log2db);
    return ok;
}

static void report_register(const unit_driver *d)
{
    fprintf(stderr, "  C0=%08x C1=%08x C8=%08x C63=%08x divergent=%d, states",
            (unsigned)d->reg[0], (unsigned)d->reg[1], (unsigned)d->reg[DRF_BLOCK_SIZE],
            (unsigned)d->reg[DRF_COMPONENTS - 1], d->divergent);
    for (unsigned k = 0; k < DRF_SUBWAVEFRONTS; k++)
        fprintf(stderr, " %u", d->out[k].state);
    fputc('\n', stderr);
}

static void step_idle(unit_driver *d)
{
    rc_compress_in idle = {.dst = (uint8_t)rand32(d->rng)};
    rc_compress_out junk;
    random_subwavefront(d->rng, idle.sw_data);
    rc_compress_step(&d->s, &idle, &junk);
}

/* Steps the held-back last subwavefront, with start when the next register overlaps it,
 * and checks the finished register. */
static void driver_finish(unit_driver *d, check_counts *c, const rc_compress_in *start)
{
    if (start != NULL) {
        d->last.start = true;
        d->last.divergent = start->divergent;
        d->last.dst = start->dst;
    }
    rc_compress_step(&d->s, &d->last, &d->out[DRF_SUBWAVEFRONTS - 1]);
    d->in_flight = false;
    if (!d->divergent)
        d->bad_seen[first_bad_subwavefront(d->reg)]++;
    const bool agree = outputs_agree(d);
    CHECK(c, agree);
    if (!agree)
        report_register(d);
}

/* Starts a register (in its own cycle after 0-2 idle cycles, or overlapped with the last
 * subwavefront of the register in flight) and feeds its subwavefronts 0..2. */
static void driver_begin(unit_driver *d, check_counts *c, const uint32_t reg[DRF_COMPONENTS],
                         bool divergent, bool overlapped)
{
    const rc_compress_in start = {.start = true, .divergent = divergent,
                                  .dst = (uint8_t)rand32(d->rng)};
    if (d->in_flight && overlapped) {
        driver_finish(d, c, &start);
    } else {
        if (d->in_flight)
            driver_finish(d, c, NULL);
        for (unsigned n = below(d->rng, 3); n > 0; n--)
            step_idle(d);
        rc_compress_in own = start;
        rc_compress_out junk;
        random_subwavefront(d->rng, own.sw_data);
        rc_compress_step(&d->s, &own, &junk);
    }
    memcpy(d->reg, reg, sizeof d->reg);
    d->dst = start.dst;
    d->divergent = divergent;
    for (unsigned k = 0; k < DRF_SUBWAVEFRONTS; k++) {
        rc_compress_in in = {.dst = (uint8_t)rand32(d->rng)};
        memcpy(in.sw_data, reg + k * DRF_SW_LANES, sizeof in.sw_data);
        if (k + 1 == DRF_SUBWAVEFRONTS)
            d->last = in;
        else
            rc_compress_step(&d->s, &in, &d->out[k]);
    }
    d->in_flight = true;
}

/* Registers biased toward Eq. (2) with any legal codes and their near misses. */
static void make_register(uint64_t *rng, uint32_t reg[DRF_COMPONENTS])
{
    const uint32_t c0 = below(rng, 4) == 0 ? 0xFFFFFFFFu - below(rng, 1024) : rand32(rng);
    eq2(c0, code_delta(below(rng, CODES)), code_delta(below(rng, CODES)), reg);
    switch (below(rng, 9)) {
    case 0: /* one flipped bit */
        reg[below(rng, DRF_COMPONENTS)] ^= 1u << below(rng, DRF_WORD_BITS);
        break;
    case 1: /* one component off by one */
        reg[below(rng, DRF_COMPONENTS)] += below(rng, 2) ? 1u : ~0u;
        break;
    case 2: /* delta 128 or a negative delta */
        eq2(c0, below(rng, 2) ? 128u : 0u - code_delta(below(rng, DRF_MAX_LOG2 + 1)),
            code_delta(below(rng, CODES)), reg);
        break;
    case 3: { /* a later subwavefront or block shifted: consistent inside, not with C0 */
        const unsigned size = below(rng, 2) ? DRF_SW_LANES : DRF_BLOCK_SIZE;
        const unsigned first = size * (1 + below(rng, DRF_COMPONENTS / size - 1));
        const uint32_t shift = 1u + below(rng, 2 * (1u << DRF_MAX_LOG2));
        for (unsigned i = first; i < first + size; i++)
            reg[i] += shift;
        break;
    }
    case 4:
        for (unsigned i = 0; i < DRF_COMPONENTS; i++)
            reg[i] = rand32(rng);
        break;
    default: /* compressible */
        break;
    }
}

/* Seeded registers, started in their own cycle or overlapped with the previous one's
 * last subwavefront, 1 in 16 divergent. */
static void test_cycle_model(check_counts *c, uint64_t *rng)
{
    enum { REGISTERS = 4000 };
    unit_driver d;
    driver_init(&d, rng);
    uint32_t reg[DRF_COMPONENTS];
    for (unsigned n = 0; n < REGISTERS; n++) {
        make_register(rng, reg);
        driver_begin(&d, c, reg, below(rng, 16) == 0, below(rng, 2));
    }
    driver_finish(&d, c, NULL);
    for (unsigned k = 0; k <= DRF_SUBWAVEFRONTS; k++) /* the stimulus reaches every exit */
        CHECK(c, d.bad_seen[k] >= REGISTERS / 100);
}

/* Feeds the paper example after a start and cancels it in the cycle of subwavefront
 * cancel_at, by reset or by a new start; true when the unit never reports it compressible. */
static bool cancelled_write_not_compressed(unsigned cancel_at, bool by_start)
{
    uint32_t reg[DRF_COMPONENTS];
    eq2(2, 2, 8, reg);
    rc_compress_state s;
    rc_compress_reset(&s);
    rc_compress_in in = {.start = true, .dst = 5};
    rc_compress_out o;
    rc_compress_step(&s, &in, &o);
    bool compressed = false;
    for (unsigned k = 0; k < DRF_SUBWAVEFRONTS; k++) {
        in = (rc_compress_in){.rst = k == cancel_at && !by_start,
                              .start = k == cancel_at && by_start, .dst = 6};
        memcpy(in.sw_data, reg + k * DRF_SW_LANES, sizeof in.sw_data);
        rc_compress_step(&s, &in, &o);
        compressed |= o.compr_final;
    }
    return !compressed;
}

static void test_cancelled_compression(check_counts *c, uint64_t *rng)
{
    unit_driver d;
    driver_init(&d, rng);
    uint32_t reg[DRF_COMPONENTS];
    eq2(2, 2, 8, reg);
    driver_begin(&d, c, reg, true, false); /* divergent */
    driver_finish(&d, c, NULL);
    CHECK(c, !d.out[DRF_SUBWAVEFRONTS - 1].compr_final);
    for (unsigned k = 0; k + 1 < DRF_SUBWAVEFRONTS; k++) {
        CHECK(c, cancelled_write_not_compressed(k, false));
        CHECK(c, cancelled_write_not_compressed(k, true));
    }
    /* A start sharing the C48-C63 cycle is the back-to-back case: the write completes. */
    CHECK(c, !cancelled_write_not_compressed(DRF_SUBWAVEFRONTS - 1, true));
}

int main(void)
{
    check_counts c = {0};
    uint64_t rng = 20240601u;
    test_paper_example(&c);
    test_code_pairs_round_trip(&c);
    test_near_misses(&c);
    test_classify(&c);
    test_table1(&c, &rng);
    test_cycle_model(&c, &rng);
    test_cancelled_compression(&c, &rng);
    return check_done(&c, "rc_models");
}
