/* SPDX-License-Identifier: Apache-2.0 */
/* The issue model under every evaluation (docs/timeline.md): wavefronts on issue units (a GCN
 * SIMD issues one vector instruction every 4 cycles, aging paper Table 4, dc-patch Section
 * II-A), each instruction ready at its wavefront's previous issue plus the trace's recorded gap
 * plus the latency a technique adds; several techniques run in lockstep on one event stream. */
#ifndef DRF_TIMELINE_H
#define DRF_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/trace/trace.h"

enum { TL_MAX_TECHS = 8, TL_MAX_UNITS = TR_MAX_CU * TR_SIMDS, TL_NO_WINDOW = 0xFFFFu };

/* The latencies the papers give the model (docs/timeline.md). */
#define TL_GCN_ISSUE_CYCLES 4 /* between two vector issue slots of a GCN SIMD (aging Table 4) */
#define TL_DCP_DEC_STAGES 1   /* DC-Patch's Dec stage: cycles a source operand comes later (IV-C) */
#define TL_DCP_COM_STAGES 1   /* its Com stage: cycles a result is written later (IV-C, Fig. 4) */
#define TL_DCP_MISP_STALL 4   /* cycles the pipeline stalls on a compression misspeculation (IV-C) */
#define TL_LDS_LATENCY 64     /* an LDS load: a spilled register's read (ours: the paper gives none) */
#define TL_PV_SLOW_EXTRA 1    /* a slow (two-cycle) virtual bank's access (PV 3.2.3) */

/* The GPU the instructions issue on. */
typedef struct {
    unsigned units;       /* issue units (1..TL_MAX_UNITS) */
    unsigned slot_cycles; /* cycles between two issue slots of a unit (GCN SIMD: 4) */
} tl_gpu;

/* What a technique adds to the instruction of one event (R or W line). */
typedef struct {
    uint16_t latency; /* cycles before the wavefront's next instruction can be ready: an
                       * instruction's latency is the largest of its events' (the slowest
                       * operand), not their sum */
    uint16_t slots;   /* issue slots of the unit taken besides the instruction's own (a
                       * special MOV, an LDS load, a pipeline stall), summed over its events */
} tl_cost;

typedef struct tl tl;

/* A timeline for up to TL_MAX_TECHS techniques; NULL when out of memory. */
tl *tl_new(void);
/* Empty, for techs techniques (1..TL_MAX_TECHS) on gpu: reused from one trace to the next. */
void tl_reset(tl *t, unsigned techs, const tl_gpu *gpu);
void tl_free(tl *t);

/* One event, in replay order (cycles never decrease): ev->cycle is its recorded (replay) cycle,
 * unit its issue unit, window its register window on that unit (TL_NO_WINDOW: the wavefront
 * waits for no window: its A is ready at its cycle), cost[k] what technique k adds (NULL: nothing
 * for any). Events of one wavefront with one cycle form one instruction (R lines, then W lines);
 * the W lines at a wavefront's A cycle (its launch values) belong to no instruction. false with
 * msg on an event of an unknown wavefront, a second A, or out of memory. */
bool tl_event(tl *t, const tr_event *ev, unsigned unit, unsigned window, const tl_cost *cost,
              char *msg, size_t len);

/* Shown every issue of technique 0 (the baseline): an instruction at cycle on unit, with its
 * source operands as accesses (instruction true), then each of its results (false). false
 * stops the event (out of memory). */
typedef bool (*tl_observer)(void *ctx, unsigned unit, uint64_t cycle, unsigned accesses,
                            bool instruction);
void tl_set_observer(tl *t, tl_observer fn, void *ctx);

/* Cycles from the first A to the last F under technique k (0 before any F). */
uint64_t tl_cycles(const tl *t, unsigned k);
/* Instructions issued (the same for every technique) and issue slots taken under k. */
uint64_t tl_instructions(const tl *t);
uint64_t tl_slots(const tl *t, unsigned k);
/* Wavefronts live now. */
size_t tl_live(const tl *t);

#endif
