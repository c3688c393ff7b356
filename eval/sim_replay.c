/* SPDX-License-Identifier: Apache-2.0 */
/* Event handlers of the trace replay (aging paper Sections 2.1, 5.1-5.3): wavefront placement
 * on slices (eval/place.h), window allocation per scheme (rar_alloc, ARGO round robin), reg_phys
 * through Fig. 11 (rar_phys_step), and each scheme's write / read / release.
 * docs/eval-decisions.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_compress.h"
#include "rfsim_internal.h"

#define ALL_SEGS ((1u << SIM_SEGS) - 1u)

/* Table 2 (32 nm, 1 GHz) and Table 3 energies, pJ. */
#define E_SLICE_READ 295.86
#define E_SLICE_WRITE 365.91
#define E_TABLE_READ 1.25
#define E_TABLE_WRITE 66.49
#define E_RC_COMPRESS 1.10
#define E_RC_DECOMPRESS 0.96
#define E_WC_COMPRESS 0.76
#define E_WC_DECOMPRESS 0.79

static bool is_rc(unsigned k)
{
    return k == SIM_RC || k == SIM_RCRAR;
}

/* --- placement and allocation ------------------------------------------------------------ */
static bool plane_get(sim_slice *sl, unsigned k)
{
    if (sl->plane[k] == NULL)
        sl->plane[k] = calloc(1, sizeof *sl->plane[k]);
    return sl->plane[k] != NULL;
}

/* An empty slice takes windows of n registers: every allocator restarts (s = 0). */
static bool configure(sim *s, sim_slice *sl, unsigned n)
{
    sl->used = true;
    sl->n = n;
    for (unsigned k = 0; k < SIM_SCHEMES; k++) {
        if (!sim_has_scheme(s, k))
            continue;
        if (!plane_get(sl, k))
            return false;
        sim_plane *p = sl->plane[k];
        rar_alloc_out o;
        const rar_alloc_in in = {.configure = true, .cfg_n = (uint16_t)n};
        rar_alloc_step(&p->rar, &in, &o);
        p->argo_next = 0;
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
        return sim_set_cells(r, NULL, 0, now);
    }
    if (divergent && r->compressed) { /* special MOV: decompress into the register first */
        p->movs++;
        p->e_slice_dyn += E_SLICE_WRITE;
        p->e_logic_dyn += E_TABLE_READ + E_RC_DECOMPRESS;
    }
    p->wakeups += r->seg_on != ALL_SEGS;
    r->compressed = false;
    return sim_set_cells(r, v, ALL_SEGS, now);
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
    return sim_set_cells(r, img, segs, now);
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
        ok = sim_set_cells(r, v, ALL_SEGS, now);
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

/* Switches the window's registers off (the wavefront leaves). */
static bool release_regs(sim_plane *p, const sim_wave *w, unsigned k, uint32_t now)
{
    for (unsigned i = 0; i < w->n; i++) {
        sim_reg *r = &p->reg[phys(w, k, i)];
        r->compressed = false;
        if (!sim_set_cells(r, NULL, 0, now))
            return false;
    }
    return true;
}

/* --- events ------------------------------------------------------------------------------- */
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

static bool start_wave(sim *s, const tr_event *ev, uint64_t now, char *msg, size_t len)
{
    static const uint32_t zeros[DRF_COMPONENTS];
    const pl_wave *pw = pl_start(&s->place, ev, msg, len);
    if (pw == NULL)
        return false;
    sim_slice *sl = &s->slice[pw->slice];
    if ((sl->resident == 0 && sl->n != ev->nvregs) || !sl->used)
        if (!configure(s, sl, ev->nvregs))
            return pl_fail(msg, len, "out of memory");
    sim_wave *w = &sl->wave[pw->window];
    w->n = ev->nvregs;
    resident_change(sl, 1, now);
    s->stats.wavefronts++;
    for (unsigned m = 0; m < SIM_SCHEMES; m++) {
        if (!sim_has_scheme(s, m))
            continue;
        const double t0 = sim_clock();
        window_alloc(sl->plane[m], m, w->n, w);
        for (unsigned i = 0; i < w->n; i++)
            if (!scheme_write(sl->plane[m], m, phys(w, m, i), zeros, false, true, (uint32_t)now))
                return pl_fail(msg, len, "out of memory");
        s->seconds[m] += sim_clock() - t0;
    }
    return true;
}

static bool end_wave(sim *s, const pl_wave *pw, uint64_t now)
{
    sim_slice *sl = &s->slice[pw->slice];
    const sim_wave *w = &sl->wave[pw->window];
    for (unsigned m = 0; m < SIM_SCHEMES; m++) {
        if (!sim_has_scheme(s, m))
            continue;
        const double t0 = sim_clock();
        if (!release_regs(sl->plane[m], w, m, (uint32_t)now))
            return false;
        window_free(sl->plane[m], m, w);
        s->seconds[m] += sim_clock() - t0;
    }
    resident_change(sl, -1, now);
    pl_end(&s->place, pw);
    return true;
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
    for (unsigned m = 0; m < SIM_SCHEMES; m++) {
        if (!sim_has_scheme(s, m))
            continue;
        const double t0 = sim_clock();
        const unsigned reg = phys(w, m, ev->vreg);
        if (ev->kind == TR_R)
            scheme_read(sl->plane[m], m, reg);
        else if (!scheme_write(sl->plane[m], m, reg, ev->v, divergent, false, (uint32_t)now))
            return false;
        s->seconds[m] += sim_clock() - t0;
    }
    return true;
}

bool sim_event(sim *s, const tr_event *ev, uint64_t now, char *msg, size_t len)
{
    s->stats.events++;
    if (ev->kind == TR_A)
        return start_wave(s, ev, now, msg, len);
    const pl_wave *w = pl_find(&s->place, ev->wf);
    if (w == NULL)
        return pl_fail(msg, len, "wavefront %llu is not running", (unsigned long long)ev->wf);
    if (ev->kind == TR_W || ev->kind == TR_R) {
        if (ev->vreg >= w->n)
            return pl_fail(msg, len, "vreg %u outside the window of %u registers", ev->vreg, w->n);
        if (!access_wave(s, ev, w, now))
            return pl_fail(msg, len, "out of memory");
        return true;
    }
    if (!end_wave(s, w, now))
        return pl_fail(msg, len, "out of memory");
    return true;
}

void sim_end_pass(sim *s, uint64_t now)
{
    const pl_wave *w;
    while ((w = pl_any(&s->place)) != NULL && end_wave(s, w, now))
        ;
}
