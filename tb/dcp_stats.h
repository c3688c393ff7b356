/* SPDX-License-Identifier: Apache-2.0 */
/* How the DC-Patch slice's writes ended (dc-patch paper Section IV: normal, patched to faulty
 * or reliable entries, spilled; mispredicted, stored compressed) and the most LDS slots in
 * use, gathered by tb/bench_dcp_slice.c per fault map and workload and printed after a run. */
#ifndef DCP_STATS_H
#define DCP_STATS_H

#include <stdint.h>

#include "dcp_slice.h"

typedef struct {
    uint64_t writes, ev[DCP_EV_KINDS], misp, compressed;
    unsigned lds_max;
} dcp_stats;

/* A write ended (ev_done): its ev_kind, misprediction and storage. */
void dcp_stats_write(dcp_stats *st, const dcp_slice_out *o);
/* Every cycle: the LDS slots in use. */
void dcp_stats_lds(dcp_stats *st, const dcp_slice_out *o);
/* One line "dcp_slice: MAP WORKLOAD N writes: ..." of shares. */
void dcp_stats_print(const char *map, const char *workload, const dcp_stats *st);

#endif
