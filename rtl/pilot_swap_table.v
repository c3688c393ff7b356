// SPDX-License-Identifier: Apache-2.0
// Swapping table of the pilot register file (pilot paper Section III-B, Figs. 6-7): a CAM of
// 2n entries {valid, original, mapped}; apply resets to the original mapping and then maps the
// new top-n, rank k in entries 2k and 2k+1 (docs/pilot-decisions.md, swap table 1-6).
`default_nettype none
`include "drf_params.vh"
module pilot_swap_table #(
    parameter integer N = `DRF_PILOT_N,          // FRF registers per warp
    parameter integer REGS = `DRF_PILOT_REGS,    // architected registers R0..R(REGS-1)
    parameter integer RB = `DRF_PILOT_REG_BITS,  // bits of a register number
    parameter integer LOOKUPS = `DRF_PILOT_ACC_PORTS
) (
    input  wire                      clk,
    input  wire                      rst,
    input  wire                      clear,      // back to the original mapping
    input  wire                      apply,      // reset, then the top-n below applied
    input  wire [N*RB-1:0]           top,        // rank k at [k*RB +: RB], best first
    input  wire [LOOKUPS*RB-1:0]     look,       // architected registers searched
    output reg  [LOOKUPS*RB-1:0]     phys,       // their locations
    output wire [LOOKUPS-1:0]        frf,        // location below N
    output wire [2*N*(2*RB+1)-1:0]   entries,    // entry e at [e*EB +: EB]
    output wire                      err_apply   // illegal top-n: refused
);
    localparam integer EB = 2 * RB + 1;
    localparam integer ENTRIES = 2 * N;
    localparam [31:0] N32 = N, REGS32 = REGS;
    localparam [RB:0] N_R = N32[RB:0];       // comparison constants, one bit wider than a
    localparam [RB:0] REGS_R = REGS32[RB:0]; // register number

    reg [ENTRIES*EB-1:0] table_q;
    assign entries = table_q;

    // --- the new table of an apply --------------------------------------------------------
    reg [N-1:0] kept;          // FRF slot s holds a top register already
    reg legal;
    reg [ENTRIES*EB-1:0] fill;
    integer k, j, s, moved, free_below;
    always @(*) begin
        kept = {N{1'b0}};
        legal = 1'b1;
        for (k = 0; k < N; k = k + 1) begin
            if ({1'b0, top[k*RB +: RB]} >= REGS_R)
                legal = 1'b0;
            for (j = 0; j < k; j = j + 1)
                if (top[j*RB +: RB] == top[k*RB +: RB])
                    legal = 1'b0;
            for (s = 0; s < N; s = s + 1)
                if (top[k*RB +: RB] == s[RB-1:0])
                    kept[s] = 1'b1;
        end
        fill = {ENTRIES*EB{1'b0}};
        free_below = 0;
        moved = 0;   // ranks before k that moved into the FRF
        for (k = 0; k < N; k = k + 1) begin
            if ({1'b0, top[k*RB +: RB]} >= N_R) begin
                free_below = 0;
                for (s = 0; s < N; s = s + 1) begin
                    if (!kept[s] && free_below == moved) begin
                        fill[(2*k)*EB +: EB] = {1'b1, s[RB-1:0], top[k*RB +: RB]};
                        fill[(2*k+1)*EB +: EB] = {1'b1, top[k*RB +: RB], s[RB-1:0]};
                    end
                    if (!kept[s])
                        free_below = free_below + 1;
                end
                moved = moved + 1;
            end
        end
    end
    assign err_apply = apply && !clear && !legal;

    always @(posedge clk) begin
        if (rst || clear)
            table_q <= {ENTRIES*EB{1'b0}};
        else if (apply && legal)
            table_q <= fill;
    end

    // --- CAM search: the lowest matching valid entry, else the register itself --------------
    integer p, e;
    always @(*) begin
        for (p = 0; p < LOOKUPS; p = p + 1) begin
            phys[p*RB +: RB] = look[p*RB +: RB];
            for (e = ENTRIES - 1; e >= 0; e = e - 1)
                if (table_q[e*EB + 2*RB] && table_q[e*EB + RB +: RB] == look[p*RB +: RB])
                    phys[p*RB +: RB] = table_q[e*EB +: RB];
        end
    end
    genvar g;
    generate
        for (g = 0; g < LOOKUPS; g = g + 1) begin : g_frf
            assign frf[g] = {1'b0, phys[g*RB +: RB]} < N_R;
        end
    endgenerate
endmodule
`default_nettype wire
