/* SPDX-License-Identifier: Apache-2.0 */
/* Reader of NVIDIA traces in Accel-Sim's format (gpu-simulator/trace-parser of
 * accel-sim-framework is the parser of record; decisions: docs/accel-trace.md). A kernel trace
 * (.traceg) lists each thread block's warps one after the other; one thread block is buffered
 * and given out as the deltarf events: its warps start together, then one instruction of each
 * warp in turn, in program order, one synthetic cycle per round. Lines come through
 * eval/trace/trace.c's line reader (xz decoding thread, plain text, memory). */
#define _POSIX_C_SOURCE 200809L
#include "eval/trace/accel_trace.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "eval/trace/trace_internal.h"

#define AC_WARPS 32            /* warps of a thread block: 1024 threads at most */
#define AC_LANES TR_NVIDIA_LANES
#define AC_RZ 255              /* R255 is RZ, the zero register: not a register access */
#define AC_MAX_DST 1           /* the tracer's (tracer_tool.cu MAX_DST) */
#define AC_MAX_SRC 5           /* the tracer's MAX_SRC (the parser of record's 4 is tighter) */
#define AC_SLOTS (TR_MAX_CU * TR_SIMDS)
#define AC_BLOCK_BYTES ((size_t)1 << 30) /* a thread block's buffered instructions, at most */
#define AC_MAX_PATH 4096
#define AC_KERNEL_HEAD "-kernel name = "

/* Header keys the reader uses (each at most once). */
enum { H_VERSION = 1, H_GRID = 2, H_BLOCK = 4, H_NREGS = 8, H_LINEINFO = 16 };

/* What continues from one kernel of a kernelslist to the next. */
typedef struct {
    uint64_t cycle;  /* the next thread block's first cycle */
    uint64_t wf;     /* the next wavefront id */
    uint64_t blocks; /* thread blocks given out (the next one's compute unit and SIMD) */
} ac_clock;

/* A warp of the thread block being read, then given out. */
typedef struct {
    unsigned id;                /* its 'warp = k' */
    unsigned long line;         /* of 'warp = k': its A */
    unsigned long insts_line;   /* of 'insts = n': the first record's line is relative to it */
    uint64_t insts, read;       /* 'insts = n', and instruction lines read */
    size_t start;               /* its first record in the block's buffer */
    uint64_t wf;                /* given out: its wavefront id, */
    size_t pos;                 /* its next record */
    unsigned long at;           /* and the line of the last record decoded */
} ac_warp;

/* The instruction being given out: its sources, then its destination. */
typedef struct {
    unsigned long line;
    uint32_t mask;
    unsigned nsrc, n, next;
    uint8_t reg[AC_MAX_SRC + AC_MAX_DST];
} ac_inst;

/* A kernel trace (.traceg). */
typedef struct {
    tr_reader *r;
    ac_clock *clk;
    /* the header */
    unsigned seen;              /* H_* */
    unsigned version, lineinfo, block_warps;
    uint64_t grid[3];
    uint64_t nregs;             /* -nregs, when nregs_ok */
    bool nregs_ok, nregs_warned;
    bool body, header_ok;       /* past the header; its needed lines checked */
    unsigned long nregs_line;
    char nregs_text[24];
    unsigned nvregs;            /* given to A events: -nregs, or the highest register used + 1 */
    /* the thread block being read */
    bool in_block, have_tb, want_insts;
    uint64_t tb[3];
    unsigned long begin_line, end_line;
    ac_warp warp[AC_WARPS];
    unsigned nwarps;
    uint32_t warp_seen;         /* bit k: 'warp = k' seen */
    unsigned used;              /* the highest vector register named in it + 1 */
    uint8_t *buf;               /* its instructions' records */
    size_t len, cap;
    /* the thread block being given out */
    bool out, have_inst, eof;
    unsigned next_a, wi, cu, simd;
    uint64_t c0, step, steps;
    ac_inst inst;
    unsigned long ev_line;
    /* the F events of the block given out before it, given after its A events */
    uint64_t end_wf[AC_WARPS];
    unsigned nend, next_f, end_cu, end_simd;
    unsigned long end_at;
} ac_kernel;

struct ac_reader {
    ac_kind kind;
    tr_reader *r;               /* the trace: a kernel trace, or the kernelslist */
    ac_clock clk;
    ac_kernel *k;               /* the kernel being read */
    tr_reader *kr;              /* a kernelslist's: the kernel file being read */
    char dir[AC_MAX_PATH];      /* the kernelslist's directory, "" for the current one */
    uint64_t done_raw, done_decoded; /* the kernel files read to their end */
    uint64_t total;             /* bytes of all the kernel files (progress), 0 unknown */
    bool total_tried, end;
};

/* --- fields ------------------------------------------------------------------------------ */
static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The rest of an instruction line, and the length of the field last taken from it. */
typedef struct {
    char *p;
    size_t len;
} ac_cursor;

/* The next field (fields are separated by runs of blanks), NUL-terminated; NULL at the end of
 * the line. */
static char *field(ac_cursor *c)
{
    char *s = c->p;
    while (is_blank(*s))
        s++;
    char *e = s;
    while (*e && !is_blank(*e))
        e++;
    c->len = (size_t)(e - s);
    c->p = *e ? e + 1 : e;
    *e = '\0';
    return c->len ? s : NULL;
}

/* The next field, or the error "missing fields" naming the one expected. */
static char *need(ac_kernel *k, ac_cursor *c, const char *what)
{
    char *f = field(c);
    if (!f)
        tri_fail(k->r, "missing fields: the line ends before the %s", what);
    return f;
}

/* A decimal field <= max: 0, or the error naming it. */
static int dec(ac_kernel *k, const char *s, const char *what, uint64_t max, uint64_t *out)
{
    if (tri_parse_dec(s, max, out))
        return 0;
    return tri_fail(k->r, "bad %s '%.40s' (a decimal number <= %llu)", what, s,
                    (unsigned long long)max);
}

/* The field just taken (c->len characters), hex of 1 to `digits` digits, with "0x" when
 * prefix. */
static int hex(ac_kernel *k, const char *s, const ac_cursor *c, const char *what, size_t digits,
               bool prefix, uint64_t *out)
{
    const bool has = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const size_t n = c->len - (has ? 2 : 0);
    if (n >= 1 && n <= digits && has == prefix && tri_parse_hex(s + (has ? 2 : 0), n, out))
        return 0;
    return tri_fail(k->r, "bad %s '%.40s' (%s1 to %zu hex digits)", what, s, prefix ? "0x and " : "",
                    digits);
}

/* A signed decimal field of magnitude <= max. */
static int sdec(ac_kernel *k, const char *s, const char *what, uint64_t max)
{
    uint64_t v;
    if (tri_parse_dec(s + (s[0] == '-'), max, &v))
        return 0;
    return tri_fail(k->r, "bad %s '%.40s' (a decimal number, - allowed, of magnitude <= %llu)",
                    what, s, (unsigned long long)max);
}

/* The next field, a decimal <= max. */
static int next_dec(ac_kernel *k, ac_cursor *c, const char *what, uint64_t max, uint64_t *out)
{
    const char *f = need(k, c, what);
    return f ? dec(k, f, what, max, out) : -1;
}

/* --- the header ---------------------------------------------------------------------------- */
/* "(x,y,z)", each 1..max[i], the product <= total. */
static int dims(ac_kernel *k, const char *key, char *s, const uint64_t max[3], uint64_t total,
                uint64_t out[3])
{
    const size_t n = strlen(s);
    char *p = s + 1;
    if (n < 2 || s[0] != '(' || s[n - 1] != ')')
        return tri_fail(k->r, "bad -%s '%.40s' (x,y,z in parentheses)", key, s);
    s[n - 1] = '\0';
    uint64_t prod = 1;
    for (int i = 0; i < 3; i++) {
        char *comma = strchr(p, ',');
        if ((i < 2) != (comma != NULL))
            return tri_fail(k->r, "bad -%s: three numbers x,y,z expected", key);
        if (comma)
            *comma = '\0';
        if (dec(k, p, key, max[i], &out[i]))
            return -1;
        if (out[i] == 0)
            return tri_fail(k->r, "bad -%s: a dimension of 0", key);
        prod *= out[i];
        p = comma ? comma + 1 : p;
    }
    if (prod > total)
        return tri_fail(k->r, "bad -%s: %llu in all, more than %llu", key,
                        (unsigned long long)prod, (unsigned long long)total);
    return 0;
}

/* -nregs: any integer; out of 1..TR_MAX_NVREGS is warned about when the first thread block is
 * read, and replaced (docs/accel-trace.md). */
static int nregs_value(ac_kernel *k, const char *s)
{
    uint64_t v;
    if (!tri_parse_dec(s + (s[0] == '-'), UINT64_MAX, &v))
        return tri_fail(k->r, "bad -nregs '%.40s' (a decimal number)", s);
    const bool negative = s[0] == '-' && v > 0;
    k->nregs = v;
    k->nregs_ok = !negative && v >= 1 && v <= TR_MAX_NVREGS;
    k->nregs_line = tri_lineno(k->r);
    snprintf(k->nregs_text, sizeof k->nregs_text, "%.20s", s);
    return 0;
}

static int version_value(ac_kernel *k, const char *s)
{
    uint64_t v;
    if (!tri_parse_dec(s, 9, &v) || v < 3 || v > 5)
        return tri_fail(k->r, "Accel-Sim tracer version '%.40s' is not read (3, 4 or 5)", s);
    k->version = (unsigned)v;
    return 0;
}

/* The key's bit, or 0 for a key the reader does not use. */
static unsigned key_bit(const char *key)
{
    static const struct {
        const char *key;
        unsigned bit;
    } keys[] = {{"accelsim tracer version", H_VERSION}, {"grid dim", H_GRID},
                {"block dim", H_BLOCK}, {"nregs", H_NREGS}, {"enable lineinfo", H_LINEINFO}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(key, keys[i].key))
            return keys[i].bit;
    return 0;
}

/* "-key = value": the keys the reader uses are checked, the others (kernel name and id, shmem,
 * binary version, cuda stream id, base addresses, nvbit version, any later one) kept out. */
static int header_line(ac_kernel *k, char *s)
{
    static const uint64_t grid_max[3] = {0x7fffffff, 65535, 65535};
    static const uint64_t block_max[3] = {1024, 1024, 64};
    char *eq = strstr(s, " = ");
    if (!eq)
        return tri_fail(k->r, "header line without ' = ': '%.40s'", s);
    *eq = '\0';
    const char *key = s + 1;
    char *value = eq + 3;
    const unsigned bit = key_bit(key);
    if (bit & k->seen)
        return tri_fail(k->r, "-%s given twice", key);
    k->seen |= bit;
    uint64_t v = 0;
    switch (bit) {
    case H_VERSION: return version_value(k, value);
    case H_GRID: return dims(k, key, value, grid_max, UINT64_MAX, k->grid);
    case H_NREGS: return nregs_value(k, value);
    case H_LINEINFO:
        if (dec(k, value, "-enable lineinfo", 1, &v))
            return -1;
        k->lineinfo = (unsigned)v;
        return 0;
    case H_BLOCK: {
        uint64_t b[3];
        if (dims(k, key, value, block_max, AC_WARPS * AC_LANES, b))
            return -1;
        k->block_warps = (unsigned)((b[0] * b[1] * b[2] + AC_LANES - 1) / AC_LANES);
        return 0;
    }
    default: return 0;
    }
}

/* The header lines the thread blocks need, checked at the first '#BEGIN_TB'. */
static int header_done(ac_kernel *k)
{
    static const struct {
        unsigned bit;
        const char *line;
    } need[] = {{H_VERSION, "-accelsim tracer version"}, {H_GRID, "-grid dim"},
                {H_BLOCK, "-block dim"}};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!(k->seen & need[i].bit))
            return tri_fail(k->r, "no '%s = ...' line in the header", need[i].line);
    return 0;
}

/* --- instruction lines -------------------------------------------------------------------- */
/* "P0".."P7", "PT", "UP0".."UP7", "UPT", "UR0".."UR63", "URZ": not vector registers. */
static bool unrecorded_reg(const char *s)
{
    uint64_t v;
    const bool uniform = s[0] == 'U';
    const char *t = s + uniform;
    if (t[0] == 'P')
        return !strcmp(t + 1, "T") || tri_parse_dec(t + 1, 7, &v);
    return uniform && t[0] == 'R' && (!strcmp(t + 1, "Z") || tri_parse_dec(t + 1, 63, &v));
}

/* A register operand: 1 a vector register in *reg, 0 one that is not an access of the vector
 * register file (RZ, uniform, predicate), -1 an error. */
static int reg_field(ac_kernel *k, const char *s, uint8_t *reg)
{
    uint64_t v;
    if (s[0] == 'R' && tri_parse_dec(s + 1, AC_RZ, &v)) {
        *reg = (uint8_t)v;
        return v != AC_RZ;
    }
    if (!strcmp(s, "RZ") || unrecorded_reg(s))
        return 0;
    return tri_fail(k->r, "bad register '%.40s' (R0 to R255, RZ, or a uniform or predicate "
                          "register: UR<n>, URZ, P<n>, PT, UP<n>, UPT)", s);
}

/* `count` register fields into regs (vector registers only); their number, -1 on an error. */
static int reg_fields(ac_kernel *k, ac_cursor *c, uint64_t count, const char *what,
                      uint8_t *regs)
{
    int n = 0;
    for (uint64_t i = 0; i < count; i++) {
        const char *f = need(k, c, what);
        const int got = f ? reg_field(k, f, &regs[n]) : -1;
        if (got < 0)
            return -1;
        if (got && regs[n] + 1u > k->used)
            k->used = regs[n] + 1u;
        n += got;
    }
    return n;
}

/* A SASS opcode: a capital letter, then capitals, digits, '.' and '_'; never R<n> (a register
 * where the opcode belongs: a destination count too small). */
static int opcode_field(ac_kernel *k, const char *s)
{
    uint64_t v;
    bool ok = s[0] >= 'A' && s[0] <= 'Z' && !(s[0] == 'R' && tri_parse_dec(s + 1, UINT64_MAX, &v));
    for (const char *c = s + 1; ok && *c; c++)
        ok = (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' || *c == '_';
    return ok ? 0 : tri_fail(k->r, "bad opcode '%.40s' (a SASS opcode such as IMAD.MOV.U32)", s);
}

static unsigned popcount32(uint32_t m)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Field i of `count` after the base address (mode 1: the stride; 2: the deltas), or of the
 * addresses (mode 0). */
static int address_field(ac_kernel *k, ac_cursor *c, uint64_t mode, unsigned i, unsigned count)
{
    uint64_t v;
    const char *f = field(c);
    if (!f && mode == 1)
        return tri_fail(k->r, "missing fields: the line ends before the stride");
    if (!f)
        return tri_fail(k->r, "missing fields: the line ends before the %s %u of %u (one per "
                              "active lane%s)", mode == 0 ? "address" : "delta", i + 1, count,
                        mode == 0 ? "" : " after the first");
    if (mode == 0)
        return hex(k, f, c, "address", 16, true, &v);
    return mode == 1 ? sdec(k, f, "stride", 0x80000000u) : sdec(k, f, "delta", 0x8000000000000000u);
}

/* The memory addresses after a non-zero mem_width: mode 0 one per active lane, mode 1 a base
 * and a stride, mode 2 a base and a delta per active lane after the first. */
static int addresses(ac_kernel *k, ac_cursor *c, uint32_t mask)
{
    uint64_t mode, v;
    const char *f;
    if (next_dec(k, c, "address compression mode", UINT64_MAX, &mode))
        return -1;
    if (mode > 2)
        return tri_fail(k->r, "bad address compression mode %llu (0 list, 1 base and stride, "
                              "2 base and deltas)", (unsigned long long)mode);
    const unsigned lanes = popcount32(mask);
    const unsigned count = mode == 0 ? lanes : mode == 1 ? 1 : lanes > 1 ? lanes - 1 : 0;
    if (mode != 0 && ((f = need(k, c, "base address")) == NULL ||
                      hex(k, f, c, "base address", 16, true, &v)))
        return -1;
    for (unsigned i = 0; i < count; i++)
        if (address_field(k, c, mode, i, count))
            return -1;
    return 0;
}

/* Grows the block's buffer for n more bytes. */
static int reserve(ac_kernel *k, size_t n)
{
    if (k->len + n <= k->cap)
        return 0;
    if (k->len + n > AC_BLOCK_BYTES)
        return tri_fail(k->r, "thread block %llu,%llu,%llu too large to hold (over %zu MiB of "
                              "instructions)", (unsigned long long)k->tb[0],
                        (unsigned long long)k->tb[1], (unsigned long long)k->tb[2],
                        AC_BLOCK_BYTES >> 20);
    size_t cap = k->cap ? k->cap : 1 << 16;
    while (cap < k->len + n)
        cap *= 2;
    uint8_t *buf = realloc(k->buf, cap);
    if (!buf)
        return tri_fail(k->r, "out of memory for a thread block's instructions");
    k->buf = buf;
    k->cap = cap;
    return 0;
}

/* An instruction's record: line delta (1 byte, or 255 and 8 bytes), mask (4), register counts
 * (1: sources << 1 | destinations), the registers (sources, then destination). A mask of 0
 * keeps no register: such a line accesses nothing. */
static int append(ac_kernel *k, ac_warp *w, unsigned long line, uint32_t mask, const uint8_t *src,
                  unsigned nsrc, const uint8_t *dst, unsigned ndst)
{
    if (reserve(k, 1 + 8 + 4 + 1 + AC_MAX_SRC + AC_MAX_DST))
        return -1;
    uint8_t *p = k->buf + k->len;
    const uint64_t delta = line - w->at;
    w->at = line;
    *p++ = delta < 255 ? (uint8_t)delta : 255;
    if (delta >= 255) {
        memcpy(p, &delta, 8);
        p += 8;
    }
    memcpy(p, &mask, 4);
    p += 4;
    if (mask == 0)
        nsrc = ndst = 0;
    *p++ = (uint8_t)(nsrc << 1 | ndst);
    memcpy(p, src, nsrc);
    memcpy(p + nsrc, dst, ndst);
    k->len = (size_t)(p + nsrc + ndst - k->buf);
    return 0;
}

/* [line] PC mask ndest [dests] opcode nsrc [srcs] mem_width [mode addresses] [immediate] */
static int instruction(ac_kernel *k, ac_warp *w, char *line)
{
    ac_cursor c = {.p = line};
    ac_cursor *p = &c;
    uint64_t v, mask, ndst, nsrc, width;
    uint8_t dst[AC_MAX_DST], src[AC_MAX_SRC];
    const char *f;
    if (k->lineinfo && next_dec(k, p, "source line number", UINT32_MAX, &v))
        return -1;
    if ((f = need(k, p, "PC")) == NULL || hex(k, f, p, "PC", 16, false, &v) ||
        (f = need(k, p, "active mask")) == NULL || hex(k, f, p, "active mask", 8, false, &mask) ||
        next_dec(k, p, "destination count", AC_MAX_DST, &ndst))
        return -1;
    const int nd = reg_fields(k, p, ndst, "destination registers", dst);
    if (nd < 0 || (f = need(k, p, "opcode")) == NULL || opcode_field(k, f) ||
        next_dec(k, p, "source count", AC_MAX_SRC, &nsrc))
        return -1;
    const int ns = reg_fields(k, p, nsrc, "source registers", src);
    if (ns < 0 || next_dec(k, p, "memory width", UINT32_MAX, &width) ||
        (width && addresses(k, p, (uint32_t)mask)))
        return -1;
    if (k->version >= 5 && ((f = need(k, p, "immediate (tracer version 5)")) == NULL ||
                            sdec(k, f, "immediate", UINT64_MAX)))
        return -1;
    if ((f = field(p)) != NULL)
        return tri_fail(k->r, "unexpected field '%.40s' after the %s", f,
                        k->version >= 5 ? "immediate" : "memory fields (an immediate: set "
                                                         "'-accelsim tracer version = 5')");
    w->read++;
    return append(k, w, tri_lineno(k->r), (uint32_t)mask, src, (unsigned)ns, dst, (unsigned)nd);
}

/* --- thread blocks ------------------------------------------------------------------------- */
static const char *tb_text(const ac_kernel *k, char *buf, size_t len)
{
    snprintf(buf, len, "%llu,%llu,%llu", (unsigned long long)k->tb[0],
             (unsigned long long)k->tb[1], (unsigned long long)k->tb[2]);
    return buf;
}

/* The warp being read has all its 'insts = n' lines. */
static int warp_done(ac_kernel *k)
{
    const ac_warp *w = k->nwarps ? &k->warp[k->nwarps - 1] : NULL;
    if (k->want_insts)
        return tri_fail(k->r, "no 'insts = n' line after 'warp = %u' (line %lu)", w->id, w->line);
    if (w && w->read != w->insts)
        return tri_fail(k->r, "warp %u has %llu instruction lines, but 'insts = %llu' (line %lu)",
                        w->id, (unsigned long long)w->read, (unsigned long long)w->insts,
                        w->insts_line);
    return 0;
}

static int begin_block(ac_kernel *k)
{
    if (!k->header_ok && header_done(k))
        return -1;
    k->header_ok = k->body = k->in_block = true;
    k->have_tb = k->want_insts = false;
    k->nwarps = 0;
    k->warp_seen = 0;
    k->used = 0;
    k->len = 0;
    k->begin_line = tri_lineno(k->r);
    return 0;
}

/* "thread block = x,y,z", inside the grid. */
static int block_id(ac_kernel *k, char *s)
{
    if (k->have_tb || k->nwarps)
        return tri_fail(k->r, "a second 'thread block' line in the thread block of line %lu",
                        k->begin_line);
    char *p = s;
    for (int i = 0; i < 3; i++) {
        char *comma = strchr(p, ',');
        if ((i < 2) != (comma != NULL))
            return tri_fail(k->r, "bad thread block '%.40s' (x,y,z)", s);
        if (comma)
            *comma = '\0';
        if (dec(k, p, "thread block index", k->grid[i] - 1, &k->tb[i]))
            return -1;
        p = comma ? comma + 1 : p;
    }
    k->have_tb = true;
    return 0;
}

/* "warp = k": k below the block's warp count, once per thread block. */
static int warp_start(ac_kernel *k, const char *s)
{
    uint64_t id;
    if (!k->have_tb)
        return tri_fail(k->r, "'warp =' before the 'thread block =' line");
    if (warp_done(k) || dec(k, s, "warp", k->block_warps - 1, &id))
        return -1;
    if (k->warp_seen >> id & 1)
        return tri_fail(k->r, "warp %llu given twice in a thread block", (unsigned long long)id);
    k->warp_seen |= 1u << id;
    ac_warp *w = &k->warp[k->nwarps++];
    *w = (ac_warp){.id = (unsigned)id, .line = tri_lineno(k->r), .start = k->len};
    k->want_insts = true;
    return 0;
}

static int insts_line(ac_kernel *k, const char *s)
{
    if (!k->want_insts)
        return tri_fail(k->r, "'insts =' not right after a 'warp =' line");
    ac_warp *w = &k->warp[k->nwarps - 1];
    if (dec(k, s, "insts", UINT64_MAX, &w->insts))
        return -1;
    w->at = w->insts_line = tri_lineno(k->r);
    k->want_insts = false;
    return 0;
}

static int block_instruction(ac_kernel *k, char *s)
{
    if (!k->nwarps || k->want_insts)
        return tri_fail(k->r, k->nwarps ? "instruction line before the warp's 'insts =' line"
                                         : "instruction line before the first 'warp =' line");
    ac_warp *w = &k->warp[k->nwarps - 1];
    if (w->read == w->insts)
        return tri_fail(k->r, "more instruction lines than 'insts = %llu' of warp %u (line %lu)",
                        (unsigned long long)w->insts, w->id, w->insts_line);
    return instruction(k, w, s);
}

/* A line inside a thread block: 1 its '#END_TB' (the block is complete), 0 another, -1. */
static int block_line(ac_kernel *k, char *s)
{
    if (!strcmp(s, "#END_TB")) {
        if (warp_done(k))
            return -1;
        k->in_block = false;
        k->end_line = tri_lineno(k->r);
        return 1;
    }
    if (s[0] == '#')
        return tri_fail(k->r, "'%.40s' inside the thread block of line %lu (no #END_TB)", s,
                        k->begin_line);
    if (!strncmp(s, "thread block = ", 15))
        return block_id(k, s + 15);
    if (!strncmp(s, "warp = ", 7))
        return warp_start(k, s + 7);
    if (!strncmp(s, "insts = ", 8))
        return insts_line(k, s + 8);
    return block_instruction(k, s);
}

/* A line outside thread blocks: header lines, then comments ('#...') and '#BEGIN_TB'. */
static int outer_line(ac_kernel *k, char *s)
{
    if (!strcmp(s, "#BEGIN_TB"))
        return begin_block(k);
    if (s[0] == '#') {
        k->body = true; /* the header ends at its first '#' line (the parser of record's rule) */
        return 0;
    }
    if (s[0] == '-' && !k->body)
        return header_line(k, s);
    if (s[0] == '-')
        return tri_fail(k->r, "header line '%.40s' after the header", s);
    return tri_fail(k->r, "'%.40s' outside a thread block (a raw NVBit .trace? Accel-Sim's "
                          "post-processed .traceg is read)", s);
}

/* The next line with content, trailing blanks cut: 1, 0 at the end, -1. */
static int content_line(tr_reader *r, char **s)
{
    size_t n;
    for (;;) {
        const int got = tri_line(r, s, &n);
        if (got <= 0)
            return got;
        while (n && is_blank((*s)[n - 1]))
            n--;
        (*s)[n] = '\0';
        if (n)
            return 1;
    }
}

/* -nregs out of range, or below a register a thread block uses: the highest register used + 1
 * so far in the kernel is taken instead, with a warning each time it rises. */
static void block_nvregs(ac_kernel *k)
{
    char tb[64];
    const unsigned used = k->used ? k->used : 1;
    if (!k->nregs_ok && !k->nregs_warned) {
        k->nregs_warned = true;
        k->nvregs = used;
        if (k->seen & H_NREGS)
            tri_warn(k->r, k->nregs_line, "-nregs = %s is out of range (1 to %d): taking the "
                     "highest register used + 1 instead, %u (thread block %s)", k->nregs_text,
                     TR_MAX_NVREGS, used, tb_text(k, tb, sizeof tb));
        else
            tri_warn(k->r, k->begin_line, "no -nregs line: taking the highest register used + 1, "
                     "%u (thread block %s)", used, tb_text(k, tb, sizeof tb));
        return;
    }
    if (k->nvregs == 0)
        k->nvregs = (unsigned)k->nregs;
    if (used <= k->nvregs)
        return;
    tri_warn(k->r, k->begin_line, "thread block %s uses R%u, beyond %s %u: taking the highest "
             "register used + 1, %u, from it on", tb_text(k, tb, sizeof tb), used - 1,
             k->nregs_ok && k->nvregs == k->nregs ? "-nregs =" : "the registers taken so far,",
             k->nvregs, used);
    k->nvregs = used;
}

/* Reads the next thread block: 1, 0 at the end of the trace, -1. */
static int read_block(ac_kernel *k)
{
    char *s;
    for (;;) {
        const int got = content_line(k->r, &s);
        if (got < 0)
            return -1;
        if (got == 0 && k->in_block)
            return tri_fail(k->r, "end of trace inside the thread block of line %lu (no #END_TB)",
                            k->begin_line);
        if (got == 0)
            return 0;
        const int st = k->in_block ? block_line(k, s) : outer_line(k, s);
        if (st < 0)
            return -1;
        if (st == 1 && k->nwarps) {
            block_nvregs(k);
            return 1;
        }
    }
}

/* --- giving a thread block out -------------------------------------------------------------- */
/* Thread block b of the trace runs on slot b mod 128: compute unit b mod 32, SIMD (b / 32) mod 4.
 * Its A events at its first cycle c0, then the F events of the block before it (same cycle),
 * then round s (instruction s of every warp that has one, in warp order) at c0 + 1 + s. Its
 * warps end together (registers are a thread block's on NVIDIA GPUs) when the next block of the
 * kernel starts, c0 + 1 + rounds, or there at the kernel's end. */
static void give_out(ac_kernel *k)
{
    const uint64_t slot = k->clk->blocks++ % AC_SLOTS;
    k->cu = (unsigned)(slot % TR_MAX_CU);
    k->simd = (unsigned)(slot / TR_MAX_CU);
    k->c0 = k->clk->cycle;
    k->steps = 0;
    for (unsigned i = 0; i < k->nwarps; i++) {
        ac_warp *w = &k->warp[i];
        w->wf = k->clk->wf++;
        w->pos = w->start;
        w->at = w->insts_line;
        if (w->insts > k->steps)
            k->steps = w->insts;
    }
    k->clk->cycle = k->c0 + k->steps + 1;
    k->out = true;
    k->have_inst = false;
    k->next_a = k->wi = 0;
    k->step = 0;
}

/* The block given out has no instruction left: its warps' F events wait for the next block. */
static void hold_ends(ac_kernel *k)
{
    for (unsigned i = 0; i < k->nwarps; i++)
        k->end_wf[i] = k->warp[i].wf;
    k->nend = k->nwarps;
    k->next_f = 0;
    k->end_cu = k->cu;
    k->end_simd = k->simd;
    k->end_at = k->end_line;
    k->out = false;
}

static void event(tr_event *ev, tr_kind kind, uint64_t cycle, unsigned cu, unsigned simd,
                  uint64_t wf)
{
    ev->kind = kind;
    ev->cycle = cycle;
    ev->cu = cu;
    ev->simd = simd;
    ev->wf = wf;
    ev->nvregs = 0;
    ev->vreg = 0;
    ev->mask = 0;
    ev->launch = 0;
}

/* The next F event held (1): at the next block's first cycle, or after the last round at the
 * kernel's end; 0 when none is left. */
static int next_end(ac_kernel *k, tr_event *ev)
{
    if (k->next_f == k->nend)
        return 0;
    event(ev, TR_F, k->out ? k->c0 : k->clk->cycle, k->end_cu, k->end_simd,
          k->end_wf[k->next_f++]);
    k->ev_line = k->end_at;
    return 1;
}

/* The warp's next record into k->inst. */
static void decode(ac_kernel *k, ac_warp *w)
{
    const uint8_t *p = k->buf + w->pos;
    uint64_t delta = *p++;
    if (delta == 255) {
        memcpy(&delta, p, 8);
        p += 8;
    }
    w->at += (unsigned long)delta;
    ac_inst *in = &k->inst;
    in->line = w->at;
    memcpy(&in->mask, p, 4);
    p += 4;
    in->nsrc = *p >> 1;
    in->n = in->nsrc + (*p++ & 1);
    memcpy(in->reg, p, in->n);
    in->next = 0;
    w->pos = (size_t)(p + in->n - k->buf);
}

/* The instruction's next access: its sources (R), then its destination (W), each with the
 * instruction's active lanes (docs/accel-trace.md, decision 8). */
static void access(ac_kernel *k, tr_event *ev)
{
    ac_inst *in = &k->inst;
    const bool w = in->next >= in->nsrc;
    event(ev, w ? TR_W : TR_R, k->c0 + 1 + k->step, k->cu, k->simd, k->warp[k->wi - 1].wf);
    ev->vreg = in->reg[in->next++];
    ev->mask = in->mask;
    k->ev_line = in->line;
    if (w)
        memset(ev->v, 0, sizeof ev->v); /* the trace carries no values */
}

/* The block's next event: 1, 0 when it has none left. */
static int give_next(ac_kernel *k, tr_event *ev)
{
    if (k->next_a < k->nwarps) {
        const ac_warp *w = &k->warp[k->next_a++];
        event(ev, TR_A, k->c0, k->cu, k->simd, w->wf);
        ev->nvregs = k->nvregs;
        k->ev_line = w->line;
        return 1;
    }
    if (next_end(k, ev))
        return 1;
    for (;;) {
        if (k->have_inst && k->inst.next < k->inst.n) {
            access(k, ev);
            return 1;
        }
        k->have_inst = false;
        if (k->wi == k->nwarps) {
            k->wi = 0;
            k->step++;
        }
        if (k->step >= k->steps)
            return 0;
        ac_warp *w = &k->warp[k->wi++];
        if (k->step < w->insts) {
            decode(k, w);
            k->have_inst = true;
        }
    }
}

static int kernel_next(ac_kernel *k, tr_event *ev)
{
    for (;;) {
        if (k->out && give_next(k, ev))
            return 1;
        if (k->out)
            hold_ends(k);
        if (k->eof)
            return next_end(k, ev);
        const int got = read_block(k);
        if (got < 0)
            return -1;
        k->eof = got == 0;
        if (got)
            give_out(k);
    }
}

/* A kernel trace whose first line (first, "-kernel name = ...") was just read from r. */
static ac_kernel *kernel_open(tr_reader *r, char *first, ac_clock *clk)
{
    ac_kernel *k = calloc(1, sizeof *k);
    if (!k) {
        tri_fail(r, "out of memory");
        return NULL;
    }
    k->r = r;
    k->clk = clk;
    k->version = 4;
    if (header_line(k, first)) {
        free(k);
        return NULL;
    }
    return k;
}

static void kernel_free(ac_kernel *k)
{
    if (k)
        free(k->buf);
    free(k);
}

/* --- kernelslist.g -------------------------------------------------------------------------- */
/* "MemcpyHtoD,0x<address>,<bytes>" or MemcpyDtoH: checked and skipped. */
static int memcpy_line(tr_reader *r, const char *s)
{
    char addr[24], bytes[24];
    uint64_t v;
    const char *a = s + 11, *c = strchr(a, ',');
    bool ok = c && (size_t)(c - a) < sizeof addr && strlen(c + 1) < sizeof bytes;
    if (ok) {
        memcpy(addr, a, (size_t)(c - a));
        addr[c - a] = '\0';
        snprintf(bytes, sizeof bytes, "%s", c + 1);
        const size_t n = strlen(addr);
        ok = n > 2 && n <= 18 && addr[0] == '0' && addr[1] == 'x' &&
             tri_parse_hex(addr + 2, n - 2, &v) && tri_parse_dec(bytes, UINT64_MAX, &v);
    }
    return ok ? 0 : tri_fail(r, "bad Memcpy line '%.60s' (%.10s,0x<address>,<bytes>)", s, s);
}

/* A kernel file's name as the kernelslist gives it: a relative path without '..' or blanks;
 * a raw .trace (before Accel-Sim's post-processing) is refused. */
static int kernel_name_ok(tr_reader *r, const char *s)
{
    const size_t n = strlen(s);
    if (strpbrk(s, " \t"))
        return tri_fail(r, "bad kernel file name '%.60s' (blanks)", s);
    for (const char *p = s; (p = strstr(p, "..")) != NULL; p += 2)
        if ((p == s || p[-1] == '/') && (p[2] == '/' || p[2] == '\0'))
            return tri_fail(r, "kernel file name '%.60s' goes up with '..'", s);
    if ((n > 6 && !strcmp(s + n - 6, ".trace")) || (n > 9 && !strcmp(s + n - 9, ".trace.xz")))
        return tri_fail(r, "'%.60s' is a raw NVBit trace: Accel-Sim's post-processed .traceg "
                           "(kernelslist.g) is read", s);
    return 0;
}

/* Opens the kernel file the kernelslist line names and reads its first line. */
static int open_kernel(ac_reader *a, const char *name)
{
    char path[AC_MAX_PATH], err[768], *first;
    size_t n;
    if (kernel_name_ok(a->r, name))
        return -1;
    if (snprintf(path, sizeof path, "%s%s", a->dir, name) >= (int)sizeof path)
        return tri_fail(a->r, "kernel file path too long");
    if ((a->kr = tr_open(path, err, sizeof err)) == NULL)
        return tri_fail(a->r, "%s", err);
    tri_share_warn(a->r, a->kr);
    const int got = tri_line(a->kr, &first, &n);
    if (got == 0)
        tri_fail(a->kr, "empty kernel trace");
    else if (got > 0 && ac_detect(first) != AC_KERNEL)
        tri_fail(a->kr, "not an Accel-Sim kernel trace: the first line must be '%s...'",
                 AC_KERNEL_HEAD);
    else if (got > 0)
        a->k = kernel_open(a->kr, first, &a->clk);
    return a->k ? 0 : tri_set_error(a->r, tr_error(a->kr));
}

/* A kernelslist line: Memcpy lines skipped, a kernel file opened. */
static int list_line(ac_reader *a, const char *s)
{
    if (!strncmp(s, "MemcpyHtoD,", 11) || !strncmp(s, "MemcpyDtoH,", 11))
        return memcpy_line(a->r, s);
    if (!strncmp(s, "kernel", 6))
        return open_kernel(a, s);
    return tri_fail(a->r, "'%.60s' in a kernelslist (MemcpyHtoD, MemcpyDtoH or kernel lines)", s);
}

/* The kernel file read to its end: closed, its bytes counted. */
static void close_kernel(ac_reader *a)
{
    uint64_t raw, decoded;
    tri_own_progress(a->kr, &raw, &decoded);
    a->done_raw += raw;
    a->done_decoded += decoded;
    kernel_free(a->k);
    tr_close(a->kr);
    a->k = NULL;
    a->kr = NULL;
}

static int list_next(ac_reader *a, tr_event *ev)
{
    for (;;) {
        if (a->k) {
            const int got = kernel_next(a->k, ev);
            if (got < 0)
                return tri_set_error(a->r, tr_error(a->kr));
            if (got)
                return 1;
            close_kernel(a);
        }
        char *s;
        const int got = content_line(a->r, &s);
        if (got <= 0)
            return got;
        if (list_line(a, s))
            return -1;
    }
}

/* The kernelslist's directory (kernel files are named relative to it); the current one for
 * standard input and a buffer. */
static void list_dir(ac_reader *a)
{
    const char *name = tri_path(a->r);
    const char *slash = name ? strrchr(name, '/') : NULL;
    a->dir[0] = '\0';
    if (slash && (size_t)(slash - name) + 1 < sizeof a->dir) {
        memcpy(a->dir, name, (size_t)(slash - name) + 1);
        a->dir[slash - name + 1] = '\0';
    }
}

/* The bytes of every kernel file the kernelslist names (a second read of the list), for the
 * progress line's percentage; 0 when unknown. */
static uint64_t list_total(const ac_reader *a)
{
    const char *path = tri_path(a->r);
    char err[768], *s, file[AC_MAX_PATH];
    size_t n;
    tr_reader *r = path ? tr_open(path, err, sizeof err) : NULL;
    uint64_t total = 0;
    struct stat st;
    while (r && tri_line(r, &s, &n) == 1)
        if (!strncmp(s, "kernel", 6) &&
            snprintf(file, sizeof file, "%s%s", a->dir, s) < (int)sizeof file &&
            stat(file, &st) == 0)
            total += (uint64_t)st.st_size;
    tr_close(r);
    return total;
}

/* --- public -------------------------------------------------------------------------------- */
ac_kind ac_detect(const char *line)
{
    if (!strncmp(line, AC_KERNEL_HEAD, strlen(AC_KERNEL_HEAD)))
        return AC_KERNEL;
    if (!strncmp(line, "MemcpyHtoD,", 11) || !strncmp(line, "MemcpyDtoH,", 11) ||
        !strncmp(line, "kernel", 6))
        return AC_LIST;
    return AC_NONE;
}

ac_reader *ac_open(tr_reader *r, ac_kind kind, char *first_line)
{
    ac_reader *a = calloc(1, sizeof *a);
    if (!a) {
        tri_fail(r, "out of memory");
        return NULL;
    }
    a->kind = kind;
    a->r = r;
    size_t n = strlen(first_line);
    while (n && is_blank(first_line[n - 1]))
        first_line[--n] = '\0';
    if (kind == AC_KERNEL)
        a->k = kernel_open(r, first_line, &a->clk);
    else
        list_dir(a);
    if (kind == AC_KERNEL ? a->k == NULL : list_line(a, first_line) != 0) {
        ac_close(a);
        return NULL;
    }
    return a;
}

int ac_next(ac_reader *a, tr_event *ev)
{
    if (a->end)
        return 0;
    const int got = a->kind == AC_KERNEL ? kernel_next(a->k, ev) : list_next(a, ev);
    a->end = got == 0;
    return got;
}

const char *ac_where(const ac_reader *a, unsigned long *line)
{
    *line = a->k ? a->k->ev_line : tri_lineno(a->r);
    return a->kr ? tri_name(a->kr) : tri_name(a->r);
}

void ac_progress(ac_reader *a, uint64_t *raw, uint64_t *decoded)
{
    tri_own_progress(a->r, raw, decoded);
    if (a->kind == AC_KERNEL)
        return;
    uint64_t kraw = 0, kdec = 0;
    if (a->kr)
        tri_own_progress(a->kr, &kraw, &kdec);
    *decoded += a->done_decoded + kdec;
    if (!a->total_tried) {
        a->total_tried = true;
        a->total = list_total(a);
    }
    const double size = (double)tri_file_size(a->r), part = (double)(a->done_raw + kraw);
    if (a->total > 0 && part <= (double)a->total)
        *raw = (uint64_t)(size * part / (double)a->total);
}

void ac_close(ac_reader *a)
{
    if (!a)
        return;
    kernel_free(a->k);
    tr_close(a->kr);
    free(a);
}
