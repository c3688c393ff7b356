// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RF-BRO organization table's kernel-level re-organization
// (pv-nbti-banked-rf paper Section 4.2.2, docs/pv-decisions.md D6-D8): once sub-bank x is ranked,
// the table's slot of rank(x) holds x (rank: faster sub-banks, ties to the lower ID, recomputed
// here from the captured delays), every type is by position, the boundary is the rank-21 delay.
// Proven with 3-bit delay codes (module parameter DB): 32 sub-banks over 8 values, ties included.
//@ prove|spec|pv_bank_org_props|DB=3|smt-bmc|36|peek_d=dut.d,peek_next=dut.next|slow|anyconst sub-bank x: ranked => slot rank(x) = x; types 0-10 fast; boundary = delay of rank 21 after a ranking; 32 busy cycles; err; lookup = table (no ROM load since the ranking)
//@ cover|cover|pv_bank_org_props|DB=3|smt-cover|36|peek_d=dut.d,peek_next=dut.next|slow|the last sub-bank ranked, a ROM load after a ranking, a request refused while ranking
`include "drf_params.vh"
module pv_bank_org_props #(
    parameter integer DB = `DRF_PV_DELAY_BITS
) (
    input wire         clk,
    input wire         rst,
    input wire         reorg,
    input wire [32*DB-1:0] delay,
    input wire         wr,
    input wire [3:0]   wr_v,
    input wire [4:0]   wr_sb0,
    input wire [4:0]   wr_sb1,
    input wire         wr_slow,
    input wire [3:0]   lk_v,
    input wire [32*DB-1:0] peek_d,
    input wire [4:0]   peek_next
);
    wire [4:0] lk_sb0, lk_sb1;
    wire lk_slow, busy, err;
    wire [DB-1:0] boundary;
    wire [79:0] t0, t1;
    wire [15:0] ts;
    pv_bank_org #(.DB(DB)) dut (.clk(clk), .rst(rst), .reorg(reorg), .delay(delay), .wr(wr), .wr_v(wr_v),
                     .wr_sb0(wr_sb0), .wr_sb1(wr_sb1), .wr_slow(wr_slow), .lk_v(lk_v),
                     .lk_sb0(lk_sb0), .lk_sb1(lk_sb1), .lk_slow(lk_slow), .busy(busy),
                     .boundary(boundary), .err(err), .table_sb0(t0), .table_sb1(t1),
                     .table_slow(ts));

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    (* anyconst *) reg [4:0] x;

    // rank of sub-bank i among the captured delays
    function [5:0] rank_of(input [32*DB-1:0] d, input [4:0] i);
        integer j;
        begin
            rank_of = 0;
            for (j = 0; j < 32; j = j + 1)
                if (d[j*DB +: DB] < d[i*DB +: DB] || (d[j*DB +: DB] == d[i*DB +: DB] && j < i))
                    rank_of = rank_of + 1;
        end
    endfunction

    // clean: no ROM load since the last reset or ranking start; typed: none since the reset
    reg clean = 1'b1, typed = 1'b1;
    reg [5:0] busy_cycles = 0;
    always @(posedge clk) begin
        if (rst || (!busy && reorg))
            clean <= 1'b1;
        else if (!busy && wr)
            clean <= 1'b0;
        if (rst)
            typed <= 1'b1;
        else if (!busy && !reorg && wr)
            typed <= 1'b0;
        busy_cycles <= rst ? 6'd0 : busy ? busy_cycles + 1'b1 : (reorg ? 6'd0 : busy_cycles);
    end

    wire [5:0] rx = rank_of(peek_d, x);
    wire [4:0] slot_x = rx[0] ? t1[rx[5:1]*5 +: 5] : t0[rx[5:1]*5 +: 5];
    wire ranked = !busy || x < peek_next;

    integer v;
    always @(*) begin
        if (!init) begin
            assert (lk_sb0 == t0[lk_v*5 +: 5] && lk_sb1 == t1[lk_v*5 +: 5] && lk_slow == ts[lk_v]);
            assert (err == ((busy && (reorg || wr)) || (reorg && wr)));
            assert (busy ? busy_cycles == {1'b0, peek_next} : peek_next == 0);
            if (clean && ranked)
                assert (slot_x == x);
            if (clean && ranked && rx == 21) // x is the slowest fast sub-bank
                assert (boundary == peek_d[x*DB +: DB]);
            if (typed)
                for (v = 0; v < 16; v = v + 1)
                    assert (ts[v] == (v >= 11));
            cover (busy && peek_next == 31);
            cover (!clean && !busy);
            cover (err && busy);
        end
    end
endmodule
