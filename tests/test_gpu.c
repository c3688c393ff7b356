/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the GPU configurations (eval/gpu/gpu.c, docs/gpu.md): the shipped papers' GPUs
 * with their values and the parameters of the RTL and the evaluations they must agree with, the
 * syntax of GPGPU-Sim's gpgpusim.config (comments, blank lines, skipped keys, the last of a key
 * given twice, GPGPU-Sim's defaults), every malformed known key with its line, and files. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "drf_params.h"
#include "drf_energy.h"
#include "eval/gpu/gpu.h"

static check_counts c;

static bool parse(const char *text, gpu_config *g, char *err, size_t len)
{
    return gpu_parse(text, strlen(text), "t.config", g, err, len);
}

/* The text is refused with exactly the message want. */
static void refused(const char *text, const char *want)
{
    gpu_config g;
    char err[512] = "";
    const bool ok = parse(text, &g, err, sizeof err);
    CHECK(&c, !ok && strcmp(err, want) == 0);
    if (ok || strcmp(err, want) != 0)
        fprintf(stderr, "  text %s\n  got  '%s'\n  want '%s'\n", text, err, want);
}

static gpu_config load(const char *name)
{
    gpu_config g;
    char err[512] = "";
    const bool ok = gpu_load(name, &g, err, sizeof err);
    CHECK(&c, ok);
    if (!ok)
        fprintf(stderr, "  %s: %s\n", name, err);
    return g;
}

/* The papers' GPUs as shipped, each value as its paper gives it (data/gpus/). */
static void test_shipped(void)
{
    CHECK(&c, gpu_shipped_count() == 3 && strcmp(gpu_shipped_name(0), "fermi-pv") == 0 &&
                  strcmp(gpu_shipped_name(1), "gcn-aging") == 0 &&
                  strcmp(gpu_shipped_name(2), "pilot") == 0 && gpu_shipped_name(3) == NULL);
    /* PV Section 5: 15 SMs, warps of 32, 1,536 threads and 8 blocks an SM, 128 KB of registers
     * (the RTL's 48 warps and 8 renaming rows; the ledger's pv.rf.bits), 16 banks, 2 schedulers */
    const gpu_config pv = load("fermi-pv");
    CHECK(&c, strcmp(pv.name, "fermi-pv") == 0 && gpu_sms(&pv) == 15 && pv.warp_size == 32 &&
                  pv.threads == 1536 && gpu_warps(&pv) == DRF_PV_WARPS && pv.ctas == DRF_PV_BLOCKS);
    CHECK(&c, pv.registers * 32.0 == DRF_PAPER_PV_RF_BITS && pv.reg_banks == DRF_PV_BANKS &&
                  pv.schedulers == 2 && strcmp(pv.policy, "lrr") == 0);
    CHECK(&c, pv.registers == DRF_PV_BANKS * DRF_PV_ENTRIES * (DRF_PV_VEC_BITS / 32));
    /* Pilot Table II: 15 SMs of 64 warps (the RTL's DRF_PILOT_WARPS), 256 KB, 24 banks; 8 issued
     * a cycle, 400 slots in an epoch, the threshold's denominator (DRF_PILOT_SLOTS) */
    const gpu_config pi = load("pilot");
    CHECK(&c, gpu_sms(&pi) == 15 && gpu_warps(&pi) == DRF_PILOT_WARPS && pi.warp_size == 32 &&
                  pi.registers * 4 == 256 * 1024 && pi.reg_banks == 24 && pi.ctas == 16);
    CHECK(&c, gpu_issue_slots(&pi, DRF_PILOT_EPOCH) == DRF_PILOT_SLOTS);
    /* aging Table 4 / DC-Patch Table 3: 10 CUs of 4 slices of 256 registers of 64 components,
     * 16 wavefronts a slice; a SIMD issues every 4 cycles: a CU's 50 slots an epoch */
    const gpu_config gcn = load("gcn-aging");
    CHECK(&c, gpu_sms(&gcn) == 10 && gcn.warp_size == DRF_COMPONENTS &&
                  gpu_warps(&gcn) == 4 * DRF_WAVEFRONT_SLOTS &&
                  gcn.registers == 4 * DRF_REGS * DRF_COMPONENTS && gcn.schedulers == 4);
    CHECK(&c, gpu_issue_slots(&gcn, DRF_PILOT_EPOCH) == DRF_PILOT_GCN_SLOTS &&
                  gcn.issue_cycles == 4);
}

/* GPGPU-Sim's syntax: comments, blanks, skipped keys, the last of a key, its defaults. */
static void test_syntax(void)
{
    gpu_config g;
    char err[512] = "";
    CHECK(&c, parse("", &g, err, sizeof err));
    /* gpu-sim.cc's defaults: 10 clusters of 3, 1024:32, 8192 registers, 32 CTAs, 8 banks, one
     * scheduler issuing 2 */
    CHECK(&c, gpu_sms(&g) == 30 && g.threads == 1024 && g.warp_size == 32 && g.registers == 8192 &&
                  g.ctas == 32 && g.reg_banks == 8 && g.schedulers == 1 && g.issue_per_warp == 2 &&
                  g.issue_cycles == 1 && strcmp(g.policy, "lrr") == 0 &&
                  strcmp(g.name, "t.config") == 0);
    const char *text = "# a gpgpusim.config\n"
                       "\n"
                       "-gpgpu_ptx_sim_mode 0\n"
                       "-gpgpu_cache:dl1  N:32:128:4,L:L:m:N:H,S:64:8,8\n"
                       "-gpgpu_clock_domains 700.0:700.0:700.0:924.0 # skipped\n"
                       "  -gpgpu_n_clusters\t14 # trailing comment\r\n"
                       "-gpgpu_n_clusters 15\n"
                       "-gpgpu_shader_core_pipeline 1536:32:32 \n"
                       "-gpgpu_scheduler two_level_active:6:0:1\n"
                       "-some_flag\n"
                       "-gpgpu_shader_cta 8";
    CHECK(&c, parse(text, &g, err, sizeof err));
    CHECK(&c, gpu_sms(&g) == 45 && g.threads == 1536 && g.warp_size == 32 && g.ctas == 8 &&
                  strcmp(g.policy, "two_level_active") == 0);
}

/* Each malformed known key: one line naming the file and line. */
static void test_errors(void)
{
    refused("-gpgpu_n_clusters 0\n", "t.config:1: -gpgpu_n_clusters '0': expected a decimal from 1 "
                                     "to 256");
    refused("\n-gpgpu_shader_cta 0x8\n", "t.config:2: -gpgpu_shader_cta '0x8': expected a decimal "
                                         "from 1 to 64");
    refused("-gpgpu_shader_registers\n", "t.config:1: -gpgpu_shader_registers: missing value");
    refused("-gpgpu_num_reg_banks 16 32\n", "t.config:1: -gpgpu_num_reg_banks: one value expected");
    refused("-gpgpu_max_insn_issue_per_warp 3", "t.config:1: -gpgpu_max_insn_issue_per_warp '3': "
                                                "expected a decimal from 1 to 2");
    refused("-gpgpu_shader_core_pipeline 1536\n", "t.config:1: -gpgpu_shader_core_pipeline "
            "'1536': expected <threads>:<warp size>, e.g. 1536:32");
    refused("-gpgpu_shader_core_pipeline 1536:x\n", "t.config:1: -gpgpu_shader_core_pipeline "
            "'1536:x': expected <threads>:<warp size>, decimals (threads at most 65536, warp size "
            "1024)");
    refused("-gpgpu_shader_core_pipeline 1000:32\n", "t.config:1: -gpgpu_shader_core_pipeline "
            "'1000:32': 1000 threads are not 1 to 64 warps of 32");
    refused("-gpgpu_shader_core_pipeline 4096:32\n", "t.config:1: -gpgpu_shader_core_pipeline "
            "'4096:32': 4096 threads are not 1 to 64 warps of 32");
    refused("-gpgpu_scheduler fifo\n", "t.config:1: -gpgpu_scheduler 'fifo': unknown scheduler "
            "(lrr, gto, two_level_active, rrr, old, warp_limiting)");
    refused("gpgpu_n_clusters 15\n", "t.config:1: expected '-key value' (GPGPU-Sim's configuration "
                                     "syntax)");
    refused("-gpgpu_n_clusters 16\n-gpgpu_n_cores_per_cluster 17\n",
            "t.config: 16 clusters of 17 SMs: more than 256 SMs");
    gpu_config g;
    char err[512] = "";
    CHECK(&c, !gpu_parse("-gpgpu_n_clusters 1\0\n", 21, "t.config", &g, err, sizeof err) &&
                  strcmp(err, "t.config: a NUL byte: not a text file") == 0);
}

/* A name not shipped is a file; neither is one line listing the shipped names. */
static void test_files(void)
{
    gpu_config g;
    char err[512] = "", path[] = "/tmp/test_gpu_XXXXXX";
    CHECK(&c, !gpu_load("kepler", &g, err, sizeof err) &&
                  strcmp(err, "kepler: unknown GPU: neither a shipped one (fermi-pv, gcn-aging, "
                              "pilot) nor a file") == 0);
    CHECK(&c, !gpu_load("/nonexistent/gpgpusim.config", &g, err, sizeof err) &&
                  strcmp(err, "/nonexistent/gpgpusim.config: No such file or directory") == 0);
    const int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(&c, f != NULL);
    if (!f)
        return;
    fputs("-gpgpu_n_clusters 2\n-gpgpu_shader_core_pipeline 512:16\n", f);
    fclose(f);
    CHECK(&c, gpu_load(path, &g, err, sizeof err) && gpu_sms(&g) == 6 && gpu_warps(&g) == 32 &&
                  strcmp(g.name, path) == 0);
    f = fopen(path, "a");
    fputs("-gpgpu_shader_cta 65\n", f);
    fclose(f);
    char want[600];
    snprintf(want, sizeof want, "%s:3: -gpgpu_shader_cta '65': expected a decimal from 1 to 64", path);
    CHECK(&c, !gpu_load(path, &g, err, sizeof err) && strcmp(err, want) == 0);
    unlink(path);
}

int main(void)
{
    test_shipped();
    test_syntax();
    test_errors();
    test_files();
    return check_done(&c, "test_gpu");
}
