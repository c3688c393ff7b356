/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pilot TRACE [--n N] (pilot paper Sections II, III-A, IV-C, V): prints the top-k
 * access shares (Fig. 2), the FRF's share under static, pilot and oracle choices (Fig. 4),
 * the accesses by partition and FRF mode (Fig. 10) and the energy against the MRF (Fig. 11,
 * Table IV). Output format: docs/pilot-eval.md. */
#include "pilot.h"

#include <stdio.h>
#include <string.h>

#include "evalcli.h"
#include "pilot_eval.h"

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

static void print_result(const pe_result *r, const pe_config *c)
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
    printf("frf-low %.1f%% of FRF accesses (epoch %u cycles, threshold %u, per compute unit)\n",
           pct(r->frf_low, r->frf_pilot), c->epoch, c->threshold);
    printf("partition frf-high %.1f%% frf-low %.1f%% srf %.1f%% of accesses\n",
           pct(r->frf_high, r->accesses), pct(r->frf_low, r->accesses), pct(r->srf, r->accesses));
    printf("issued %llu instructions in %llu CU-epochs with any, %llu of them below the threshold\n",
           (unsigned long long)r->issued, (unsigned long long)r->cu_epochs,
           (unsigned long long)r->low_epochs);
    printf("dynamic-energy %.1f%% (partitioned %.1f nJ, MRF %.1f nJ at 14.98 pJ; %.1f%% at 14.9 pJ)\n",
           saving(r->energy_part_pj, r->energy_mrf_pj), r->energy_part_pj / 1e3,
           r->energy_mrf_pj / 1e3, saving(r->energy_part_pj, r->energy_mrf_table_pj));
    printf("leakage %.1f%% (Table IV: FRF %.2f + SRF %.1f mW against MRF %.1f mW)\n",
           saving(r->leak_part_mw, r->leak_mrf_mw), PE_LEAK_FRF, PE_LEAK_SRF, PE_LEAK_MRF);
}

int cmd_pilot(int argc, char **argv)
{
    const char *trace = NULL;
    pe_config cfg = {DRF_PILOT_N, DRF_PILOT_EPOCH, DRF_PILOT_THRESHOLD};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--n") == 0) {
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
    static pe_result r;
    char err[320];
    if (pe_run(trace, &cfg, &r, err, sizeof err)) {
        fprintf(stderr, PROG ": %s\n", err);
        return 1;
    }
    print_result(&r, &cfg);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return 0;
}
