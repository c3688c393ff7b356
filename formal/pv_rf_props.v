// SPDX-License-Identifier: Apache-2.0
// Formal properties of the PV/NBTI banked register file (pv-nbti-banked-rf paper Sections
// 3.2-3.3.1, 4.2; docs/pv-decisions.md D14-D18) at reduced parameters (VEC_BITS = 4, ROWS = 4,
// 1-bit delay codes DB; module parameters), bounded (8 steps): a granted read of an anyconst
// (warp, reg) returns the last value written to it since its block's launch, whatever other
// blocks launched (renamed) or retired between.
//@ prove|spec|pv_rf_props|VEC_BITS=4,ROWS=4,DB=1|abc-bmc|8||slow|anyconst (warp, reg): read = last value written since the block's launch, across other blocks' launches and retires; granted accesses use two distinct sub-banks; errors refuse
//@ cover|cover|pv_rf_props|VEC_BITS=4,ROWS=4,DB=1|abc-cover|8||slow|a checked read after another block was launched between the write and the read; a slow access stalled then granted
`include "drf_params.vh"
module pv_rf_props #(
    parameter integer VEC_BITS = `DRF_PV_VEC_BITS,
    parameter integer ROWS = `DRF_PV_ENTRIES,
    parameter integer DB = `DRF_PV_DELAY_BITS
) (
    input wire                clk,
    input wire                rst,
    input wire                launch,
    input wire [2:0]          launch_block,
    input wire [5:0]          launch_first,
    input wire [5:0]          launch_last,
    input wire                retire,
    input wire [2:0]          retire_block,
    input wire                reorg,
    input wire [1:0]          reorg_kshift,
    input wire [32*DB-1:0]    delay,
    input wire                req,
    input wire                we,
    input wire [5:0]          warp,
    input wire [5:0]          reg_id,
    input wire [VEC_BITS-1:0] wdata
);
    wire grant, stall, err_access, err_launch, err_retire, err_reorg, slow, org_busy;
    wire [3:0] vbank;
    wire [4:0] sb0, sb1;
    wire [VEC_BITS-1:0] rdata;
    pv_rf #(.VEC_BITS(VEC_BITS), .ROWS(ROWS), .DB(DB)) dut (
        .clk(clk), .rst(rst), .launch(launch), .launch_block(launch_block),
        .launch_first(launch_first), .launch_last(launch_last), .retire(retire),
        .retire_block(retire_block), .reorg(reorg), .reorg_kshift(reorg_kshift), .delay(delay),
        .req(req), .we(we), .warp(warp), .reg_id(reg_id), .wdata(wdata), .grant(grant),
        .stall(stall), .err_access(err_access), .err_launch(err_launch), .err_retire(err_retire),
        .err_reorg(err_reorg), .vbank(vbank), .sb0(sb0), .sb1(sb1), .slow(slow),
        .org_busy(org_busy), .rdata(rdata));

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    (* anyconst *) reg [5:0] ww;
    (* anyconst *) reg [5:0] wr;

    // the watched register: its block, whether it holds a value written since the launch
    reg        owned = 1'b0, valid = 1'b0, launched_since = 1'b0;
    reg [2:0]  blk = 0;
    reg [VEC_BITS-1:0] value = 0;
    wire in_launch = launch && !err_launch && ww >= launch_first && ww <= launch_last;
    wire in_retire = retire && !err_retire && owned && retire_block == blk;
    wire hit = req && warp == ww && reg_id == wr;
    always @(posedge clk) begin
        if (rst) begin
            owned <= 1'b0;
            valid <= 1'b0;
        end else begin
            if (hit && grant && we) begin
                valid <= 1'b1;
                value <= wdata;
                launched_since <= 1'b0;
            end
            if (launch && !err_launch && !in_launch)
                launched_since <= 1'b1;
            if (in_retire) begin
                owned <= 1'b0;
                valid <= 1'b0;
            end
            if (in_launch) begin
                owned <= 1'b1;
                blk <= launch_block;
                valid <= 1'b0;
            end
        end
    end

    reg stalled = 1'b0;
    always @(posedge clk) stalled <= !rst && hit && stall && slow;

    always @(*) begin
        if (!init) begin
            if (hit && grant && !we && valid)
                assert (rdata == value);
            if (grant)
                assert (sb0 != sb1);
            if (hit && req && !owned)
                assert (err_access && !grant);
            assert (!(in_launch && owned)); // a launch never takes an owned warp
            cover (hit && grant && !we && valid && launched_since);
            cover (hit && grant && stalled);
        end
    end
endmodule
