/* SPDX-License-Identifier: Apache-2.0 */
/* Architecture-level replay of a register trace on 256-register slices (aging paper Sections
 * 2.1, 5 and 6): the schemes baseline, RAR, RC, RC+RAR, Warped-Compression and ARGO, with
 * bit-parallel duty-cycle accounting, NBTI dVth (Eq. 3) and Table 2 energy. docs/eval-decisions.md */
#ifndef DRF_RFSIM_H
#define DRF_RFSIM_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_params.h"
#include "place.h"
#include "rar.h"
#include "trace.h"

enum { SIM_BITS = DRF_COMPONENTS * DRF_WORD_BITS, /* cells of one register: 2048 */
       SIM_SEGS = 4,                               /* power-gating segments (WC, Section 5.3) */
       SIM_MAX_SLICES = PL_MAX_SLICES,
       SIM_WAKEUP_CYCLES = 10 };                   /* Section 5.1.3 */

typedef enum { SIM_BASE, SIM_RAR, SIM_RC, SIM_RCRAR, SIM_WC, SIM_ARGO, SIM_SCHEMES } sim_scheme;
/* Fig. 7 classes of a register write (rc_classify), divergent writes apart. */
enum { SIM_PAT_DIVERGENT = 4, SIM_PATS = 5 };

const char *sim_scheme_name(sim_scheme s);
bool sim_scheme_parse(const char *name, sim_scheme *s);

/* First bit of WC segment k (k = 0..SIM_SEGS): base word, 63 1-byte deltas, 2-byte deltas, rest. */
unsigned sim_seg_start(unsigned k);
/* WC's stored image of a register (BDI base + 63 deltas of 0, 1 or 2 bytes): cells in out,
 * the segments kept on as a mask (bit k = segment k); 0xF: not compressible, out = comp. */
unsigned sim_wc_encode(const uint32_t comp[DRF_COMPONENTS], uint32_t out[DRF_COMPONENTS]);

/* Normalised dVth of a PMOS transistor stressed a fraction f of the lifetime, recovering the
 * rest (Eq. 3 over the theoretical maximum f = 1; eta = SIM_ETA). */
#define SIM_ETA 0.35
double sim_dvth(double f);

typedef struct sim sim;

typedef struct {
    pl_policy map;     /* placement of wavefronts on slices (eval/place.h) */
    unsigned repeat;   /* replays of the trace back to back; 0: automatic (docs) */
    unsigned schemes;  /* mask of sim_scheme */
} sim_config;

/* Results of one scheme (all fractions of the busy time, 0..1). */
typedef struct {
    uint64_t writes, reads, compressed_writes, compressed_reads, wakeups, movs;
    double longest[2];         /* longest '0' and '1' duty cycle over every cell */
    double longest_other[2][2];/* for the cell of longest[v]: its [0] time holding !v, [1] off */
    double dvth[2];            /* normalised dVth of the worst T0 and T1 */
    double reg_longest[2][DRF_REGS]; /* per register: longest '0' / '1' over its cells */
    double energy[6];          /* pJ: SIM_E_* */
    double seconds;            /* CPU time spent in this scheme's event handlers */
} sim_result;

enum { SIM_E_SLICE_LEAK, SIM_E_SLICE_DYN, SIM_E_LOGIC_LEAK, SIM_E_LOGIC_DYN, SIM_E_WAKEUP,
       SIM_E_TOTAL };

/* Statistics of the run that do not depend on the scheme. */
typedef struct {
    uint64_t events, writes, launch_writes, reads, wavefronts;
    uint64_t pat_all[SIM_PATS];  /* instruction writes by class (launch values apart) */
    uint64_t pat_full[SIM_PATS]; /* full-mask instruction writes (divergent stays 0) */
    unsigned repeat, slices_used, nvregs_min, nvregs_max;
    unsigned slots;              /* wavefronts a slice holds (Table 5 rule) for nvregs_max */
    double busy_cycles;          /* summed over slices */
    double mean_resident;        /* time-weighted wavefronts per busy slice */
    double reader_seconds;
} sim_stats;

sim *sim_new(const sim_config *cfg);
void sim_free(sim *s);
/* Feeds one event (cycle already rebased by the caller); false with msg on a model error. */
bool sim_event(sim *s, const tr_event *ev, uint64_t now, char *msg, size_t msglen);
/* Ends a replay: frees every wavefront still resident at time now. */
void sim_end_pass(sim *s, uint64_t now);
/* Results, after the last pass. */
void sim_collect(const sim *s, sim_scheme k, sim_result *out);
/* Average fraction of time bit position p holds 0, 1, is off (Fig. 12), per scheme. */
void sim_bit_profile(const sim *s, sim_scheme k, double (*prof)[3]);
const sim_stats *sim_get_stats(const sim *s);
sim_stats *sim_stats_mut(sim *s);

/* The whole run on a trace file: passes, rebased time, automatic repeat. false with msg
 * ("file:line: message") on a reader or model error. */
bool sim_run_file(sim *s, const char *path, char *msg, size_t msglen);

#endif
