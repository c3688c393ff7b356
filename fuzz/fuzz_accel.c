/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over the Accel-Sim trace reader (eval/trace/accel_trace.c through tr_open_mem and
 * tr_next, docs/accel-trace.md): plain text or xz bytes from memory as a kernel trace or a
 * kernelslist (run in an empty directory: every kernel file it names is missing). The events
 * must be a well-formed deltarf stream: every wavefront starts once (A), is accessed only while
 * it runs, on its compute unit and SIMD, below its register count, and ends (F). */
#include "fuzz.h"

#include <string.h>
#include <unistd.h>

#include "eval/trace/trace.h"

enum { MAX_EVENTS = 1 << 16, MAX_WAVES = MAX_EVENTS };

/* A wavefront of an Accel-Sim trace (ids are given out from 0 in order). */
typedef struct {
    unsigned char state; /* 0 not started, 1 running, 2 ended */
    unsigned char cu, simd;
    unsigned short nvregs;
} wave;

static wave waves[MAX_WAVES];
static uint64_t waves_used; /* waves[0 .. waves_used) to clear after an input */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_enter_workdir();
    return 0;
}

/* A warning is one located line. */
static void check_warning(void *ctx, const char *msg)
{
    (void)ctx;
    FZ_CHECK(strncmp(msg, "<fuzz>:", 7) == 0 && strstr(msg, ": warning: ") && !strchr(msg, '\n'));
}

/* The deltarf ranges (data/traces/README.md) and, for an Accel-Sim trace, the wavefront's life. */
static void check_event(const tr_event *ev, bool accel, uint64_t *last_cycle)
{
    FZ_CHECK(ev->kind == TR_A || ev->kind == TR_W || ev->kind == TR_R || ev->kind == TR_F);
    FZ_CHECK(ev->cu < TR_MAX_CU && ev->simd < TR_SIMDS && ev->cycle >= *last_cycle);
    *last_cycle = ev->cycle;
    if (!accel)
        return;
    FZ_CHECK(ev->wf < MAX_WAVES);
    wave *w = &waves[ev->wf];
    if (ev->wf >= waves_used)
        waves_used = ev->wf + 1;
    if (ev->kind == TR_A) {
        FZ_CHECK(w->state == 0 && ev->nvregs >= 1 && ev->nvregs <= TR_MAX_NVREGS);
        *w = (wave){.state = 1, .cu = (unsigned char)ev->cu, .simd = (unsigned char)ev->simd,
                    .nvregs = (unsigned short)ev->nvregs};
        return;
    }
    FZ_CHECK(w->state == 1 && w->cu == ev->cu && w->simd == ev->simd);
    if (ev->kind == TR_F)
        w->state = 2;
    else
        FZ_CHECK(ev->vreg < w->nvregs);
    if (ev->kind == TR_W) {
        FZ_CHECK(ev->mask <= 0xffffffffu && !ev->launch);
        for (int i = 0; i < DRF_COMPONENTS; i++)
            FZ_CHECK(ev->v[i] == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    tr_reader *r = tr_open_mem(data, size, "<fuzz>", err, sizeof err);
    if (!r) {
        FZ_CHECK(err[0] != '\0');
        return 0;
    }
    tr_set_warn(r, check_warning, NULL);
    tr_event ev;
    uint64_t last_cycle = 0, started = 0, ended = 0;
    int got = 0;
    unsigned n = 0;
    for (; n < MAX_EVENTS && (got = tr_next(r, &ev)) == 1; n++) {
        check_event(&ev, !tr_has_values(r), &last_cycle);
        started += ev.kind == TR_A;
        ended += ev.kind == TR_F;
    }
    if (got < 0) {
        FZ_CHECK(strncmp(tr_error(r), "<fuzz>:", 7) == 0 && !strchr(tr_error(r), '\n'));
        FZ_CHECK(tr_next(r, &ev) == -1); /* an error is final */
    } else {
        FZ_CHECK(tr_error(r)[0] == '\0');
        FZ_CHECK(n == MAX_EVENTS || started == ended); /* every wavefront ended */
    }
    tr_close(r);
    memset(waves, 0, waves_used * sizeof waves[0]);
    waves_used = 0;
    return 0;
}
