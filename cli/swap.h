/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf swap: the swapping-table sequence of the pilot register file (pilot paper Section
 * III-B, Figs. 6-7) for a compiler top-n and a pilot top-n, one record per line. */
#ifndef CLI_SWAP_H
#define CLI_SWAP_H

#include <stdbool.h>
#include <stdio.h>

#include "lineread.h"

/* One record "<compiler top-n> ; <pilot top-n>": writes the three tables (after reset, after
 * the compiler's top-n, after the pilot's), a blank line after them; false (message set) on
 * bad input. */
bool swap_record(lr_reader *r, FILE *out);

#endif
