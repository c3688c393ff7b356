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

    // the launching block's row: Eq. (3)'s banks from R0 of the last warp on
    reg [ROW-1:0] new_row, ident_row;
    reg [BB-1:0]  b, next_fast, next_slow;
    integer k;
    always @(*) begin
        new_row = {ROW{1'b0}};
        next_fast = {BB{1'b0}};
        next_slow = FAST;
        for (k = 0; k < NB; k = k + 1) begin
            b = launch_last_warp[BB-1:0] + k[BB-1:0];
            if (b < FAST) begin
                new_row[b*BB +: BB] = next_fast;
                next_fast = next_fast + 1'b1;
            end else begin
                new_row[b*BB +: BB] = next_slow;
                next_slow = next_slow + 1'b1;
            end
        end
        for (k = 0; k < NB; k = k + 1)
            ident_row[k*BB +: BB] = k[BB-1:0];
    end

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
