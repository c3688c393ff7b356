/* SPDX-License-Identifier: Apache-2.0 */
/* What the trace-evaluation commands `deltarf sim` (aging paper Section 6) and `deltarf patch`
 * (dc-patch paper Section V-A) share on the command line: usage errors, decimal option values,
 * JSON strings in their --json reports. */
#ifndef CLI_EVALCLI_H
#define CLI_EVALCLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#include "eval/trace/dispatch.h"
#include "eval/gpu/gpu.h"

/* Prints "PROG: problem 'arg'; usage: SYNOPSIS" (arg may be NULL) on stderr; returns 2. */
int ec_usage(const char *prog, const char *synopsis, const char *problem, const char *arg);
/* A decimal number 0..max, digits only; false otherwise. */
bool ec_u64(const char *s, uint64_t max, uint64_t *out);
/* --buffer-mb: megabytes 0..65536 as bytes. */
bool ec_buffer_mb(const char *s, uint64_t *bytes);
/* The GPU of --gpu NAME|FILE, or the verb's default when arg is NULL (eval/gpu/gpu.h), checked by
 * check (NULL: none) as the verb needs it; false with "PROG: message" on stderr (exit 1). */
typedef bool (*ec_gpu_check)(const gpu_config *g, char *err, size_t len);
bool ec_gpu(const char *prog, const char *arg, const char *fallback, ec_gpu_check check,
            gpu_config *g);
/* The wavefronts that waited for a slot and the lines held for them, as one text line ... */
void ec_dispatch_text(const ds_stats *d, char *line, size_t len);
/* ... and as the JSON member "dispatch":{...} (no comma around it). */
void ec_dispatch_json(FILE *f, const ds_stats *d);

#endif
