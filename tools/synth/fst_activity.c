/* SPDX-License-Identifier: Apache-2.0 */
/* Switching activity of a gate-level run (make gates-activity; docs/synth.md): reads the
 * FST a bench wrote with --activity (one sample a cycle, time = cycle) and prints, per traced
 * variable bit, its transitions between consecutive samples and the samples at which it was 1.
 * usage: fst_activity FILE.fst  (output: tab-separated records, read by tools/synth/gates.py)
 *   samples N                     the cycles traced
 *   var     HANDLE WIDTH NAME      a variable (aliases share a handle); NAME with its scopes
 *   bit     HANDLE POS TOGGLES ONES  POS 0 is the rightmost (least significant) bit */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstapi.h"

typedef struct {
    uint32_t width;
    char *value;     /* the last value, most significant bit first; NULL before the first */
    uint64_t *since; /* per bit: the time of its last change */
    uint64_t *toggles, *ones;
} signal;

typedef struct {
    signal *sig; /* indexed by handle */
    fstHandle max;
} activity;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "fst_activity: out of memory\n");
        exit(1);
    }
    return p;
}

static void on_change(void *user, uint64_t time, fstHandle h, const unsigned char *value)
{
    activity *a = user;
    if (h == 0 || h > a->max || !a->sig[h].width)
        return;
    signal *s = &a->sig[h];
    if (!s->value) {
        s->value = xcalloc(s->width + 1, 1);
        memcpy(s->value, value, s->width);
        for (uint32_t i = 0; i < s->width; i++)
            s->since[i] = time;
        return;
    }
    for (uint32_t i = 0; i < s->width; i++) {
        if (s->value[i] == (char)value[i])
            continue;
        s->toggles[i]++;
        if (s->value[i] == '1')
            s->ones[i] += time - s->since[i];
        s->since[i] = time;
        s->value[i] = (char)value[i];
    }
}

/* Declares every variable (with its scope path) and sizes its counters. */
static void read_hierarchy(void *ctx, activity *a)
{
    char path[4096] = "";
    struct fstHier *h;
    while ((h = fstReaderIterateHier(ctx))) {
        if (h->htyp == FST_HT_SCOPE) {
            const size_t n = strlen(path);
            snprintf(path + n, sizeof path - n, "%s%s", n ? "." : "", h->u.scope.name);
        } else if (h->htyp == FST_HT_UPSCOPE) {
            char *dot = strrchr(path, '.');
            *(dot ? dot : path) = '\0';
        } else if (h->htyp == FST_HT_VAR && h->u.var.handle <= a->max) {
            signal *s = &a->sig[h->u.var.handle];
            if (!h->u.var.is_alias) {
                s->width = h->u.var.length;
                s->since = xcalloc(s->width, sizeof *s->since);
                s->toggles = xcalloc(s->width, sizeof *s->toggles);
                s->ones = xcalloc(s->width, sizeof *s->ones);
            }
            printf("var\t%" PRIu32 "\t%" PRIu32 "\t%s.%s\n", (uint32_t)h->u.var.handle,
                   h->u.var.length, path, h->u.var.name);
        }
    }
}

static void print_counts(const activity *a, uint64_t end)
{
    for (fstHandle h = 1; h <= a->max; h++) {
        const signal *s = &a->sig[h];
        for (uint32_t i = 0; s->value && i < s->width; i++) {
            const uint64_t ones = s->ones[i] + (s->value[i] == '1' ? end + 1 - s->since[i] : 0);
            printf("bit\t%" PRIu32 "\t%" PRIu32 "\t%" PRIu64 "\t%" PRIu64 "\n", (uint32_t)h,
                   s->width - 1 - i, s->toggles[i], ones);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fst_activity FILE.fst\n");
        return 2;
    }
    void *ctx = fstReaderOpen(argv[1]);
    if (!ctx) {
        fprintf(stderr, "fst_activity: %s: not a readable FST file\n", argv[1]);
        return 1;
    }
    activity a = {.max = fstReaderGetMaxHandle(ctx)};
    a.sig = xcalloc((size_t)a.max + 1, sizeof *a.sig);
    const uint64_t start = fstReaderGetStartTime(ctx), end = fstReaderGetEndTime(ctx);
    printf("samples\t%" PRIu64 "\n", end + 1 - start);
    read_hierarchy(ctx, &a);
    fstReaderSetFacProcessMaskAll(ctx);
    fstReaderIterBlocks(ctx, on_change, &a, NULL);
    print_counts(&a, end);
    fstReaderClose(ctx);
    return 0;
}
