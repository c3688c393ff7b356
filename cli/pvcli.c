/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pvorg | rename | bank: records of the PV/NBTI banked-RF C models (pv-nbti-banked-rf
 * paper Sections 3.3.1 Eq. 3, 4.2.1 renaming, 4.2.2 re-organization; docs/pv-decisions.md). */
#include "pvcli.h"

#include "pv_bank_map.h"
#include "pv_bank_org.h"
#include "pv_bank_rename.h"

#include <string.h>

/* Appends v in decimal at p, returns the end: the records' output is built in a buffer and
 * written at once (one fprintf per number was most of a record's time, docs/fuzz.md). */
static char *put_uint(char *p, unsigned v)
{
    char digits[10];
    unsigned n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *p++ = digits[--n];
    return p;
}

static char *put_str(char *p, const char *s)
{
    const size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* "delay of sub-bank I", the field's name in error messages, formatted once. */
static const char *delay_name(unsigned i)
{
    static char names[DRF_PV_SUBBANKS][sizeof "delay of sub-bank 31"];
    if (!names[i][0])
        snprintf(names[i], sizeof names[i], "delay of sub-bank %u", i);
    return names[i];
}

bool pvorg_record(lr_reader *r, FILE *out)
{
    double delay[DRF_PV_SUBBANKS];
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++) {
        if (!lr_has_word(r))
            return lr_fail(r, "expected %d sub-bank delays, got %u", DRF_PV_SUBBANKS, i);
        if (!lr_decimal(r, delay_name(i), &delay[i]))
            return false;
    }
    if (lr_has_word(r))
        return lr_fail(r, "more than %d sub-bank delays", DRF_PV_SUBBANKS);
    pv_org_table t;
    unsigned boundary;
    pv_org_build(delay, &t, &boundary);
    char buf[DRF_PV_BANKS * sizeof "15 31 31 slow\n"], *p = buf;
    for (unsigned v = 0; v < DRF_PV_BANKS; v++) {
        p = put_str(put_uint(p, v), " ");
        p = put_str(put_uint(p, t.sb[v][0]), " ");
        p = put_str(put_uint(p, t.sb[v][1]), t.slow[v] ? " slow\n" : " fast\n");
    }
    fwrite(buf, 1, (size_t)(p - buf), out);
    return true;
}

/* The output line of a last warp's renaming row, formatted once (48 possible lines). */
static const char *rename_line(unsigned last_warp)
{
    static char lines[DRF_PV_WARPS][DRF_PV_BANKS * sizeof " 15"];
    char *p = lines[last_warp];
    if (!*p) {
        uint8_t row[DRF_PV_BANKS];
        pv_rename_row(last_warp, row);
        for (unsigned b = 0; b < DRF_PV_BANKS; b++)
            p = put_str(put_uint(p, row[b]), b + 1 < DRF_PV_BANKS ? " " : "\n");
        *p = '\0';
    }
    return lines[last_warp];
}

bool rename_record(lr_reader *r, FILE *out)
{
    unsigned last_warp;
    if (!lr_uint(r, "last_warp", DRF_PV_WARPS - 1, &last_warp) || !lr_end(r))
        return false;
    fputs(rename_line(last_warp), out);
    return true;
}

bool bank_record(lr_reader *r, FILE *out)
{
    unsigned warp, reg, last_warp;
    if (!lr_uint(r, "warp", DRF_PV_WARPS - 1, &warp) ||
        !lr_uint(r, "reg", DRF_PV_REG_IDS - 1, &reg) ||
        !lr_uint(r, "last_warp", DRF_PV_WARPS - 1, &last_warp) || !lr_end(r))
        return false;
    uint8_t row[DRF_PV_BANKS];
    pv_rename_row(last_warp, row);
    const unsigned bank = pv_bank_eq3(warp, reg);
    char buf[sizeof "15 15\n"], *p = buf;
    p = put_str(put_uint(put_str(put_uint(p, bank), " "), row[bank]), "\n");
    fwrite(buf, 1, (size_t)(p - buf), out);
    return true;
}
