// SPDX-License-Identifier: Apache-2.0
// RAR reg_phys datapath (aging paper Section 5.2, Fig. 11; windows of Section 2.1):
// reg_base0 = reg_base + s, reg_base1 = reg_base + s - N, limit = N - s, the comparator
// index >= limit selects reg_base1 through the 2:1 mux, and the adder adds index.
`include "drf_params.vh"
`default_nettype none
module rar_phys (
    input  wire [`DRF_REG_BITS-1:0] reg_base,
    input  wire [`DRF_REG_BITS:0]   n,        // window size N, 1..DRF_REGS
    input  wire [`DRF_REG_BITS-1:0] s,        // rotation, 0..N-1
    input  wire [`DRF_REG_BITS-1:0] index,    // logical register, 0..N-1
    output wire [`DRF_REG_BITS-1:0] reg_phys, // reg_base + (s + index) % N; 0 when err
    output wire                     overflow, // the mux selects reg_base1; 0 when err
    output wire                     err       // illegal inputs (docs/rar-decisions.md)
);
    localparam integer RB = `DRF_REG_BITS;
    localparam [RB+1:0] REGS = `DRF_REGS;

    // Address arithmetic is RB bits wide: reg_base1 may wrap below 0, the final sum of a
    // legal input never does.
    wire [RB-1:0] reg_base0 = reg_base + s;
    wire [RB-1:0] reg_base1 = reg_base + s - n[RB-1:0];
    wire [RB:0]   limit = n - {1'b0, s};
    wire          sel = {1'b0, index} >= limit;
    wire [RB-1:0] base = sel ? reg_base1 : reg_base0;
    wire [RB+1:0] window_end = {2'b00, reg_base} + {1'b0, n};

    assign err = (n == 0) || ({1'b0, s} >= n) || ({1'b0, index} >= n) || (window_end > REGS);
    assign overflow = ~err & sel;
    assign reg_phys = err ? {RB{1'b0}} : base + index;
endmodule
`default_nettype wire
