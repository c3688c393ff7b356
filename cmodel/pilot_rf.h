/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the partitioned register file of the pilot paper (Sections III, IV-B,
 * IV-C, V-B): FRF and SRF storage behind two swapping tables, FRF_high 1-cycle, FRF_low
 * 2-cycle and SRF 3-cycle reads; a warp keeps the table of its launch until it finishes. */
#ifndef DELTARF_PILOT_RF_H
#define DELTARF_PILOT_RF_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"
#include "pilot_swap_table.h"

DRF_BEGIN_DECLS

enum {
    PRF_WARPS = DRF_PILOT_WARPS,
    PRF_REGS = DRF_PILOT_REGS,
    PRF_N = DRF_PILOT_N,
    PRF_SRF_REGS = PRF_REGS - PRF_N,
    PRF_WARP_MASK = PRF_WARPS - 1,
    PRF_TAG_MASK = (1 << DRF_PILOT_TAG_BITS) - 1,
    PRF_PIPE = DRF_PILOT_LAT_SRF /* read pipeline stages: the longest latency */
};
DRF_STATIC_ASSERT(PRF_WARPS == 1 << DRF_PILOT_WARP_BITS, "warp bits");
DRF_STATIC_ASSERT(PRF_WARPS <= 64, "live masks are 64-bit");
DRF_STATIC_ASSERT(DRF_PILOT_WORD_BITS == 32, "a register lane is a uint32_t");

/* Read latency of a location: FRF (below n) in FRF_high or FRF_low mode, or SRF. */
static inline unsigned prf_latency(bool frf, bool mode_high)
{
    return frf ? (mode_high ? DRF_PILOT_LAT_FRF_HIGH : DRF_PILOT_LAT_FRF_LOW) : DRF_PILOT_LAT_SRF;
}

typedef struct {
    bool rst;
    bool tbl_apply;          /* a new top-n for the warps started from now on */
    uint8_t tbl_top[PST_N];
    bool warp_start;         /* warp start_warp starts: it takes the current table */
    uint8_t start_warp;
    bool warp_end;           /* warp end_warp finishes: its registers are released */
    uint8_t end_warp;
    bool req;                /* one access a cycle */
    bool req_we;
    uint8_t req_warp, req_reg, req_tag;
    uint32_t req_wdata;
    bool mode;               /* frf_mode_ctl's mode: 1 FRF_high, 0 FRF_low */
} prf_in;

typedef struct {
    bool gen;                /* the current table: warps starting now take it */
    uint64_t live;           /* warps holding registers */
    uint64_t warp_gen;       /* bit w: the table warp w was started with */
    bool accept;             /* the request is carried out */
    bool stall;              /* read refused: its response cycle is taken; retry */
    bool err_req;            /* request of a warp that is not live, or register >= 63 */
    bool err_warp;           /* start of a live warp or end of a warp that is not live */
    bool err_tbl;            /* apply refused: a live warp still uses the other table, or the top-n is illegal */
    bool acc_frf;            /* the request's location is in the FRF */
    uint8_t acc_loc;         /* its location (register number after swapping) */
    uint8_t acc_lat;         /* its read latency (1, 2, 3) */
    bool rvalid;             /* a read's data is due this cycle */
    uint32_t rdata;
    uint8_t rtag;
} prf_out;

typedef struct {
    bool valid;
    uint32_t data;
    uint8_t tag;
} prf_resp;

typedef struct {
    pst_state tbl[2];
    bool gen;
    uint64_t live, warp_gen;
    uint32_t frf[PRF_WARPS][PRF_N];
    uint32_t srf[PRF_WARPS][PRF_SRF_REGS];
    prf_resp out, pipe[PRF_PIPE - 1]; /* out: due now; pipe[i]: due in i + 1 cycles */
} prf_state;

/* Reset: no warp live, both tables the original mapping, table 0 current, no read in
 * flight. The storage keeps its contents (an SRAM has no reset). */
void prf_reset(prf_state *st);
/* Zeroes the storage (power-up of the model; the bench writes every location instead). */
void prf_clear_storage(prf_state *st);
void prf_step(prf_state *st, const prf_in *in, prf_out *out);

DRF_END_DECLS

#endif
