/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep bench of the RAR reg_phys datapath (aging paper Section 5.2, Fig. 11):
 * cmodel/rar.c against rtl/rar_phys.v every evaluation, and both against the paper's
 * reg_phys = reg_base + (s + index) % N (a plain %) for legal inputs, err for illegal ones. */
#include "harness.h"
#include "ports_rar_phys.h"
#include "rar.h"

enum { EXH_MAX_N = 16, EXH_BASES = 4, ILLEGAL_KINDS = 4 };

typedef rar_phys_ports ports;

typedef struct {
    unsigned mux[2], base1_wraps, at_limit, below_limit, n1, n256, window_at_top,
        err[ILLEGAL_KINDS], n_above_regs;
} bins;

static const char *const illegal_names[ILLEGAL_KINDS] = {"index >= N", "s >= N", "N == 0",
                                                         "reg_base + N > 256"};

static void make_bins(hx_bench *b, bins *v)
{
    v->mux[0] = hx_bin(b, "no overflow: mux selects reg_base0 = reg_base + s");
    v->mux[1] = hx_bin(b, "overflow: mux selects reg_base1 = reg_base + s - N");
    v->base1_wraps = hx_bin(b, "overflow with reg_base + s < N (reg_base1 wraps below 0)");
    v->at_limit = hx_bin(b, "comparator boundary: index == limit");
    v->below_limit = hx_bin(b, "comparator boundary: index == limit - 1");
    v->n1 = hx_bin(b, "legal N = 1");
    v->n256 = hx_bin(b, "legal N = 256");
    v->window_at_top = hx_bin(b, "legal reg_base + N = 256");
    for (unsigned k = 0; k < ILLEGAL_KINDS; k++)
        v->err[k] = hx_bin(b, "err: %s", illegal_names[k]);
    v->n_above_regs = hx_bin(b, "err: N > 256");
}

/* The bench's own statement of the legal inputs (Sections 2.1 and 5.2), per condition. */
static unsigned illegal_mask(const rar_phys_in *in)
{
    const unsigned n = in->n;
    return (unsigned)(in->index >= n) | (unsigned)(in->s >= n) << 1 | (unsigned)(n == 0) << 2 |
           (unsigned)(in->reg_base + n > DRF_REGS) << 3;
}

/* Section 5.2 with a plain modulo, and the error contract of docs/rar-decisions.md. */
static void check_property(hx_bench *b, const rar_phys_in *in, const rar_phys_out *o)
{
    const bool illegal = illegal_mask(in) != 0;
    hx_assert(b, o->err == illegal, "err == inputs illegal", illegal, o->err);
    if (illegal) {
        hx_assert(b, o->reg_phys == 0 && !o->overflow, "reg_phys, overflow == 0 on err", 0,
                  (uint64_t)o->reg_phys << 1 | o->overflow);
        return;
    }
    const unsigned exp = in->reg_base + (in->s + in->index) % in->n;
    hx_assert(b, o->reg_phys == exp, "reg_phys == reg_base + (s + index) % N", exp,
              o->reg_phys);
    const bool wraps = in->s + in->index >= in->n;
    hx_assert(b, o->overflow == wraps, "overflow == (s + index >= N)", wraps, o->overflow);
}

static void cover(hx_bench *b, const bins *v, const rar_phys_in *in, const rar_phys_out *o)
{
    const unsigned bad = illegal_mask(in);
    for (unsigned k = 0; k < ILLEGAL_KINDS; k++)
        if (bad >> k & 1u)
            hx_hit(b, v->err[k]);
    if (in->n > DRF_REGS)
        hx_hit(b, v->n_above_regs);
    if (bad)
        return;
    const unsigned limit = in->n - in->s;
    hx_hit(b, v->mux[o->overflow]);
    if (o->overflow && in->reg_base + in->s < in->n)
        hx_hit(b, v->base1_wraps);
    if (in->index == limit)
        hx_hit(b, v->at_limit);
    if (in->index + 1u == limit)
        hx_hit(b, v->below_limit);
    if (in->n == 1)
        hx_hit(b, v->n1);
    if (in->n == DRF_REGS)
        hx_hit(b, v->n256);
    if (in->reg_base + in->n == DRF_REGS)
        hx_hit(b, v->window_at_top);
}

static void run_one(hx_bench *b, const ports *p, const bins *v, const rar_phys_in *in)
{
    hx_set(b, p->reg_base, in->reg_base);
    hx_set(b, p->n, in->n);
    hx_set(b, p->s, in->s);
    hx_set(b, p->index, in->index);
    hx_eval(b);
    rar_phys_out o;
    rar_phys_step(in, &o);
    hx_expect(b, p->reg_phys, o.reg_phys);
    hx_expect(b, p->overflow, o.overflow);
    hx_expect(b, p->err, o.err);
    check_property(b, in, &o);
    cover(b, v, in, &o);
    hx_tick(b);
    hx_txn_done(b);
}

/* Exhaustive case c: every N <= EXH_MAX_N, s and index in 0..N (N itself is the first
 * illegal value), reg_base 0, 1, a random one and the largest legal one, 256 - N.
 * Returns false past the last case. */
static bool exhaustive_case(rng_state *r, unsigned c, rar_phys_in *in)
{
    for (unsigned n = 1; n <= EXH_MAX_N; n++) {
        const unsigned side = n + 1, count = EXH_BASES * side * side;
        if (c >= count) {
            c -= count;
            continue;
        }
        const unsigned bases[EXH_BASES] = {0, 1, rng_below(r, DRF_REGS - n + 1), DRF_REGS - n};
        *in = (rar_phys_in){.reg_base = (uint8_t)bases[c / (side * side)], .n = (uint16_t)n,
                            .s = (uint8_t)(c / side % side), .index = (uint8_t)(c % side)};
        return true;
    }
    return false;
}

static unsigned random_n(rng_state *r)
{
    switch (rng_below(r, 8)) {
    case 0: return DRF_REGS;
    case 1: return 1;
    case 2: case 3: return 1 + rng_below(r, EXH_MAX_N);
    default: return 1 + rng_below(r, DRF_REGS);
    }
}

/* Values below n, biased to 0, n - 1 and (for index) the comparator boundary. */
static unsigned below_biased(rng_state *r, unsigned n, unsigned boundary)
{
    switch (rng_below(r, 8)) {
    case 0: return 0;
    case 1: return n - 1;
    case 2: case 3: return boundary < n ? boundary : n - 1;
    default: return rng_below(r, n);
    }
}

static void random_legal(rng_state *r, rar_phys_in *in)
{
    const unsigned n = random_n(r), top = DRF_REGS - n;
    in->n = (uint16_t)n;
    in->reg_base = (uint8_t)(rng_chance(r, 1, 4) ? top : rng_below(r, top + 1));
    in->s = (uint8_t)below_biased(r, n, 0);
    const unsigned limit = n - in->s;
    in->index = (uint8_t)below_biased(r, n, limit - rng_below(r, 2));
}

/* A legal input broken in one way (N == 0 also breaks s < N and index < N). */
static void random_illegal(rng_state *r, rar_phys_in *in)
{
    random_legal(r, in);
    const unsigned n = in->n < DRF_REGS ? in->n : DRF_REGS - 1;
    switch (rng_below(r, ILLEGAL_KINDS)) {
    case 0: in->n = (uint16_t)n; in->index = (uint8_t)(n + rng_below(r, DRF_REGS - n)); break;
    case 1: in->n = (uint16_t)n; in->s = (uint8_t)(n + rng_below(r, DRF_REGS - n)); break;
    case 2: in->n = 0; break;
    default:
        in->n = (uint16_t)(2 + rng_below(r, RAR_N_MASK - 1)); /* N = 1 fits everywhere */
        in->reg_base = (uint8_t)(in->n > DRF_REGS ? rng_below(r, DRF_REGS)
                                                  : DRF_REGS - in->n + 1 + rng_below(r, in->n - 1));
        break;
    }
}

int main(int argc, char **argv)
{
    hx_bench b;
    hx_init(&b, "rar_phys", "address translations", argc, argv, 100000);
    ports p;
    rar_phys_open(&b, &p);
    bins v;
    make_bins(&b, &v);

    hx_arm(&b); /* combinational: nothing to reset */
    rar_phys_in in;
    for (unsigned c = 0; hx_running(&b) && exhaustive_case(&b.rng, c, &in); c++)
        run_one(&b, &p, &v, &in);
    while (hx_running(&b)) {
        if (rng_chance(&b.rng, 1, 8))
            random_illegal(&b.rng, &in);
        else
            random_legal(&b.rng, &in);
        run_one(&b, &p, &v, &in);
    }
    return hx_finish(&b);
}
