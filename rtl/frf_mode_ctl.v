// SPDX-License-Identifier: Apache-2.0
// FRF_high / FRF_low switch of the pilot register file (pilot paper Section IV-C; threshold of
// Section V-B): a 9-bit counter of issued instructions over EPOCH-cycle epochs; fewer than
// THRESHOLD in an epoch puts the FRF in FRF_low (mode 0) for the next (docs/pilot-decisions.md).
`default_nettype none
`include "drf_params.vh"
module frf_mode_ctl #(
    parameter integer EPOCH = `DRF_PILOT_EPOCH,
    parameter integer THRESHOLD = `DRF_PILOT_THRESHOLD
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire [`DRF_PILOT_ISSUE_BITS-1:0]  issue,      // instructions issued this cycle
    output reg                               mode,       // 1 FRF_high, 0 FRF_low
    output wire                              epoch_last, // this cycle ends the epoch
    output reg  [`DRF_PILOT_ICNT_BITS-1:0]   icount,     // counted before this cycle
    output wire                              err_issue   // issue > 8: counted as 8
);
    localparam integer CB = `DRF_PILOT_ICNT_BITS;
    localparam integer PB = $clog2(EPOCH);
    localparam [`DRF_PILOT_ISSUE_BITS-1:0] MAX = `DRF_PILOT_ISSUE_MAX;
    localparam [31:0] LAST32 = EPOCH - 1, THR32 = THRESHOLD;
    localparam [PB-1:0] LAST = LAST32[PB-1:0];
    localparam [CB-1:0] THR = THR32[CB-1:0];

    reg [PB-1:0] pos;   // cycle inside the epoch
    assign err_issue = issue > MAX;
    wire [`DRF_PILOT_ISSUE_BITS-1:0] counted = err_issue ? MAX : issue;
    wire [CB-1:0] total = icount + {{(CB-`DRF_PILOT_ISSUE_BITS){1'b0}}, counted};
    assign epoch_last = pos == LAST;

    always @(posedge clk) begin
        if (rst) begin
            pos <= {PB{1'b0}};
            icount <= {CB{1'b0}};
            mode <= 1'b1;
        end else if (epoch_last) begin
            pos <= {PB{1'b0}};
            icount <= {CB{1'b0}};
            mode <= total >= THR;
        end else begin
            pos <= pos + 1'b1;
            icount <= total;
        end
    end
endmodule
`default_nettype wire
