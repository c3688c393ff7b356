/* SPDX-License-Identifier: Apache-2.0 */
/* One technique's energy and time from deltarf compare's run (docs/compare.md, decision 17):
 * the section of deltarf pilot (pilot paper Sec. V, Fig. 11) and deltarf patch (dc-patch paper
 * Sec. V-A3, Fig. 8), and compare's JSON rows: one engine, no second formula. */
#include "energycli.h"

#include <math.h>

#include "evalcli.h"
#include "json.h"

void en_json_number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.9g", v);
    else
        fputs("null", f);
}

void en_json_axes(FILE *f, const cmp_row *r)
{
    for (unsigned a = 0; a < CMP_AXES; a++) {
        fprintf(f, "%s\"%s\": ", a ? ", " : "", cmp_axis_name(a));
        en_json_number(f, r->na[a] ? NAN : r->v[a]);
    }
    fputs(", \"na\": {", f);
    bool first = true;
    for (unsigned a = 0; a < CMP_AXES; a++)
        if (r->na[a]) {
            fprintf(f, "%s\"%s\": ", first ? "" : ", ", cmp_axis_name(a));
            json_string(f, r->na[a]);
            first = false;
        }
    fputc('}', f);
}

bool en_source(const char *prog, const char *path, tr_source *src)
{
    char err[768];
    if (tr_source_init(src, path, true, err, sizeof err))
        return true;
    fprintf(stderr, "%s: %s\n", prog, err);
    return false;
}

bool en_run(const char *prog, const tr_source *src, const cmp_config *cfg, cmp_ctx **ctx,
            cmp_result *out)
{
    char err[768];
    *ctx = cmp_ctx_new();
    if (*ctx == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return false;
    }
    if (cmp_ctx_run_source(*ctx, src, cfg, out, err, sizeof err))
        return true;
    fprintf(stderr, "%s: %s\n", prog, err);
    cmp_ctx_free(*ctx);
    *ctx = NULL;
    return false;
}

/* Axis a of row r in text: the number in fmt, or n/a with its reason. */
static void text_axis(const cmp_row *r, enum cmp_axis a, const char *fmt, double scale)
{
    if (r->na[a])
        printf("n/a (%s)", r->na[a]);
    else
        printf(fmt, r->v[a] * scale);
}

/* The energy over the baseline's (Fig. 8's normalized energy), NaN when either is not known. */
static double normalized(const cmp_result *r, const cmp_row *row)
{
    const cmp_row *b = &r->tech[CMP_BASELINE];
    if (row->na[CMP_ENERGY_PJ] || b->na[CMP_ENERGY_PJ] || !(b->v[CMP_ENERGY_PJ] > 0))
        return NAN;
    return row->v[CMP_ENERGY_PJ] / b->v[CMP_ENERGY_PJ];
}

void en_text(const cmp_result *r, const cmp_row *row)
{
    const cmp_row *b = &r->tech[CMP_BASELINE];
    printf("energy and time (deltarf compare's row, docs/compare.md: %u cop%s at once, the aging "
           "paper's slice at %g nm, extra cycles on the issue model)\n", r->copies,
           r->copies == 1 ? "y" : "ies", cmp_node_nm());
    if (row->na[CMP_ENERGY_PJ] && row->na[CMP_CYCLES]) { /* a trace without register values */
        printf("  energy and cycles n/a (%s); the baseline's %.3f nJ, %.0f cycles\n",
               row->na[CMP_ENERGY_PJ], b->v[CMP_ENERGY_PJ] * 1e-3, b->v[CMP_CYCLES]);
        return;
    }
    printf("  dynamic ");
    text_axis(row, CMP_DYNAMIC_PJ, "%.3f nJ", 1e-3);
    printf(", leakage ");
    text_axis(row, CMP_LEAKAGE_PJ, "%.3f nJ", 1e-3);
    printf(", total ");
    text_axis(row, CMP_ENERGY_PJ, "%.3f nJ", 1e-3);
    printf(" against the baseline's %.3f nJ (dynamic %.3f, leakage %.3f): saving ",
           b->v[CMP_ENERGY_PJ] * 1e-3, b->v[CMP_DYNAMIC_PJ] * 1e-3, b->v[CMP_LEAKAGE_PJ] * 1e-3);
    text_axis(row, CMP_ENERGY_SAVING_PCT, "%.2f%%", 1);
    const double norm = normalized(r, row);
    if (isfinite(norm))
        printf(", normalized energy %.4f\n", norm);
    else
        printf(", normalized energy n/a\n");
    printf("  cycles ");
    text_axis(row, CMP_CYCLES, "%.0f", 1);
    printf(" against the baseline's %.0f: perf overhead ", b->v[CMP_CYCLES]);
    text_axis(row, CMP_PERF_OVERHEAD_PCT, "%.2f%%", 1);
    putchar('\n');
}

void en_json(FILE *f, const cmp_result *r, const cmp_row *row, const char *extra)
{
    fprintf(f, "\"energy\": {\"copies\": %u, \"node_nm\": %g, ", r->copies, cmp_node_nm());
    if (extra)
        fprintf(f, "%s, ", extra);
    fputs("\"normalized_energy\": ", f);
    en_json_number(f, normalized(r, row));
    fputs(",\n  \"baseline\": {", f);
    en_json_axes(f, &r->tech[CMP_BASELINE]);
    fputs("},\n  \"technique\": {", f);
    en_json_axes(f, row);
    fputs("}}", f);
}
