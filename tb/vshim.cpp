// SPDX-License-Identifier: Apache-2.0
// Block-independent half of the C++ shim (tb/vshim.hpp): eval, tick, tracing, ports.
#include <cstdlib>
#include <cstring>

#include "vshim.hpp"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

extern "C" void dut_eval(dut *d)
{
    d->eval();
}

// The falling edge is not evaluated: every block is posedge-only, and the next cycle's
// inputs are evaluated together with it (hx_eval), which saves a third of the evaluations.
// A combinational block is not evaluated at all at a tick: its inputs have not changed.
extern "C" void dut_tick(dut *d)
{
    if (d->tfp)
        d->tfp->dump(d->sampled ? d->time / 10 : d->time); // inputs of this cycle, before the edge
    d->time += 5;
    if (d->clocked) {
        d->set_clk(true);
        d->eval();
    }
    if (d->tfp && !d->sampled)
        d->tfp->dump(d->time);
    d->time += 5;
    d->set_clk(false);
}

extern "C" void dut_trace_open(dut *d, const char *path)
{
    d->tfp.reset(new VerilatedFstC);
    d->trace(d->tfp.get());
    d->tfp->open(path);
}

// The switching-activity trace of make verify-gates: every net's settled value once a cycle.
extern "C" void dut_activity_open(dut *d, const char *path)
{
    d->sampled = true;
    dut_trace_open(d, path);
}

// A model built with --coverage (make coverage, docs/coverage.md) writes its line and toggle
// counts to $DRF_COVERAGE_DAT when that is set.
extern "C" void dut_close(dut *d)
{
    if (d->tfp)
        d->tfp->close();
#if VM_COVERAGE
    if (const char *path = std::getenv("DRF_COVERAGE_DAT"))
        d->ctx->coveragep()->write(path);
#endif
    delete d;
}

extern "C" const dut_port *dut_find_port(dut *d, const char *name)
{
    for (const dut_port &p : d->ports)
        if (std::strcmp(p.name, name) == 0)
            return &p;
    return nullptr;
}

extern "C" unsigned dut_port_count(dut *d)
{
    return static_cast<unsigned>(d->ports.size());
}

extern "C" const dut_port *dut_port_at(dut *d, unsigned idx)
{
    return &d->ports[idx];
}
