/* SPDX-License-Identifier: Apache-2.0 */
/* Busy latches and arbitration of VL-SB + RF-BRO (pv-nbti-banked-rf paper Section 3.2.3,
 * Fig. 5): a granted access to a slow virtual bank latches busy in its two sub-banks (they skip
 * the next precharge: the access lasts two cycles) and the arbitrator stalls that bank next. */
#ifndef DELTARF_PV_BUSY_ARB_H
#define DELTARF_PV_BUSY_ARB_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_params.h"
#include "drf_api.h"

DRF_BEGIN_DECLS

typedef struct {
    bool rst;
    uint16_t req;                           /* one request per virtual bank this cycle */
    uint16_t slow;                          /* speed type per virtual bank (org table) */
    uint8_t sb[DRF_PV_BANKS][2];            /* sub-banks per virtual bank (org table) */
} pv_busy_arb_in;

typedef struct {
    uint16_t grant;                         /* req and the bank not busy */
    uint16_t stall;                         /* req and the bank busy: retried next cycle */
    uint16_t busy;                          /* a sub-bank of the bank holds a busy latch */
    uint32_t sb_busy;                       /* the latches: skip this cycle's precharge */
} pv_busy_arb_out;

typedef struct {
    uint32_t sb_busy;
} pv_busy_arb_state;

void pv_busy_arb_reset(pv_busy_arb_state *s);
void pv_busy_arb_step(pv_busy_arb_state *s, const pv_busy_arb_in *in, pv_busy_arb_out *out);

DRF_END_DECLS

#endif
