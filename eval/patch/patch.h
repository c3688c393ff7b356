/* SPDX-License-Identifier: Apache-2.0 */
/* DC-Patch on real traces (dc-patch paper Sections III and V-A, Figs. 2, 3, 5 and 6): streams
 * a trace's writes and reads through the cycle-level slice model (cmodel/dcp_slice.h) on seeded
 * Table 1 fault maps and checks that every read returns the last value written. */
#ifndef DRF_EVAL_PATCH_H
#define DRF_EVAL_PATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dcp_slice.h"
#include "eval/trace/dispatch.h"
#include "faultmap.h"
#include "eval/trace/place.h"
#include "eval/trace/trace.h"

/* Fig. 3: an entry is reliable or faulty and holds uncompressed or compressed registers. */
enum { PA_REL_UNC, PA_REL_COMP, PA_FLT_UNC, PA_FLT_COMP, PA_CATS };
/* Where a register is counted for Fig. 3: its DC-Patch placement, or the entry of its own
 * window slot (the conventional register file of the paper's Section III). */
enum { PA_PLACED, PA_CONVENTIONAL, PA_LAYOUTS };

typedef struct {
    enum fm_scenario scenario;
    uint64_t seed;
    unsigned maps;          /* fault maps per slice: passes over the whole trace */
    pl_policy map;          /* placement of wavefronts on slices (eval/trace/place.h) */
    uint64_t inject_after;  /* test hook: after this many writes of a slice, every block of it
                             * turns faulty without a reset (0: never); see docs/eval-patch.md */
    uint64_t mem_budget;    /* bytes of held lines of waiting wavefronts kept in memory */
    const char *progress;   /* program name for the progress line on stderr; NULL: none */
    bool unchecked;         /* deltarf compare (speed): no read checked against the last value
                             * written, no Fig. 3 sampling: lost, first_loss, lanes_mismatch,
                             * compressible, occ, alloc and span stay zero */
} pa_config;

/* The first read that did not return the last value written. */
typedef struct {
    unsigned long line;     /* trace line of the R */
    uint64_t wf;
    unsigned vreg, lane, map;
    uint32_t expected, got;
} pa_loss;

/* Sums over every slice and map of a run (fractions are formed by the reader). */
typedef struct {
    uint64_t events, writes, launch_writes, reads, divergent;
    uint64_t ev[DCP_EV_KINDS];   /* normal, patched to faulty, patched to reliable, LDS */
    uint64_t misp, compressed, compressible;
    uint64_t lds_reads;          /* reads of a register spilled to the LDS (Section V-A2) */
    uint64_t lost, dropped, lanes_mismatch; /* lost reads, dropped writes, trace lanes */
    uint64_t slice_cycles;       /* cycles the slice models ran */
    unsigned slices, lds_peak;   /* slices used per map; most LDS slots in use at once */
    unsigned lds_cu_peak;        /* most LDS slots in use at once by the slices of one CU */
    double occ[PA_LAYOUTS][PA_CATS]; /* entry x trace-cycles in each Fig. 3 category */
    double alloc, span;          /* allocated entry x cycles; DRF_REGS x cycles of the slices */
    pa_loss first_loss;          /* valid when lost > 0 */
    bool no_values;              /* the trace carries no register values (an Accel-Sim trace) */
    ds_stats dispatch;           /* wavefronts that waited for a slot (one pass) */
} pa_stats;

/* One pass over the trace on fault map `map` (0 .. cfg->maps - 1) of every slice, from a reader
 * the caller opened (and closes); adds into *st (zero it first); name is used in messages.
 * Holds only the live state: the slices' models, their last-value scoreboards, the live
 * wavefronts. false with a one-line message in err on a bad trace, a wavefront that does not
 * fit, or a model that stops answering. */
bool pa_run_pass(tr_reader *r, const char *name, const pa_config *cfg, unsigned map,
                 pa_stats *st, char *err, size_t errlen);
/* A pass fed one placed event at a time by a caller that runs the dispatch (pa_run_pass,
 * deltarf compare: one dispatch, several fault-map scenarios). pa_pass_new keeps cfg and st
 * (NULL when out of memory); pa_pass_begin before each pass on fault map `map`; pa_pass_feed
 * takes each event in replay order; pa_pass_end runs the slices out and records the
 * dispatch's statistics. false with a one-line message in err. */
typedef struct pa_pass pa_pass;
pa_pass *pa_pass_new(const pa_config *cfg, pa_stats *st);
void pa_pass_begin(pa_pass *ps, unsigned map);
bool pa_pass_feed(pa_pass *ps, const ds_item *it, const char *name, char *err, size_t errlen);
/* Speed only: the caches asked for what feeding `it` will read (called an event ahead). */
void pa_pass_prefetch(const pa_pass *ps, const ds_item *it);
bool pa_pass_end(pa_pass *ps, const char *name, const ds_stats *ds, char *err, size_t errlen);
void pa_pass_free(pa_pass *ps);
/* cfg->maps passes over the trace file, each on new maps; the same over a source the caller
 * opened (to read again: deltarf patch's energy, docs/eval-patch.md decision 10). */
bool pa_run_source(const tr_source *src, const pa_config *cfg, pa_stats *st, char *err,
                   size_t errlen);
bool pa_run_file(const char *path, const pa_config *cfg, pa_stats *st, char *err, size_t errlen);


#endif
