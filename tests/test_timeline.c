/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the issue model (eval/timeline/timeline.c, docs/timeline.md): latencies exposed on an
 * idle unit and hidden on a busy one, the slowest operand counted once, extra issue slots,
 * windows and kernel launches that wait for a slower technique, errors, reuse. */
#include <string.h>

#include "check.h"
#include "eval/timeline/timeline.h"

static const tl_gpu gcn1 = {.units = 1, .slot_cycles = 4};

static tr_event ev(tr_kind kind, uint64_t cycle, uint64_t wf)
{
    return (tr_event){.kind = kind, .cycle = cycle, .wf = wf, .nvregs = 8};
}

/* Feeds one event under every technique with the costs given (NULL: none). */
static bool feed(tl *t, tr_kind kind, uint64_t cycle, uint64_t wf, unsigned window,
                 const tl_cost *cost)
{
    const tr_event e = ev(kind, cycle, wf);
    char msg[128];
    return tl_event(t, &e, 0, window, cost, msg, sizeof msg);
}

static bool feed_reg(tl *t, tr_kind kind, uint64_t cycle, uint64_t wf, unsigned vreg,
                     const tl_cost *cost)
{
    tr_event e = ev(kind, cycle, wf);
    e.vreg = vreg;
    char msg[128];
    return tl_event(t, &e, 0, TL_NO_WINDOW, cost, msg, sizeof msg);
}

/* waves wavefronts on one unit, each issuing n instructions v0 = f(v0) recorded every 4 cycles
 * from 4 (as if each had a unit of its own), ending 4 cycles after the last; technique 1 adds
 * `cost` to the write of instruction `at` of wavefront 0. */
static void run(tl *t, unsigned waves, unsigned n, unsigned at, tl_cost cost)
{
    tl_reset(t, 2, &gcn1);
    for (unsigned w = 0; w < waves; w++)
        feed(t, TR_A, 0, w, TL_NO_WINDOW, NULL);
    for (unsigned i = 1; i <= n; i++)
        for (unsigned w = 0; w < waves; w++) {
            const tl_cost c[2] = {{0, 0}, w == 0 && i == at ? cost : (tl_cost){0, 0}};
            feed_reg(t, TR_R, 4 * i, w, 0, NULL);
            feed_reg(t, TR_W, 4 * i, w, 0, c);
        }
    for (unsigned w = 0; w < waves; w++)
        feed(t, TR_F, 4 * n + 4, w, TL_NO_WINDOW, NULL);
}

static void test_alone(check_counts *c, tl *t)
{
    run(t, 1, 10, 5, (tl_cost){.latency = 10});
    CHECK(c, tl_cycles(t, 0) == 44);      /* as recorded */
    CHECK(c, tl_cycles(t, 1) == 44 + 10); /* the unit is free: all 10 cycles */
    CHECK(c, tl_instructions(t) == 10);
    CHECK(c, tl_slots(t, 0) == 10 && tl_slots(t, 1) == 10);
    CHECK(c, tl_live(t) == 0);
}

/* 16 wavefronts share the unit: it issues every slot, so 10 more cycles of one instruction are
 * hidden behind the others' instructions; a special MOV's slot is not. */
static void test_busy(check_counts *c, tl *t)
{
    run(t, 16, 10, 5, (tl_cost){.latency = 10});
    const uint64_t base = tl_cycles(t, 0);
    CHECK(c, base >= 16 * 10 * 4);
    CHECK(c, tl_cycles(t, 1) == base);
    run(t, 16, 10, 5, (tl_cost){.slots = 1});
    CHECK(c, tl_cycles(t, 1) == base + 4);
    CHECK(c, tl_slots(t, 1) == tl_slots(t, 0) + 1);
}

/* Two operands each one cycle slower make the result one cycle later, not two; the launch
 * values at the A cycle take no slot. */
static void test_slowest_operand(check_counts *c, tl *t)
{
    tl_reset(t, 2, &gcn1);
    const tl_cost one[2] = {{0, 0}, {.latency = 4}};
    feed_reg(t, TR_A, 0, 1, 0, NULL);
    feed_reg(t, TR_W, 0, 1, 0, NULL); /* a launch value */
    feed_reg(t, TR_R, 8, 1, 0, one);
    feed_reg(t, TR_R, 8, 1, 2, one);
    feed_reg(t, TR_W, 8, 1, 1, NULL);
    feed_reg(t, TR_R, 12, 1, 1, NULL); /* reads the result: 4 cycles later under technique 1 */
    feed_reg(t, TR_W, 12, 1, 3, NULL);
    feed_reg(t, TR_F, 16, 1, 0, NULL);
    CHECK(c, tl_instructions(t) == 2);
    CHECK(c, tl_cycles(t, 0) == 16);
    CHECK(c, tl_cycles(t, 1) == 20);
}

/* A slow write is hidden when the wavefront's next instructions do not read it before it is
 * ready, and exposed at the end when nothing reads it. */
static void test_independent(check_counts *c, tl *t)
{
    tl_reset(t, 2, &gcn1);
    const tl_cost slow[2] = {{0, 0}, {.latency = 60}};
    feed_reg(t, TR_A, 0, 1, 0, NULL);
    feed_reg(t, TR_W, 4, 1, 0, slow); /* v0 ready at 68 under technique 1 */
    for (unsigned i = 2; i <= 30; i++) {
        feed_reg(t, TR_R, 4 * i, 1, 1, NULL);
        feed_reg(t, TR_W, 4 * i, 1, 1, NULL);
    }
    feed_reg(t, TR_R, 124, 1, 0, NULL); /* reads v0 long after it is ready */
    feed_reg(t, TR_F, 128, 1, 0, NULL);
    CHECK(c, tl_cycles(t, 0) == 128);
    CHECK(c, tl_cycles(t, 1) == 128);
}

/* A wavefront that takes the window of one that ends later under technique 1 starts later;
 * a kernel launched on an idle GPU keeps technique 1's delay. */
static void test_window_and_launch(check_counts *c, tl *t)
{
    tl_reset(t, 2, &gcn1);
    const tl_cost slow[2] = {{0, 0}, {.latency = 100}};
    feed(t, TR_A, 0, 1, 3, NULL);
    feed(t, TR_W, 4, 1, 3, slow); /* ready at 108 under technique 1 */
    feed(t, TR_A, 4, 2, 5, NULL); /* another window: keeps its pace */
    feed(t, TR_F, 8, 1, 3, NULL); /* technique 1: ends at 108 */
    feed(t, TR_A, 8, 3, 3, NULL); /* the freed window: ready at 108 under technique 1 */
    feed(t, TR_W, 12, 3, 3, NULL);
    feed(t, TR_F, 16, 3, 3, NULL);
    feed(t, TR_F, 16, 2, 5, NULL);
    CHECK(c, tl_cycles(t, 0) == 16);
    CHECK(c, tl_cycles(t, 1) == 116);
    feed(t, TR_A, 1000, 4, 3, NULL); /* a new launch on the idle GPU: 100 cycles late */
    feed(t, TR_W, 1004, 4, 3, NULL);
    feed(t, TR_F, 1008, 4, 3, NULL);
    CHECK(c, tl_cycles(t, 0) == 1008);
    CHECK(c, tl_cycles(t, 1) == 1108);
}

/* A request far beyond the ring's first size while another wavefront fills the unit: wavefront
 * 2's read waits 60000 cycles for its value and takes its slot first; wavefront 1 goes one slot
 * later from its second instruction (wavefront 2's first took its slot) and from there. */
static void test_long_gap(check_counts *c, tl *t)
{
    tl_reset(t, 1, &gcn1);
    const tl_cost far = {.latency = 60000};
    feed_reg(t, TR_A, 0, 1, 0, NULL);
    feed_reg(t, TR_A, 0, 2, 0, NULL);
    feed_reg(t, TR_W, 4, 1, 1, NULL);
    feed_reg(t, TR_W, 4, 2, 0, &far);  /* v0 ready at 8 + 4 + 60000 */
    feed_reg(t, TR_R, 8, 2, 0, NULL);  /* issues at 60012 */
    feed_reg(t, TR_W, 8, 1, 1, NULL);
    feed_reg(t, TR_W, 8, 2, 1, NULL);
    feed_reg(t, TR_F, 12, 2, 0, NULL); /* 4 cycles after its last instruction */
    for (unsigned i = 3; i < 20000; i++)
        feed_reg(t, TR_W, 4 * i, 1, 1, NULL);
    feed_reg(t, TR_F, 80000, 1, 0, NULL);
    CHECK(c, tl_cycles(t, 0) == 79996 + 4 + 2 * 4);
    CHECK(c, tl_slots(t, 0) == 19999 + 2);
}

static void test_errors_and_reuse(check_counts *c, tl *t)
{
    tl_reset(t, 1, &gcn1);
    char msg[128] = "";
    const tr_event r = ev(TR_R, 4, 9), a = ev(TR_A, 0, 9);
    CHECK(c, !tl_event(t, &r, 0, TL_NO_WINDOW, NULL, msg, sizeof msg));
    CHECK(c, strstr(msg, "before its A") != NULL);
    CHECK(c, tl_event(t, &a, 0, TL_NO_WINDOW, NULL, msg, sizeof msg));
    CHECK(c, !tl_event(t, &a, 0, TL_NO_WINDOW, NULL, msg, sizeof msg));
    CHECK(c, strstr(msg, "second A") != NULL);
    run(t, 16, 10, 5, (tl_cost){.slots = 1});
    const uint64_t reused = tl_cycles(t, 1);
    tl *fresh = tl_new();
    CHECK(c, fresh != NULL);
    if (fresh) {
        run(fresh, 16, 10, 5, (tl_cost){.slots = 1});
        CHECK(c, tl_cycles(fresh, 1) == reused);
        tl_free(fresh);
    }
}

int main(void)
{
    check_counts c = {0, 0};
    tl *t = tl_new();
    CHECK(&c, t != NULL);
    if (t) {
        test_alone(&c, t);
        test_busy(&c, t);
        test_slowest_operand(&c, t);
        test_independent(&c, t);
        test_window_and_launch(&c, t);
        test_long_gap(&c, t);
        test_errors_and_reuse(&c, t);
        tl_free(t);
    }
    return check_done(&c, "test_timeline");
}
