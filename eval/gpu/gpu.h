/* SPDX-License-Identifier: Apache-2.0 */
/* The GPU an evaluation runs on, as data (docs/gpu.md): a configuration of GPGPU-Sim's
 * `-key value` lines (its gpgpusim.config syntax and option names), read from a file or one of
 * the papers' GPUs shipped in data/gpus/ (the PV paper's Fermi, the Pilot paper's Table II
 * Kepler, the aging and DC-Patch papers' GCN). */
#ifndef DRF_GPU_H
#define DRF_GPU_H

#include <stdbool.h>
#include <stddef.h>

enum {
    GPU_MAX_SMS = 256,   /* SMs (compute units) of a GPU the evaluations take */
    GPU_MAX_WARPS = 64,  /* warps an SM holds: its warp slots are the bits of one word */
    GPU_MAX_CTAS = 64,   /* blocks an SM holds */
    GPU_NAME_MAX = 256,  /* the name kept: a shipped name or the file's path, cut */
    GPU_POLICY_MAX = 24  /* the scheduler policy's name */
};

typedef struct {
    char name[GPU_NAME_MAX];      /* the shipped name, or the path of the file */
    unsigned clusters;            /* -gpgpu_n_clusters */
    unsigned cores_per_cluster;   /* -gpgpu_n_cores_per_cluster: SMs = clusters x cores */
    unsigned threads, warp_size;  /* -gpgpu_shader_core_pipeline <threads>:<warp size> */
    unsigned registers;           /* -gpgpu_shader_registers: 32-bit registers of an SM */
    unsigned ctas;                /* -gpgpu_shader_cta: blocks an SM holds at once */
    unsigned reg_banks;           /* -gpgpu_num_reg_banks: banks of an SM's register file */
    unsigned schedulers;          /* -gpgpu_num_sched_per_core: warp schedulers of an SM */
    unsigned issue_per_warp;      /* -gpgpu_max_insn_issue_per_warp: a scheduler's issue a slot */
    unsigned issue_cycles;        /* -deltarf_issue_cycles: cycles between a scheduler's slots */
    char policy[GPU_POLICY_MAX];  /* -gpgpu_scheduler: lrr, gto, two_level_active, ... */
} gpu_config;

/* The configurations shipped in the binary (data/gpus/NAME.config), in name order. */
unsigned gpu_shipped_count(void);
const char *gpu_shipped_name(unsigned k);

/* g as a configuration without any line leaves it: GPGPU-Sim's defaults (docs/gpu.md). */
void gpu_defaults(gpu_config *g);
/* Reads a configuration from text (len bytes) into g, starting from gpu_defaults; name: the
 * source in messages and g->name. false with one line "name:line: message" in err. */
bool gpu_parse(const char *text, size_t len, const char *name, gpu_config *g, char *err,
               size_t errlen);
/* A shipped configuration by its name, else a configuration file at that path; false with one
 * line in err (an unknown name that is no file lists the shipped names). */
bool gpu_load(const char *name_or_path, gpu_config *g, char *err, size_t errlen);

/* A shipped configuration by name (an evaluation's default); each is parsed by test_gpu, so a
 * failure is a build without it: the message on stderr and abort(). */
void gpu_shipped_get(const char *name, gpu_config *g);

/* SMs: clusters x cores per cluster. */
unsigned gpu_sms(const gpu_config *g);
/* Warp slots of an SM: threads / warp size. */
unsigned gpu_warps(const gpu_config *g);
/* Instructions an SM can issue in `cycles` cycles: schedulers x issue per warp x cycles /
 * issue cycles (the Pilot paper's 400 slots of a 50-cycle epoch on Kepler). */
unsigned gpu_issue_slots(const gpu_config *g, unsigned cycles);

#endif
