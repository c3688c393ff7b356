// SPDX-License-Identifier: Apache-2.0
// RC decompression unit (aging paper Section 5.1.2, Fig. 10): the 16 components of subwavefront
// sw from C0 and the log2 codes. IMPL 0: Fig. 10's shifted block and element ids and two adder
// levels; 1 (default): decoded deltas, shifts as wiring, one-hot increments (docs/synth.md).
`include "drf_params.vh"
`default_nettype none
module rc_decompress #(
    parameter integer IMPL = 1
) (
    input  wire [`DRF_WORD_BITS-1:0]               c0,
    input  wire [`DRF_CODE_BITS-1:0]               log2de,
    input  wire [`DRF_CODE_BITS-1:0]               log2db,
    input  wire [1:0]                              sw,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] comp
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer BS = `DRF_BLOCK_SIZE;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer OFF = 10; // (7 << 6) + (7 << 6) fits in 10 bits
    localparam integer LW = OFF + 1; // a lane of add_pow2: {carried into bit 10, bits 0..9}
    localparam [4*LW-1:0] LANE_BIT0 = {4{{OFF{1'b0}}, 1'b1}};
    localparam [3*LW-1:0] PAD3 = {(3*LW){1'b0}};
    localparam [2*LW-1:0] PAD2 = {(2*LW){1'b0}};

    wire zero_e = (log2de == `DRF_CODE_ZERO);
    wire zero_b = (log2db == `DRF_CODE_ZERO);

    genvar j;
    generate
        if (IMPL == 0) begin : g_drawn
            // per lane: the block and element ids shifted by the codes, two adders
            for (j = 0; j < LANES; j = j + 1) begin : g_lane
                localparam integer ELEM_ID = j % BS;
                localparam integer BLOCK_IN_SW = j / BS;
                wire [2:0] block_id = {sw, BLOCK_IN_SW[0]};
                wire [2:0] elem_id = ELEM_ID[2:0];
                wire [OFF-1:0] off_b = zero_b ? {OFF{1'b0}} : {{(OFF-3){1'b0}}, block_id} << log2db;
                wire [OFF-1:0] off_e = zero_e ? {OFF{1'b0}} : {{(OFF-3){1'b0}}, elem_id} << log2de;
                wire [OFF-1:0] offset = off_b + off_e;   // first-level adder
                assign comp[j*W +: W] = c0 + {{(W-OFF){1'b0}}, offset}; // second-level adder
            end
        end else begin : g_wired
            // De and Db decoded once, 0 or a single '1' ("111": 0); De << k is then wiring
            wire [OFF-1:0] de = zero_e ? {OFF{1'b0}} : {{(OFF-1){1'b0}}, 1'b1} << log2de;
            wire [OFF-1:0] db = zero_b ? {OFF{1'b0}} : {{(OFF-1){1'b0}}, 1'b1} << log2db;
            // bits 0..9: C0 + 2sw*Db (block 0, as + 2Db if sw[0], + 4Db if sw[1]) and + Db
            // (block 1), then lane e of a block adds e*De as De, 2De or 4De to the lane e
            // without its highest '1' bit (e1 from e0, e2-e3 from e0-e1, e4-e7 from e0-e3);
            // each step adds one power of two (add_pow2), the lanes of a step side by side
            wire [OFF-1:0] db2 = sw[0] ? db << 1 : {OFF{1'b0}};
            wire [OFF-1:0] db4 = sw[1] ? db << 2 : {OFF{1'b0}};
            // (a step's lanes above its own are zero, and so is its sum there)
            wire [4*LW-1:0] blk0_2 = add_pow2({PAD3, 1'b0, c0[OFF-1:0]}, {PAD3, 1'b0, db2});
            wire [4*LW-1:0] blk0 = add_pow2(blk0_2, {PAD3, 1'b0, db4});
            /* verilator lint_off UNUSEDSIGNAL */
            wire [4*LW-1:0] blk1 = add_pow2(blk0, {PAD3, 1'b0, db});
            wire [LW-1:0] de1 = {1'b0, de}, de2 = {1'b0, de << 1}, de4 = {1'b0, de << 2};
            // {block 1's e1, block 0's e1}, then {e3, e2} of block 1 and of block 0
            wire [4*LW-1:0] e1 = add_pow2({PAD2, blk1[LW-1:0], blk0[LW-1:0]}, {PAD2, de1, de1});
            /* verilator lint_on UNUSEDSIGNAL */
            wire [4*LW-1:0] e23 = add_pow2({e1[LW +: LW], blk1[LW-1:0], e1[LW-1:0],
                                            blk0[LW-1:0]}, {4{de2}});
            // bits 10..31: C0's, or C0's + 1 if bits 0..9 carried (at most once: the offset is
            // below 1024), both shared by the 16 lanes
            wire [W-OFF-1:0] hi = c0[W-1:OFF];
            wire [W-OFF-1:0] hi_inc = hi + 1'b1;
            genvar b;
            for (b = 0; b < 2; b = b + 1) begin : g_block
                // the block's lanes e0..e7, each {carried into bit 10, bits 0..9}
                wire [4*LW-1:0] e0123 = {e23[2*LW*b +: 2*LW], e1[LW*b +: LW],
                                         b == 0 ? blk0[LW-1:0] : blk1[LW-1:0]};
                wire [8*LW-1:0] lanes = {add_pow2(e0123, {4{de4}}), e0123};
                for (j = 0; j < BS; j = j + 1) begin : g_lane
                    wire [LW-1:0] low = lanes[LW*j +: LW];
                    assign comp[(BS*b+j)*W +: W] = {low[OFF] ? hi_inc : hi, low[OFF-1:0]};
                end
            end
        end
    endgenerate

    // In each of 4 lanes of LW bits side by side, {carried, x} + d for a d with at most one '1'
    // (its bit OFF 0): a carry enters at that bit and ripples up through the ones of x (half
    // adders, no full adder); a carry out of bit 9 sets carried. Each ripple step acts on one
    // bit of every lane at once (synthesis folds the constant masks away: the same chains as
    // bit by bit), which simulates several times faster (docs/bench.md)
    function [4*LW-1:0] add_pow2;
        input [4*LW-1:0] x;
        input [4*LW-1:0] d;
        reg [4*LW-1:0] c; // c[LW*k + i]: the carry into bit i of lane k
        integer i;
        begin
            c = d;
            for (i = 1; i <= OFF; i = i + 1)
                c = (((c & x) << 1) & (LANE_BIT0 << i)) | c;
            add_pow2 = ((x ^ c) & ~(LANE_BIT0 << OFF)) | ((x | c) & (LANE_BIT0 << OFF));
        end
    endfunction
endmodule
`default_nettype wire
