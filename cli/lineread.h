/* SPDX-License-Identifier: Apache-2.0 */
/* Strict line-by-line reader for the deltarf text formats (RC entries and registers of
 * aging paper Section 5.1; reused by the RAR and fault-map readers): line numbers,
 * whitespace-separated words, hex words and small decimals, one error message per failure. */
#ifndef LINEREAD_H
#define LINEREAD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define LR_MAX_LINE 4096 /* longest accepted line in bytes, newline excluded */
#define LR_MAX_MSG 160
#define LR_DECIMAL_MAX 40 /* characters of a decimal word: below 1e40, finite as a double */

#if defined(__GNUC__)
#define LR_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define LR_PRINTF(fmt, args)
#endif

typedef struct {
    FILE *f;
    const char *name;       /* the path, or "<stdin>" */
    unsigned long lineno;   /* line just read, 1-based */
    unsigned long err_line; /* line of the last error, 0 for a whole-file error */
    const char *pos;        /* parse cursor inside line */
    char line[LR_MAX_LINE + 1];
    char msg[LR_MAX_MSG];
} lr_reader;

enum lr_status { LR_RECORD, LR_EOF, LR_ERROR };

/* Opens path, or stdin when path is NULL or "-". false (message set) when unreadable. */
bool lr_open(lr_reader *r, const char *path);
void lr_close(lr_reader *r);

/* Reads up to the next record: a line that is neither blank nor a comment (first
 * non-blank character '#'). Lines longer than LR_MAX_LINE or holding a NUL byte and
 * read errors are errors, never truncated or skipped. */
enum lr_status lr_next(lr_reader *r);

/* Word parsers over the current record, left to right. Words are separated by
 * whitespace. what names the field in error messages. */
bool lr_has_word(lr_reader *r);
/* 1-8 hex digits, either case, optional 0x/0X prefix. */
bool lr_hex32(lr_reader *r, const char *what, uint32_t *v);
/* Decimal digits only, value in [0, max]. */
bool lr_uint(lr_reader *r, const char *what, unsigned max, unsigned *v);
/* Decimal digits with at most one '.', at least one digit, at most LR_DECIMAL_MAX characters
 * (no sign, no exponent): a finite value >= 0. */
bool lr_decimal(lr_reader *r, const char *what, double *v);
/* Consumes the next word when it is exactly word; false (no error) otherwise. */
bool lr_optional_word(lr_reader *r, const char *word);
/* Fails on any word left on the record. */
bool lr_end(lr_reader *r);

/* Records an error at the current line; always returns false. */
bool lr_fail(lr_reader *r, const char *fmt, ...) LR_PRINTF(2, 3);
/* Prints the last error as one line "prog: name:line: msg" (or "prog: name: msg"). */
void lr_report(const lr_reader *r, const char *prog);

#endif
