/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over deltarf pilot's input (pilot paper Sections II, V; eval/pilot/pilot_eval.c on
 * the trace reader eval/trace/trace.c): any bytes as a trace, plain or xz. An accepted trace's
 * figures must be consistent; a refused one must carry a message. */
#include "fuzz.h"

#include <string.h>

#include "eval/pilot/pilot_eval.h"

static pe_result res;

static void check_result(const pe_result *r, const pe_config *c)
{
    FZ_CHECK(r->accesses == r->reads + r->writes);
    FZ_CHECK(r->frf_pilot == r->frf_low + r->frf_high);
    FZ_CHECK(r->frf_pilot + r->srf == r->accesses);
    FZ_CHECK(r->frf_static <= r->accesses && r->frf_oracle <= r->accesses &&
             r->frf_pilot_move <= r->accesses);
    FZ_CHECK(r->issued <= r->accesses && r->low_epochs <= r->cu_epochs);
    uint64_t sum = 0;
    for (unsigned k = 0; k < r->kernels; k++)
        sum += r->kernel[k].accesses;
    FZ_CHECK(sum == r->accesses);
    FZ_CHECK(r->kernels <= r->wavefronts);
    for (unsigned k = 1; k <= PE_TOPK; k++) {
        FZ_CHECK(r->top_share[k] >= r->top_share[k - 1] - 1e-9);
        FZ_CHECK(r->top_share[k] <= 100.0 + 1e-9);
    }
    /* the oracle's choice is the best for every kernel: never below static */
    FZ_CHECK(r->frf_oracle >= r->frf_static);
    FZ_CHECK(c->n >= 1);
    /* the epochs on the GPU of the trace's cycles: a GCN CU's 50 slots or Table II's 400 */
    FZ_CHECK((r->slots == DRF_PILOT_GCN_SLOTS || r->slots == DRF_PILOT_SLOTS) &&
             r->threshold == pe_threshold(r->slots));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const pe_config cfg = {1 + (size % 4), DRF_PILOT_EPOCH, NULL}; /* the trace's own GPU */
    char err[512] = "";
    if (pe_run_mem(data, size, "<fuzz>", &cfg, &res, err, sizeof err) == 0)
        check_result(&res, &cfg);
    else
        FZ_CHECK(err[0] != '\0' && strlen(err) < sizeof err);
    return 0;
}
