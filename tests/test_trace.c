/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the trace reader (eval/trace/trace.c; the aging paper's Section 5 input): the real
 * traces' event counts against their README table, each malformed kind with its line number,
 * xz and plain text giving the same events, and a truncated xz stream. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval/trace/trace.h"

#define HEADER "# deltarf register-write trace v1\n"
#define ZEROS8 " 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000"
#define ZEROS64 ZEROS8 ZEROS8 ZEROS8 ZEROS8 ZEROS8 ZEROS8 ZEROS8 ZEROS8

typedef struct {
    unsigned long a, w, launch, r, f;
} counts;

/* Reads every event of an open reader; the last tr_next result. */
static int drain(tr_reader *r, counts *n)
{
    tr_event ev;
    int got;
    while ((got = tr_next(r, &ev)) == 1) {
        n->a += ev.kind == TR_A;
        n->w += ev.kind == TR_W;
        n->launch += ev.kind == TR_W && ev.launch;
        n->r += ev.kind == TR_R;
        n->f += ev.kind == TR_F;
    }
    return got;
}

/* The event counts of the traces' README table (../shared/traces/README.md). */
static void test_real_traces(check_counts *c)
{
    static const struct {
        const char *name;
        counts want;
    } traces[] = {
        {"DCT", {64, 11008, 128, 14208, 64}},
        {"MatrixTranspose", {64, 1664, 128, 1984, 64}},
        {"Reduction", {4, 235, 4, 395, 4}},
        {"SimpleConvolution", {64, 8662, 64, 13054, 64}},
        {"RadixSort", {8, 24688, 8, 39012, 8}},
    };
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        char path[128], err[512];
        snprintf(path, sizeof path, "data/traces/%s.trace.xz", traces[i].name);
        tr_reader *r = tr_open(path, err, sizeof err);
        CHECK(c, r != NULL);
        if (!r) {
            fprintf(stderr, "%s\n", err);
            continue;
        }
        counts n = {0};
        CHECK(c, drain(r, &n) == 0);
        CHECK(c, !memcmp(&n, &traces[i].want, sizeof n));
        tr_close(r);
    }
}

/* text must fail at `line` with a message containing `what`. */
static void expect_error(check_counts *c, const char *text, unsigned long line, const char *what)
{
    char err[512], want[64];
    tr_reader *r = tr_open_mem(text, strlen(text), "t", err, sizeof err);
    CHECK(c, r != NULL);
    if (!r)
        return;
    counts n = {0};
    CHECK(c, drain(r, &n) == -1);
    snprintf(want, sizeof want, "t:%lu: ", line);
    const char *msg = tr_error(r);
    bool ok = !strncmp(msg, want, strlen(want)) && strstr(msg, what) && !strchr(msg, '\n');
    CHECK(c, ok);
    if (!ok)
        fprintf(stderr, "  wanted '%s...%s', got '%s'\n", want, what, msg);
    tr_close(r);
}

static void test_malformed(check_counts *c)
{
    const char *a = HEADER "A 10 0 0 7 2\n";
    char buf[2048];
    expect_error(c, "", 0, "empty trace");
    expect_error(c, "A 1 0 0 0 1\n", 1, "not a deltarf trace");
    expect_error(c, HEADER "W 10 0 0 7 0 ffffffffffffffff" ZEROS64 "\n", 2, "before its A");
    snprintf(buf, sizeof buf, "%sW 11 0 0 7 2 ffffffffffffffff" ZEROS64 "\n", a);
    expect_error(c, buf, 3, "which has 2 registers");
    snprintf(buf, sizeof buf, "%sR 11 0 0 7 5\n", a);
    expect_error(c, buf, 3, "which has 2 registers");
    snprintf(buf, sizeof buf, "%sX 11 0 0 7\n", a);
    expect_error(c, buf, 3, "unknown event 'X'");
    snprintf(buf, sizeof buf, "%sR 1x 0 0 7 1\n", a);
    expect_error(c, buf, 3, "bad cycle '1x'");
    snprintf(buf, sizeof buf, "%sR 11 32 0 7 1\n", a);
    expect_error(c, buf, 3, "bad cu '32'");
    snprintf(buf, sizeof buf, "%sR 11 0 4 7 1\n", a); /* a digit above the maximum */
    expect_error(c, buf, 3, "bad simd '4'");
    snprintf(buf, sizeof buf, "%sR 11 0 1 7 1\n", a);
    expect_error(c, buf, 3, "runs on cu 0 simd 0");
    snprintf(buf, sizeof buf, "%sR 9 0 0 7 1\n", a);
    expect_error(c, buf, 3, "before the previous line's 10");
    snprintf(buf, sizeof buf, "%sR 11 0 0 7  1\n", a);
    expect_error(c, buf, 3, "empty field");
    snprintf(buf, sizeof buf, "%sR 11 0 0 7 1 2\n", a);
    expect_error(c, buf, 3, "R line with 7 fields, expected 6");
    snprintf(buf, sizeof buf, "%sW 11 0 0 7 1 ffffffffffffffff" ZEROS8 "\n", a);
    expect_error(c, buf, 3, "W line with 15 fields, expected 71");
    snprintf(buf, sizeof buf, "%sW 11 0 0 7 1 fffffffffffffff" ZEROS64 "\n", a);
    expect_error(c, buf, 3, "bad exec mask");
    snprintf(buf, sizeof buf, "%sW 11 0 0 7 1 ffffffffffffffff" ZEROS64 "\n", a);
    buf[strlen(buf) - 3] = 'g';
    expect_error(c, buf, 3, "bad component v63");
    snprintf(buf, sizeof buf, "%sA 11 0 0 7 2\n", a);
    expect_error(c, buf, 3, "started twice");
    snprintf(buf, sizeof buf, "%sF 11 0 0 7\nR 12 0 0 7 0\n", a);
    expect_error(c, buf, 4, "after its F");
    expect_error(c, HEADER "A 10 0 0 7 0\n", 2, "bad nvregs '0'");
    expect_error(c, HEADER "A 10 0 0 7 257\n", 2, "bad nvregs '257'");
    expect_error(c, HEADER "A 10 0 0 7 2\nF 11 0 0 7", 3, "no end of line");
    expect_error(c, a, 2, "1 wavefront(s) not finished");
    expect_error(c, HEADER "A 99999999999999999999 0 0 7 2\n", 2, "bad cycle");
}

/* A small valid trace: every field of every event as written. */
static void test_fields(check_counts *c)
{
    char text[2048], err[256];
    snprintf(text, sizeof text,
             HEADER "# kernel test\nA 10 3 2 9 4\nW 10 3 2 9 0 8000000000000001" ZEROS64
                    "\nR 12 3 2 9 3\nF 13 3 2 9\n");
    char *v63 = text + strlen(text) - strlen("00000000\nR 12 3 2 9 3\nF 13 3 2 9\n");
    memcpy(v63, "DeadBeef", 8);
    tr_reader *r = tr_open_mem(text, strlen(text), "t", err, sizeof err);
    tr_event ev;
    CHECK(c, r != NULL);
    if (!r)
        return;
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_A && ev.cycle == 10 && ev.cu == 3 &&
                 ev.simd == 2 && ev.wf == 9 && ev.nvregs == 4 && tr_line(r) == 3);
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_W && ev.vreg == 0 && ev.launch &&
                 ev.mask == 0x8000000000000001ull && ev.v[0] == 0 && ev.v[63] == 0xdeadbeefu);
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_R && ev.vreg == 3 && ev.cycle == 12);
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_F && ev.wf == 9);
    CHECK(c, tr_next(r, &ev) == 0 && tr_next(r, &ev) == 0);
    tr_close(r);
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    unsigned char *buf = n > 0 ? malloc((size_t)n) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* The xz stream cut short, and a byte of it corrupted, are errors, not a short trace. */
static void test_truncated_xz(check_counts *c)
{
    size_t len;
    unsigned char *xz = slurp("data/traces/Reduction.trace.xz", &len);
    CHECK(c, xz != NULL);
    if (!xz)
        return;
    char err[256];
    counts n = {0};
    tr_reader *r = tr_open_mem(xz, len / 2, "cut", err, sizeof err);
    CHECK(c, r && drain(r, &n) == -1 && strstr(tr_error(r), "truncated xz stream"));
    CHECK(c, n.a == 4 && n.f == 0);
    tr_close(r);
    xz[len - 9] ^= 0x40; /* inside the stream footer's index CRC */
    r = tr_open_mem(xz, len, "bad", err, sizeof err);
    memset(&n, 0, sizeof n);
    CHECK(c, r && drain(r, &n) == -1 && strstr(tr_error(r), "bad:"));
    tr_close(r);
    free(xz);
}

int main(void)
{
    check_counts c = {0};
    test_real_traces(&c);
    test_malformed(&c);
    test_fields(&c);
    test_truncated_xz(&c);
    char err[256];
    CHECK(&c, tr_open("no/such.trace", err, sizeof err) == NULL && strstr(err, "no/such.trace: "));
    return check_done(&c, "trace");
}
