// SPDX-License-Identifier: Apache-2.0
// DC-Patch Patching Selection Unit (dc-patch paper Section IV-D): the 256x4 block bitmap preset
// from the fault map, a 1024-input encoder over tiered candidates for compressed registers, a
// 256-input one for uncompressed; take, release, err. Decisions: docs/dcpatch-psu-decisions.md.
`include "drf_params.vh"
`default_nettype none
module psu (
    input  wire                                        clk,
    input  wire                                        rst,       // fault-free, no patch
    input  wire                                        load_map,  // map, bitmap <- faulty
    input  wire [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     faulty,    // bit 4e+b: entry e block b
    input  wire                                        take_c,
    input  wire                                        take_u,
    input  wire                                        rel,
    input  wire [`DRF_REG_BITS-1:0]                    rel_entry,
    input  wire [`DRF_BLK_BITS-1:0]                    rel_blk,   // compressed patches only
    input  wire                                        rel_c,     // 1: one block, 0: the entry
    output wire                                        pc_valid,  // compressed patch
    output wire [`DRF_REG_BITS-1:0]                    pc_entry,
    output wire [`DRF_BLK_BITS-1:0]                    pc_blk,
    output wire [1:0]                                  pc_tier,
    output wire                                        pu_valid,  // uncompressed patch
    output wire [`DRF_REG_BITS-1:0]                    pu_entry,
    output wire                                        err,       // release of a free/faulty block
    output reg  [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     bitmap     // 1: occupied
);
    localparam integer ENTRIES = `DRF_REGS;
    localparam integer BLKS = `DRF_SUBWAVEFRONTS;
    localparam integer SLOTS = ENTRIES * BLKS;
    localparam [1:0] TIER_FAULTY = `PSU_TIER_FAULTY, TIER_SHARED = `PSU_TIER_SHARED,
                     TIER_WHOLE = `PSU_TIER_WHOLE;
    localparam [SLOTS-1:0] ONE_BLOCK = {{(SLOTS-1){1'b0}}, 1'b1};
    localparam [SLOTS-1:0] ONE_ENTRY = {{(SLOTS-BLKS){1'b0}}, {BLKS{1'b1}}};
    localparam [`DRF_BLK_BITS-1:0] BLK0 = {`DRF_BLK_BITS{1'b0}};

    reg  [SLOTS-1:0] map; // 1: faulty block
    wire [SLOTS-1:0] free = ~bitmap;

    // uncompressed patch: the first whole free entry (reliable: faulty blocks are occupied)
    wire [ENTRIES-1:0] whole;
    psu_prio_enc #(.WIDTH(ENTRIES)) u_enc_u (.in(whole), .valid(pu_valid), .index(pu_entry));
    // the entry an uncompressed patch takes this cycle (the take mask's part, whole-tier filter)
    wire [SLOTS-1:0] u_take_mask = take_u ? ONE_ENTRY << {pu_entry, BLK0} : {SLOTS{1'b0}};

    // compressed patch: candidate blocks per tier, the first non-empty tier is encoded
    wire [SLOTS-1:0] t_faulty, t_shared, f_whole;
    genvar e;
    generate
        for (e = 0; e < ENTRIES; e = e + 1) begin : g_entry
            wire [BLKS-1:0] f = free[e*BLKS +: BLKS];
            wire is_faulty = |map[e*BLKS +: BLKS];
            assign whole[e] = &f;
            assign t_faulty[e*BLKS +: BLKS] = f & {BLKS{is_faulty}};
            assign t_shared[e*BLKS +: BLKS] = f & {BLKS{~is_faulty & ~whole[e]}};
            assign f_whole[e*BLKS +: BLKS] = f & {BLKS{whole[e]}};
        end
    endgenerate
    // f_whole reads only the bitmap; take_u enters after the per-entry logic (docs/bench.md)
    wire [SLOTS-1:0] t_whole = f_whole & ~u_take_mask;
    wire any_faulty = |t_faulty;
    wire any_shared = |t_shared;
    assign pc_tier = any_faulty ? TIER_FAULTY : any_shared ? TIER_SHARED : TIER_WHOLE;
    wire [SLOTS-1:0] cand = any_faulty ? t_faulty : any_shared ? t_shared : t_whole;
    psu_prio_enc #(.WIDTH(SLOTS)) u_enc_c (.in(cand), .valid(pc_valid),
                                           .index({pc_entry, pc_blk}));

    // release (one block or the whole entry), takes of this cycle's patches
    wire [SLOTS-1:0] rel_mask = !rel ? {SLOTS{1'b0}}
                              : rel_c ? ONE_BLOCK << {rel_entry, rel_blk}
                                      : ONE_ENTRY << {rel_entry, BLK0};
    wire [SLOTS-1:0] take_mask = (take_c && pc_valid ? ONE_BLOCK << {pc_entry, pc_blk}
                                                     : {SLOTS{1'b0}})
                               | (pu_valid ? u_take_mask : {SLOTS{1'b0}});
    assign err = |(rel_mask & (free | map));

    always @(posedge clk) begin
        if (rst) begin
            map <= {SLOTS{1'b0}};
            bitmap <= {SLOTS{1'b0}};
        end else if (load_map) begin
            map <= faulty;
            bitmap <= faulty;
        end else begin
            bitmap <= (bitmap & ~(rel_mask & ~map)) | take_mask; // release before take
        end
    end
endmodule
`default_nettype wire
