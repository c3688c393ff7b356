/* SPDX-License-Identifier: Apache-2.0 */
/* What eval/trace/trace.c lends the Accel-Sim reader (eval/trace/accel_trace.c): its line reader (over the
 * xz decoding thread or plain text), its error and warning reporting and its number parsers.
 * One line layer for both formats: a trace's bytes are read and decoded in one place. */
#ifndef DRF_TRACE_INTERNAL_H
#define DRF_TRACE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/trace/trace.h"

/* The next line without its '\n' in *line, *len bytes (the reader's buffer, NUL-terminated;
 * the caller may write into it until the next call): 1 line, 0 end of input, -1 error
 * (tr_error). */
int tri_line(tr_reader *r, char **line, size_t *len);
/* The line number of the last line read. */
unsigned long tri_lineno(const tr_reader *r);
/* The trace's name in messages. */
const char *tri_name(const tr_reader *r);
/* Sets the error "name:line: message" (the last line read); returns -1. */
int tri_fail(tr_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets the error to msg as it is (an error of another reader, already located); returns -1. */
int tri_set_error(tr_reader *r, const char *msg);
/* Reports the warning "name:line: warning: message" (the last line read unless line is not 0)
 * through the reader's warning consumer (tr_set_warn). */
void tri_warn(tr_reader *r, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Gives the reader's warning consumer to another reader. */
void tri_share_warn(const tr_reader *from, tr_reader *to);
/* The path of the regular file the reader reads, NULL for standard input or a buffer. */
const char *tri_path(const tr_reader *r);
/* Bytes of the file behind the reader (its buffer for tr_open_mem), 0 when unknown. */
uint64_t tri_file_size(const tr_reader *r);
/* The reader's own bytes read and decoded (tr_progress without the Accel-Sim kernels). */
void tri_own_progress(const tr_reader *r, uint64_t *raw, uint64_t *decoded);

/* Number fields (the deltarf reader's parsers): a decimal number <= max with no sign; exactly
 * `digits` hex digits ending the string. */
bool tri_parse_dec(const char *s, uint64_t max, uint64_t *out);
bool tri_parse_hex(const char *s, size_t digits, uint64_t *out);

#endif
