/* SPDX-License-Identifier: Apache-2.0 */
/* Bit-accurate models of RAR, Register Address Rotation (aging paper Section 5.2, Fig. 11;
 * register windows, reg_base and N of Section 2.1): the reg_phys datapath of Fig. 11 and
 * the window allocator of one slice that rotates s on every window reassignment. */
#ifndef DELTARF_RAR_H
#define DELTARF_RAR_H

#include <stdbool.h>
#include <stdint.h>

#include "drf_api.h"
#include "drf_params.h"

DRF_BEGIN_DECLS

/* N is 1..DRF_REGS, so it takes one bit more than a register address. */
enum { RAR_N_BITS = DRF_REG_BITS + 1, RAR_N_MASK = (1 << RAR_N_BITS) - 1 };

/* --- reg_phys datapath (Fig. 11), combinational ------------------------------------ */
typedef struct {
    uint8_t reg_base; /* first register of the window */
    uint16_t n;       /* window size N (RAR_N_BITS bits) */
    uint8_t s;        /* rotation of the window, 0..N-1 */
    uint8_t index;    /* logical register, 0..N-1 */
} rar_phys_in;

typedef struct {
    uint8_t reg_phys; /* reg_base + (s + index) % N; 0 when err */
    bool overflow;    /* the mux selects reg_base1 (s + index >= N); 0 when err */
    bool err;         /* index >= N, s >= N, N == 0 or reg_base + N > DRF_REGS */
} rar_phys_out;

/* One evaluation per cycle. */
void rar_phys_step(const rar_phys_in *in, rar_phys_out *out);

/* --- window allocator of one slice, clocked ---------------------------------------- */
DRF_STATIC_ASSERT(DRF_WAVEFRONT_SLOTS <= 32, "window masks are 32-bit");
DRF_STATIC_ASSERT(1 << DRF_SLOT_BITS == DRF_WAVEFRONT_SLOTS, "DRF_SLOT_BITS = log2(slots)");

typedef struct {
    bool rst;
    bool configure; /* kernel start: windows of cfg_n registers, all free, every s = 0 */
    uint16_t cfg_n; /* RAR_N_BITS bits */
    bool alloc;     /* a wavefront asks for a window */
    bool free;      /* the wavefront holding window free_id ends */
    uint8_t free_id;
} rar_alloc_in;

typedef struct {
    bool grant;        /* alloc accepted: the window below is now the wavefront's */
    uint8_t win_id;    /* granted window (lowest free one); 0 without grant */
    uint8_t reg_base;  /* win_id * N; 0 without grant */
    uint8_t s;         /* rotation of the granted window; 0 without grant */
    uint16_t n;        /* N of the running kernel; 0: not configured */
    uint32_t busy;     /* windows held by a wavefront */
    bool full;         /* no window free (also before the first configure) */
    bool err_alloc;    /* alloc while full: refused */
    bool err_free;     /* free of a window that is not held (or does not exist): ignored */
    bool err_cfg;      /* configure refused: N illegal, a window held, or alloc/free too */
} rar_alloc_out;

typedef struct {
    uint16_t n;      /* 0: not configured */
    uint32_t valid;  /* windows that fit in the slice: slot * N + N <= DRF_REGS */
    uint32_t busy;
    uint8_t s[DRF_WAVEFRONT_SLOTS];
} rar_alloc_state;

/* Reset: not configured, no window, every s = 0. */
void rar_alloc_reset(rar_alloc_state *st);
/* Outputs of this cycle from state and inputs, then the clock edge. */
void rar_alloc_step(rar_alloc_state *st, const rar_alloc_in *in, rar_alloc_out *out);

DRF_END_DECLS

#endif
