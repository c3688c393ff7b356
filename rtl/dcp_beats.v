// SPDX-License-Identifier: Apache-2.0
// 4-beat sequencer of the DC-Patch Com and Dec units (dc-patch paper Section IV-C): a
// register crosses a unit as blocks 0..3 in successive cycles; load starts block 0 next cycle.
`include "drf_params.vh"
`default_nettype none
module dcp_beats (
    input  wire                     clk,
    input  wire                     rst,
    input  wire                     load,  // wins over the beat in progress (restart)
    output reg                      valid, // a block of the register is due this cycle
    output reg  [`DRF_BLK_BITS-1:0] blk,   // which one, 0..3 (0 when !valid)
    output wire                     last   // valid and blk == 3
);
    localparam [`DRF_BLK_BITS-1:0] LAST_BLK = {`DRF_BLK_BITS{1'b1}};

    assign last = valid && (blk == LAST_BLK);

    always @(posedge clk) begin
        if (rst) begin
            valid <= 1'b0;
            blk <= 0;
        end else if (load) begin
            valid <= 1'b1;
            blk <= 0;
        end else if (valid) begin
            valid <= !last;
            blk <= blk + 1'b1;
        end
    end
endmodule
`default_nettype wire
