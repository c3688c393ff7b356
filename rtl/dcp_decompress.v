// SPDX-License-Identifier: Apache-2.0
// DC-Patch Dec unit (dc-patch paper Section IV-C): takes the compressed block of a source
// register (C0, log2(De), log2(Db)) and unwinds its 4 blocks in the 4 following cycles with
// one RC decompression unit (aging paper Section 5.1.2). A load always (re)starts block 0.
`include "drf_params.vh"
`default_nettype none
module dcp_decompress (
    input  wire                                    clk,
    input  wire                                    rst,
    input  wire                                    load,   // a compressed block is read
    input  wire [`DRF_WORD_BITS-1:0]               c0,
    input  wire [`DRF_CODE_BITS-1:0]               log2de,
    input  wire [`DRF_CODE_BITS-1:0]               log2db,
    output wire                                    valid,  // block blk is forwarded
    output wire [`DRF_BLK_BITS-1:0]                blk,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] data
);
    reg [`DRF_WORD_BITS-1:0] c0_q;
    reg [`DRF_CODE_BITS-1:0] log2de_q, log2db_q;

    always @(posedge clk) begin
        if (rst) begin
            c0_q <= 0;
            log2de_q <= 0;
            log2db_q <= 0;
        end else if (load) begin
            c0_q <= c0;
            log2de_q <= log2de;
            log2db_q <= log2db;
        end
    end

    /* verilator lint_off PINCONNECTEMPTY */
    dcp_beats u_beats (.clk(clk), .rst(rst), .load(load), .valid(valid), .blk(blk), .last());
    /* verilator lint_on PINCONNECTEMPTY */
    rc_decompress u_dec (.c0(c0_q), .log2de(log2de_q), .log2db(log2db_q), .sw(blk), .en(valid),
                         .comp(data));
endmodule
`default_nettype wire
