/* SPDX-License-Identifier: Apache-2.0 */
/* JSON output shared by the benches' reports (tb/harness.c) and the CLI's --json reports
 * (cli/): one string writer, so every layer escapes the same way. */
#ifndef DRF_COMMON_JSON_H
#define DRF_COMMON_JSON_H

#include <stdio.h>

/* Writes s as a JSON string: quoted, with '"', '\\' and control characters escaped (other
 * bytes as they are). */
void json_string(FILE *f, const char *s);

#endif
