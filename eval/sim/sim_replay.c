/* SPDX-License-Identifier: Apache-2.0 */
/* Event handlers of the trace replay (aging paper Sections 2.1, 5.1-5.3): wavefront placement
 * on slices (eval/trace/place.h), window allocation per scheme (rar_alloc, ARGO round robin), reg_phys
 * through Fig. 11 (rar_phys_step), and each scheme's write / read / release.
 * docs/eval-decisions.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_compress.h"
#include "drf_energy.h"
#include "eval/sim/sim_internal.h"

#define ALL_SEGS ((1u << SIM_SEGS) - 1u)
#define SAMPLE 16 /* reads and writes: one in SAMPLE is timed per scheme */

/* Table 2 (32 nm, 1 GHz) and Table 3 energies, pJ (data/papers/reproduction.tsv). */
#define E_SLICE_READ DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_READ
#define E_SLICE_WRITE DRF_PAPER_AGING_TABLE2_ENERGY_SLICE_WRITE
#define E_TABLE_READ DRF_PAPER_AGING_TABLE2_ENERGY_COMP_TABLE_READ
#define E_TABLE_WRITE DRF_PAPER_AGING_TABLE2_ENERGY_COMP_TABLE_WRITE
#define E_RC_COMPRESS DRF_PAPER_AGING_TABLE2_ENERGY_COMP_UNIT_WRITE
#define E_RC_DECOMPRESS DRF_PAPER_AGING_TABLE2_ENERGY_DECOMP_UNIT_READ
#define E_WC_COMPRESS DRF_PAPER_AGING_TABLE3_ENERGY_WC_COMP_WRITE
#define E_WC_DECOMPRESS DRF_PAPER_AGING_TABLE3_ENERGY_WC_DECOMP_READ

static bool is_rc(unsigned k)
{
    return k == SIM_RC || k == SIM_RCRAR;
}

/* The scheme whose write and read rules its family follows. */
static unsigned rule_of(unsigned f)
{
    return f == SIM_FAM_RC ? SIM_RC : f == SIM_FAM_WC ? SIM_WC : SIM_BASE;
}

/* --- placement and allocation ------------------------------------------------------------ */
static bool plane_get(const sim *s, sim_plane **p)
{
    if (*p == NULL && (*p = calloc(1, sizeof **p)) != NULL)
        (*p)->cells = !s->cfg.no_cells;
    return *p != NULL;
}

/* An empty slice takes windows of n registers. The paper resets neither RAR's rotation nor
 * ARGO's pointer when a kernel of another window size starts (Section 5.2: s advances by 1
 * mod N on each re-assignation), so both carry over: window w keeps s mod the new N, and the
 * pointer is taken mod the new window count (docs/eval-decisions.md, decision 4). */
static bool configure(sim *s, sim_slice *sl, unsigned n)
{
    sl->used = true;
    sl->n = n;
    sl->configs++;
    for (unsigned f = 0; f < SIM_FAMILIES; f++)
        if (sim_has_family(s, f) && !plane_get(s, &sl->live[f]))
            return false;
    for (unsigned k = 0; k < SIM_SCHEMES; k++) {
        if (!sim_has_scheme(s, k))
            continue;
        if (!plane_get(s, &sl->plane[k]))
            return false;
        sim_plane *p = sl->plane[k];
        uint8_t kept[DRF_WAVEFRONT_SLOTS];
        memcpy(kept, p->rar.s, sizeof kept);
        rar_alloc_out o;
        const rar_alloc_in in = {.configure = true, .cfg_n = (uint16_t)n};
        rar_alloc_step(&p->rar, &in, &o);
        for (unsigned w = 0; w < DRF_WAVEFRONT_SLOTS; w++)
            p->rar.s[w] = (uint8_t)(kept[w] % n);
        p->argo_next %= DRF_REGS / n;
        memset(p->argo_busy, 0, sizeof p->argo_busy);
    }
    return true;
}

/* ARGO: the next free window after the last one assigned, over every fitting window. */
static unsigned argo_alloc(sim_plane *p, unsigned n)
{
    const unsigned windows = DRF_REGS / n;
    unsigned w = p->argo_next % windows;
    while (p->argo_busy[w])
        w = (w + 1) % windows;
    p->argo_busy[w] = 1;
    p->argo_next = (w + 1) % windows;
    return w;
}

static void window_alloc(sim_plane *p, unsigned k, unsigned n, sim_wave *w)
{
    if (k == SIM_ARGO) {
        w->win[k] = (uint8_t)argo_alloc(p, n);
        w->s[k] = 0;
        return;
    }
    rar_alloc_out o;
    const rar_alloc_in in = {.alloc = true};
    rar_alloc_step(&p->rar, &in, &o); /* never full: place() counted the slots */
    w->win[k] = o.win_id;
    w->s[k] = (k == SIM_RAR || k == SIM_RCRAR) ? o.s : 0;
}

static void window_free(sim_plane *p, unsigned k, const sim_wave *w)
{
    if (k == SIM_ARGO) {
        p->argo_busy[w->win[k]] = 0;
        return;
    }
    rar_alloc_out o;
    const rar_alloc_in in = {.free = true, .free_id = w->win[k]};
    rar_alloc_step(&p->rar, &in, &o);
}

/* reg_phys of logical register index through Fig. 11 (s = 0 without rotation). */
static unsigned phys(const sim_wave *w, unsigned k, unsigned index)
{
    const rar_phys_in in = {.reg_base = (uint8_t)(w->win[k] * w->n), .n = (uint16_t)w->n,
                            .s = w->s[k], .index = (uint8_t)index};
    rar_phys_out o;
    rar_phys_step(&in, &o);
    return o.reg_phys;
}

/* --- scheme write / read ----------------------------------------------------------------- */
static bool write_rc(sim_plane *p, sim_reg *r, const uint32_t *v, bool divergent, uint32_t now)
{
    p->e_logic_dyn += E_RC_COMPRESS;
    rc_entry e;
    if (!divergent && rc_compress_register(v, &e)) {
        p->cwrites++;
        p->e_logic_dyn += E_TABLE_WRITE;
        r->compressed = true;
        return sim_set_cells(r, NULL, 0, now, p->cells);
    }
    if (divergent && r->compressed) { /* special MOV: decompress into the register first */
        p->movs++;
        p->e_slice_dyn += E_SLICE_WRITE;
        p->e_logic_dyn += E_TABLE_READ + E_RC_DECOMPRESS;
    }
    p->wakeups += r->seg_on != ALL_SEGS;
    r->compressed = false;
    return sim_set_cells(r, v, ALL_SEGS, now, p->cells);
}

static bool write_wc(sim_plane *p, sim_reg *r, const uint32_t *v, bool divergent, uint32_t now)
{
    p->e_logic_dyn += E_WC_COMPRESS;
    uint32_t img[DRF_COMPONENTS];
    unsigned segs = ALL_SEGS;
    if (divergent) {
        if (r->compressed) {
            p->movs++;
            p->e_slice_dyn += E_SLICE_WRITE;
            p->e_logic_dyn += E_WC_DECOMPRESS;
        }
        memcpy(img, v, sizeof img);
    } else {
        segs = sim_wc_encode(v, img);
    }
    p->wakeups += (segs & ~r->seg_on) != 0;
    r->compressed = segs != ALL_SEGS;
    p->cwrites += r->compressed;
    return sim_set_cells(r, img, segs, now, p->cells);
}

/* A write of v by the scheme k; silent: the zeros a window starts with (no statistics). */
static bool scheme_write(sim_plane *p, unsigned k, unsigned reg, const uint32_t *v, bool divergent,
                         bool silent, uint32_t now)
{
    sim_reg *r = &p->reg[reg];
    const uint64_t wake0 = p->wakeups, mov0 = p->movs, cw0 = p->cwrites;
    const double es = p->e_slice_dyn, el = p->e_logic_dyn;
    bool ok;
    if (is_rc(k))
        ok = write_rc(p, r, v, divergent, now);
    else if (k == SIM_WC)
        ok = write_wc(p, r, v, divergent, now);
    else
        ok = sim_set_cells(r, v, ALL_SEGS, now, p->cells);
    if (silent) {
        p->wakeups = wake0, p->movs = mov0, p->cwrites = cw0;
        p->e_slice_dyn = es, p->e_logic_dyn = el;
    } else {
        p->writes++;
        p->e_slice_dyn += E_SLICE_WRITE;
    }
    return ok;
}

/* Read energy: a compressed register is read in its first subwavefront(s) only (5.1.3). */
static void scheme_read(sim_plane *p, unsigned k, unsigned reg)
{
    const sim_reg *r = &p->reg[reg];
    p->reads++;
    p->creads += r->compressed;
    if (is_rc(k)) {
        p->e_logic_dyn += E_TABLE_READ + (r->compressed ? E_RC_DECOMPRESS : 0);
        p->e_slice_dyn += r->compressed ? E_SLICE_READ / DRF_SUBWAVEFRONTS : E_SLICE_READ;
    } else if (k == SIM_WC && r->compressed) {
        const unsigned sw = r->seg_on == 1u ? 1 : r->seg_on == 0x3u ? 2 : 3;
        p->e_logic_dyn += E_WC_DECOMPRESS;
        p->e_slice_dyn += E_SLICE_READ * sw / DRF_SUBWAVEFRONTS;
    } else {
        p->e_slice_dyn += E_SLICE_READ;
    }
}

/* A scheme's register gets sign x a live register's cell times up to now (start/stop sums): an
 * interval still open in the live register (a kept window's cells, decision 7) counts as closed
 * at now. */
static bool add_cells(sim_reg *to, const sim_reg *from, uint32_t sign, uint32_t now)
{
    for (unsigned k = 0; k < SIM_SEGS; k++)
        to->seg_t[k] += sign * (from->seg_t[k] + (from->seg_on >> k & 1u ? now : 0));
    if (from->t1 == NULL)
        return true;
    if (to->t1 == NULL && (to->t1 = calloc(SIM_BITS, sizeof *to->t1)) == NULL)
        return false;
    for (unsigned b = 0; b < SIM_BITS; b++) {
        const uint32_t one = from->eff[b / DRF_WORD_BITS] >> (b % DRF_WORD_BITS) & 1u;
        to->t1[b] += sign * (from->t1[b] + (now & (0u - one)));
    }
    return true;
}

/* When a wavefront's live cell times go to the registers each moving scheme gave it: all
 * subtracted at its A; added at its F, or, for a conventional scheme (RAR), when its window
 * stops keeping its values (decision 7). */
enum move_at { MOVE_A, MOVE_F, MOVE_KEPT_END };

static bool move_cells(sim *s, sim_slice *sl, unsigned f, const sim_wave *w, enum move_at at,
                       uint32_t now)
{
    const uint32_t sign = at == MOVE_A ? UINT32_MAX : 1u;
    for (unsigned k = 0; k < SIM_SCHEMES; k++) {
        if (!sim_has_scheme(s, k) || sim_family(k) != f || !sim_moves(k) ||
            (at != MOVE_A && (at == MOVE_KEPT_END) != sim_conventional(k)))
            continue;
        for (unsigned i = 0; i < w->n; i++)
            if (!add_cells(&sl->plane[k]->reg[phys(w, k, i)], &sl->live[f]->reg[w->base + i],
                           sign, now))
                return false;
    }
    return true;
}

/* The wavefront leaves: its live registers switch off. */
static bool release_regs(sim_plane *live, const sim_wave *w, uint32_t now)
{
    for (unsigned i = 0; i < w->n; i++) {
        sim_reg *r = &live->reg[w->base + i];
        r->compressed = false;
        if (!sim_set_cells(r, NULL, 0, now, live->cells))
            return false;
    }
    return true;
}

/* Does the family's live plane model a conventional slice (the baseline's cells)? */
static bool keeps_windows(unsigned f)
{
    return sim_conventional(rule_of(f));
}

static void add_on_time(sim_reg *r, uint32_t cycles)
{
    for (unsigned g = 0; g < SIM_SEGS; g++)
        r->seg_t[g] += cycles;
}

/* A conventional slice powers the registers of every window its kernel uses for the whole busy
 * period (Section 6.2), holding zeros before the window's first wavefront: those cycles are
 * on-time of the live registers (the baseline's cells) and of RAR's window. */
static void power_from_start(sim *s, sim_slice *sl, unsigned f, const sim_wave *w, uint32_t cycles)
{
    for (unsigned i = 0; i < w->n; i++)
        add_on_time(&sl->live[f]->reg[w->base + i], cycles);
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (sim_has_scheme(s, k) && sim_family(k) == f && sim_moves(k) && sim_conventional(k))
            for (unsigned i = 0; i < w->n; i++)
                add_on_time(&sl->plane[k]->reg[phys(w, k, i)], cycles);
}

/* The last wavefront of a kept window leaves the conventional schemes' registers (at the next
 * A on the window, or at the end of the busy period): RAR gets its cell times, kept cycles
 * included. */
static bool end_kept(sim *s, sim_slice *sl, unsigned window, uint32_t now)
{
    sl->win[window] = SIM_WIN_UNUSED;
    for (unsigned f = 0; f < SIM_FAMILIES; f++)
        if (sim_has_family(s, f) && keeps_windows(f) &&
            !move_cells(s, sl, f, &sl->wave[window], MOVE_KEPT_END, now))
            return false;
    return true;
}

/* The busy period ends (no wavefront resident): kept windows switch off. */
static bool end_busy(sim *s, sim_slice *sl, uint32_t now)
{
    for (unsigned window = 0; window < DRF_REGS; window++) {
        if (sl->win[window] != SIM_WIN_KEPT)
            continue;
        if (!end_kept(s, sl, window, now))
            return false;
        for (unsigned f = 0; f < SIM_FAMILIES; f++)
            if (sim_has_family(s, f) && keeps_windows(f) &&
                !release_regs(sl->live[f], &sl->wave[window], now))
                return false;
    }
    return true;
}

/* The family's handler time counts for each of its schemes. */
static void add_time(sim *s, unsigned f, double dt)
{
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        if (sim_family(k) == f)
            s->seconds[k] += dt;
}

/* --- events ------------------------------------------------------------------------------- */
void sim_prefetch(const sim *s, const ds_item *it)
{
    enum { LINE = 64, T1_AHEAD = 1024 /* bytes of the cell times: the rest streams in */ };
    if (it->e.kind != TR_W)
        return;
    const sim_slice *sl = &s->slice[it->w.slice];
    const unsigned reg = sl->wave[it->w.window].base + it->e.vreg;
    if (reg >= DRF_REGS) /* the window's wavefront is placed by an A not fed yet */
        return;
    for (unsigned f = 0; f < SIM_FAMILIES; f++) {
        if (sl->live[f] == NULL)
            continue;
        const sim_reg *r = &sl->live[f]->reg[reg];
        for (size_t i = 0; i < sizeof r->eff; i += LINE)
            __builtin_prefetch((const char *)r->eff + i);
        for (size_t i = 0; r->t1 && i < T1_AHEAD; i += LINE)
            __builtin_prefetch((const char *)r->t1 + i, 1);
    }
}

static void resident_change(sim_slice *sl, int delta, uint64_t now)
{
    sl->resident_area += (double)sl->resident * (double)(now - sl->last_change);
    sl->last_change = now;
    if (sl->resident == 0 && delta > 0)
        sl->busy_t -= (uint32_t)now;
    sl->resident = (unsigned)((int)sl->resident + delta);
    if (sl->resident == 0)
        sl->busy_t += (uint32_t)now;
}

static bool start_wave(sim *s, const ds_item *it, uint64_t now, char *msg, size_t len)
{
    static const uint32_t zeros[DRF_COMPONENTS];
    const tr_event *ev = &it->e;
    sim_slice *sl = &s->slice[it->w.slice];
    if ((sl->resident == 0 && sl->n != ev->nvregs) || !sl->used)
        if (!configure(s, sl, ev->nvregs))
            return fail_msg(msg, len, "out of memory");
    const unsigned window = it->w.window;
    if (sl->resident == 0)
        sl->busy_start = (uint32_t)now;
    const uint32_t unpowered = sl->win[window] == SIM_WIN_UNUSED ? (uint32_t)now - sl->busy_start : 0;
    if (sl->win[window] == SIM_WIN_KEPT && !end_kept(s, sl, window, (uint32_t)now))
        return fail_msg(msg, len, "out of memory");
    sl->win[window] = SIM_WIN_HELD;
    sim_wave *w = &sl->wave[window];
    w->n = ev->nvregs;
    w->base = window * ev->nvregs;
    resident_change(sl, 1, now);
    s->stats.wavefronts++;
    for (unsigned m = 0; m < SIM_SCHEMES; m++)
        if (sim_has_scheme(s, m))
            window_alloc(sl->plane[m], m, w->n, w);
    for (unsigned f = 0; f < SIM_FAMILIES; f++) {
        if (!sim_has_family(s, f))
            continue;
        const double t0 = sim_clock();
        if (keeps_windows(f))
            power_from_start(s, sl, f, w, unpowered);
        if (!move_cells(s, sl, f, w, MOVE_A, (uint32_t)now))
            return fail_msg(msg, len, "out of memory");
        for (unsigned i = 0; i < w->n; i++)
            if (!scheme_write(sl->live[f], rule_of(f), w->base + i, zeros, false, true,
                              (uint32_t)now))
                return fail_msg(msg, len, "out of memory");
        add_time(s, f, sim_clock() - t0);
    }
    return true;
}

/* A conventional slice keeps the window's last values on (decision 7); the others switch its
 * registers off. */
static bool end_wave(sim *s, const pl_wave *pw, uint64_t now)
{
    sim_slice *sl = &s->slice[pw->slice];
    const sim_wave *w = &sl->wave[pw->window];
    for (unsigned f = 0; f < SIM_FAMILIES; f++) {
        if (!sim_has_family(s, f))
            continue;
        const double t0 = sim_clock();
        if ((!keeps_windows(f) && !release_regs(sl->live[f], w, (uint32_t)now)) ||
            !move_cells(s, sl, f, w, MOVE_F, (uint32_t)now))
            return false;
        add_time(s, f, sim_clock() - t0);
    }
    for (unsigned m = 0; m < SIM_SCHEMES; m++)
        if (sim_has_scheme(s, m))
            window_free(sl->plane[m], m, w);
    sl->win[pw->window] = SIM_WIN_KEPT;
    resident_change(sl, -1, now);
    return sl->resident > 0 || end_busy(s, sl, (uint32_t)now);
}

static bool access_wave(sim *s, const tr_event *ev, const pl_wave *pw, uint64_t now)
{
    sim_slice *sl = &s->slice[pw->slice];
    const sim_wave *w = &sl->wave[pw->window];
    const bool divergent = ev->mask != UINT64_MAX;
    if (ev->kind == TR_W)
        sim_count_write(s, ev);
    else
        s->stats.reads++;
    /* the clock costs as much as a read (a system call) */
    const bool timed = !s->cfg.untimed && s->stats.events % SAMPLE == 0;
    const unsigned reg = w->base + ev->vreg;
    for (unsigned f = 0; f < SIM_FAMILIES; f++) {
        if (!sim_has_family(s, f))
            continue;
        const double t0 = timed ? sim_clock() : 0;
        if (ev->kind == TR_R)
            scheme_read(sl->live[f], rule_of(f), reg);
        else if (!scheme_write(sl->live[f], rule_of(f), reg, ev->v, divergent, false,
                               (uint32_t)now))
            return false;
        if (timed)
            add_time(s, f, SAMPLE * (sim_clock() - t0));
    }
    return true;
}

bool sim_event(sim *s, const ds_item *it, uint64_t now, char *msg, size_t len)
{
    s->stats.events++;
    if (it->e.kind == TR_A)
        return start_wave(s, it, now, msg, len);
    const bool ok = it->e.kind == TR_F ? end_wave(s, &it->w, now)
                                        : access_wave(s, &it->e, &it->w, now);
    return ok || fail_msg(msg, len, "out of memory");
}
