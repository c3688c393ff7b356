/* SPDX-License-Identifier: Apache-2.0 */
/* Statistics of the DC-Patch slice bench (dc-patch paper Section IV; tb/dcp_stats.h): kept out
 * of tb/bench_dcp_slice.c, which is the stimulus and the checks. */
#include "dcp_stats.h"

#include <inttypes.h>
#include <stdio.h>

void dcp_stats_write(dcp_stats *st, const dcp_slice_out *o)
{
    st->writes++;
    st->ev[o->ev_kind]++;
    st->misp += o->ev_misp;
    st->compressed += o->ev_compressed;
}

void dcp_stats_lds(dcp_stats *st, const dcp_slice_out *o)
{
    unsigned used = 0;
    for (unsigned i = 0; i < DCP_LDS_WORDS; i++)
        used += (unsigned)__builtin_popcountll(o->lds_used[i]);
    st->lds_max = used > st->lds_max ? used : st->lds_max;
}

void dcp_stats_print(const char *map, const char *workload, const dcp_stats *st)
{
    const double n = st->writes ? (double)st->writes : 1.0;
    printf("dcp_slice: %-9s %-8s %7" PRIu64 " writes: normal %.3f, patched to faulty "
           "entries %.3f, patched to reliable entries %.3f, spilled %.3f, mispredicted "
           "%.3f (stored compressed %.3f, LDS slots used at most %u of %u)\n",
           map, workload, st->writes, st->ev[DCP_EV_NORMAL] / n, st->ev[DCP_EV_FAULTY] / n,
           st->ev[DCP_EV_RELIABLE] / n, st->ev[DCP_EV_SPILL] / n, st->misp / n,
           st->compressed / n, st->lds_max, DRF_LDS_SPILL_SLOTS);
}
