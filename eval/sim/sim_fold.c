/* SPDX-License-Identifier: Apache-2.0 */
/* Back-to-back repetitions of the trace replay (aging paper Section 6: the kernel runs for the
 * whole lifetime; RAR of Section 5.2 rotates s on every window reassignment) from one read of
 * the trace: every repetition is the first one with its windows rotated (docs/eval-decisions.md,
 * decision 6). */
#include <stdlib.h>
#include <string.h>

#include "eval/sim/sim_internal.h"

/* The cells' start/stop sums of one register (t1 may be NULL: never changed). */
typedef struct {
    uint32_t *t1;
    uint32_t seg_t[SIM_SEGS];
} cell_sums;

/* Register base + (v * size + i) of a group of `blocks` blocks of `size` registers gets the sum
 * over o of count[o] x register base + (((v - o) mod blocks) * size + i): the repetitions of a
 * replay whose k-th repetition shifts every block by k x step. false when out of memory. */
static bool fold_blocks(sim_plane *p, unsigned base, unsigned blocks, unsigned size,
                        const unsigned *count)
{
    const unsigned n = blocks * size;
    cell_sums *out = calloc(n, sizeof *out);
    if (out == NULL)
        return false;
    bool ok = true;
    for (unsigned q = 0; q < n && ok; q++) {
        const unsigned v = q / size, i = q % size;
        for (unsigned o = 0; o < blocks; o++) {
            if (count[o] == 0)
                continue;
            const sim_reg *src = &p->reg[base + ((v + blocks - o) % blocks) * size + i];
            for (unsigned k = 0; k < SIM_SEGS; k++)
                out[q].seg_t[k] += count[o] * src->seg_t[k];
            if (src->t1 == NULL)
                continue;
            if (out[q].t1 == NULL && (out[q].t1 = calloc(SIM_BITS, sizeof *out[q].t1)) == NULL) {
                ok = false;
                break;
            }
            for (unsigned b = 0; b < SIM_BITS; b++)
                out[q].t1[b] += count[o] * src->t1[b];
        }
    }
    for (unsigned q = 0; q < n; q++) {
        sim_reg *r = &p->reg[base + q];
        if (ok) {
            free(r->t1);
            r->t1 = out[q].t1;
            memcpy(r->seg_t, out[q].seg_t, sizeof r->seg_t);
        } else {
            free(out[q].t1);
        }
    }
    free(out);
    return ok;
}

/* Shifts k x step (mod blocks), k = 0..repeat-1, counted by shift. */
static void shift_counts(unsigned repeat, unsigned step, unsigned blocks, unsigned *count)
{
    memset(count, 0, blocks * sizeof *count);
    for (unsigned k = 0; k < repeat; k++)
        count[(unsigned)(((uint64_t)k * step) % blocks)]++;
}

/* Every count of the plane x repeat; the registers as they are (each repetition the same). */
static void scale_plane(sim_plane *p, unsigned repeat)
{
    for (unsigned r = 0; r < DRF_REGS; r++) {
        sim_reg *g = &p->reg[r];
        for (unsigned k = 0; k < SIM_SEGS; k++)
            g->seg_t[k] *= repeat;
        for (unsigned b = 0; g->t1 && b < SIM_BITS; b++)
            g->t1[b] *= repeat;
    }
}

/* A moving scheme on a slice that kept one window size: its allocator state after the replay
 * is the shift of the next repetition. RAR, RC+RAR: window w's s advanced by its releases, so
 * repetition k sees register (s + index) % N of window w rotated by k x s_end(w). ARGO: the
 * round robin is the same up to the pointer, so repetition k's windows are shifted by
 * k x pointer. (The baseline, RC and WC repeat the same registers: their cells are x R.) */
static bool fold_plane(sim_plane *p, unsigned k, unsigned n, unsigned repeat)
{
    unsigned count[DRF_REGS];
    if (k == SIM_ARGO) {
        shift_counts(repeat, p->argo_next, DRF_REGS / n, count);
        return fold_blocks(p, 0, DRF_REGS / n, n, count);
    }
    for (unsigned w = 0; w < DRF_WAVEFRONT_SLOTS && (w + 1) * n <= DRF_REGS; w++) {
        shift_counts(repeat, p->rar.s[w], n, count);
        if (!fold_blocks(p, w * n, n, 1, count))
            return false;
    }
    return true;
}

static void scale_counts(sim_plane *p, unsigned repeat)
{
    p->writes *= repeat;
    p->reads *= repeat;
    p->cwrites *= repeat;
    p->creads *= repeat;
    p->wakeups *= repeat;
    p->movs *= repeat;
    p->e_slice_dyn *= repeat;
    p->e_logic_dyn *= repeat;
}

static void scale_stats(sim_stats *st, unsigned repeat)
{
    st->events *= repeat;
    st->writes *= repeat;
    st->launch_writes *= repeat;
    st->reads *= repeat;
    st->wavefronts *= repeat;
    for (unsigned i = 0; i < SIM_PATS; i++) {
        st->pat_all[i] *= repeat;
        st->pat_full[i] *= repeat;
    }
}

/* Only for slices that kept one window size: sim_run_file reads the trace again instead when
 * a slice took several sizes (RAR's s and ARGO's pointer carry across them, decision 4); such
 * a slice is scaled here as if each pass were pass 0. */
bool sim_fold(sim *s, unsigned repeat, uint64_t length)
{
    s->folds = repeat;
    s->pass_length = length;
    if (repeat == 1)
        return true;
    for (unsigned i = 0; i < SIM_MAX_SLICES; i++) {
        sim_slice *sl = &s->slice[i];
        if (!sl->used)
            continue;
        sl->busy_t *= repeat;
        sl->resident_area *= repeat;
        for (unsigned f = 0; f < SIM_FAMILIES; f++)
            if (sl->live[f]) {
                scale_counts(sl->live[f], repeat);
                scale_plane(sl->live[f], repeat);
            }
        for (unsigned k = 0; k < SIM_SCHEMES; k++) {
            sim_plane *p = sl->plane[k];
            if (p == NULL || !sim_moves(k))
                continue;
            if (sl->configs > 1)
                scale_plane(p, repeat);
            else if (!fold_plane(p, k, sl->n, repeat))
                return false;
        }
    }
    scale_stats(&s->stats, repeat);
    return true;
}
