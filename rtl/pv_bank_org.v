// SPDX-License-Identifier: Apache-2.0
// Bank organization table of RF-BRO (pv-nbti-banked-rf paper Sections 3.2.2-3.2.3, Fig. 5) and
// its kernel-level re-organization (Section 4.2.2): one sub-bank ranked per cycle by delay (ties
// to the lower ID) in a DRF_PV_ORG_STAGES pipeline (fetch its delay, compare with all, count,
// write), rank r written to entry r/2, the faster first (docs/pv-decisions.md D6-D8).
`default_nettype none
`include "drf_params.vh"
module pv_bank_org #(
    parameter integer DB = `DRF_PV_DELAY_BITS // sensor code width (formal: fewer bits)
) (
    input  wire                                          clk,
    input  wire                                          rst,
    input  wire                                          reorg, // rank `delay` (D8: busy cycles)
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
    output wire                                          busy,
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
    // stage 1, fetch: sub-bank `next`'s delay into cur (fetching: sub-banks left)
    reg               fetching;
    reg  [SB-1:0]     next;
    // stage 2, compare: sub-bank ia (delay cur) with every sub-bank into faster
    reg               va;
    reg  [SB-1:0]     ia;
    reg  [DB-1:0]     cur;
    // stage 3, count: sub-bank ib (delay cur_b), its rank = the ones in faster
    reg               vb;
    reg  [SB-1:0]     ib;
    reg  [DB-1:0]     cur_b;
    reg  [NSB-1:0]    faster;
    // stage 4, write: sub-bank ic (delay cur_c) at rank_q
    reg               vc;
    reg  [SB-1:0]     ic;
    reg  [DB-1:0]     cur_c;
    reg  [SB-1:0]     rank_q;
    assign busy = fetching | va | vb | vc;

    // the sub-banks faster than ia, a tie to the lower ID
    wire [NSB-1:0] faster_d;
    genvar j;
    generate
        for (j = 0; j < NSB; j = j + 1) begin : g_cmp
            localparam [SB-1:0] J = j;
            /* verilator lint_off CMPCONST */ // J < ia is constant for J = 31
            assign faster_d[j] = d[j*DB +: DB] < cur || (d[j*DB +: DB] == cur && J < ia);
            /* verilator lint_on CMPCONST */
        end
    endgenerate
    // rank = the ones in faster, an adder tree (level l: NSB >> l sums of l + 1 bits; NSB a
    // power of two); the rank of a sub-bank is below NSB, so SB bits hold it
    genvar l, n;
    generate
        for (l = 0; l <= SB; l = l + 1) begin : g_cnt
            for (n = 0; n < (NSB >> l); n = n + 1) begin : g_sum
                wire [l:0] sum;
                if (l == 0) begin : g_leaf
                    assign sum = faster[n];
                end else begin : g_add
                    assign sum = g_cnt[l-1].g_sum[2*n].sum + g_cnt[l-1].g_sum[2*n+1].sum;
                end
            end
        end
    endgenerate
    /* verilator lint_off UNUSEDSIGNAL */ // count < NSB: faster[ib] is 0, so bit SB is 0
    wire [SB:0] count = g_cnt[SB].g_sum[0].sum;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SB-1:0] rank = count[SB-1:0];
    wire [SB-2:0] rank_v = rank_q[SB-1:1];

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
            {fetching, va, vb, vc} <= 4'b0000;
            {next, ia, ib, ic, rank_q} <= {(5 * SB){1'b0}};
            {cur, cur_b, cur_c} <= {(3 * DB){1'b0}};
            faster <= {NSB{1'b0}};
            boundary <= {DB{1'b0}};
        end else if (busy) begin
            if (vc) begin
                if (rank_q[0])
                    table_sb1[rank_v*SB +: SB] <= ic;
                else
                    table_sb0[rank_v*SB +: SB] <= ic;
                table_slow[rank_v] <= rank_v >= FAST;
                if (rank_q == BOUNDARY_RANK)
                    boundary <= cur_c;
            end
            {vc, ic, cur_c, rank_q} <= {vb, ib, cur_b, rank};
            {vb, ib, cur_b, faster} <= {va, ia, cur, faster_d};
            {va, ia, cur} <= {fetching, next, d[next*DB +: DB]};
            fetching <= fetching && ~&next;
            next <= next + {{(SB - 1){1'b0}}, fetching};
        end else if (reorg) begin
            d <= delay;
            fetching <= 1'b1;
            next <= {SB{1'b0}};
        end else if (wr) begin
            table_sb0[wr_v*SB +: SB] <= wr_sb0;
            table_sb1[wr_v*SB +: SB] <= wr_sb1;
            table_slow[wr_v] <= wr_slow;
        end
    end
endmodule
`default_nettype wire
