/* SPDX-License-Identifier: Apache-2.0 */
/* What the trace-evaluation commands `deltarf sim` (aging paper Section 6) and `deltarf patch`
 * (dc-patch paper Section V-A) share on the command line: usage errors, decimal option values,
 * JSON strings in their --json reports. */
#ifndef CLI_EVALCLI_H
#define CLI_EVALCLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Prints "PROG: problem 'arg'; usage: SYNOPSIS" (arg may be NULL) on stderr; returns 2. */
int ec_usage(const char *prog, const char *synopsis, const char *problem, const char *arg);
/* A decimal number 0..max, digits only; false otherwise. */
bool ec_u64(const char *s, uint64_t max, uint64_t *out);
/* Writes s as a JSON string: quoted, with '"', '\\' and control characters escaped (other
 * bytes as they are). */
void ec_json_string(FILE *f, const char *s);

#endif
