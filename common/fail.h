/* SPDX-License-Identifier: Apache-2.0 */
/* An error message into a caller's buffer, the evaluation's and the CLI's way of failing: the
 * callee writes one line, the caller prints it with its context. */
#ifndef DRF_COMMON_FAIL_H
#define DRF_COMMON_FAIL_H

#include <stdbool.h>
#include <stddef.h>

/* Formats the message into msg (at most len bytes) and returns false. */
bool fail_msg(char *msg, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
