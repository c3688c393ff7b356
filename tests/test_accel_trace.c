/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the Accel-Sim trace reader (eval/trace/accel_trace.c through tr_open / tr_next;
 * docs/accel-trace.md): the fixture of tests/data/accel (a kernelslist.g with Memcpy lines, a
 * tracer version 4 kernel without line numbers and a version 5 one with them, every address
 * compression mode, a mask-0 line, RZ, a uniform and a predicate register) read plain, xz and
 * through lists, event by event; the -nregs warnings; each malformed kind with its line. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "eval/trace/trace.h"

/* the fixture's files, named whole (make check-tests) */
#define LIST "tests/data/accel/kernelslist.g"
#define LIST_XZ_KERNELS "tests/data/accel/kernelslist-xz.g"
#define LIST_XZ "tests/data/accel/kernelslist.g.xz"
#define K1 "tests/data/accel/kernel-1.traceg"
#define K1_XZ "tests/data/accel/kernel-1.traceg.xz"
#define K2 "tests/data/accel/kernel-2.traceg"
#define K2_XZ "tests/data/accel/kernel-2.traceg.xz"

typedef struct {
    unsigned long a, r, w, f;
} counts;

/* Every event as "<kind><wf>[r<vreg>]@<cycle>[c<cu>s<simd>]:<line>" (vreg for R and W, the
 * compute unit and SIMD for A and F), space-separated, into out; the last tr_next result.
 * Checks on the way what every event must have: no values, masks of 32 bits, nvregs on A. */
static int events(check_counts *c, tr_reader *r, char *out, size_t len, counts *n)
{
    tr_event ev;
    int got;
    size_t used = 0;
    out[0] = '\0';
    while ((got = tr_next(r, &ev)) == 1) {
        char one[96];
        const bool reg = ev.kind == TR_R || ev.kind == TR_W;
        int k = snprintf(one, sizeof one, "%c%llu", (char)ev.kind, (unsigned long long)ev.wf);
        if (reg)
            k += snprintf(one + k, sizeof one - (size_t)k, "r%u", ev.vreg);
        k += snprintf(one + k, sizeof one - (size_t)k, "@%llu", (unsigned long long)ev.cycle);
        if (!reg)
            k += snprintf(one + k, sizeof one - (size_t)k, "c%us%u", ev.cu, ev.simd);
        snprintf(one + k, sizeof one - (size_t)k, ":%lu ", tr_line(r));
        if (used + strlen(one) < len) {
            memcpy(out + used, one, strlen(one) + 1);
            used += strlen(one);
        }
        bool zero = true;
        for (int i = 0; ev.kind == TR_W && i < 64; i++)
            zero = zero && ev.v[i] == 0;
        CHECK(c, zero && ev.mask <= 0xffffffffu && !ev.launch);
        CHECK(c, ev.kind != TR_A || (ev.nvregs >= 1 && ev.nvregs <= TR_MAX_NVREGS));
        n->a += ev.kind == TR_A;
        n->r += ev.kind == TR_R;
        n->w += ev.kind == TR_W;
        n->f += ev.kind == TR_F;
    }
    if (used)
        out[used - 1] = '\0';
    return got;
}

/* Warnings gathered, one a line. */
typedef struct {
    char text[2048];
} warnings;

static void gather(void *ctx, const char *msg)
{
    warnings *w = ctx;
    const size_t used = strlen(w->text);
    snprintf(w->text + used, sizeof w->text - used, "%s\n", msg);
}

/* Reads a whole trace (file when mem is NULL), its events as text, warnings gathered. */
static int read_all(check_counts *c, const char *path, const char *mem, char *out, size_t len,
                    counts *n, warnings *w)
{
    char err[512];
    tr_reader *r = mem ? tr_open_mem(mem, strlen(mem), path, err, sizeof err)
                       : tr_open(path, err, sizeof err);
    CHECK(c, r != NULL);
    if (!r) {
        fprintf(stderr, "%s\n", err);
        return -2;
    }
    tr_set_warn(r, gather, w);
    const int got = events(c, r, out, len, n);
    CHECK(c, got < 0 || !tr_has_values(r));
    if (got < 0)
        snprintf(out, len, "%s", tr_error(r));
    tr_close(r);
    return got;
}

/* kernel-1.traceg: thread block 0,0,0 (warps 0 and 1) on compute unit 0, then 1,0,0 on 1. The
 * warps of a block start together; round s gives instruction s of each warp in warp order
 * (R255 and the mask-0 line give nothing); a block's F events follow the next block's A. */
#define K1_EVENTS                                                                         \
    "A0@0c0s0:23 A1@0c0s0:31 W0r1@1:25 W1r1@1:33 W0r2@2:26 W1r2@2:34 R0r2@3:27 W0r4@3:27 " \
    "R0r2@4:28 R0r4@4:28 A2@6c1s0:44 A3@6c1s0:50 F0@6c0s0:38 F1@6c0s0:38 R2r1@7:46 "      \
    "R2r2@7:46 W2r3@7:46 R2r2@8:47 R2r3@8:47 F2@10c1s0:54 F3@10c1s0:54"
/* kernel-2.traceg after it in kernelslist.g: clock, wavefront ids and compute units go on. UR4
 * and P0 are no accesses; line numbers and immediates (tracer version 5) are read past. */
#define K2_EVENTS                                                                         \
    "A4@10c2s0:22 A5@10c2s0:29 W4r0@11:24 W5r0@11:31 R4r0@12:25 R5r2@12:32 W5r6@12:32 "   \
    "R4r2@13:26 W4r6@13:26 F4@15c2s0:35 F5@15c2s0:35"

static void test_fixture(check_counts *c)
{
    static const char *lists[] = {LIST, LIST_XZ_KERNELS, LIST_XZ};
    char got[4096];
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        counts n = {0};
        warnings w = {""};
        CHECK(c, read_all(c, lists[i], NULL, got, sizeof got, &n, &w) == 0);
        CHECK(c, n.a == 6 && n.r == 10 && n.w == 10 && n.f == 6);
        CHECK(c, !strcmp(got, K1_EVENTS " " K2_EVENTS));
        if (strcmp(got, K1_EVENTS " " K2_EVENTS))
            fprintf(stderr, "  %s: %s\n", lists[i], got);
        CHECK(c, strstr(w.text, "kernel-1.traceg") && strstr(w.text, ":6: warning: -nregs = "
              "21955 is out of range (1 to 256): taking the highest register used + 1 instead, 5 "
              "(thread block 0,0,0)\n") && !strchr(strchr(w.text, '\n') + 1, '\n'));
    }
    counts n = {0};
    warnings w = {""};
    CHECK(c, read_all(c, K1, NULL, got, sizeof got, &n, &w) == 0 && !strcmp(got, K1_EVENTS));
    CHECK(c, !strcmp(w.text, K1 ":6: warning: -nregs = 21955 is out of range (1 to 256): taking "
                             "the highest register used + 1 instead, 5 (thread block 0,0,0)\n"));
    memset(&n, 0, sizeof n);
    CHECK(c, read_all(c, K2_XZ, NULL, got, sizeof got, &n, &w) == 0);
    CHECK(c, n.a == 2 && n.r == 3 && n.w == 4 && n.f == 2 &&
                 !strncmp(got, "A0@0c0s0:22 A1@0c0s0:29 W0r0@1:24", 33));
}

/* Every field of the events of one instruction, and the A's nvregs: the header's. */
static void test_fields(check_counts *c)
{
    char err[256];
    tr_reader *r = tr_open(K2, err, sizeof err);
    tr_event ev;
    CHECK(c, r != NULL);
    if (!r)
        return;
    CHECK(c, tr_has_values(r)); /* not known before the first tr_next */
    CHECK(c, tr_lanes(r) == TR_GCN_LANES);
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_A && ev.nvregs == 16 && ev.cu == 0 &&
                 ev.simd == 0 && ev.cycle == 0 && ev.wf == 0 && !tr_has_values(r));
    CHECK(c, tr_lanes(r) == TR_NVIDIA_LANES); /* a warp of 32 threads */
    for (int i = 0; i < 4; i++)
        CHECK(c, tr_next(r, &ev) == 1);
    /* an R has its instruction's active lanes, as a W */
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_R && ev.wf == 1 && ev.vreg == 2 &&
                 ev.mask == 0xffffffffu);
    CHECK(c, tr_next(r, &ev) == 1 && ev.kind == TR_W && ev.wf == 1 && ev.vreg == 6 &&
                 ev.mask == 0xffffffffu && ev.cycle == 2 && tr_line(r) == 32);
    tr_close(r);
    r = tr_open("data/traces/Reduction.trace.xz", err, sizeof err);
    CHECK(c, r && tr_next(r, &ev) == 1 && tr_has_values(r) && tr_lanes(r) == TR_GCN_LANES);
    tr_close(r);
}

/* The deltarf reader's line layer under both: CR line ends, blank lines, long gaps. */
static void test_lines(check_counts *c)
{
    FILE *f = fopen(K1, "rb");
    static char text[8192], crlf[16384], gap[16384], got[4096];
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[len] = '\0';
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n')
            crlf[j++] = '\r';
        crlf[j++] = text[i];
    }
    counts n = {0};
    warnings w = {""};
    CHECK(c, read_all(c, K1, crlf, got, sizeof got, &n, &w) == 0 && !strcmp(got, K1_EVENTS));
    /* 300 blank lines before line 26: a line gap of more than 255 in a record */
    const char *cut = strstr(text, "0010 ffffffff 1 R2 S2R");
    memcpy(gap, text, (size_t)(cut - text));
    memset(gap + (cut - text), '\n', 300);
    strcpy(gap + (cut - text) + 300, cut);
    CHECK(c, read_all(c, K1, gap, got, sizeof got, &n, &w) == 0 &&
                 strstr(got, "W0r1@1:25 W1r1@1:333 W0r2@2:326 W1r2@2:334 "));
}

/* The header of the in-memory kernels below: line 9 is 'warp = 0', 10 its 'insts ='. */
#define HEAD(version, nregs)                                                              \
    "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (64,1,1)\n-nregs = " nregs "\n"  \
    "-accelsim tracer version = " version "\n#traces format = ...\n#BEGIN_TB\n"           \
    "thread block = 0,0,0\nwarp = 0\n"
#define H4 HEAD("4", "8")
#define EXIT4 "0000 ffffffff 0 EXIT 0 0\n"

/* text must fail at `line` with a message containing `what`. */
static void expect_error(check_counts *c, const char *text, unsigned long line, const char *what)
{
    char got[1024], want[64];
    counts n = {0};
    warnings w = {""};
    CHECK(c, read_all(c, "t", text, got, sizeof got, &n, &w) == -1);
    snprintf(want, sizeof want, "t:%lu: ", line);
    const bool ok = !strncmp(got, want, strlen(want)) && strstr(got, what) && !strchr(got, '\n');
    CHECK(c, ok);
    if (!ok)
        fprintf(stderr, "  wanted '%s...%s', got '%s'\n", want, what, got);
}

static void test_malformed_lines(check_counts *c)
{
    expect_error(c, H4 "insts = 1\n0000 ffffffff 1 R1\n#END_TB\n", 11,
                 "missing fields: the line ends before the opcode");
    expect_error(c, H4 "insts = 1\n0000 ffffffff\n#END_TB\n", 11, "before the destination count");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 1 X1 MOV 0 0\n", 11, "bad register 'X1'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 1 R256 MOV 0 0\n", 11, "bad register 'R256'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 MOV 1 UR64 0\n", 11, "bad register 'UR64'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 1 R1 MOV 2 R2 0\n", 11, "bad register '0'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 2 R1 R2 MOV 0 0\n", 11,
                 "bad destination count '2'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 R1 MOV 0 0\n", 11, "bad opcode 'R1'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 MOV 6 R1 R1 R1 R1 R1 R1 0\n", 11,
                 "bad source count '6'");
    expect_error(c, H4 "insts = 1\n0000 fffffffff 0 EXIT 0 0\n", 11, "bad active mask");
    expect_error(c, H4 "insts = 1\nzz ffffffff 0 EXIT 0 0\n", 11, "bad PC 'zz'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 STG 1 R2 4 3 0x10\n", 11,
                 "bad address compression mode 3");
    expect_error(c, H4 "insts = 1\n0000 00000003 0 STG 1 R2 4 0 0x10\n#END_TB\n", 11,
                 "the line ends before the address 2 of 2 (one per active lane)");
    expect_error(c, H4 "insts = 1\n0000 00000007 0 STG 1 R2 4 2 0x10 4\n#END_TB\n", 11,
                 "ends before the delta 2 of 2");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 STG 1 R2 4 1 7f00 4\n", 11,
                 "bad base address '7f00'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 STG 1 R2 4 1 0x10 2147483649\n", 11,
                 "bad stride '2147483649'");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 EXIT 0 0 7\n", 11, "unexpected field '7'");
    expect_error(c, HEAD("5", "8") "insts = 1\n" EXIT4, 11,
                 "the line ends before the immediate");
    expect_error(c, "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (64,1,1)\n"
                    "-accelsim tracer version = 4\n-enable lineinfo = 1\n#BEGIN_TB\n"
                    "thread block = 0,0,0\nwarp = 0\ninsts = 1\n" EXIT4 "#END_TB\n", 10,
                 "bad destination count 'EXIT'"); /* line numbers announced, not there */
}

static void test_malformed_structure(check_counts *c)
{
    expect_error(c, H4 "insts = 2\n" EXIT4 "#END_TB\n", 12,
                 "warp 0 has 1 instruction lines, but 'insts = 2' (line 10)");
    expect_error(c, H4 "insts = 1\n" EXIT4 EXIT4, 12,
                 "more instruction lines than 'insts = 1' of warp 0 (line 10)");
    expect_error(c, H4 "insts = 1\n" EXIT4, 11, "end of trace inside the thread block of line 7");
    expect_error(c, H4 "insts = 1\n0000 ffffffff 0 EXIT 0 0", 11, "no end of line");
    expect_error(c, H4 EXIT4, 10, "instruction line before the warp's 'insts =' line");
    expect_error(c, H4 "insts = 0\nwarp = 2\n", 11, "bad warp '2' (a decimal number <= 1)");
    expect_error(c, H4 "insts = 0\nwarp = 0\n", 11, "warp 0 given twice");
    expect_error(c, H4 "warp = 1\n", 10, "no 'insts = n' line after 'warp = 0' (line 9)");
    expect_error(c, H4 "insts = 0\n#BEGIN_TB\n", 11, "'#BEGIN_TB' inside the thread block of line 7");
    expect_error(c, H4 "insts = 0\n#END_TB\n" EXIT4, 12, "outside a thread block");
    expect_error(c, H4 "insts = 0\n#END_TB\n-nregs = 8\n", 12, "header line '-nregs = 8' after");
    expect_error(c, "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (64,1,1)\n#BEGIN_TB\n",
                 4, "no '-accelsim tracer version = ...' line in the header");
    expect_error(c, "-kernel name = k\n-grid dim = (1,1,1)\n-accelsim tracer version = 4\n"
                    "#traces format\n#BEGIN_TB\n", 5, "no '-block dim = ...' line in the header");
    expect_error(c, "-kernel name = k\n-accelsim tracer version = 2\n", 2,
                 "Accel-Sim tracer version '2' is not read (3, 4 or 5)");
    expect_error(c, "-kernel name = k\n-block dim = (64,32,1)\n", 2, "2048 in all");
    expect_error(c, "-kernel name = k\n-grid dim = (1,1)\n", 2, "three numbers x,y,z");
    expect_error(c, "-kernel name = k\n-nregs = lots\n", 2, "bad -nregs 'lots'");
    expect_error(c, "-kernel name = k\n-nregs = 8\n-nregs = 8\n", 3, "-nregs given twice");
    expect_error(c, "-kernel name = k\n-nregs\n", 2, "header line without ' = '");
    expect_error(c, "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (64,1,1)\n"
                    "-accelsim tracer version = 4\n#BEGIN_TB\nthread block = 1,0,0\n", 6,
                 "bad thread block index '1' (a decimal number <= 0)");
    expect_error(c, "MemcpyHtoD,12,3\n", 1, "bad Memcpy line 'MemcpyHtoD,12,3'");
    expect_error(c, "-kernel nom = k\n", 1, "not a deltarf trace");
}

/* -nregs out of range, missing, or below a register used: the highest register used + 1,
 * rising with the thread blocks, each time with a warning naming the line. */
static void test_nregs(check_counts *c)
{
#define TWO(nregs_line)                                                                    \
    "-kernel name = k\n-grid dim = (2,1,1)\n-block dim = (32,1,1)\n" nregs_line "\n"       \
    "-accelsim tracer version = 4\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n" \
    "0000 ffffffff 1 R2 MOV 0 0\n#END_TB\n#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\n"    \
    "insts = 1\n0000 ffffffff 1 R6 MOV 0 0\n#END_TB\n"
    static const char two[] = TWO("-nregs = 4");
    char got[1024];
    counts n = {0};
    warnings w = {""};
    CHECK(c, read_all(c, "t", two, got, sizeof got, &n, &w) == 0);
    CHECK(c, !strcmp(w.text, "t:12: warning: thread block 1,0,0 uses R6, beyond -nregs = 4: "
                             "taking the highest register used + 1, 7, from it on\n"));
    char err[256];
    tr_reader *r = tr_open_mem(two, sizeof two - 1, "t", err, sizeof err);
    tr_event ev;
    unsigned nv[2] = {0, 0}, k = 0;
    tr_set_warn(r, gather, &w);
    while (r && tr_next(r, &ev) == 1)
        if (ev.kind == TR_A && k < 2)
            nv[k++] = ev.nvregs;
    CHECK(c, nv[0] == 4 && nv[1] == 7);
    tr_close(r);
    w.text[0] = '\0';
    CHECK(c, read_all(c, "t", TWO("-nregs = -1"), got, sizeof got, &n, &w) == 0);
    CHECK(c, !strcmp(w.text, "t:4: warning: -nregs = -1 is out of range (1 to 256): taking the "
                             "highest register used + 1 instead, 3 (thread block 0,0,0)\nt:12: "
                             "warning: thread block 1,0,0 uses R6, beyond the registers taken so "
                             "far, 3: taking the highest register used + 1, 7, from it on\n"));
    w.text[0] = '\0';
    CHECK(c, read_all(c, "t", TWO("-kernel id = 1"), got, sizeof got, &n, &w) == 0);
    CHECK(c, !strncmp(w.text, "t:6: warning: no -nregs line: taking the highest register used + "
                              "1, 3 (thread block 0,0,0)\n", 86));
}

/* A kernelslist and kernel files written into a temporary directory. */
static void put(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The list (in dir) must fail with a message starting with dir/`where` and containing what. */
static void expect_list_error(check_counts *c, const char *dir, const char *list,
                              const char *where, const char *what)
{
    char path[512], got[1024], want[512];
    counts n = {0};
    warnings w = {""};
    put(dir, "kernelslist.g", list);
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    snprintf(want, sizeof want, "%s/%s", dir, where);
    CHECK(c, read_all(c, path, NULL, got, sizeof got, &n, &w) == -1);
    const bool ok = !strncmp(got, want, strlen(want)) && strstr(got, what);
    CHECK(c, ok);
    if (!ok)
        fprintf(stderr, "  wanted '%s...%s', got '%s'\n", want, what, got);
}

static void test_lists(check_counts *c)
{
    char dir[] = "/tmp/deltarf-accel-XXXXXX", path[512];
    CHECK(c, mkdtemp(dir) != NULL);
    put(dir, "kernel-1.traceg", H4 "insts = 1\n" EXIT4 "#END_TB\n");
    put(dir, "kernel-2.traceg", H4 "insts = 1\n0000 ffffffff 0 EXIT\n#END_TB\n");
    put(dir, "kernel-3.traceg", "MemcpyHtoD,0x10,4\n");
    expect_list_error(c, dir, "kernel-1.traceg\nkernel-9.traceg\n", "kernelslist.g:2: ",
                      "kernel-9.traceg: No such file");
    expect_list_error(c, dir, "kernel-1.traceg\nkernel-2.traceg\n", "kernel-2.traceg:11: ",
                      "ends before the source count");
    expect_list_error(c, dir, "kernel-3.traceg\n", "kernel-3.traceg:1: ",
                      "not an Accel-Sim kernel trace");
    expect_list_error(c, dir, "kernel/../kernel-1.traceg\n", "kernelslist.g:1: ", "goes up");
    expect_list_error(c, dir, "kernel-1.trace\n", "kernelslist.g:1: ", "raw NVBit trace");
    expect_list_error(c, dir, "kernel-1.traceg\nexit\n", "kernelslist.g:2: ", "'exit' in a kernels");
    expect_list_error(c, dir, "MemcpyHtoD,0x10\n", "kernelslist.g:1: ", "bad Memcpy line");
    /* the progress of a list: its own size at the end, the kernels' text decoded */
    put(dir, "kernelslist.g", "MemcpyHtoD,0x10,4\nkernel-1.traceg\nkernel-1.traceg\n");
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    char err[256];
    tr_reader *r = tr_open(path, err, sizeof err);
    tr_event ev;
    uint64_t raw = 1, decoded = 0;
    unsigned long nev = 0;
    while (r && tr_next(r, &ev) == 1)
        nev++;
    if (r)
        tr_progress(r, &raw, &decoded);
    const size_t k1 = strlen(H4 "insts = 1\n" EXIT4 "#END_TB\n"), list = 50;
    CHECK(c, nev == 4 && raw == list && decoded == list + 2 * k1);
    tr_close(r);
    static const char *files[] = {"kernelslist.g", "kernel-1.traceg", "kernel-2.traceg",
                                  "kernel-3.traceg"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    rmdir(dir);
}

/* A consumer's refusal names the event's kernel file and line. */
static bool refuse_w(void *ctx, const tr_event *ev, char *msg, size_t len)
{
    (void)ctx;
    snprintf(msg, len, "no W here");
    return ev->kind != TR_W;
}

static void test_tap(check_counts *c)
{
    char err[256];
    tr_event ev;
    tr_reader *r = tr_open(LIST, err, sizeof err);
    warnings w = {""};
    tr_set_warn(r, gather, &w);
    tr_set_tap(r, refuse_w, NULL);
    int got;
    while (r && (got = tr_next(r, &ev)) == 1)
        ;
    CHECK(c, r && got == -1 && !strcmp(tr_error(r), K1 ":25: no W here") &&
                 tr_next(r, &ev) == -1);
    tr_close(r);
}

/* An xz kernel cut short is an error, never a shorter trace. */
static void test_truncated_xz(check_counts *c)
{
    FILE *f = fopen(K1_XZ, "rb");
    static unsigned char xz[4096];
    const size_t len = f ? fread(xz, 1, sizeof xz, f) : 0;
    if (f)
        fclose(f);
    char err[256];
    tr_reader *r = tr_open_mem(xz, len - 20, "cut", err, sizeof err);
    tr_event ev;
    warnings w = {""};
    tr_set_warn(r, gather, &w);
    int got;
    while (r && (got = tr_next(r, &ev)) == 1)
        ;
    CHECK(c, r && got == -1 && strstr(tr_error(r), "truncated xz stream"));
    tr_close(r);
}

int main(void)
{
    check_counts c = {0};
    test_fixture(&c);
    test_fields(&c);
    test_lines(&c);
    test_malformed_lines(&c);
    test_malformed_structure(&c);
    test_nregs(&c);
    test_lists(&c);
    test_tap(&c);
    test_truncated_xz(&c);
    return check_done(&c, "accel_trace");
}
