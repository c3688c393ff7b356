/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the DC-Patch fault maps (dc-patch paper Section II-B, Table 1): class
 * counts, ECP rule, determinism, clustering, and the reader's round trip and errors. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "faultmap.h"

static unsigned popcount4(uint8_t m)
{
    return (m & 1u) + (m >> 1 & 1u) + (m >> 2 & 1u) + (m >> 3 & 1u);
}

/* Entries with 0, 2, 3, 4 faulty blocks must match Table 1 (0- and 1-bit entries are both
 * reliable under ECP) within the rounding of DRF_REGS * percent / 100. */
static void test_table1_counts(check_counts *c)
{
    for (unsigned s = 0; s < FM_SCENARIOS; s++) {
        fm_map m;
        fm_generate((enum fm_scenario)s, 42, &m);
        unsigned by_blocks[FM_BLOCKS + 1] = {0};
        for (unsigned e = 0; e < DRF_REGS; e++)
            by_blocks[popcount4(m.faulty[e])]++;
        const uint8_t *pct = fm_table1_percent((enum fm_scenario)s);
        const unsigned want_reliable = (pct[0] + pct[1]) * DRF_REGS / 100;
        CHECK(c, by_blocks[0] >= want_reliable && by_blocks[0] <= want_reliable + 2);
        CHECK(c, by_blocks[1] == 0);
        for (unsigned k = 2; k <= FM_BLOCKS; k++) {
            const unsigned want = pct[k] * DRF_REGS / 100;
            CHECK(c, by_blocks[k] >= want && by_blocks[k] <= want + 1);
        }
    }
}

static void test_ecp_rule(check_counts *c)
{
    CHECK(c, fm_faulty_blocks(0) == 0);
    CHECK(c, fm_faulty_blocks(1) == 0);
    CHECK(c, fm_faulty_blocks(2) == 2);
    CHECK(c, fm_faulty_blocks(3) == 3);
    CHECK(c, fm_faulty_blocks(4) == 4);
    CHECK(c, fm_faulty_blocks(9) == 4);
}

static void test_determinism(check_counts *c)
{
    fm_map a, b, d;
    fm_generate(FM_COMMON, 7, &a);
    fm_generate(FM_COMMON, 7, &b);
    fm_generate(FM_COMMON, 8, &d);
    CHECK(c, memcmp(&a, &b, sizeof a) == 0);
    CHECK(c, memcmp(&a, &d, sizeof a) != 0);
}

/* Mean length of runs of consecutive faulty entries. */
static double mean_faulty_run(const fm_map *m)
{
    unsigned runs = 0, faulty = 0;
    for (unsigned e = 0; e < DRF_REGS; e++) {
        faulty += m->faulty[e] != 0;
        runs += m->faulty[e] && (e == 0 || !m->faulty[e - 1]);
    }
    return runs ? (double)faulty / runs : 0.0;
}

static void test_clustering(check_counts *c)
{
    double clustered = 0, common = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        fm_map m;
        fm_generate(FM_CLUSTERED, seed, &m);
        clustered += mean_faulty_run(&m);
        fm_generate(FM_COMMON, seed, &m);
        common += mean_faulty_run(&m);
    }
    CHECK(c, clustered > 2.0 * common);
}

static bool read_text(const char *text, fm_map *m, unsigned *line, char *err, size_t len)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    const bool ok = fm_read(f, m, line, err, len);
    fclose(f);
    return ok;
}

static void test_round_trip(check_counts *c)
{
    fm_map a, b;
    fm_generate(FM_DISPERSED, 3, &a);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fm_write(f, &a, "test");
    fclose(f);
    unsigned line = 0;
    char err[128];
    CHECK(c, read_text(buf, &b, &line, err, sizeof err));
    CHECK(c, memcmp(&a, &b, sizeof a) == 0);
    free(buf);
}

/* A valid body of n lines "0000", with one line replaced by bad (1-based), or none. */
static char *map_text(unsigned n, unsigned bad_at, const char *bad)
{
    char *t = calloc(n + 1, 64);
    for (unsigned i = 1; i <= n; i++)
        strcat(t, i == bad_at ? bad : "0000\n");
    return t;
}

static void expect_error(check_counts *c, char *text, unsigned want_line, const char *want)
{
    fm_map m;
    unsigned line = 0;
    char err[128] = "";
    CHECK(c, !read_text(text, &m, &line, err, sizeof err));
    CHECK(c, line == want_line);
    CHECK(c, strstr(err, want) != NULL);
    free(text);
}

static void test_reader_errors(check_counts *c)
{
    expect_error(c, map_text(DRF_REGS, 5, "012\n"), 5, "block bits");
    expect_error(c, map_text(DRF_REGS, 9, "0a00\n"), 9, "block bits");
    expect_error(c, map_text(DRF_REGS, 9, "00000\n"), 9, "block bits");
    expect_error(c, map_text(DRF_REGS - 1, 0, ""), DRF_REGS - 1, "entries, expected");
    expect_error(c, map_text(DRF_REGS + 1, 0, ""), DRF_REGS + 1, "more than");
    fm_map m;
    unsigned line = 0;
    char err[128];
    char *ok = map_text(DRF_REGS, 3, "# comment\n0000\n");
    CHECK(c, read_text(ok, &m, &line, err, sizeof err));
    free(ok);
}

int main(void)
{
    check_counts c = {0};
    test_table1_counts(&c);
    test_ecp_rule(&c);
    test_determinism(&c);
    test_clustering(&c);
    test_round_trip(&c);
    test_reader_errors(&c);
    return check_done(&c, "faultmap");
}
