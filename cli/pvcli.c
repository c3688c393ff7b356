/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pvorg | rename | bank: records of the PV/NBTI banked-RF C models (pv-nbti-banked-rf
 * paper Sections 3.3.1 Eq. 3, 4.2.1 renaming, 4.2.2 re-organization; docs/pv-decisions.md). */
#include "pvcli.h"

#include "pv_bank_map.h"
#include "pv_bank_org.h"
#include "pv_bank_rename.h"

bool pvorg_record(lr_reader *r, FILE *out)
{
    double delay[DRF_PV_SUBBANKS];
    for (unsigned i = 0; i < DRF_PV_SUBBANKS; i++) {
        char what[32];
        snprintf(what, sizeof what, "delay of sub-bank %u", i);
        if (!lr_has_word(r))
            return lr_fail(r, "expected %d sub-bank delays, got %u", DRF_PV_SUBBANKS, i);
        if (!lr_decimal(r, what, &delay[i]))
            return false;
    }
    if (lr_has_word(r))
        return lr_fail(r, "more than %d sub-bank delays", DRF_PV_SUBBANKS);
    pv_org_table t;
    unsigned boundary;
    pv_org_build(delay, &t, &boundary);
    for (unsigned v = 0; v < DRF_PV_BANKS; v++)
        fprintf(out, "%u %u %u %s\n", v, t.sb[v][0], t.sb[v][1], t.slow[v] ? "slow" : "fast");
    return true;
}

bool rename_record(lr_reader *r, FILE *out)
{
    unsigned last_warp;
    if (!lr_uint(r, "last_warp", DRF_PV_WARPS - 1, &last_warp) || !lr_end(r))
        return false;
    uint8_t row[DRF_PV_BANKS];
    pv_rename_row(last_warp, row);
    for (unsigned b = 0; b < DRF_PV_BANKS; b++)
        fprintf(out, "%s%u", b ? " " : "", row[b]);
    fputc('\n', out);
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
    fprintf(out, "%u %u\n", bank, row[bank]);
    return true;
}
