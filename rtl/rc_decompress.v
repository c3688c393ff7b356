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
            // without its highest '1' bit; each step adds one power of two (add_pow2)
            wire [OFF-1:0] db2 = sw[0] ? db << 1 : {OFF{1'b0}};
            wire [OFF-1:0] db4 = sw[1] ? db << 2 : {OFF{1'b0}};
            wire [OFF:0] blk0 = add_pow2(add_pow2({1'b0, c0[OFF-1:0]}, db2), db4);
            wire [OFF:0] blk1 = add_pow2(blk0, db);
            // bits 10..31: C0's, or C0's + 1 if bits 0..9 carried (at most once: the offset is
            // below 1024), both shared by the 16 lanes
            wire [W-OFF-1:0] hi = c0[W-1:OFF];
            wire [W-OFF-1:0] hi_inc = hi + 1'b1;
            for (j = 0; j < LANES; j = j + 1) begin : g_lane
                localparam integer ELEM_ID = j % BS;
                localparam integer TOP = ELEM_ID >= 4 ? 2 : ELEM_ID >= 2 ? 1 : 0; // its top '1'
                wire [OFF:0] low; // {carried into bit 10, bits 0..9}
                if (ELEM_ID == 0) begin : g_first
                    assign low = j < BS ? blk0 : blk1;
                end else begin : g_next
                    assign low = add_pow2(g_lane[j - (1 << TOP)].low, de << TOP);
                end
                assign comp[j*W +: W] = {low[OFF] ? hi_inc : hi, low[OFF-1:0]};
            end
        end
    endgenerate

    // {carried, x} + d for a d with at most one '1': a carry enters at that bit and ripples up
    // through the ones of x (half adders, no full adder); a carry out of bit 9 sets carried
    function [OFF:0] add_pow2;
        input [OFF:0]   x;
        input [OFF-1:0] d;
        integer i;
        reg c;
        begin
            c = 1'b0;
            for (i = 0; i < OFF; i = i + 1) begin
                c = c | d[i];
                add_pow2[i] = x[i] ^ c;
                c = c & x[i];
            end
            add_pow2[OFF] = x[OFF] | c;
        end
    endfunction
endmodule
`default_nettype wire
