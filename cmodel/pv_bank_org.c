/* SPDX-License-Identifier: Apache-2.0 */
/* RF-BRO bank organization table and its kernel-level re-organization (pv-nbti-banked-rf
 * paper Sections 3.2.2-3.2.3, 4.2.2); mirrors rtl/pv_bank_org.v, which ranks one sub-bank per
 * cycle in a DRF_PV_ORG_STAGES-stage pipeline. Decisions: docs/pv-decisions.md D6-D8. */
#include "pv_bank_org.h"

#include <string.h>

unsigned pv_org_rank(unsigned i, bool (*lower)(const void *ctx, unsigned j, unsigned i),
                     bool (*equal)(const void *ctx, unsigned j, unsigned i), const void *ctx)
{
    unsigned rank = 0;
    for (unsigned j = 0; j < DRF_PV_SUBBANKS; j++)
        rank += lower(ctx, j, i) || (j < i && equal(ctx, j, i));
    return rank;
}

/* Places sub-bank sb of the given rank: entry rank / 2, the faster one first. */
static void place(pv_org_table *t, unsigned sb, unsigned rank)
{
    const unsigned v = rank / 2;
    t->sb[v][rank % 2] = (uint8_t)sb;
    t->slow[v] = v >= DRF_PV_FAST_BANKS;
}

static bool lower_d(const void *ctx, unsigned j, unsigned i)
{
    const double *d = ctx;
    return d[j] < d[i];
}

static bool equal_d(const void *ctx, unsigned j, unsigned i)
{
    const double *d = ctx;
    return d[j] == d[i];
}

void pv_org_build(const double delay[DRF_PV_SUBBANKS], pv_org_table *t, unsigned *boundary_sb)
{
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++) {
        const unsigned rank = pv_org_rank(i, lower_d, equal_d, delay);
        place(t, i, rank);
        if (rank == PV_BOUNDARY_RANK)
            *boundary_sb = i;
    }
}

void pv_org_identity(pv_org_table *t)
{
    for (unsigned sb = 0; sb < DRF_PV_SUBBANKS; sb++)
        place(t, sb, sb);
}

void pv_bank_org_reset(pv_bank_org_state *s)
{
    memset(s, 0, sizeof *s);
    pv_org_identity(&s->t);
}

bool pv_bank_org_busy(const pv_bank_org_state *s)
{
    return s->fetching || s->va || s->vb || s->vc;
}

/* The sub-banks faster than sub-bank i of delay d, a tie to the lower ID (stage 2). */
static uint32_t faster_than(const pv_bank_org_state *s, unsigned i, uint16_t d)
{
    uint32_t m = 0;
    for (unsigned j = 0; j < DRF_PV_SUBBANKS; j++)
        m |= (uint32_t)(s->delay[j] < d || (s->delay[j] == d && j < i)) << j;
    return m;
}

/* One busy cycle: stage 4 writes sub-bank ic at its rank, every stage moves on. */
static void rank_step(pv_bank_org_state *s)
{
    if (s->vc) {
        place(&s->t, s->ic, s->rank);
        if (s->rank == PV_BOUNDARY_RANK)
            s->boundary = s->cur_c;
    }
    s->vc = s->vb;
    s->ic = s->ib;
    s->cur_c = s->cur_b;
    s->rank = (uint8_t)__builtin_popcount(s->faster);
    s->vb = s->va;
    s->ib = s->ia;
    s->cur_b = s->cur;
    s->faster = faster_than(s, s->ia, s->cur);
    s->va = s->fetching;
    s->ia = s->next;
    s->cur = s->delay[s->next];
    const bool fetched = s->fetching;
    s->fetching = fetched && s->next + 1u < DRF_PV_SUBBANKS;
    s->next = (uint8_t)((s->next + fetched) % DRF_PV_SUBBANKS);
}

void pv_bank_org_step(pv_bank_org_state *s, const pv_bank_org_in *in, pv_bank_org_out *out)
{
    const unsigned v = in->lk_v % DRF_PV_BANKS;
    out->lk_sb0 = s->t.sb[v][0];
    out->lk_sb1 = s->t.sb[v][1];
    out->lk_slow = s->t.slow[v];
    const bool busy = pv_bank_org_busy(s);
    out->busy = busy;
    out->boundary = s->boundary;
    out->table = s->t;
    out->err = (busy && (in->reorg || in->wr)) || (in->reorg && in->wr);
    if (in->rst) {
        pv_bank_org_reset(s);
    } else if (busy) {
        rank_step(s);
    } else if (in->reorg) {
        for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++)
            s->delay[i] = in->delay[i] & PV_DELAY_MAX;
        s->fetching = true;
        s->next = 0;
    } else if (in->wr) {
        const unsigned w = in->wr_v % DRF_PV_BANKS;
        s->t.sb[w][0] = in->wr_sb0 % DRF_PV_SUBBANKS;
        s->t.sb[w][1] = in->wr_sb1 % DRF_PV_SUBBANKS;
        s->t.slow[w] = in->wr_slow;
    }
}
