// SPDX-License-Identifier: Apache-2.0
// The PSU's block mask of a take or a release (dc-patch paper Section IV-D; docs/dcpatch-psu-
// decisions.md 22): a one-hot decode of a block 4e+b, or of entry e's four blocks, in two
// predecoded halves (the enable folded into the high one), so that a change toggles a few lines.
`default_nettype none
module psu_decode #(
    parameter integer SB = 10, // bits of a block index {entry, block}
    parameter integer BB = 2   // bits of the block within its entry
) (
    input  wire             en,
    input  wire [SB-1:0]    slot,
    input  wire             whole, // 1: the four blocks of slot's entry
    output wire [(1<<SB)-1:0] mask
);
    localparam integer LB = SB - SB / 2; // low half: at least the block bits
    localparam integer HB = SB - LB;
    localparam [(1<<LB)-1:0] ONE = 1, ENTRY = (1 << (1 << BB)) - 1; // a block, an entry's
    localparam [(1<<HB)-1:0] ONE_HI = 1;
    // the halves as shifts of one bit (Verilator then simulates each in a few word operations)
    wire [(1<<LB)-1:0] lo = (ONE << slot[LB-1:0]) |
                            (whole ? ENTRY << {slot[LB-1:BB], {BB{1'b0}}} : {(1<<LB){1'b0}});
    wire [(1<<HB)-1:0] hi = en ? ONE_HI << slot[SB-1:LB] : {(1<<HB){1'b0}};
    genvar h;
    generate
        for (h = 0; h < (1 << HB); h = h + 1) begin : g_hi
            assign mask[h*(1<<LB) +: (1<<LB)] = lo & {(1<<LB){hi[h]}};
        end
    endgenerate
endmodule
`default_nettype wire
