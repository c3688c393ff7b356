/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pv TRACE [--chips N] [--years Y] [--t0 nbti|pv] [--gpu NAME|FILE] [--json]: per scheme
 * bank utilisation, slow-bank share, normalized frequency and guardband over N VARIUS chips on
 * the GPU (pv-nbti-banked-rf paper Sections 3.1, 4.1, 6.2; docs/pv-decisions.md D2, D19-D24). The paper's figures are set
 * beside them by the reproduction ledger (make eval, docs/eval.md), not printed here. */
#include "pvsim.h"

#include <stdlib.h>
#include <string.h>

#include "evalcli.h"
#include "json.h"
#include "eval/pv/pv_eval.h"

#define PROG "deltarf pv"
#define SYNOPSIS PV_SYNOPSIS

static const char *const t0_names[] = {"nbti", "pv"};

/* D23, D24: the work-groups on the GPU, and what FWAS and hybrid banks can act on (D22). */
static void print_trace(const pv_accesses *a, const char *gpu_name)
{
    const pv_gpu_stats *g = &a->gpu;
    const pv_gpu *c = &a->config;
    printf("trace: %llu work-groups, %llu wavefronts\n", (unsigned long long)a->groups,
           (unsigned long long)a->wavefronts);
    printf("trace: on GPU %s (%u SMs of %u warps, %u blocks and %u registers; a wavefront "
           "%u warps): %llu blocks on %u SMs, %llu work-groups split, %llu blocks waited for room; "
           "an SM held at most %u warps, %u blocks, %u registers at once; docs/pv-decisions.md "
           "D23, D24\n", gpu_name, c->sms, c->warps, c->blocks, c->regs, c->wave_warps,
           (unsigned long long)g->blocks, g->sms, (unsigned long long)g->split,
           (unsigned long long)g->waited, g->peak_warps, g->peak_blocks, g->peak_regs);
    printf("trace: %llu wavefronts placed on an SM after a block of it ended (FWAS can change bank "
           "use only through them), %llu of %llu warp accesses by one half of the threads (hybrid "
           "banks act only on them); docs/pv-decisions.md D22\n\n",
           (unsigned long long)g->reuse, (unsigned long long)a->partial,
           (unsigned long long)a->warp_accesses);
}

static void print_md(const char *trace, const pv_accesses *a, const char *gpu_name,
                     unsigned chips, unsigned years, enum pv_t0 t0, const pv_result r[PV_SCHEMES])
{
    print_trace(a, gpu_name);
    printf("## %s: %llu accesses, %llu wavefronts, %u SMs, %u chips, %u years, Eq. (1) t0 %s\n\n",
           trace, (unsigned long long)a->total, (unsigned long long)a->wavefronts, a->gpu.sms,
           chips, years, t0_names[t0]);
    printf("| scheme | busiest bank share | idlest bank share | slow-bank accesses | norm. freq. t=0 |"
           " norm. freq. %uy | guardband (NBTI) | norm. guardband | loss vs ideal %uy |\n",
           years, years);
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (unsigned s = 0; s < PV_SCHEMES; s++)
        printf("| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", pv_scheme_name(s),
               r[s].util_max_share, r[s].util_min_share, r[s].slow_share, r[s].freq0,
               r[s].freq_aged, r[s].guardband, r[s].norm_guardband, r[s].loss_total);
    printf("\nGuardband (Sections 1, 4.1): the frequency given up to absorb NBTI, fresh / aged "
           "frequency - 1 (NBTI only, against the fresh cycle; Section 6.2's Fig. 12 normalizes "
           "it to the baseline's); loss vs ideal: 1 - aged frequency (PV and NBTI, against the "
           "chip without either, Fig. 13's reading). K_v: calibrated once on the aging paper's "
           "baseline Ts increase over its lifetime (Sec. 6.4), one law for every technique (ours, "
           "docs/pv-decisions.md D2). "
           "The paper's figures beside these: the reproduction ledger (docs/eval.md).\n");
    printf("\nOurs (every number of the table; docs/pv-decisions.md D2, D19-D24): baseline %.3f, "
           "VL-SB gain %+.1f%%, PV-opt norm. guardband %.3f, PV-opt+NBTI-opt %.3f.\n\n",
           r[PV_BASELINE].freq0,
           100.0 * (r[PV_VLSB_BRO].freq0 / r[PV_BASELINE].freq0 - 1.0), r[PV_OPT].norm_guardband,
           r[PV_OPT_NBTI].norm_guardband);
}

static void print_json(const char *trace, const pv_accesses *a, unsigned chips, unsigned years,
                       enum pv_t0 t0, const pv_result r[PV_SCHEMES])
{
    printf("{\"trace\":");
    json_string(stdout, trace);
    const pv_gpu_stats *g = &a->gpu;
    printf(",\"accesses\":%llu,\"warp_accesses\":%llu,\"wavefronts\":%llu,\"work_groups\":%llu,"
           "\"blocks\":%llu,\"sms\":%u,\"split\":%llu,\"waited\":%llu,\"sm_peak_warps\":%u,"
           "\"sm_peak_blocks\":%u,\"sm_peak_regs\":%u,\"slot_reuse\":%llu,"
           "\"partial_accesses\":%llu,\"chips\":%u,\"years\":%u,\"t0\":\"%s\",\"schemes\":[",
           (unsigned long long)a->total, (unsigned long long)a->warp_accesses,
           (unsigned long long)a->wavefronts, (unsigned long long)a->groups,
           (unsigned long long)g->blocks, g->sms, (unsigned long long)g->split,
           (unsigned long long)g->waited, g->peak_warps, g->peak_blocks, g->peak_regs,
           (unsigned long long)g->reuse, (unsigned long long)a->partial, chips, years,
           t0_names[t0]);
    for (unsigned s = 0; s < PV_SCHEMES; s++) {
        printf("%s{\"scheme\":\"%s\",\"slow_share\":%.6f,\"freq0\":%.6f,\"freq_aged\":%.6f,"
               "\"guardband\":%.6f,\"norm_guardband\":%.6f,\"loss_total\":%.6f,"
               "\"boundary0\":%.6f,\"util_max_share\":%.6f,\"util_min_share\":%.6f,\"banks\":[",
               s ? "," : "", pv_scheme_name(s), r[s].slow_share, r[s].freq0, r[s].freq_aged,
               r[s].guardband, r[s].norm_guardband, r[s].loss_total, r[s].boundary0,
               r[s].util_max_share, r[s].util_min_share);
        for (unsigned v = 0; v < DRF_PV_BANKS; v++)
            printf("%s{\"util\":%.6f,\"delay0\":%.6f,\"delay\":%.6f}", v ? "," : "",
                   r[s].vbank_util[v], r[s].vbank_delay0[v], r[s].vbank_delay[v]);
        printf("]}");
    }
    printf("]}\n");
}

/* The evaluation of the trace on the GPU, printed; the exit status. */
static int run(const char *trace, const gpu_config *gpu, unsigned chips, unsigned years,
               enum pv_t0 t0, bool json)
{
    pv_accesses *a = malloc(sizeof *a);
    pv_result r[PV_SCHEMES];
    char err[512];
    if (!a) {
        fputs(PROG ": out of memory\n", stderr);
        return 1;
    }
    bool ok = pv_accesses_read(trace, gpu, a, err, sizeof err);
    if (!ok) {
        fprintf(stderr, PROG ": %s\n", err);
    } else if (!(ok = pv_evaluate(a, chips, years, t0, r))) {
        fputs(PROG ": out of memory\n", stderr);
    } else if (json) {
        print_json(trace, a, chips, years, t0, r);
    } else {
        print_md(trace, a, gpu->name, chips, years, t0, r);
    }
    pv_accesses_free(a);
    free(a);
    if (ok && (fflush(stdout) != 0 || ferror(stdout))) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return ok ? 0 : 1;
}

int cmd_pv(int argc, char **argv)
{
    const char *trace = NULL, *gpu_arg = NULL;
    uint64_t chips = 100, years = 7;
    bool json = false;
    enum pv_t0 t0 = PV_T0_NBTI;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--t0") == 0) {
            if (i + 1 >= argc)
                return ec_usage(PROG, SYNOPSIS, "missing value for", argv[i]);
            if (strcmp(argv[i + 1], "nbti") != 0 && strcmp(argv[i + 1], "pv") != 0)
                return ec_usage(PROG, SYNOPSIS, "bad --t0 (nbti or pv)", argv[i + 1]);
            t0 = argv[i + 1][0] == 'p' ? PV_T0_PV : PV_T0_NBTI;
            i++;
        } else if (strcmp(argv[i], "--gpu") == 0) {
            if (i + 1 >= argc)
                return ec_usage(PROG, SYNOPSIS, "missing value for", argv[i]);
            gpu_arg = argv[++i];
        } else if (strcmp(argv[i], "--chips") == 0 || strcmp(argv[i], "--years") == 0) {
            const bool c = argv[i][2] == 'c';
            if (i + 1 >= argc)
                return ec_usage(PROG, SYNOPSIS, "missing value for", argv[i]);
            if (!ec_u64(argv[i + 1], c ? 10000 : 100, c ? &chips : &years) || (c ? chips : years) == 0)
                return ec_usage(PROG, SYNOPSIS, c ? "bad --chips (1-10000)" : "bad --years (1-100)",
                                argv[i + 1]);
            i++;
        } else if ((argv[i][0] == '-' && argv[i][1] != '\0') || trace) {
            return ec_usage(PROG, SYNOPSIS, trace ? "unexpected argument" : "unknown option",
                            argv[i]);
        } else {
            trace = argv[i];
        }
    }
    if (!trace)
        return ec_usage(PROG, SYNOPSIS, "missing TRACE", NULL);
    static gpu_config gpu;
    if (!ec_gpu(PROG, gpu_arg, PV_GPU_DEFAULT, pv_gpu_check, &gpu))
        return 1;
    return run(trace, &gpu, (unsigned)chips, (unsigned)years, t0, json);
}
