// SPDX-License-Identifier: Apache-2.0
// DC-Patch Com unit (dc-patch paper Section IV-C): speculative compression state c_compr
// from block 0, the Destination Register Buffer (DRB) and its 4-cycle replay on a
// misprediction. The delta logic is one RC compression unit (aging paper Section 5.1.1).
`include "drf_params.vh"
`default_nettype none
module dcp_compress (
    input  wire                                    clk,
    input  wire                                    rst,
    input  wire                                    start,     // blocks 0..3 follow
    input  wire                                    divergent, // with start: never compressed
    input  wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] blk_data,
    output wire                                    c_compr,   // block-0 cycle, to the PSU
    output wire [`DRF_WORD_BITS-1:0]               cdata_c0,  // compressed data of block 0
    output wire [`DRF_CODE_BITS-1:0]               cdata_log2de,
    output wire [`DRF_CODE_BITS-1:0]               cdata_log2db,
    output wire                                    done,      // 4th block cycle
    output wire                                    compressed,
    output wire                                    misp,
    output wire                                    replay_valid,
    output wire [`DRF_BLK_BITS-1:0]                replay_blk,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] replay_data,
    output wire                                    busy,      // pipeline stalled (replay)
    output wire                                    err_busy   // start refused, ignored
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer ROW = `DRF_SW_LANES * W;

    reg            spec;      // c_compr of the write in flight
    reg  [ROW-1:0] drb [0:`DRF_SUBWAVEFRONTS-1];

    // blocks of the write in flight, and of the replay
    wire wr_valid, wr_last, replay_last, w_en_delta, compr, compr_final;
    wire [`DRF_BLK_BITS-1:0] wr_blk;
    wire first_blk = wr_valid && (wr_blk == 0);
    // a start is taken when its blocks will find the write port free
    wire accept = start && (!wr_valid || (wr_last && !misp)) && (!replay_valid || replay_last);
    dcp_beats u_wr (.clk(clk), .rst(rst), .load(accept), .valid(wr_valid), .blk(wr_blk),
                    .last(wr_last));
    dcp_beats u_replay (.clk(clk), .rst(rst), .load(misp), .valid(replay_valid),
                        .blk(replay_blk), .last(replay_last));

    /* verilator lint_off PINCONNECTEMPTY */
    rc_compress u_rc (
        .clk(clk), .rst(rst), .start(accept), .divergent(divergent),
        .dst({`DRF_REG_BITS{1'b0}}), .sw_data(blk_data), .state(), .w_en_delta(w_en_delta),
        .w_en_c(), .comp_deltas(), .final_st(), .w_en_st(), .compr(compr),
        .compr_final(compr_final), .pg(), .st_reg(), .st_c0(), .st_log2de(), .st_log2db(),
        .ref_log2de(cdata_log2de), .ref_log2db(cdata_log2db));
    /* verilator lint_on PINCONNECTEMPTY */

    assign c_compr = w_en_delta & compr;
    assign cdata_c0 = blk_data[0 +: W];
    assign done = wr_last;
    assign compressed = compr_final;
    assign misp = wr_last & spec & ~compr_final;
    assign busy = replay_valid;
    assign err_busy = start & ~accept;
    assign replay_data = replay_valid ? drb[replay_blk] : {ROW{1'b0}};

    // the DRB keeps the blocks of a write speculated compressible; it is not reset
    wire drb_we = wr_valid && (first_blk ? c_compr : spec);
    always @(posedge clk) begin
        if (rst)
            spec <= 1'b0;
        else begin
            if (drb_we)
                drb[wr_blk] <= blk_data;
            if (first_blk)
                spec <= c_compr;
        end
    end
endmodule
`default_nettype wire
