// Computing-deltas module of the RC compression unit (aging paper Fig. 8): 14 element-
// delta and 2 block-delta subtractors, 16 comparators, the zero-or-power-of-two check.
`include "drf_params.vh"
module rc_compress_deltas (
    input  wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] sw_data,
    input  wire                                    comp_deltas, // compare with the buffers
    input  wire [`DRF_WORD_BITS-1:0]               de_buf,
    input  wire [`DRF_WORD_BITS-1:0]               db_buf,
    input  wire [`DRF_WORD_BITS-1:0]               cprev,       // C_{i*8-8} of the previous subwavefront
    output wire [`DRF_WORD_BITS-1:0]               ref_e,
    output wire [`DRF_WORD_BITS-1:0]               ref_b,
    output wire                                    compr
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer BS = `DRF_BLOCK_SIZE;
    localparam integer HALF = LANES / 2;

    wire [W-1:0] c0 = sw_data[0 +: W];
    wire [W-1:0] chalf = sw_data[HALF*W +: W];
    wire [W-1:0] db_lo = c0 - cprev;     // block delta across subwavefronts
    wire [W-1:0] db_hi = chalf - c0;     // block delta inside this subwavefront
    wire [W-1:0] de_first = sw_data[W +: W] - c0;

    assign ref_e = comp_deltas ? de_buf : de_first;
    assign ref_b = comp_deltas ? db_buf : db_hi;

    // element deltas inside each block, compared with ref_e (lanes at a block's end skipped)
    wire [LANES-2:0] eq_e;
    genvar j;
    generate
        for (j = 0; j < LANES - 1; j = j + 1) begin : g_elem
            if (j % BS == BS - 1) begin : g_block_end
                assign eq_e[j] = 1'b1;
            end else begin : g_cmp
                wire [W-1:0] de_j = sw_data[(j+1)*W +: W] - sw_data[j*W +: W];
                assign eq_e[j] = (de_j == ref_e);
            end
        end
    endgenerate

    wire eq_b = (db_hi == ref_b) && (!comp_deltas || db_lo == ref_b);
    wire legal_e, legal_b;
    rc_delta_legal u_legal_e (.d(ref_e), .legal(legal_e));
    rc_delta_legal u_legal_b (.d(ref_b), .legal(legal_b));

    assign compr = (&eq_e) && eq_b && legal_e && legal_b;
endmodule
