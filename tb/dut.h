/* SPDX-License-Identifier: Apache-2.0 */
/* C view of a Verilated RTL block for the lockstep harness: ports by name, eval, clock
 * tick, FST tracing. The thin C++ side is tb/vshim.hpp (one short shim per block). */
#ifndef DUT_H
#define DUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut dut;

enum dut_dir { DUT_IN, DUT_OUT };

typedef struct {
    const char *name;
    void *p;          /* Verilator's storage of the port */
    size_t bytes;     /* 1, 2, 4, 8, or 4 x words for wide ports */
    enum dut_dir dir; /* as declared in the RTL */
    unsigned width;   /* bits */
    unsigned idx;     /* position in the RTL's port list */
} dut_port;

/* Each block's shim defines dut_open_<block>(xseed): X-initialisation seeded by xseed. */
void dut_eval(dut *d);
void dut_tick(dut *d);                      /* rising edge, then falling edge */
void dut_trace_open(dut *d, const char *path);
/* Traces one sample a cycle, before its clock edge, at time = cycle number. */
void dut_activity_open(dut *d, const char *path);
void dut_close(dut *d);
const dut_port *dut_find_port(dut *d, const char *name); /* NULL when absent */
unsigned dut_port_count(dut *d);
const dut_port *dut_port_at(dut *d, unsigned idx);

#ifdef __cplusplus
}
#endif

#endif
