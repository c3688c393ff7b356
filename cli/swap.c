/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf swap (pilot paper Section III-B, Figs. 6-7): parses "<compiler top-n> ; <pilot
 * top-n>" and prints the swapping table after reset, after the compiler's top-n and after
 * the pilot's, through the clocked C model cmodel/pilot_swap_table.c (docs/pilot-decisions.md). */
#include "swap.h"

#include <ctype.h>
#include <string.h>

#include "pilot_swap_table.h"

/* The next register number: decimal digits with an optional R/r prefix, ending at a blank,
 * ';' or the end of the line. */
static bool parse_reg(lr_reader *r, const char *list, unsigned k, uint8_t *reg)
{
    while (isspace((unsigned char)*r->pos))
        r->pos++;
    const char *w = r->pos;
    if (*w == '\0' || *w == ';')
        return lr_fail(r, "%s top-n: expected %d registers, got %u", list, PST_N, k);
    if (*w == 'R' || *w == 'r')
        w++;
    unsigned v = 0, digits = 0;
    while (isdigit((unsigned char)w[digits]) && digits < 3)
        v = v * 10 + (unsigned)(w[digits++] - '0');
    const char end = w[digits];
    if (digits == 0 || (end != '\0' && end != ';' && !isspace((unsigned char)end)))
        return lr_fail(r, "%s top-n: register %u is not R<number> or <number>", list, k + 1);
    if (v >= DRF_PILOT_REGS)
        return lr_fail(r, "%s top-n: register %u is R%u, registers are R0..R%d", list, k + 1,
                       v, DRF_PILOT_REGS - 1);
    r->pos = w + digits;
    *reg = (uint8_t)v;
    return true;
}

static bool parse_top(lr_reader *r, const char *list, uint8_t top[PST_N])
{
    for (unsigned k = 0; k < PST_N; k++)
        if (!parse_reg(r, list, k, &top[k]))
            return false;
    if (!pst_top_legal(top))
        return lr_fail(r, "%s top-n names a register twice", list);
    return true;
}

static bool parse_separator(lr_reader *r)
{
    while (isspace((unsigned char)*r->pos))
        r->pos++;
    if (*r->pos != ';')
        return lr_fail(r, "expected ';' after the compiler's %d registers", PST_N);
    r->pos++;
    return true;
}

static void print_table(FILE *out, const pst_out *o)
{
    for (unsigned e = 0; e < PST_ENTRIES; e++)
        fprintf(out, "%c R%u R%u\n", pst_valid(o->entry[e]) ? 'v' : 'i', pst_orig(o->entry[e]),
                pst_mapped(o->entry[e]));
}

/* One cycle of the table, its entries printed when show is set. */
static void cycle(pst_state *st, const pst_in *in, FILE *out, bool show)
{
    pst_out o;
    pst_step(st, in, &o);
    if (show)
        print_table(out, &o);
}

bool swap_record(lr_reader *r, FILE *out)
{
    uint8_t compiler[PST_N], pilot[PST_N];
    if (!parse_top(r, "compiler", compiler) || !parse_separator(r) ||
        !parse_top(r, "pilot", pilot) || !lr_end(r))
        return false;
    pst_state st;
    pst_reset(&st);
    pst_in in = {.clear = true};
    cycle(&st, &in, out, false);
    in = (pst_in){.apply = true};
    memcpy(in.top, compiler, PST_N);
    cycle(&st, &in, out, true);   /* shows the table after the reset */
    memcpy(in.top, pilot, PST_N);
    cycle(&st, &in, out, true);   /* after the compiler's top-n */
    cycle(&st, &(pst_in){0}, out, true); /* after the pilot's */
    fputc('\n', out);
    return true;
}
