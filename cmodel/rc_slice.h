/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the RC slice wrapper (aging paper Sections 2.1 and 5.1): 256
 * registers x 64 components, one write port (4 subwavefronts), two read ports, the
 * compression table, one compression and two decompression units, power gating per
 * register, and the special MOV ahead of a divergent write to a compressed register. */
#ifndef DELTARF_RC_SLICE_H
#define DELTARF_RC_SLICE_H

#include "drf_api.h"
#include "rc_compress.h"
#include "rc_ctable.h"

DRF_BEGIN_DECLS

enum { RC_READ_PORTS = 2, RC_PG_WORDS = DRF_REGS / 64 };

typedef struct {
    bool rst;
    bool wr_start;      /* a write to wr_reg with exec mask wr_mask starts; data follows */
    uint8_t wr_reg;
    uint64_t wr_mask;   /* not all ones: divergent */
    uint32_t wr_data[DRF_SW_LANES]; /* subwavefront of the write in its data cycles */
    bool rd_en[RC_READ_PORTS];
    uint8_t rd_reg[RC_READ_PORTS];
    uint8_t rd_sw[RC_READ_PORTS];
} rc_slice_in;

typedef struct {
    bool rd_valid[RC_READ_PORTS]; /* registered: the read asked for in the previous cycle */
    uint32_t rd_data[RC_READ_PORTS][DRF_SW_LANES];
    uint8_t wr_phase;   /* 0 idle, 1..4: subwavefront 0..3 of the write expected now */
    bool wr_overlap;    /* wr_start while a write still has data to come: ignored */
    bool mov;           /* special MOV: divergent write to a compressed register */
    bool wake;          /* the write switches its powered-off register back on */
    uint64_t pg[RC_PG_WORDS]; /* 1 = register on */
} rc_slice_out;

typedef struct {
    uint32_t mem[DRF_REGS][DRF_COMPONENTS];
    uint64_t pg[RC_PG_WORDS];
    rc_ctable_state table;
    rc_compress_state cu;
    uint8_t wr_phase, wr_reg;
    uint64_t wr_mask;
    bool wr_mov;
    bool rd_valid[RC_READ_PORTS];
    uint32_t rd_data[RC_READ_PORTS][DRF_SW_LANES];
} rc_slice_state;

/* What a switched-off component holds: recognisable, and never an Eq. (2) pattern. */
static inline uint32_t rc_poison(unsigned reg, unsigned comp)
{
    return 0xDEAD0000u | (reg & 0xFFu) << 8 | ((comp ^ 0xA5u) & 0xFFu);
}

/* Reset: FSM idle, table invalid, every register on. The array itself is not reset. */
void rc_slice_reset(rc_slice_state *s);
/* Outputs of this cycle, then the clock edge. */
void rc_slice_step(rc_slice_state *s, const rc_slice_in *in, rc_slice_out *out);

DRF_END_DECLS

#endif
