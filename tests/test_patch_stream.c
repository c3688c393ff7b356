/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the streaming DC-Patch replay's entry points (eval/patch/patch.h; dc-patch paper
 * Section V-A): K passes of pa_run_pass on tr_open_mem readers equal pa_run_file with --maps K
 * on the same trace in a file, a bad line stops a pass with "name:line: message", and an
 * unchecked pass (deltarf compare's) counts the same events and cycles, nothing else. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "eval/patch/patch.h"

enum { MAPS = 3, BUF = 1 << 16 };

/* Two wavefronts of 3 registers on two SIMDs, interleaved: writes of constant, single-delta and
 * random-looking values, divergent ones, reads of each. */
static size_t make_trace(char *buf)
{
    size_t n = (size_t)sprintf(buf, "# deltarf register-write trace v1\n");
    for (unsigned w = 0; w < 2; w++)
        n += (size_t)sprintf(buf + n, "A 10 0 %u %u 3\n", w, w);
    for (unsigned i = 0; i < 12; i++)
        for (unsigned w = 0; w < 2; w++) {
            const unsigned vreg = (i + w) % 3, kind = i % 4;
            n += (size_t)sprintf(buf + n, "W %u 0 %u %u %u %s", 20 + 4 * i + 2 * w, w, w, vreg,
                                 kind == 3 ? "00000000ffffffff" : "ffffffffffffffff");
            for (unsigned l = 0; l < DRF_COMPONENTS; l++)
                n += (size_t)sprintf(buf + n, " %08x", kind == 0 ? 7u : kind == 1 ? l * 4
                                                       : (l * 2654435761u) ^ i);
            n += (size_t)sprintf(buf + n, "\nR %u 0 %u %u %u\n", 21 + 4 * i + 2 * w, w, w, vreg);
        }
    for (unsigned w = 0; w < 2; w++)
        n += (size_t)sprintf(buf + n, "F 100 0 %u %u\n", w, w);
    return n;
}

static bool same_stats(const pa_stats *a, const pa_stats *b)
{
    return a->events == b->events && a->writes == b->writes && a->reads == b->reads &&
           a->slice_cycles == b->slice_cycles && a->misp == b->misp &&
           a->compressed == b->compressed && a->lost == b->lost && a->slices == b->slices &&
           memcmp(a->ev, b->ev, sizeof a->ev) == 0 && memcmp(a->occ, b->occ, sizeof a->occ) == 0 &&
           a->alloc == b->alloc && a->span == b->span;
}

static void test_passes(check_counts *c, const char *buf, size_t len, pl_policy map)
{
    const pa_config cfg = {.scenario = FM_DISPERSED, .seed = 9, .maps = MAPS, .map = map};
    char err[512] = "", path[] = "/tmp/deltarf_patch_stream_XXXXXX";
    pa_stats mem = {0}, file = {0};
    bool ok = true;
    for (unsigned m = 0; m < MAPS && ok; m++) {
        tr_reader *r = tr_open_mem(buf, len, "<mem>", err, sizeof err);
        ok = r && pa_run_pass(r, "<mem>", &cfg, m, &mem, err, sizeof err);
        tr_close(r);
    }
    CHECK(c, ok);
    if (!ok)
        fprintf(stderr, "test_patch_stream: %s\n", err);
    const int fd = mkstemp(path);
    CHECK(c, fd >= 0 && write(fd, buf, len) == (ssize_t)len && close(fd) == 0);
    CHECK(c, pa_run_file(path, &cfg, &file, err, sizeof err));
    remove(path);
    CHECK(c, same_stats(&mem, &file));
    CHECK(c, mem.writes == 24 * MAPS && mem.reads == 24 * MAPS && mem.lost == 0);
    CHECK(c, mem.slices == (map == PL_RECORDED ? 2u : 1u) && mem.divergent == 6 * MAPS);
}

/* One pass from a tr_open_mem reader; false with the message on stderr. */
static bool one_pass(const char *buf, size_t len, const pa_config *cfg, pa_stats *st)
{
    char err[512] = "";
    tr_reader *r = tr_open_mem(buf, len, "<mem>", err, sizeof err);
    const bool ok = r && pa_run_pass(r, "<mem>", cfg, 0, st, err, sizeof err);
    tr_close(r);
    if (!ok)
        fprintf(stderr, "test_patch_stream: %s\n", err);
    return ok;
}

static void test_unchecked(check_counts *c, const char *buf, size_t len)
{
    const pa_config cfg = {.scenario = FM_DISPERSED, .seed = 9, .maps = 1, .map = PL_PACKED},
                    fast = {.scenario = FM_DISPERSED, .seed = 9, .maps = 1, .map = PL_PACKED,
                            .unchecked = true};
    pa_stats full = {0}, counts = {0};
    CHECK(c, one_pass(buf, len, &cfg, &full) && one_pass(buf, len, &fast, &counts));
    CHECK(c, counts.events == full.events && counts.writes == full.writes &&
                 counts.reads == full.reads && counts.slice_cycles == full.slice_cycles &&
                 counts.compressed == full.compressed && counts.lds_reads == full.lds_reads &&
                 memcmp(counts.ev, full.ev, sizeof full.ev) == 0);
    CHECK(c, full.compressible > 0 && full.span > 0 && full.occ[PA_PLACED][PA_REL_UNC] > 0);
    CHECK(c, counts.compressible == 0 && counts.span == 0 && counts.alloc == 0 &&
                 counts.occ[PA_PLACED][PA_REL_UNC] == 0 && counts.lanes_mismatch == 0);
}

static void test_bad_line(check_counts *c)
{
    static const char bad[] = "# deltarf register-write trace v1\nA 1 0 0 1 2\nR 2 0 0 1 5\n";
    const pa_config cfg = {.scenario = FM_COMMON, .seed = 1, .maps = 1, .map = PL_PACKED};
    char err[512] = "";
    pa_stats st = {0};
    tr_reader *r = tr_open_mem(bad, sizeof bad - 1, "<bad>", err, sizeof err);
    CHECK(c, r && !pa_run_pass(r, "<bad>", &cfg, 0, &st, err, sizeof err));
    CHECK(c, strncmp(err, "<bad>:3: ", 9) == 0);
    tr_close(r);
}

int main(void)
{
    check_counts c = {0};
    char *buf = malloc(BUF);
    CHECK(&c, buf != NULL);
    if (buf) {
        const size_t len = make_trace(buf);
        CHECK(&c, len < BUF);
        test_passes(&c, buf, len, PL_RECORDED);
        test_passes(&c, buf, len, PL_PACKED);
        test_unchecked(&c, buf, len);
    }
    free(buf);
    test_bad_line(&c);
    return check_done(&c, "test_patch_stream");
}
