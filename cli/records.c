/* SPDX-License-Identifier: Apache-2.0 */
/* The record verbs of the RC and RAR models: compress / decompress (aging paper Sections
 * 5.1.1-5.1.2, Eq. 2) and RAR's address rotation (Section 5.2, Fig. 11), one line a record. */
#include "records.h"

#include <inttypes.h>

#include "rar.h"
#include "rc_compress.h"
#include "rc_decompress.h"

bool compress_record(lr_reader *r, FILE *out)
{
    uint32_t comp[DRF_COMPONENTS];
    for (unsigned i = 0; i < DRF_COMPONENTS; i++) {
        char what[16];
        snprintf(what, sizeof what, "word %u", i + 1);
        if (!lr_has_word(r))
            return lr_fail(r, "expected %d hex words, got %u", DRF_COMPONENTS, i);
        if (!lr_hex32(r, what, &comp[i]))
            return false;
    }
    if (lr_has_word(r))
        return lr_fail(r, "more than %d hex words", DRF_COMPONENTS);
    rc_entry e;
    if (rc_compress_register(comp, &e))
        fprintf(out, "C %08" PRIx32 " %u %u\n", e.c0, e.log2de, e.log2db);
    else
        fputs("U\n", out);
    return true;
}

bool decompress_record(lr_reader *r, FILE *out)
{
    rc_entry e = {.v = true};
    unsigned de, db;
    lr_optional_word(r, "C"); /* accepts compress's own output lines */
    if (!lr_hex32(r, "C0", &e.c0) || !lr_uint(r, "log2de", RECORD_CODE_MAX, &de) ||
        !lr_uint(r, "log2db", RECORD_CODE_MAX, &db) || !lr_end(r))
        return false;
    e.log2de = (uint8_t)de;
    e.log2db = (uint8_t)db;
    uint32_t comp[DRF_COMPONENTS];
    rc_decompress_register(&e, comp);
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        fprintf(out, "%s%08" PRIx32, i ? " " : "", comp[i]);
    fputc('\n', out);
    return true;
}

bool rar_record(lr_reader *r, FILE *out)
{
    unsigned base, n, s, index;
    if (!lr_uint(r, "reg_base", DRF_REGS - 1, &base) || !lr_uint(r, "N", DRF_REGS, &n) ||
        !lr_uint(r, "s", DRF_REGS - 1, &s) || !lr_uint(r, "index", DRF_REGS - 1, &index) ||
        !lr_end(r))
        return false;
    const rar_phys_in in = {.reg_base = (uint8_t)base, .n = (uint16_t)n, .s = (uint8_t)s,
                            .index = (uint8_t)index};
    rar_phys_out o;
    rar_phys_step(&in, &o);
    if (o.err)
        return lr_fail(r, "illegal RAR input: need 0 < N, s < N, index < N and "
                          "reg_base + N <= %d", DRF_REGS);
    fprintf(out, "%u\n", o.reg_phys);
    return true;
}
