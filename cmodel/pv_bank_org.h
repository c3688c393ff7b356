/* SPDX-License-Identifier: Apache-2.0 */
/* Bank organization table of RF-BRO (pv-nbti-banked-rf paper Sections 3.2.2-3.2.3: two sub-bank
 * IDs and a speed type per virtual bank) and its kernel-level re-organization (Section 4.2.2):
 * sub-banks ranked by delay, every two consecutive ones one virtual bank, fastest first. */
#ifndef DELTARF_PV_BANK_ORG_H
#define DELTARF_PV_BANK_ORG_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_params.h"
#include "drf_api.h"

DRF_BEGIN_DECLS

enum {
    PV_FAST_SUBBANKS = 2 * DRF_PV_FAST_BANKS,   /* VL-SB, n = 70%: the 22 fastest sub-banks */
    PV_BOUNDARY_RANK = PV_FAST_SUBBANKS - 1,    /* the slowest fast sub-bank sets the cycle */
    PV_DELAY_MAX = (1 << DRF_PV_DELAY_BITS) - 1
};

/* The table: entry v holds sub-banks sb[v][0] (the faster, threads 0-15 of a register
 * vector) and sb[v][1] (threads 16-31), and the speed type. */
typedef struct {
    uint8_t sb[DRF_PV_BANKS][2];
    bool slow[DRF_PV_BANKS];
} pv_org_table;

/* Functional re-organization from any delays (lower is faster, ties: lower sub-bank ID
 * first): the table and the index of the sub-bank that sets the cycle time (rank 21). */
void pv_org_build(const double delay[DRF_PV_SUBBANKS], pv_org_table *t, unsigned *boundary_sb);
/* The table after reset / power-on before any re-organization: entry v = the physical bank
 * v's two halves (sub-banks 2v, 2v+1), slow when v >= 11 (docs/pv-decisions.md D7). */
void pv_org_identity(pv_org_table *t);

/* --- rtl/pv_bank_org.v, clocked ------------------------------------------------------- */
typedef struct {
    bool rst;
    bool reorg;                           /* kernel launch: rank these delays (D8) */
    uint16_t delay[DRF_PV_SUBBANKS];      /* sensor codes, DRF_PV_DELAY_BITS bits */
    bool wr;                              /* power-on load from the ROM: entry wr_v */
    uint8_t wr_v, wr_sb0, wr_sb1;
    bool wr_slow;
    uint8_t lk_v;                         /* lookup: virtual bank (Eq. 3 bank after renaming) */
} pv_bank_org_in;

typedef struct {
    uint8_t lk_sb0, lk_sb1;               /* the two sub-banks of lk_v */
    bool lk_slow;
    bool busy;                            /* ranking in progress (accesses must wait) */
    uint16_t boundary;                    /* delay code of the slowest fast sub-bank */
    bool err;                             /* reorg/wr while busy, or both at once: ignored */
    pv_org_table table;                   /* the whole table, for the busy latches (Fig. 5) */
} pv_bank_org_out;

/* The ranking pipeline of rtl/pv_bank_org.v (DRF_PV_ORG_STAGES stages): busy while any
 * stage holds a sub-bank. */
typedef struct {
    pv_org_table t;
    uint16_t delay[DRF_PV_SUBBANKS];      /* the delays being ranked */
    bool fetching;                        /* stage 1: sub-bank `next` is fetched next */
    uint8_t next;
    bool va;                              /* stage 2: sub-bank ia, delay cur, compared */
    uint8_t ia;
    uint16_t cur;
    bool vb;                              /* stage 3: sub-bank ib (delay cur_b) counted, */
    uint8_t ib;                           /* rank = popcount(faster) */
    uint16_t cur_b;
    uint32_t faster;
    bool vc;                              /* stage 4: sub-bank ic (delay cur_c) written at */
    uint8_t ic, rank;                     /* rank */
    uint16_t cur_c;
    uint16_t boundary;
} pv_bank_org_state;

bool pv_bank_org_busy(const pv_bank_org_state *s);

void pv_bank_org_reset(pv_bank_org_state *s);
void pv_bank_org_step(pv_bank_org_state *s, const pv_bank_org_in *in, pv_bank_org_out *out);

/* Rank of sub-bank i among the 32: the number of sub-banks faster than it, a tie going to
 * the lower ID. lower(ctx, j, i) / equal(ctx, j, i): sub-bank j's delay is below / equal to i's. */
unsigned pv_org_rank(unsigned i, bool (*lower)(const void *ctx, unsigned j, unsigned i),
                     bool (*equal)(const void *ctx, unsigned j, unsigned i), const void *ctx);

DRF_END_DECLS

#endif
