// SPDX-License-Identifier: Apache-2.0
// DC-Patch Patching Selection Unit (dc-patch paper Section IV-D): the 256x4 block bitmap preset
// from the fault map, its encoders, and the preventive patches they obtain one stage ahead of the
// take, which forwards one ("obtained in prior stages", Sec. IV-E); take, release, err.
// Decisions: docs/dcpatch-psu-decisions.md.
`include "drf_params.vh"
`default_nettype none
module psu (
    input  wire                                        clk,
    input  wire                                        rst,       // fault-free, no patch
    input  wire                                        load_map,  // bitmap <- faulty
    input  wire [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     faulty,    // bit 4e+b: entry e block b
    input  wire [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     fmap,      // the map loaded last (dec. 2)
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
    output wire                                        ready,     // offers valid: selection done
    output wire                                        err,       // release of a free/faulty block
    output reg  [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     bitmap     // 1: occupied
);
    localparam integer ENTRIES = `DRF_REGS;
    localparam integer BLKS = `DRF_SUBWAVEFRONTS;
    localparam integer SLOTS = ENTRIES * BLKS;
    localparam integer EB = `DRF_REG_BITS;
    localparam integer BB = `DRF_BLK_BITS;
    localparam integer SB = EB + BB;
    localparam [1:0] TIER_FAULTY = `PSU_TIER_FAULTY, TIER_SHARED = `PSU_TIER_SHARED,
                     TIER_WHOLE = `PSU_TIER_WHOLE;
    localparam [BB-1:0] BLK0 = {BB{1'b0}}, NO_BLK = {BB{1'b1}};

    wire [SLOTS-1:0] free = ~bitmap;

    // --- the selection stage (decision 20): the encoders on the bitmap, registered as offers
    wire [SLOTS-1:0] t_faulty, t_shared;
    wire [ENTRIES-1:0] whole;
    genvar e;
    generate
        for (e = 0; e < ENTRIES; e = e + 1) begin : g_entry
            wire [BLKS-1:0] f = free[e*BLKS +: BLKS];
            wire is_faulty = |fmap[e*BLKS +: BLKS];
            assign whole[e] = &f;
            assign t_faulty[e*BLKS +: BLKS] = f & {BLKS{is_faulty}};
            assign t_shared[e*BLKS +: BLKS] = f & {BLKS{~is_faulty & ~whole[e]}};
        end
    endgenerate
    // tiers 0 and 1: the 1024-input encoder of each, joined by one merge node (decision 8);
    // index bit SB says which tier won
    wire a01;
    wire [SB:0] i01;
    psu_prio_enc #(.WIDTH(2 * SLOTS)) u_tiers (.in({t_shared, t_faulty}), .valid(a01),
                                               .index(i01));
    // the 256-input encoder of whole free entries, with the second one for the steering
    wire aw, aw2;
    wire [EB-1:0] ue, ue2;
    psu_first2 #(.WIDTH(ENTRIES)) u_whole (.in(whole), .valid1(aw), .index1(ue), .valid2(aw2),
                                          .index2(ue2));
    wire [1:0] tier_d = !a01 ? TIER_WHOLE : i01[SB] ? TIER_SHARED : TIER_FAULTY;
    // no candidate at all: i01 is all ones, the NONE of decision 11
    wire [SB-1:0] pc_slot_d = a01 || !aw ? i01[SB-1:0] : {ue, BLK0};
    wire [SB-1:0] alt_slot_d = {ue2, aw2 ? BLK0 : NO_BLK};
    // the offer register (one vector: formal/psu_props.v compares it with q_d)
    localparam integer QW = 5 + 2 * SB + EB;
    wire [QW-1:0] q_d = {a01 || aw, aw, aw2, tier_d, pc_slot_d, alt_slot_d, ue};
    reg  [QW-1:0] q;
    wire pcq_v, puq_v, altq_v;
    wire [1:0] pcq_tier;
    wire [SB-1:0] pcq_slot, altq_slot;
    wire [EB-1:0] puq_e;
    assign {pcq_v, puq_v, altq_v, pcq_tier, pcq_slot, altq_slot, puq_e} = q;

    // --- the take cycle: the offers once they were registered from the current bitmap; take_u
    // steers a whole-entry compressed patch to the second whole free entry (decision 10)
    reg changed; // the bitmap changed at the last edge: the offers are of the one before
    assign ready = !changed;
    assign pu_valid = ready && puq_v;
    assign pu_entry = puq_e;
    wire steer = take_u && pu_valid && pcq_tier == TIER_WHOLE;
    assign pc_valid = ready && (steer ? altq_v : pcq_v);
    assign {pc_entry, pc_blk} = steer ? altq_slot : pcq_slot;
    assign pc_tier = pcq_tier;

    // release (one block or the whole entry), takes of this cycle's patches (decision 22)
    wire [SLOTS-1:0] rel_mask, take_c_mask, take_u_mask;
    psu_decode #(.SB(SB), .BB(BB)) u_rel (.en(rel), .slot({rel_entry, rel_blk}), .whole(!rel_c),
                                          .mask(rel_mask));
    psu_decode #(.SB(SB), .BB(BB)) u_take_c (.en(take_c && pc_valid), .slot({pc_entry, pc_blk}),
                                             .whole(1'b0), .mask(take_c_mask));
    psu_decode #(.SB(SB), .BB(BB)) u_take_u (.en(take_u && pu_valid), .slot({pu_entry, BLK0}),
                                             .whole(1'b1), .mask(take_u_mask));
    wire [SLOTS-1:0] take_mask = take_c_mask | take_u_mask;
    assign err = |(rel_mask & (free | fmap));
    wire change = rel || (take_c && pc_valid) || (take_u && pu_valid);

    always @(posedge clk) begin
        if (rst)
            bitmap <= {SLOTS{1'b0}};
        else if (load_map)
            bitmap <= faulty;
        else
            bitmap <= (bitmap & ~(rel_mask & ~fmap)) | take_mask; // release before take
    end

    // the selection stage runs every cycle; a reset clears it
    always @(posedge clk) begin
        if (rst) begin
            q <= {QW{1'b0}};
            changed <= 1'b1;
        end else begin
            q <= q_d;
            changed <= load_map || change;
        end
    end
endmodule
`default_nettype wire
