/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pilot TRACE [--n N] [--gpu NAME|FILE] [--json] (pilot paper Sections II, III-A, IV-C,
 * V): prints the top-k access shares (Fig. 2), the FRF's share under static, pilot and oracle
 * choices (Fig. 4), the accesses by partition and FRF mode on the issue model (Fig. 10), the
 * energy against the MRF (Fig. 11, Table IV) and compare's energy and time row, all from compare's
 * run; --json: the same as one JSON object (read by tools/report/reproduction.py). docs/pilot-eval.md. */
#include "pilot.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "energycli.h"
#include "evalcli.h"
#include "json.h"
#include "eval/trace/place.h"
#include "eval/pilot/pilot_eval.h"

#define PROG "deltarf pilot"
#define SYNOPSIS PILOT_SYNOPSIS

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static double saving(double part, double whole)
{
    return whole > 0 ? 100.0 * (part - whole) / whole : 0.0;
}

static void print_kernels(const pe_result *r, unsigned n)
{
    for (unsigned k = 0; k < r->kernels; k++) {
        const pe_kernel *kr = &r->kernel[k];
        printf("kernel %u wavefronts %u accesses %llu top-3 %.1f%% top-4 %.1f%% top-5 %.1f%% "
               "oracle", k + 1, kr->wavefronts, (unsigned long long)kr->accesses,
               pe_top_share(kr->count, PE_REGS, kr->accesses, 3),
               pe_top_share(kr->count, PE_REGS, kr->accesses, 4),
               pe_top_share(kr->count, PE_REGS, kr->accesses, 5));
        for (unsigned i = 0; i < n; i++)
            printf(" v%u", r->kernel_top[k][i]);
        printf(" pilot");
        for (unsigned i = 0; i < n; i++)
            printf(" v%u", r->pilot_top[k][i]);
        putchar('\n');
    }
}

static void print_result(const pe_result *r, const pe_config *c, const cmp_result *e)
{
    for (unsigned k = 1; k <= PE_TOPK; k++)
        printf("top-%u %.1f%%\n", k, r->top_share[k]);
    printf("accesses %llu (R %llu, W %llu; %llu launch W lines excluded)\n",
           (unsigned long long)r->accesses, (unsigned long long)r->reads,
           (unsigned long long)r->writes, (unsigned long long)r->launch_writes);
    printf("kernels %u wavefronts %u (a kernel starts at an A line while no wavefront is live)\n",
           r->kernels, r->wavefronts);
    print_kernels(r, c->n);
    printf("frf-static %.1f%%\n", pct(r->frf_static, r->accesses));
    printf("frf-pilot %.1f%%\n", pct(r->frf_pilot, r->accesses));
    printf("frf-oracle %.1f%%\n", pct(r->frf_oracle, r->accesses));
    printf("frf-pilot-move %.1f%% (if live warps' values moved to the pilot's mapping at its end)\n",
           pct(r->frf_pilot_move, r->accesses));
    printf("frf-pilot-profile %.1f%% (the pilot's registers over the whole kernel)\n",
           pct(r->frf_pilot_profile, r->accesses));
    printf("frf-low %.1f%% of FRF accesses (GPU %s: epoch %u cycles, threshold %u of %u issue "
           "slots, per compute unit)\n", pct(r->frf_low, r->frf_pilot), r->gpu.name, c->epoch,
           r->threshold, r->slots);
    printf("partition frf-high %.1f%% frf-low %.1f%% srf %.1f%% of accesses\n",
           pct(r->frf_high, r->accesses), pct(r->frf_low, r->accesses), pct(r->srf, r->accesses));
    printf("issued %llu instructions (one copy); on the issue model (%u cop%s at once) %llu "
           "CU-epochs with any, %llu of them below the threshold, at most %u in one\n",
           (unsigned long long)r->issued, e->copies, e->copies == 1 ? "y" : "ies",
           (unsigned long long)r->cu_epochs, (unsigned long long)r->low_epochs, r->issued_max);
    printf("dynamic-energy %.1f%% (partitioned %.1f nJ, MRF %.1f nJ at 14.98 pJ; %.1f%% at 14.9 pJ)\n",
           saving(r->energy_part_pj, r->energy_mrf_pj), r->energy_part_pj / 1e3,
           r->energy_mrf_pj / 1e3, saving(r->energy_part_pj, r->energy_mrf_table_pj));
    printf("leakage %.1f%% (Table IV: FRF %.2f + SRF %.1f mW against MRF %.1f mW)\n",
           saving(r->leak_part_mw, r->leak_mrf_mw), PE_LEAK_FRF, PE_LEAK_SRF, PE_LEAK_MRF);
    en_text(e, &e->tech[CMP_PILOT]);
}

/* The same figures as one JSON object: counts, shares in percent, energies in pJ and mW. */
static void print_json(const char *trace, const pe_result *r, const pe_config *c,
                       const cmp_result *e)
{
    printf("{\"trace\": ");
    json_string(stdout, trace);
    printf(", \"n\": %u, \"epoch\": %u, \"threshold\": %u, \"issue_slots\": %u"
           ", \"threshold_share\": [%u, %u]", c->n, c->epoch, r->threshold, r->slots,
           DRF_PILOT_THR_NUM, DRF_PILOT_THR_DEN);
    printf(", \"accesses\": %llu, \"reads\": %llu, \"writes\": %llu, \"launch_writes\": %llu",
           (unsigned long long)r->accesses, (unsigned long long)r->reads,
           (unsigned long long)r->writes, (unsigned long long)r->launch_writes);
    printf(", \"kernels\": %u, \"wavefronts\": %u, \"top_share\": [", r->kernels, r->wavefronts);
    for (unsigned k = 1; k <= PE_TOPK; k++)
        printf("%s%.4f", k > 1 ? ", " : "", r->top_share[k]);
    printf("], \"kernel\": [");
    for (unsigned k = 0; k < r->kernels; k++) {
        const pe_kernel *kr = &r->kernel[k];
        printf("%s{\"wavefronts\": %u, \"accesses\": %llu, \"cycles\": %llu, \"pilot_cycles\": %llu"
               ", \"top_share\": [", k ? ", " : "", kr->wavefronts, (unsigned long long)kr->accesses,
               (unsigned long long)(kr->last_cycle - kr->first_cycle),
               (unsigned long long)kr->pilot_cycles);
        for (unsigned j = 1; j <= PE_TOPK; j++)
            printf("%s%.4f", j > 1 ? ", " : "", pe_top_share(kr->count, PE_REGS, kr->accesses, j));
        printf("], \"oracle\": [");
        for (unsigned i = 0; i < c->n; i++)
            printf("%s%u", i ? ", " : "", r->kernel_top[k][i]);
        printf("], \"pilot\": [");
        for (unsigned i = 0; i < c->n; i++)
            printf("%s%u", i ? ", " : "", r->pilot_top[k][i]);
        printf("]}");
    }
    printf("], \"frf_static\": %.4f, \"frf_pilot\": %.4f, \"frf_oracle\": %.4f"
           ", \"frf_pilot_move\": %.4f, \"frf_pilot_profile\": %.4f",
           pct(r->frf_static, r->accesses), pct(r->frf_pilot, r->accesses),
           pct(r->frf_oracle, r->accesses), pct(r->frf_pilot_move, r->accesses),
           pct(r->frf_pilot_profile, r->accesses));
    printf(", \"frf_low_of_frf\": %.4f, \"frf_high\": %.4f, \"frf_low\": %.4f, \"srf\": %.4f",
           pct(r->frf_low, r->frf_pilot), pct(r->frf_high, r->accesses),
           pct(r->frf_low, r->accesses), pct(r->srf, r->accesses));
    printf(", \"issued\": %llu, \"cu_epochs\": %llu, \"low_epochs\": %llu, \"issued_max\": %u",
           (unsigned long long)r->issued, (unsigned long long)r->cu_epochs,
           (unsigned long long)r->low_epochs, r->issued_max);
    printf(", \"energy_partitioned_pj\": %.3f, \"energy_mrf_pj\": %.3f, \"energy_mrf_table_pj\": %.3f"
           ", \"dynamic_energy_change\": %.4f, \"dynamic_energy_change_table\": %.4f",
           r->energy_part_pj, r->energy_mrf_pj, r->energy_mrf_table_pj,
           saving(r->energy_part_pj, r->energy_mrf_pj),
           saving(r->energy_part_pj, r->energy_mrf_table_pj));
    printf(", \"leakage_partitioned_mw\": %.3f, \"leakage_mrf_mw\": %.3f, \"leakage_change\": %.4f"
           ",\n ", r->leak_part_mw, r->leak_mrf_mw, saving(r->leak_part_mw, r->leak_mrf_mw));
    char share[64];
    snprintf(share, sizeof share, "\"frf_low_share_pct\": %.9g", e->frf_low_share);
    en_json(stdout, e, &e->tech[CMP_PILOT], share);
    printf("}\n");
}

/* compare's run for the Pilot RF (docs/pilot-eval.md decision 6): the epochs' threshold on
 * gpu's issue slots (NULL: the trace's own GPU's), the issue model on gpu when it can hold the
 * slices, else on theirs (PL_GPU_DEFAULT). */
static void engine_gpu(const gpu_config *gpu, cmp_config *cc)
{
    char err[320];
    cc->pilot_gpu = gpu;
    cc->pilot_gpu_own = gpu == NULL;
    cc->gpu = gpu && pl_gpu_check(gpu, err, sizeof err) ? gpu : NULL;
}

int cmd_pilot(int argc, char **argv)
{
    const char *trace = NULL, *gpu_arg = NULL;
    /* the threshold: 85 / 400 of the issue slots of the GPU's SM an epoch, by default the GPU
     * of the trace's cycles (docs/pilot-eval.md decision 6) */
    pe_config cfg = {DRF_PILOT_N, DRF_PILOT_EPOCH, NULL};
    bool json = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--gpu") == 0) {
            if (i + 1 >= argc)
                return ec_usage(PROG, SYNOPSIS, "missing value for", argv[i]);
            gpu_arg = argv[++i];
        } else if (strcmp(argv[i], "--n") == 0) {
            uint64_t v;
            if (i + 1 >= argc)
                return ec_usage(PROG, SYNOPSIS, "missing value for", argv[i]);
            if (!ec_u64(argv[++i], PE_MAX_N, &v) || v == 0)
                return ec_usage(PROG, SYNOPSIS, "bad n (1-16)", argv[i]);
            cfg.n = (unsigned)v;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return ec_usage(PROG, SYNOPSIS, "unknown option", argv[i]);
        } else if (trace) {
            return ec_usage(PROG, SYNOPSIS, "unexpected argument", argv[i]);
        } else {
            trace = argv[i];
        }
    }
    if (!trace)
        return ec_usage(PROG, SYNOPSIS, "missing TRACE", NULL);
    static gpu_config gpu;
    if (gpu_arg && !ec_gpu(PROG, gpu_arg, NULL, NULL, &gpu))
        return 1;
    cmp_config cc = {.chips = 1, .years = CMP_YEARS_DEFAULT, .mem_budget = DS_DEFAULT_BUDGET,
                     .evals = CMP_EVAL_PILOT, .pilot_n = cfg.n};
    engine_gpu(gpu_arg ? &gpu : NULL, &cc);
    cmp_ctx *ctx;
    cmp_result res;
    tr_source src;
    if (!en_source(PROG, trace, &src))
        return 1;
    const bool ran = en_run(PROG, &src, &cc, &ctx, &res);
    tr_source_close(&src);
    if (!ran)
        return 1;
    const pe_result *r = cmp_ctx_pilot(ctx);
    if (json)
        print_json(trace, r, &cfg, &res);
    else
        print_result(r, &cfg, &res);
    cmp_ctx_free(ctx);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return 0;
}
