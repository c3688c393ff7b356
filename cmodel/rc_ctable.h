/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the RC compression table (aging paper Section 5.1.1):
 * DRF_REGS entries of v, C0, log2(De), log2(Db); one write port, two entry read ports
 * and a valid-bit read port for the write side. An invalid entry reads as all zero. */
#ifndef DELTARF_RC_CTABLE_H
#define DELTARF_RC_CTABLE_H

#include "drf_api.h"
#include "rc_delta.h"

DRF_BEGIN_DECLS

typedef struct {
    bool rst;
    bool we;        /* write (v = 0 invalidates) */
    uint8_t waddr;
    rc_entry wentry;
    uint8_t ra, rb; /* entry read ports, for the two decompression units */
    uint8_t rw;     /* valid-bit read port, for the write port */
} rc_ctable_in;

typedef struct {
    rc_entry ea, eb;
    bool vw;
} rc_ctable_out;

typedef struct {
    rc_entry entry[DRF_REGS];
} rc_ctable_state;

void rc_ctable_reset(rc_ctable_state *s);
/* The entry as the read ports show it: all zero when invalid. */
rc_entry rc_ctable_read(const rc_ctable_state *s, uint8_t addr);
void rc_ctable_step(rc_ctable_state *s, const rc_ctable_in *in, rc_ctable_out *out);

DRF_END_DECLS

#endif
