/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over the GPU configurations (eval/gpu/gpu.c, docs/gpu.md: GPGPU-Sim's
 * gpgpusim.config syntax): any bytes as a configuration. An accepted one is a GPU the
 * evaluations can take; a refused one carries one line naming the input. */
#include "fuzz.h"

#include <string.h>

#include "eval/gpu/gpu.h"

static void check_gpu(const gpu_config *g)
{
    FZ_CHECK(gpu_sms(g) >= 1 && gpu_sms(g) <= GPU_MAX_SMS);
    FZ_CHECK(g->warp_size >= 1 && gpu_warps(g) >= 1 && gpu_warps(g) <= GPU_MAX_WARPS);
    FZ_CHECK(gpu_warps(g) * g->warp_size == g->threads);
    FZ_CHECK(g->ctas >= 1 && g->ctas <= GPU_MAX_CTAS && g->registers >= 1 && g->reg_banks >= 1);
    FZ_CHECK(g->schedulers >= 1 && g->issue_per_warp >= 1 && g->issue_per_warp <= 2 &&
             g->issue_cycles >= 1);
    FZ_CHECK(g->policy[0] != '\0' && strcmp(g->name, "<fuzz>") == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gpu_config g;
    char err[512] = "";
    if (gpu_parse((const char *)data, size, "<fuzz>", &g, err, sizeof err))
        check_gpu(&g);
    else
        FZ_CHECK(strncmp(err, "<fuzz>:", 7) == 0 && !strchr(err, '\n') &&
                 strlen(err) < sizeof err - 1);
    return 0;
}
