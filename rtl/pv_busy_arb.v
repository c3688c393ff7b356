// SPDX-License-Identifier: Apache-2.0
// Busy latches and arbitration of VL-SB + RF-BRO (pv-nbti-banked-rf paper Section 3.2.3,
// Fig. 5): a granted slow access latches busy in its two sub-banks (no precharge next cycle),
// and the arbitrator stalls the next access to a bank with a busy sub-bank (pv-decisions D11).
`default_nettype none
`include "drf_params.vh"
module pv_busy_arb (
    input  wire                                     clk,
    input  wire                                     rst,
    input  wire [`DRF_PV_BANKS-1:0]                 req,   // one per virtual bank
    input  wire [`DRF_PV_BANKS-1:0]                 slow,  // the table's speed types
    input  wire [`DRF_PV_BANKS*`DRF_PV_SB_BITS-1:0] sb0,   // the table's sub-banks
    input  wire [`DRF_PV_BANKS*`DRF_PV_SB_BITS-1:0] sb1,
    output wire [`DRF_PV_BANKS-1:0]                 grant,
    output wire [`DRF_PV_BANKS-1:0]                 stall,
    output wire [`DRF_PV_BANKS-1:0]                 busy,
    output reg  [`DRF_PV_SUBBANKS-1:0]              sb_busy // the latches
);
    localparam integer SB = `DRF_PV_SB_BITS;
    localparam integer NB = `DRF_PV_BANKS;
    localparam integer NSB = `DRF_PV_SUBBANKS;

    // bank v: busy from its sub-banks' latches; the latches it sets when granted slow
    wire [NSB-1:0]    one = {{(NSB - 1){1'b0}}, 1'b1};
    wire [NB*NSB-1:0] sets;
    genvar v;
    generate
        for (v = 0; v < NB; v = v + 1) begin : g_bank
            wire [SB-1:0] a = sb0[v*SB +: SB], b = sb1[v*SB +: SB];
            assign busy[v] = sb_busy[a] | sb_busy[b];
            assign sets[v*NSB +: NSB] = req[v] && !busy[v] && slow[v] ? (one << a) | (one << b)
                                                                      : {NSB{1'b0}};
        end
    endgenerate
    reg [NSB-1:0] next;
    integer k;
    always @(*) begin
        next = {NSB{1'b0}};
        for (k = 0; k < NB; k = k + 1)
            next = next | sets[k*NSB +: NSB];
    end

    assign grant = req & ~busy;
    assign stall = req & busy;

    always @(posedge clk)
        sb_busy <= rst ? {`DRF_PV_SUBBANKS{1'b0}} : next;
endmodule
`default_nettype wire
