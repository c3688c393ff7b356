// SPDX-License-Identifier: Apache-2.0
// 3-bit log2 code of a delta for the compression table (aging paper Section 5.1.1):
// "111" for zero, else an OR-encoder of the one-hot bits 0..6 (exact for legal deltas).
`include "drf_params.vh"
`default_nettype none
module rc_delta_code (
    input  wire [`DRF_WORD_BITS-1:0] d,
    output wire [`DRF_CODE_BITS-1:0] code
);
    wire zero = (d == 0);
    wire [`DRF_CODE_BITS-1:0] onehot_log2 = {d[4] | d[5] | d[6], d[2] | d[3] | d[6],
                                             d[1] | d[3] | d[5]};
    assign code = zero ? `DRF_CODE_ZERO : onehot_log2;
endmodule
`default_nettype wire
