/* SPDX-License-Identifier: Apache-2.0 */
/* GPU configurations (docs/gpu.md): GPGPU-Sim's gpgpusim.config syntax, one `-key value` a
 * line, '#' to the end of the line a comment; the keys the evaluations read are checked, every
 * other key is skipped, so a user's gpgpusim.config is read for those keys. The shipped
 * configurations (data/gpus/) are compiled in by tools/gen/gpu_data.py. */
#include "eval/gpu/gpu.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drf_gpus.h"

enum { FILE_MAX = 1 << 20, VALUE_MAX = 64 };

unsigned gpu_shipped_count(void)
{
    return sizeof gpu_shipped / sizeof gpu_shipped[0];
}

const char *gpu_shipped_name(unsigned k)
{
    return k < gpu_shipped_count() ? gpu_shipped[k].name : NULL;
}

/* GPGPU-Sim's own defaults for a key no line gives (gpu-sim.cc's option registration,
 * accel-sim/gpgpu-sim_distribution as read in 2026); -deltarf_issue_cycles is ours. */
void gpu_defaults(gpu_config *g)
{
    *g = (gpu_config){.clusters = 10, .cores_per_cluster = 3, .threads = 1024, .warp_size = 32,
                      .registers = 8192, .ctas = 32, .reg_banks = 8, .schedulers = 1,
                      .issue_per_warp = 2, .issue_cycles = 1, .policy = "lrr"};
}

/* A key whose value is one decimal in [min, max]. */
typedef struct {
    const char *key;
    size_t off;
    unsigned min, max;
} uint_key;

static const uint_key uint_keys[] = {
    {"-gpgpu_n_clusters", offsetof(gpu_config, clusters), 1, GPU_MAX_SMS},
    {"-gpgpu_n_cores_per_cluster", offsetof(gpu_config, cores_per_cluster), 1, GPU_MAX_SMS},
    {"-gpgpu_shader_registers", offsetof(gpu_config, registers), 1, 1u << 24},
    {"-gpgpu_shader_cta", offsetof(gpu_config, ctas), 1, GPU_MAX_CTAS},
    {"-gpgpu_num_reg_banks", offsetof(gpu_config, reg_banks), 1, 256},
    {"-gpgpu_num_sched_per_core", offsetof(gpu_config, schedulers), 1, 64},
    /* GPGPU-Sim: "either 1 or 2" */
    {"-gpgpu_max_insn_issue_per_warp", offsetof(gpu_config, issue_per_warp), 1, 2},
    {"-deltarf_issue_cycles", offsetof(gpu_config, issue_cycles), 1, 64},
};

/* The scheduler policies GPGPU-Sim knows (shader.cc: the name before any ':' parameters). */
static const char *const policies[] = {"lrr", "gto", "two_level_active", "rrr", "old",
                                       "warp_limiting"};

/* A decimal of digits only, at most max; false otherwise. */
static bool decimal(const char *s, unsigned long max, unsigned long *out)
{
    unsigned long v = 0;
    if (*s == '\0')
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (unsigned long)(*s - '0');
        if (v > max)
            return false;
    }
    *out = v;
    return true;
}

/* The problem with a value, or NULL when it is taken. */
typedef const char *(*value_fn)(gpu_config *g, const char *value, char *why, size_t len);

/* <threads>:<warp size>, optionally followed by older GPGPU-Sim's :<pipeline SIMD width> (not
 * read, as GPGPU-Sim's own sscanf "%d:%d" does not). */
static const char *set_pipeline(gpu_config *g, const char *value, char *why, size_t len)
{
    char buf[VALUE_MAX];
    snprintf(buf, sizeof buf, "%s", value);
    char *warp = strchr(buf, ':'), *simd = warp ? strchr(warp + 1, ':') : NULL;
    unsigned long t, w, s;
    if (simd)
        *simd++ = '\0';
    if (!warp)
        return "expected <threads>:<warp size>, e.g. 1536:32";
    *warp++ = '\0';
    if (!decimal(buf, 1u << 16, &t) || !decimal(warp, 1024, &w) || (simd && !decimal(simd, 1024, &s)))
        return "expected <threads>:<warp size>, decimals (threads at most 65536, warp size 1024)";
    if (t == 0 || w == 0 || t % w != 0 || t / w > GPU_MAX_WARPS) {
        snprintf(why, len, "%lu threads are not 1 to %d warps of %lu", t, GPU_MAX_WARPS, w);
        return why;
    }
    g->threads = (unsigned)t;
    g->warp_size = (unsigned)w;
    return NULL;
}

static const char *set_policy(gpu_config *g, const char *value, char *why, size_t len)
{
    const size_t n = strcspn(value, ":");
    for (unsigned k = 0; k < sizeof policies / sizeof policies[0]; k++)
        if (strlen(policies[k]) == n && strncmp(value, policies[k], n) == 0) {
            memcpy(g->policy, value, n);
            g->policy[n] = '\0';
            return NULL;
        }
    snprintf(why, len, "unknown scheduler (lrr, gto, two_level_active, rrr, old, warp_limiting)");
    return why;
}

static const struct {
    const char *key;
    value_fn set;
} text_keys[] = {{"-gpgpu_shader_core_pipeline", set_pipeline}, {"-gpgpu_scheduler", set_policy}};

/* Whether the evaluations read the key (every other one is skipped). */
static bool known_key(const char *key)
{
    for (unsigned k = 0; k < sizeof uint_keys / sizeof uint_keys[0]; k++)
        if (strcmp(key, uint_keys[k].key) == 0)
            return true;
    for (unsigned k = 0; k < sizeof text_keys / sizeof text_keys[0]; k++)
        if (strcmp(key, text_keys[k].key) == 0)
            return true;
    return false;
}

/* Takes a known key's value: NULL, or the problem. */
static const char *set_key(gpu_config *g, const char *key, const char *value, char *why,
                           size_t len)
{
    for (unsigned k = 0; k < sizeof uint_keys / sizeof uint_keys[0]; k++) {
        const uint_key *u = &uint_keys[k];
        if (strcmp(key, u->key) != 0)
            continue;
        unsigned long v;
        if (!decimal(value, u->max, &v) || v < u->min) {
            snprintf(why, len, "expected a decimal from %u to %u", u->min, u->max);
            return why;
        }
        *(unsigned *)((char *)g + u->off) = (unsigned)v;
        return NULL;
    }
    for (unsigned k = 0; k < sizeof text_keys / sizeof text_keys[0]; k++)
        if (strcmp(key, text_keys[k].key) == 0)
            return text_keys[k].set(g, value, why, len);
    return NULL;
}

/* A span of the text: a line, a word. */
typedef struct {
    const char *p;
    size_t n;
} span;

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The next word of *s (blanks skipped before it); empty at the end. */
static span word(span *s)
{
    while (s->n && blank(*s->p))
        s->p++, s->n--;
    span w = {s->p, 0};
    while (w.n < s->n && !blank(w.p[w.n]))
        w.n++;
    s->p += w.n;
    s->n -= w.n;
    return w;
}

static bool fail(char *err, size_t errlen, const char *name, unsigned long line, const char *msg)
{
    if (line)
        snprintf(err, errlen, "%s:%lu: %s", name, line, msg);
    else
        snprintf(err, errlen, "%s: %s", name, msg);
    return false;
}

/* One line, its comment cut: blank, or `-key value`; NULL or the problem. */
static const char *parse_line(gpu_config *g, span line, char *why, size_t len)
{
    const char *hash = memchr(line.p, '#', line.n);
    if (hash)
        line.n = (size_t)(hash - line.p);
    const span key = word(&line);
    if (key.n == 0)
        return NULL;
    if (key.p[0] != '-')
        return "expected '-key value' (GPGPU-Sim's configuration syntax)";
    char k[VALUE_MAX], v[VALUE_MAX];
    const span value = word(&line), more = word(&line);
    if (key.n >= sizeof k)
        return NULL; /* longer than any key read here: another key */
    memcpy(k, key.p, key.n);
    k[key.n] = '\0';
    if (!known_key(k))
        return NULL;
    if (value.n == 0 || value.n >= sizeof v || more.n) {
        snprintf(why, len, "%s: %s", k, value.n == 0 ? "missing value"
                                         : more.n ? "one value expected"
                                                  : "value too long");
        return why;
    }
    memcpy(v, value.p, value.n);
    v[value.n] = '\0';
    char detail[160];
    const char *problem = set_key(g, k, v, detail, sizeof detail);
    if (!problem)
        return NULL;
    snprintf(why, len, "%s '%s': %s", k, v, problem);
    return why;
}

/* What no single line shows: the SMs' count. */
static bool check_whole(const gpu_config *g, const char *name, char *err, size_t errlen)
{
    if (gpu_sms(g) > GPU_MAX_SMS) {
        char msg[128];
        snprintf(msg, sizeof msg, "%u clusters of %u SMs: more than %d SMs", g->clusters,
                 g->cores_per_cluster, GPU_MAX_SMS);
        return fail(err, errlen, name, 0, msg);
    }
    return true;
}

bool gpu_parse(const char *text, size_t len, const char *name, gpu_config *g, char *err,
               size_t errlen)
{
    gpu_defaults(g);
    snprintf(g->name, sizeof g->name, "%s", name);
    if (memchr(text, '\0', len))
        return fail(err, errlen, name, 0, "a NUL byte: not a text file");
    unsigned long lineno = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        const size_t end = nl ? (size_t)(nl - text) : len;
        char why[320];
        const char *problem = parse_line(g, (span){text + at, end - at}, why, sizeof why);
        lineno++;
        if (problem)
            return fail(err, errlen, name, lineno, problem);
        at = end + 1;
    }
    return check_whole(g, name, err, errlen);
}

/* The file's text into a buffer of its own (free it); NULL with *e the errno (0: a message in
 * err: too large, out of memory). */
static char *read_file(const char *path, size_t *len, int *e, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    *e = f ? 0 : errno;
    char *buf = f ? malloc(FILE_MAX + 1) : NULL;
    const size_t n = buf ? fread(buf, 1, FILE_MAX + 1, f) : 0;
    if (buf && ferror(f))
        *e = errno ? errno : EIO;
    if (f)
        fclose(f);
    if (f && !buf)
        fail(err, errlen, path, 0, "out of memory");
    else if (buf && !*e && n > FILE_MAX)
        fail(err, errlen, path, 0, "larger than 1 MiB: not a GPU configuration");
    else if (buf && !*e) {
        *len = n;
        return buf;
    }
    free(buf);
    return NULL;
}

/* The shipped names as "a, b, c" for messages. */
static void shipped_list(char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (unsigned k = 0; k < gpu_shipped_count() && at < len; k++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", k ? ", " : "", gpu_shipped_name(k));
}

bool gpu_load(const char *name_or_path, gpu_config *g, char *err, size_t errlen)
{
    for (unsigned k = 0; k < gpu_shipped_count(); k++)
        if (strcmp(name_or_path, gpu_shipped[k].name) == 0) {
            if (!gpu_parse(gpu_shipped[k].text, strlen(gpu_shipped[k].text), gpu_shipped[k].path,
                           g, err, errlen))
                return false;
            snprintf(g->name, sizeof g->name, "%s", gpu_shipped[k].name);
            return true;
        }
    size_t len = 0;
    int e;
    char *text = read_file(name_or_path, &len, &e, err, errlen);
    if (!text && e == ENOENT && !strchr(name_or_path, '/')) {
        char names[128], msg[256];
        shipped_list(names, sizeof names);
        snprintf(msg, sizeof msg, "unknown GPU: neither a shipped one (%s) nor a file", names);
        return fail(err, errlen, name_or_path, 0, msg);
    }
    if (!text)
        return e ? fail(err, errlen, name_or_path, 0, strerror(e)) : false;
    const bool ok = gpu_parse(text, len, name_or_path, g, err, errlen);
    free(text);
    return ok;
}

void gpu_shipped_get(const char *name, gpu_config *g)
{
    char err[512];
    for (unsigned k = 0; k < gpu_shipped_count(); k++)
        if (strcmp(name, gpu_shipped[k].name) == 0 && gpu_load(name, g, err, sizeof err))
            return;
    fprintf(stderr, "deltarf: no shipped GPU configuration '%s'\n", name);
    abort();
}

unsigned gpu_sms(const gpu_config *g)
{
    return g->clusters * g->cores_per_cluster;
}

unsigned gpu_warps(const gpu_config *g)
{
    return g->threads / g->warp_size;
}

unsigned gpu_issue_slots(const gpu_config *g, unsigned cycles)
{
    return (unsigned)((uint64_t)g->schedulers * g->issue_per_warp * cycles / g->issue_cycles);
}
