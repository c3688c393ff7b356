// SPDX-License-Identifier: Apache-2.0
// FWAS issue selection (pv-nbti-banked-rf paper Section 3.3.3): the fast class (ready warps
// whose instruction reads and writes fast banks only) first, else the slow class; round-robin
// within each class from its own last-issued pointer (docs/pv-decisions.md D12-D13).
`default_nettype none
`include "drf_params.vh"
module pv_fwas (
    input  wire                          clk,
    input  wire                          rst,
    input  wire [`DRF_PV_WARPS-1:0]      ready,
    input  wire [`DRF_PV_WARPS-1:0]      fast,
    input  wire                          stall,     // no issue this cycle, no pointer moves
    output wire                          valid,
    output wire [`DRF_PV_WARP_BITS-1:0]  warp,      // 0 without valid
    output wire                          warp_fast
);
    localparam integer NW = `DRF_PV_WARPS;
    localparam integer WB = `DRF_PV_WARP_BITS;
    localparam [WB:0] NWW = `DRF_PV_WARPS;
    localparam [WB-1:0] LAST = NWW[WB-1:0] - 1'b1;

    reg [WB-1:0] last_slow, last_fast;

    wire [NW-1:0] ready_fast = ready & fast;
    wire          cls = |ready_fast;
    wire [NW-1:0] cand = cls ? ready_fast : ready;
    wire [WB-1:0] last = cls ? last_fast : last_slow;

    // the first candidate after `last`, circularly: the nearest one wins
    reg [WB-1:0] pick;
    reg [WB:0]   w;
    integer k;
    always @(*) begin
        pick = {WB{1'b0}};
        for (k = NW; k >= 1; k = k - 1) begin
            w = {1'b0, last} + k[WB:0];
            if (w >= NWW)
                w = w - NWW;
            if (cand[w[WB-1:0]])
                pick = w[WB-1:0];
        end
    end

    assign valid = |ready;
    assign warp = valid ? pick : {WB{1'b0}};
    assign warp_fast = cls;

    always @(posedge clk) begin
        if (rst) begin
            last_slow <= LAST;
            last_fast <= LAST;
        end else if (valid && !stall) begin
            if (cls)
                last_fast <= pick;
            else
                last_slow <= pick;
        end
    end
endmodule
`default_nettype wire
