// SPDX-License-Identifier: Apache-2.0
// The thin C++ shim between the C lockstep harness and a Verilated model (tb/dut.h).
// A block's shim, DRF_SHIM(block) { PORT(name, DUT_IN|DUT_OUT, width), ... }, is generated
// from the RTL's ports by tools/gen/registry.py (build/gen/tb/shim_<block>.cpp).
#ifndef VSHIM_HPP
#define VSHIM_HPP

#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "dut.h"
#include "verilated.h"
#include "verilated_fst_c.h"

struct dut {
    virtual ~dut() = default;
    virtual void eval() = 0;
    virtual void set_clk(bool v) = 0;
    virtual void trace(VerilatedFstC *tfp) = 0;
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<VerilatedFstC> tfp;
    std::vector<dut_port> ports;
    uint64_t time = 0;  // 10 a cycle: the inputs at 10c, the clock edge at 10c + 5
    bool sampled = false; // one dump a cycle, at time c (dut_activity_open)
    bool clocked = false; // the block has a clk; a combinational one needs no eval at a tick
};

// Drives clk where the block has one; a combinational block has none.
template <class M> auto drive_clk(M *m, bool v, int) -> decltype(m->clk = v, void())
{
    m->clk = v;
}
template <class M> void drive_clk(M *, bool, long) {}
template <class...> using void_t = void;
template <class M, class = void> struct has_clk : std::false_type {};
template <class M> struct has_clk<M, void_t<decltype(std::declval<M &>().clk)>> : std::true_type {};

template <class M> struct dut_model final : dut {
    std::unique_ptr<M> m;
    explicit dut_model(uint32_t xseed)
    {
        ctx.reset(new VerilatedContext);
        ctx->randReset(2);
        ctx->randSeed(static_cast<int>(xseed & 0x7fffffff));
        ctx->traceEverOn(true);
        m.reset(new M{ctx.get()});
        clocked = has_clk<M>::value;
    }
    ~dut_model() override { m->final(); }
    void eval() override { m->eval(); }
    void set_clk(bool v) override { drive_clk(m.get(), v, 0); }
    void trace(VerilatedFstC *t) override { m->trace(t, 99); }
};

#define PORT(x, dir, width)                                                              \
    dut_port{#x, static_cast<void *>(&mdl->x), sizeof(mdl->x), dir, width, 0}
// A mutant model (mutate/mutants.py, docs/mutate.md) has one more input, mutsel: the harness's
// --mutant K drives it. Its build defines DRF_MUTANT_PORT.
#ifdef DRF_MUTANT_PORT
#define DRF_MUTANT_PORTS(d)                                                              \
    (d)->ports.push_back(dut_port{"mutsel", &(d)->m->mutsel, sizeof((d)->m->mutsel), DUT_IN, \
                                  8 * sizeof((d)->m->mutsel), 0})
#else
#define DRF_MUTANT_PORTS(d) ((void)(d))
#endif
#define DRF_SHIM(block)                                                                  \
    static std::vector<dut_port> block##_ports(V##block *mdl);                           \
    extern "C" dut *dut_open_##block(uint32_t xseed)                                     \
    {                                                                                    \
        auto *d = new dut_model<V##block>(xseed);                                        \
        d->ports = block##_ports(d->m.get());                                            \
        DRF_MUTANT_PORTS(d);                                                             \
        for (unsigned i = 0; i < d->ports.size(); i++)                                   \
            d->ports[i].idx = i;                                                         \
        return d;                                                                        \
    }                                                                                    \
    static std::vector<dut_port> block##_ports(V##block *mdl)

#endif
