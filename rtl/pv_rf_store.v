// SPDX-License-Identifier: Apache-2.0
// Register store of the PV/NBTI banked RF (pv-nbti-banked-rf paper Section 3.2.1): 32 sub-banks
// x ROWS rows x VEC_BITS/2 bits (1 Mbit at the paper's size); a register vector's access reads
// or writes the same row of two sub-banks. An SRAM macro: black-boxed in synthesis (D18).
`default_nettype none
`include "drf_params.vh"
module pv_rf_store #(
    parameter integer VEC_BITS = `DRF_PV_VEC_BITS,
    parameter integer ROWS = `DRF_PV_ENTRIES,
    parameter integer ROW_BITS = $clog2(ROWS)
) (
    input  wire                        clk,
    input  wire                        we,
    input  wire [`DRF_PV_SB_BITS-1:0]  sb0,   // threads 0-15
    input  wire [`DRF_PV_SB_BITS-1:0]  sb1,   // threads 16-31
    input  wire [ROW_BITS-1:0]         row,
    input  wire [VEC_BITS-1:0]         wdata,
    output wire [VEC_BITS-1:0]         rdata
);
    localparam integer HALF = VEC_BITS / 2;

    reg [HALF-1:0] mem [0:`DRF_PV_SUBBANKS*ROWS-1];

    wire [`DRF_PV_SB_BITS+ROW_BITS-1:0] a0 = {sb0, row};
    wire [`DRF_PV_SB_BITS+ROW_BITS-1:0] a1 = {sb1, row};

    assign rdata = {mem[a1], mem[a0]};

    always @(posedge clk)
        if (we) begin
            mem[a0] <= wdata[HALF-1:0];
            mem[a1] <= wdata[VEC_BITS-1:HALF];
        end
endmodule
`default_nettype wire
