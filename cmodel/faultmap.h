/* SPDX-License-Identifier: Apache-2.0 */
/* Fault maps of DC-Patch (dc-patch paper Section II-B, Table 1): a seeded generator for the
 * common, clustered and dispersed scenarios under the ECP rule, and a strict reader and a
 * writer of the fault-map file format (DRF_REGS lines of 4 block bits, '#' comments). */
#ifndef DELTARF_FAULTMAP_H
#define DELTARF_FAULTMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

enum { FM_BLOCKS = DRF_SUBWAVEFRONTS, FM_BIT_CLASSES = 5 /* 0, 1, 2, 3, >=4 faulty bits */ };

/* 64-bit words of a map packed one bit per block (fm_pack). */
enum { FM_WORDS = DRF_REGS * FM_BLOCKS / 64 };

enum fm_scenario { FM_COMMON, FM_CLUSTERED, FM_DISPERSED, FM_SCENARIOS };

typedef struct {
    uint8_t faulty[DRF_REGS]; /* bit b set: block b of the entry is faulty */
} fm_map;

/* Parses "common" / "clustered" / "dispersed"; false when unknown. */
bool fm_scenario_parse(const char *name, enum fm_scenario *out);
const char *fm_scenario_name(enum fm_scenario s);
/* Table 1 percentages of entries with 0, 1, 2, 3 and >=4 faulty bits. */
const uint8_t *fm_table1_percent(enum fm_scenario s);

/* ECP rule: fewer than 2 faulty bits is reliable; i faulty bits give i faulty blocks, 4+ all. */
unsigned fm_faulty_blocks(unsigned faulty_bits);

/* Seeded generator: Table 1's entry counts exactly (largest remainder over DRF_REGS entries),
 * faulty blocks uniform within an entry; clustered places faulty entries in runs. */
void fm_generate(enum fm_scenario s, uint64_t seed, fm_map *m);

/* Reader: on error returns false and writes "LINE: message" into err. */
bool fm_read(FILE *f, fm_map *m, unsigned *err_line, char *err, size_t err_len);
void fm_write(FILE *f, const fm_map *m, const char *comment);

bool fm_entry_reliable(const fm_map *m, unsigned entry);
/* The map as the PSU and the slice load it: bit FM_BLOCKS * entry + block, 1 = faulty. */
void fm_pack(const fm_map *m, uint64_t words[FM_WORDS]);

DRF_END_DECLS

#endif
