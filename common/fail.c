/* SPDX-License-Identifier: Apache-2.0 */
/* An error message into a caller's buffer (common/fail.h). */
#include "fail.h"

#include <stdarg.h>
#include <stdio.h>

bool fail_msg(char *msg, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
    return false;
}
