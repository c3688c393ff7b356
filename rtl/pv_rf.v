// SPDX-License-Identifier: Apache-2.0
// PV/NBTI banked register file (pv-nbti-banked-rf paper Sections 3.2-3.3.1, 4.2): Eq. (3) bank,
// renamed per block (pv_bank_rename), looked up in the organization table (pv_bank_org),
// arbitrated by the busy latches (pv_busy_arb), over pv_rf_store (docs/pv-decisions.md D14-D18).
`default_nettype none
`include "drf_params.vh"
module pv_rf #(
    parameter integer VEC_BITS = `DRF_PV_VEC_BITS,
    parameter integer ROWS = `DRF_PV_ENTRIES,
    parameter integer ROW_BITS = $clog2(ROWS),
    parameter integer DB = `DRF_PV_DELAY_BITS // sensor code width (formal: fewer bits)
) (
    input  wire                                           clk,
    input  wire                                           rst,
    input  wire                                           launch,
    input  wire [`DRF_PV_BLOCK_BITS-1:0]                  launch_block,
    input  wire [`DRF_PV_WARP_BITS-1:0]                   launch_first,
    input  wire [`DRF_PV_WARP_BITS-1:0]                   launch_last,
    input  wire                                           retire,
    input  wire [`DRF_PV_BLOCK_BITS-1:0]                  retire_block,
    input  wire                                           reorg,
    input  wire [1:0]                                     reorg_kshift, // 16 << k regs per warp
    input  wire [`DRF_PV_SUBBANKS*DB-1:0]                delay,
    input  wire                                           req,
    input  wire                                           we,
    input  wire [`DRF_PV_WARP_BITS-1:0]                   warp,
    input  wire [`DRF_PV_REGID_BITS-1:0]                  reg_id,
    input  wire [VEC_BITS-1:0]                            wdata,
    output wire                                           grant,
    output wire                                           stall,
    output wire                                           err_access,
    output wire                                           err_launch,
    output wire                                           err_retire,
    output wire                                           err_reorg,
    output wire [`DRF_PV_BANK_BITS-1:0]                   vbank,
    output wire [`DRF_PV_SB_BITS-1:0]                     sb0,
    output wire [`DRF_PV_SB_BITS-1:0]                     sb1,
    output wire                                           slow,
    output wire                                           org_busy,
    output wire [VEC_BITS-1:0]                            rdata
);
    localparam integer NW = `DRF_PV_WARPS;
    localparam integer WB = `DRF_PV_WARP_BITS;
    localparam integer KB = `DRF_PV_BLOCK_BITS;
    localparam integer NB = `DRF_PV_BANKS;
    localparam integer SBS = `DRF_PV_BANKS * `DRF_PV_SB_BITS;
    localparam [WB-1:0] WARPS = `DRF_PV_WARPS;
    localparam [WB+2:0] ROWS_W = ROWS[WB+2:0];

    reg [NW-1:0]    warp_owned;
    reg [NW*KB-1:0] warp_block;
    reg [`DRF_PV_BLOCKS-1:0] block_live;
    reg [1:0]       kshift;

    // --- the checks, on the state before the edge (D15-D17) ---
    // warps first..last of a launch, and the warps of the retiring block
    wire [NW:0] one = {{NW{1'b0}}, 1'b1};
    wire [NW:0] upto_last = ((one << launch_last) << 1) - 1'b1;
    wire [NW:0] below_first = (one << launch_first) - 1'b1;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NW:0] range_all = upto_last & ~below_first;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [NW-1:0] range = range_all[NW-1:0];
    wire [NW-1:0] retiring;
    wire [NW*KB-1:0] range_kb; // range, each bit widened to a block slot
    genvar g;
    generate
        for (g = 0; g < NW; g = g + 1) begin : g_warp
            assign retiring[g] = warp_block[g*KB +: KB] == retire_block;
            assign range_kb[g*KB +: KB] = {KB{range[g]}};
        end
    endgenerate
    wire [WB+2:0] rows_needed = {3'b0, launch_last + 1'b1} << kshift;
    wire ook = reorg && !(|block_live) && !org_busy && reorg_kshift != 2'd3;
    // an accepted re-organization refuses a launch of the same cycle (D16)
    wire lok = launch && !ook && !block_live[launch_block] && launch_first <= launch_last &&
               launch_last < WARPS && rows_needed <= ROWS_W && !(|(warp_owned & range));
    wire rok = retire && block_live[retire_block];
    wire [6:0] reg_limit = 7'd16 << kshift;
    wire warp_ok = warp < WARPS;
    wire [WB-1:0] warp_ix = warp_ok ? warp : {WB{1'b0}};
    wire aok = req && warp_ok && warp_owned[warp_ix] &&
               {1'b0, reg_id} < reg_limit && !org_busy;

    assign err_access = req & ~aok;
    assign err_launch = launch & ~lok;
    assign err_retire = retire & ~rok;
    assign err_reorg = reorg & ~ook;

    // --- Eq. (3), renaming, organization table, busy latches ---
    wire [KB-1:0] blk = warp_block[warp_ix*KB +: KB];
    wire [`DRF_PV_BANK_BITS-1:0] bank;
    wire [SBS-1:0] t_sb0, t_sb1;
    wire [NB-1:0]  t_slow, arb_grant, arb_stall;

    /* verilator lint_off PINCONNECTEMPTY */
    pv_bank_map u_map (
        .warp(warp), .reg_id(reg_id), .fast_regs({(`DRF_PV_REGID_BITS + 1){1'b0}}),
        .bank(bank), .bank_fba(), .fba_fast());
    pv_bank_rename u_ren (
        .clk(clk), .rst(rst), .launch(lok), .launch_block(launch_block),
        .launch_last_warp(launch_last), .lk_block(blk), .lk_bank(bank), .lk_vbank(vbank),
        .err());
    pv_bank_org #(.DB(DB)) u_org (
        .clk(clk), .rst(rst), .reorg(ook), .delay(delay), .wr(1'b0),
        .wr_v({`DRF_PV_BANK_BITS{1'b0}}), .wr_sb0({`DRF_PV_SB_BITS{1'b0}}),
        .wr_sb1({`DRF_PV_SB_BITS{1'b0}}), .wr_slow(1'b0), .lk_v(vbank), .lk_sb0(sb0),
        .lk_sb1(sb1), .lk_slow(slow), .busy(org_busy), .boundary(), .err(),
        .table_sb0(t_sb0), .table_sb1(t_sb1), .table_slow(t_slow));
    pv_busy_arb u_arb (
        .clk(clk), .rst(rst), .req(aok ? {{(NB - 1){1'b0}}, 1'b1} << vbank : {NB{1'b0}}),
        .slow(t_slow), .sb0(t_sb0), .sb1(t_sb1), .grant(arb_grant), .stall(arb_stall),
        .busy(), .sb_busy());
    /* verilator lint_on PINCONNECTEMPTY */

    assign grant = |arb_grant;
    assign stall = |arb_stall;

    // --- the store: warp w owns rows w << kshift .. (w + 1) << kshift - 1 (D14) ---
    /* verilator lint_off UNUSEDSIGNAL */
    wire [WB+1:0] row_full = {2'b0, warp} << kshift | {6'b0, reg_id[`DRF_PV_REGID_BITS-1:4]};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [VEC_BITS-1:0] store_q;
    pv_rf_store #(.VEC_BITS(VEC_BITS), .ROWS(ROWS)) u_store (
        .clk(clk), .we(grant & we), .sb0(sb0), .sb1(sb1), .row(row_full[ROW_BITS-1:0]),
        .wdata(wdata), .rdata(store_q));
    assign rdata = grant && !we ? store_q : {VEC_BITS{1'b0}};

    always @(posedge clk) begin
        if (rst) begin
            warp_owned <= {NW{1'b0}};
            warp_block <= {(NW * KB){1'b0}};
            block_live <= {`DRF_PV_BLOCKS{1'b0}};
            kshift <= 2'd0;
        end else begin
            warp_owned <= (warp_owned & ~(rok ? retiring : {NW{1'b0}})) |
                          (lok ? range : {NW{1'b0}});
            if (lok)
                warp_block <= (warp_block & ~range_kb) | ({NW{launch_block}} & range_kb);
            block_live <= (block_live & ~(rok ? {{(`DRF_PV_BLOCKS - 1){1'b0}}, 1'b1} << retire_block
                                               : {`DRF_PV_BLOCKS{1'b0}})) |
                          (lok ? {{(`DRF_PV_BLOCKS - 1){1'b0}}, 1'b1} << launch_block
                               : {`DRF_PV_BLOCKS{1'b0}});
            if (ook)
                kshift <= reorg_kshift;
        end
    end
endmodule
`default_nettype wire
