/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the pilot warp profiler (pilot paper Section III-A2 and III-B): 63
 * 16-bit access counters indexed by register number, the one-byte pilot-warp-id register,
 * the profile mask bit and the top-n selection when the pilot warp finishes. */
#ifndef DELTARF_PILOT_PROFILER_H
#define DELTARF_PILOT_PROFILER_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

enum {
    PPF_REGS = DRF_PILOT_REGS,
    PPF_N = DRF_PILOT_N,
    PPF_PORTS = DRF_PILOT_ACC_PORTS,
    PPF_CNT_MAX = (1 << DRF_PILOT_CNT_BITS) - 1,
    PPF_REG_MASK = (1 << DRF_PILOT_REG_BITS) - 1,
    PPF_ID_MASK = (1 << DRF_PILOT_ID_BITS) - 1,
    PPF_RANK_CYCLES = DRF_PILOT_RANK_CYCLES,  /* a bit step per counter bit, then the pick */
    PPF_SEL_CYCLES = DRF_PILOT_SEL_CYCLES     /* the whole top-n selection */
};

/* --- functional API: the top-n rule, shared with the eval (any register count) --------- */
/* Register a ranks before register b: more accesses, or as many and a lower number. */
static inline bool ppf_ranks_before(uint64_t count_a, unsigned a, uint64_t count_b, unsigned b)
{
    return count_a > count_b || (count_a == count_b && a < b);
}
enum { PPF_SELECT_MAX = DRF_REGS }; /* register numbers ppf_select_top handles */
/* The n registers of counts[0..nregs) that rank first, best first (n <= nregs <= 256). */
void ppf_select_top(const uint64_t *counts, unsigned nregs, unsigned n, unsigned *top);

/* --- clocked model of rtl/pilot_profiler.v ------------------------------------------ */
typedef struct {
    bool rst;
    bool launch;               /* kernel launch: counters 0, mask set, pilot-warp-id loaded */
    uint8_t launch_id;         /* the pilot warp of the new kernel */
    uint8_t acc_warp;          /* warp whose instruction accesses registers this cycle */
    uint8_t acc_valid;         /* bit p: port p accesses acc_reg[p] */
    uint8_t acc_reg[PPF_PORTS];
    bool fin;                  /* warp fin_warp finishes this cycle */
    uint8_t fin_warp;
    uint8_t cnt_addr;          /* counter read port */
} ppf_in;

typedef struct {
    bool mask;                 /* profile mask bit: the pilot warp is running */
    uint8_t pilot_id;
    bool sorting;              /* the top-n selection is running (PPF_SEL_CYCLES cycles) */
    bool top_valid;            /* top[] is the finished pilot's selection */
    uint8_t top[PPF_N];        /* best first; 0 while !top_valid */
    uint16_t cnt_data;         /* counter cnt_addr (0 for cnt_addr >= 63) */
    bool err_reg;              /* the pilot names register 63, which has no counter */
} ppf_out;

typedef struct {
    uint16_t count[PPF_REGS];
    bool mask, sorting, top_valid;
    uint8_t pilot_id, rank;    /* rank: the next top entry the selection writes */
    uint64_t taken;            /* registers already selected */
    uint64_t cand;             /* untaken, tied with the best on the bits examined so far */
    uint16_t bit_sel;          /* one-hot: the counter bit examined; 0: the pick step */
    uint8_t top[PPF_N];
} ppf_state;

void ppf_reset(ppf_state *st);
void ppf_step(ppf_state *st, const ppf_in *in, ppf_out *out);

DRF_END_DECLS

#endif
