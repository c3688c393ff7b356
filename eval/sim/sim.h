/* SPDX-License-Identifier: Apache-2.0 */
/* Architecture-level replay of a register trace on 256-register slices (aging paper Sections
 * 2.1, 5 and 6): the schemes baseline, RAR, RC, RC+RAR, Warped-Compression and ARGO, with
 * bit-parallel duty-cycle accounting, NBTI dVth (Eq. 3) and Table 2 energy. docs/eval-decisions.md */
#ifndef DRF_EVAL_SIM_H
#define DRF_EVAL_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/trace/dispatch.h"
#include "drf_energy.h"
#include "drf_params.h"
#include "eval/trace/place.h"
#include "rar.h"
#include "eval/timeline/timeline.h"
#include "eval/trace/trace.h"

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
/* The lifetime of Sec. 6.4 (years; data/papers/reproduction.tsv aging.lifetime), over which a
 * scheme's switching-delay (Ts) increase is computed by the one ageing law (pv_ts_increase). */
#define SIM_LIFETIME_YEARS DRF_PAPER_AGING_LIFETIME

typedef struct sim sim;

/* How the repetitions of the kernel reach the slices (docs/eval-decisions.md, decision 6a). */
typedef enum {
    SIM_PASSES, /* back to back on the trace's 32 CUs, folded from one replay */
    SIM_STREAM, /* at once on the GPU's CUs (Table 4's 10): wavefronts stream into windows as they
                 * free */
    SIM_FILL,   /* the copies that fill a slice (Table 5's rule) at once on the trace's 32 CUs,
                 * then back to back through every rotation, folded (decision 6b) */
    SIM_DISPATCHES
} sim_dispatch;

const char *sim_dispatch_name(sim_dispatch d);
bool sim_dispatch_parse(const char *name, sim_dispatch *d);

typedef struct {
    pl_policy map;       /* placement of wavefronts on slices (eval/trace/place.h) */
    sim_dispatch dispatch;
    unsigned repeat;     /* repetitions of the trace; 0: automatic (docs) */
    unsigned schemes;    /* mask of sim_scheme */
    uint64_t mem_budget; /* bytes of held lines of waiting wavefronts kept in memory */
    const char *progress;/* program name for the progress line on stderr; NULL: none */
    bool untimed;        /* no per-scheme CPU clock on reads and writes (its seconds unused) */
    bool no_cells;       /* no cell times (8 KB a register and plane): every duty cycle 0, the
                          * counts, energies and timing kept (deltarf pilot and patch, which
                          * report no ageing; docs/compare.md decision 17) */
    const gpu_config *gpu; /* the slices' GPU (pl_gpu_check'ed): stream dispatch's compute units,
                            * the issue model's slot cycles; NULL: PL_GPU_DEFAULT */
} sim_config;

/* Results of one scheme (all fractions of the busy time, 0..1). */
typedef struct {
    uint64_t writes, reads, compressed_writes, compressed_reads, wakeups, movs;
    double longest[2];         /* longest '0' and '1' duty cycle over every cell */
    double longest_other[2][2];/* for the cell of longest[v]: its [0] time holding !v, [1] off */
    double dvth[2];            /* normalised dVth of the worst T0 and T1 */
    uint64_t cycles;           /* one pass on the issue model (docs/timeline.md) */
    double perf_overhead;      /* its cycles over the baseline's - 1 */
    double ts_increase;        /* Ts increase of the cell stressed longest, SIM_LIFETIME_YEARS */
    double reg_longest[2][DRF_REGS]; /* per register: longest '0' / '1' over its cells */
    double energy[6];          /* pJ: SIM_E_* */
    double seconds;            /* CPU time spent in this scheme's event handlers (sampled) */
} sim_result;

enum { SIM_E_SLICE_LEAK, SIM_E_SLICE_DYN, SIM_E_LOGIC_LEAK, SIM_E_LOGIC_DYN, SIM_E_WAKEUP,
       SIM_E_TOTAL };

/* Statistics of the run that do not depend on the scheme. */
typedef struct {
    uint64_t events, writes, launch_writes, reads, wavefronts; /* x the repetitions */
    uint64_t replayed;           /* events of the one replay (the trace's, read once) */
    uint64_t pat_all[SIM_PATS];  /* instruction writes by class (launch values apart) */
    uint64_t pat_full[SIM_PATS]; /* full-mask instruction writes (divergent stays 0) */
    unsigned repeat, slices_used, nvregs_min, nvregs_max;
    unsigned copies;             /* of the trace launched at once (stream and fill dispatch) */
    bool no_values;              /* the trace carries no register values (an Accel-Sim trace) */
    unsigned cus;                /* compute units the slices belong to */
    unsigned slots;              /* wavefronts a slice holds (Table 5 rule) for nvregs_max */
    double busy_cycles;          /* summed over slices */
    double mean_resident;        /* time-weighted wavefronts per busy slice */
    double reader_seconds;
    ds_stats dispatch;           /* wavefronts that waited for a slot (one replay) */
} sim_stats;

sim *sim_new(const sim_config *cfg);
/* The simulator as sim_new(cfg) leaves it, touching only the slices the last run used (a run
 * context reused from one trace to the next: deltarf compare, its fuzz target). */
void sim_reset(sim *s, const sim_config *cfg);
void sim_free(sim *s);
/* Feeds one placed event (cycle already rebased by the caller); false with msg when out of
 * memory. */
bool sim_event(sim *s, const ds_item *it, uint64_t now, char *msg, size_t msglen);
/* After the replay: the figures of R back-to-back repetitions of it, pass k shifted by k x
 * length cycles (eval/sim/sim_fold.c); false when out of memory. */
bool sim_fold(sim *s, unsigned repeat, uint64_t length);
/* Results, after the last pass. */
void sim_collect(const sim *s, sim_scheme k, sim_result *out);
/* Average fraction of time bit position p holds 0, 1, is off (Fig. 12), per scheme. */
void sim_bit_profile(const sim *s, sim_scheme k, double (*prof)[3]);
const sim_stats *sim_get_stats(const sim *s);
sim_stats *sim_stats_mut(sim *s);

/* The replay fed by a caller that runs the dispatch (sim_run_file, deltarf compare): each
 * placed event in replay order, time rebased to f->base + cycle - the first event's cycle
 * (zero-initialise f, set base). false with msg ("file:line: message"). */
typedef struct {
    uint64_t base, first, last;
    bool started;
} sim_feed_state;
bool sim_feed(sim *s, sim_feed_state *f, const ds_item *it, const char *path, char *msg,
              size_t len);
/* The replay's time of a cycle fed: f->base + cycle - the first event's cycle. */
uint64_t sim_feed_time(const sim_feed_state *f, uint64_t cycle);
/* Speed only: the caches asked for the cells a W will change (called an event ahead; the
 * event's wavefront placed already, as it is for every W). */
void sim_prefetch(const sim *s, const ds_item *it);
/* What the last event fed costs scheme k's instruction on the issue model (docs/timeline.md):
 * a wake-up's 10 cycles on its result, a special MOV's issue slot (aging Sec. 5.1.3). */
tl_cost sim_event_cost(const sim *s, sim_scheme k);
/* After one replay fed by the caller on the trace's compute units: the dispatch's statistics,
 * the repetitions folded (cfg.repeat, 0: automatic, decision 6: every window through all its
 * rotations) and the run's closing figures; t0: sim_clock() at the start. false with msg
 * ("name: message") when the repetitions do not fit the cycle counters or memory is short. */
bool sim_feed_end(sim *s, const sim_feed_state *f, const ds_stats *ds, double t0,
                  const char *name, char *msg, size_t len);
/* CPU seconds of the process (the clock of the per-scheme handler times). */
double sim_clock(void);

/* The whole run on a trace file, read once: rebased time, automatic repeat, repetitions
 * folded. false with msg ("file:line: message") on a reader or model error. */
bool sim_run_file(sim *s, const char *path, char *msg, size_t msglen);

#endif
