/* SPDX-License-Identifier: Apache-2.0 */
/* Command-line pieces shared by `deltarf sim` (aging paper Section 6) and `deltarf patch`
 * (dc-patch paper Section V-A): the usage-error line, decimal option values, JSON string
 * escaping (a trace path is any byte string). */
#include "evalcli.h"

#include <errno.h>
#include <stdlib.h>

int ec_usage(const char *prog, const char *synopsis, const char *problem, const char *arg)
{
    fprintf(stderr, "%s: %s%s%s%s; usage: %s\n", prog, problem, arg ? " '" : "", arg ? arg : "",
            arg ? "'" : "", synopsis);
    return 2;
}

bool ec_u64(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || end == s || s[0] < '0' || s[0] > '9' || v > max)
        return false;
    *out = v;
    return true;
}

void ec_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}
