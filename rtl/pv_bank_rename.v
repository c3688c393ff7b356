// SPDX-License-Identifier: Apache-2.0
// Bank renaming table of NBTI-opt (pv-nbti-banked-rf paper Section 4.2.1, Figs. 9-10): 8 block
// rows x 16 banks x 4 bits; at a launch bank (last_warp + k) % 16, k = 0..15, takes the lowest
// free virtual bank of its category, fast 0-10 or slow 11-15 (docs/pv-decisions.md D9-D10).
`default_nettype none
`include "drf_params.vh"
module pv_bank_rename (
    input  wire                           clk,
    input  wire                           rst,
    input  wire                           launch,
    input  wire [`DRF_PV_BLOCK_BITS-1:0]  launch_block,
    input  wire [`DRF_PV_WARP_BITS-1:0]   launch_last_warp,
    input  wire [`DRF_PV_BLOCK_BITS-1:0]  lk_block,
    input  wire [`DRF_PV_BANK_BITS-1:0]   lk_bank,
    output wire [`DRF_PV_BANK_BITS-1:0]   lk_vbank,
    output wire                           err       // launch with last_warp >= 48: ignored
);
    localparam integer BB = `DRF_PV_BANK_BITS;
    localparam integer NB = `DRF_PV_BANKS;
    localparam integer ROW = NB * BB;
    localparam [BB-1:0] FAST = `DRF_PV_FAST_BANKS;
    localparam [`DRF_PV_WARP_BITS-1:0] WARPS = `DRF_PV_WARPS;

    reg [`DRF_PV_BLOCKS*ROW-1:0] rows;

    // the launching block's row, bank by bank in closed form: with s = last_warp % 16, the banks
    // of b's category met from bank s on before b (circularly), plus the category's first vbank
    wire [BB-1:0] s = launch_last_warp[BB-1:0];
    wire [ROW-1:0] new_row, ident_row;
    genvar g;
    generate
        for (g = 0; g < NB; g = g + 1) begin : g_bank
            localparam [BB-1:0] B = g;
            if (g < `DRF_PV_FAST_BANKS) begin : g_fast
                assign new_row[g*BB +: BB] = s <= B ? B - s : (s < FAST ? B + FAST - s : B);
            end else begin : g_slow
                /* verilator lint_off CMPCONST */ // s <= 15 always holds for bank 15
                assign new_row[g*BB +: BB] = s <= B ? B - (s > FAST ? s - FAST : {BB{1'b0}})
                                                    : B - s; // 11 + (16 - s) + (b - 11), mod 16
                /* verilator lint_on CMPCONST */
            end
            assign ident_row[g*BB +: BB] = B;
        end
    endgenerate

    assign err = launch & (launch_last_warp >= WARPS);
    assign lk_vbank = rows[{lk_block, lk_bank}*BB +: BB];

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < `DRF_PV_BLOCKS; i = i + 1)
                rows[i*ROW +: ROW] <= ident_row;
        end else if (launch && !err) begin
            rows[launch_block*ROW +: ROW] <= new_row;
        end
    end
endmodule
`default_nettype wire
