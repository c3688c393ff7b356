/* SPDX-License-Identifier: Apache-2.0 */
/* The PV/NBTI banked-RF record verbs of deltarf (pv-nbti-banked-rf paper Sections 3.3.1, 4.2.1,
 * 4.2.2): pvorg (kernel-level re-organization), rename (block-level renaming), bank (Eq. 3
 * bank renamed). Each parses the current record and writes its answer; false on bad input. */
#ifndef CLI_PVCLI_H
#define CLI_PVCLI_H

#include <stdbool.h>
#include <stdio.h>

#include "lineread.h"

bool pvorg_record(lr_reader *r, FILE *out);
bool rename_record(lr_reader *r, FILE *out);
bool bank_record(lr_reader *r, FILE *out);

#endif
