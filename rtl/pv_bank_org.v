// SPDX-License-Identifier: Apache-2.0
// Bank organization table of RF-BRO (pv-nbti-banked-rf paper Sections 3.2.2-3.2.3, Fig. 5) and
// its kernel-level re-organization (Section 4.2.2): one sub-bank ranked per cycle by delay (ties
// to the lower ID), rank r written to entry r/2, the faster first (docs/pv-decisions.md D6-D8).
`default_nettype none
`include "drf_params.vh"
module pv_bank_org #(
    parameter integer DB = `DRF_PV_DELAY_BITS // sensor code width (formal: fewer bits)
) (
    input  wire                                          clk,
    input  wire                                          rst,
    input  wire                                          reorg, // rank `delay` (32 cycles)
    input  wire [`DRF_PV_SUBBANKS*DB-1:0]                delay, // sub-bank i at [i*DB +: DB]
    input  wire                                          wr,    // ROM load of entry wr_v
    input  wire [`DRF_PV_BANK_BITS-1:0]                  wr_v,
    input  wire [`DRF_PV_SB_BITS-1:0]                    wr_sb0,
    input  wire [`DRF_PV_SB_BITS-1:0]                    wr_sb1,
    input  wire                                          wr_slow,
    input  wire [`DRF_PV_BANK_BITS-1:0]                  lk_v,
    output wire [`DRF_PV_SB_BITS-1:0]                    lk_sb0,
    output wire [`DRF_PV_SB_BITS-1:0]                    lk_sb1,
    output wire                                          lk_slow,
    output reg                                           busy,
    output reg  [DB-1:0]                                 boundary, // slowest fast sub-bank
    output wire                                          err,
    output reg  [`DRF_PV_BANKS*`DRF_PV_SB_BITS-1:0]      table_sb0,
    output reg  [`DRF_PV_BANKS*`DRF_PV_SB_BITS-1:0]      table_sb1,
    output reg  [`DRF_PV_BANKS-1:0]                      table_slow
);
    localparam integer SB = `DRF_PV_SB_BITS;
    localparam integer NSB = `DRF_PV_SUBBANKS;
    localparam integer NB = `DRF_PV_BANKS;
    localparam [SB-1:0] BOUNDARY_RANK = 2 * `DRF_PV_FAST_BANKS - 1;
    localparam [SB-2:0] FAST = `DRF_PV_FAST_BANKS;

    reg  [NSB*DB-1:0] d;
    reg  [SB-1:0]     next;
    wire [DB-1:0]     cur = d[next*DB +: DB];

    // rank of sub-bank `next`: the sub-banks faster than it, a tie to the lower ID
    wire [NSB-1:0] faster;
    genvar j;
    generate
        for (j = 0; j < NSB; j = j + 1) begin : g_cmp
            localparam [SB-1:0] J = j;
            /* verilator lint_off CMPCONST */ // J < next is constant for J = 31
            assign faster[j] = d[j*DB +: DB] < cur || (d[j*DB +: DB] == cur && J < next);
            /* verilator lint_on CMPCONST */
        end
    endgenerate
    reg [SB-1:0] rank;
    integer k;
    always @(*) begin
        rank = {SB{1'b0}};
        for (k = 0; k < NSB; k = k + 1)
            rank = rank + {{(SB - 1){1'b0}}, faster[k]};
    end
    wire [SB-2:0] rank_v = rank[SB-1:1];

    assign lk_sb0 = table_sb0[lk_v*SB +: SB];
    assign lk_sb1 = table_sb1[lk_v*SB +: SB];
    assign lk_slow = table_slow[lk_v];
    assign err = (busy & (reorg | wr)) | (reorg & wr);

    // the table after reset: entry v = the physical bank v's sub-banks 2v, 2v+1 (constants as
    // continuous assignments: an always @(*) without inputs never runs on Icarus)
    wire [NB*SB-1:0] ident_sb0, ident_sb1;
    genvar v;
    generate
        for (v = 0; v < NB; v = v + 1) begin : g_ident
            localparam [SB-2:0] SB_ID = v;
            assign ident_sb0[v*SB +: SB] = {SB_ID, 1'b0};
            assign ident_sb1[v*SB +: SB] = {SB_ID, 1'b1};
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            table_sb0 <= ident_sb0;
            table_sb1 <= ident_sb1;
            table_slow <= {{(NB - `DRF_PV_FAST_BANKS){1'b1}}, {`DRF_PV_FAST_BANKS{1'b0}}};
            d <= {(NSB * DB){1'b0}};
            next <= {SB{1'b0}};
            busy <= 1'b0;
            boundary <= {DB{1'b0}};
        end else if (busy) begin
            if (rank[0])
                table_sb1[rank_v*SB +: SB] <= next;
            else
                table_sb0[rank_v*SB +: SB] <= next;
            table_slow[rank_v] <= rank_v >= FAST;
            if (rank == BOUNDARY_RANK)
                boundary <= cur;
            busy <= ~&next;
            next <= next + 1'b1;
        end else if (reorg) begin
            d <= delay;
            busy <= 1'b1;
            next <= {SB{1'b0}};
        end else if (wr) begin
            table_sb0[wr_v*SB +: SB] <= wr_sb0;
            table_sb1[wr_v*SB +: SB] <= wr_sb1;
            table_slow[wr_v] <= wr_slow;
        end
    end
endmodule
`default_nettype wire
