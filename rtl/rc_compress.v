// SPDX-License-Identifier: Apache-2.0
// RC compression unit (aging paper Section 5.1.1, Figs. 8-9, Table 1): computing-deltas
// module, control FSM, the W_en_delta / W_en_C buffers, the final multiplexer and PG. IMPL 0: as
// drawn; 1 (default): the optimised deltas module, 8-bit delta buffers (docs/synth.md).
`include "drf_params.vh"
`default_nettype none
module rc_compress #(
    parameter integer IMPL = 1
) (
    input  wire                                    clk,
    input  wire                                    rst,
    input  wire                                    start,
    input  wire                                    divergent,
    input  wire [`DRF_REG_BITS-1:0]                dst,
    input  wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] sw_data,
    output wire [2:0]                              state,
    output wire                                    w_en_delta,
    output wire                                    w_en_c,
    output wire                                    comp_deltas,
    output wire                                    final_st,
    output wire                                    w_en_st,
    output wire                                    compr,
    output wire                                    compr_final,
    output wire                                    pg,          // 0: switch the register off
    output reg  [`DRF_REG_BITS-1:0]                st_reg,
    output reg  [`DRF_WORD_BITS-1:0]               st_c0,
    output wire [`DRF_CODE_BITS-1:0]               st_log2de,
    output wire [`DRF_CODE_BITS-1:0]               st_log2db,
    output wire [`DRF_CODE_BITS-1:0]               ref_log2de,  // codes of this cycle's
    output wire [`DRF_CODE_BITS-1:0]               ref_log2db   // reference deltas
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer HALF = `DRF_SW_LANES / 2;
    localparam integer LOW = `DRF_MAX_LOG2 + 1;

    reg  [W-1:0] de_buf, db_buf, cprev;
    wire [W-1:0] ref_e, ref_b;

    rc_compress_ctrl u_ctrl (
        .clk(clk), .rst(rst), .start(start), .divergent(divergent), .compr(compr),
        .state(state), .w_en_delta(w_en_delta), .w_en_c(w_en_c), .comp_deltas(comp_deltas),
        .final_st(final_st), .w_en_st(w_en_st));

    rc_compress_deltas #(.IMPL(IMPL)) u_deltas (
        .sw_data(sw_data), .comp_deltas(comp_deltas), .de_buf(de_buf), .db_buf(db_buf),
        .cprev(cprev), .ref_e(ref_e), .ref_b(ref_b), .compr(compr));

    rc_delta_code u_code_e (.d(de_buf), .code(st_log2de));
    rc_delta_code u_code_b (.d(db_buf), .code(st_log2db));
    rc_delta_code u_code_re (.d(ref_e), .code(ref_log2de));
    rc_delta_code u_code_rb (.d(ref_b), .code(ref_log2db));

    assign compr_final = final_st & compr;
    assign pg = ~compr_final;

    always @(posedge clk) begin
        if (rst) begin
            st_c0 <= 0;
            de_buf <= 0;
            db_buf <= 0;
            cprev <= 0;
            st_reg <= 0;
        end else begin
            if (w_en_delta) begin
                st_c0 <= sw_data[0 +: W];
                de_buf <= to_buf(ref_e);
                db_buf <= to_buf(ref_b);
            end
            if (w_en_c)
                cprev <= sw_data[HALF*W +: W];
            if (start)
                st_reg <= dst;
        end
    end

    // What a delta buffer keeps. IMPL 1: bits 0..6 and, in bit 7, whether any of bits 7..31
    // is 1: the delta's code, its legality and its comparisons while legal read no more
    // (docs/synth.md, Area work); bits 8..31 stay 0 and synthesis drops their flip-flops.
    function [W-1:0] to_buf;
        input [W-1:0] d;
        to_buf = IMPL == 0 ? d : {{(W-LOW-1){1'b0}}, |d[W-1:LOW], d[LOW-1:0]};
    endfunction
endmodule
`default_nettype wire
