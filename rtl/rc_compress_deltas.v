// SPDX-License-Identifier: Apache-2.0
// Computing-deltas module of the RC compression unit (aging paper Fig. 8): 14 element-
// delta and 2 block-delta subtractors, 16 comparators, the zero-or-power-of-two check.
// IMPL 0: as drawn; 1 (default): most comparisons without a subtractor (docs/synth.md).
`include "drf_params.vh"
`default_nettype none
module rc_compress_deltas #(
    parameter integer IMPL = 1
) (
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
    localparam integer LOW = `DRF_MAX_LOG2 + 1; // a legal delta lives in bits 0..6

    wire [W-1:0] c0 = sw_data[0 +: W];
    wire [W-1:0] chalf = sw_data[HALF*W +: W];
    wire [W-1:0] db_hi = chalf - c0;     // block delta inside this subwavefront
    wire [W-1:0] de_first = sw_data[W +: W] - c0;

    assign ref_e = comp_deltas ? de_buf : de_first;
    assign ref_b = comp_deltas ? db_buf : db_hi;

    // element deltas inside each block, compared with ref_e (lanes at a block's end skipped)
    wire [LANES-2:0] eq_e;
    wire eq_b;
    genvar j;
    generate
        if (IMPL == 0) begin : g_full
            wire [W-1:0] db_lo = c0 - cprev; // block delta across subwavefronts
            for (j = 0; j < LANES - 1; j = j + 1) begin : g_elem
                if (j % BS == BS - 1) begin : g_block_end
                    assign eq_e[j] = 1'b1;
                end else begin : g_cmp
                    wire [W-1:0] de_j = sw_data[(j+1)*W +: W] - sw_data[j*W +: W];
                    assign eq_e[j] = (de_j == ref_e);
                end
            end
            assign eq_b = (db_hi == ref_b) && (!comp_deltas || db_lo == ref_b);
        end else begin : g_onehot
            // compr is ANDed with legal_e and legal_b: only a comparison with a reference that
            // is 0 or one '1' in bits 0..6 matters, so each is diff_is (no subtractor), or, for
            // the two deltas subtracted whole for ref_e / ref_b, bits 7..31 tested for zero
            for (j = 0; j < LANES - 1; j = j + 1) begin : g_elem
                if (j % BS == BS - 1) begin : g_block_end
                    assign eq_e[j] = 1'b1;
                end else if (j == 0) begin : g_first
                    assign eq_e[j] = de_first[W-1:LOW] == 0
                                     && de_first[LOW-1:0] == ref_e[LOW-1:0];
                end else begin : g_cmp
                    assign eq_e[j] = diff_is(sw_data[(j+1)*W +: W], sw_data[j*W +: W],
                                             ref_e[LOW-1:0]);
                end
            end
            assign eq_b = db_hi[W-1:LOW] == 0 && db_hi[LOW-1:0] == ref_b[LOW-1:0]
                          && (!comp_deltas || diff_is(c0, cprev, ref_b[LOW-1:0]));
        end
    endgenerate

    wire legal_e, legal_b;
    rc_delta_legal u_legal_e (.d(ref_e), .legal(legal_e));
    rc_delta_legal u_legal_b (.d(ref_b), .legal(legal_b));

    assign compr = (&eq_e) && eq_b && legal_e && legal_b;

    // a - b == r, exact when r has at most one '1' (Sec. 5.1.1's observations i and ii):
    // a = b + r checked bit by bit without a carry chain. With bits 0..i-1 of b + r equal to
    // a's, the carry into bit i is b[i-1] & ~a[i-1] (0 into bit 0; a carry from r's '1' meets
    // no other '1' of r), so a = b + r iff every bit has a[i] ^ b[i] ^ r[i] equal to it; in
    // bits 7..31, where r is 0, that is the zero test of a - b's bits 7..31.
    function diff_is;
        input [W-1:0]   a, b;
        input [LOW-1:0] r;
        diff_is = (a ^ b ^ {{(W-LOW){1'b0}}, r}) == {b[W-2:0] & ~a[W-2:0], 1'b0};
    endfunction
endmodule
`default_nettype wire
