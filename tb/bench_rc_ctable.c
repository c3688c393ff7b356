/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RC compression table (aging paper Section 5.1.1):
 * cmodel/rc_ctable.c against rtl/rc_ctable.v; a transaction is one table cycle. */
#include "harness.h"
#include "ports_rc_ctable.h"
#include "rc_ctable.h"

typedef rc_ctable_ports ports;

typedef struct {
    unsigned read_valid[2], read_invalid[2], write_valid, invalidate, read_during_write,
        vw_valid, reset;
} bins;

static void make_bins(hx_bench *b, bins *v)
{
    for (unsigned p = 0; p < 2; p++) {
        v->read_valid[p] = hx_bin(b, "port %c reads a valid entry", 'A' + p);
        v->read_invalid[p] = hx_bin(b, "port %c reads an invalid entry", 'A' + p);
    }
    v->write_valid = hx_bin(b, "write of a compressed entry");
    v->invalidate = hx_bin(b, "invalidation");
    v->read_during_write = hx_bin(b, "read of the entry being written");
    v->vw_valid = hx_bin(b, "write-side valid bit set");
    v->reset = hx_bin(b, "reset mid-stream");
}

/* Addresses from a small window half of the time, so reads meet writes. */
static uint8_t pick_addr(rng_state *r)
{
    return (uint8_t)(rng_chance(r, 1, 2) ? rng_below(r, 8) : rng_below(r, DRF_REGS));
}

static void drive(hx_bench *b, const ports *p, const rc_ctable_in *in)
{
    hx_set(b, p->rst, in->rst);
    hx_set(b, p->we, in->we);
    hx_set(b, p->waddr, in->waddr);
    hx_set(b, p->wv, in->wentry.v);
    hx_set(b, p->wc0, in->wentry.c0);
    hx_set(b, p->wlog2de, in->wentry.log2de);
    hx_set(b, p->wlog2db, in->wentry.log2db);
    hx_set(b, p->ra, in->ra);
    hx_set(b, p->rb, in->rb);
    hx_set(b, p->rw, in->rw);
    hx_eval(b);
}

static void expect(hx_bench *b, const ports *p, const rc_ctable_out *o)
{
    hx_expect(b, p->va, o->ea.v);
    hx_expect(b, p->c0a, o->ea.c0);
    hx_expect(b, p->log2dea, o->ea.log2de);
    hx_expect(b, p->log2dba, o->ea.log2db);
    hx_expect(b, p->vb, o->eb.v);
    hx_expect(b, p->c0b, o->eb.c0);
    hx_expect(b, p->log2deb, o->eb.log2de);
    hx_expect(b, p->log2dbb, o->eb.log2db);
    hx_expect(b, p->vw, o->vw);
}

static void cover(hx_bench *b, const bins *v, const rc_ctable_in *in, const rc_ctable_out *o)
{
    const rc_entry *e[2] = {&o->ea, &o->eb};
    const uint8_t addr[2] = {in->ra, in->rb};
    for (unsigned p = 0; p < 2; p++) {
        hx_hit(b, e[p]->v ? v->read_valid[p] : v->read_invalid[p]);
        if (in->we && in->waddr == addr[p])
            hx_hit(b, v->read_during_write);
    }
    if (in->we)
        hx_hit(b, in->wentry.v ? v->write_valid : v->invalidate);
    if (o->vw)
        hx_hit(b, v->vw_valid);
    if (in->rst)
        hx_hit(b, v->reset);
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "rc_ctable", "table cycles", argc, argv, 100000);
    ports p;
    rc_ctable_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    rc_ctable_state s;
    rc_ctable_reset(&s);
    while (hx_running(&b)) {
        rng_state *r = &b.rng;
        const rc_ctable_in in = {
            .rst = hx_in_reset(&b) || rng_chance(r, 1, 20000),
            .we = rng_chance(r, 1, 2), .waddr = pick_addr(r),
            .wentry = {.v = rng_chance(r, 3, 4), .c0 = rng_rand32(r),
                       .log2de = (uint8_t)rng_below(r, 8), .log2db = (uint8_t)rng_below(r, 8)},
            .ra = pick_addr(r), .rb = pick_addr(r), .rw = pick_addr(r)};
        drive(&b, &p, &in);
        rc_ctable_out o;
        rc_ctable_step(&s, &in, &o);
        expect(&b, &p, &o);
        cover(&b, &v, &in, &o);
        hx_tick(&b);
        hx_txn_done(&b);
    }
    return hx_finish(&b);
}
