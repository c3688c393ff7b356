/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the FRF_high / FRF_low switch (pilot paper Section IV-C, threshold of
 * Section V-B): cmodel/frf_mode_ctl.c against rtl/frf_mode_ctl.v every cycle, every output;
 * end to end, the mode of each epoch is the bench's own count of the one before against 85
 * (84, 85 and 86 steered often), FRF_high after a reset. */
#include "frf_mode_ctl.h"
#include "harness.h"
#include "ports_frf_mode_ctl.h"


enum { MAX = DRF_PILOT_ISSUE_MAX };

typedef frf_mode_ctl_ports ports;

typedef struct {
    unsigned total[3], zero, full, to_low, to_high, stay_low, stay_high, err_issue, reset_mid,
        last_cycle_decides;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned k = 0; k < 3; k++)
        v->total[k] = hx_bin(b, "epoch of exactly %u instructions", DRF_PILOT_THRESHOLD - 1 + k);
    v->zero = hx_bin(b, "epoch of 0 instructions");
    v->full = hx_bin(b, "epoch of 400 instructions (8 every cycle)");
    v->to_low = hx_bin(b, "FRF_high -> FRF_low");
    v->to_high = hx_bin(b, "FRF_low -> FRF_high");
    v->stay_low = hx_bin(b, "FRF_low kept");
    v->stay_high = hx_bin(b, "FRF_high kept");
    v->err_issue = hx_bin(b, "more than 8 issued in a cycle (counted as 8)");
    v->reset_mid = hx_bin(b, "reset in the middle of an epoch");
    v->last_cycle_decides = hx_bin(b, "the epoch's last cycle crosses the threshold");
}

/* Stimulus: each epoch aims at a total (84, 85, 86 often) spread over its cycles. */
typedef struct {
    unsigned target, left, pos;
} gen;

static unsigned pick_target(rng_state *r)
{
    switch (rng_below(r, 6)) {
    case 0: case 1: return DRF_PILOT_THRESHOLD - 1 + rng_below(r, 3);
    case 2: return rng_below(r, 2) ? 0 : MAX * DRF_PILOT_EPOCH;
    default: return rng_below(r, MAX * DRF_PILOT_EPOCH + 1);
    }
}

static fmc_in next_input(rng_state *r, gen *g, bool resetting)
{
    fmc_in in = {.rst = resetting || rng_chance(r, 1, 20000)};
    if (g->pos == 0)
        g->left = g->target = pick_target(r);
    const unsigned slots = DRF_PILOT_EPOCH - g->pos;
    unsigned lo = g->left > MAX * (slots - 1) ? g->left - MAX * (slots - 1) : 0;
    unsigned hi = g->left < MAX ? g->left : MAX;
    unsigned n = lo + rng_below(r, hi - lo + 1);
    if (rng_chance(r, 1, 4) && slots > 1) /* a quiet cycle when it fits */
        n = lo;
    g->left -= n;
    in.issue = (uint8_t)n;
    if (n == MAX && rng_chance(r, 1, 50))
        in.issue = (uint8_t)(MAX + 1 + rng_below(r, FMC_ISSUE_MASK - MAX)); /* counted as 8 */
    g->pos = in.rst ? 0 : (g->pos + 1) % DRF_PILOT_EPOCH;
    return in;
}

/* The bench's own epoch count: instructions (clamped to 8) since the epoch began. */
typedef struct {
    unsigned pos, count;
    bool mode, seen_reset;
} scoreboard;

static void check(hx_bench *b, const bins *v, scoreboard *sb, const fmc_in *in,
                  const fmc_out *o)
{
    const unsigned n = (in->issue & FMC_ISSUE_MASK) > MAX ? MAX : (in->issue & FMC_ISSUE_MASK);
    hx_assert(b, o->mode == sb->mode, "mode == (previous epoch's count >= 85)", sb->mode, o->mode);
    hx_assert(b, o->icount == sb->count, "icount == instructions so far this epoch", sb->count,
              o->icount);
    hx_assert(b, o->epoch_last == (sb->pos == DRF_PILOT_EPOCH - 1), "epoch_last at cycle 49",
              sb->pos == DRF_PILOT_EPOCH - 1, o->epoch_last);
    if (in->issue > MAX)
        hx_hit(b, v->err_issue);
    if (in->rst) {
        if (sb->pos != 0 && !hx_in_reset(b))
            hx_hit(b, v->reset_mid);
        *sb = (scoreboard){.mode = true};
        return;
    }
    const unsigned total = sb->count + n;
    if (sb->pos < DRF_PILOT_EPOCH - 1) {
        sb->pos++;
        sb->count = total;
        return;
    }
    const bool next = total >= DRF_PILOT_THRESHOLD;
    if (total + 1 >= DRF_PILOT_THRESHOLD && total <= DRF_PILOT_THRESHOLD + 1)
        hx_hit(b, v->total[total + 1 - DRF_PILOT_THRESHOLD]);
    if (total == 0)
        hx_hit(b, v->zero);
    if (total == MAX * DRF_PILOT_EPOCH)
        hx_hit(b, v->full);
    if ((sb->count >= DRF_PILOT_THRESHOLD) != next)
        hx_hit(b, v->last_cycle_decides);
    hx_hit(b, sb->mode ? (next ? v->stay_high : v->to_low) : (next ? v->to_high : v->stay_low));
    *sb = (scoreboard){.mode = next};
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "frf_mode_ctl", "cycles", argc, argv, 2000000);
    ports p;
    frf_mode_ctl_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    const fmc_cfg cfg = fmc_paper();
    fmc_state st;
    fmc_reset(&st);
    scoreboard sb = {.mode = true};
    gen g = {0};
    while (hx_running(&b)) {
        const fmc_in in = next_input(&b.rng, &g, hx_in_reset(&b));
        hx_set(&b, p.rst, in.rst);
        hx_set(&b, p.issue, in.issue);
        hx_eval(&b);
        fmc_out o;
        fmc_step(&cfg, &st, &in, &o);
        hx_expect(&b, p.mode, o.mode);
        hx_expect(&b, p.epoch_last, o.epoch_last);
        hx_expect(&b, p.icount, o.icount);
        hx_expect(&b, p.err_issue, o.err_issue);
        check(&b, &v, &sb, &in, &o);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
