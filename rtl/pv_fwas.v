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

    // each class's first candidate after its own pointer, circularly, both in parallel: the
    // lowest candidate above the pointer, else the lowest one (two priority encoders; the
    // masks come from the pointer registers, off the path from `ready`; docs/synth.md)
    wire [NW-1:0] cand [0:1];
    wire [WB-1:0] last [0:1];
    wire [WB-1:0] pick_of [0:1];
    assign cand[0] = ready;
    assign cand[1] = ready_fast;
    assign last[0] = last_slow;
    assign last[1] = last_fast;
    genvar c, i;
    generate
        for (c = 0; c < 2; c = c + 1) begin : g_cls
            wire [NW-1:0] after;
            assign after[0] = 1'b0;
            for (i = 1; i < NW; i = i + 1) begin : g_after
                localparam [WB-1:0] I = i;
                assign after[i] = last[c] < I;
            end
            wire up_v;
            wire [WB-1:0] up_i, any_i;
            psu_prio_enc #(.WIDTH(NW)) u_up (.in(cand[c] & after), .valid(up_v), .index(up_i));
            /* verilator lint_off PINCONNECTEMPTY */
            psu_prio_enc #(.WIDTH(NW)) u_any (.in(cand[c]), .valid(), .index(any_i));
            /* verilator lint_on PINCONNECTEMPTY */
            assign pick_of[c] = up_v ? up_i : any_i;
        end
    endgenerate
    wire [WB-1:0] pick = cls ? pick_of[1] : pick_of[0];

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
