/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RC slice wrapper (aging paper Sections 2.1, 5.1): cmodel/rc_slice.c
 * against rtl/rc_slice.v every cycle, plus the end-to-end property: every read of a
 * register that is not being written returns, lane by lane, the last value written. */
#include <string.h>

#include "harness.h"
#include "ports_rc_slice.h"
#include "rc_slice.h"
#include "stim.h"

enum { PORTS = RC_READ_PORTS, PG_WORDS32 = DRF_REGS / 32, HOT_REGS = 8 };

/* The RTL's ports (r) and its read ports A and B as arrays. */
typedef struct {
    rc_slice_ports r;
    const dut_port *rd_en[PORTS], *rd_reg[PORTS], *rd_sw[PORTS], *rd_valid[PORTS], *rd_data[PORTS];
} ports;

typedef struct {
    unsigned read_compressed[PORTS], read_plain[PORTS], pattern[RC_PATTERN_KINDS], mov, wake,
        port_b_lent, overlap, back_to_back, same_reg_back_to_back, divergent_plain, zero_mask,
        rewrite_compressed, reset, e2e;
} bins;

/* What the bench knows of the slice: the last value written to each register. */
typedef struct {
    uint32_t value[DRF_REGS][DRF_COMPONENTS];
    bool known[DRF_REGS];   /* value holds (false after a reset that lost it) */
    bool written[DRF_REGS]; /* written since time zero: its array rows are defined */
    uint8_t written_list[DRF_REGS];
    unsigned nwritten;
} scoreboard;

typedef struct {
    uint32_t c[DRF_COMPONENTS];
    uint64_t mask;
    uint8_t reg;
    enum stim_kind kind;
    unsigned next_sw; /* DRF_SUBWAVEFRONTS: no write in flight */
} write_txn;

typedef struct {
    bool check;
    uint32_t exp[DRF_SW_LANES];
    uint8_t reg, sw;
} pending_read;

static void bind(hx_bench *b, ports *p)
{
    rc_slice_open(b, &p->r);
    const rc_slice_ports *r = &p->r;
    const dut_port *const en[] = {r->rd_en_a, r->rd_en_b}, *const rg[] = {r->rd_reg_a, r->rd_reg_b},
                   *const sw[] = {r->rd_sw_a, r->rd_sw_b}, *const va[] = {r->rd_valid_a, r->rd_valid_b},
                   *const da[] = {r->rd_data_a, r->rd_data_b};
    for (unsigned i = 0; i < PORTS; i++) {
        p->rd_en[i] = en[i];
        p->rd_reg[i] = rg[i];
        p->rd_sw[i] = sw[i];
        p->rd_valid[i] = va[i];
        p->rd_data[i] = da[i];
    }
}

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned i = 0; i < PORTS; i++) {
        v->read_compressed[i] = hx_bin(b, "port %c reads a compressed register", 'A' + i);
        v->read_plain[i] = hx_bin(b, "port %c reads an uncompressed register", 'A' + i);
    }
    for (unsigned k = 0; k < RC_PATTERN_KINDS; k++)
        v->pattern[k] = hx_bin(b, "full write of a %s register", rc_pattern_name(k));
    v->mov = hx_bin(b, "special MOV (divergent write to a compressed register)");
    v->wake = hx_bin(b, "register switched back on");
    v->port_b_lent = hx_bin(b, "read port B lent to the special MOV");
    v->overlap = hx_bin(b, "start during a write ignored");
    v->back_to_back = hx_bin(b, "back-to-back writes");
    v->same_reg_back_to_back = hx_bin(b, "back-to-back writes to one register");
    v->divergent_plain = hx_bin(b, "divergent write to an uncompressed register");
    v->zero_mask = hx_bin(b, "write with an all-zero exec mask");
    v->rewrite_compressed = hx_bin(b, "full write to a compressed register");
    v->reset = hx_bin(b, "reset mid-stream");
    v->e2e = hx_bin(b, "read checked against the last value written");
}

static bool table_valid(const rc_slice_state *s, unsigned r)
{
    return s->table.entry[r].v;
}

static uint8_t pick_write_reg(rng_state *r)
{
    return (uint8_t)(rng_chance(r, 1, 2) ? rng_below(r, HOT_REGS) : rng_below(r, DRF_REGS));
}

static uint64_t pick_mask(rng_state *r, bool must_be_full)
{
    if (must_be_full || rng_chance(r, 17, 20))
        return ~0ull;
    switch (rng_below(r, 4)) {
    case 0: return 0;
    case 1: return 1ull << rng_below(r, DRF_COMPONENTS);
    default: return ((uint64_t)rng_rand32(r) << 32 | rng_rand32(r)) & ~(1ull << rng_below(r, 64));
    }
}

static void new_write(hx_bench *b, const scoreboard *sb, write_txn *w)
{
    w->reg = pick_write_reg(&b->rng);
    w->kind = stim_pick(&b->rng);
    stim_register(&b->rng, w->kind, w->c);
    w->mask = pick_mask(&b->rng, !sb->written[w->reg]);
    w->next_sw = 0;
}

/* The write completed: lanes it enabled take the new value, the others keep theirs. */
static void retire_write(scoreboard *sb, const write_txn *w)
{
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        if (w->mask >> i & 1u)
            sb->value[w->reg][i] = w->c[i];
    if (!sb->written[w->reg]) {
        sb->written[w->reg] = true;
        sb->written_list[sb->nwritten++] = w->reg;
    }
    sb->known[w->reg] |= w->mask == ~0ull; /* a partial write to a lost value stays lost */
}

/* A reset invalidates the table: switched-off registers lose their contents. */
static void forget_on_reset(scoreboard *sb, const rc_slice_state *s)
{
    for (unsigned r = 0; r < DRF_REGS; r++)
        if (table_valid(s, r))
            sb->known[r] = false;
}

static void drive_write(hx_bench *b, const ports *p, const rc_slice_in *in)
{
    hx_set(b, p->r.rst, in->rst);
    hx_set(b, p->r.wr_start, in->wr_start);
    hx_set(b, p->r.wr_reg, in->wr_reg);
    hx_set(b, p->r.wr_mask, in->wr_mask);
    hx_set_words(b, p->r.wr_data, in->wr_data, DRF_SW_LANES);
    for (unsigned i = 0; i < PORTS; i++) {
        hx_set(b, p->rd_en[i], in->rd_en[i]);
        hx_set(b, p->rd_reg[i], in->rd_reg[i]);
        hx_set(b, p->rd_sw[i], in->rd_sw[i]);
    }
    hx_eval(b);
}

static void expect_outputs(hx_bench *b, const ports *p, const rc_slice_out *o)
{
    for (unsigned i = 0; i < PORTS; i++) {
        hx_expect(b, p->rd_valid[i], o->rd_valid[i]);
        hx_expect_words(b, p->rd_data[i], o->rd_data[i], DRF_SW_LANES);
    }
    hx_expect(b, p->r.wr_phase, o->wr_phase);
    hx_expect(b, p->r.wr_overlap, o->wr_overlap);
    hx_expect(b, p->r.mov, o->mov);
    hx_expect(b, p->r.wake, o->wake);
    uint32_t pg32[PG_WORDS32];
    hx_words32(o->pg, pg32, PG_WORDS32);
    hx_expect_words(b, p->r.pg, pg32, PG_WORDS32);
}

/* Reads go to registers written since time zero (never-written rows are undefined). */
static void pick_reads(hx_bench *b, const scoreboard *sb, rc_slice_in *in)
{
    for (unsigned i = 0; i < PORTS; i++) {
        in->rd_en[i] = sb->nwritten > 0 && rng_chance(&b->rng, 3, 5);
        in->rd_reg[i] = in->rd_en[i] ? sb->written_list[rng_below(&b->rng, sb->nwritten)]
                                     : (uint8_t)rng_rand32(&b->rng);
        in->rd_sw[i] = (uint8_t)rng_below(&b->rng, DRF_SUBWAVEFRONTS);
    }
}

/* Reads whose answer the scoreboard knows: not the register being written right now. */
static void note_reads(const scoreboard *sb, const rc_slice_in *in, const write_txn *cur,
                       pending_read pend[PORTS])
{
    const bool in_flight = cur->next_sw < DRF_SUBWAVEFRONTS;
    for (unsigned i = 0; i < PORTS; i++) {
        const uint8_t r = in->rd_reg[i];
        pend[i].check = in->rd_en[i] && sb->known[r] && !(in_flight && cur->reg == r);
        pend[i].reg = r;
        pend[i].sw = in->rd_sw[i];
        memcpy(pend[i].exp, &sb->value[r][in->rd_sw[i] * DRF_SW_LANES], sizeof pend[i].exp);
    }
}

static void check_reads(hx_bench *b, const bins *v, const pending_read pend[PORTS],
                        const rc_slice_out *o)
{
    for (unsigned i = 0; i < PORTS; i++) {
        if (!pend[i].check || !o->rd_valid[i])
            continue;
        for (unsigned j = 0; j < DRF_SW_LANES; j++)
            hx_assert(b, o->rd_data[i][j] == pend[i].exp[j],
                      "read returns the last value written", pend[i].exp[j], o->rd_data[i][j]);
        hx_hit(b, v->e2e);
    }
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "rc_slice", "register writes", argc, argv, 100000);
    ports p;
    bind(&b, &p);
    bins v;
    make_bins(&b, &v);

    static rc_slice_state s;
    static scoreboard sb;
    rc_slice_reset(&s);
    write_txn cur = {.next_sw = DRF_SUBWAVEFRONTS}, nxt;
    pending_read pend[PORTS] = {{0}};
    while (hx_running(&b)) {
        rng_state *r = &b.rng;
        rc_slice_in in = {0};
        in.rst = hx_in_reset(&b) || rng_chance(r, 1, 20000);
        const bool writing = cur.next_sw < DRF_SUBWAVEFRONTS;
        const bool last = cur.next_sw == DRF_SUBWAVEFRONTS - 1;
        const bool overlap_try = writing && !last && rng_chance(r, 1, 40);
        in.wr_start = !in.rst && (overlap_try || (!writing ? rng_chance(r, 1, 2)
                                                  : last && rng_chance(r, 1, 2)));
        const bool real_start = in.wr_start && !overlap_try;
        if (real_start) {
            new_write(&b, &sb, &nxt);
            in.wr_reg = nxt.reg;
            in.wr_mask = nxt.mask;
        } else {
            in.wr_reg = (uint8_t)rng_rand32(r);
            in.wr_mask = (uint64_t)rng_rand32(r) << 32 | rng_rand32(r);
        }
        if (writing)
            memcpy(in.wr_data, &cur.c[cur.next_sw * DRF_SW_LANES], sizeof in.wr_data);
        else
            for (unsigned j = 0; j < DRF_SW_LANES; j++)
                in.wr_data[j] = rng_rand32(r);
        pick_reads(&b, &sb, &in);
        drive_write(&b, &p, &in);

        const bool mov_active = s.wr_phase != 0 && s.wr_mov;
        const bool b_enabled = in.rd_en[1];
        rc_slice_out o;
        const bool was_compressed[PORTS] = {table_valid(&s, in.rd_reg[0]),
                                            table_valid(&s, in.rd_reg[1])};
        const bool dst_compressed = table_valid(&s, in.wr_reg);
        if (in.rst && !hx_in_reset(&b)) {
            hx_hit(&b, v.reset);
            forget_on_reset(&sb, &s);
        }
        rc_slice_step(&s, &in, &o);
        expect_outputs(&b, &p, &o);
        check_reads(&b, &v, pend, &o);
        note_reads(&sb, &in, &cur, pend);

        for (unsigned i = 0; i < PORTS; i++)
            if (in.rd_en[i] && !(i == 1 && mov_active))
                hx_hit(&b, was_compressed[i] ? v.read_compressed[i] : v.read_plain[i]);
        if (mov_active && b_enabled)
            hx_hit(&b, v.port_b_lent);
        if (o.mov)
            hx_hit(&b, v.mov);
        if (o.wake)
            hx_hit(&b, v.wake);
        if (o.wr_overlap)
            hx_hit(&b, v.overlap);

        if (writing) {
            cur.next_sw++;
            if (in.rst) { /* the write is lost half-way: its register is unknown */
                sb.known[cur.reg] = false;
                cur.next_sw = DRF_SUBWAVEFRONTS;
            } else if (cur.next_sw == DRF_SUBWAVEFRONTS) {
                retire_write(&sb, &cur);
                if (cur.mask == ~0ull)
                    hx_hit(&b, v.pattern[rc_classify(cur.c)]);
            }
            if (cur.next_sw == DRF_SUBWAVEFRONTS)
                hx_txn_done(&b);
        }
        if (real_start) {
            if (writing)
                hx_hit(&b, nxt.reg == cur.reg ? v.same_reg_back_to_back : v.back_to_back);
            if (nxt.mask != ~0ull && !dst_compressed && !(writing && nxt.reg == cur.reg))
                hx_hit(&b, v.divergent_plain);
            if (nxt.mask == 0)
                hx_hit(&b, v.zero_mask);
            if (nxt.mask == ~0ull && dst_compressed)
                hx_hit(&b, v.rewrite_compressed);
            cur = nxt;
        }
        hx_tick(&b);
    }
    return hx_finish(&b);
}
