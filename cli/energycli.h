/* SPDX-License-Identifier: Apache-2.0 */
/* One technique's energy and time from deltarf compare's run (docs/compare.md, decision 17): the
 * section deltarf pilot (pilot paper Sec. V, Fig. 11) and deltarf patch (dc-patch Sec. V-A3,
 * Fig. 8) print beside their paper figures, and compare's JSON rows. */
#ifndef CLI_ENERGYCLI_H
#define CLI_ENERGYCLI_H

#include <stdbool.h>
#include <stdio.h>

#include "eval/compare/compare.h"

/* A number in JSON (null when not finite). */
void en_json_number(FILE *f, double v);
/* A row's axes as JSON members "axis": number|null, then "na": {axis: reason} (no braces). */
void en_json_axes(FILE *f, const cmp_row *r);

/* compare's run on src (opened to be read again) under cfg, in a context of its own kept in
 * *ctx (the caller frees it, NULL on failure); false with "prog: message" on stderr. */
bool en_run(const char *prog, const tr_source *src, const cmp_config *cfg, cmp_ctx **ctx,
            cmp_result *out);
/* A source for path to read again ("-" kept); false with "prog: message" on stderr. */
bool en_source(const char *prog, const char *path, tr_source *src);
/* The section as text: technique t's row (row) against the baseline's. */
void en_text(const cmp_result *r, const cmp_row *row);
/* ... and as the JSON member "energy": {...} (no comma around it); extra: members written
 * before the rows' (NULL: none), e.g. the Pilot RF's FRF_low share. */
void en_json(FILE *f, const cmp_result *r, const cmp_row *row, const char *extra);

#endif
