/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate model of the RC compression unit (aging paper Section 5.1.1, Figs. 8-9,
 * Table 1): computing-deltas module and 5-state control FSM, one subwavefront per cycle,
 * plus the fast functional API (classify / compress one 64-component register). */
#ifndef DELTARF_RC_COMPRESS_H
#define DELTARF_RC_COMPRESS_H

#include "drf_api.h"
#include "rc_delta.h"

DRF_BEGIN_DECLS

/* FSM states of Fig. 9: enum rc_state, shared with the RTL (params.def). */

/* Inputs of one clock cycle. start announces a new destination register (the ALU starts
 * it); its subwavefronts C0-C15 .. C48-C63 arrive in sw_data in the 4 following cycles. */
typedef struct {
    bool rst;
    bool start;
    bool divergent; /* with start: the write is divergent, compression disabled */
    uint8_t dst;    /* with start: destination register */
    uint32_t sw_data[DRF_SW_LANES];
} rc_compress_in;

typedef struct {
    uint8_t state;
    bool w_en_delta, w_en_c, comp_deltas, final_st, w_en_st; /* Table 1 */
    bool compr;        /* computing-deltas module: this subwavefront is compressible */
    bool compr_final;  /* the final multiplexer: final_st ? compr : 0 */
    bool pg;           /* 0 switches the destination register off */
    uint8_t st_reg;    /* compression table entry written when w_en_st && compr_final */
    uint32_t st_c0;
    uint8_t st_log2de, st_log2db;
    uint8_t ref_log2de, ref_log2db; /* codes of this cycle's reference deltas (in deltas
                                     * C0-C15: of C1 - C0 and C8 - C0, i.e. of block 0) */
} rc_compress_out;

typedef struct {
    uint8_t state;
    uint8_t dst;
    uint32_t c0, de, db; /* buffers written by W_en_delta */
    uint32_t cprev;      /* buffer written by W_en_C: C_{i*8-8} for the next subwavefront */
} rc_compress_state;

void rc_compress_reset(rc_compress_state *s);
/* Outputs of this cycle: a function of the state and the subwavefront only (Moore FSM,
 * combinational datapath), so a wrapper may look at them before it decides on start. */
void rc_compress_eval(const rc_compress_state *s, const uint32_t sw_data[DRF_SW_LANES],
                      rc_compress_out *out);
/* The clock edge, from this cycle's inputs and the outputs rc_compress_eval gave. */
void rc_compress_clock(rc_compress_state *s, const rc_compress_in *in, const rc_compress_out *out);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void rc_compress_step(rc_compress_state *s, const rc_compress_in *in, rc_compress_out *out);

/* Fast functional API. */
enum rc_pattern { RC_PATTERN_OTHER = 0, RC_PATTERN_CONSTANT, RC_PATTERN_SINGLE,
                  RC_PATTERN_DOUBLE, RC_PATTERN_KINDS };
/* Compressible under Eq. (2) with legal deltas? Fills *e (v set) when it is. */
bool rc_compress_register(const uint32_t comp[DRF_COMPONENTS], rc_entry *e);
enum rc_pattern rc_classify(const uint32_t comp[DRF_COMPONENTS]);
const char *rc_pattern_name(enum rc_pattern p);

DRF_END_DECLS

#endif
