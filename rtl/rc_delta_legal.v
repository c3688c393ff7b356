// SPDX-License-Identifier: Apache-2.0
// Zero-or-power-of-two check of one delta (aging paper Section 5.1.1): legal when the
// delta is 0 or 2^k with k <= DRF_MAX_LOG2, i.e. at most one '1', in bits 0..6.
`include "drf_params.vh"
`default_nettype none
module rc_delta_legal (
    input  wire [`DRF_WORD_BITS-1:0] d,
    output wire                      legal
);
    localparam integer LOW = `DRF_MAX_LOG2 + 1;
    wire [LOW-1:0] low = d[LOW-1:0];
    assign legal = (d[`DRF_WORD_BITS-1:LOW] == 0) && ((low & (low - 1'b1)) == 0);
endmodule
`default_nettype wire
