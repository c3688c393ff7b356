/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the pilot warp profiler (pilot paper Sections III-A2, III-B):
 * cmodel/pilot_profiler.c against rtl/pilot_profiler.v every cycle, every output (a random
 * counter through the read port); end to end, the counters equal the bench's own unbounded
 * count of the pilot's accesses capped at 65535, and the selection is the top-n of it. */
#include <string.h>

#include "harness.h"
#include "ports_pilot_profiler.h"
#include "pilot_profiler.h"


enum { RB = DRF_PILOT_REG_BITS, HOT = 6 };

typedef pilot_profiler_ports ports;

typedef struct {
    unsigned saturated, sat_step, three_same, two_same, other_warp, err_reg, fin_other, selected,
        tie, unused_in_top, launch_sorting, after_fin, r62_counted, reset;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    v->saturated = hx_bin(b, "a counter saturated at 65535");
    v->sat_step = hx_bin(b, "an increment past 65535 (clipped)");
    v->three_same = hx_bin(b, "three ports name one register");
    v->two_same = hx_bin(b, "two ports name one register");
    v->other_warp = hx_bin(b, "another warp's access while profiling (not counted)");
    v->err_reg = hx_bin(b, "pilot access to R63");
    v->fin_other = hx_bin(b, "another warp finishes while profiling");
    v->selected = hx_bin(b, "top-n selection completed");
    v->tie = hx_bin(b, "selection with tied counts");
    v->unused_in_top = hx_bin(b, "selection includes a register the pilot never used");
    v->launch_sorting = hx_bin(b, "launch during the selection");
    v->after_fin = hx_bin(b, "pilot access after it finished (not counted)");
    v->r62_counted = hx_bin(b, "R62 counted");
    v->reset = hx_bin(b, "reset after the first cycles");
}

/* The bench's own view: unbounded counts of the pilot's accesses since the launch. */
typedef struct {
    uint64_t count[PPF_REGS];
    bool profiling, selecting;
    uint8_t pilot, hot[HOT];
    unsigned length, sel_cycles; /* cycles the kernel's pilot runs; selection cycles seen */
    bool finished, one_hot;      /* one_hot: the longest runs name hot[0] only (it saturates) */
    unsigned want_top[PPF_N];    /* top-n of the counts, computed once per selection */
} scoreboard;

static uint64_t pack(const uint8_t *r, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint64_t)(r[k] & PPF_REG_MASK) << (k * RB);
    return v;
}

static uint64_t capped(uint64_t c)
{
    return c > PPF_CNT_MAX ? PPF_CNT_MAX : c;
}

static void new_kernel(rng_state *r, scoreboard *sb, uint8_t pilot)
{
    memset(sb->count, 0, sizeof sb->count);
    sb->profiling = true;
    sb->selecting = sb->finished = false;
    sb->pilot = pilot;
    /* hot registers: the highest numbers, low ones, or any of the 63 (every counter's logic,
     * tree leaf and taken bit gets large counts and selections) */
    for (unsigned k = 0; k < HOT; k++)
        sb->hot[k] = (uint8_t)(rng_chance(r, 1, 4)   ? PPF_REGS - 1 - k
                               : rng_chance(r, 1, 2) ? rng_below(r, 16)
                                                    : rng_below(r, PPF_REGS));
    /* a long pilot now and then, so that counters saturate, and medium ones, so that up to
     * three registers reach counts of thousands (every counter bit decides a selection) */
    sb->length = rng_chance(r, 1, 30)   ? 25000 + rng_below(r, 20000)
                 : rng_chance(r, 1, 10) ? 1500 + rng_below(r, 12000)
                 : rng_chance(r, 1, 4)  ? 1 + rng_below(r, 8)
                                       : 20 + rng_below(r, 400);
    sb->one_hot = sb->length >= 25000;
}

static ppf_in next_input(rng_state *r, scoreboard *sb, bool resetting)
{
    ppf_in in = {.rst = resetting || rng_chance(r, 1, 100000)};
    in.cnt_addr = (uint8_t)(rng_chance(r, 1, 2) ? sb->hot[rng_below(r, HOT)] : rng_below(r, 64));
    const bool kernel_over = !sb->profiling && !sb->selecting && rng_chance(r, 1, 20);
    /* a launch interrupts about 2 selections in 5 (1 in 136 of its 68 cycles) */
    if (kernel_over || rng_chance(r, 1, sb->selecting ? 2 * PPF_SEL_CYCLES : 200000)) {
        in.launch = true;
        in.launch_id = (uint8_t)rng_rand32(r);
    }
    const bool pilot_turn = rng_chance(r, 3, 4);
    in.acc_warp = pilot_turn ? sb->pilot : (uint8_t)rng_rand32(r);
    in.acc_valid = (uint8_t)rng_below(r, 8);
    for (unsigned p = 0; p < PPF_PORTS; p++)
        in.acc_reg[p] = (uint8_t)(rng_chance(r, 7, 8) ? sb->hot[rng_below(r, sb->length > 1000 ? 2 : HOT)]
                                                     : rng_below(r, 64));
    if (sb->length > 1000 && sb->profiling) { /* hot[0] (saturating), or medium: hot[0..2] */
        in.acc_valid = (uint8_t)(1 + rng_below(r, 7));
        for (unsigned p = 0; p < PPF_PORTS; p++)
            in.acc_reg[p] = sb->hot[sb->one_hot ? 0 : rng_below(r, 3)];
        in.acc_warp = sb->pilot;
    }
    if (sb->length)
        sb->length--;
    in.fin = rng_chance(r, 1, 10);
    in.fin_warp = (uint8_t)rng_rand32(r);
    if (sb->length == 0 && rng_chance(r, 1, 2))
        in.fin_warp = sb->pilot;
    else if (in.fin_warp == sb->pilot) /* the pilot ends only when its run is over */
        in.fin_warp++;
    return in;
}

/* --- the directed prologue (~610000 cycles, not counted in --n; only in runs of PR_MIN_RUN
 * transactions or more: make verify's and make mutate's, not the short replays of make icarus
 * and make bench), kernels of four kinds:
 * - pairs: the pilot names 4 registers x_i = b + i * d (mod 63), x_0 4 times ... x_3 once, so
 *   they are the top-n in that order (x_3 = b + 1 for d = 21, 42, where b + 3d = b); over
 *   d = 1..62 and b = 0..62 every ordered pair of registers is ranked at ranks (i, i + 1) and
 *   (i, i + 2) (a taken bit that another register's pick sets or clears survived random top-n);
 * - counts: registers 3m..3m+2 counted to a random target in 10240..12287 (bits 11 and 13 set
 *   in every counter for thousands of cycles, read meanwhile), then, after the selection, all
 *   63 counters read in turn;
 * - low counts: the same registers to the complement of the target's bits 0..10, so that
 *   every one of those bits is 1 in every counter when it is read after one of the two;
 * - saturation: one register counted 2 a cycle past 65535 (random runs saturate a counter
 *   only now and then). */
enum { PR_PAIRS, PR_COUNTS, PR_LOW, PR_SAT, PR_DONE, PR_MIN_RUN = 100000 };
enum { PR_STEPS = PPF_REGS - 1, PR_PAIR_KERNELS = PR_STEPS * PPF_REGS, PR_PORT_KERNELS = PPF_REGS / 3 };
DRF_STATIC_ASSERT(PPF_N == 4 && PPF_PORTS == 3 && PPF_REGS == 63, "the prologue's schedules");

typedef struct {
    unsigned kind, kernel, idle;
    bool launched;
    uint8_t reg[PPF_N];        /* pairs: x_0..x_3; counts: 3 registers */
    uint32_t want[PPF_N];      /* the count each must reach */
    uint16_t target[PPF_REGS]; /* the counts kernels' targets */
} prologue;

static void prologue_kernel(rng_state *r, prologue *pr)
{
    const unsigned k = pr->kernel;
    if (pr->kind == PR_PAIRS) {
        const unsigned b = k % PPF_REGS, d = 1 + k / PPF_REGS;
        for (unsigned i = 0; i < PPF_N; i++) {
            const bool repeats = i == 3 && d % (PPF_REGS / 3) == 0;
            pr->reg[i] = (uint8_t)((b + (repeats ? 1 : i * d)) % PPF_REGS);
            pr->want[i] = PPF_N - i;
        }
        return;
    }
    if (pr->kind == PR_SAT) { /* ports 0 and 1: 65534 -> 65536 (clipped) -> 65538 */
        memset(pr->reg, rng_below(r, PPF_REGS), sizeof pr->reg);
        pr->want[0] = pr->want[1] = PPF_CNT_MAX + 2;
        pr->want[2] = pr->want[3] = 0;
        return;
    }
    for (unsigned p = 0; p < PPF_PORTS; p++) {
        const unsigned reg = 3 * k + p;
        pr->reg[p] = (uint8_t)reg;
        if (pr->kind == PR_COUNTS)
            pr->target[reg] = (uint16_t)(10240 + rng_below(r, 2048));
        pr->want[p] = pr->kind == PR_COUNTS ? pr->target[reg] : ~pr->target[reg] & 0x7ffu;
    }
    pr->want[PPF_N - 1] = 0;
}

/* The pilot's accesses of this cycle: each port the first register still below its count. */
static bool prologue_access(const prologue *pr, const scoreboard *sb, ppf_in *in)
{
    uint64_t pending[PPF_N];
    for (unsigned i = 0; i < PPF_N; i++)
        pending[i] = sb->count[pr->reg[i]] < pr->want[i] ? pr->want[i] - sb->count[pr->reg[i]] : 0;
    for (unsigned p = 0; p < PPF_PORTS; p++) {
        const unsigned first = pr->kind == PR_PAIRS ? 0 : p, last = pr->kind == PR_PAIRS ? PPF_N : p + 1;
        for (unsigned i = first; i < last; i++)
            if (pending[i]) {
                pending[i]--;
                in->acc_valid |= (uint8_t)(1u << p);
                in->acc_reg[p] = pr->reg[i];
                break;
            }
    }
    return in->acc_valid != 0;
}

/* This cycle's prologue input, false once it is over. */
static bool prologue_input(rng_state *r, prologue *pr, const scoreboard *sb, ppf_in *in)
{
    *in = (ppf_in){.cnt_addr = (uint8_t)rng_below(r, 64), .acc_warp = (uint8_t)rng_rand32(r)};
    if (pr->kind == PR_DONE)
        return false;
    if (!pr->launched) {
        prologue_kernel(r, pr);
        in->launch = pr->launched = true;
        in->launch_id = (uint8_t)rng_rand32(r);
        pr->idle = 0;
        return true;
    }
    if (sb->profiling) {
        in->acc_warp = sb->pilot;
        if (!prologue_access(pr, sb, in)) {
            in->fin = true;
            in->fin_warp = sb->pilot;
        }
        return true;
    }
    if (sb->selecting)
        return true;
    in->cnt_addr = (uint8_t)pr->idle; /* after the selection: every counter read in turn */
    if (++pr->idle < (pr->kind == PR_PAIRS ? 1u : 64u))
        return true;
    pr->launched = false;
    if (++pr->kernel == (pr->kind == PR_PAIRS ? PR_PAIR_KERNELS : pr->kind == PR_SAT ? 1 : PR_PORT_KERNELS))
        pr->kernel = 0, pr->kind++;
    return true;
}

static void check_counters(hx_bench *b, const scoreboard *sb, const ppf_in *in, const ppf_out *o)
{
    const unsigned a = in->cnt_addr & PPF_REG_MASK;
    const uint64_t want = a < PPF_REGS ? capped(sb->count[a]) : 0;
    hx_assert(b, o->cnt_data == want, "counter == pilot accesses capped at 65535", want,
              o->cnt_data);
    hx_assert(b, o->mask == sb->profiling, "mask bit == pilot running", sb->profiling, o->mask);
    if (!o->top_valid)
        return;
    for (unsigned k = 0; k < PPF_N; k++)
        hx_assert(b, o->top[k] == sb->want_top[k], "top == top-n of the pilot's counts",
                  sb->want_top[k], o->top[k]);
}

/* The counts are frozen from the pilot's end to the next launch: their top-n once. */
static void expect_selection(scoreboard *sb)
{
    uint64_t c[PPF_REGS];
    for (unsigned r = 0; r < PPF_REGS; r++)
        c[r] = capped(sb->count[r]);
    ppf_select_top(c, PPF_REGS, PPF_N, sb->want_top);
}

static void cover(hx_bench *b, const bins *v, const scoreboard *sb, const ppf_in *in,
                  const ppf_out *o)
{
    const bool pilot_acc = sb->profiling && in->acc_warp == sb->pilot;
    /* the registers the valid ports name, each once, with the number of ports naming it (a
     * loop over the ports, not over the 63 counters: this runs every cycle) */
    for (unsigned q = 0; q < PPF_PORTS && pilot_acc; q++) {
        const unsigned r = in->acc_reg[q] & PPF_REG_MASK;
        unsigned n = 0, earlier = 0;
        for (unsigned p = 0; p < PPF_PORTS; p++)
            if (in->acc_valid >> p & 1u && (in->acc_reg[p] & PPF_REG_MASK) == r) {
                n++;
                earlier += p < q;
            }
        if (!(in->acc_valid >> q & 1u) || earlier || r >= PPF_REGS)
            continue; /* not valid, counted at an earlier port, or R63 */
        if (n == 3)
            hx_hit(b, v->three_same);
        if (n == 2)
            hx_hit(b, v->two_same);
        if (sb->count[r] < PPF_CNT_MAX && sb->count[r] + n > PPF_CNT_MAX)
            hx_hit(b, v->sat_step);
        if (sb->count[r] >= PPF_CNT_MAX)
            hx_hit(b, v->saturated);
        if (r == PPF_REGS - 1)
            hx_hit(b, v->r62_counted);
    }
    if (sb->profiling && in->acc_valid && in->acc_warp != sb->pilot)
        hx_hit(b, v->other_warp);
    if (o->err_reg)
        hx_hit(b, v->err_reg);
    if (sb->profiling && in->fin && in->fin_warp != sb->pilot)
        hx_hit(b, v->fin_other);
    if (sb->finished && !sb->profiling && in->acc_warp == sb->pilot && in->acc_valid && !in->launch)
        hx_hit(b, v->after_fin);
    if (sb->selecting && in->launch)
        hx_hit(b, v->launch_sorting);
    if (o->top_valid && sb->sel_cycles == PPF_SEL_CYCLES) {
        hx_hit(b, v->selected);
        for (unsigned k = 0; k + 1 < PPF_N; k++)
            if (capped(sb->count[o->top[k]]) == capped(sb->count[o->top[k + 1]]))
                hx_hit(b, v->tie);
        for (unsigned k = 0; k < PPF_N; k++)
            if (sb->count[o->top[k]] == 0)
                hx_hit(b, v->unused_in_top);
    }
}

static void update(rng_state *r, scoreboard *sb, const ppf_in *in)
{
    if (in->rst) {
        new_kernel(r, sb, 0);
        sb->profiling = false;
        return;
    }
    if (in->launch) {
        new_kernel(r, sb, in->launch_id);
        return;
    }
    if (sb->selecting) {
        if (++sb->sel_cycles == PPF_SEL_CYCLES)
            sb->selecting = false;
        return;
    }
    if (!sb->profiling)
        return;
    if (in->acc_warp == sb->pilot)
        for (unsigned p = 0; p < PPF_PORTS; p++)
            if ((in->acc_valid >> p & 1u) && (in->acc_reg[p] & PPF_REG_MASK) < PPF_REGS)
                sb->count[in->acc_reg[p] & PPF_REG_MASK]++;
    if (in->fin && in->fin_warp == sb->pilot) {
        sb->profiling = false;
        sb->selecting = sb->finished = true;
        sb->sel_cycles = 0;
        expect_selection(sb);
    }
}

static void expect(hx_bench *b, const ports *p, const ppf_out *o)
{
    hx_expect(b, p->mask, o->mask);
    hx_expect(b, p->pilot_id, o->pilot_id);
    hx_expect(b, p->sorting, o->sorting);
    hx_expect(b, p->top_valid, o->top_valid);
    hx_expect(b, p->top, pack(o->top, PPF_N));
    hx_expect(b, p->cnt_data, o->cnt_data);
    hx_expect(b, p->err_reg, o->err_reg);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "pilot_profiler", "profiler cycles", argc, argv, 1000000);
    ports p;
    pilot_profiler_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    static ppf_state st;
    ppf_reset(&st);
    scoreboard sb;
    new_kernel(&b.rng, &sb, 0);
    sb.profiling = false;
    static prologue pr;
    pr.kind = b.o.n >= PR_MIN_RUN ? PR_PAIRS : PR_DONE;
    while (hx_running(&b)) {
        ppf_in in;
        const bool directed = !hx_in_reset(&b) && prologue_input(&b.rng, &pr, &sb, &in);
        if (!directed)
            in = next_input(&b.rng, &sb, hx_in_reset(&b));
        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.launch, in.launch);
        hx_set(&b, p.launch_id, in.launch_id);
        hx_set(&b, p.acc_warp, in.acc_warp);
        hx_set(&b, p.acc_valid, in.acc_valid);
        hx_set(&b, p.acc_reg, pack(in.acc_reg, PPF_PORTS));
        hx_set(&b, p.fin, in.fin);
        hx_set(&b, p.fin_warp, in.fin_warp);
        hx_set(&b, p.cnt_addr, in.cnt_addr);
        hx_eval(&b);
        ppf_out o;
        ppf_step(&st, &in, &o);
        expect(&b, &p, &o);
        check_counters(&b, &sb, &in, &o);
        cover(&b, &v, &sb, &in, &o);
        if (in.rst && !hx_in_reset(&b))
            hx_hit(&b, v.reset);
        update(&b.rng, &sb, &in);
        hx_tick(&b);
        if (!directed)
            hx_txn_done(&b);
    }
    return hx_finish(&b);
}
