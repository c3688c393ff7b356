/* SPDX-License-Identifier: Apache-2.0 */
/* The trace reader alone (eval/trace/trace.c, and eval/trace/accel_trace.c for Accel-Sim traces): reads a
 * trace to its end through tr_open / tr_next and prints its events, the seconds, the MB of trace
 * text decoded a second and the peak resident memory (the reader's speed: docs/accel-trace.md,
 * Speed). usage: trace_drain TRACE */
#include <stdio.h>

#include "eval/trace/progress.h"
#include "eval/trace/trace.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: trace_drain TRACE\n");
        return 2;
    }
    char err[512];
    const double start = pg_now();
    tr_reader *r = tr_open(argv[1], err, sizeof err);
    if (!r) {
        fprintf(stderr, "trace_drain: %s\n", err);
        return 1;
    }
    unsigned long long n[4] = {0, 0, 0, 0};
    tr_event ev;
    int got;
    while ((got = tr_next(r, &ev)) == 1)
        n[ev.kind == TR_A ? 0 : ev.kind == TR_R ? 1 : ev.kind == TR_W ? 2 : 3]++;
    const double secs = pg_now() - start;
    uint64_t raw, decoded;
    tr_progress(r, &raw, &decoded);
    if (got < 0)
        fprintf(stderr, "trace_drain: %s\n", tr_error(r));
    else
        printf("%s: A %llu R %llu W %llu F %llu, %.1f MB of trace text (%.1f MB read) in %.2f s: "
               "%.1f MB/s, peak memory %.1f MB resident\n",
               argv[1], n[0], n[1], n[2], n[3], (double)decoded / 1e6, (double)raw / 1e6, secs,
               (double)decoded / 1e6 / secs, (double)pg_peak_rss_kb() / 1024);
    tr_close(r);
    return got < 0;
}
