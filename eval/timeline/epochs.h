/* SPDX-License-Identifier: Apache-2.0 */
/* The Pilot RF's FRF_high / FRF_low epochs on the issue model's cycles (pilot paper Sec. IV-C,
 * V-B; docs/timeline.md): instructions a compute unit issues per epoch, and the accesses made
 * in the epochs that frf_mode_ctl's rule (cmodel/frf_mode_ctl.h) runs in FRF_low. */
#ifndef DRF_EPOCHS_H
#define DRF_EPOCHS_H

#include <stdbool.h>
#include <stdint.h>

#include "frf_mode_ctl.h"
#include "eval/trace/trace.h"

enum { EP_MAX_GROUPS = TR_MAX_CU }; /* compute units */

typedef struct {
    uint64_t accesses, low_accesses; /* accesses in final epochs; in FRF_low ones */
    uint64_t epochs, low_epochs;     /* CU-epochs with an access; in FRF_low */
    uint32_t issued_max;             /* most instructions a compute unit issued in one epoch */
} ep_counts;

typedef struct ep_state ep_state;

ep_state *ep_new(void); /* NULL when out of memory */
/* Empty, under the rule c. */
void ep_reset(ep_state *e, const fmc_cfg *c);
void ep_free(ep_state *e);
/* Compute unit g issues an instruction at cycle (instruction) or makes accesses in it; false
 * when out of memory. */
bool ep_add(ep_state *e, unsigned g, uint64_t cycle, unsigned accesses, bool instruction);
/* No later ep_add falls before cycle now: the epochs before its own are final. */
void ep_advance(ep_state *e, uint64_t now);
/* Every epoch final; the counts. */
ep_counts ep_finish(ep_state *e);

#endif
