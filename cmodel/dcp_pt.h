/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the DC-Patch Patching Table (dc-patch paper Section IV-B; the
 * deallocation walk of Section IV-D): DRF_REGS rows of v, c, m, entry, blk; three read ports,
 * one write port and a walk that releases and invalidates a finished wavefront's window. */
#ifndef DELTARF_DCP_PT_H
#define DELTARF_DCP_PT_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

DRF_STATIC_ASSERT(DRF_PT_ROW_BITS == 3 + DRF_PT_ENTRY_BITS + DRF_BLK_BITS,
                  "a PT row is v, c, m, entry and blk");
DRF_STATIC_ASSERT(DRF_PT_ENTRY_BITS >= DRF_REG_BITS, "entry_pt addresses any slice entry");
DRF_STATIC_ASSERT(DRF_PT_ENTRY_BITS <= 8 && DRF_BLK_BITS <= 8, "entry and blk fit in a byte");

/* window size n is 1..DRF_REGS, so it takes one bit more than a register address */
enum { DCP_PT_N_BITS = DRF_REG_BITS + 1, DCP_PT_N_MASK = (1 << DCP_PT_N_BITS) - 1 };

/* One PT row. An invalid row reads as all zero on every port. */
typedef struct {
    bool v;        /* valid: the register has a patch */
    bool c;        /* c_pt: compressed */
    bool m;        /* spilled: entry is the LDS spill-partition offset */
    uint8_t entry; /* entry_pt: slice entry of the patch (DRF_PT_ENTRY_BITS) */
    uint8_t blk;   /* blk_pt: block of a compressed register within its entry */
} dcp_pt_row;

typedef struct {
    bool rst;
    uint8_t src0, src1, dest; /* read ports: physical registers */
    bool we;                  /* write port, driven by the PSU when a patch changes */
    uint8_t waddr;
    dcp_pt_row wrow;
    bool dealloc;             /* a wavefront finished: walk its window */
    uint8_t reg_base;
    uint16_t n;               /* DCP_PT_N_BITS bits */
} dcp_pt_in;

typedef struct {
    dcp_pt_row src0, src1, dest;
    dcp_pt_row rel;    /* patch released by the walk this cycle; rel.v is rel_valid */
    bool busy;         /* walking: one row of the window per cycle */
    bool err_busy;     /* dealloc while busy: refused */
    bool err_window;   /* dealloc of n == 0 or a window past the slice: refused */
    bool err_conflict; /* the write port writes the row the walk visits: the write wins */
} dcp_pt_out;

typedef struct {
    dcp_pt_row row[DRF_REGS];
    uint8_t ptr;   /* row the walk visits this cycle */
    uint16_t left; /* rows left to visit, ptr's included; 0: idle */
} dcp_pt_state;

/* Reset: every row invalid, no walk. */
void dcp_pt_reset(dcp_pt_state *s);
/* A row as the ports show it: all zero when invalid. */
dcp_pt_row dcp_pt_read(const dcp_pt_state *s, uint8_t addr);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void dcp_pt_step(dcp_pt_state *s, const dcp_pt_in *in, dcp_pt_out *out);

DRF_END_DECLS

#endif
