/* SPDX-License-Identifier: Apache-2.0 */
/* Progress of a trace replay (aging paper Section 6, dc-patch paper Section V-A runs on large
 * traces): a line on stderr every few seconds once a run is longer than a few seconds, and the
 * peak resident memory of the process (docs/eval.md). */
#ifndef DRF_PROGRESS_H
#define DRF_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/trace/trace.h"

typedef struct {
    const char *prog, *path;   /* prog NULL: silent */
    uint64_t size;             /* of the file, bytes */
    double start, last;
    unsigned calls;
    bool shown, tty;
} pg_state;

/* Starts the clock for the file at path; prog NULL keeps it silent. */
void pg_start(pg_state *p, const char *prog, const char *path);
/* Called once per event: at most every 2 s after the first 3 s, one line "PROG: PATH: x% of
 * the file, N MB of trace, M MB/s, E events" (on a terminal, rewritten in place). */
void pg_tick(pg_state *p, const tr_reader *r, uint64_t events);
/* Ends the progress line, if one was shown. */
void pg_end(pg_state *p);
/* Peak resident set of the process (getrusage ru_maxrss), KB. */
long pg_peak_rss_kb(void);
/* Monotonic seconds. */
double pg_now(void);

#endif
