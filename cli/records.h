/* SPDX-License-Identifier: Apache-2.0 */
/* The record verbs of the RC and RAR models (aging paper Sections 5.1.1-5.2): each parses the
 * reader's current record and writes its result line; false (message set) on bad input. */
#ifndef CLI_RECORDS_H
#define CLI_RECORDS_H

#include <stdbool.h>
#include <stdio.h>

#include "drf_params.h"
#include "lineread.h"

/* The largest log2 code a decompress record takes (7: a zero delta). */
enum { RECORD_CODE_MAX = (1 << DRF_CODE_BITS) - 1 };

/* 64 hex words -> "C <C0> <log2de> <log2db>" or "U" */
bool compress_record(lr_reader *r, FILE *out);
/* "<C0> <log2de> <log2db>" -> the 64 components */
bool decompress_record(lr_reader *r, FILE *out);
/* "<reg_base> <N> <s> <index>" -> reg_phys (Fig. 11) */
bool rar_record(lr_reader *r, FILE *out);

#endif
