/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over the deltarf CLI's argument parsing (cli/verbs.c deltarf_main; faultmap of
 * dc-patch Section II-B, patch, sim): argv NUL-separated, empty stdin, output to /dev/null,
 * no '/' in a path, run in an empty temporary directory. */
#include "fuzz.h"

#include <string.h>
#include <unistd.h>

#include "verbs.h"

enum { MAX_ARGS = 8, MAX_INPUT = 512 };

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_enter_workdir();
    return 0;
}

/* Splits data at NUL bytes into args[1..]; false when the input is not an argv we run. */
static int split_args(char *buf, size_t size, char **args)
{
    int n = 1;
    args[0] = "deltarf";
    for (size_t i = 0, start = 0; i <= size; i++) {
        if (i < size && buf[i] != '\0')
            continue;
        if (n == MAX_ARGS)
            return -1;
        args[n++] = buf + start;
        start = i + 1;
    }
    args[n] = NULL;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT || memchr(data, '/', size))
        return 0;
    char buf[MAX_INPUT + 1], *args[MAX_ARGS + 1];
    memcpy(buf, data, size);
    buf[size] = '\0';
    const int argc = split_args(buf, size, args);
    if (argc < 0)
        return 0;
    FILE *in = stdin, *out = stdout, *err = stderr;
    stdin = fz_stream(NULL, 0);
    stdout = stderr = fz_sink();
    const int rc = deltarf_main(argc, args);
    fclose(stdin);
    stdin = in;
    stdout = out;
    stderr = err;
    FZ_CHECK(rc >= 0 && rc <= 2); /* 0 done, 1 bad input, 2 usage */
    return 0;
}
