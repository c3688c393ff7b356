// SPDX-License-Identifier: Apache-2.0
// Formal properties of FWAS issue selection (pv-nbti-banked-rf paper Section 3.3.3,
// docs/pv-decisions.md D12-D13): the issued warp is ready, of the fast class whenever one is ready,
// and the first candidate of its class after the class's last issued warp (no candidate skipped).
//@ prove spec
//@   checks  valid = any ready; warp ready, fast first, no candidate between the class pointer and
//@           the warp; pointers < 48 and move only on issue
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_last_fast=dut.last_fast, peek_last_slow=dut.last_slow
//@ cover cover
//@   checks  fast pointer wraps 47 -> 0; a slow issue after a fast one
//@   engine  sat-cover
//@   depth   3
//@   peeks   peek_last_fast=dut.last_fast, peek_last_slow=dut.last_slow
`include "drf_params.vh"
module pv_fwas_props (
`include "pv_fwas_ports.vh",
    input wire [5:0] peek_last_fast,
    input wire [5:0] peek_last_slow
);
`include "pv_fwas_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    wire [47:0] rf = ready & fast;
    wire [47:0] cand = warp_fast ? rf : ready;
    wire [5:0]  last = warp_fast ? peek_last_fast : peek_last_slow;

    // w lies strictly after `last` and before `warp`, circularly
    function between(input [5:0] lo, input [5:0] hi, input [5:0] w);
        between = lo < hi ? (w > lo && w < hi) : (w > lo || w < hi);
    endfunction

    reg [5:0] p_fast = 6'd47, p_slow = 6'd47, p_warp = 0;
    reg p_issue = 1'b0, p_cls = 1'b0, p_rst = 1'b1;
    always @(posedge clk) begin
        p_fast <= peek_last_fast;
        p_slow <= peek_last_slow;
        p_warp <= warp;
        p_issue <= valid && !stall;
        p_cls <= warp_fast;
        p_rst <= rst;
    end

    integer w;
    always @(*) begin
        if (!init) begin
            assert (peek_last_fast < 48 && peek_last_slow < 48);
            assert (valid == |ready);
            assert (warp_fast == |rf);
            if (valid) begin
                assert (ready[warp]);
                assert (!warp_fast || fast[warp]);
                for (w = 0; w < 48; w = w + 1)
                    if (cand[w] && w != warp)
                        assert (!between(last, warp, w));
            end else begin
                assert (warp == 0);
            end
            if (p_rst) begin
                assert (peek_last_fast == 47 && peek_last_slow == 47);
            end else begin
                assert (peek_last_fast == (p_issue && p_cls ? p_warp : p_fast));
                assert (peek_last_slow == (p_issue && !p_cls ? p_warp : p_slow));
            end
            cover (!p_rst && p_fast == 47 && peek_last_fast == 0);
            cover (!p_rst && p_issue && p_cls && valid && !warp_fast);
        end
    end
endmodule
