/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the pilot register file's C models (pilot paper Sections III-B, IV-C, V-B):
 * the paper's own examples as golden vectors (Fig. 6-7 swapping sequence, the epoch rule at
 * 84, 85 and 86 instructions, counter saturation) and the decisions of docs/pilot-decisions.md. */
#include <string.h>

#include "check.h"
#include "frf_mode_ctl.h"
#include "pilot_profiler.h"
#include "pilot_rf.h"
#include "pilot_swap_table.h"
#include "rng.h"

static check_counts c;

/* --- swapping table --------------------------------------------------------------- */
static void expect_table(const pst_entry *t, const char *const rows[PST_ENTRIES])
{
    for (unsigned e = 0; e < PST_ENTRIES; e++) {
        char got[16];
        if (pst_valid(t[e]))
            snprintf(got, sizeof got, "v R%u R%u", pst_orig(t[e]), pst_mapped(t[e]));
        else
            snprintf(got, sizeof got, "i");
        CHECK(&c, strcmp(got, rows[e]) == 0);
        if (strcmp(got, rows[e]) != 0)
            fprintf(stderr, "  entry %u: got '%s', want '%s'\n", e, got, rows[e]);
    }
}

/* Fig. 7 left, middle (compiler R4-R7) and right (pilot R8-R11), through the clocked model. */
static void fig7_sequence(void)
{
    static const char *const reset[PST_ENTRIES] = {"i", "i", "i", "i", "i", "i", "i", "i"};
    static const char *const compiler[PST_ENTRIES] = {"v R0 R4", "v R4 R0", "v R1 R5", "v R5 R1",
                                                      "v R2 R6", "v R6 R2", "v R3 R7", "v R7 R3"};
    static const char *const pilot[PST_ENTRIES] = {"v R0 R8", "v R8 R0", "v R1 R9", "v R9 R1",
                                                   "v R2 R10", "v R10 R2", "v R3 R11", "v R11 R3"};
    pst_state st;
    pst_reset(&st);
    pst_out o;
    pst_in in = {.look = {0, 4, 8}};
    pst_step(&st, &in, &o);
    expect_table(o.entry, reset);
    CHECK(&c, o.phys[0] == 0 && o.phys[1] == 4 && o.phys[2] == 8 && o.frf[0] && !o.frf[1]);
    in.apply = true;
    memcpy(in.top, (uint8_t[]){4, 5, 6, 7}, PST_N);
    pst_step(&st, &in, &o);
    CHECK(&c, o.phys[1] == 4); /* the old table in the cycle of the update */
    in.apply = false;
    pst_step(&st, &in, &o);
    expect_table(o.entry, compiler);
    /* Fig. 6b: R4 goes to the FRF, R0 to the SRF, R8 untouched */
    CHECK(&c, o.phys[0] == 4 && !o.frf[0] && o.phys[1] == 0 && o.frf[1] && o.phys[2] == 8);
    in.apply = true;
    memcpy(in.top, (uint8_t[]){8, 9, 10, 11}, PST_N);
    pst_step(&st, &in, &o);
    CHECK(&c, !o.err_apply);
    in.apply = false;
    pst_step(&st, &in, &o);
    expect_table(o.entry, pilot);
    /* Fig. 6c: reset first, so R4 is back home; "R0 is stored in the location of R8" */
    CHECK(&c, o.phys[0] == 8 && o.phys[1] == 4 && o.phys[2] == 0 && o.frf[2] && !o.frf[1]);
    in.clear = true;
    pst_step(&st, &in, &o);
    in.clear = false;
    pst_step(&st, &in, &o);
    expect_table(o.entry, reset);
}

/* A top register already in the FRF keeps its place; the others fill the free FRF slots. */
static void top_already_in_frf(void)
{
    static const char *const want[PST_ENTRIES] = {"v R0 R8", "v R8 R0", "i", "i",
                                                  "v R2 R9", "v R9 R2", "v R3 R10", "v R10 R3"};
    pst_entry t[PST_ENTRIES];
    pst_apply(t, (uint8_t[]){8, 1, 9, 10});
    expect_table(t, want);
    static const char *const want2[PST_ENTRIES] = {"v R1 R12", "v R12 R1", "i", "i",
                                                   "i", "i", "v R2 R20", "v R20 R2"};
    pst_apply(t, (uint8_t[]){12, 0, 3, 20});
    expect_table(t, want2);
    pst_apply(t, (uint8_t[]){3, 2, 1, 0});
    for (unsigned e = 0; e < PST_ENTRIES; e++)
        CHECK(&c, !pst_valid(t[e]));
}

/* Every legal top-n: the mapping is a permutation of R0..R62 whose FRF is the top-n set. */
static void apply_property(void)
{
    rng_state r;
    rng_seed(&r, 7);
    for (unsigned i = 0; i < 20000; i++) {
        uint8_t top[PST_N];
        const unsigned span = i % 2 ? 8 : DRF_PILOT_REGS; /* often inside or next to the FRF */
        do
            for (unsigned k = 0; k < PST_N; k++)
                top[k] = (uint8_t)rng_below(&r, span);
        while (!pst_top_legal(top));
        pst_entry t[PST_ENTRIES];
        pst_apply(t, top);
        uint64_t seen = 0, frf = 0, want_frf = 0;
        for (unsigned reg = 0; reg < DRF_PILOT_REGS; reg++) {
            const unsigned loc = pst_lookup(t, reg);
            seen |= 1ull << loc;
            if (loc < PST_N)
                frf |= 1ull << reg;
        }
        for (unsigned k = 0; k < PST_N; k++)
            want_frf |= 1ull << top[k];
        CHECK(&c, seen == (1ull << DRF_PILOT_REGS) - 1);
        CHECK(&c, frf == want_frf);
    }
}

static void illegal_top_refused(void)
{
    pst_state st;
    pst_reset(&st);
    pst_out o;
    pst_in in = {.apply = true, .top = {4, 5, 6, 7}};
    pst_step(&st, &in, &o);
    memcpy(in.top, (uint8_t[]){8, 9, 8, 10}, PST_N); /* duplicate */
    pst_step(&st, &in, &o);
    CHECK(&c, o.err_apply);
    memcpy(in.top, (uint8_t[]){8, 9, 63, 10}, PST_N); /* R63 does not exist */
    pst_step(&st, &in, &o);
    CHECK(&c, o.err_apply);
    CHECK(&c, pst_orig(o.entry[0]) == 0 && pst_mapped(o.entry[0]) == 4); /* table kept */
    CHECK(&c, !pst_top_legal((uint8_t[]){1, 2, 3, 1}) && pst_top_legal((uint8_t[]){62, 0, 1, 2}));
}

/* --- FRF mode control ------------------------------------------------------------- */
/* Runs one epoch of `issued` instructions (spread over its cycles, at most 8 a cycle) from
 * reset; returns the mode of the next epoch, checking it holds for that whole epoch. */
static bool mode_after(const fmc_cfg *cfg, unsigned issued)
{
    fmc_state st;
    fmc_reset(&st);
    fmc_out o;
    unsigned left = issued;
    for (unsigned cyc = 0; cyc < cfg->epoch; cyc++) {
        const unsigned slots = cfg->epoch - cyc;
        unsigned n = (left + slots - 1) / slots;
        if (n > DRF_PILOT_ISSUE_MAX)
            n = DRF_PILOT_ISSUE_MAX;
        fmc_step(cfg, &st, &(fmc_in){.issue = (uint8_t)n}, &o);
        CHECK(&c, o.mode); /* FRF_high after reset */
        CHECK(&c, o.epoch_last == (cyc == cfg->epoch - 1));
        CHECK(&c, o.icount == issued - left);
        left -= n;
    }
    CHECK(&c, left == 0);
    fmc_step(cfg, &st, &(fmc_in){.issue = 8}, &o);
    const bool high = o.mode;
    for (unsigned cyc = 1; cyc < cfg->epoch; cyc++) {
        fmc_step(cfg, &st, &(fmc_in){.issue = 8}, &o);
        CHECK(&c, o.mode == high);
    }
    fmc_step(cfg, &st, &(fmc_in){0}, &o);
    CHECK(&c, o.mode); /* 400 issued: FRF_high again */
    return high;
}

static void epoch_rule(void)
{
    const fmc_cfg paper = fmc_paper();
    CHECK(&c, paper.epoch == 50 && paper.threshold == 85);
    CHECK(&c, !mode_after(&paper, 84)); /* fewer than 85: FRF_low */
    CHECK(&c, mode_after(&paper, 85));
    CHECK(&c, mode_after(&paper, 86));
    CHECK(&c, !mode_after(&paper, 0));
    CHECK(&c, mode_after(&paper, 400)); /* 8 every cycle: the 9-bit counter holds 400 */
    const fmc_cfg small = {10, 16};     /* the 20% rule at a 10-cycle epoch */
    CHECK(&c, !mode_after(&small, 15) && mode_after(&small, 16));
    /* more than 8 a cycle is an error and counts as 8 */
    fmc_state st;
    fmc_reset(&st);
    fmc_out o;
    fmc_step(&paper, &st, &(fmc_in){.issue = 15}, &o);
    CHECK(&c, o.err_issue);
    fmc_step(&paper, &st, &(fmc_in){.issue = 8}, &o);
    CHECK(&c, !o.err_issue && o.icount == 8);
    /* a reset in the middle of an epoch restarts it in FRF_high */
    fmc_step(&paper, &st, &(fmc_in){.rst = true}, &o);
    fmc_step(&paper, &st, &(fmc_in){0}, &o);
    CHECK(&c, o.icount == 0 && o.mode);
}

/* --- profiler ----------------------------------------------------------------------- */
static ppf_out ppf_cycle(ppf_state *st, ppf_in in)
{
    ppf_out o;
    ppf_step(st, &in, &o);
    return o;
}

static uint16_t counter(ppf_state *st, unsigned reg)
{
    return ppf_cycle(st, (ppf_in){.cnt_addr = (uint8_t)reg}).cnt_data;
}

static void counter_saturation(void)
{
    ppf_state st;
    ppf_reset(&st);
    ppf_cycle(&st, (ppf_in){.launch = true, .launch_id = 9});
    const ppf_in three = {.acc_warp = 9, .acc_valid = 7, .acc_reg = {5, 5, 5}};
    for (unsigned i = 0; i < 21844; i++) /* 65532 */
        ppf_cycle(&st, three);
    CHECK(&c, counter(&st, 5) == 65532);
    ppf_cycle(&st, (ppf_in){.acc_warp = 9, .acc_valid = 3, .acc_reg = {5, 5, 6}});
    CHECK(&c, counter(&st, 5) == 65534);
    ppf_cycle(&st, three); /* 65534 + 3 */
    CHECK(&c, counter(&st, 5) == 65535);
    ppf_cycle(&st, three);
    CHECK(&c, counter(&st, 5) == 65535 && counter(&st, 6) == 0);
    /* several ports, several registers in one cycle; other warps do not count */
    ppf_cycle(&st, (ppf_in){.acc_warp = 9, .acc_valid = 7, .acc_reg = {6, 7, 6}});
    ppf_cycle(&st, (ppf_in){.acc_warp = 8, .acc_valid = 7, .acc_reg = {6, 7, 6}});
    CHECK(&c, counter(&st, 6) == 2 && counter(&st, 7) == 1);
    ppf_out o = ppf_cycle(&st, (ppf_in){.acc_warp = 9, .acc_valid = 2, .acc_reg = {0, 63, 0}});
    CHECK(&c, o.err_reg);
}

static void top_selection(void)
{
    ppf_state st;
    ppf_reset(&st);
    ppf_out o = ppf_cycle(&st, (ppf_in){.launch = true, .launch_id = 200});
    CHECK(&c, !o.mask);
    const unsigned counts[][2] = {{1, 9}, {3, 5}, {7, 5}, {20, 4}, {62, 4}, {11, 3}};
    for (unsigned i = 0; i < sizeof counts / sizeof counts[0]; i++)
        for (unsigned k = 0; k < counts[i][1]; k++)
            o = ppf_cycle(&st, (ppf_in){.acc_warp = 200, .acc_valid = 1,
                                        .acc_reg = {(uint8_t)counts[i][0]}});
    CHECK(&c, o.mask && o.pilot_id == 200 && !o.top_valid);
    o = ppf_cycle(&st, (ppf_in){.fin = true, .fin_warp = 3}); /* another warp finishes */
    CHECK(&c, o.mask);
    o = ppf_cycle(&st, (ppf_in){.fin = true, .fin_warp = 200, .acc_warp = 200, .acc_valid = 1,
                                .acc_reg = {62}}); /* its last access counts: R62 = 5 */
    /* the selection: PPF_SEL_CYCLES = 4 x 17 cycles (docs/pilot-decisions.md), rank k's entry
     * written at the end of its 17 cycles */
    CHECK(&c, PPF_SEL_CYCLES == 68);
    for (unsigned k = 0; k < PPF_SEL_CYCLES; k++) {
        o = ppf_cycle(&st, (ppf_in){.acc_warp = 200, .acc_valid = 7, .acc_reg = {0, 0, 0}});
        CHECK(&c, !o.mask && o.sorting && !o.top_valid);
        CHECK(&c, o.top[0] == (k >= PPF_RANK_CYCLES ? 1 : 0));
    }
    o = ppf_cycle(&st, (ppf_in){0});
    CHECK(&c, o.top_valid && !o.sorting);
    /* R1 9; R3, R7, R62 5 (ties: lower number first) */
    CHECK(&c, o.top[0] == 1 && o.top[1] == 3 && o.top[2] == 7 && o.top[3] == 62);
    CHECK(&c, counter(&st, 0) == 0); /* nothing counted after the pilot finished */
    /* fewer than n registers used: the unused ones rank by number */
    uint64_t few[8] = {0, 0, 4, 0, 0, 0, 0, 0};
    unsigned top[4];
    ppf_select_top(few, 8, 4, top);
    CHECK(&c, top[0] == 2 && top[1] == 0 && top[2] == 1 && top[3] == 3);
    /* a launch clears everything */
    o = ppf_cycle(&st, (ppf_in){.launch = true, .launch_id = 1});
    o = ppf_cycle(&st, (ppf_in){0});
    CHECK(&c, o.mask && !o.top_valid && o.top[0] == 0 && o.pilot_id == 1);
}

/* --- partitioned RF ------------------------------------------------------------------ */
static prf_out prf_cycle(prf_state *st, prf_in in)
{
    prf_out o;
    prf_step(st, &in, &o);
    return o;
}

/* A read of (warp, reg): returns its data, checking the latency. */
static uint32_t prf_read(prf_state *st, unsigned warp, unsigned reg, bool high, unsigned want_lat)
{
    prf_out o = prf_cycle(st, (prf_in){.req = true, .req_warp = (uint8_t)warp,
                                       .req_reg = (uint8_t)reg, .req_tag = 5, .mode = high});
    CHECK(&c, o.accept && o.acc_lat == want_lat);
    for (unsigned k = 1; k < want_lat; k++)
        CHECK(&c, !prf_cycle(st, (prf_in){.mode = high}).rvalid);
    o = prf_cycle(st, (prf_in){.mode = high});
    CHECK(&c, o.rvalid && o.rtag == 5);
    return o.rdata;
}

static void prf_write(prf_state *st, unsigned warp, unsigned reg, uint32_t v)
{
    prf_out o = prf_cycle(st, (prf_in){.req = true, .req_we = true, .req_warp = (uint8_t)warp,
                                       .req_reg = (uint8_t)reg, .req_wdata = v, .mode = true});
    CHECK(&c, o.accept);
}

static void partitioned_rf(void)
{
    static prf_state st;
    prf_clear_storage(&st);
    prf_reset(&st);
    prf_cycle(&st, (prf_in){.warp_start = true, .start_warp = 3});
    prf_write(&st, 3, 0, 100);
    prf_write(&st, 3, 8, 108);
    CHECK(&c, prf_read(&st, 3, 0, true, 1) == 100);  /* FRF_high */
    CHECK(&c, prf_read(&st, 3, 0, false, 2) == 100); /* FRF_low */
    CHECK(&c, prf_read(&st, 3, 8, true, 3) == 108);  /* SRF */
    /* the pilot's R8-R11 arrive while warp 3 is live: warp 3 keeps R0 in the FRF */
    prf_out o = prf_cycle(&st, (prf_in){.tbl_apply = true, .tbl_top = {8, 9, 10, 11}});
    CHECK(&c, !o.err_tbl && !o.gen);
    o = prf_cycle(&st, (prf_in){.warp_start = true, .start_warp = 4});
    CHECK(&c, o.gen && o.live == 1ull << 3);
    CHECK(&c, prf_read(&st, 3, 8, true, 3) == 108 && prf_read(&st, 3, 0, true, 1) == 100);
    prf_write(&st, 4, 8, 208);
    CHECK(&c, prf_read(&st, 4, 8, true, 1) == 208); /* R8 of a new warp: FRF */
    /* a third table would overwrite warp 3's: refused until warp 3 finishes */
    o = prf_cycle(&st, (prf_in){.tbl_apply = true, .tbl_top = {12, 13, 14, 15}});
    CHECK(&c, o.err_tbl);
    prf_cycle(&st, (prf_in){.warp_end = true, .end_warp = 3});
    o = prf_cycle(&st, (prf_in){.tbl_apply = true, .tbl_top = {12, 13, 14, 15}});
    CHECK(&c, !o.err_tbl);
    CHECK(&c, prf_read(&st, 4, 8, true, 1) == 208); /* warp 4 keeps table 1 */
    /* errors: a warp that is not live, R63, an illegal top-n, a double start */
    o = prf_cycle(&st, (prf_in){.req = true, .req_warp = 3, .req_reg = 1});
    CHECK(&c, o.err_req && !o.accept);
    o = prf_cycle(&st, (prf_in){.req = true, .req_warp = 4, .req_reg = 63});
    CHECK(&c, o.err_req);
    o = prf_cycle(&st, (prf_in){.warp_start = true, .start_warp = 4});
    CHECK(&c, o.err_warp);
    /* a 2-cycle FRF_low read followed by a 1-cycle read would deliver together: stall */
    prf_write(&st, 4, 1, 41);
    o = prf_cycle(&st, (prf_in){.req = true, .req_warp = 4, .req_reg = 8, .mode = false});
    CHECK(&c, o.accept && o.acc_lat == 2);
    o = prf_cycle(&st, (prf_in){.req = true, .req_warp = 4, .req_reg = 8, .mode = true});
    CHECK(&c, o.stall && !o.accept);
    o = prf_cycle(&st, (prf_in){0});
    CHECK(&c, o.rvalid && o.rdata == 208);
}

int main(void)
{
    fig7_sequence();
    top_already_in_frf();
    apply_property();
    illegal_top_refused();
    epoch_rule();
    counter_saturation();
    top_selection();
    partitioned_rf();
    return check_done(&c, "test_pilot");
}
