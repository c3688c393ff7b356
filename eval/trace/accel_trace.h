/* SPDX-License-Identifier: Apache-2.0 */
/* Reader of NVIDIA traces in Accel-Sim's format (a kernel's .traceg, or a kernelslist.g naming
 * them; docs/accel-trace.md): the same A / R / W / F events as the deltarf traces, without
 * register values. Used by eval/trace/trace.c, which finds the format from a trace's first line, so
 * every trace verb reads both through tr_open and tr_next. */
#ifndef DRF_ACCEL_TRACE_H
#define DRF_ACCEL_TRACE_H

#include <stdint.h>

#include "eval/trace/trace.h"

typedef enum { AC_NONE, AC_KERNEL, AC_LIST } ac_kind;
typedef struct ac_reader ac_reader;

/* What a trace's first line says it is: a kernel trace ("-kernel name = ..."), a kernelslist
 * ("MemcpyHtoD,...", "MemcpyDtoH,...", "kernel..."), or neither. */
ac_kind ac_detect(const char *first_line);
/* Reads the rest of r as that kind, first_line (r's first line, just read) included; NULL on
 * an error (r's error set). */
ac_reader *ac_open(tr_reader *r, ac_kind kind, char *first_line);
/* Next event: 1, 0 at a clean end, -1 on an error (set on the tr_reader). */
int ac_next(ac_reader *a, tr_event *ev);
/* The file and line of the last event returned (a kernel trace's, for a kernelslist). */
const char *ac_where(const ac_reader *a, unsigned long *line);
/* Bytes read and decoded so far over the kernelslist and its kernels; raw is scaled to the
 * kernelslist's own size (the progress line's percentage of the file). */
void ac_progress(ac_reader *a, uint64_t *raw, uint64_t *decoded);
void ac_close(ac_reader *a);

#endif
