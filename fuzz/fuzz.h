/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers of the libFuzzer targets (docs/fuzz.md: fuzzing the parsers of the deltarf
 * formats: the CLI readers of aging paper Section 5.1-5.2, DC-Patch fault maps, traces):
 * a property check that aborts, in-memory FILE streams and a sink for output. */
#ifndef FUZZ_H
#define FUZZ_H

#define _GNU_SOURCE /* fmemopen */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* A violated property is a crash: libFuzzer saves the input. */
#define FZ_CHECK(cond)                                                                    \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            fprintf(stderr, "fuzz: property failed at %s:%d: %s\n", __FILE__, __LINE__,  \
                    #cond);                                                               \
            abort();                                                                      \
        }                                                                                 \
    } while (0)

/* A read-only stream over data (an empty stream for size 0); never NULL. Its stdio buffer is
 * static (one stream open at a time): glibc would malloc one per stream, and ASan fills and
 * quarantines it, so every execution touched fresh pages (most of a record target's time). */
static inline FILE *fz_stream(const uint8_t *data, size_t size)
{
    static const char empty[1];
    static char buf[BUFSIZ];
    FILE *f = size ? fmemopen((void *)data, size, "r") : fmemopen((void *)empty, 1, "r");
    FZ_CHECK(f != NULL);
    FZ_CHECK(setvbuf(f, buf, _IOFBF, sizeof buf) == 0);
    if (!size)
        (void)getc(f); /* consume the placeholder byte: the stream is at EOF */
    return f;
}

/* The target's empty temporary working directory (fz_enter_workdir). */
static inline char *fz_workdir(void)
{
    static char dir[] = "/tmp/deltarf-fuzz-XXXXXX";
    return dir;
}

/* Removes the working directory and what the target may have written there. */
static inline void fz_remove_workdir(void)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", fz_workdir());
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz: cannot remove %s\n", fz_workdir());
}

/* Runs the target in an empty temporary directory of its own, removed at exit: a relative path
 * an input names (a file the CLI writes, a kernel file a trace list names) meets nothing. */
static inline void fz_enter_workdir(void)
{
    FZ_CHECK(mkdtemp(fz_workdir()) != NULL && chdir(fz_workdir()) == 0);
    atexit(fz_remove_workdir);
}

/* /dev/null, opened once: where the parsers' results go. */
static inline FILE *fz_sink(void)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    FZ_CHECK(sink != NULL);
    return sink;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
