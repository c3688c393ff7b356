// Control module of the RC compression unit (aging paper Fig. 9, Table 1): 5-state FSM
// idle, deltas C0-C15 .. C48-C63; Moore outputs W_en_delta, W_en_C, comp_deltas, final_st, W_en_st.
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
    localparam [2:0] IDLE = 3'd0, DELTAS_C0 = 3'd1, DELTAS_C16 = 3'd2, DELTAS_C32 = 3'd3,
                     DELTAS_C48 = 3'd4;

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
