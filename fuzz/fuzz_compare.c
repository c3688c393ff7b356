/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over deltarf compare's input (docs/fuzz.md; eval/compare/compare.c on the trace reader
 * eval/trace/trace.c): any bytes as a trace, plain or xz, through every technique's evaluation on one
 * read. An accepted trace's rows must be consistent; a refused one must carry a message. */
#include "fuzz.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/compare/compare.h"

static cmp_result res;
static cmp_ctx *ctx; /* one context for every input, reset by each run (as deltarf compare's) */

static void check_row(const cmp_row *r)
{
    for (unsigned a = 0; a < CMP_AXES; a++)
        FZ_CHECK(r->na[a] ? isnan(r->v[a]) : !isnan(r->v[a]));
    FZ_CHECK(r->na[CMP_ENERGY_PJ] ||
             fabs(r->v[CMP_ENERGY_PJ] - r->v[CMP_DYNAMIC_PJ] - r->v[CMP_LEAKAGE_PJ]) <=
                 1e-9 * fabs(r->v[CMP_ENERGY_PJ]) + 1e-9);
    FZ_CHECK(r->na[CMP_EXTRA_CYCLES] || r->v[CMP_EXTRA_CYCLES] >= 0);
    FZ_CHECK(r->na[CMP_LONGEST0] || (r->v[CMP_LONGEST0] >= 0 && r->v[CMP_LONGEST0] <= 1 + 1e-9));
    FZ_CHECK(r->na[CMP_LONGEST1] || (r->v[CMP_LONGEST1] >= 0 && r->v[CMP_LONGEST1] <= 1 + 1e-9));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const cmp_config cfg = {.chips = 1, .years = 1 + (double)(size % 10), .mem_budget = 1 << 16};
    char err[768] = "";
    if (ctx == NULL && (ctx = cmp_ctx_new()) == NULL)
        abort();
    if (cmp_ctx_run_mem(ctx, data, size, "<fuzz>", &cfg, &res, err, sizeof err)) {
        for (unsigned t = 0; t < CMP_TECHS; t++)
            check_row(&res.tech[t]);
        FZ_CHECK(res.tech[CMP_BASELINE].v[CMP_ENERGY_SAVING_PCT] == 0);
        FZ_CHECK(res.top4_share >= 0 && res.top4_share <= 100 + 1e-9);
    } else {
        FZ_CHECK(err[0] != '\0' && strlen(err) < sizeof err);
    }
    return 0;
}
