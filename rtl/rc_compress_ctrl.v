// SPDX-License-Identifier: Apache-2.0
// Control module of the RC compression unit (aging paper Fig. 9, Table 1): 5-state FSM
// idle, deltas C0-C15 .. C48-C63; Moore outputs W_en_delta, W_en_C, comp_deltas, final_st, W_en_st.
`include "drf_params.vh"
`default_nettype none
module rc_compress_ctrl (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,      // the ALU starts a new destination register
    input  wire       divergent,  // with start: compression disabled
    input  wire       compr,      // this subwavefront is compressible
    output reg  [2:0] state,
    output wire       w_en_delta,
    output wire       w_en_c,
    output wire       comp_deltas,
    output wire       final_st,
    output wire       w_en_st
);
    localparam [2:0] IDLE = `RC_IDLE, DELTAS_C0 = `RC_DELTAS_C0, DELTAS_C16 = `RC_DELTAS_C16,
                     DELTAS_C32 = `RC_DELTAS_C32, DELTAS_C48 = `RC_DELTAS_C48;

    assign w_en_delta  = (state == DELTAS_C0);
    assign w_en_c      = (state == DELTAS_C0) || (state == DELTAS_C16) || (state == DELTAS_C32);
    assign comp_deltas = (state == DELTAS_C16) || (state == DELTAS_C32) || (state == DELTAS_C48);
    assign final_st    = (state == DELTAS_C48);
    assign w_en_st     = (state == DELTAS_C48);

    reg [2:0] next;
    always @(*) begin
        if (start)
            next = divergent ? IDLE : DELTAS_C0;
        else case (state)
            DELTAS_C0:  next = compr ? DELTAS_C16 : IDLE;
            DELTAS_C16: next = compr ? DELTAS_C32 : IDLE;
            DELTAS_C32: next = compr ? DELTAS_C48 : IDLE;
            default:    next = IDLE;
        endcase
    end

    always @(posedge clk)
        state <= rst ? IDLE : next;
endmodule
`default_nettype wire
