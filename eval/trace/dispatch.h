/* SPDX-License-Identifier: Apache-2.0 */
/* Wavefront dispatch for the trace replays (aging paper Section 2.1: a wavefront needs a free
 * window of its slice; dc-patch paper Section II-A): a wavefront that does not fit waits until
 * registers free up, and its lines are replayed, in its own order, once it holds a slot
 * (docs/eval-decisions.md, decision 3a). Shared by `deltarf sim` and `deltarf patch`. */
#ifndef DRF_DISPATCH_H
#define DRF_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "eval/trace/place.h"
#include "eval/trace/trace.h"

/* One event in replay order. */
typedef struct {
    tr_event e;          /* e.cycle: the replay cycle = trace cycle + its wavefront's wait */
    unsigned long line;  /* trace line */
    pl_wave w;           /* the wavefront's slice and window */
} ds_item;

typedef struct {
    uint64_t waited;         /* wavefronts that waited for a slot */
    uint64_t wait_cycles;    /* their waits, summed */
    uint64_t wait_max;       /* longest wait */
    uint64_t waiting_peak;   /* most wavefronts waiting at once */
    uint64_t held_peak;      /* most bytes of lines held for waiting wavefronts, in memory */
    uint64_t spilled;        /* bytes of lines written to the temporary file */
    uint64_t file_peak;      /* size of the temporary file */
    uint64_t writes, reads;  /* W and R lines given out */
} ds_stats;

typedef struct ds_state ds_state;

/* Reads r (the caller closes it) under the placement policy; lines of waiting wavefronts
 * beyond mem_budget bytes go to a temporary file. NULL when out of memory. */
ds_state *ds_open(tr_reader *r, pl_policy policy, uint64_t mem_budget);
/* The next event in replay order: 1, 0 at the end, -1 with a "name:line: message" or
 * "name: message" in err. A wavefront's F frees its window before the next call. */
int ds_next(ds_state *d, ds_item *it, const char *name, char *err, size_t errlen);
/* Before the first ds_next: the trace src is read copies times at once, merged in cycle
 * order, copy k's wavefronts renumbered (+ k << 40): a kernel launched with copies x its
 * wavefronts, which wait for windows as any other (decision 6a). false with err. */
bool ds_copies(ds_state *d, const tr_source *src, unsigned copies, char *err, size_t errlen);
/* The shape of a trace that sets the copies filling a slice as Table 5's rule does (decision 6b
 * of docs/eval-decisions.md): the most wavefronts live at once (W) and the largest window (N),
 * seen event by event in file order (zero-initialise it). */
typedef struct {
    uint64_t live, peak;
    unsigned n;
} ds_shape;
void ds_shape_see(ds_shape *s, const tr_event *ev);
/* ceil(pl_slots(N) / W); 1 for a trace without wavefronts. */
unsigned ds_shape_copies(const ds_shape *s);
/* Before the first ds_next: only the slices of the first cus compute units (pl_limit). */
void ds_limit_cus(ds_state *d, unsigned cus);
const ds_stats *ds_get_stats(const ds_state *d);
void ds_close(ds_state *d);

#define DS_DEFAULT_BUDGET (64ull << 20)

#endif
