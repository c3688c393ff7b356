/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the DC-Patch Patching Table (dc-patch paper Sections IV-B, IV-D):
 * cmodel/dcp_pt.c against rtl/dcp_pt.v every cycle, plus a scoreboard: reads return the last
 * row written; a walk releases exactly the valid rows of its window, once each, and no other. */
#include "dcp_pt.h"
#include "harness.h"
#include "ports_dcp_pt.h"

enum { PAPER_PT_BYTES = 416, RPORTS = 3, FIELDS = 5, KINDS = 4, HOT = 4 };
_Static_assert(DRF_REGS * DRF_PT_ROW_BITS == 8 * PAPER_PT_BYTES,
               "Section IV-B: the PT is a 416-byte array");

/* The register states the PSU and the decompression muxes tell apart. */
enum kind { K_UNCOMPRESSED, K_COMPRESSED, K_SPILLED, K_INVALID };
static const char *const kind_name[KINDS] = {"valid uncompressed", "valid compressed",
                                             "spilled", "invalid"};
static const unsigned kind_weight[KINDS] = {6, 5, 6, 3}; /* of a written row, in 20ths */
static const char *const port_name[RPORTS] = {"src0", "src1", "dest"};
static const char *const field_name[FIELDS] = {"v", "c", "m", "entry", "blk"};

typedef struct {
    const dut_port *f[FIELDS]; /* v, c, m, entry, blk */
} row_ports;

typedef struct {
    const dut_port *rst, *addr[RPORTS], *we, *waddr, *dealloc, *reg_base, *n;
    row_ports w, rd[RPORTS], rel;
    const dut_port *busy, *err_busy, *err_window, *err_conflict;
} ports;

typedef struct {
    unsigned write[KINDS], read[RPORTS][KINDS], release[3], dealloc_empty, dealloc_full,
        dealloc_n1, dealloc_n256, dealloc_mid, dealloc_after_walk, walk_to_last_row,
        refused_busy, refused_window, conflict_valid, conflict_invalid, reset_mid_walk,
        read_during_write, read_visited, read_killed, read_outside_walk, write_ahead,
        write_behind;
} bins;

/* What the bench knows of the PT, from the paper's rules and the documented walk order. */
typedef struct {
    dcp_pt_row row[DRF_REGS]; /* the last row written; v cleared by a walk or a reset */
    bool killed[DRF_REGS];    /* invalidated by a walk and not written since */
    unsigned base, ptr, end;  /* last walk's window [base, end); ptr: row visited; idle: ptr == end */
    unsigned exp_rel, got_rel;/* releases of the current walk: valid rows of the window, seen */
    bool ended;               /* a walk visited its last row in the previous cycle */
} scoreboard;

typedef struct {
    unsigned base, n;
} window;

/* --- ports --------------------------------------------------------------------------- */
static row_ports bind_row(hx_bench *b, const char *pre, const char *v_name, const char *suf)
{
    row_ports rp;
    for (unsigned f = 0; f < FIELDS; f++) {
        char name[32];
        snprintf(name, sizeof name, "%s%s%s", pre, f ? field_name[f] : v_name, suf);
        rp.f[f] = hx_port(b, name);
    }
    return rp;
}

/* Opens the RTL; its read ports and row fields grouped by name into arrays. */
static void bind(hx_bench *b, ports *p)
{
    dcp_pt_ports r;
    dcp_pt_open(b, &r);
#define P(x) p->x = r.x
    P(rst); P(we); P(waddr); P(dealloc); P(reg_base); P(n); P(busy); P(err_busy);
    P(err_window); P(err_conflict);
#undef P
    for (unsigned i = 0; i < RPORTS; i++) {
        char suf[8];
        snprintf(suf, sizeof suf, "_%s", port_name[i]);
        p->addr[i] = hx_port(b, port_name[i]);
        p->rd[i] = bind_row(b, "", "v", suf);
    }
    p->w = bind_row(b, "w", "v", "");
    p->rel = bind_row(b, "rel_", "valid", "");
}

static void row_fields(const dcp_pt_row *r, uint64_t f[FIELDS])
{
    f[0] = r->v; f[1] = r->c; f[2] = r->m; f[3] = r->entry; f[4] = r->blk;
}

static void set_row(hx_bench *b, const row_ports *p, const dcp_pt_row *r)
{
    uint64_t f[FIELDS];
    row_fields(r, f);
    for (unsigned i = 0; i < FIELDS; i++)
        hx_set(b, p->f[i], f[i]);
}

static void expect_row(hx_bench *b, const row_ports *p, const dcp_pt_row *r)
{
    uint64_t f[FIELDS];
    row_fields(r, f);
    for (unsigned i = 0; i < FIELDS; i++)
        hx_expect(b, p->f[i], f[i]);
}

static void drive(hx_bench *b, const ports *p, const dcp_pt_in *in)
{
    const uint8_t addr[RPORTS] = {in->src0, in->src1, in->dest};
    hx_set(b, p->rst, in->rst);
    for (unsigned i = 0; i < RPORTS; i++)
        hx_set(b, p->addr[i], addr[i]);
    hx_set(b, p->we, in->we);
    hx_set(b, p->waddr, in->waddr);
    set_row(b, &p->w, &in->wrow);
    hx_set(b, p->dealloc, in->dealloc);
    hx_set(b, p->reg_base, in->reg_base);
    hx_set(b, p->n, in->n);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const dcp_pt_out *o)
{
    const dcp_pt_row *rd[RPORTS] = {&o->src0, &o->src1, &o->dest};
    for (unsigned i = 0; i < RPORTS; i++)
        expect_row(b, &p->rd[i], rd[i]);
    expect_row(b, &p->rel, &o->rel);
    hx_expect(b, p->busy, o->busy);
    hx_expect(b, p->err_busy, o->err_busy);
    hx_expect(b, p->err_window, o->err_window);
    hx_expect(b, p->err_conflict, o->err_conflict);
}

/* --- scoreboard ---------------------------------------------------------------------- */
static enum kind kind_of(const dcp_pt_row *r)
{
    return !r->v ? K_INVALID : r->m ? K_SPILLED : r->c ? K_COMPRESSED : K_UNCOMPRESSED;
}

static uint64_t pack(const dcp_pt_row *r)
{
    uint64_t f[FIELDS], x = 0;
    static const unsigned width[FIELDS] = {1, 1, 1, DRF_PT_ENTRY_BITS, DRF_BLK_BITS};
    row_fields(r, f);
    for (unsigned i = 0; i < FIELDS; i++)
        x = x << width[i] | f[i];
    return x;
}

static dcp_pt_row sb_read(const scoreboard *sb, unsigned addr)
{
    return sb->row[addr].v ? sb->row[addr] : (dcp_pt_row){0};
}

static bool sb_walking(const scoreboard *sb)
{
    return sb->ptr < sb->end;
}

static bool sb_dealloc_ok(const scoreboard *sb, const dcp_pt_in *in)
{
    return in->dealloc && !sb_walking(sb) && in->n != 0 && in->reg_base + in->n <= DRF_REGS;
}

static unsigned sb_valid_rows(const scoreboard *sb, unsigned base, unsigned n)
{
    unsigned k = 0;
    for (unsigned r = base; r < base + n; r++)
        k += sb->row[r].v;
    return k;
}

static void check_row(hx_bench *b, const char *what, dcp_pt_row exp, const dcp_pt_row *got)
{
    hx_assert(b, pack(&exp) == pack(got), what, pack(&exp), pack(got));
}

static void check_flag(hx_bench *b, const char *what, bool exp, bool got)
{
    hx_assert(b, exp == got, what, exp, got);
}

static void check(hx_bench *b, const scoreboard *sb, const dcp_pt_in *in, const dcp_pt_out *o)
{
    const uint8_t addr[RPORTS] = {in->src0, in->src1, in->dest};
    const dcp_pt_row *rd[RPORTS] = {&o->src0, &o->src1, &o->dest};
    const bool walking = sb_walking(sb);
    const bool bad = in->n == 0 || in->reg_base + in->n > DRF_REGS;
    for (unsigned i = 0; i < RPORTS; i++)
        check_row(b, "a read returns the last row written (zero: invalid)", sb_read(sb, addr[i]),
                  rd[i]);
    check_row(b, "the walk releases the visited row's own patch (zero: invalid)",
              walking ? sb_read(sb, sb->ptr) : (dcp_pt_row){0}, &o->rel);
    check_flag(b, "busy while the walk has rows left", walking, o->busy);
    check_flag(b, "err_busy: dealloc while walking", in->dealloc && walking, o->err_busy);
    check_flag(b, "err_window: dealloc of N = 0 or past the slice", in->dealloc && bad,
               o->err_window);
    check_flag(b, "err_conflict: write to the visited row", in->we && walking &&
               in->waddr == sb->ptr, o->err_conflict);
}

/* A write during a walk to a row the walk has still to visit changes what it will release. */
static void sb_write_ahead(scoreboard *sb, const dcp_pt_in *in)
{
    if (in->we && sb_walking(sb) && in->waddr > sb->ptr && in->waddr < sb->end)
        sb->exp_rel = sb->exp_rel + in->wrow.v - sb->row[in->waddr].v;
}

/* The walk's edge: the visited row becomes invalid; at the window's end, every valid row of
 * the window has been released once. */
static void sb_visit(hx_bench *b, scoreboard *sb, const dcp_pt_out *o)
{
    sb->got_rel += o->rel.v;
    sb->killed[sb->ptr] = sb->row[sb->ptr].v;
    sb->row[sb->ptr].v = false;
    if (++sb->ptr == sb->end) {
        hx_assert(b, sb->got_rel == sb->exp_rel,
                  "a walk releases exactly the valid rows of its window", sb->exp_rel,
                  sb->got_rel);
        sb->ended = true;
    }
}

static void sb_update(hx_bench *b, scoreboard *sb, const dcp_pt_in *in, const dcp_pt_out *o)
{
    sb->ended = false;
    if (in->rst) {
        *sb = (scoreboard){.base = 0};
        return;
    }
    const bool start = sb_dealloc_ok(sb, in);
    sb_write_ahead(sb, in);
    if (sb_walking(sb))
        sb_visit(b, sb, o);
    if (in->we) {
        sb->row[in->waddr] = in->wrow;
        sb->killed[in->waddr] = false;
    }
    if (start) { /* the walk starts next cycle: this cycle's write is in its window */
        sb->base = sb->ptr = in->reg_base;
        sb->end = in->reg_base + in->n;
        sb->exp_rel = sb_valid_rows(sb, in->reg_base, in->n);
        sb->got_rel = 0;
    }
}

/* --- coverage ------------------------------------------------------------------------ */
static void make_bins(hx_bench *b, bins *v)
{
    static const char *const rel_name[3] = {"uncompressed patch (4 blocks)",
                                            "compressed patch (1 block)", "spill (LDS offset)"};
    for (unsigned k = 0; k < KINDS; k++) {
        v->write[k] = hx_bin(b, "write: %s row", kind_name[k]);
        for (unsigned i = 0; i < RPORTS; i++)
            v->read[i][k] = hx_bin(b, "%s reads: %s row", port_name[i], kind_name[k]);
    }
    for (unsigned k = 0; k < 3; k++)
        v->release[k] = hx_bin(b, "release: %s", rel_name[k]);
    v->dealloc_empty = hx_bin(b, "dealloc of an empty window");
    v->dealloc_full = hx_bin(b, "dealloc of a full window, N > 1");
    v->dealloc_n1 = hx_bin(b, "dealloc with N = 1");
    v->dealloc_n256 = hx_bin(b, "dealloc with N = 256");
    v->dealloc_mid = hx_bin(b, "dealloc with 1 < N < 256");
    v->dealloc_after_walk = hx_bin(b, "dealloc in the first cycle after a walk");
    v->walk_to_last_row = hx_bin(b, "walk of a window ending at the slice's last row");
    v->refused_busy = hx_bin(b, "dealloc refused: busy");
    v->refused_window = hx_bin(b, "dealloc refused: N = 0 or window past the slice");
    v->conflict_valid = hx_bin(b, "write/walk conflict on a row being released");
    v->conflict_invalid = hx_bin(b, "write/walk conflict on an invalid row");
    v->reset_mid_walk = hx_bin(b, "reset mid-walk");
    v->read_during_write = hx_bin(b, "read of the row being written");
    v->read_visited = hx_bin(b, "read of the row the walk visits");
    v->read_killed = hx_bin(b, "read of a row a walk invalidated");
    v->read_outside_walk = hx_bin(b, "read during a walk of a valid row outside its window");
    v->write_ahead = hx_bin(b, "write ahead of the walk (released later)");
    v->write_behind = hx_bin(b, "write behind the walk in its window (survives)");
}

static void cover_dealloc(hx_bench *b, const bins *v, const scoreboard *sb,
                          const dcp_pt_in *in, const dcp_pt_out *o)
{
    if (o->err_busy)
        hx_hit(b, v->refused_busy);
    if (o->err_window)
        hx_hit(b, v->refused_window);
    if (in->rst || !sb_dealloc_ok(sb, in))
        return;
    const unsigned valid = sb_valid_rows(sb, in->reg_base, in->n);
    if (valid == 0)
        hx_hit(b, v->dealloc_empty);
    if (valid == in->n && in->n > 1)
        hx_hit(b, v->dealloc_full);
    hx_hit(b, in->n == 1 ? v->dealloc_n1 : in->n == DRF_REGS ? v->dealloc_n256
                                                             : v->dealloc_mid);
    if (sb->ended)
        hx_hit(b, v->dealloc_after_walk);
    if (in->reg_base + in->n == DRF_REGS)
        hx_hit(b, v->walk_to_last_row);
}

static void cover_walk(hx_bench *b, const bins *v, const scoreboard *sb, const dcp_pt_in *in,
                       const dcp_pt_out *o)
{
    if (!sb_walking(sb))
        return;
    if (o->rel.v)
        hx_hit(b, v->release[kind_of(&o->rel)]);
    if (o->err_conflict)
        hx_hit(b, o->rel.v ? v->conflict_valid : v->conflict_invalid);
    if (in->rst)
        hx_hit(b, v->reset_mid_walk);
    if (in->we && in->waddr > sb->ptr && in->waddr < sb->end)
        hx_hit(b, v->write_ahead);
    if (in->we && in->waddr >= sb->base && in->waddr < sb->ptr)
        hx_hit(b, v->write_behind);
}

static void cover(hx_bench *b, const bins *v, const scoreboard *sb, const dcp_pt_in *in,
                  const dcp_pt_out *o)
{
    const uint8_t addr[RPORTS] = {in->src0, in->src1, in->dest};
    const dcp_pt_row *rd[RPORTS] = {&o->src0, &o->src1, &o->dest};
    if (in->we)
        hx_hit(b, v->write[kind_of(&in->wrow)]);
    for (unsigned i = 0; i < RPORTS; i++) {
        const unsigned a = addr[i];
        hx_hit(b, v->read[i][kind_of(rd[i])]);
        if (in->we && in->waddr == a)
            hx_hit(b, v->read_during_write);
        if (sb->killed[a])
            hx_hit(b, v->read_killed);
        if (sb_walking(sb) && a == sb->ptr)
            hx_hit(b, v->read_visited);
        if (sb_walking(sb) && rd[i]->v && (a < sb->base || a >= sb->end))
            hx_hit(b, v->read_outside_walk);
    }
    cover_dealloc(b, v, sb, in, o);
    cover_walk(b, v, sb, in, o);
}

/* --- stimulus ------------------------------------------------------------------------ */
/* N = 1, N = 256, small windows and any N; now and then a window ending at the last row. */
static window pick_window(rng_state *r)
{
    const unsigned k = rng_below(r, 8);
    const unsigned n = k == 0 ? 1 : k == 1 ? DRF_REGS : k < 5 ? 2 + rng_below(r, 7)
                                                            : 1 + rng_below(r, DRF_REGS);
    const unsigned base = rng_chance(r, 1, 8) ? DRF_REGS - n : rng_below(r, DRF_REGS - n + 1);
    return (window){base, n};
}

/* N = 0, or base + N > DRF_REGS with N up to the port's 9 bits; half of those end exactly
 * 2^k rows past the slice (k = 0..7), so that each bit of base + N decides once. */
static window pick_bad_window(rng_state *r)
{
    const unsigned base = rng_below(r, DRF_REGS);
    if (rng_chance(r, 1, 2))
        return (window){base, 0};
    if (rng_chance(r, 1, 2))
        return (window){base, DRF_REGS - base + (1u << rng_below(r, 8))};
    const unsigned first_bad = DRF_REGS - base + 1;
    return (window){base, first_bad + rng_below(r, DCP_PT_N_MASK + 1 - first_bad)};
}

static uint8_t in_window(rng_state *r, window w)
{
    return (uint8_t)(w.base + rng_below(r, w.n));
}

static dcp_pt_row pick_row(rng_state *r)
{
    unsigned x = rng_below(r, 20), k = 0;
    while (x >= kind_weight[k])
        x -= kind_weight[k++];
    /* one draw per statement: the stimulus must not depend on evaluation order */
    dcp_pt_row w = {.v = k != K_INVALID};
    w.c = k == K_COMPRESSED || (k != K_UNCOMPRESSED && rng_chance(r, 1, 2));
    w.m = k == K_SPILLED || (k == K_INVALID && rng_chance(r, 1, 2));
    w.entry = (uint8_t)rng_rand32(r);
    w.blk = (uint8_t)rng_below(r, 1u << DRF_BLK_BITS);
    return w;
}

/* Mostly a hot window; during a walk now and then the visited row or its window. */
static uint8_t pick_waddr(rng_state *r, const window hot[HOT], const scoreboard *sb)
{
    if (sb_walking(sb) && rng_chance(r, 1, 12))
        return rng_chance(r, 1, 2) ? (uint8_t)sb->ptr
                                  : in_window(r, (window){sb->base, sb->end - sb->base});
    return rng_chance(r, 7, 8) ? in_window(r, hot[rng_below(r, HOT)])
                              : (uint8_t)rng_below(r, DRF_REGS);
}

/* Hot windows, the last walk's window, the row written, the row visited, anywhere. */
static uint8_t pick_raddr(rng_state *r, const window hot[HOT], const scoreboard *sb,
                          const dcp_pt_in *in)
{
    switch (rng_below(r, 8)) {
    case 0: case 1: case 2: return in_window(r, hot[rng_below(r, HOT)]);
    case 3: return sb->end ? in_window(r, (window){sb->base, sb->end - sb->base}) : 0;
    case 4: return in->waddr;
    case 5: return (uint8_t)sb->ptr;
    default: return (uint8_t)rng_below(r, DRF_REGS);
    }
}

/* A finished wavefront's window: mostly a hot one (its registers have patches), which a new
 * wavefront then replaces; sometimes any window, rarely an illegal one. Often right at a
 * walk's end, to meet the busy boundary. */
static void pick_dealloc(rng_state *r, window hot[HOT], const scoreboard *sb, dcp_pt_in *in)
{
    const bool edge = sb->ended || (sb_walking(sb) && sb->ptr + 1 == sb->end);
    in->dealloc = rng_chance(r, 1, edge ? 4 : sb_walking(sb) ? 128 : 48);
    window w = pick_window(r);
    if (rng_chance(r, 1, 16))
        w = pick_bad_window(r);
    else if (rng_chance(r, 3, 4)) {
        const unsigned k = rng_below(r, HOT);
        const window fresh = w;
        w = hot[k];
        if (in->dealloc)
            hot[k] = fresh;
    }
    in->reg_base = (uint8_t)w.base;
    in->n = (uint16_t)w.n;
}

static dcp_pt_in next_input(rng_state *r, window hot[HOT], const scoreboard *sb, bool resetting)
{
    dcp_pt_in in = {.rst = rng_chance(r, 1, sb_walking(sb) ? 4000 : 20000) || resetting};
    in.we = rng_chance(r, 1, 2);
    in.waddr = pick_waddr(r, hot, sb);
    in.wrow = pick_row(r);
    in.src0 = pick_raddr(r, hot, sb, &in);
    in.src1 = pick_raddr(r, hot, sb, &in);
    in.dest = pick_raddr(r, hot, sb, &in);
    pick_dealloc(r, hot, sb, &in);
    return in;
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "dcp_pt", "table cycles", argc, argv, 100000);
    ports p;
    bind(&b, &p);
    bins v;
    make_bins(&b, &v);

    dcp_pt_state st;
    dcp_pt_reset(&st);
    scoreboard sb = {.base = 0};
    window hot[HOT];
    for (unsigned k = 0; k < HOT; k++)
        hot[k] = pick_window(&b.rng);
    while (hx_running(&b)) {
        const dcp_pt_in in = next_input(&b.rng, hot, &sb, hx_in_reset(&b));
        drive(&b, &p, &in);
        dcp_pt_out o;
        dcp_pt_step(&st, &in, &o);
        expect(&b, &p, &o);
        check(&b, &sb, &in, &o);
        cover(&b, &v, &sb, &in, &o);
        sb_update(&b, &sb, &in, &o);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
