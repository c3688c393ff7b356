/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the DC-Patch slice wrapper (dc-patch paper Sections II-A and IV):
 * DRF_REGS entries x 4 blocks with stuck-at faulty blocks, the LDS spill partition, and the
 * PT, PSU, speculative Com unit (DRB) and two Dec units around one write and two read ports;
 * the Com unit in its own pipeline stage (Sec. IV-A) ahead of the write port. */
#ifndef DELTARF_DCP_SLICE_H
#define DELTARF_DCP_SLICE_H

#include "dcp_compress.h"
#include "dcp_decompress.h"
#include "dcp_pt.h"
#include "drf_api.h"
#include "faultmap.h"
#include "psu.h"

DRF_BEGIN_DECLS

DRF_STATIC_ASSERT((int)FM_WORDS == (int)PSU_WORDS, "fm_pack gives the PSU's fault-map words");
DRF_STATIC_ASSERT(DRF_LDS_SPILL_SLOTS % 64 == 0, "the LDS slot bitmap is whole 64-bit words");
DRF_STATIC_ASSERT(DRF_LDS_SPILL_SLOTS <= 1 << DRF_PT_ENTRY_BITS, "entry_pt addresses any slot");

enum { DCP_PORTS = 2, DCP_LDS_WORDS = DRF_LDS_SPILL_SLOTS / 64 };

/* enum dcp_kind, dcp_src and dcp_ev are shared with the RTL: params.def. */
enum { DCP_EV_KINDS = DCP_EV_SPILL + 1 };

typedef struct {
    bool rst;
    bool load_map;              /* fault map <- faulty (PSU and the array's stuck-at faults) */
    uint64_t faulty[PSU_WORDS]; /* bit 4e+b: block b of entry e is faulty */
    bool wr_start;              /* a write of wr_reg (PT row) under exec mask wr_mask starts */
    uint8_t wr_reg;
    uint64_t wr_mask;           /* not all ones: divergent */
    uint32_t wr_data[DRF_SW_LANES]; /* block k of the write, k + 1 cycles after wr_start */
    bool rd_start[DCP_PORTS];   /* a read of rd_reg: blocks 0..3 in the 4 following cycles */
    uint8_t rd_reg[DCP_PORTS];
    bool dealloc;               /* release and invalidate the window reg_base .. + n - 1 */
    uint8_t reg_base;
    uint16_t n;
} dcp_slice_in;

typedef struct {
    bool rd_valid[DCP_PORTS];
    uint8_t rd_blk[DCP_PORTS];
    uint32_t rd_data[DCP_PORTS][DRF_SW_LANES]; /* zero when !rd_valid */
    bool wr_busy;      /* a write is in flight (its blocks or the DRB replay) */
    bool stall;        /* DRB replay after a misprediction: the write port is stalled */
    bool wr_refused;   /* wr_start ignored */
    bool mov;          /* special MOV: a divergent write to a compressed register starts */
    bool err_lds_full; /* a write had to spill and found no LDS slot: it is dropped */
    bool err_rel;      /* a write ends with two releases due: one is lost (never happens) */
    bool psu_err;      /* the PSU's err: a release of a free or faulty block */
    bool dealloc_busy; /* the PT walks a window */
    bool err_dealloc;  /* dealloc ignored */
    bool relq_valid;   /* the release queue holds a release (drained this cycle) */
    uint64_t bitmap[PSU_WORDS];          /* the PSU bitmap, 1 = occupied or faulty */
    uint64_t lds_used[DCP_LDS_WORDS];    /* 1 = LDS slot holds a spilled register */
    bool ev_done;      /* a write ends: its PT row is written at this edge */
    uint8_t ev_kind;   /* with ev_done: enum dcp_ev */
    bool ev_misp;      /* with ev_done: the Com unit mispredicted, the DRB was replayed */
    bool ev_compressed; /* with ev_done: the register is stored compressed */
} dcp_slice_out;

/* Where a write goes: kind (DCP_NONE: dropped), source, entry (or LDS slot), block. */
typedef struct {
    uint8_t kind, src, entry, blk;
} dcp_place;

/* The write in flight, latched in its start cycle. */
typedef struct {
    uint8_t reg;
    uint64_t mask;
    dcp_pt_row old;             /* the register's PT row before the write */
    bool pc_v;                  /* preventive compressed patch taken, from PSU tier pc_tier */
    uint8_t pc_entry, pc_blk, pc_tier;
    bool pu_v;                  /* preventive uncompressed patch taken */
    uint8_t pu_entry;
    dcp_place place;            /* decided in the block-0 cycle, again on a misprediction */
    rc_decompress_in mov;       /* the old compressed block (C0, codes) for the special MOV */
    bool misp;
} dcp_wr;

typedef struct {
    bool v, c;
    uint8_t entry, blk;
} dcp_rel;

/* The Com stage's register: a start taken this cycle with its register and mask, and what
 * the Com unit decided on this cycle's block, seen by the write port one cycle later. */
typedef struct {
    bool ok, div, compr, misp, replay;
    uint8_t reg, replay_blk;
    uint64_t mask;
    uint8_t log2de, log2db;     /* the Com unit's block-0 codes (C0 is lane 0 of row) */
    uint32_t row[DRF_SW_LANES]; /* the write's block, or the DRB's in a replay */
} dcp_com_stage;

typedef struct {
    dcp_beats beats;            /* blocks 0..3 of the read in progress */
    uint8_t kind, entry;        /* of the register read */
    uint32_t data[DRF_SW_LANES]; /* array or LDS block read in the previous cycle */
    dcp_decompress_state dec;
} dcp_rdport;

typedef struct {
    uint32_t mem[DRF_REGS][DRF_SUBWAVEFRONTS][DRF_SW_LANES];
    uint32_t lds[DRF_LDS_SPILL_SLOTS][DRF_SUBWAVEFRONTS][DRF_SW_LANES];
    uint64_t faulty[PSU_WORDS];
    uint64_t lds_used[DCP_LDS_WORDS];
    dcp_pt_state pt;
    psu_state psu;
    dcp_compress_state com;
    dcp_com_stage x;            /* the Com stage's register */
    dcp_beats wb;               /* blocks of the write at the write port (a cycle after the Com) */
    dcp_wr wr;
    dcp_rel relq;
    dcp_rdport rd[DCP_PORTS];
} dcp_slice_state;

/* Reset: PT invalid, PSU fault-free and empty, no write, read or release; the slice array and
 * the LDS are not reset. A faulty slice needs load_map after reset. */
void dcp_slice_reset(dcp_slice_state *s);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void dcp_slice_step(dcp_slice_state *s, const dcp_slice_in *in, dcp_slice_out *out);

/* What a faulty block stores when w is written to lane j of block b of entry e: bit
 * (4e + b + j) mod 32 is stuck at (e + j) & 1. */
uint32_t dcp_stuck_at(unsigned e, unsigned b, unsigned j, uint32_t w);
/* How a PT row stores its register. */
enum dcp_kind dcp_row_kind(const dcp_pt_row *r);

DRF_END_DECLS

#endif
