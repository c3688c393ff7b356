/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the wavefront dispatch (eval/trace/dispatch.c; aging paper Section 2.1, dc-patch
 * paper Section II-A): a wavefront that does not fit waits, its lines come back shifted by its
 * wait and merged in cycle order, nothing is lost; held lines spilled to the temporary file
 * come back intact; the copies that fill a slice (Table 5's rule), read from a trace in
 * memory, are placed as one kernel. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval/trace/dispatch.h"

static size_t put(char *buf, size_t at, const char *line)
{
    return at + (size_t)sprintf(buf + at, "%s\n", line);
}

/* A W line of wavefront wf on cu 0 simd simd: every component = val. */
static size_t put_w(char *buf, size_t at, unsigned cycle, unsigned simd, unsigned wf, unsigned val)
{
    at += (size_t)sprintf(buf + at, "W %u 0 %u %u 0 ffffffffffffffff", cycle, simd, wf);
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        at += (size_t)sprintf(buf + at, " %08x", val);
    return put(buf, at, "");
}

typedef struct {
    char kind;
    unsigned wf, cycle;
} expect_item;

/* Under --map recorded, wavefront 2 shares SIMD 0 with wavefront 1 (200 registers each): it
 * waits from 100 to 110 (F of 1), so its launch W comes at 110, its R of 105 at 115 (before
 * the A of wavefront 3 at 115: held lines go first on a tie), its W of 112 at 122, its F at
 * 130. Wavefront 3 on SIMD 1 starts at once. */
static void test_order(check_counts *c)
{
    static char buf[16384];
    size_t n = put(buf, 0, "# deltarf register-write trace v1");
    n = put(buf, n, "A 100 0 0 1 200");
    n = put_w(buf, n, 100, 0, 1, 7);
    n = put(buf, n, "A 100 0 0 2 200");
    n = put_w(buf, n, 100, 0, 2, 8);
    n = put(buf, n, "R 105 0 0 2 0");
    n = put(buf, n, "R 106 0 0 1 0");
    n = put(buf, n, "F 110 0 0 1");
    n = put_w(buf, n, 112, 0, 2, 9);
    n = put(buf, n, "A 115 0 1 3 4");
    n = put(buf, n, "F 120 0 0 2");
    n = put(buf, n, "F 125 0 1 3");
    static const expect_item want[] = {
        {'A', 1, 100}, {'W', 1, 100}, {'R', 1, 106}, {'F', 1, 110}, {'A', 2, 110},
        {'W', 2, 110}, {'R', 2, 115}, {'A', 3, 115}, {'W', 2, 122}, {'F', 3, 125}, {'F', 2, 130}};
    char err[512] = "";
    tr_reader *r = tr_open_mem(buf, n, "<order>", err, sizeof err);
    ds_state *d = r ? ds_open(r, PL_RECORDED, DS_DEFAULT_BUDGET) : NULL;
    CHECK(c, d != NULL);
    if (d == NULL)
        return;
    ds_item it;
    unsigned k = 0;
    bool same = true;
    int got;
    while ((got = ds_next(d, &it, "<order>", err, sizeof err)) == 1 && k < 11) {
        same &= it.e.kind == (tr_kind)want[k].kind && it.e.wf == want[k].wf &&
                it.e.cycle == want[k].cycle;
        if (it.e.wf == 2)
            same &= it.w.slice == 0 && it.w.window == 0;
        if (it.e.kind == TR_W && it.e.wf == 2)
            same &= it.e.v[63] == (it.e.launch ? 8u : 9u) && it.e.launch == (it.e.cycle == 110);
        k++;
    }
    CHECK(c, got == 0 && k == 11 && same);
    const ds_stats *st = ds_get_stats(d);
    CHECK(c, st->waited == 1 && st->wait_cycles == 10 && st->wait_max == 10 &&
             st->waiting_peak == 1 && st->writes == 3 && st->reads == 2);
    ds_close(d);
    tr_close(r);
}

/* 400 W lines of a waiting wavefront (about 7 chunks) with no memory budget: all but the chunk
 * being read and the one being written go to the file and come back in order. */
static void test_spill(check_counts *c)
{
    enum { LINES = 400 };
    char *buf = malloc(LINES * 700 + 4096);
    CHECK(c, buf != NULL);
    if (buf == NULL)
        return;
    size_t n = put(buf, 0, "# deltarf register-write trace v1");
    n = put(buf, n, "A 10 0 0 1 200");
    n = put(buf, n, "A 10 0 0 2 200");
    for (unsigned i = 0; i < LINES; i++)
        n = put_w(buf, n, 11 + i, 0, 2, i);
    n = put(buf, n, "F 500 0 0 1");
    n = put(buf, n, "F 501 0 0 2");
    char err[512] = "";
    tr_reader *r = tr_open_mem(buf, n, "<spill>", err, sizeof err);
    ds_state *d = r ? ds_open(r, PL_RECORDED, 0) : NULL;
    ds_item it;
    unsigned next = 0;
    bool in_order = d != NULL;
    int got = -1;
    while (d && (got = ds_next(d, &it, "<spill>", err, sizeof err)) == 1)
        if (it.e.kind == TR_W) {
            in_order &= it.e.v[0] == next && it.e.v[63] == next && it.e.cycle == 501 + next;
            next++;
        }
    CHECK(c, got == 0 && in_order && next == LINES);
    if (d) {
        const ds_stats *st = ds_get_stats(d);
        CHECK(c, st->spilled > 0 && st->file_peak > 0 && st->held_peak <= 3 * 16384 &&
                 st->wait_cycles == 490 && st->writes == LINES);
    }
    ds_close(d);
    tr_close(r);
    free(buf);
}

/* The copies that fill a slice for the trace src (ds_shape over its events; 0: not read). */
static unsigned shape_copies(const tr_source *src)
{
    char err[512];
    tr_reader *r = tr_source_open(src, err, sizeof err);
    ds_shape shape = {0, 0, 0};
    tr_event ev;
    int got = 0;
    while (r && (got = tr_next(r, &ev)) == 1)
        ds_shape_see(&shape, &ev);
    tr_close(r);
    return got == 0 ? ds_shape_copies(&shape) : 0;
}

/* Three wavefronts of 13 registers live at once at most (a fourth starts after the first
 * ends): ceil(16 / 3) = 6 copies fill a slice of 16 windows; 6 x 4 wavefronts all placed, the
 * copies read again from memory (tr_source_mem). A trace without wavefronts: one copy. */
static void test_fill_copies(check_counts *c)
{
    static char buf[4096];
    size_t n = put(buf, 0, "# deltarf register-write trace v1");
    n = put(buf, n, "A 10 0 0 1 13");
    n = put(buf, n, "A 10 0 0 2 13");
    n = put(buf, n, "A 11 0 0 3 13");
    n = put(buf, n, "R 12 0 0 1 0");
    n = put(buf, n, "F 20 0 0 1");
    n = put(buf, n, "A 21 0 0 4 13");
    n = put(buf, n, "F 30 0 0 2");
    n = put(buf, n, "F 30 0 0 3");
    n = put(buf, n, "F 31 0 0 4");
    tr_source src;
    tr_source_mem(&src, buf, n, "<fill>");
    char err[512] = "";
    const unsigned copies = shape_copies(&src);
    CHECK(c, copies == 6);
    tr_reader *r = tr_source_open(&src, err, sizeof err);
    ds_state *d = r ? ds_open(r, PL_PACKED, DS_DEFAULT_BUDGET) : NULL;
    CHECK(c, d != NULL && ds_copies(d, &src, copies, err, sizeof err));
    unsigned starts = 0, slices = 0;
    ds_item it;
    while (d && ds_next(d, &it, "<fill>", err, sizeof err) == 1)
        if (it.e.kind == TR_A) {
            starts++;
            slices |= 1u << it.w.slice;
        }
    CHECK(c, starts == 6 * 4 && slices == 3u); /* 24 wavefronts: 16 on slice 0, 8 on 1 */
    ds_close(d);
    tr_close(r);
    const char empty[] = "# deltarf register-write trace v1\n";
    tr_source_mem(&src, empty, sizeof empty - 1, "<empty>");
    CHECK(c, shape_copies(&src) == 1);
}

int main(void)
{
    check_counts c = {0};
    test_order(&c);
    test_spill(&c);
    test_fill_copies(&c);
    return check_done(&c, "test_dispatch");
}
