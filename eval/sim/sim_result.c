/* SPDX-License-Identifier: Apache-2.0 */
/* Results of the trace replay (aging paper Section 6): duty cycles per cell over each slice's
 * busy time (Figs. 12-18), normalised dVth by Eq. (3) (Fig. 19), the Ts increase (Sec. 6.4),
 * Table 2 energy (Fig. 21), and the whole-file driver with its back-to-back repetitions.
 * docs/eval-decisions.md */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drf_energy.h"
#include "eval/trace/progress.h"
#include "eval/pv/pv_varius.h"
#include "eval/sim/sim_internal.h"

/* Table 2 / Table 3 leakage, mW (x 1 ns = pJ per cycle), and the wake-up energy, pJ
 * (data/papers/reproduction.tsv). */
#define P_SLICE DRF_PAPER_AGING_TABLE2_LEAKAGE_SLICE
#define P_RC_LOGIC (DRF_PAPER_AGING_TABLE2_LEAKAGE_COMP_UNIT +                                    \
                    2 * DRF_PAPER_AGING_TABLE2_LEAKAGE_DECOMP_UNIT +                               \
                    DRF_PAPER_AGING_TABLE2_LEAKAGE_COMP_TABLE)
#define P_WC_LOGIC (DRF_PAPER_AGING_TABLE3_LEAKAGE_WC_COMP_UNIT +                                 \
                    2 * DRF_PAPER_AGING_TABLE3_LEAKAGE_WC_DECOMP_UNIT)
#define E_WAKEUP DRF_PAPER_AGING_WAKEUP_ENERGY
#define AUTO_REPEAT_MAX 32 /* stream dispatch's copies (each a read of the trace) */

double sim_dvth(double f)
{
    if (f <= 0)
        return 0;
    if (f > 1)
        f = 1;
    return pow(f, 0.25) * (1.0 - sqrt(SIM_ETA) * (1.0 - f));
}

static unsigned seg_of(unsigned p)
{
    unsigned k = 0;
    while (p >= sim_seg_start(k + 1))
        k++;
    return k;
}

/* Cell p of r: cycles holding 1 and cycles on. */
static void cell_times(const sim_reg *r, unsigned p, const uint8_t *seg, uint32_t *one, uint32_t *on)
{
    *on = r->seg_t[seg[p]];
    *one = r->t1 ? r->t1[p] : 0;
}

static void keep_longest(sim_result *out, unsigned v, double f, double other, double off)
{
    if (f > out->longest[v]) {
        out->longest[v] = f;
        out->longest_other[v][0] = other;
        out->longest_other[v][1] = off;
    }
}

/* Was the register ever powered? (A never-powered register is off all the time.) */
static bool reg_was_on(const sim_reg *r)
{
    for (unsigned k = 0; k < SIM_SEGS; k++)
        if (r->seg_t[k])
            return true;
    return r->t1 != NULL;
}

/* Cell p's duty cycles over busy: '0' (f[0]), '1' (f[1]), off. */
static void cell_duty(const sim_reg *r, unsigned p, double busy, const uint8_t *seg,
                      double f[2], double *off)
{
    uint32_t one, on;
    cell_times(r, p, seg, &one, &on);
    f[1] = one / busy;
    f[0] = (uint32_t)(on - one) / busy;
    *off = 1.0 - on / busy;
}

/* The register's first cell holding '0' (v = 0) or '1' (v = 1) longest: a duty cycle is its
 * cycles over the same busy time, so the longest is the one of the most cycles (a division by
 * a positive number keeps distinct 32-bit counts apart and in order), found on the counts. */
static unsigned longest_cell(const sim_reg *r, unsigned v, const uint8_t *seg)
{
    unsigned best = 0;
    uint32_t most = 0;
    for (unsigned p = 0; p < SIM_BITS; p++) {
        uint32_t one, on;
        cell_times(r, p, seg, &one, &on);
        const uint32_t cycles = v ? one : (uint32_t)(on - one);
        if (cycles > most || p == 0) {
            most = cycles;
            best = p;
        }
    }
    return best;
}

static void collect_reg(const sim_reg *r, unsigned reg, double busy, const uint8_t *seg,
                        sim_result *out)
{
    for (unsigned v = 0; v < 2; v++) {
        double f[2], off;
        cell_duty(r, longest_cell(r, v, seg), busy, seg, f, &off);
        keep_longest(out, v, f[v], f[!v], off);
        out->reg_longest[v][reg] = fmax(out->reg_longest[v][reg], f[v]);
    }
}

static double on_cells(const sim_plane *p)
{
    double cells = 0;
    for (unsigned r = 0; r < DRF_REGS; r++)
        for (unsigned k = 0; k < SIM_SEGS; k++)
            cells += (double)p->reg[r].seg_t[k] * (sim_seg_start(k + 1) - sim_seg_start(k));
    return cells;
}

/* p: the scheme's cell times (sim_cells); live: its family's counts and dynamic energy. */
static void add_energy(const sim_plane *p, const sim_plane *live, sim_scheme k, double busy,
                       sim_result *out)
{
    /* the baseline and RAR gate nothing: the whole slice leaks (docs/eval-decisions.md 7, 16) */
    out->energy[SIM_E_SLICE_LEAK] += sim_conventional(k) ? P_SLICE * busy
                                     : P_SLICE * on_cells(p) / (SIM_BITS * DRF_REGS);
    out->energy[SIM_E_LOGIC_LEAK] += (k == SIM_RC || k == SIM_RCRAR) ? P_RC_LOGIC * busy
                                     : k == SIM_WC ? P_WC_LOGIC * busy : 0;
    out->energy[SIM_E_SLICE_DYN] += live->e_slice_dyn;
    out->energy[SIM_E_LOGIC_DYN] += live->e_logic_dyn;
    out->energy[SIM_E_WAKEUP] += E_WAKEUP * (double)live->wakeups;
}

static void add_counts(const sim_plane *p, sim_result *out)
{
    out->writes += p->writes;
    out->reads += p->reads;
    out->compressed_writes += p->cwrites;
    out->compressed_reads += p->creads;
    out->wakeups += p->wakeups;
    out->movs += p->movs;
}

static const uint8_t *seg_table(void)
{
    static uint8_t seg[SIM_BITS];
    for (unsigned p = 0; p < SIM_BITS; p++)
        seg[p] = (uint8_t)seg_of(p);
    return seg;
}

/* Family f's cycles on the issue model over the folded passes: each later pass starts when the
 * one before it ended under f, or at its shift of the pass length if that is later (the
 * timeline's rule for a launch on an idle GPU, docs/timeline.md). */
static uint64_t folded_cycles(const sim *s, unsigned f)
{
    const uint64_t one = tl_cycles(s->timeline, f);
    const uint64_t step = s->pass_length > one + 1 ? s->pass_length : one + 1;
    return s->folds > 1 ? one + (s->folds - 1) * step : one;
}

void sim_collect(const sim *s, sim_scheme k, sim_result *out)
{
    memset(out, 0, sizeof *out);
    const uint8_t *seg = seg_table();
    for (unsigned i = 0; i < SIM_MAX_SLICES; i++) {
        const sim_slice *sl = &s->slice[i];
        const sim_plane *p = sim_cells(sl, k);
        if (p == NULL || sl->busy_t == 0)
            continue;
        const double busy = sl->busy_t;
        for (unsigned r = 0; r < DRF_REGS; r++)
            if (reg_was_on(&p->reg[r]))
                collect_reg(&p->reg[r], r, busy, seg, out);
        const sim_plane *live = sl->live[sim_family(k)];
        add_energy(p, live, k, busy, out);
        add_counts(live, out);
    }
    for (unsigned v = 0; v < 2; v++)
        out->dvth[v] = sim_dvth(out->longest[v]);
    /* decision 15: the one ageing law on the cell stressed longest, either value */
    out->ts_increase = pv_ts_increase(fmax(out->longest[0], out->longest[1]), SIM_LIFETIME_YEARS);
    /* the issue model: leakage over the scheme's own time (docs/timeline.md) */
    const uint64_t base = folded_cycles(s, SIM_FAM_FULL);
    out->cycles = folded_cycles(s, sim_family(k));
    const double time = base ? (double)out->cycles / (double)base : 1.0;
    out->perf_overhead = time - 1;
    out->energy[SIM_E_SLICE_LEAK] *= time;
    out->energy[SIM_E_LOGIC_LEAK] *= time;
    for (unsigned e = 0; e < SIM_E_TOTAL; e++)
        out->energy[SIM_E_TOTAL] += out->energy[e];
    out->seconds = s->seconds[k];
}

void sim_bit_profile(const sim *s, sim_scheme k, double (*prof)[3])
{
    const uint8_t *seg = seg_table();
    double total = 0;
    memset(prof, 0, SIM_BITS * sizeof *prof);
    for (unsigned i = 0; i < SIM_MAX_SLICES; i++) {
        const sim_slice *sl = &s->slice[i];
        const sim_plane *p = sim_cells(sl, k);
        if (p == NULL || sl->busy_t == 0)
            continue;
        for (unsigned r = 0; r < DRF_REGS; r++) {
            if (!reg_was_on(&p->reg[r]))
                continue; /* registers the kernel never used are left out, as in Fig. 12 */
            total += sl->busy_t;
            for (unsigned b = 0; b < SIM_BITS; b++) {
                uint32_t one, on;
                cell_times(&p->reg[r], b, seg, &one, &on);
                prof[b][0] += (uint32_t)(on - one);
                prof[b][1] += one;
                prof[b][2] += (double)sl->busy_t - on;
            }
        }
    }
    for (unsigned b = 0; b < SIM_BITS && total > 0; b++)
        for (unsigned c = 0; c < 3; c++)
            prof[b][c] /= total;
}

/* --- whole file ---------------------------------------------------------------------------- */
static bool finish_run(sim *s, unsigned repeat, double t0);
static bool see_shape(void *ctx, const tr_event *ev, char *msg, size_t len)
{
    (void)msg;
    (void)len;
    ds_shape_see(ctx, ev);
    return true;
}

/* One replay of the file; time = base + replay cycle - first cycle. *length: the cycles from
 * the first to the last event, plus one. shape (or NULL) sees the trace's events. */
static bool run_pass(sim *s, const tr_source *src, uint64_t base, unsigned copies, ds_shape *shape,
                     uint64_t *length, char *msg, size_t len)
{
    const char *path = src->name;
    char err[512];
    tr_reader *r = tr_source_open(src, err, sizeof err);
    if (r && shape)
        tr_set_tap(r, see_shape, shape);
    ds_state *d = r ? ds_open(r, s->cfg.map, s->cfg.mem_budget) : NULL;
    if (d == NULL) {
        snprintf(msg, len, "%s", r ? "out of memory" : err);
        tr_close(r);
        return false;
    }
    if (s->cfg.dispatch == SIM_STREAM)
        ds_limit_cus(d, gpu_sms(&s->gpu));
    if (!ds_copies(d, src, copies, err, sizeof err)) {
        snprintf(msg, len, "%s", err);
        ds_close(d);
        tr_close(r);
        return false;
    }
    pg_state pg;
    pg_start(&pg, s->cfg.progress, path);
    ds_item it[2]; /* the event fed and the next, read ahead for sim_prefetch */
    sim_feed_state f = {.base = base};
    int got = ds_next(d, &it[0], path, msg, len);
    for (unsigned cur = 0; got == 1; cur ^= 1) {
        /* a read error stays in msg unless feeding the event before it fails */
        got = ds_next(d, &it[cur ^ 1], path, msg, len);
        if (got == 1)
            sim_prefetch(s, &it[cur ^ 1]);
        if (!sim_feed(s, &f, &it[cur], path, msg, len)) {
            got = -1;
            break;
        }
        pg_tick(&pg, r, s->stats.events);
    }
    pg_end(&pg);
    if (base == 0)
        s->stats.dispatch = *ds_get_stats(d);
    s->stats.no_values = !tr_has_values(r);
    ds_close(d);
    tr_close(r);
    *length = f.last - f.first + 1;
    return got == 0;
}

/* The wake-ups [0] and special MOVs [1] family f has counted on slice sl so far. */
static void family_counts(const sim *s, unsigned sl, unsigned f, uint64_t c[2])
{
    const sim_plane *p = s->slice[sl].live[f];
    c[0] = p ? p->wakeups : 0;
    c[1] = p ? p->movs : 0;
}

/* The event on the issue model at the replay's time now, each family's instruction costing
 * what its slice counted for the event: a wake-up delays the result, a MOV takes a slot. */
static bool time_event(sim *s, const ds_item *it, uint64_t now, uint64_t before[][2],
                       char *msg, size_t len)
{
    const bool access = it->e.kind == TR_R || (it->e.kind == TR_W && !it->e.launch);
    for (unsigned f = 0; f < SIM_FAMILIES; f++) {
        uint64_t after[2];
        family_counts(s, it->w.slice, f, after);
        s->cost[f] = access ? (tl_cost){.latency = after[0] > before[f][0] ? SIM_WAKEUP_CYCLES : 0,
                                        .slots = (uint16_t)(after[1] - before[f][1])}
                            : (tl_cost){0, 0};
    }
    tr_event e = it->e;
    e.cycle = now;
    return tl_event(s->timeline, &e, it->w.slice, it->w.window, s->cost, msg, len);
}

uint64_t sim_feed_time(const sim_feed_state *f, uint64_t cycle)
{
    return f->base + cycle - f->first;
}

bool sim_feed(sim *s, sim_feed_state *f, const ds_item *it, const char *path, char *msg,
              size_t len)
{
    if (!f->started)
        f->first = it->e.cycle, f->started = true;
    f->last = it->e.cycle;
    const uint64_t now = sim_feed_time(f, it->e.cycle);
    if (now >= UINT32_MAX / 2) {
        snprintf(msg, len, "%s:%lu: run too long for 32-bit cycle counters", path, it->line);
        return false;
    }
    if (it->e.kind == TR_A) {
        s->stats.nvregs_min = it->e.nvregs < s->stats.nvregs_min ? it->e.nvregs : s->stats.nvregs_min;
        s->stats.nvregs_max = it->e.nvregs > s->stats.nvregs_max ? it->e.nvregs : s->stats.nvregs_max;
    }
    uint64_t before[SIM_FAMILIES][2];
    for (unsigned k = 0; k < SIM_FAMILIES; k++)
        family_counts(s, it->w.slice, k, before[k]);
    char m[384];
    if (!sim_event(s, it, now, m, sizeof m) || !time_event(s, it, now, before, m, sizeof m)) {
        snprintf(msg, len, "%s:%lu: %s", path, it->line, m);
        return false;
    }
    return true;
}

static bool repetitions(sim *s, uint64_t length, unsigned *repeat, const char *path, char *msg,
                        size_t len);

bool sim_feed_end(sim *s, const sim_feed_state *f, const ds_stats *ds, double t0,
                  const char *name, char *msg, size_t len)
{
    s->stats.cus = TR_MAX_CU;
    s->stats.dispatch = *ds;
    s->stats.replayed = s->stats.events;
    unsigned repeat = 1;
    if (f->started && !repetitions(s, f->last - f->first + 1, &repeat, name, msg, len))
        return false;
    if (!sim_fold(s, repeat, f->started ? f->last - f->first + 1 : 0)) {
        snprintf(msg, len, "%s: out of memory", name);
        return false;
    }
    return finish_run(s, repeat, t0);
}

static void finish_stats(sim *s)
{
    sim_stats *st = &s->stats;
    double area = 0;
    for (unsigned i = 0; i < SIM_MAX_SLICES; i++) {
        const sim_slice *sl = &s->slice[i];
        if (sl->busy_t == 0)
            continue;
        st->slices_used++;
        st->busy_cycles += sl->busy_t;
        area += sl->resident_area;
    }
    st->mean_resident = st->busy_cycles > 0 ? area / st->busy_cycles : 0;
    st->slots = pl_slots(st->nvregs_max);
    if (st->nvregs_min > st->nvregs_max)
        st->nvregs_min = st->nvregs_max;
}

/* Repetitions: as asked, or automatic (a rotation period when N is unique, docs decision 6);
 * the automatic count also keeps the whole run within the 32-bit cycle counters. */
static bool repetitions(sim *s, uint64_t length, unsigned *repeat, const char *path, char *msg,
                        size_t len)
{
    const sim_stats *st = &s->stats;
    const uint64_t fit = (UINT32_MAX / 2) / length;
    unsigned r = s->cfg.repeat;
    if (r == 0) {
        r = st->nvregs_min == st->nvregs_max && st->nvregs_max > 0 ? st->nvregs_max : 1;
        r = fit < r ? (unsigned)(fit ? fit : 1) : r;
    } else if (r > fit) {
        snprintf(msg, len, "%s: %u repetitions of %llu cycles are too long for 32-bit cycle "
                 "counters (reduce --repeat)", path, r, (unsigned long long)length);
        return false;
    }
    *repeat = r;
    return true;
}

/* Stream dispatch (decision 6a): the copies of the trace launched at once. As asked, or
 * automatic: enough wavefronts for every window of the 10 CUs' slices to be assigned N times
 * (ceil(N x windows / wavefronts), N the largest window), at most AUTO_REPEAT_MAX, at most
 * STREAM_EVENTS events in all and within the 32-bit cycle counters. Needs one read of the
 * trace first (its wavefronts, N and cycles). */
#define STREAM_EVENTS (1ull << 23)
static bool stream_copies(const sim *s, const tr_source *src, unsigned *copies, char *msg,
                          size_t len)
{
    if (s->cfg.repeat) {
        *copies = s->cfg.repeat;
        return true;
    }
    tr_reader *r = tr_source_open(src, msg, len);
    if (r == NULL)
        return false;
    tr_event ev;
    int got;
    uint64_t waves = 0, events = 0, first = 0, last = 0;
    unsigned n = 0;
    while ((got = tr_next(r, &ev)) == 1) {
        first = events++ ? first : ev.cycle;
        last = ev.cycle;
        waves += ev.kind == TR_A;
        n = ev.kind == TR_A && ev.nvregs > n ? ev.nvregs : n;
    }
    if (got < 0)
        snprintf(msg, len, "%s", tr_error(r));
    tr_close(r);
    if (got < 0)
        return false;
    const uint64_t windows = (uint64_t)gpu_sms(&s->gpu) * TR_SIMDS * pl_slots(n);
    uint64_t c = waves ? (n * windows + waves - 1) / waves : 1;
    const uint64_t by_events = events ? STREAM_EVENTS / events : 1;
    const uint64_t by_cycles = (UINT32_MAX / 2) / (last - first + 1);
    c = c < AUTO_REPEAT_MAX ? c : AUTO_REPEAT_MAX;
    c = c < by_events ? c : by_events;
    c = c < by_cycles ? c : by_cycles;
    *copies = c ? (unsigned)c : 1;
    return true;
}

/* The run's closing figures: its repetitions, the statistics, and the reader's own time (the
 * run's time less the schemes'). */
static bool finish_run(sim *s, unsigned repeat, double t0)
{
    s->stats.repeat = repeat;
    finish_stats(s);
    double spent = 0;
    for (unsigned k = 0; k < SIM_SCHEMES; k++)
        spent += s->seconds[k];
    s->stats.reader_seconds = sim_clock() - t0 - spent;
    return true;
}

/* The whole run of the trace: one pass, or stream dispatch's copies, or the passes of a slice
 * with several window sizes. */
static bool run_file(sim *s, const tr_source *src, char *msg, size_t len);

bool sim_run_file(sim *s, const char *path, char *msg, size_t len)
{
    tr_source src; /* "-" is kept: stream dispatch and the size passes read the trace again */
    if (!tr_source_init(&src, path, true, msg, len))
        return false;
    const bool ok = run_file(s, &src, msg, len);
    tr_source_close(&src);
    return ok;
}

static bool run_file(sim *s, const tr_source *src, char *msg, size_t len)
{
    const char *path = src->name;
    const double t0 = sim_clock();
    uint64_t length;
    unsigned repeat, copies = 1;
    s->stats.cus = s->cfg.dispatch == SIM_STREAM ? gpu_sms(&s->gpu) : TR_MAX_CU;
    if (s->cfg.dispatch == SIM_STREAM) {
        if (!stream_copies(s, src, &repeat, msg, len) ||
            !run_pass(s, src, 0, repeat, NULL, &length, msg, len))
            return false;
        s->stats.replayed = s->stats.events;
        s->stats.copies = repeat;
        return finish_run(s, repeat, t0);
    }
    ds_shape shape = {0, 0, 0};
    if (!run_pass(s, src, 0, 1, s->cfg.dispatch == SIM_FILL ? &shape : NULL, &length, msg, len))
        return false;
    if (s->cfg.dispatch == SIM_FILL && (copies = ds_shape_copies(&shape)) > 1) {
        /* the trace asks for copies to fill a slice: replayed again with them (a trace that
         * fills slices on its own is read once) */
        sim_reset(s, &s->cfg);
        s->stats.cus = TR_MAX_CU;
        if (!run_pass(s, src, 0, copies, NULL, &length, msg, len))
            return false;
    }
    s->stats.copies = copies;
    if (!repetitions(s, length, &repeat, path, msg, len))
        return false;
    s->stats.replayed = s->stats.events;
    /* A slice that took several window sizes carries RAR's s and ARGO's pointer across them
     * (decision 4), so its passes differ in a way the fold does not model: the file is
     * replayed again, pass k shifted by k x length (decision 6). */
    bool sizes = false;
    for (unsigned i = 0; i < SIM_MAX_SLICES; i++)
        sizes |= s->slice[i].used && s->slice[i].configs > 1;
    for (unsigned k = 1; sizes && k < repeat; k++) {
        uint64_t again;
        if (!run_pass(s, src, k * length, copies, NULL, &again, msg, len))
            return false;
        if (again != length) {
            snprintf(msg, len, "%s: the trace changed between passes", path);
            return false;
        }
    }
    if (!sizes && !sim_fold(s, repeat, length)) {
        snprintf(msg, len, "%s: out of memory", path);
        return false;
    }
    return finish_run(s, repeat, t0);
}
