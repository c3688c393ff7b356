/* SPDX-License-Identifier: Apache-2.0 */
/* Fault-map generator, reader and writer (dc-patch paper Section II-B, Table 1, ECP rule).
 * Decisions (counts, clustering, file format) are in docs/dcpatch-faultmap.md. */
#include "faultmap.h"

#include <string.h>

#include "rng.h"

static const char *const scenario_names[FM_SCENARIOS] = {"common", "clustered", "dispersed"};
static const uint8_t table1[FM_SCENARIOS][FM_BIT_CLASSES] = {
    {34, 33, 20, 10, 3}, {43, 20, 12, 10, 15}, {26, 35, 23, 12, 4}};

bool fm_scenario_parse(const char *name, enum fm_scenario *out)
{
    for (unsigned s = 0; s < FM_SCENARIOS; s++)
        if (!strcmp(name, scenario_names[s])) {
            *out = (enum fm_scenario)s;
            return true;
        }
    return false;
}

const char *fm_scenario_name(enum fm_scenario s)
{
    return s < FM_SCENARIOS ? scenario_names[s] : "?";
}

const uint8_t *fm_table1_percent(enum fm_scenario s)
{
    return table1[s];
}

unsigned fm_faulty_blocks(unsigned faulty_bits)
{
    if (faulty_bits < 2)
        return 0;
    return faulty_bits < FM_BLOCKS ? faulty_bits : FM_BLOCKS;
}

bool fm_entry_reliable(const fm_map *m, unsigned entry)
{
    return m->faulty[entry] == 0;
}

void fm_pack(const fm_map *m, uint64_t words[FM_WORDS])
{
    memset(words, 0, FM_WORDS * sizeof *words);
    for (unsigned e = 0; e < DRF_REGS; e++)
        words[e * FM_BLOCKS / 64] |= (uint64_t)m->faulty[e] << (e * FM_BLOCKS % 64);
}

/* Entries per class: percentages of DRF_REGS, rounded by largest remainder. */
static void class_counts(enum fm_scenario s, unsigned count[FM_BIT_CLASSES])
{
    unsigned total = 0, rem[FM_BIT_CLASSES];
    for (unsigned c = 0; c < FM_BIT_CLASSES; c++) {
        count[c] = table1[s][c] * DRF_REGS / 100;
        rem[c] = table1[s][c] * DRF_REGS % 100;
        total += count[c];
    }
    while (total < DRF_REGS) {
        unsigned best = 0;
        for (unsigned c = 1; c < FM_BIT_CLASSES; c++)
            if (rem[c] > rem[best])
                best = c;
        count[best]++;
        rem[best] = 0;
        total++;
    }
}

/* A 4-bit mask with exactly k of the blocks set, uniformly. */
static uint8_t random_blocks(rng_state *r, unsigned k)
{
    uint8_t mask = 0;
    for (unsigned placed = 0; placed < k;) {
        const uint8_t bit = (uint8_t)(1u << rng_below(r, FM_BLOCKS));
        if (!(mask & bit)) {
            mask |= bit;
            placed++;
        }
    }
    return mask;
}

static void shuffle(rng_state *r, uint8_t *v, unsigned n)
{
    for (unsigned i = n; i > 1; i--) {
        const unsigned j = rng_below(r, i);
        const uint8_t t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}

/* Clustered: faulty entries (sorted most-faulty first) laid out in runs of 4 to 16 entries
 * at random places, reliable entries filling the rest. */
static void cluster(rng_state *r, uint8_t *v)
{
    uint8_t faulty[DRF_REGS];
    unsigned nf = 0;
    for (unsigned i = 0; i < DRF_REGS; i++)
        if (v[i])
            faulty[nf++] = v[i];
    memset(v, 0, DRF_REGS);
    for (unsigned placed = 0; placed < nf;) {
        const unsigned run = 4 + rng_below(r, 13);
        unsigned at = rng_below(r, DRF_REGS);
        for (unsigned k = 0; k < run && placed < nf; k++, at = (at + 1) % DRF_REGS)
            if (!v[at])
                v[at] = faulty[placed++];
    }
}

void fm_generate(enum fm_scenario s, uint64_t seed, fm_map *m)
{
    rng_state r;
    rng_seed(&r, seed);
    unsigned count[FM_BIT_CLASSES];
    class_counts(s, count);
    unsigned e = 0;
    for (unsigned c = 0; c < FM_BIT_CLASSES; c++)
        for (unsigned k = 0; k < count[c]; k++)
            m->faulty[e++] = random_blocks(&r, fm_faulty_blocks(c));
    shuffle(&r, m->faulty, DRF_REGS);
    if (s == FM_CLUSTERED)
        cluster(&r, m->faulty);
}

static bool blank_or_comment(const char *line)
{
    const char *p = line + strspn(line, " \t\r");
    return *p == '#' || *p == '\n' || *p == 0;
}

static bool parse_line(const char *line, uint8_t *mask)
{
    size_t n = strcspn(line, "\n");
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
        n--;
    if (n != FM_BLOCKS)
        return false;
    uint8_t m = 0;
    for (unsigned b = 0; b < FM_BLOCKS; b++) {
        if (line[b] != '0' && line[b] != '1')
            return false;
        m |= (uint8_t)((line[b] - '0') << b);
    }
    *mask = m;
    return true;
}

/* fgets that also gives the length read (NUL bytes included): 0 at the end of the file,
 * cap when the line, its newline included, does not fit in cap - 1 bytes. */
static size_t get_line(FILE *f, char *line, size_t cap)
{
    size_t n = 0;
    int ch = 0;
    while (n < cap - 1 && ch != '\n' && (ch = getc(f)) != EOF)
        line[n++] = (char)ch;
    line[n] = '\0';
    return n == cap - 1 && ch != '\n' ? cap : n;
}

bool fm_read(FILE *f, fm_map *m, unsigned *err_line, char *err, size_t err_len)
{
    char line[256];
    unsigned lineno = 0, entries = 0;
    size_t len;
    while ((len = get_line(f, line, sizeof line)) > 0) {
        lineno++;
        *err_line = lineno;
        if (len == sizeof line || strlen(line) != len) {
            snprintf(err, err_len, len == sizeof line ? "line too long" : "NUL byte in line");
            return false;
        }
        if (blank_or_comment(line))
            continue;
        if (entries == DRF_REGS) {
            snprintf(err, err_len, "more than %d entries", DRF_REGS);
            return false;
        }
        if (!parse_line(line, &m->faulty[entries])) {
            snprintf(err, err_len, "expected %d block bits (0 or 1), one entry a line", FM_BLOCKS);
            return false;
        }
        entries++;
    }
    if (ferror(f)) {
        snprintf(err, err_len, "read error");
        return false;
    }
    if (entries != DRF_REGS) {
        *err_line = lineno;
        snprintf(err, err_len, "%u entries, expected %d", entries, DRF_REGS);
        return false;
    }
    return true;
}

void fm_write(FILE *f, const fm_map *m, const char *comment)
{
    fprintf(f, "# deltarf fault map: %d entries, one a line, block 0 first, 1 = faulty block\n",
            DRF_REGS);
    if (comment)
        fprintf(f, "# %s\n", comment);
    for (unsigned e = 0; e < DRF_REGS; e++) {
        for (unsigned b = 0; b < FM_BLOCKS; b++)
            fputc('0' + (m->faulty[e] >> b & 1), f);
        fputc('\n', f);
    }
}
