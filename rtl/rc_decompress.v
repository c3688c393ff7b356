// RC decompression unit (aging paper Section 5.1.2, Fig. 10): for subwavefront sw the
// block ids cnt0, cnt1 = 2sw, 2sw+1 and element ids 0..7 are shifted by the log2 codes,
// "111" forwards zero, and two adder levels restore the 16 components from C0.
`include "drf_params.vh"
module rc_decompress (
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
    endgenerate
endmodule
