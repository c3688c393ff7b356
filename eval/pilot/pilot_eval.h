/* SPDX-License-Identifier: Apache-2.0 */
/* Trace evaluation of the pilot register file (pilot paper Sections II, III-A, IV-C, V): top-k
 * access shares (Fig. 2), the FRF's share under static, pilot-warp and oracle register
 * choices (Fig. 4), FRF_low share (Sec. V-B, Fig. 10) and energy (Table IV, Fig. 11).
 * Decisions: docs/pilot-eval.md. */
#ifndef PILOT_EVAL_H
#define PILOT_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drf_energy.h"
#include "drf_params.h"
#include "eval/gpu/gpu.h"
#include "eval/trace/trace.h"

enum { PE_TOPK = 8, PE_MAX_N = 16, PE_MAX_KERNELS = 64, PE_REGS = DRF_REGS };

typedef struct {
    unsigned n;               /* FRF registers per warp */
    unsigned epoch;           /* cycles of an FRF mode epoch (Sec. IV-C) */
    const gpu_config *gpu;    /* whose issue slots the epochs count; NULL: the GPU of the trace's
                               * cycles (pe_run; docs/pilot-eval.md decision 6) */
} pe_config;

/* The GPU of a trace's cycles, pe_run's default (decision 6): a deltarf trace was recorded on the
 * aging paper's GCN GPU; an Accel-Sim trace has no recorded cycles, the paper's GPU is Table II's. */
#define PE_GPU_GCN "gcn-aging"
#define PE_GPU_NVIDIA "pilot"

typedef struct {
    uint64_t accesses;        /* R lines and W lines, launch values excluded */
    uint64_t count[PE_REGS];  /* per register number */
    unsigned wavefronts;
    uint64_t first_cycle, last_cycle;
    uint64_t pilot_cycles;    /* from the pilot's A line to its F line (Table I's pilot time) */
} pe_kernel;

typedef struct {
    uint64_t reads, writes, launch_writes, accesses;
    uint64_t count[PE_REGS];                 /* pooled over every kernel */
    unsigned nregs;                          /* highest register number named + 1 */
    double top_share[PE_TOPK + 1];           /* [k]: % of accesses to the k busiest */
    unsigned kernels, wavefronts;
    pe_kernel kernel[PE_MAX_KERNELS];
    unsigned kernel_top[PE_MAX_KERNELS][PE_MAX_N]; /* the oracle's registers */
    unsigned pilot_top[PE_MAX_KERNELS][PE_MAX_N];  /* the pilot's registers */
    uint64_t frf_static, frf_pilot, frf_oracle;    /* accesses the FRF serves */
    uint64_t frf_pilot_move; /* the pilot's choice if live warps' values moved at its end */
    uint64_t frf_pilot_profile; /* the pilot's top-n over its whole kernel's accesses */
    uint64_t frf_low, frf_high, srf;               /* pilot policy, by partition and mode */
    uint64_t issued, cu_epochs, low_epochs;        /* issued instructions; CU-epochs with any */
    unsigned issued_max;                           /* most issued in one CU-epoch */
    gpu_config gpu;                                /* the GPU whose issue slots the epochs count */
    unsigned slots, threshold; /* its issue slots an epoch, the paper's share of them (fewer: low) */
    double energy_part_pj, energy_mrf_pj, energy_mrf_table_pj;
    double leak_part_mw, leak_mrf_mw;
} pe_result;

/* Table IV (Section V-A): access energy (pJ) and leakage (mW); the MRF's energy as the text
 * gives it and as the table does (data/papers/reproduction.tsv). */
#define PE_E_FRF_LOW DRF_PAPER_PILOT_TABLE4_ENERGY_FRF_LOW
#define PE_E_FRF_HIGH DRF_PAPER_PILOT_TABLE4_ENERGY_FRF_HIGH
#define PE_E_SRF DRF_PAPER_PILOT_TABLE4_ENERGY_SRF
#define PE_E_MRF DRF_PAPER_PILOT_MRF_ENERGY_TEXT
#define PE_E_MRF_TABLE DRF_PAPER_PILOT_TABLE4_ENERGY_MRF
#define PE_LEAK_FRF DRF_PAPER_PILOT_TABLE4_LEAKAGE_FRF
#define PE_LEAK_SRF DRF_PAPER_PILOT_TABLE4_LEAKAGE_SRF
#define PE_LEAK_MRF DRF_PAPER_PILOT_TABLE4_LEAKAGE_MRF

/* The evaluation fed one trace event at a time (pe_run, deltarf compare): pe_stream_new zeroes
 * *res (NULL with a message when the configuration is bad, without a GPU, or memory short); pe_stream_add takes
 * each event in file order and counts it at once, pe_stream_finish adds what needs a kernel's
 * whole counts (its memory: the live wavefronts and per-kernel counts, not the trace's
 * length). false with a one-line message (without the trace's name). */
typedef struct pe_stream pe_stream;
pe_stream *pe_stream_new(const pe_config *cfg, pe_result *res, char *err, size_t errlen);
/* p as pe_stream_new(cfg, res) leaves it, its memory kept (false with a message as there). */
bool pe_stream_reset(pe_stream *p, const pe_config *cfg, pe_result *res, char *err,
                     size_t errlen);
bool pe_stream_add(pe_stream *p, const tr_event *ev, char *err, size_t errlen);
bool pe_stream_finish(pe_stream *p, char *err, size_t errlen);
void pe_stream_free(pe_stream *p);

/* Evaluates the trace at path (xz or text). 0 on success; -1 with a one-line message in err. */
int pe_run(const char *path, const pe_config *cfg, pe_result *res, char *err, size_t errlen);

/* The same on a trace in memory (kept alive by the caller); name is used in messages. */
int pe_run_mem(const void *buf, size_t len, const char *name, const pe_config *cfg,
               pe_result *res, char *err, size_t errlen);

/* The issue slots of g's SM in an epoch of `epoch` cycles, and frf_mode_ctl's threshold on
 * them: the paper's share, 85 of 400 (Sec. V-B), rounded up (docs/pilot-decisions.md,
 * frf_mode_ctl 5). */
unsigned pe_slots(const gpu_config *g, unsigned epoch);
unsigned pe_threshold(unsigned slots);

/* Table IV's energy and leakage of res's accesses by partition and mode, and of the MRF's. */
void pe_energy(pe_result *res);

/* % of a kernel's (or the pooled) accesses to its k busiest registers. */
double pe_top_share(const uint64_t *count, unsigned nregs, uint64_t total, unsigned k);

#endif
