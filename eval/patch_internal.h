/* The in-memory trace of the DC-Patch replay (dc-patch paper Section V-A; eval/patch_eval.h):
 * events, register values, wavefronts and their slice windows, shared by eval/patch.c (loading,
 * placement) and eval/patch_run.c (the cycle-level replay). */
#ifndef DRF_PATCH_INTERNAL_H
#define DRF_PATCH_INTERNAL_H

#include "patch_eval.h"

typedef struct {
    uint64_t cycle, mask;   /* mask: W */
    uint32_t wave;          /* index into pa_trace.wave */
    uint32_t value;         /* W: index into pa_trace.val */
    uint32_t line;          /* trace line */
    uint16_t vreg;
    char kind;              /* 'A', 'W', 'R', 'F' */
    bool launch;            /* W: a launch value */
} pa_ev;

typedef struct {
    uint64_t wf;
    unsigned nvregs;
    unsigned slice;         /* index into pa_trace.slice_id */
    unsigned base;          /* reg_base of its window */
} pa_wave;

struct pa_trace {
    pa_ev *ev;
    size_t nev, evcap;
    uint32_t (*val)[DRF_COMPONENTS];
    size_t nval, valcap;
    pa_wave *wave;
    size_t nwave, wavecap;
    uint32_t *hash;         /* wf -> wave index + 1, open addressing; 0 = empty */
    size_t hcap;
    unsigned nslices;
    unsigned *slice_id;     /* per slice: its number (cu * 4 + simd, or packed order) */
    uint32_t *slice_start;  /* per slice: first index into slice_ev; nslices + 1 entries */
    uint32_t *slice_ev;     /* event indices grouped by slice, trace order within one */
};

/* Writes a one-line message into err; returns false. */
bool pa_set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
