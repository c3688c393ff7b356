// SPDX-License-Identifier: Apache-2.0
// RAR window allocator of one slice (aging paper Section 5.2; windows of Section 2.1):
// DRF_WAVEFRONT_SLOTS windows [k*N, k*N + N) that fit in the slice, lowest free one first,
// and a rotation s per window incremented modulo N when its wavefront frees it.
`include "drf_params.vh"
`default_nettype none
module rar_alloc (
    input  wire                            clk,
    input  wire                            rst,
    input  wire                            configure, // kernel start: N = cfg_n, all free, s = 0
    input  wire [`DRF_REG_BITS:0]          cfg_n,
    input  wire                            alloc,
    input  wire                            free,
    input  wire [`DRF_SLOT_BITS-1:0]       free_id,
    output wire                            grant,
    output wire [`DRF_SLOT_BITS-1:0]       win_id,    // 0 without grant
    output wire [`DRF_REG_BITS-1:0]        reg_base,  // win_id * N; 0 without grant
    output wire [`DRF_REG_BITS-1:0]        s,         // 0 without grant
    output reg  [`DRF_REG_BITS:0]          n,         // 0: not configured
    output reg  [`DRF_WAVEFRONT_SLOTS-1:0] busy,
    output wire                            full,
    output wire                            err_alloc,
    output wire                            err_free,
    output wire                            err_cfg
);
    localparam integer RB = `DRF_REG_BITS;
    localparam integer SB = `DRF_SLOT_BITS;
    localparam integer SLOTS = `DRF_WAVEFRONT_SLOTS;
    localparam integer PW = RB + 1 + SB + 1; // width of (slot + 1) * N
    localparam [PW-1:0] REGS = `DRF_REGS;
    localparam [RB:0] MAX_N = `DRF_REGS;

    reg  [SLOTS-1:0]    valid;
    reg  [SLOTS*RB-1:0] s_all;
    wire [SLOTS-1:0]    avail = valid & ~busy;
    wire [SLOTS-1:0]    cfg_valid;

    // Priority encoder: the lowest free window.
    reg [SB-1:0] pick;
    integer i;
    always @(*) begin
        pick = {SB{1'b0}};
        for (i = SLOTS - 1; i >= 0; i = i - 1)
            if (avail[i])
                pick = i[SB-1:0];
    end

    // Windows that fit for the N being configured: (k + 1) * cfg_n <= DRF_REGS.
    genvar k;
    generate
        for (k = 0; k < SLOTS; k = k + 1) begin : g_fit
            localparam [SB:0] K1 = k + 1;
            wire [PW-1:0] win_end = {{(SB + 1){1'b0}}, cfg_n} * {{(RB + 1){1'b0}}, K1};
            assign cfg_valid[k] = win_end <= REGS;
        end
    endgenerate

    wire [RB-1:0]  base_pick = {{(RB - SB){1'b0}}, pick} * n[RB-1:0]; // < DRF_REGS for a window
    wire [RB-1:0]  s_pick = s_all[pick*RB +: RB];
    wire [RB-1:0]  s_free = s_all[free_id*RB +: RB];
    wire [RB-1:0]  s_next = ({1'b0, s_free} + 1'b1 == n) ? {RB{1'b0}} : s_free + 1'b1;

    wire free_ok = free & busy[free_id];
    wire cfg_ok = configure && cfg_n != 0 && cfg_n <= MAX_N && busy == 0 && !alloc && !free;

    assign full = ~|avail;
    assign grant = alloc & ~full;
    assign win_id = grant ? pick : {SB{1'b0}};
    assign reg_base = grant ? base_pick : {RB{1'b0}};
    assign s = grant ? s_pick : {RB{1'b0}};
    assign err_alloc = alloc & full;
    assign err_free = free & ~free_ok;
    assign err_cfg = configure & ~cfg_ok;

    always @(posedge clk) begin
        if (rst || cfg_ok) begin
            n <= rst ? {(RB + 1){1'b0}} : cfg_n;
            valid <= rst ? {SLOTS{1'b0}} : cfg_valid;
            busy <= {SLOTS{1'b0}};
            s_all <= {(SLOTS * RB){1'b0}};
        end else begin
            if (grant)
                busy[pick] <= 1'b1;
            if (free_ok) begin
                busy[free_id] <= 1'b0;
                s_all[free_id*RB +: RB] <= s_next;
            end
        end
    end
endmodule
`default_nettype wire
