/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming reader of the deltarf vector-register traces (format v1: data/traces/README.md;
 * decisions: docs/trace-reader.md): xz (liblzma) or plain text, one line at a time, every event
 * checked against the wavefronts seen so far; the input of the aging paper's Section 5. */
#include "trace.h"

#include <errno.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TR_CHUNK 16384
#define TR_XZ_MEMLIMIT (256u << 20) /* xz -9 needs 65 MiB; more is refused, not allocated */
#define TR_MAX_LINE 4096
#define TR_MAX_FIELDS (7 + DRF_COMPONENTS)
#define TR_HEADER "# deltarf register-write trace v1"

static const uint8_t xz_magic[6] = {0xfd, '7', 'z', 'X', 'Z', 0x00};

/* A wavefront seen in an A line. */
typedef struct {
    uint64_t wf, a_cycle;
    unsigned cu, simd, nvregs;
    bool used, finished;
} tr_wave;

struct tr_reader {
    char name[256];
    FILE *file;                 /* NULL: reading the caller's buffer */
    const uint8_t *mem;
    size_t mem_len, mem_pos;
    bool xz, src_eof, xz_end;
    lzma_stream lz;
    uint8_t in[TR_CHUNK];       /* raw bytes (xz input), file mode */
    uint8_t out[TR_CHUNK];      /* decoded bytes */
    size_t out_len, out_pos;
    char line[TR_MAX_LINE + 1];
    unsigned long lineno;
    uint64_t last_cycle;
    tr_wave *waves;             /* open addressing on wf */
    size_t wave_cap, wave_count, unfinished;
    char err[768];
};

/* --- errors ---------------------------------------------------------------------------- */
static int fail(tr_reader *r, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->err, sizeof r->err, "%s:%lu: %s", r->name, r->lineno, msg);
    return -1;
}

/* --- bytes: raw source, then the xz decoder or a plain copy ------------------------------ */
/* Raw bytes into buf (at most cap); 0 at the end of the source, -1 on a read error. */
static long read_raw(tr_reader *r, uint8_t *buf, size_t cap)
{
    if (r->file) {
        size_t n = fread(buf, 1, cap, r->file);
        if (n == 0 && ferror(r->file))
            return -1;
        return (long)n;
    }
    size_t n = r->mem_len - r->mem_pos;
    if (n > cap)
        n = cap;
    memcpy(buf, r->mem + r->mem_pos, n);
    r->mem_pos += n;
    return (long)n;
}

static const char *lzma_message(lzma_ret ret)
{
    switch (ret) {
    case LZMA_MEM_ERROR: return "out of memory in the xz decoder";
    case LZMA_MEMLIMIT_ERROR: return "xz stream needs more than 256 MiB to decode";
    case LZMA_FORMAT_ERROR: return "not an xz stream";
    case LZMA_OPTIONS_ERROR: return "unsupported xz options";
    case LZMA_DATA_ERROR: return "corrupt xz data";
    case LZMA_BUF_ERROR: return "truncated xz stream";
    default: return "xz decoder error";
    }
}

/* Refills r->out through the xz decoder: 1 bytes ready, 0 end of stream, -1 error. */
static int fill_xz(tr_reader *r)
{
    lzma_stream *z = &r->lz;
    z->next_out = r->out;
    z->avail_out = sizeof r->out;
    while (z->avail_out == sizeof r->out && !r->xz_end) {
        if (z->avail_in == 0 && !r->src_eof) {
            long n = read_raw(r, r->in, sizeof r->in);
            if (n < 0)
                return fail(r, "read error: %s", strerror(errno));
            r->src_eof = n == 0;
            z->next_in = r->in;
            z->avail_in = (size_t)n;
        }
        lzma_ret ret = lzma_code(z, r->src_eof ? LZMA_FINISH : LZMA_RUN);
        if (ret == LZMA_STREAM_END)
            r->xz_end = true;
        else if (ret != LZMA_OK)
            return fail(r, "%s", lzma_message(ret));
    }
    r->out_len = sizeof r->out - z->avail_out;
    r->out_pos = 0;
    return r->out_len > 0;
}

/* Refills r->out with plain bytes: 1 bytes ready, 0 end, -1 error. */
static int fill_plain(tr_reader *r)
{
    long n = read_raw(r, r->out, sizeof r->out);
    if (n < 0)
        return fail(r, "read error: %s", strerror(errno));
    r->out_len = (size_t)n;
    r->out_pos = 0;
    return n > 0;
}

/* The next line into r->line without its '\n': 1 line, 0 end of input, -1 error. */
static int next_line(tr_reader *r)
{
    size_t len = 0;
    for (;;) {
        if (r->out_pos == r->out_len) {
            int got = r->xz ? fill_xz(r) : fill_plain(r);
            if (got < 0)
                return -1;
            if (got == 0) {
                if (len == 0)
                    return 0;
                r->lineno++;
                return fail(r, "truncated trace: the last line has no end of line");
            }
        }
        const uint8_t *start = r->out + r->out_pos;
        size_t avail = r->out_len - r->out_pos;
        const uint8_t *nl = memchr(start, '\n', avail);
        size_t take = nl ? (size_t)(nl - start) : avail;
        if (len + take > TR_MAX_LINE) {
            r->lineno++;
            return fail(r, "line longer than %d characters", TR_MAX_LINE);
        }
        memcpy(r->line + len, start, take);
        len += take;
        r->out_pos += take + (nl != NULL);
        if (nl) {
            r->line[len] = '\0';
            r->lineno++;
            if (memchr(r->line, '\0', len))
                return fail(r, "NUL byte in the line");
            return 1;
        }
    }
}

/* --- fields ------------------------------------------------------------------------------ */
/* Splits r->line at single spaces into f; the field count, or -1 on an empty field. */
static int split_fields(char *line, char **f, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == max)
            return max + 1;
        f[n++] = p;
        char *sp = strchr(p, ' ');
        if (!sp)
            break;
        *sp = '\0';
        p = sp + 1;
    }
    for (int i = 0; i < n; i++)
        if (f[i][0] == '\0')
            return -1;
    return n;
}

static bool parse_dec(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s || strlen(s) > 20)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (d > max || v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Exactly `digits` hex digits. */
static bool parse_hex(const char *s, size_t digits, uint64_t *out)
{
    uint64_t v = 0;
    if (strlen(s) != digits)
        return false;
    for (; *s; s++) {
        int d = hex_digit(*s);
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

/* A decimal field: 0 or the error. */
static int dec_field(tr_reader *r, const char *s, const char *what, uint64_t max, uint64_t *out)
{
    if (!parse_dec(s, max, out))
        return fail(r, "bad %s '%.40s' (a decimal number <= %llu)", what, s,
                    (unsigned long long)max);
    return 0;
}

/* --- wavefronts -------------------------------------------------------------------------- */
static uint64_t wave_hash(uint64_t wf)
{
    wf ^= wf >> 33;
    wf *= 0xff51afd7ed558ccdULL;
    return wf ^ (wf >> 33);
}

static tr_wave *wave_slot(tr_reader *r, uint64_t wf)
{
    size_t i = (size_t)(wave_hash(wf) & (r->wave_cap - 1));
    while (r->waves[i].used && r->waves[i].wf != wf)
        i = (i + 1) & (r->wave_cap - 1);
    return &r->waves[i];
}

static int wave_grow(tr_reader *r)
{
    tr_wave *old = r->waves;
    size_t old_cap = r->wave_cap;
    r->wave_cap = old_cap ? old_cap * 2 : 64;
    r->waves = calloc(r->wave_cap, sizeof *r->waves);
    if (!r->waves) {
        r->waves = old;
        r->wave_cap = old_cap;
        return fail(r, "out of memory for the wavefront table");
    }
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].used)
            *wave_slot(r, old[i].wf) = old[i];
    free(old);
    return 0;
}

/* The running wavefront an event names, checked against its cu and simd; NULL on an error. */
static tr_wave *running_wave(tr_reader *r, const tr_event *ev)
{
    tr_wave *w = wave_slot(r, ev->wf);
    if (!w->used) {
        fail(r, "%c for wavefront %llu before its A", (char)ev->kind, (unsigned long long)ev->wf);
        return NULL;
    }
    if (w->finished) {
        fail(r, "%c for wavefront %llu after its F", (char)ev->kind, (unsigned long long)ev->wf);
        return NULL;
    }
    if (w->cu != ev->cu || w->simd != ev->simd) {
        fail(r, "wavefront %llu runs on cu %u simd %u, not cu %u simd %u",
             (unsigned long long)ev->wf, w->cu, w->simd, ev->cu, ev->simd);
        return NULL;
    }
    return w;
}

/* --- events ------------------------------------------------------------------------------ */
/* The fields every event starts with: cycle cu simd wf. */
static int common_fields(tr_reader *r, char **f, tr_event *ev)
{
    uint64_t cu, simd;
    if (dec_field(r, f[1], "cycle", UINT64_MAX, &ev->cycle) ||
        dec_field(r, f[2], "cu", TR_MAX_CU - 1, &cu) ||
        dec_field(r, f[3], "simd", TR_SIMDS - 1, &simd) ||
        dec_field(r, f[4], "wavefront", UINT64_MAX, &ev->wf))
        return -1;
    ev->cu = (unsigned)cu;
    ev->simd = (unsigned)simd;
    if (ev->cycle < r->last_cycle)
        return fail(r, "cycle %llu is before the previous line's %llu",
                    (unsigned long long)ev->cycle, (unsigned long long)r->last_cycle);
    r->last_cycle = ev->cycle;
    return 0;
}

static int event_a(tr_reader *r, char **f, tr_event *ev)
{
    uint64_t nvregs;
    if (dec_field(r, f[5], "nvregs", TR_MAX_NVREGS, &nvregs))
        return -1;
    if (nvregs == 0)
        return fail(r, "bad nvregs '0' (a wavefront needs 1 to %d registers)", TR_MAX_NVREGS);
    if ((r->wave_count + 1) * 2 > r->wave_cap && wave_grow(r))
        return -1;
    tr_wave *w = wave_slot(r, ev->wf);
    if (w->used)
        return fail(r, "wavefront %llu started twice", (unsigned long long)ev->wf);
    *w = (tr_wave){.wf = ev->wf, .a_cycle = ev->cycle, .cu = ev->cu, .simd = ev->simd,
                   .nvregs = (unsigned)nvregs, .used = true};
    r->wave_count++;
    r->unfinished++;
    ev->nvregs = (unsigned)nvregs;
    return 0;
}

/* The vreg field of W and R, checked against the wavefront's nvregs. */
static int vreg_field(tr_reader *r, const char *s, const tr_wave *w, tr_event *ev)
{
    uint64_t vreg;
    if (dec_field(r, s, "vreg", TR_MAX_NVREGS - 1, &vreg))
        return -1;
    if (vreg >= w->nvregs)
        return fail(r, "vreg %llu of wavefront %llu, which has %u registers",
                    (unsigned long long)vreg, (unsigned long long)ev->wf, w->nvregs);
    ev->vreg = (unsigned)vreg;
    return 0;
}

static int event_w(tr_reader *r, char **f, tr_event *ev)
{
    tr_wave *w = running_wave(r, ev);
    if (!w || vreg_field(r, f[5], w, ev))
        return -1;
    if (!parse_hex(f[6], 16, &ev->mask))
        return fail(r, "bad exec mask '%.40s' (16 hex digits)", f[6]);
    for (int i = 0; i < DRF_COMPONENTS; i++) {
        uint64_t v;
        if (!parse_hex(f[7 + i], 8, &v))
            return fail(r, "bad component v%d '%.40s' (8 hex digits)", i, f[7 + i]);
        ev->v[i] = (uint32_t)v;
    }
    ev->launch = ev->cycle == w->a_cycle;
    return 0;
}

static int event_r(tr_reader *r, char **f, tr_event *ev)
{
    tr_wave *w = running_wave(r, ev);
    return w ? vreg_field(r, f[5], w, ev) : -1;
}

static int event_f(tr_reader *r, tr_event *ev)
{
    tr_wave *w = running_wave(r, ev);
    if (!w)
        return -1;
    w->finished = true;
    r->unfinished--;
    return 0;
}

/* Fields per event, the letter included. */
static int field_count(char kind)
{
    switch (kind) {
    case 'A': return 6;
    case 'W': return 7 + DRF_COMPONENTS;
    case 'R': return 6;
    case 'F': return 5;
    default: return 0;
    }
}

static int parse_event(tr_reader *r, tr_event *ev)
{
    char *f[TR_MAX_FIELDS + 1];
    int n = split_fields(r->line, f, TR_MAX_FIELDS);
    if (n < 0)
        return fail(r, "empty field (fields are separated by single spaces)");
    if (strlen(f[0]) != 1 || !field_count(f[0][0]))
        return fail(r, "unknown event '%.40s' (A, W, R or F)", f[0]);
    int want = field_count(f[0][0]);
    if (n != want)
        return fail(r, "%c line with %s%d fields, expected %d", f[0][0],
                    n > TR_MAX_FIELDS ? "more than " : "", n > TR_MAX_FIELDS ? TR_MAX_FIELDS : n,
                    want);
    memset(ev, 0, sizeof *ev);
    ev->kind = (tr_kind)f[0][0];
    if (common_fields(r, f, ev))
        return -1;
    switch (ev->kind) {
    case TR_A: return event_a(r, f, ev);
    case TR_W: return event_w(r, f, ev);
    case TR_R: return event_r(r, f, ev);
    default: return event_f(r, ev);
    }
}

/* --- public ------------------------------------------------------------------------------ */
int tr_next(tr_reader *r, tr_event *ev)
{
    if (r->err[0])
        return -1;
    for (;;) {
        int got = next_line(r);
        if (got < 0)
            return -1;
        if (got == 0) {
            if (r->lineno == 0)
                return fail(r, "empty trace (no '%s' header)", TR_HEADER);
            if (r->unfinished)
                return fail(r, "end of trace with %zu wavefront(s) not finished", r->unfinished);
            return 0;
        }
        if (r->lineno == 1 && strcmp(r->line, TR_HEADER) != 0)
            return fail(r, "not a deltarf trace: the first line must be '%s'", TR_HEADER);
        if (r->line[0] == '#')
            continue;
        return parse_event(r, ev) < 0 ? -1 : 1;
    }
}

const char *tr_error(const tr_reader *r)
{
    return r->err;
}

unsigned long tr_line(const tr_reader *r)
{
    return r->lineno;
}

/* Chooses xz or plain from the first bytes and starts the decoder. */
static tr_reader *start(tr_reader *r, char *err, size_t errlen)
{
    uint8_t head[sizeof xz_magic];
    long n = read_raw(r, head, sizeof head);
    r->xz = n == (long)sizeof head && !memcmp(head, xz_magic, sizeof head);
    if (r->xz) {
        r->lz = (lzma_stream)LZMA_STREAM_INIT;
        if (lzma_stream_decoder(&r->lz, TR_XZ_MEMLIMIT, 0) != LZMA_OK) {
            snprintf(err, errlen, "%s: cannot start the xz decoder", r->name);
            tr_close(r);
            return NULL;
        }
        memcpy(r->in, head, sizeof head);
        r->lz.next_in = r->in;
        r->lz.avail_in = sizeof head;
    } else if (n > 0) {
        memcpy(r->out, head, (size_t)n);
        r->out_len = (size_t)n;
    }
    return r;
}

static tr_reader *alloc_reader(const char *name, char *err, size_t errlen)
{
    tr_reader *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "%s: out of memory", name);
        return NULL;
    }
    snprintf(r->name, sizeof r->name, "%s", name);
    if (wave_grow(r)) {
        snprintf(err, errlen, "%s: out of memory", name);
        free(r);
        return NULL;
    }
    return r;
}

tr_reader *tr_open(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    tr_reader *r = alloc_reader(path, err, errlen);
    if (!r) {
        fclose(f);
        return NULL;
    }
    r->file = f;
    return start(r, err, errlen);
}

tr_reader *tr_open_mem(const void *buf, size_t len, const char *name, char *err, size_t errlen)
{
    tr_reader *r = alloc_reader(name, err, errlen);
    if (!r)
        return NULL;
    r->mem = buf;
    r->mem_len = len;
    return start(r, err, errlen);
}

void tr_close(tr_reader *r)
{
    if (!r)
        return;
    if (r->xz)
        lzma_end(&r->lz);
    if (r->file)
        fclose(r->file);
    free(r->waves);
    free(r);
}
