/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the FRF switching policy (pilot paper Section IV-C, threshold of
 * Section V-B): issued instructions counted over epochs; fewer than the threshold in an
 * epoch puts the FRF in FRF_low for the next one. */
#ifndef DELTARF_FRF_MODE_CTL_H
#define DELTARF_FRF_MODE_CTL_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

enum { FMC_ISSUE_MASK = (1 << DRF_PILOT_ISSUE_BITS) - 1 };

typedef struct {
    unsigned epoch;     /* cycles per epoch (RTL parameter EPOCH) */
    unsigned threshold; /* RTL parameter THRESHOLD */
} fmc_cfg;

/* The paper's 50-cycle epochs and threshold 85. */
static inline fmc_cfg fmc_paper(void)
{
    const fmc_cfg c = {DRF_PILOT_EPOCH, DRF_PILOT_THRESHOLD};
    return c;
}

/* The rule: the mode of the next epoch after one with `issued` instructions (1 = FRF_high). */
static inline bool fmc_next_high(const fmc_cfg *c, unsigned issued)
{
    return issued >= c->threshold;
}

typedef struct {
    bool rst;
    uint8_t issue;      /* instructions issued this cycle, 0..8 (DRF_PILOT_ISSUE_BITS bits) */
} fmc_in;

typedef struct {
    bool mode;          /* the mode signal: 1 FRF_high, 0 FRF_low */
    bool epoch_last;    /* this cycle ends the epoch */
    uint16_t icount;    /* instructions counted in the epoch before this cycle */
    bool err_issue;     /* issue > 8: counted as 8 */
} fmc_out;

typedef struct {
    unsigned pos;       /* cycle inside the epoch */
    uint16_t icount;
    bool mode;
} fmc_state;

void fmc_reset(fmc_state *st);
void fmc_step(const fmc_cfg *c, fmc_state *st, const fmc_in *in, fmc_out *out);

DRF_END_DECLS

#endif
