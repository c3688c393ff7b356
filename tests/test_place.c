/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the shared wavefront placement (eval/trace/place.c; aging paper Section 2.1 and
 * Table 5, dc-patch paper Section II-A): the packed rule (one window size per slice, at most
 * min(16, 256 / N) windows, lowest slice, lowest window), the recorded rule and its errors,
 * release at F, and the live-wavefront table through growth and removal. */
#include <string.h>

#include "check.h"
#include "eval/trace/place.h"

static tr_event a_event(uint64_t wf, unsigned cu, unsigned simd, unsigned n)
{
    return (tr_event){.kind = TR_A, .wf = wf, .cu = cu, .simd = simd, .nvregs = n};
}

/* Starts wf and gives its (slice, window) as slice * 1000 + window, or -1. */
static int start(pl_state *p, uint64_t wf, unsigned cu, unsigned simd, unsigned n)
{
    char msg[256];
    const tr_event e = a_event(wf, cu, simd, n);
    const pl_wave *w = pl_start(p, &e, msg, sizeof msg);
    return w ? (int)(w->slice * 1000 + w->window) : -1;
}

static void end(pl_state *p, uint64_t wf)
{
    const pl_wave *w = pl_find(p, wf);
    if (w)
        pl_end(p, w);
}

static void test_names(check_counts *c)
{
    pl_policy m;
    CHECK(c, pl_parse("packed", &m) && m == PL_PACKED && strcmp(pl_name(m), "packed") == 0);
    CHECK(c, pl_parse("recorded", &m) && m == PL_RECORDED && strcmp(pl_name(m), "recorded") == 0);
    CHECK(c, !pl_parse("simd", &m) && !pl_parse("", &m) && strcmp(pl_name(PL_POLICIES), "?") == 0);
    CHECK(c, pl_slots(1) == 16 && pl_slots(16) == 16 && pl_slots(17) == 15 && pl_slots(22) == 11);
    CHECK(c, pl_slots(200) == 1 && pl_slots(256) == 1 && pl_slots(0) == 0);
}

/* Packed: 22-register windows fill slice 0 with 11, the 12th opens slice 1; a freed window is
 * the next one taken; another size goes to the next slice that is empty. */
static void test_packed(check_counts *c)
{
    pl_state p;
    pl_init(&p, PL_PACKED);
    for (unsigned i = 0; i < 11; i++)
        CHECK(c, start(&p, i, 5, 3, 22) == (int)i);
    CHECK(c, start(&p, 11, 0, 0, 22) == 1000);
    end(&p, 4);
    CHECK(c, pl_find(&p, 4) == NULL && pl_find(&p, 5) && pl_find(&p, 5)->window == 5);
    CHECK(c, start(&p, 12, 0, 0, 22) == 4);
    CHECK(c, start(&p, 13, 0, 0, 8) == 2000);  /* slices 0 and 1 hold windows of 22 */
    for (uint64_t wf = 0; wf < 14; wf++)
        end(&p, wf);
    CHECK(c, pl_any(&p) == NULL && p.count == 0);
    CHECK(c, start(&p, 20, 0, 0, 8) == 0); /* empty again: slice 0 takes windows of 8 */
    CHECK(c, start(&p, 20, 0, 0, 8) == -1);   /* already running */
    pl_free(&p);
}

static void test_recorded(check_counts *c)
{
    pl_state p;
    char msg[256] = "";
    pl_init(&p, PL_RECORDED);
    CHECK(c, start(&p, 1, 2, 3, 200) == 11000);
    const tr_event full = a_event(2, 2, 3, 200), other = a_event(3, 2, 3, 4);
    CHECK(c, pl_start(&p, &full, msg, sizeof msg) == NULL && strstr(msg, "is full (1 of 1"));
    CHECK(c, pl_start(&p, &other, msg, sizeof msg) == NULL &&
                 strstr(msg, "holds windows of 200 registers"));
    CHECK(c, start(&p, 4, 2, 2, 4) == 10000); /* another SIMD */
    end(&p, 1);
    CHECK(c, start(&p, 3, 2, 3, 4) == 11000);
    pl_free(&p);
}

/* Many live wavefronts (the table grows twice) and removal from the middle of clusters. */
static void test_table(check_counts *c)
{
    pl_state p;
    pl_init(&p, PL_PACKED);
    bool ok = true;
    for (uint64_t wf = 0; wf < 1024; wf++)
        ok &= start(&p, wf * 977, 0, 0, 1) == (int)((wf / 16) * 1000 + wf % 16);
    CHECK(c, ok && p.count == 1024 && p.cap >= 2048);
    for (uint64_t wf = 0; wf < 1024; wf += 2)
        end(&p, wf * 977);
    ok = p.count == 512;
    for (uint64_t wf = 0; wf < 1024; wf++) {
        const pl_wave *w = pl_find(&p, wf * 977);
        ok &= wf % 2 ? w && w->wf == wf * 977 && w->window == wf % 16 : w == NULL;
    }
    CHECK(c, ok);
    CHECK(c, start(&p, 5000, 0, 0, 1) == 0); /* slice 0, window 0 is free again */
    pl_free(&p);
}

int main(void)
{
    check_counts c = {0};
    test_names(&c);
    test_packed(&c);
    test_recorded(&c);
    test_table(&c);
    return check_done(&c, "test_place");
}
