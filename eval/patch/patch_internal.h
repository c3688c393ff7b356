/* SPDX-License-Identifier: Apache-2.0 */
/* One slice of the streaming DC-Patch replay (dc-patch paper Sections IV and V-A;
 * eval/patch/patch.h): its cycle-level model on its own clock, fed one trace event at a time by
 * eval/patch/patch.c (placement, passes) and stepped by eval/patch/patch_run.c until it takes the event. */
#ifndef DRF_PATCH_INTERNAL_H
#define DRF_PATCH_INTERNAL_H

#include "eval/patch/patch.h"

/* An event handed to a slice, with the window of its wavefront (reg_base, nvregs). */
typedef struct {
    const tr_event *e;
    unsigned long line;     /* trace line */
    unsigned base, n;
} pa_ev;

typedef struct pa_slice pa_slice;

/* A slice's memory (NULL when out of memory); pa_slice_start before each use. */
pa_slice *pa_slice_new(void);
void pa_slice_free(pa_slice *p);
/* The slice from reset with the fault map of (cfg->seed, map, slice_id); its statistics go
 * into *st, its LDS slots in use into *cu_lds, the count of its compute unit's slices (the
 * LDS is shared by a CU's SIMDs, dc-patch paper footnote 2; docs/eval-patch.md decision 9). */
void pa_slice_start(pa_slice *p, const pa_config *cfg, unsigned map, unsigned slice_id,
                    pa_stats *st, unsigned *cu_lds);
/* Steps the slice's model until it takes the event (a cycle whose issue may go on with the
 * next event stays open); false with a message in err when the model is out of step. */
bool pa_slice_feed(pa_slice *p, const pa_ev *ev, char *err, size_t errlen);
/* Runs the slice until every write and read it started has ended. */
bool pa_slice_finish(pa_slice *p, char *err, size_t errlen);
/* Speed only: asks the caches for what an access to register reg will read (its last value
 * written, the slice entry its PT row names). */
void pa_slice_prefetch(const pa_slice *p, unsigned reg);
/* The slice's first read that did not return the last value written, or NULL. */
const pa_loss *pa_slice_loss(const pa_slice *p);

#endif
