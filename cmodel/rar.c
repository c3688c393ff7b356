/* SPDX-License-Identifier: Apache-2.0 */
/* RAR models (aging paper Section 5.2, Fig. 11; Section 2.1 windows). rar_phys_step()
 * mirrors rtl/rar_phys.v operator by operator (8-bit address arithmetic), rar_alloc_step()
 * mirrors rtl/rar_alloc.v cycle by cycle. Decisions: docs/rar-decisions.md. */
#include "rar.h"

#include <string.h>

enum { SLOT_MASK = DRF_WAVEFRONT_SLOTS - 1 };

/* Section 2.1: 0 <= index < N, and the window [reg_base, reg_base + N) inside the slice;
 * Section 5.2: 0 <= s < N. */
static bool phys_illegal(unsigned reg_base, unsigned n, unsigned s, unsigned index)
{
    return n == 0 || s >= n || index >= n || reg_base + n > DRF_REGS;
}

void rar_phys_step(const rar_phys_in *in, rar_phys_out *out)
{
    const unsigned n = in->n & RAR_N_MASK;
    const uint8_t base0 = (uint8_t)(in->reg_base + in->s);          /* reg_base + s */
    const uint8_t base1 = (uint8_t)(in->reg_base + in->s - n);      /* reg_base + s - N */
    const unsigned limit = (n - in->s) & RAR_N_MASK;                 /* N - s */
    const bool sel = in->index >= limit;                             /* comparator */
    const uint8_t base = sel ? base1 : base0;                        /* 2:1 mux */
    out->err = phys_illegal(in->reg_base, n, in->s, in->index);
    out->overflow = !out->err && sel;
    out->reg_phys = out->err ? 0 : (uint8_t)(base + in->index);      /* adder */
}

/* Windows [k*N, k*N + N) that fit in the slice, k < DRF_WAVEFRONT_SLOTS. */
static uint32_t fitting_windows(unsigned n)
{
    uint32_t m = 0;
    for (unsigned k = 0; k < DRF_WAVEFRONT_SLOTS; k++)
        if ((k + 1) * n <= DRF_REGS)
            m |= 1u << k;
    return m;
}

static unsigned lowest_set(uint32_t m)
{
    unsigned k = 0;
    while (m && !(m >> k & 1u))
        k++;
    return m ? k : 0;
}

static bool cfg_accepted(const rar_alloc_state *st, const rar_alloc_in *in, unsigned n)
{
    return in->configure && n != 0 && n <= DRF_REGS && st->busy == 0 && !in->alloc &&
           !in->free;
}

void rar_alloc_reset(rar_alloc_state *st)
{
    memset(st, 0, sizeof *st);
}

static void configure(rar_alloc_state *st, unsigned n)
{
    rar_alloc_reset(st);
    st->n = (uint16_t)n;
    st->valid = fitting_windows(n);
}

/* The wavefront leaves: the next assignment of the window sees s + 1 (mod N). */
static void release(rar_alloc_state *st, unsigned k)
{
    st->busy &= ~(1u << k);
    st->s[k] = st->s[k] + 1u == st->n ? 0 : (uint8_t)(st->s[k] + 1u);
}

void rar_alloc_step(rar_alloc_state *st, const rar_alloc_in *in, rar_alloc_out *out)
{
    const unsigned cfg_n = in->cfg_n & RAR_N_MASK, fid = in->free_id & SLOT_MASK;
    const uint32_t avail = st->valid & ~st->busy;
    const unsigned pick = lowest_set(avail);
    const bool free_ok = in->free && (st->busy >> fid & 1u);
    const bool cfg_ok = cfg_accepted(st, in, cfg_n);
    out->full = avail == 0;
    out->grant = in->alloc && !out->full;
    out->win_id = out->grant ? (uint8_t)pick : 0;
    out->reg_base = out->grant ? (uint8_t)(pick * st->n) : 0;
    out->s = out->grant ? st->s[pick] : 0;
    out->n = st->n;
    out->busy = st->busy;
    out->err_alloc = in->alloc && out->full;
    out->err_free = in->free && !free_ok;
    out->err_cfg = in->configure && !cfg_ok;

    if (in->rst)
        rar_alloc_reset(st);
    else if (cfg_ok)
        configure(st, cfg_n);
    else {
        if (out->grant)
            st->busy |= 1u << pick;
        if (free_ok)
            release(st, fid);
    }
}
