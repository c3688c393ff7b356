/* SPDX-License-Identifier: Apache-2.0 */
/* Command-line pieces shared by `deltarf sim` (aging paper Section 6) and `deltarf patch`
 * (dc-patch paper Section V-A): the usage-error line, decimal option values, JSON string
 * escaping (a trace path is any byte string; also the benches' --result, tb/harness.c). */
#include "evalcli.h"

#include <errno.h>
#include <inttypes.h>
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

bool ec_buffer_mb(const char *s, uint64_t *bytes)
{
    uint64_t mb;
    if (!ec_u64(s, 65536, &mb))
        return false;
    *bytes = mb << 20;
    return true;
}

bool ec_gpu(const char *prog, const char *arg, const char *fallback, ec_gpu_check check,
            gpu_config *g)
{
    char err[640];
    if (gpu_load(arg ? arg : fallback, g, err, sizeof err) && (!check || check(g, err, sizeof err)))
        return true;
    fprintf(stderr, "%s: %s\n", prog, err);
    return false;
}

void ec_dispatch_text(const ds_stats *d, char *line, size_t len)
{
    snprintf(line, len, "dispatch: %" PRIu64 " wavefronts waited for a slot (mean %.0f, longest %"
             PRIu64 " cycles; at most %" PRIu64 " at once); lines held for them: peak %.1f MB in "
             "memory, %.1f MB spilled (file peak %.1f MB); replayed %" PRIu64 " W, %" PRIu64 " R",
             d->waited, d->waited ? (double)d->wait_cycles / (double)d->waited : 0.0, d->wait_max,
             d->waiting_peak, (double)d->held_peak / 1e6, (double)d->spilled / 1e6,
             (double)d->file_peak / 1e6, d->writes, d->reads);
}

void ec_dispatch_json(FILE *f, const ds_stats *d)
{
    fprintf(f, "\"dispatch\":{\"waited\":%" PRIu64 ",\"wait_cycles\":%" PRIu64 ",\"wait_max\":%"
            PRIu64 ",\"waiting_peak\":%" PRIu64 ",\"held_peak_bytes\":%" PRIu64
            ",\"spilled_bytes\":%" PRIu64 ",\"file_peak_bytes\":%" PRIu64 ",\"writes\":%" PRIu64
            ",\"reads\":%" PRIu64 "}", d->waited, d->wait_cycles, d->wait_max, d->waiting_peak,
            d->held_peak, d->spilled, d->file_peak, d->writes, d->reads);
}
