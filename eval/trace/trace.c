/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming reader of the deltarf vector-register traces (format v1: data/traces/README.md;
 * decisions: docs/trace-reader.md): xz (liblzma) or plain text, one line at a time, every event
 * checked against the wavefronts seen so far; the input of the aging paper's Section 5. */
#define _POSIX_C_SOURCE 200809L /* fdopen, dup, mkstemp: "-" is standard input */
#include "eval/trace/trace.h"

#include <errno.h>
#include <lzma.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eval/trace/accel_trace.h"
#include "eval/trace/trace_internal.h"

#define TR_CHUNK 16384
#define TR_XZ_MEMLIMIT (256u << 20) /* xz -9 needs 65 MiB; more is refused, not allocated */
#define TR_MAX_LINE 4096
#define TR_MAX_FIELDS (7 + DRF_COMPONENTS)
#define TR_HEADER "# deltarf register-write trace v1"
#define TR_RING 4               /* decoded buffers between the xz thread and the parser */
#define TR_RING_BYTES (1u << 18)

static const uint8_t xz_magic[6] = {0xfd, '7', 'z', 'X', 'Z', 0x00};

/* An xz file is decoded by a thread of its own, ahead of the parser, into a ring of buffers. */
typedef struct {
    uint8_t *data[TR_RING];
    size_t len[TR_RING];
    uint64_t raw[TR_RING];      /* bytes of the file read when the buffer was filled */
    int status[TR_RING];        /* 1 bytes, 0 end of stream, -1 error (msg) */
    unsigned head, tail, count; /* filled buffers: tail .. head - 1 */
    bool stop, taken, done;     /* taken: the parser holds tail; done: it saw the end */
    char msg[160];
    pthread_mutex_t mu;
    pthread_cond_t filled, freed;
    pthread_t thread;
} tr_pipe;

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
    uint8_t *in;                /* TR_CHUNK raw bytes, the xz decoder's input (xz only) */
    uint8_t *out;               /* TR_CHUNK decoded bytes (xz, or a plain file) */
    const uint8_t *obuf;        /* the bytes being parsed: out, a buffer of the pipe, or the
                                   caller's buffer itself (plain text in memory) */
    size_t out_len, out_pos;
    tr_pipe *pipe;              /* xz files: the decoding thread; NULL otherwise */
    uint64_t raw_bytes;         /* read from the source (by the decoding thread if any) */
    uint64_t raw_seen, decoded_bytes; /* the same as the parser has them; decoded bytes */
    char line[TR_MAX_LINE + 1];
    size_t line_len;
    unsigned long lineno;
    uint64_t last_cycle;
    tr_wave *waves;             /* open addressing on wf */
    size_t wave_cap, wave_count, unfinished;
    char err[768];
    tr_tap_fn tap;
    void *tap_ctx;
    ac_reader *accel;           /* an Accel-Sim trace (docs/accel-trace.md): its reader */
    tr_warn_fn warn;            /* NULL: stderr, each message once */
    void *warn_ctx;
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
        r->raw_bytes += n;
        return (long)n;
    }
    size_t n = r->mem_len - r->mem_pos;
    if (n > cap)
        n = cap;
    memcpy(buf, r->mem + r->mem_pos, n);
    r->mem_pos += n;
    r->raw_bytes += n;
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

/* Decodes into buf (at most cap bytes, *len of them): 1 bytes ready, 0 end of stream, -1
 * error with *why. Touches only the source and the decoder (the decoding thread's). */
static int decode_xz(tr_reader *r, uint8_t *buf, size_t cap, size_t *len, const char **why)
{
    lzma_stream *z = &r->lz;
    z->next_out = buf;
    z->avail_out = cap;
    while (z->avail_out == cap && !r->xz_end) {
        if (z->avail_in == 0 && !r->src_eof) {
            long n = read_raw(r, r->in, TR_CHUNK);
            if (n < 0) {
                *why = strerror(errno);
                return -1;
            }
            r->src_eof = n == 0;
            z->next_in = r->in;
            z->avail_in = (size_t)n;
        }
        lzma_ret ret = lzma_code(z, r->src_eof ? LZMA_FINISH : LZMA_RUN);
        if (ret == LZMA_STREAM_END)
            r->xz_end = true;
        else if (ret != LZMA_OK) {
            *why = lzma_message(ret);
            return -1;
        }
    }
    *len = cap - z->avail_out;
    return *len > 0;
}

/* The parser's next bytes are obuf[0 .. len). */
static int take_bytes(tr_reader *r, const uint8_t *buf, size_t len, uint64_t raw, int status)
{
    r->obuf = buf;
    r->out_len = len;
    r->out_pos = 0;
    r->decoded_bytes += len;
    r->raw_seen = raw;
    return status;
}

/* Refills r->out through the xz decoder, in this thread: 1 bytes ready, 0 end, -1 error. */
static int fill_xz(tr_reader *r)
{
    size_t len = 0;
    const char *why = "";
    const int st = decode_xz(r, r->out, TR_CHUNK, &len, &why);
    if (st < 0)
        return fail(r, "%s", why);
    return take_bytes(r, r->out, len, r->raw_bytes, st);
}

/* The decoding thread: fills free buffers of the ring until the end, an error or stop. */
static void *decode_thread(void *arg)
{
    tr_reader *r = arg;
    tr_pipe *p = r->pipe;
    for (int st = 1; st > 0;) {
        pthread_mutex_lock(&p->mu);
        while (p->count == TR_RING && !p->stop)
            pthread_cond_wait(&p->freed, &p->mu);
        const unsigned slot = p->head;
        const bool stop = p->stop;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            break;
        size_t len = 0;
        const char *why = "";
        st = decode_xz(r, p->data[slot], TR_RING_BYTES, &len, &why);
        pthread_mutex_lock(&p->mu);
        p->len[slot] = len;
        p->status[slot] = st;
        p->raw[slot] = r->raw_bytes;
        if (st < 0)
            snprintf(p->msg, sizeof p->msg, "%s", why);
        p->head = (slot + 1) % TR_RING;
        p->count++;
        pthread_cond_signal(&p->filled);
        pthread_mutex_unlock(&p->mu);
    }
    return NULL;
}

/* The next buffer from the decoding thread (the one held before is given back). */
static int fill_piped(tr_reader *r)
{
    tr_pipe *p = r->pipe;
    if (p->done)
        return 0;
    pthread_mutex_lock(&p->mu);
    if (p->taken) {
        p->tail = (p->tail + 1) % TR_RING;
        p->count--;
        pthread_cond_signal(&p->freed);
    }
    while (p->count == 0)
        pthread_cond_wait(&p->filled, &p->mu);
    const unsigned slot = p->tail;
    p->taken = true;
    const int st = p->status[slot];
    pthread_mutex_unlock(&p->mu);
    p->done = st <= 0;
    if (st < 0)
        return fail(r, "%s", p->msg);
    return take_bytes(r, p->data[slot], p->len[slot], p->raw[slot], st);
}

static void pipe_free(tr_pipe *p)
{
    for (unsigned i = 0; i < TR_RING; i++)
        free(p->data[i]);
    free(p);
}

/* Starts the decoding thread of an xz file; false (decoding stays in this thread) when it
 * cannot. */
static bool pipe_start(tr_reader *r)
{
    tr_pipe *p = calloc(1, sizeof *p);
    if (p == NULL)
        return false;
    for (unsigned i = 0; i < TR_RING; i++)
        if ((p->data[i] = malloc(TR_RING_BYTES)) == NULL) {
            pipe_free(p);
            return false;
        }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->filled, NULL);
    pthread_cond_init(&p->freed, NULL);
    r->pipe = p;
    if (pthread_create(&p->thread, NULL, decode_thread, r) == 0)
        return true;
    r->pipe = NULL;
    pipe_free(p);
    return false;
}

static void pipe_stop(tr_reader *r)
{
    tr_pipe *p = r->pipe;
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_signal(&p->freed);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->thread, NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->filled);
    pthread_cond_destroy(&p->freed);
    pipe_free(p);
    r->pipe = NULL;
}

/* Refills r->out with plain bytes (a buffer in memory: all of it at once, parsed in place, no
 * copy): 1 bytes ready, 0 end, -1 error. */
static int fill_plain(tr_reader *r)
{
    if (!r->file) {
        const size_t n = r->mem_len - r->mem_pos;
        const uint8_t *rest = r->mem + r->mem_pos;
        r->mem_pos = r->mem_len;
        r->raw_bytes += n;
        return take_bytes(r, rest, n, r->raw_bytes, n > 0);
    }
    long n = read_raw(r, r->out, TR_CHUNK);
    if (n < 0)
        return fail(r, "read error: %s", strerror(errno));
    return take_bytes(r, r->out, (size_t)n, r->raw_bytes, n > 0);
}

/* The next line into r->line without its '\n': 1 line, 0 end of input, -1 error. */
static int next_line(tr_reader *r)
{
    size_t len = 0;
    for (;;) {
        if (r->out_pos == r->out_len) {
            int got = r->pipe ? fill_piped(r) : r->xz ? fill_xz(r) : fill_plain(r);
            if (got < 0)
                return -1;
            if (got == 0) {
                if (len == 0)
                    return 0;
                r->lineno++;
                return fail(r, "truncated trace: the last line has no end of line");
            }
        }
        const uint8_t *start = r->obuf + r->out_pos;
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
            r->line_len = len;
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
        char *sp = p; /* a loop, not strchr: a W line has 72 short fields */
        while (*sp != ' ' && *sp != '\0')
            sp++;
        if (*sp == '\0')
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

/* Hex digit values, -1 for any other byte (built on first use). */
static signed char hex_value[256];

static void init_hex_value(void)
{
    if (hex_value['1'])
        return;
    memset(hex_value, -1, sizeof hex_value);
    for (int i = 0; i < 10; i++)
        hex_value['0' + i] = (signed char)i;
    for (int i = 0; i < 6; i++)
        hex_value['a' + i] = hex_value['A' + i] = (signed char)(10 + i);
}

/* Exactly `digits` hex digits (the field ends there: a NUL). */
static bool parse_hex(const char *s, size_t digits, uint64_t *out)
{
    uint64_t v = 0;
    for (size_t i = 0; i < digits; i++) {
        const int d = hex_value[(unsigned char)s[i]];
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return s[digits] == '\0';
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
    uint64_t cu = 0, simd = 0; /* set by dec_field when it returns 0 (-O3 cannot tell) */
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
    uint64_t nvregs = 0;
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
    uint64_t vreg = 0;
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
static int tapped(tr_reader *r, const tr_event *ev)
{
    char msg[384];
    return r->tap(r->tap_ctx, ev, msg, sizeof msg) ? 1 : fail(r, "%s", msg);
}

/* The next event of an Accel-Sim trace, shown to the tap; a tap's refusal names the event's
 * file and line (a kernel trace's, for a kernelslist). */
static int accel_next(tr_reader *r, tr_event *ev)
{
    const int got = ac_next(r->accel, ev);
    char msg[384];
    if (got != 1 || !r->tap || r->tap(r->tap_ctx, ev, msg, sizeof msg))
        return got;
    unsigned long line = 0;
    const char *where = ac_where(r->accel, &line);
    snprintf(r->err, sizeof r->err, "%s:%lu: %s", where, line, msg);
    return -1;
}

/* A first line that is not the deltarf header: an Accel-Sim trace, read from here on by
 * eval/trace/accel_trace.c, or an error. */
static int accel_start(tr_reader *r, tr_event *ev)
{
    const ac_kind kind = ac_detect(r->line);
    if (kind == AC_NONE)
        return fail(r, "not a deltarf trace: the first line must be '%s' (or, for an Accel-Sim "
                       "trace, '-kernel name = ...' or a kernelslist.g line)", TR_HEADER);
    if ((r->accel = ac_open(r, kind, r->line)) == NULL)
        return -1;
    return accel_next(r, ev);
}

int tr_next(tr_reader *r, tr_event *ev)
{
    if (r->err[0])
        return -1;
    if (r->accel)
        return accel_next(r, ev);
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
            return accel_start(r, ev);
        if (r->line[0] == '#')
            continue;
        if (parse_event(r, ev) < 0)
            return -1;
        return r->tap ? tapped(r, ev) : 1;
    }
}

void tr_set_tap(tr_reader *r, tr_tap_fn fn, void *ctx)
{
    r->tap = fn;
    r->tap_ctx = ctx;
}

const char *tr_error(const tr_reader *r)
{
    return r->err;
}

unsigned long tr_line(const tr_reader *r)
{
    unsigned long line = r->lineno;
    if (r->accel)
        ac_where(r->accel, &line);
    return line;
}

void tr_progress(const tr_reader *r, uint64_t *raw, uint64_t *decoded)
{
    if (r->accel)
        ac_progress(r->accel, raw, decoded);
    else
        tri_own_progress(r, raw, decoded);
}

bool tr_has_values(const tr_reader *r)
{
    return r->accel == NULL;
}

unsigned tr_lanes(const tr_reader *r)
{
    return r->accel ? TR_NVIDIA_LANES : TR_GCN_LANES;
}

void tr_set_warn(tr_reader *r, tr_warn_fn fn, void *ctx)
{
    r->warn = fn;
    r->warn_ctx = ctx;
}

/* Chooses xz or plain from the first bytes and starts the decoder. The chunk buffers exist
 * only where they are used: plain text in memory needs neither (a reader per fuzz input). */
static tr_reader *start(tr_reader *r, char *err, size_t errlen)
{
    uint8_t head[sizeof xz_magic];
    long n = read_raw(r, head, sizeof head);
    r->xz = n == (long)sizeof head && !memcmp(head, xz_magic, sizeof head);
    if ((r->xz && (r->in = malloc(TR_CHUNK)) == NULL) ||
        ((r->xz || r->file) && (r->out = malloc(TR_CHUNK)) == NULL)) {
        snprintf(err, errlen, "%s: out of memory", r->name);
        tr_close(r);
        return NULL;
    }
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
    } else if (!r->file) {
        r->mem_pos = 0; /* parsed in place from the start */
        r->raw_bytes = 0;
    } else if (n > 0) {
        memcpy(r->out, head, (size_t)n);
        take_bytes(r, r->out, (size_t)n, r->raw_bytes, 1);
    }
    return r;
}

static tr_reader *alloc_reader(const char *name, char *err, size_t errlen)
{
    init_hex_value();
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
    const bool use_stdin = strcmp(path, "-") == 0;
    const int fd = use_stdin ? dup(fileno(stdin)) : -1; /* stdin as the process has it now */
    FILE *f = use_stdin ? (fd >= 0 ? fdopen(fd, "rb") : NULL) : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", use_stdin ? TR_STDIN : path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    return tr_open_file(f, use_stdin ? TR_STDIN : path, err, errlen);
}

bool tr_source_init(tr_source *src, const char *path, bool reread, char *err, size_t errlen)
{
    const bool use_stdin = strcmp(path, "-") == 0;
    *src = (tr_source){.path = path, .name = use_stdin ? TR_STDIN : path};
    if (!use_stdin || !reread)
        return true;
    const char *dir = getenv("TMPDIR");
    snprintf(src->spool, sizeof src->spool, "%s/deltarf-stdin-XXXXXX", dir && *dir ? dir : "/tmp");
    const int fd = mkstemp(src->spool);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    char buf[1 << 16];
    size_t n;
    bool ok = f != NULL;
    while (ok && (n = fread(buf, 1, sizeof buf, stdin)) > 0)
        ok = fwrite(buf, 1, n, f) == n;
    ok = ok && !ferror(stdin);
    if (f && fclose(f) != 0)
        ok = false;
    if (!f && fd >= 0)
        close(fd);
    if (!ok) {
        snprintf(err, errlen, "%s: cannot keep it for a second read in %s: %s", TR_STDIN,
                 src->spool, strerror(errno));
        tr_source_close(src);
    }
    return ok;
}

void tr_source_mem(tr_source *src, const void *buf, size_t len, const char *name)
{
    *src = (tr_source){.path = name, .name = name, .buf = buf, .len = len};
}

tr_reader *tr_source_open(const tr_source *src, char *err, size_t errlen)
{
    if (src->buf)
        return tr_open_mem(src->buf, src->len, src->name, err, errlen);
    if (!src->spool[0])
        return tr_open(src->path, err, errlen);
    FILE *f = fopen(src->spool, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s: %s", TR_STDIN, src->spool, strerror(errno));
        return NULL;
    }
    return tr_open_file(f, TR_STDIN, err, errlen);
}

void tr_source_close(tr_source *src)
{
    if (src->spool[0])
        remove(src->spool);
    src->spool[0] = '\0';
}

tr_reader *tr_open_file(FILE *f, const char *name, char *err, size_t errlen)
{
    tr_reader *r = alloc_reader(name, err, errlen);
    if (!r) {
        fclose(f);
        return NULL;
    }
    r->file = f;
    r = start(r, err, errlen);
    if (r && r->xz)
        pipe_start(r); /* if it cannot, this thread decodes */
    return r;
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
    ac_close(r->accel);
    if (r->pipe)
        pipe_stop(r);
    if (r->xz)
        lzma_end(&r->lz);
    if (r->file)
        fclose(r->file);
    free(r->waves);
    free(r->in);
    free(r->out);
    free(r);
}

/* --- for the Accel-Sim reader (trace_internal.h) ------------------------------------------ */
int tri_line(tr_reader *r, char **line, size_t *len)
{
    const int got = next_line(r);
    *line = r->line;
    *len = got == 1 ? r->line_len : 0;
    return got;
}

unsigned long tri_lineno(const tr_reader *r)
{
    return r->lineno;
}

const char *tri_name(const tr_reader *r)
{
    return r->name;
}

int tri_fail(tr_reader *r, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fail(r, "%s", msg);
}

int tri_set_error(tr_reader *r, const char *msg)
{
    snprintf(r->err, sizeof r->err, "%s", msg);
    return -1;
}

/* The default warning consumer: stderr, each message once per process however often the trace
 * is read (deltarf patch --maps K, compare's copies). The readers of a process run in one
 * thread. */
static void warn_stderr(const char *msg)
{
    static uint64_t seen[256];
    static unsigned nseen;
    uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
    for (const char *p = msg; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
    for (unsigned i = 0; i < nseen; i++)
        if (seen[i] == h)
            return;
    if (nseen < sizeof seen / sizeof seen[0])
        seen[nseen++] = h;
    fprintf(stderr, "deltarf: %s\n", msg);
}

void tri_warn(tr_reader *r, unsigned long line, const char *fmt, ...)
{
    char what[384], msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(msg, sizeof msg, "%s:%lu: warning: %s", r->name, line ? line : r->lineno, what);
    if (r->warn)
        r->warn(r->warn_ctx, msg);
    else
        warn_stderr(msg);
}

void tri_share_warn(const tr_reader *from, tr_reader *to)
{
    tr_set_warn(to, from->warn, from->warn_ctx);
}

const char *tri_path(const tr_reader *r)
{
    struct stat st;
    if (!r->file || !strcmp(r->name, TR_STDIN) || fstat(fileno(r->file), &st) != 0 ||
        !S_ISREG(st.st_mode))
        return NULL;
    return r->name;
}

uint64_t tri_file_size(const tr_reader *r)
{
    struct stat st;
    if (!r->file)
        return r->mem_len;
    return fstat(fileno(r->file), &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
}

void tri_own_progress(const tr_reader *r, uint64_t *raw, uint64_t *decoded)
{
    *raw = r->raw_seen;
    *decoded = r->decoded_bytes;
}

bool tri_parse_dec(const char *s, uint64_t max, uint64_t *out)
{
    return parse_dec(s, max, out);
}

bool tri_parse_hex(const char *s, size_t digits, uint64_t *out)
{
    return parse_hex(s, digits, out);
}
