// SPDX-License-Identifier: Apache-2.0
// Storage array of the pilot register file (pilot paper Section III, Fig. 3b): the FRF or the
// SRF of pilot_rf, one word per warp register, synchronous write, asynchronous read. An SRAM
// macro in the paper: synthesis black-boxes it inside pilot_rf (docs/synth.md).
`default_nettype none
module pilot_rf_array #(
    parameter integer DEPTH = 256,
    parameter integer AB = 8,   // address bits, 2^AB >= DEPTH
    parameter integer W = 32
) (
    input  wire          clk,
    input  wire          we,
    input  wire [AB-1:0] waddr,
    input  wire [W-1:0]  wdata,
    input  wire [AB-1:0] raddr,
    output wire [W-1:0]  rdata
);
    reg [W-1:0] mem [0:DEPTH-1];
    always @(posedge clk)
        if (we)
            mem[waddr] <= wdata;
    assign rdata = mem[raddr];
endmodule
`default_nettype wire
