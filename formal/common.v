// SPDX-License-Identifier: Apache-2.0
// Reference models shared by the formal wrappers (formal/run.sh reads this file for every
// group; docs/formal.md): Eq. (2) of the aging paper Section 5.1 written with multiplications,
// and the per-subwavefront fit check of the compression unit (Section 5.1.1).
`include "drf_params.vh"

// eq2_ref: the 16 components of subwavefront sw, C_i = C0 + floor(i/8) * Db + (i mod 8) * De
// with i = 16 sw + j, for delta values (not codes) De and Db
module eq2_ref (
    input  wire [`DRF_WORD_BITS-1:0]               c0,
    input  wire [`DRF_WORD_BITS-1:0]               de,
    input  wire [`DRF_WORD_BITS-1:0]               db,
    input  wire [1:0]                              sw,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] comp
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    genvar j;
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_lane
            // i = 16 sw + j: floor(i/8) = 2 sw + floor(j/8), i mod 8 = j mod 8 (a constant)
            localparam integer BLK_IN_SW = j / `DRF_BLOCK_SIZE;
            localparam [W-1:0] ELEM = j % `DRF_BLOCK_SIZE;
            wire [2:0] blk = {sw, BLK_IN_SW[0]};
            assign comp[j*W +: W] = c0 + blk * db + ELEM * de;
        end
    endgenerate
endmodule

// code_value: the delta a 3-bit code stands for (the decompression unit's reading: 7 is zero)
module code_value (
    input  wire [`DRF_CODE_BITS-1:0] code,
    output wire [`DRF_WORD_BITS-1:0] value
);
    assign value = code == `DRF_CODE_ZERO ? 0 : {{(`DRF_WORD_BITS-1){1'b0}}, 1'b1} << code;
endmodule

// entry_ref: eq2_ref of a compression-table entry, its deltas given as codes
module entry_ref (
    input  wire [`DRF_WORD_BITS-1:0]               c0,
    input  wire [`DRF_CODE_BITS-1:0]               log2de,
    input  wire [`DRF_CODE_BITS-1:0]               log2db,
    input  wire [1:0]                              sw,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] comp
);
    wire [`DRF_WORD_BITS-1:0] de, db;
    code_value u_de (.code(log2de), .value(de));
    code_value u_db (.code(log2db), .value(db));
    eq2_ref u_ref (.c0(c0), .de(de), .db(db), .sw(sw), .comp(comp));
endmodule

// legal_ref: a legal delta is 0 or 2^k with k <= DRF_MAX_LOG2 (= 6), written as a list
module legal_ref (
    input  wire [`DRF_WORD_BITS-1:0] d,
    output wire                      legal
);
    assign legal = d == 0 || d == 1 || d == 2 || d == 4 || d == 8 || d == 16 || d == 32 ||
                   d == 64;
endmodule

// sw_fits: does a subwavefront continue a register in the paper's terms? first: it is
// subwavefront 0, whose own De = C1 - C0 and Db = C8 - C0 are the register's; else every
// element delta in a block must be rec_de, C8 - C0 and C0 - (previous C8) rec_db. Both deltas
// legal: 0 or 2^k, k <= DRF_MAX_LOG2, as a list.
module sw_fits (
    input  wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] sw_data,
    input  wire                                    first,
    input  wire [`DRF_WORD_BITS-1:0]               rec_de,
    input  wire [`DRF_WORD_BITS-1:0]               rec_db,
    input  wire [`DRF_WORD_BITS-1:0]               rec_c8, // C8 of the previous subwavefront
    output wire [`DRF_WORD_BITS-1:0]               de,     // the deltas it is checked against
    output wire [`DRF_WORD_BITS-1:0]               db,
    output wire                                    fits
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer BS = `DRF_BLOCK_SIZE;

    wire [W-1:0] c0 = sw_data[0 +: W];
    assign de = first ? sw_data[W +: W] - c0 : rec_de;
    assign db = first ? sw_data[BS*W +: W] - c0 : rec_db;
    wire [LANES-1:0] lane_fits;
    genvar j;
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_lane
            if (j == 0) begin : g_c0
                assign lane_fits[j] = first || c0 - rec_c8 == db;
            end else if (j % BS == 0) begin : g_block
                assign lane_fits[j] = sw_data[j*W +: W] - sw_data[(j-BS)*W +: W] == db;
            end else begin : g_elem
                assign lane_fits[j] = sw_data[j*W +: W] - sw_data[(j-1)*W +: W] == de;
            end
        end
    endgenerate
    wire legal_de, legal_db;
    legal_ref u_le (.d(de), .legal(legal_de));
    legal_ref u_lb (.d(db), .legal(legal_db));
    assign fits = (&lane_fits) && legal_de && legal_db;
endmodule

// phase4: a wrapper's count of the 4 blocks (subwavefronts, beats) of a write or a read: k + 1
// while block k is due, 0 when idle; a load (re)starts it at 1, from any phase
module phase4 (
    input  wire       clk,
    input  wire       rst,
    input  wire       load,
    output reg  [2:0] phase
);
    initial phase = 3'd0;
    always @(posedge clk) begin
        if (rst)
            phase <= 3'd0;
        else if (load)
            phase <= 3'd1;
        else
            phase <= (phase == 3'd0 || phase == 3'd4) ? 3'd0 : phase + 3'd1;
    end
endmodule
