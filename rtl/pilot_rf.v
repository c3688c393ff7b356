// SPDX-License-Identifier: Apache-2.0
// Partitioned register file of the pilot paper (Sections III, IV-B/C, V-B): FRF and SRF storage
// behind two swapping tables; reads take 1 (FRF_high), 2 (FRF_low) or 3 (SRF) cycles; a warp
// keeps the table of its start until it finishes, so no value moves (docs/pilot-decisions.md).
`default_nettype none
`include "drf_params.vh"
module pilot_rf #(
    parameter integer WARPS = `DRF_PILOT_WARPS,
    parameter integer WB = `DRF_PILOT_WARP_BITS,
    parameter integer REGS = `DRF_PILOT_REGS,
    parameter integer RB = `DRF_PILOT_REG_BITS,
    parameter integer N = `DRF_PILOT_N,
    parameter integer W = `DRF_PILOT_WORD_BITS,
    parameter integer TB = `DRF_PILOT_TAG_BITS
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             tbl_apply,   // a new top-n for the warps started from now on
    input  wire [N*RB-1:0]  tbl_top,
    input  wire             warp_start,
    input  wire [WB-1:0]    start_warp,
    input  wire             warp_end,
    input  wire [WB-1:0]    end_warp,
    input  wire             req,         // one access a cycle
    input  wire             req_we,
    input  wire [WB-1:0]    req_warp,
    input  wire [RB-1:0]    req_reg,
    input  wire [TB-1:0]    req_tag,
    input  wire [W-1:0]     req_wdata,
    input  wire             mode,        // 1 FRF_high, 0 FRF_low
    output reg              gen,         // the current table
    output reg  [WARPS-1:0] live,
    output reg  [WARPS-1:0] warp_gen,    // the table of each warp
    output wire             accept,
    output wire             stall,       // read refused: its response cycle is taken
    output wire             err_req,
    output wire             err_warp,
    output wire             err_tbl,
    output wire             acc_frf,
    output wire [RB-1:0]    acc_loc,
    output wire [1:0]       acc_lat,
    output reg              rvalid,
    output reg  [W-1:0]     rdata,
    output reg  [TB-1:0]    rtag
);
    localparam integer SRF_REGS = REGS - N;
    localparam integer NB = $clog2(N);           // N >= 2: the FRF row is {warp, slot}
    localparam integer FAB = WB + NB;
    localparam integer SAB = $clog2(WARPS * SRF_REGS);
    localparam [31:0] N32 = N, REGS32 = REGS;
    localparam [RB:0] REGS_R = REGS32[RB:0];
    localparam [1:0] LAT_HIGH = `DRF_PILOT_LAT_FRF_HIGH, LAT_LOW = `DRF_PILOT_LAT_FRF_LOW,
                     LAT_SRF = `DRF_PILOT_LAT_SRF;

    // --- the two swapping tables: a new top-n goes into the one no live warp uses ----------
    wire [RB-1:0] loc0, loc1;
    wire frf0, frf1, err0, err1;
    wire other_busy = |(live & (gen ? ~warp_gen : warp_gen));
    wire apply_go = tbl_apply && !other_busy;
    /* verilator lint_off PINCONNECTEMPTY */
    pilot_swap_table #(.N(N), .REGS(REGS), .RB(RB), .LOOKUPS(1)) u_tbl0 (
        .clk(clk), .rst(rst), .clear(1'b0), .apply(apply_go && gen), .top(tbl_top),
        .look(req_reg), .phys(loc0), .frf(frf0), .entries(), .err_apply(err0));
    pilot_swap_table #(.N(N), .REGS(REGS), .RB(RB), .LOOKUPS(1)) u_tbl1 (
        .clk(clk), .rst(rst), .clear(1'b0), .apply(apply_go && !gen), .top(tbl_top),
        .look(req_reg), .phys(loc1), .frf(frf1), .entries(), .err_apply(err1));
    /* verilator lint_on PINCONNECTEMPTY */
    wire apply_ok = apply_go && !(gen ? err0 : err1);
    assign err_tbl = tbl_apply && !apply_ok;

    // --- the request: its warp's table, location, partition and latency ----------------------
    wire wgen = warp_gen[req_warp];
    assign acc_loc = wgen ? loc1 : loc0;
    assign acc_frf = wgen ? frf1 : frf0;
    assign acc_lat = acc_frf ? (mode ? LAT_HIGH : LAT_LOW) : LAT_SRF;
    assign err_req = req && (!live[req_warp] || {1'b0, req_reg} >= REGS_R);
    wire read = req && !req_we;
    reg p1_v, p2_v;   // a read due in the next cycle (p1), in the one after (p2)
    assign stall = read && !err_req && ((acc_lat == LAT_HIGH && p1_v) || (acc_lat == LAT_LOW && p2_v));
    assign accept = req && !err_req && !stall;
    assign err_warp = (warp_start && live[start_warp]) || (warp_end && !live[end_warp]);

    // --- storage -------------------------------------------------------------------------------
    wire [W-1:0] frf_q, srf_q;
    // FRF row {warp, slot}: no multiplier; a warp has 2^NB rows, N of them used (all for N = 4)
    wire [FAB-1:0] frf_addr = {req_warp, acc_loc[NB-1:0]};
    wire [SAB-1:0] srf_addr = req_warp * SRF_REGS[SAB-1:0] + {{(SAB-RB){1'b0}}, acc_loc - N32[RB-1:0]};
    wire wr = accept && req_we && !rst;   // a reset cycle changes no storage
    pilot_rf_array #(.DEPTH(WARPS << NB), .AB(FAB), .W(W)) u_frf (
        .clk(clk), .we(wr && acc_frf), .waddr(frf_addr), .wdata(req_wdata), .raddr(frf_addr),
        .rdata(frf_q));
    pilot_rf_array #(.DEPTH(WARPS * SRF_REGS), .AB(SAB), .W(W)) u_srf (
        .clk(clk), .we(wr && !acc_frf), .waddr(srf_addr), .wdata(req_wdata), .raddr(srf_addr),
        .rdata(srf_q));

    // --- read pipeline: a read accepted in cycle t is in rvalid/rdata/rtag in t + latency -------
    wire rd = accept && !req_we;
    wire [W-1:0] rd_data = acc_frf ? frf_q : srf_q;
    reg [W-1:0] p1_d, p2_d;
    reg [TB-1:0] p1_t, p2_t;
    always @(posedge clk) begin
        if (rst) begin
            {rvalid, rdata, rtag} <= {1'b0, {W{1'b0}}, {TB{1'b0}}};
            {p1_v, p1_d, p1_t} <= {1'b0, {W{1'b0}}, {TB{1'b0}}};
            {p2_v, p2_d, p2_t} <= {1'b0, {W{1'b0}}, {TB{1'b0}}};
        end else begin
            {rvalid, rdata, rtag} <= (rd && acc_lat == LAT_HIGH) ? {1'b1, rd_data, req_tag} : {p1_v, p1_d, p1_t};
            {p1_v, p1_d, p1_t} <= (rd && acc_lat == LAT_LOW) ? {1'b1, rd_data, req_tag} : {p2_v, p2_d, p2_t};
            {p2_v, p2_d, p2_t} <= (rd && acc_lat == LAT_SRF) ? {1'b1, rd_data, req_tag} : {1'b0, {W{1'b0}}, {TB{1'b0}}};
        end
    end

    // --- warps and the current table -----------------------------------------------------------
    always @(posedge clk) begin
        if (rst) begin
            gen <= 1'b0;
            live <= {WARPS{1'b0}};
            warp_gen <= {WARPS{1'b0}};
        end else begin
            if (warp_end && live[end_warp])
                live[end_warp] <= 1'b0;
            if (warp_start && !live[start_warp]) begin
                live[start_warp] <= 1'b1;
                warp_gen[start_warp] <= gen;
            end
            if (apply_ok)
                gen <= !gen;
        end
    end
endmodule
`default_nettype wire
