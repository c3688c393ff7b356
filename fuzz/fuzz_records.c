/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over one of the deltarf CLI's record readers (cli/lineread.c with a record
 * parser of cli/records.c, swap.c or pvcli.c; aging paper Sections 5.1.1-5.2, pilot Figs. 6-7,
 * PV 3.3-4.2): the input is the whole file, read from memory. FUZZ_RECORD picks the parser. */
#include "fuzz.h"

#include <string.h>

#include "pvcli.h"
#include "records.h"
#include "swap.h"

#ifndef FUZZ_RECORD
#error "FUZZ_RECORD must name one of the record parsers of cli/records.h, pvcli.h or swap.h"
#endif

/* The run_records loop of the CLI on a stream, plus the reader's properties: a record
 * error names a line no later than the one read, with a message; an end is clean. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lr_reader r;
    FZ_CHECK(lr_open(&r, NULL));
    r.f = fz_stream(data, size);
    r.name = "<fuzz>";
    enum lr_status st;
    unsigned long records = 0;
    while ((st = lr_next(&r)) == LR_RECORD && FUZZ_RECORD(&r, fz_sink()))
        records++;
    FZ_CHECK(records <= size / 2 + 1); /* a record holds a word and its line end */
    if (st == LR_ERROR || st == LR_RECORD) {
        FZ_CHECK(r.msg[0] != '\0' && strlen(r.msg) < sizeof r.msg);
        FZ_CHECK(r.err_line == r.lineno);
        FZ_CHECK(r.lineno <= size + 1);
    } else {
        FZ_CHECK(r.msg[0] == '\0');
    }
    fclose(r.f);
    return 0;
}
