// SPDX-License-Identifier: Apache-2.0
// Block-independent half of the C++ shim (tb/vshim.hpp): eval, tick, tracing, ports.
#include <cstring>

#include "vshim.hpp"

extern "C" void dut_eval(dut *d)
{
    d->eval();
}

// The falling edge is not evaluated: every block is posedge-only, and the next cycle's
// inputs are evaluated together with it (hx_eval), which saves a third of the evaluations.
extern "C" void dut_tick(dut *d)
{
    if (d->tfp)
        d->tfp->dump(d->time); // inputs of this cycle, before the edge
    d->time += 5;
    d->set_clk(true);
    d->eval();
    if (d->tfp)
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

extern "C" void dut_close(dut *d)
{
    if (d->tfp)
        d->tfp->close();
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
