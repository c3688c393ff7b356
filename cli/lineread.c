/* SPDX-License-Identifier: Apache-2.0 */
/* Strict line-by-line reader for the deltarf text formats (the RC command-line tools of
 * aging paper Section 5.1 and later readers): records, words, hex and decimal fields,
 * with "name:line: message" errors instead of silent truncation. */
#include "lineread.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { SHOW_MAX = 24, SHOW_BUF = SHOW_MAX + 4, HEX32_DIGITS = 8 };

/* Records an error of the whole file (no line number); always returns false. */
static bool file_fail(lr_reader *r, int err)
{
    snprintf(r->msg, sizeof r->msg, "%s", strerror(err));
    r->err_line = 0;
    return false;
}

bool lr_open(lr_reader *r, const char *path)
{
    const bool use_stdin = path == NULL || strcmp(path, "-") == 0;
    r->f = use_stdin ? stdin : fopen(path, "r");
    r->name = use_stdin ? "<stdin>" : path;
    r->lineno = 0;
    r->err_line = 0;
    r->pos = r->line;
    r->line[0] = '\0';
    r->msg[0] = '\0';
    return r->f != NULL || file_fail(r, errno);
}

void lr_close(lr_reader *r)
{
    if (r->f != NULL && r->f != stdin)
        fclose(r->f);
    r->f = NULL;
}

bool lr_fail(lr_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    r->err_line = r->lineno;
    return false;
}

void lr_report(const lr_reader *r, const char *prog)
{
    if (r->err_line != 0)
        fprintf(stderr, "%s: %s:%lu: %s\n", prog, r->name, r->err_line, r->msg);
    else
        fprintf(stderr, "%s: %s: %s\n", prog, r->name, r->msg);
}

/* Reads one physical line into r->line (newline dropped). */
static enum lr_status read_line(lr_reader *r)
{
    size_t n = 0;
    int ch;
    r->lineno++;
    while ((ch = getc(r->f)) != EOF && ch != '\n') {
        if (ch == '\0') {
            lr_fail(r, "NUL byte in line");
            return LR_ERROR;
        }
        if (n == LR_MAX_LINE) {
            lr_fail(r, "line longer than %d bytes", LR_MAX_LINE);
            return LR_ERROR;
        }
        r->line[n++] = (char)ch;
    }
    if (ch == EOF && ferror(r->f)) {
        file_fail(r, errno);
        return LR_ERROR;
    }
    r->line[n] = '\0';
    r->pos = r->line;
    return ch == EOF && n == 0 ? LR_EOF : LR_RECORD;
}

static bool is_blank_or_comment(lr_reader *r)
{
    return !lr_has_word(r) || *r->pos == '#';
}

enum lr_status lr_next(lr_reader *r)
{
    enum lr_status st;
    while ((st = read_line(r)) == LR_RECORD && is_blank_or_comment(r))
        ;
    r->pos = r->line;
    return st;
}

bool lr_has_word(lr_reader *r)
{
    while (isspace((unsigned char)*r->pos))
        r->pos++;
    return *r->pos != '\0';
}

/* Takes the next word (start, length), or fails with "missing <what>". */
bool lr_optional_word(lr_reader *r, const char *word)
{
    const size_t len = strlen(word);
    if (!lr_has_word(r) || strncmp(r->pos, word, len) != 0 ||
        (r->pos[len] != '\0' && !isspace((unsigned char)r->pos[len])))
        return false;
    r->pos += len;
    return true;
}

static bool take_word(lr_reader *r, const char *what, const char **w, size_t *len)
{
    if (!lr_has_word(r))
        return lr_fail(r, "missing %s", what);
    *w = r->pos;
    *len = 0;
    while ((*w)[*len] != '\0' && !isspace((unsigned char)(*w)[*len]))
        (*len)++;
    r->pos += *len;
    return true;
}

/* A printable, bounded copy of a word for error messages. */
static const char *show_word(const char *w, size_t len, char buf[SHOW_BUF])
{
    const size_t n = len < SHOW_MAX ? len : SHOW_MAX;
    for (size_t i = 0; i < n; i++)
        buf[i] = isprint((unsigned char)w[i]) ? w[i] : '?';
    strcpy(buf + n, len > SHOW_MAX ? "..." : "");
    return buf;
}

static bool all_of(const char *s, size_t len, int (*is_class)(int))
{
    for (size_t i = 0; i < len; i++)
        if (!is_class((unsigned char)s[i]))
            return false;
    return len > 0;
}

static unsigned hex_digit_value(char c)
{
    return isdigit((unsigned char)c) ? (unsigned)(c - '0')
                                     : (unsigned)(tolower((unsigned char)c) - 'a' + 10);
}

bool lr_hex32(lr_reader *r, const char *what, uint32_t *v)
{
    const char *w;
    size_t len;
    char buf[SHOW_BUF];
    if (!take_word(r, what, &w, &len))
        return false;
    const size_t skip = len > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X') ? 2 : 0;
    if (!all_of(w + skip, len - skip, isxdigit))
        return lr_fail(r, "%s '%s' is not a hex word", what, show_word(w, len, buf));
    if (len - skip > HEX32_DIGITS)
        return lr_fail(r, "%s '%s' has more than %d hex digits (32 bits)", what,
                       show_word(w, len, buf), HEX32_DIGITS);
    uint32_t x = 0;
    for (size_t i = skip; i < len; i++)
        x = x << 4 | hex_digit_value(w[i]);
    *v = x;
    return true;
}

bool lr_uint(lr_reader *r, const char *what, unsigned max, unsigned *v)
{
    const char *w;
    size_t len;
    char buf[SHOW_BUF];
    if (!take_word(r, what, &w, &len))
        return false;
    if (!all_of(w, len, isdigit))
        return lr_fail(r, "%s '%s' is not a decimal number", what, show_word(w, len, buf));
    unsigned long long x = 0;
    for (size_t i = 0; i < len && x <= max; i++)
        x = x * 10 + (unsigned)(w[i] - '0');
    if (x > max)
        return lr_fail(r, "%s '%s' out of range 0..%u", what, show_word(w, len, buf), max);
    *v = (unsigned)x;
    return true;
}

bool lr_decimal(lr_reader *r, const char *what, double *v)
{
    const char *w;
    size_t len, digits = 0, dots = 0;
    char buf[SHOW_BUF], copy[LR_DECIMAL_MAX + 1];
    if (!take_word(r, what, &w, &len))
        return false;
    for (size_t i = 0; i < len; i++) {
        digits += isdigit((unsigned char)w[i]) != 0;
        dots += w[i] == '.';
    }
    if (digits == 0 || dots > 1 || digits + dots != len)
        return lr_fail(r, "%s '%s' is not a decimal number", what, show_word(w, len, buf));
    if (len > LR_DECIMAL_MAX)
        return lr_fail(r, "%s '%s' has more than %d characters", what, show_word(w, len, buf),
                       LR_DECIMAL_MAX);
    memcpy(copy, w, len);
    copy[len] = '\0';
    *v = strtod(copy, NULL);
    return true;
}

bool lr_end(lr_reader *r)
{
    const char *w;
    size_t len;
    char buf[SHOW_BUF];
    if (!lr_has_word(r))
        return true;
    take_word(r, "word", &w, &len);
    return lr_fail(r, "trailing junk '%s'", show_word(w, len, buf));
}
