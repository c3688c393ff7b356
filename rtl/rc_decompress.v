// SPDX-License-Identifier: Apache-2.0
// RC decompression unit (aging paper Section 5.1.2, Fig. 10): the 16 components of subwavefront
// sw from C0 and the log2 codes. IMPL 0: Fig. 10's shifted block and element ids and two adder
// levels; 1 (default): decoded deltas, shifts as wiring, one-hot increments (docs/synth.md).
// en: the output is read this cycle; else it is x, which synthesis folds away (the same gates)
// and a simulator takes as leave to skip the unit (docs/dcpatch-comdec-decisions.md).
`include "drf_params.vh"
`default_nettype none
module rc_decompress #(
    parameter integer IMPL = 1
) (
    input  wire [`DRF_WORD_BITS-1:0]               c0,
    input  wire [`DRF_CODE_BITS-1:0]               log2de,
    input  wire [`DRF_CODE_BITS-1:0]               log2db,
    input  wire [1:0]                              sw,
    input  wire                                    en,
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

    genvar j;
    generate
        if (IMPL == 0) begin : g_drawn
            wire zero_e = (log2de == `DRF_CODE_ZERO);
            wire zero_b = (log2db == `DRF_CODE_ZERO);
            // per lane: the block and element ids shifted by the codes, two adders
            for (j = 0; j < LANES; j = j + 1) begin : g_lane
                localparam integer ELEM_ID = j % BS;
                localparam integer BLOCK_IN_SW = j / BS;
                wire [2:0] block_id = {sw, BLOCK_IN_SW[0]};
                wire [2:0] elem_id = ELEM_ID[2:0];
                wire [OFF-1:0] off_b = zero_b ? {OFF{1'b0}} : {{(OFF-3){1'b0}}, block_id} << log2db;
                wire [OFF-1:0] off_e = zero_e ? {OFF{1'b0}} : {{(OFF-3){1'b0}}, elem_id} << log2de;
                wire [OFF-1:0] offset = off_b + off_e;   // first-level adder
                assign comp[j*W +: W] = en ? c0 + {{(W-OFF){1'b0}}, offset} // second-level adder
                                           : {W{1'bx}};
            end
        end else begin : g_wired
            // the logic in one procedural branch, so that a simulator runs it only while the
            // unit is read (Verilator 5.006 keeps a function's body in the branch when the
            // default comes first; under an if/else it hoists the body out of the branch)
            reg [LANES*W-1:0] comp_r;
            always @(*) begin
                comp_r = {(LANES*W){1'bx}};
                if (en)
                    comp_r = unwind(c0, log2de, log2db, sw);
            end
            assign comp = comp_r;
        end
    endgenerate

    // IMPL 1. De and Db decoded once, 0 or a single '1' ("111": 0); De << k is then wiring.
    // bits 0..9: C0 + 2sw*Db (block 0, as + 2Db if sw[0], + 4Db if sw[1]) and + Db (block 1),
    // then lane e of a block adds e*De as De, 2De or 4De to the lane e without its highest
    // '1' bit (e1 from e0, e2-e3 from e0-e1, e4-e7 from e0-e3); each step adds one power of
    // two (add_pow2), the lanes of a step side by side. Bits 10..31: C0's, or C0's + 1 if bits
    // 0..9 carried (at most once: the offset is below 1024), shared by the 16 lanes.
    function [LANES*W-1:0] unwind;
        input [W-1:0] x0;
        input [`DRF_CODE_BITS-1:0] code_e;
        input [`DRF_CODE_BITS-1:0] code_b;
        input [1:0] s;
        reg [OFF-1:0] de, db, db2, db4;
        reg [LW-1:0] de1, de2, de4;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [4*LW-1:0] blk1; // a one-lane step: its lanes 1..3 are zero
        /* verilator lint_on UNUSEDSIGNAL */
        reg [4*LW-1:0] blk0, e1, e23, e0123;
        reg [8*LW-1:0] lanes;
        reg [W-OFF-1:0] hi, hi_inc;
        integer b, k;
        begin
            de = code_e == `DRF_CODE_ZERO ? {OFF{1'b0}} : {{(OFF-1){1'b0}}, 1'b1} << code_e;
            db = code_b == `DRF_CODE_ZERO ? {OFF{1'b0}} : {{(OFF-1){1'b0}}, 1'b1} << code_b;
            db2 = s[0] ? db << 1 : {OFF{1'b0}};
            db4 = s[1] ? db << 2 : {OFF{1'b0}};
            blk0 = add_pow2(add_pow2({PAD3, 1'b0, x0[OFF-1:0]}, {PAD3, 1'b0, db2}),
                            {PAD3, 1'b0, db4});
            blk1 = add_pow2(blk0, {PAD3, 1'b0, db});
            de1 = {1'b0, de};
            de2 = {1'b0, de << 1};
            de4 = {1'b0, de << 2};
            e1 = add_pow2({PAD2, blk1[LW-1:0], blk0[LW-1:0]}, {PAD2, de1, de1});
            e23 = add_pow2({e1[LW +: LW], blk1[LW-1:0], e1[LW-1:0], blk0[LW-1:0]}, {4{de2}});
            hi = x0[W-1:OFF];
            hi_inc = hi + 1'b1;
            for (b = 0; b < 2; b = b + 1) begin
                e0123 = {e23[2*LW*b +: 2*LW], e1[LW*b +: LW],
                         b == 0 ? blk0[LW-1:0] : blk1[LW-1:0]};
                lanes = {add_pow2(e0123, {4{de4}}), e0123};
                for (k = 0; k < BS; k = k + 1) // {carried ? C0's + 1 : C0's, bits 0..9}
                    unwind[(BS*b+k)*W +: W] = {lanes[LW*k+OFF] ? hi_inc : hi,
                                               lanes[LW*k +: OFF]};
            end
        end
    endfunction

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
