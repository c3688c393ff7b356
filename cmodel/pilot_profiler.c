/* SPDX-License-Identifier: Apache-2.0 */
/* Pilot warp profiler (pilot paper Section III-B): ppf_step() mirrors rtl/pilot_profiler.v
 * cycle by cycle. Several accesses to one register in a cycle add their number, a full
 * counter stays at 65535, the selection is bit-serial: per rank a step per counter bit, most
 * significant first, then a pick step (docs/pilot-decisions.md). */
#include "pilot_profiler.h"

#include <string.h>

/* The best register of counts[0..nregs) not in taken (a bitmap of nregs bits). */
static unsigned best_untaken(const uint64_t *counts, unsigned nregs, const uint8_t *taken)
{
    unsigned best = nregs;
    for (unsigned r = 0; r < nregs; r++)
        if (!taken[r] && (best == nregs || ppf_ranks_before(counts[r], r, counts[best], best)))
            best = r;
    return best;
}

void ppf_select_top(const uint64_t *counts, unsigned nregs, unsigned n, unsigned *top)
{
    uint8_t taken[PPF_SELECT_MAX] = {0};
    for (unsigned k = 0; k < n; k++) {
        top[k] = best_untaken(counts, nregs, taken);
        taken[top[k]] = 1;
    }
}

void ppf_reset(ppf_state *st)
{
    memset(st, 0, sizeof *st);
}

/* Adding k saturating is k saturating increments: one per port naming the register. */
static void count_accesses(ppf_state *st, const ppf_in *in)
{
    for (unsigned p = 0; p < PPF_PORTS; p++) {
        const unsigned r = in->acc_reg[p] & PPF_REG_MASK;
        if ((in->acc_valid >> p & 1u) && r < PPF_REGS && st->count[r] < PPF_CNT_MAX)
            st->count[r]++;
    }
}

enum { PPF_MSB = 1u << (DRF_PILOT_CNT_BITS - 1) };
static const uint64_t all_regs = (1ull << PPF_REGS) - 1;

/* One selection step. A bit step keeps the candidates with a 1 at the bit, if any has one; the
 * pick step makes the lowest-numbered candidate (the best untaken register) top[rank]. */
static void select_step(ppf_state *st)
{
    if (st->bit_sel) {
        uint64_t ones = 0;
        for (unsigned r = 0; r < PPF_REGS; r++)
            if (st->count[r] & st->bit_sel)
                ones |= 1ull << r;
        ones &= st->cand;
        if (ones)
            st->cand = ones;
        st->bit_sel >>= 1;
        return;
    }
    unsigned pick = 0;
    while (!(st->cand >> pick & 1u)) /* n < 63: a candidate is left */
        pick++;
    st->top[st->rank] = (uint8_t)pick;
    st->taken |= 1ull << pick;
    st->cand = ~st->taken & all_regs;
    st->bit_sel = PPF_MSB;
    if (st->rank == PPF_N - 1) {
        st->sorting = false;
        st->top_valid = true;
    }
    st->rank++;
}

void ppf_step(ppf_state *st, const ppf_in *in, ppf_out *out)
{
    const bool pilot_acc = st->mask && (in->acc_warp & PPF_ID_MASK) == st->pilot_id;
    out->mask = st->mask;
    out->pilot_id = st->pilot_id;
    out->sorting = st->sorting;
    out->top_valid = st->top_valid;
    memcpy(out->top, st->top, sizeof out->top);
    const unsigned a = in->cnt_addr & PPF_REG_MASK;
    out->cnt_data = a < PPF_REGS ? st->count[a] : 0;
    out->err_reg = false;
    for (unsigned p = 0; p < PPF_PORTS; p++)
        out->err_reg |= pilot_acc && (in->acc_valid >> p & 1u) &&
                        (in->acc_reg[p] & PPF_REG_MASK) == PPF_REG_MASK;

    if (in->rst) {
        ppf_reset(st);
    } else if (in->launch) {
        ppf_reset(st);
        st->mask = true;
        st->pilot_id = in->launch_id & PPF_ID_MASK;
    } else if (st->sorting) {
        select_step(st);
    } else if (st->mask) {
        if (pilot_acc)
            count_accesses(st, in);
        if (in->fin && (in->fin_warp & PPF_ID_MASK) == st->pilot_id) {
            st->mask = false;
            st->sorting = true;
            st->cand = all_regs;
            st->bit_sel = PPF_MSB;
        }
    }
}
