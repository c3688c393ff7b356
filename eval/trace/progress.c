/* SPDX-License-Identifier: Apache-2.0 */
/* Progress line and peak memory of the trace replays (aging paper Section 6, dc-patch paper
 * Section V-A) on large traces: stderr only, never in the results (docs/eval.md). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, fileno */
#include "eval/trace/progress.h"

#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { CHECK_EVERY = 1u << 16 };
#define FIRST_AFTER 3.0
#define EVERY 2.0

double pg_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

long pg_peak_rss_kb(void)
{
    struct rusage u;
    return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_maxrss : 0;
}

void pg_start(pg_state *p, const char *prog, const char *path)
{
    struct stat st;
    *p = (pg_state){.prog = prog, .path = path, .start = pg_now(), .tty = isatty(fileno(stderr))};
    p->last = p->start;
    if (stat(path, &st) == 0)
        p->size = (uint64_t)st.st_size;
}

void pg_tick(pg_state *p, const tr_reader *r, uint64_t events)
{
    if (p->prog == NULL || ++p->calls % CHECK_EVERY)
        return;
    const double now = pg_now();
    if (now - p->start < FIRST_AFTER || now - p->last < EVERY)
        return;
    uint64_t raw, decoded;
    tr_progress(r, &raw, &decoded);
    p->last = now;
    p->shown = true;
    fprintf(stderr, "%s%s: %s: %.0f%% of the file, %.1f MB of trace, %.1f MB/s, %llu events%s",
            p->tty ? "\r" : "", p->prog, p->path, p->size ? 100.0 * (double)raw / (double)p->size : 0,
            (double)decoded / 1e6, (double)decoded / 1e6 / (now - p->start),
            (unsigned long long)events, p->tty ? "" : "\n");
    fflush(stderr);
}

void pg_end(pg_state *p)
{
    if (p->shown && p->tty)
        fputc('\n', stderr);
    p->shown = false;
}
