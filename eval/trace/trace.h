/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming reader of the deltarf vector-register traces (format v1: data/traces/README.md;
 * decisions: docs/trace-reader.md): A / W / R / F events from an xz (liblzma) or plain text
 * stream, validated line by line; the input of the aging paper's Section 5 evaluation. It reads
 * NVIDIA traces in Accel-Sim's format too, found from the first line (docs/accel-trace.md):
 * the same events, without register values (tr_has_values). */
#ifndef DRF_TRACE_H
#define DRF_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "drf_params.h"

#define TR_MAX_CU 32      /* compute units in the recorded GPU (cu 0-31) */
#define TR_SIMDS 4        /* SIMDs per compute unit */
#define TR_MAX_NVREGS DRF_REGS
#define TR_GCN_LANES DRF_COMPONENTS /* a deltarf (GCN) trace's wavefront: 64 work-items */
#define TR_NVIDIA_LANES 32          /* an Accel-Sim (NVIDIA) trace's warp: 32 threads */

typedef enum { TR_A = 'A', TR_W = 'W', TR_R = 'R', TR_F = 'F' } tr_kind;

typedef struct {
    tr_kind kind;
    uint64_t cycle;
    unsigned cu, simd;
    uint64_t wf;                      /* unique over the file */
    unsigned nvregs;                  /* A: vector registers the wavefront needs */
    unsigned vreg;                    /* W, R */
    uint64_t mask;                    /* W: exec mask, bit i = lane i active; R: the same where
                                       * the trace gives it (Accel-Sim), else 0 (deltarf) */
    uint32_t v[DRF_COMPONENTS];       /* W: the 64 components after the write */
    int launch;                       /* W: a launch value (the cycle of the wavefront's A) */
} tr_event;

typedef struct tr_reader tr_reader;

/* Opens a trace file (xz or plain text, by magic; "-": standard input, read once). NULL on
 * failure, with a one-line message in err. */
tr_reader *tr_open(const char *path, char *err, size_t errlen);
/* The same on an open file, which the reader closes (tr_close, or here on failure); name is
 * used in messages. */
tr_reader *tr_open_file(FILE *f, const char *name, char *err, size_t errlen);
/* The name of standard input in messages. */
#define TR_STDIN "<stdin>"

/* A trace that may be read more than once, by readers open at the same time: a file, or
 * standard input ("-"), which is then copied once into a temporary file when reread is asked.
 * name: the trace in messages (TR_STDIN for "-"). */
typedef struct {
    const char *path, *name;
    const void *buf;  /* a trace in memory (tr_source_mem), NULL when none */
    size_t len;
    char spool[4096]; /* the temporary file, "" when none */
} tr_source;
/* false, with a one-line message in err, when standard input cannot be kept. */
bool tr_source_init(tr_source *src, const char *path, bool reread, char *err, size_t errlen);
/* A trace in memory, kept alive by the caller while the source is used. */
void tr_source_mem(tr_source *src, const void *buf, size_t len, const char *name);
/* A reader from the start of the trace (tr_open's contract). */
tr_reader *tr_source_open(const tr_source *src, char *err, size_t errlen);
void tr_source_close(tr_source *src);
/* The same on a buffer the caller keeps alive until tr_close; name is used in messages. */
tr_reader *tr_open_mem(const void *buf, size_t len, const char *name, char *err, size_t errlen);
/* Next event: 1 with *ev filled, 0 at a clean end, -1 on an error (tr_error). */
int tr_next(tr_reader *r, tr_event *ev);
/* A consumer shown every event tr_next returns, in file order, before its caller sees it
 * (several evaluations on one read of the trace: deltarf compare). false with a one-line message
 * in msg stops the reader: tr_next returns -1 with "name:line: msg". */
typedef bool (*tr_tap_fn)(void *ctx, const tr_event *ev, char *msg, size_t msglen);
void tr_set_tap(tr_reader *r, tr_tap_fn fn, void *ctx);
/* Whether W events carry the register's values: false for an Accel-Sim trace (its W events
 * have zeros there), known from the first tr_next on. */
bool tr_has_values(const tr_reader *r);
/* The reason every figure that needs register values gives on a trace without them. */
#define TR_NO_VALUES "the trace carries no register values"
/* The lanes of the trace's wavefronts (its warp width): TR_GCN_LANES for a deltarf trace,
 * TR_NVIDIA_LANES for an Accel-Sim trace (its masks in the low 32 bits), known from the first
 * tr_next on (TR_GCN_LANES before). */
unsigned tr_lanes(const tr_reader *r);
/* A consumer of the reader's warnings, one line each: "name:line: warning: message". By
 * default (fn NULL) they go to standard error as "deltarf: <line>", each once per process. */
typedef void (*tr_warn_fn)(void *ctx, const char *msg);
void tr_set_warn(tr_reader *r, tr_warn_fn fn, void *ctx);
/* The error as "name:line: message" (empty before an error). */
const char *tr_error(const tr_reader *r);
/* The line number of the last event returned (an Accel-Sim trace's: in its kernel file). */
unsigned long tr_line(const tr_reader *r);
/* Bytes read from the file (compressed for xz) and bytes of trace text decoded so far. */
void tr_progress(const tr_reader *r, uint64_t *raw, uint64_t *decoded);
void tr_close(tr_reader *r);

#endif
