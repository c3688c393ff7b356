// SPDX-License-Identifier: Apache-2.0
// Formal properties of the bank renaming table (pv-nbti-banked-rf paper Section 4.2.1, Figs. 9-10,
// docs/pv-decisions.md D9-D10): every row equals the rule of its block's last launch, written in
// the paper's sequential form (k = 0..15 from R0 of the last warp), from reset on. The row is an
// $anyconst block b (so every row); its shadow is the rule of the launch, computed when it comes.
//@ prove spec
//@   checks  every row (anyconst block) = the sequential rule of its last accepted launch (identity
//@           after reset); lookup = row entry; err iff last_warp >= 48
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_rows=dut.rows
//@ cover cover
//@   checks  Fig. 9 (last warp 15: bank 15 -> 11, bank 0 -> 0) and Fig. 10 (block 2, bank 1 -> 6)
//@           looked up
//@   engine  sat-cover
//@   depth   3
//@   peeks   peek_rows=dut.rows
`include "drf_params.vh"
module pv_bank_rename_props (
`include "pv_bank_rename_ports.vh",
    input wire [511:0] peek_rows
);
`include "pv_bank_rename_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the rule as the paper states it: k = 0..15, bank (s + k) % 16 takes the next free virtual
    // bank of its category (the RTL computes each bank in closed form instead)
    function [63:0] rule_row(input [3:0] s);
        integer k;
        reg [3:0] bk, nf, ns;
        begin
            nf = 0;
            ns = 11;
            rule_row = 0;
            for (k = 0; k < 16; k = k + 1) begin
                bk = s + k[3:0];
                if (bk <= 10) begin
                    rule_row[bk*4 +: 4] = nf;
                    nf = nf + 1'b1;
                end else begin
                    rule_row[bk*4 +: 4] = ns;
                    ns = ns + 1'b1;
                end
            end
        end
    endfunction

    // the watched row b: last_warp % 16 of its last launch, and the rule's row for it (the
    // identity after reset: the rule of last warp 0), computed once, at the launch
    (* anyconst *) reg [2:0] b;
    reg [3:0] start = 4'd0;
    reg [63:0] b_row = 64'd0;
    always @(posedge clk)
        if (rst) begin
            start <= 4'd0;
            b_row <= rule_row(4'd0);
        end else if (launch && launch_last_warp < 48 && launch_block == b) begin
            start <= launch_last_warp[3:0];
            b_row <= rule_row(launch_last_warp[3:0]);
        end

    always @(*) begin
        if (!init) begin
            assert (peek_rows[b * 64 +: 64] == b_row);
            assert (lk_vbank == peek_rows[{lk_block, lk_bank} * 4 +: 4]);
            assert (err == (launch && launch_last_warp >= 48));
            cover (lk_block == b && start == 15 && lk_bank == 15 && lk_vbank == 11);
            cover (lk_block == b && start == 15 && lk_bank == 0 && lk_vbank == 0);
            cover (lk_block == 2 && lk_bank == 1 && lk_vbank == 6);
        end
    end
endmodule
