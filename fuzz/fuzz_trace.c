/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over the vector-register trace reader (eval/trace/trace.c, format v1 of
 * data/traces/README.md; the input of the aging paper's Section 5 evaluation): plain text or
 * xz bytes from memory, every event checked against the format's ranges and order. */
#include "fuzz.h"

#include <string.h>

#include "eval/trace/trace.h"

enum { MAX_EVENTS = 1 << 16 };

/* The ranges an accepted event must have (README: cu 0-31, simd 0-3, vreg < nvregs <= 256). */
static void check_event(const tr_event *ev, uint64_t *last_cycle)
{
    FZ_CHECK(ev->kind == TR_A || ev->kind == TR_W || ev->kind == TR_R || ev->kind == TR_F);
    FZ_CHECK(ev->cu < TR_MAX_CU && ev->simd < TR_SIMDS);
    FZ_CHECK(ev->cycle >= *last_cycle);
    *last_cycle = ev->cycle;
    if (ev->kind == TR_A)
        FZ_CHECK(ev->nvregs >= 1 && ev->nvregs <= TR_MAX_NVREGS);
    if (ev->kind == TR_W || ev->kind == TR_R)
        FZ_CHECK(ev->vreg < TR_MAX_NVREGS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    tr_reader *r = tr_open_mem(data, size, "<fuzz>", err, sizeof err);
    if (!r) {
        FZ_CHECK(err[0] != '\0');
        return 0;
    }
    tr_event ev;
    uint64_t last_cycle = 0;
    unsigned long last_line = 0;
    int got = 0;
    for (unsigned n = 0; n < MAX_EVENTS && (got = tr_next(r, &ev)) == 1; n++) {
        check_event(&ev, &last_cycle);
        /* an Accel-Sim trace's events come from buffered lines (fuzz_accel.c checks them) */
        FZ_CHECK(tr_line(r) > last_line || !tr_has_values(r));
        last_line = tr_line(r);
    }
    if (got < 0) {
        FZ_CHECK(strncmp(tr_error(r), "<fuzz>:", 7) == 0);
        FZ_CHECK(tr_next(r, &ev) == -1); /* an error is final */
    } else {
        FZ_CHECK(tr_error(r)[0] == '\0');
    }
    tr_close(r);
    return 0;
}
