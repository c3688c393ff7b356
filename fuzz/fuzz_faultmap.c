/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over the DC-Patch fault-map reader (cmodel/faultmap.c fm_read; dc-patch
 * paper Section II-B, file format of docs/dcpatch-faultmap.md): fm_read against an
 * independent reference of the format, and a write-read round trip of every accepted map. */
#include "fuzz.h"

#include <stdbool.h>
#include <string.h>

#include "faultmap.h"

enum { MAX_LINE = 254 }; /* characters before the newline (255 with it) */

/* The documented format: every line (newline excluded, at most MAX_LINE characters, no NUL)
 * is blank or '#' after blanks, or 4 bits 0/1 then blanks (space, tab, CR). */
static bool ref_line(const uint8_t *s, size_t len, uint8_t *mask, bool *entry)
{
    if (len > MAX_LINE || memchr(s, '\0', len))
        return false;
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
        i++;
    *entry = !(i == len || s[i] == '#');
    if (!*entry)
        return true;
    size_t n = len;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    if (n != FM_BLOCKS)
        return false;
    *mask = 0;
    for (unsigned b = 0; b < FM_BLOCKS; b++) {
        if (s[b] != '0' && s[b] != '1')
            return false;
        *mask |= (uint8_t)((s[b] - '0') << b);
    }
    return true;
}

static bool ref_read(const uint8_t *data, size_t size, fm_map *m)
{
    unsigned entries = 0;
    for (size_t start = 0; start < size;) {
        const uint8_t *nl = memchr(data + start, '\n', size - start);
        const size_t len = nl ? (size_t)(nl - data) - start : size - start;
        uint8_t mask = 0;
        bool entry;
        if (!ref_line(data + start, len, &mask, &entry))
            return false;
        if (entry) {
            if (entries == DRF_REGS)
                return false;
            m->faulty[entries++] = mask;
        }
        start += len + 1;
    }
    return entries == DRF_REGS;
}

/* fm_write then fm_read gives the map back. */
static void round_trip(const fm_map *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *w = open_memstream(&buf, &len);
    FZ_CHECK(w != NULL);
    fm_write(w, m, "round trip");
    FZ_CHECK(fclose(w) == 0);
    FILE *r = fz_stream((const uint8_t *)buf, len);
    fm_map back;
    unsigned line = 0;
    char err[96] = "";
    FZ_CHECK(fm_read(r, &back, &line, err, sizeof err));
    FZ_CHECK(memcmp(back.faulty, m->faulty, sizeof back.faulty) == 0);
    fclose(r);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fz_stream(data, size);
    fm_map m, ref;
    unsigned line = 0;
    char err[96] = "";
    const bool ok = fm_read(f, &m, &line, err, sizeof err);
    fclose(f);
    const bool ref_ok = ref_read(data, size, &ref);
    FZ_CHECK(ok == ref_ok);
    if (ok) {
        FZ_CHECK(memcmp(m.faulty, ref.faulty, sizeof m.faulty) == 0);
        round_trip(&m);
    } else {
        FZ_CHECK(err[0] != '\0' && line <= size + 1);
    }
    return 0;
}
