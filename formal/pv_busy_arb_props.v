// SPDX-License-Identifier: Apache-2.0
// Formal properties of the busy latches and arbitration (pv-nbti-banked-rf paper Section 3.2.3,
// Fig. 5; docs/pv-decisions.md D11): grants are requests of banks without a busy sub-bank, a slow
// grant blocks its bank the next cycle when the table holds, a fast grant blocks nothing.
//@ prove spec
//@   checks  grant = req & ~busy, stall = req & busy; latches = sub-banks of last cycle's slow
//@           grants; a slow bank granted is not granted next cycle (same table); a fast-only cycle
//@           leaves no latch
//@   engine  smt-ind
//@   depth   1
//@ cover cover
//@   checks  a slow grant then its stall then its grant; two banks stalled at once
//@   engine  sat-cover
//@   depth   5
`include "drf_params.vh"
module pv_busy_arb_props (
`include "pv_busy_arb_ports.vh"
);
`include "pv_busy_arb_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // last cycle: its slow grants and its table
    reg [15:0] p_slow_grant = 0, p_grant_slow_any = 0;
    reg [79:0] p_sb0 = 0, p_sb1 = 0;
    reg        p_rst = 1'b1;
    always @(posedge clk) begin
        p_slow_grant <= grant & slow;
        p_sb0 <= sb0;
        p_sb1 <= sb1;
        p_rst <= rst;
    end

    reg [31:0] want_latch;
    integer v;
    always @(*) begin
        want_latch = 32'd0;
        for (v = 0; v < 16; v = v + 1)
            if (p_slow_grant[v] && !p_rst) begin
                want_latch[p_sb0[v*5 +: 5]] = 1'b1;
                want_latch[p_sb1[v*5 +: 5]] = 1'b1;
            end
    end

    reg [2:0] seq = 0; // a slow grant, its stall, its grant again (bank 3)
    always @(posedge clk)
        seq <= seq == 0 ? {2'b0, grant[3] & slow[3]} : seq == 1 ? (stall[3] ? 3'd2 : 3'd0)
             : seq == 2 ? (grant[3] ? 3'd3 : 3'd0) : seq;

    always @(*) begin
        if (!init) begin
            for (v = 0; v < 16; v = v + 1)
                assert (busy[v] == (sb_busy[sb0[v*5 +: 5]] | sb_busy[sb1[v*5 +: 5]]));
            assert (grant == (req & ~busy));
            assert (stall == (req & busy));
            assert (sb_busy == want_latch);
            if (sb0 == p_sb0 && sb1 == p_sb1 && !p_rst)
                assert ((grant & p_slow_grant) == 16'd0);
            cover (seq == 3);
            cover (stall[1] && stall[12]);
        end
    end
endmodule
