/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the DC-Patch slice wrapper (dc-patch paper Sections II-A and IV):
 * cmodel/dcp_slice.c against rtl/dcp_slice.v every cycle, plus end-to-end properties: every
 * read returns the last value written, no faulty block holds live data, nothing is lost. */
#include <string.h>

#include "dcp_slice.h"
#include "dcp_stats.h"
#include "faultmap.h"
#include "harness.h"
#include "ports_dcp_slice.h"
#include "stim.h"

enum {
    PORTS = DCP_PORTS,
    BLKS = DRF_SUBWAVEFRONTS,
    LANES = DRF_SW_LANES,
    WINDOWS = DRF_WAVEFRONT_SLOTS,
    WIN_REGS = DRF_REGS / DRF_WAVEFRONT_SLOTS,
    W32 = PSU_SLOTS / 32,
    LDS32 = DRF_LDS_SPILL_SLOTS / 32,
    SETUP_CYCLES = HX_RESET_CYCLES + 1, /* reset cycles, then load_map */
    INJECT_WRITES = 400, /* a fault injection: 400 writes, in a shorter run enough to write */
    INJECT_MIN = DRF_REGS + DRF_REGS / 4, /* every register once, a quarter of them twice */
    OVERFLOW_MIN = 300, /* writes of an overflow phase at least: it fills the LDS first */
    FULL_RUN = 100000,  /* writes of a run whose phases have their full length ... */
    MIN_PHASE = 40,     /* ... shorter runs shorten them in proportion, to this at least */
    KINDS = 4,          /* enum dcp_kind */
    MISP_TO = 3,        /* a misprediction replays to the old entry, a new entry, the LDS */
};

/* Workloads: stim_pick (about half compressible) on 3/4 of the windows; on all of them,
 * mostly random registers (more uncompressed registers than reliable entries: spills) or
 * mostly compressible ones (more than the faulty entries' blocks: PSU tiers 1 and 2). */
enum workload { WL_MIXED, WL_PRESSURE, WL_COMPRESSIBLE, WORKLOADS };
static const char *const wl_name[WORKLOADS] = {"mixed", "pressure", "compress"};
static const unsigned wl_windows[WORKLOADS] = {12, 16, 16};

/* Fault maps: the three Table 1 scenarios, and a scarce one of this bench (a few reliable
 * entries, a few faulty ones with one good block, the rest all faulty) on 8 windows, where
 * the compressed placements run out as well; its spills stay within 8 * 16 = 128 slots, and
 * come near them, so that every LDS slot is used (on 4 windows slots 80..127 never were);
 * and MAP_RESET, none loaded after the reset: the slice runs fault-free (decision 14). */
enum { MAP_SCARCE = FM_SCENARIOS, MAP_RESET, MAP_KINDS, SCARCE_WINDOWS = 8 };
static const enum stim_kind compressible[] = {STIM_CONSTANT, STIM_SINGLE, STIM_DOUBLE,
                                              STIM_PAPER, STIM_WRAP};

/* The RTL's ports (r) and its read ports A and B as arrays. */
typedef struct {
    dcp_slice_ports r;
    const dut_port *rd_start[PORTS], *rd_reg[PORTS], *rd_valid[PORTS], *rd_blk[PORTS],
        *rd_data[PORTS];
} ports;

typedef struct {
    unsigned scenario[MAP_KINDS], workload[WORKLOADS], ev[DCP_EV_KINDS], tier[PSU_TIERS],
        misp_to[MISP_TO], spill_stay, repatch, mov, divergent[KINDS], read[PORTS][KINDS],
        first_write, c_to_u, u_to_c, same_reg_b2b, relq, dealloc, dealloc_lds,
        dealloc_refused_write, dealloc_refused_walk, dealloc_refused_window,
        start_refused_walk, start_refused_port, start_refused_psu, reset_mid_write, e2e, zero_read, inject,
        corrupted, overflow, no_comp_place;
} bins;

/* What the bench knows: the last value written to each register, and whether it is valid. */
typedef struct {
    uint32_t value[DRF_REGS][DRF_COMPONENTS];
    bool valid[DRF_REGS];
} scoreboard;

typedef struct {
    uint32_t c[DRF_COMPONENTS];
    uint64_t mask;
    uint8_t reg;
    unsigned next;   /* block driven next; BLKS: all driven, waiting for the end */
    bool active;     /* accepted and not ended */
} write_txn;

typedef struct {
    bool active, check;
    unsigned next;   /* block expected next */
    uint32_t exp[DRF_COMPONENTS];
} pending_read;

typedef struct {
    bool want, whole;      /* a deallocation is wanted (writes hold off); of a whole window */
    uint8_t base;
    uint16_t n;
    unsigned walk_base, walk_end; /* the window the PT walks */
} dealloc_ctl;

typedef struct {
    unsigned sc;            /* fm_scenario, MAP_SCARCE or MAP_RESET */
    enum workload wl;
    fm_map map;
    uint64_t faulty[PSU_WORDS];
    uint64_t left;          /* writes left in the phase */
    unsigned setup, regular, injections; /* setup cycles left; phases started of each kind */
    bool inject;            /* the map changed under live registers: lockstep only */
    bool overflow;          /* a scarce map on every window: the LDS overflows and writes are
                               dropped (err_lds_full): lockstep only */
    unsigned fill;          /* an overflow's or injection's next register to write */
    unsigned read_back;     /* an injection's next register to read back after its writes */
    bool alive[WINDOWS];
    unsigned nalive, alive_list[WINDOWS]; /* the alive windows in order, kept by set_alive */
} phase;

/* What check_conservation reads: a quiescent cycle that leaves it as it was last checked
 * has the same verdict, so the check is skipped (it walks all DRF_REGS rows). */
typedef struct {
    dcp_pt_row row[DRF_REGS];
    uint64_t faulty[PSU_WORDS], bitmap[PSU_WORDS], lds[DCP_LDS_WORDS];
} conservation_view;

/* Everything the stimulus and the checks share. */
typedef struct {
    hx_bench *b;
    ports p;
    bins v;
    dcp_stats st[MAP_KINDS][WORKLOADS]; /* per fault map and workload */
    dcp_slice_state s;
    scoreboard sb;
    phase ph;
    write_txn w;     /* the write whose blocks are driven (the Com unit's) */
    write_txn prev;  /* the one before, all blocks driven, not yet ended (the write port's) */
    pending_read rd[PORTS];
    dealloc_ctl dc;
    uint8_t ended;  /* the register of the last write that ended */
    conservation_view checked; /* the state of the last conservation check */
    bool have_checked;
} bench;

static void bind(hx_bench *b, ports *p)
{
    dcp_slice_open(b, &p->r);
    const dcp_slice_ports *r = &p->r;
    const dut_port *const rs[] = {r->rd_start_a, r->rd_start_b}, *const rr[] = {r->rd_reg_a, r->rd_reg_b},
                   *const rv[] = {r->rd_valid_a, r->rd_valid_b}, *const rb[] = {r->rd_blk_a, r->rd_blk_b},
                   *const rdd[] = {r->rd_data_a, r->rd_data_b};
    for (unsigned i = 0; i < PORTS; i++) {
        p->rd_start[i] = rs[i];
        p->rd_reg[i] = rr[i];
        p->rd_valid[i] = rv[i];
        p->rd_blk[i] = rb[i];
        p->rd_data[i] = rdd[i];
    }
}

static const char *const kind_name[KINDS] = {"an invalid", "an uncompressed", "a compressed",
                                             "a spilled"};

static void make_bins(hx_bench *b, bins *v)
{
    static const char *const ev_name[DCP_EV_KINDS] = {
        "normal write to the old patch", "patched to a faulty entry",
        "patched to a reliable entry", "spilled to the LDS"};
    static const char *const misp_name[MISP_TO] = {
        "the old uncompressed entry", "the preventive uncompressed entry", "the LDS"};
    for (unsigned k = 0; k < FM_SCENARIOS; k++)
        v->scenario[k] = hx_bin(b, "fault map loaded: %s (Table 1)", fm_scenario_name(k));
    v->scenario[MAP_SCARCE] = hx_bin(b, "fault map loaded: scarce (bench)");
    v->scenario[MAP_RESET] = hx_bin(b, "no fault map loaded after the reset (fault-free)");
    for (unsigned k = 0; k < WORKLOADS; k++)
        v->workload[k] = hx_bin(b, "workload %s", wl_name[k]);
    for (unsigned k = 0; k < DCP_EV_KINDS; k++)
        v->ev[k] = hx_bin(b, "write ends: %s", ev_name[k]);
    for (unsigned t = 0; t < PSU_TIERS; t++)
        v->tier[t] = hx_bin(b, "compressed register patched to PSU tier %u", t);
    for (unsigned k = 0; k < MISP_TO; k++)
        v->misp_to[k] = hx_bin(b, "misprediction: DRB replayed to %s", misp_name[k]);
    v->spill_stay = hx_bin(b, "spilled register rewritten in its LDS slot");
    v->repatch = hx_bin(b, "spilled register patched back into the slice");
    v->mov = hx_bin(b, "special MOV (divergent write to a compressed register)");
    for (unsigned k = 0; k < KINDS; k++)
        v->divergent[k] = hx_bin(b, "divergent write to %s register", kind_name[k]);
    for (unsigned i = 0; i < PORTS; i++)
        for (unsigned k = 0; k < KINDS; k++)
            v->read[i][k] = hx_bin(b, "port %c reads %s register", 'A' + i, kind_name[k]);
    v->first_write = hx_bin(b, "first write (v = 0)");
    v->c_to_u = hx_bin(b, "rewrite compressed -> uncompressed");
    v->u_to_c = hx_bin(b, "rewrite uncompressed -> compressed");
    v->same_reg_b2b = hx_bin(b, "back-to-back writes to one register (PT bypass)");
    v->relq = hx_bin(b, "release queue drained");
    v->dealloc = hx_bin(b, "deallocation walk");
    v->dealloc_lds = hx_bin(b, "deallocation frees an LDS slot");
    v->dealloc_refused_write = hx_bin(b, "deallocation refused: write in flight");
    v->dealloc_refused_walk = hx_bin(b, "deallocation refused: walk busy");
    v->dealloc_refused_window = hx_bin(b, "deallocation refused: bad window");
    v->start_refused_walk = hx_bin(b, "write start refused: walk busy");
    v->start_refused_port = hx_bin(b, "write start refused: write port busy");
    v->start_refused_psu = hx_bin(b, "write start refused: PSU selection running");
    v->reset_mid_write = hx_bin(b, "reset with a write in flight");
    v->e2e = hx_bin(b, "read checked against the last value written");
    v->zero_read = hx_bin(b, "read of an invalid register checked to be zero");
    v->inject = hx_bin(b, "fault injection: another map loaded under live registers");
    v->corrupted = hx_bin(b, "fault injection: a read returns a corrupted value");
    v->overflow = hx_bin(b, "LDS overflow: a write dropped (err_lds_full)");
    v->no_comp_place =
        hx_bin(b, "compressible register stored uncompressed: no compressed placement");
}

/* --- phases: reset, load a Table 1 map, run a workload -------------------------------- */

static const char *map_name(unsigned sc)
{
    if (sc == MAP_SCARCE)
        return "scarce";
    if (sc == MAP_RESET)
        return "reset";
    return fm_scenario_name((enum fm_scenario)sc);
}

/* A scarce map; with `none`, no usable block at all: every write spills, so the LDS fills.
 * An overflow's map is never `none`: its usable blocks take registers out of a full LDS. */
static void scarce_map(fm_map *m, bool none, rng_state *r)
{
    for (unsigned e = 0; e < DRF_REGS; e++) {
        const unsigned u = none ? 100 : rng_below(r, 100);
        m->faulty[e] = u < 3 ? 0 : u < 8 ? 0xF & ~(1u << rng_below(r, BLKS)) : 0xF;
    }
}

/* The map loaded under live registers: every block faulty with probability 1/2, or (every
 * other injection) every block faulty, so that the writes of an injection phase exercise the
 * stuck-at model over every entry and lane, and every bit of the fault map in both values. */
static void injection_map(fm_map *m, bool all, rng_state *r)
{
    for (unsigned e = 0; e < DRF_REGS; e++)
        m->faulty[e] = all ? 0xF : rng_rand32(r) & 0xF;
}

static void generate_map(phase *ph, rng_state *r)
{
    if (ph->inject)
        injection_map(&ph->map, ph->injections % 2 == 0, r);
    else if (ph->sc == MAP_SCARCE)
        scarce_map(&ph->map, !ph->overflow && rng_chance(r, 1, 3), r);
    else if (ph->sc == MAP_RESET)
        memset(&ph->map, 0, sizeof ph->map);
    else
        fm_generate((enum fm_scenario)ph->sc, rng_rand64(r), &ph->map);
    fm_pack(&ph->map, ph->faulty);
}

static void set_alive(phase *ph, unsigned window, bool alive)
{
    ph->alive[window] = alive;
    ph->nalive = 0;
    for (unsigned i = 0; i < WINDOWS; i++)
        if (ph->alive[i])
            ph->alive_list[ph->nalive++] = i;
}

/* Windows in use: the workload's, SCARCE_WINDOWS on the scarce map, all in an overflow. */
static unsigned windows(const phase *ph)
{
    if (ph->overflow)
        return WINDOWS;
    return ph->sc == MAP_SCARCE ? SCARCE_WINDOWS : wl_windows[ph->wl];
}

/* Phases whose reads are not checked against the last value written (lockstep only). */
static bool lockstep_only(const phase *ph)
{
    return ph->inject || ph->overflow;
}

/* A phase of `writes` at the default run length; a shorter run (make mutate's) shortens every
 * phase in proportion, so that it still cycles through every map, workload and injection, to
 * `least` writes at least. */
static uint64_t phase_writes(const bench *t, uint64_t writes, uint64_t least)
{
    const uint64_t n = t->b->o.n;
    const uint64_t w = n >= FULL_RUN ? writes : writes * n / FULL_RUN;
    return w < least ? least : w;
}

/* A regular phase resets the slice, loads a map (none on MAP_RESET) and runs a workload. A
 * regular phase on every window is followed by an injection: another map loaded under the live
 * registers (not a supported use: only the lockstep comparison runs), so that writes land in
 * faulty blocks of every entry; the entries above ~200 hold registers only after a phase on
 * every window. */
static void new_phase(bench *t)
{
    phase *ph = &t->ph;
    rng_state *r = &t->b->rng;
    ph->inject = !ph->inject && ph->regular > 0 && windows(ph) == WINDOWS;
    ph->injections += ph->inject;
    if (ph->inject) {
        generate_map(ph, r);
        ph->left = phase_writes(t, INJECT_WRITES, INJECT_MIN);
        ph->fill = 0;
        ph->read_back = 0;
        ph->setup = 1;
        return;
    }
    if ((t->w.active || t->prev.active) && ph->regular > 0)
        hx_hit(t->b, t->v.reset_mid_write);
    const unsigned round = ph->regular / MAP_KINDS; /* of every map kind once */
    ph->sc = ph->regular % MAP_KINDS;
    ph->wl = (enum workload)(round % WORKLOADS);
    ph->regular++;
    ph->overflow = ph->sc == MAP_SCARCE && round % 2 == 1; /* 1 in 2: pressure, mixed, compress */
    generate_map(ph, r);
    ph->left = phase_writes(t, 2000 + rng_below(r, 4000), ph->overflow ? OVERFLOW_MIN : MIN_PHASE);
    ph->fill = 0;
    ph->setup = SETUP_CYCLES;
    for (unsigned i = 0; i < WINDOWS; i++)
        set_alive(ph, i, i < windows(ph));
    memset(&t->sb.valid, 0, sizeof t->sb.valid);
    t->w.active = t->prev.active = false;
    memset(t->rd, 0, sizeof t->rd);
    t->dc = (dealloc_ctl){0};
}

/* Requests under reset, which must ignore them (outputs still compared every cycle). */
static void reset_requests(rng_state *r, dcp_slice_in *in)
{
    in->wr_start = rng_chance(r, 1, 2);
    in->wr_reg = (uint8_t)rng_rand32(r);
    in->wr_mask = rng_rand64(r);
    for (unsigned i = 0; i < PORTS; i++) {
        in->rd_start[i] = rng_chance(r, 1, 2);
        in->rd_reg[i] = (uint8_t)rng_rand32(r);
    }
    in->dealloc = rng_chance(r, 1, 2);
    in->reg_base = (uint8_t)rng_rand32(r);
    in->n = (uint16_t)rng_below(r, DRF_REGS + 1);
}

/* Reset cycles, then load_map (none on MAP_RESET); false once the phase runs. */
static bool phase_setup(bench *t, dcp_slice_in *in)
{
    phase *ph = &t->ph;
    if (!ph->setup)
        return false;
    in->rst = ph->setup > 1;
    if (in->rst)
        reset_requests(&t->b->rng, in);
    const bool last = ph->setup == 1;
    in->load_map = last && (ph->inject || ph->sc != MAP_RESET);
    memcpy(in->faulty, ph->faulty, sizeof in->faulty);
    if (last && ph->inject) {
        hx_hit(t->b, t->v.inject);
    } else if (last) {
        hx_hit(t->b, t->v.scenario[ph->sc]);
        hx_hit(t->b, t->v.workload[ph->wl]);
    }
    ph->setup--;
    return true;
}

/* --- stimulus ------------------------------------------------------------------------- */

/* An injection's writes are followed by a read of every register, so that each block a
 * stuck-at fault corrupted reaches a read port before the next phase resets the slice. */
static bool reading_back(const bench *t)
{
    const phase *ph = &t->ph;
    if (!ph->inject || ph->left)
        return false;
    bool busy = ph->read_back < DRF_REGS || t->w.active || t->prev.active;
    for (unsigned i = 0; i < PORTS; i++)
        busy |= t->rd[i].active;
    return busy;
}

/* The read-back: no write starts (the one in flight ends), a free port reads the next register. */
static void read_back(bench *t, dcp_slice_in *in)
{
    for (unsigned i = 0; i < PORTS && t->ph.read_back < DRF_REGS; i++)
        if (!t->rd[i].active) {
            in->rd_start[i] = true;
            in->rd_reg[i] = (uint8_t)t->ph.read_back++;
        }
}

static bool pick_alive_reg(bench *t, uint8_t *reg)
{
    const phase *ph = &t->ph;
    if (!ph->nalive)
        return false;
    *reg = (uint8_t)(ph->alive_list[rng_below(&t->b->rng, ph->nalive)] * WIN_REGS
                     + rng_below(&t->b->rng, WIN_REGS));
    return true;
}

/* The next alive register in turn: an overflow phase spills more registers than there are
 * slots, an injection phase writes the blocks of every live entry. */
static bool next_alive_reg(bench *t, uint8_t *reg)
{
    phase *ph = &t->ph;
    if (!ph->nalive)
        return false;
    const unsigned i = ph->fill++ % (ph->nalive * WIN_REGS);
    *reg = (uint8_t)(ph->alive_list[i / WIN_REGS] * WIN_REGS + i % WIN_REGS);
    return true;
}

/* The first pass of a regular phase on every window: its registers written in turn, which
 * places one in every entry it can (the high entries, which the random writes of a short phase
 * leave empty, for the injection that follows); incompressible under register pressure. */
static bool filling(const phase *ph)
{
    return !ph->inject && windows(ph) == WINDOWS && ph->fill < WINDOWS * WIN_REGS;
}

/* Registers written in turn rather than at random: in an injection, in 3/4 of an overflow's
 * writes, and in the first pass of a phase on every window. */
static bool in_turn(const phase *ph, rng_state *r)
{
    return ph->inject || (ph->overflow && rng_chance(r, 3, 4)) || filling(ph);
}

/* Divergent 3 times in 20, in an injection 1 in 2 (special MOVs of corrupted compressed blocks). */
static uint64_t pick_mask(rng_state *r, bool inject)
{
    if (inject ? rng_chance(r, 1, 2) : rng_chance(r, 17, 20))
        return ~0ull;
    switch (rng_below(r, 4)) {
    case 0: return 0;
    case 1: return 1ull << rng_below(r, DRF_COMPONENTS);
    case 2: return ~(1ull << rng_below(r, DRF_COMPONENTS));
    default: return rng_rand64(r) & ~(1ull << rng_below(r, DRF_COMPONENTS));
    }
}

static enum stim_kind pick_kind(bench *t, bool first_pass)
{
    rng_state *r = &t->b->rng;
    const unsigned n = sizeof compressible / sizeof compressible[0];
    if (t->ph.wl == WL_PRESSURE && (first_pass || rng_chance(r, 4, 5)))
        return STIM_RANDOM;
    if (t->ph.wl == WL_COMPRESSIBLE && rng_chance(r, 4, 5))
        return compressible[rng_below(r, n)];
    return stim_pick(r);
}

static bool new_write(bench *t, write_txn *w)
{
    rng_state *r = &t->b->rng;
    const bool first_pass = filling(&t->ph);
    if (t->w.active && rng_chance(r, 1, 4))
        w->reg = t->w.reg;
    else if (in_turn(&t->ph, r)) {
        if (!next_alive_reg(t, &w->reg))
            return false;
    } else if (!pick_alive_reg(t, &w->reg))
        return false;
    stim_register(r, pick_kind(t, first_pass), w->c);
    w->mask = pick_mask(r, t->ph.inject);
    w->next = 0;
    w->active = true;
    return true;
}

/* Starts: at the write's last block or when idle (refused during a replay but its last cycle),
 * rarely in the middle of a write or during a walk (refused). */
static bool want_start(bench *t)
{
    rng_state *r = &t->b->rng;
    const write_txn *w = &t->w;
    if (t->dc.want)
        return t->s.pt.left != 0 && rng_chance(r, 1, 16);
    if (w->active && w->next < BLKS - 1)
        return rng_chance(r, 1, 40);
    return rng_chance(r, 1, 2);
}

/* A deallocation to ask for until it is taken: mostly a whole live window, else any legal
 * window of up to 32 registers, rarely an illegal one (asked until the slice is idle, so that
 * the window itself is what it refuses). */
static void choose_dealloc(bench *t)
{
    rng_state *r = &t->b->rng;
    dealloc_ctl *dc = &t->dc;
    const unsigned n = t->ph.nalive, kind = rng_below(r, 20);
    dc->want = true;
    dc->whole = kind < 17 && n > 0;
    if (dc->whole) {
        dc->base = (uint8_t)(t->ph.alive_list[rng_below(r, n)] * WIN_REGS);
        dc->n = WIN_REGS;
    } else if (kind < 19) {
        dc->base = (uint8_t)rng_rand32(r);
        const unsigned room = DRF_REGS - dc->base;
        dc->n = (uint16_t)(1 + rng_below(r, room < 32 ? room : 32));
    } else { /* past the slice, or empty */
        dc->base = (uint8_t)(DRF_REGS - 1 - rng_below(r, 8));
        dc->n = (uint16_t)(rng_chance(r, 1, 2) ? 0 : 9 + rng_below(r, 8));
    }
}

/* The wanted deallocation, or during a walk now and then another one (refused). */
static void pick_dealloc(bench *t, dcp_slice_in *in)
{
    rng_state *r = &t->b->rng;
    dealloc_ctl *dc = &t->dc;
    if (!dc->want && rng_chance(r, 1, 300))
        choose_dealloc(t);
    const bool extra = !dc->want && t->s.pt.left != 0 && rng_chance(r, 1, 8);
    in->dealloc = dc->want || extra;
    in->reg_base = extra ? (uint8_t)rng_rand32(r) : dc->base;
    in->n = extra ? 1 : dc->n;
}

static void revive_window(bench *t)
{
    phase *ph = &t->ph;
    if (ph->nalive >= windows(ph) || !rng_chance(&t->b->rng, 1, 50))
        return;
    const unsigned start = rng_below(&t->b->rng, WINDOWS);
    for (unsigned i = 0; i < WINDOWS; i++)
        if (!ph->alive[(start + i) % WINDOWS]) {
            set_alive(ph, (start + i) % WINDOWS, true);
            return;
        }
}

static void pick_reads(bench *t, dcp_slice_in *in)
{
    rng_state *r = &t->b->rng;
    for (unsigned i = 0; i < PORTS; i++) {
        in->rd_start[i] = rng_chance(r, 1, 3);
        const unsigned how = rng_below(r, 10);
        if (how < 5 && t->ph.inject)
            in->rd_reg[i] = t->ended; /* injections: read the corrupted blocks back */
        else if (how == 0 && t->w.active)
            in->rd_reg[i] = t->w.reg;
        else if (how > 6 || !pick_alive_reg(t, &in->rd_reg[i]))
            in->rd_reg[i] = (uint8_t)rng_rand32(r);
    }
}

/* This cycle's inputs; *nxt is the write proposed with wr_start. */
static void make_inputs(bench *t, dcp_slice_in *in, write_txn *nxt)
{
    rng_state *r = &t->b->rng;
    if (!t->ph.setup && !t->ph.left && !reading_back(t))
        new_phase(t);
    if (t->w.active && t->w.next < BLKS)
        memcpy(in->wr_data, &t->w.c[t->w.next * LANES], sizeof in->wr_data);
    else
        for (unsigned j = 0; j < LANES; j++)
            in->wr_data[j] = rng_rand32(r);
    if (phase_setup(t, in))
        return;
    if (reading_back(t)) {
        read_back(t, in);
        return;
    }
    revive_window(t);
    in->wr_start = want_start(t) && new_write(t, nxt);
    in->wr_reg = in->wr_start ? nxt->reg : (uint8_t)rng_rand32(r);
    in->wr_mask = in->wr_start ? nxt->mask : rng_rand64(r);
    pick_reads(t, in);
    pick_dealloc(t, in);
}

/* --- lockstep -------------------------------------------------------------------------- */

static void drive(bench *t, const dcp_slice_in *in)
{
    hx_bench *b = t->b;
    const ports *p = &t->p;
    uint32_t f32[W32];
    hx_words32(in->faulty, f32, W32);
    hx_set(b, p->r.rst, in->rst);
    hx_set(b, p->r.load_map, in->load_map);
    hx_set_words(b, p->r.faulty, f32, W32);
    hx_set(b, p->r.wr_start, in->wr_start);
    hx_set(b, p->r.wr_reg, in->wr_reg);
    hx_set(b, p->r.wr_mask, in->wr_mask);
    hx_set_words(b, p->r.wr_data, in->wr_data, LANES);
    for (unsigned i = 0; i < PORTS; i++) {
        hx_set(b, p->rd_start[i], in->rd_start[i]);
        hx_set(b, p->rd_reg[i], in->rd_reg[i]);
    }
    hx_set(b, p->r.dealloc, in->dealloc);
    hx_set(b, p->r.reg_base, in->reg_base);
    hx_set(b, p->r.n, in->n);
    hx_eval(b);
}

static void expect_outputs(bench *t, const dcp_slice_out *o)
{
    hx_bench *b = t->b;
    const ports *p = &t->p;
    for (unsigned i = 0; i < PORTS; i++) {
        hx_expect(b, p->rd_valid[i], o->rd_valid[i]);
        hx_expect(b, p->rd_blk[i], o->rd_blk[i]);
        hx_expect_words(b, p->rd_data[i], o->rd_data[i], LANES);
    }
    const bool flags[] = {o->wr_busy, o->stall, o->wr_refused, o->mov, o->err_lds_full,
                          o->err_rel, o->psu_err, o->dealloc_busy, o->err_dealloc,
                          o->relq_valid, o->ev_done, o->ev_misp, o->ev_compressed};
    const dut_port *fp[] = {p->r.wr_busy, p->r.stall, p->r.wr_refused, p->r.mov, p->r.err_lds_full,
                            p->r.err_rel, p->r.psu_err, p->r.dealloc_busy, p->r.err_dealloc,
                            p->r.relq_valid, p->r.ev_done, p->r.ev_misp, p->r.ev_compressed};
    for (unsigned i = 0; i < sizeof flags / sizeof flags[0]; i++)
        hx_expect(b, fp[i], flags[i]);
    hx_expect(b, p->r.ev_kind, o->ev_kind);
    uint32_t bm[W32], lds[LDS32];
    hx_words32(o->bitmap, bm, W32);
    hx_words32(o->lds_used, lds, LDS32);
    hx_expect_words(b, p->r.bitmap, bm, W32);
    hx_expect_words(b, p->r.lds_used, lds, LDS32);
}

/* --- properties ------------------------------------------------------------------------ */

/* A block read that differs from the last value written, lane by lane. */
static void check_read_lanes(bench *t, const uint32_t *exp, const uint32_t *got)
{
    for (unsigned j = 0; j < LANES; j++) {
        if (lockstep_only(&t->ph)) {
            if (t->ph.inject && exp[j] != got[j])
                hx_hit(t->b, t->v.corrupted); /* not a write dropped on overflow */
        } else {
            hx_assert(t->b, exp[j] == got[j], "read returns the last value written", exp[j],
                      got[j]);
        }
    }
}

static void check_reads(bench *t, const dcp_slice_out *o)
{
    for (unsigned i = 0; i < PORTS; i++) {
        pending_read *pr = &t->rd[i];
        if (!pr->active)
            continue;
        hx_assert(t->b, o->rd_valid[i] && o->rd_blk[i] == pr->next, "read block in order",
                  pr->next, o->rd_valid[i] ? o->rd_blk[i] : 0xFF);
        const uint32_t *exp = &pr->exp[pr->next * LANES];
        if (pr->check && memcmp(exp, o->rd_data[i], sizeof o->rd_data[i]) != 0)
            check_read_lanes(t, exp, o->rd_data[i]);
        pr->active = ++pr->next < BLKS;
    }
}

static bool in_walk(const bench *t, unsigned reg)
{
    return t->s.pt.left != 0 && reg >= t->dc.walk_base && reg < t->dc.walk_end;
}

/* Reads whose answer the bench knows: not of the register being written, not of a window
 * being walked; an invalid register reads as zero. kind: the PT row before the edge. */
static void note_reads(bench *t, const dcp_slice_in *in, const bool walk[PORTS],
                       const enum dcp_kind kind[PORTS])
{
    for (unsigned i = 0; i < PORTS; i++) {
        if (!in->rd_start[i] || in->rst)
            continue;
        const uint8_t r = in->rd_reg[i];
        pending_read *pr = &t->rd[i];
        pr->active = true;
        pr->next = 0;
        pr->check = !(t->w.active && t->w.reg == r) && !(t->prev.active && t->prev.reg == r) &&
                    !walk[i];
        if (t->sb.valid[r])
            memcpy(pr->exp, t->sb.value[r], sizeof pr->exp);
        else
            memset(pr->exp, 0, sizeof pr->exp);
        hx_hit(t->b, t->v.read[i][kind[i]]);
        if (pr->check)
            hx_hit(t->b, t->sb.valid[r] ? t->v.e2e : t->v.zero_read);
    }
}

/* The finished write's register: uncompressed in a whole reliable entry, compressed in a
 * non-faulty block, or spilled. */
static void check_placement(bench *t, uint8_t reg)
{
    const dcp_pt_row r = dcp_pt_read(&t->s.pt, reg);
    const fm_map *m = &t->ph.map;
    switch (dcp_row_kind(&r)) {
    case DCP_UNC:
        hx_assert(t->b, fm_entry_reliable(m, r.entry), "uncompressed register in a reliable entry",
                  0, m->faulty[r.entry]);
        break;
    case DCP_COMP:
        hx_assert(t->b, !(m->faulty[r.entry] >> r.blk & 1u),
                  "compressed register in a non-faulty block", 0, r.entry * BLKS + r.blk);
        break;
    case DCP_SPILL:
        hx_assert(t->b, r.entry < DRF_LDS_SPILL_SLOTS, "spilled register in an LDS slot",
                  DRF_LDS_SPILL_SLOTS, r.entry);
        break;
    default:
        hx_assert(t->b, false, "a finished write leaves its register valid", 1, 0);
    }
}

static void write_bins(bench *t, const write_txn *txn, const dcp_wr *w, const dcp_slice_out *o)
{
    const bins *v = &t->v;
    const enum dcp_kind old = dcp_row_kind(&w->old), fin = (enum dcp_kind)w->place.kind;
    hx_hit(t->b, v->ev[o->ev_kind]);
    if (w->place.src == DCP_SRC_PC && fin == DCP_COMP)
        hx_hit(t->b, v->tier[w->pc_tier]);
    if (o->ev_misp)
        hx_hit(t->b, v->misp_to[fin == DCP_SPILL ? 2 : w->place.src == DCP_SRC_OLD ? 0 : 1]);
    if (old == DCP_SPILL)
        hx_hit(t->b, fin == DCP_SPILL ? v->spill_stay : v->repatch);
    if (w->mask != ~0ull)
        hx_hit(t->b, v->divergent[old]);
    if (old == DCP_NONE)
        hx_hit(t->b, v->first_write);
    if (old == DCP_COMP && fin == DCP_UNC)
        hx_hit(t->b, v->c_to_u);
    if (old == DCP_UNC && fin == DCP_COMP)
        hx_hit(t->b, v->u_to_c);
    rc_entry e;
    if (w->mask == ~0ull && fin != DCP_COMP && rc_compress_register(txn->c, &e))
        hx_hit(t->b, v->no_comp_place);
}

/* ev_done: the write's lanes take the new value (the others stay, or are zero in a register
 * written for the first time), its placement is checked, the statistics count it. The write
 * port ends a write a cycle after the Com unit saw its last block: the next one may have
 * started. */
static void retire(bench *t, const dcp_wr *pre, const dcp_slice_out *o)
{
    write_txn *w = t->prev.active ? &t->prev : &t->w;
    hx_assert(t->b, w->active && w->next == BLKS && pre->reg == w->reg,
              "a write ends after its four blocks", w->reg, pre->reg);
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        if (w->mask >> i & 1u)
            t->sb.value[w->reg][i] = w->c[i];
        else if (!t->sb.valid[w->reg])
            t->sb.value[w->reg][i] = 0;
    t->sb.valid[w->reg] = true;
    t->ended = w->reg;
    w->active = false;
    write_bins(t, w, pre, o);
    t->ph.left -= t->ph.left > 0; /* a write that started as the phase's last one ended */
    hx_txn_done(t->b);
    if (lockstep_only(&t->ph))
        return;
    check_placement(t, w->reg);
    dcp_stats_write(&t->st[t->ph.sc][t->ph.wl], o);
}

static void accept_dealloc(bench *t, const dcp_slice_in *in)
{
    dealloc_ctl *dc = &t->dc;
    const unsigned end = in->reg_base + in->n;
    bool lds = false;
    for (unsigned r = in->reg_base; r < end; r++) {
        const dcp_pt_row row = dcp_pt_read(&t->s.pt, (uint8_t)r);
        lds |= row.v && row.m;
        t->sb.valid[r] = false;
    }
    if (dc->want && dc->whole)
        set_alive(&t->ph, in->reg_base / WIN_REGS, false);
    dc->want = false;
    dc->walk_base = in->reg_base;
    dc->walk_end = end;
    hx_hit(t->b, t->v.dealloc);
    if (lds)
        hx_hit(t->b, t->v.dealloc_lds);
}

static void refused_dealloc(bench *t, const dcp_slice_in *in, bool walking, const dcp_slice_out *o)
{
    const unsigned n = in->n;
    if (n == 0 || in->reg_base + n > DRF_REGS) {
        if (walking || o->wr_busy)
            return; /* asked again until the window alone is what the slice refuses */
        hx_hit(t->b, t->v.dealloc_refused_window);
        t->dc.want = false;
    } else if (walking) {
        hx_hit(t->b, t->v.dealloc_refused_walk);
    } else if (o->wr_busy) {
        hx_hit(t->b, t->v.dealloc_refused_write);
    }
}

static void accept_start(bench *t, const write_txn *nxt)
{
    const write_txn *w = &t->w;
    hx_assert(t->b, !w->active || (w->next == BLKS && !t->prev.active),
              "a write starts when the previous one has driven its blocks", 0, w->reg);
    /* the previous write ends as this one reaches the write port: the PT bypass */
    if (w->active && w->reg == nxt->reg)
        hx_hit(t->b, t->v.same_reg_b2b);
    if (w->active)
        t->prev = *w;
    t->w = *nxt;
}

/* Marks the bits `mask << slot` of a bitmap (within one word); true if one was set already. */
_Static_assert(64 % BLKS == 0, "an entry's blocks lie in one word of a bitmap");
static bool hold(uint64_t *bitmap, unsigned slot, uint64_t mask)
{
    const uint64_t m = mask << (slot % 64);
    const bool clash = (bitmap[slot / 64] & m) != 0;
    bitmap[slot / 64] |= m;
    return clash;
}

/* A quiescent slice (no write, release or walk): the PSU bitmap is the fault map plus the
 * blocks of the valid PT rows, each held once and none faulty; the LDS bitmap is the slots
 * of the spilled rows. */
static void check_conservation(bench *t)
{
    const dcp_slice_state *s = &t->s;
    if (s->x.ok || s->x.replay || s->wb.valid || s->com.replay.valid || s->relq.v || s->pt.left)
        return;
    conservation_view now;
    memcpy(now.row, s->pt.row, sizeof now.row);
    memcpy(now.faulty, t->ph.faulty, sizeof now.faulty);
    memcpy(now.bitmap, s->psu.bitmap, sizeof now.bitmap);
    memcpy(now.lds, s->lds_used, sizeof now.lds);
    if (t->have_checked && !memcmp(&now, &t->checked, sizeof now))
        return;
    t->checked = now;
    t->have_checked = true;
    uint64_t held[PSU_WORDS], lds[DCP_LDS_WORDS] = {0};
    memcpy(held, t->ph.faulty, sizeof held);
    bool clash = false;
    for (unsigned reg = 0; reg < DRF_REGS; reg++) {
        const dcp_pt_row *r = &s->pt.row[reg];
        const enum dcp_kind k = dcp_row_kind(r); /* DCP_NONE: invalid, whatever its fields */
        if (k == DCP_NONE)
            continue;
        if (k == DCP_SPILL) {
            clash |= hold(lds, r->entry, 1u);
            continue;
        }
        /* an entry's blocks are slots 4e..4e+3 of one word: a compressed row holds one */
        const unsigned slot = r->entry * BLKS + (k == DCP_COMP ? r->blk : 0u);
        clash |= hold(held, slot, k == DCP_COMP ? 1u : (1u << BLKS) - 1u);
    }
    hx_assert(t->b, !clash, "no block or slot held twice or faulty", 0, 1);
    hx_assert(t->b, !memcmp(held, s->psu.bitmap, sizeof held),
              "PSU bitmap = fault map + the blocks of the valid rows", 0, 1);
    hx_assert(t->b, !memcmp(lds, s->lds_used, sizeof lds),
              "LDS bitmap = the slots of the spilled rows", lds[0], s->lds_used[0]);
}

static void check_flags(bench *t, const dcp_slice_in *in, const dcp_slice_out *o)
{
    if (t->ph.inject || in->rst || in->load_map)
        return;
    if (o->err_lds_full)
        hx_hit(t->b, t->v.overflow);
    if (!t->ph.overflow)
        hx_assert(t->b, !o->err_lds_full, "the LDS never overflows", 0, 1);
    hx_assert(t->b, !o->err_rel, "at most one release per write (queue depth 1)", 0, 1);
    hx_assert(t->b, !o->psu_err, "no release of a free or faulty block", 0, 1);
    if (o->relq_valid)
        hx_hit(t->b, t->v.relq);
    dcp_stats_lds(&t->st[t->ph.sc][t->ph.wl], o);
}

/* --- the cycle and the report ------------------------------------------------------------ */

static void cycle(bench *t)
{
    dcp_slice_in in = {0};
    write_txn nxt; /* set by new_write, read only when it proposed a write (wr_start) */
    make_inputs(t, &in, &nxt);
    drive(t, &in);
    const dcp_wr pre = t->s.wr;
    /* a start waits while a release now makes the PSU select anew; a take finds it ready */
    const bool walking = t->s.pt.left != 0, selecting = t->s.relq.v;
    hx_assert(t->b, !t->s.x.ok || psu_ready(&t->s.psu), "the PSU is ready at a write's takes", 1,
              psu_ready(&t->s.psu));
    bool walk[PORTS];
    enum dcp_kind kind[PORTS];
    for (unsigned i = 0; i < PORTS; i++) {
        walk[i] = in_walk(t, in.rd_reg[i]);
        const dcp_pt_row r = dcp_pt_read(&t->s.pt, in.rd_reg[i]);
        kind[i] = dcp_row_kind(&r);
    }
    dcp_slice_out o;
    dcp_slice_step(&t->s, &in, &o);
    expect_outputs(t, &o);
    check_flags(t, &in, &o);
    check_reads(t, &o);
    note_reads(t, &in, walk, kind);
    if (t->w.active && t->w.next < BLKS)
        t->w.next++;
    if (o.ev_done && !in.rst)
        retire(t, &pre, &o);
    if (in.rst)
        return;
    if (o.mov)
        hx_hit(t->b, t->v.mov);
    if (in.dealloc && !o.err_dealloc)
        accept_dealloc(t, &in);
    else if (in.dealloc)
        refused_dealloc(t, &in, walking, &o);
    if (in.wr_start && !o.wr_refused)
        accept_start(t, &nxt);
    else if (in.wr_start)
        hx_hit(t->b, walking     ? t->v.start_refused_walk
                     : selecting ? t->v.start_refused_psu
                                 : t->v.start_refused_port);
    if (!lockstep_only(&t->ph))
        check_conservation(t);
}

static void report(const bench *t)
{
    for (unsigned sc = 0; sc < MAP_KINDS; sc++)
        for (unsigned wl = 0; wl < WORKLOADS; wl++)
            dcp_stats_print(map_name(sc), wl_name[wl], &t->st[sc][wl]);
}

int main(int argc, char **argv)
{
    static hx_bench b;
    static bench t;
    hx_init(&b, "dcp_slice", "register writes", argc, argv, 100000);
    t.b = &b;
    bind(&b, &t.p);
    make_bins(&b, &t.v);
    dcp_slice_reset(&t.s);
    new_phase(&t);
    while (hx_running(&b)) { /* the first phase's reset cycles are the harness's */
        cycle(&t);
        hx_tick(&b);
    }
    report(&t);
    return hx_finish(&b);
}
