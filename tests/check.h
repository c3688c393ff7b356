/* SPDX-License-Identifier: Apache-2.0 */
/* Minimal assertion counting for the C unit tests: CHECK(expr) records a pass or prints
 * "FAIL file:line: expr"; CHECK_DONE(name) prints "name: N passed, M failed". */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

typedef struct {
    unsigned passed, failed;
} check_counts;

#define CHECK(c, expr)                                                                    \
    ((expr) ? (void)(c)->passed++                                                         \
            : (void)((c)->failed++, fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #expr)))

static inline int check_done(const check_counts *c, const char *name)
{
    printf("%s: %u passed, %u failed\n", name, c->passed, c->failed);
    return c->failed ? 1 : 0;
}

#endif
