// SPDX-License-Identifier: Apache-2.0
// DC-Patch Patching Selection Unit (dc-patch paper Section IV-D): the 256x4 block bitmap preset
// from the fault map; the preventive patches (tiered candidates for compressed registers, whole
// free entries for uncompressed) selected in DRF_PSU_SEL_STAGES pipeline stages ahead of the take
// ("obtained in prior stages", Sec. IV-E); take, release, err. Decisions:
// docs/dcpatch-psu-decisions.md.
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
    output wire                                        ready,     // offers valid: selection done
    output wire                                        ready_next, // ready after this edge, if
                                                                   // the bitmap does not change now
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

    // stage 1 works on groups of GE entries (GS blocks): at least two groups (reduced sizes)
    localparam integer GE = `DRF_PSU_GROUP_ENTRIES < ENTRIES / 2 ? `DRF_PSU_GROUP_ENTRIES
                                                                : ENTRIES / 2;
    localparam integer NG = ENTRIES / GE;
    localparam integer GS = GE * BLKS;
    localparam integer GB = $clog2(NG);   // group index
    localparam integer LB = $clog2(GS);   // block within a group
    localparam integer WB = $clog2(GE);   // entry within a group
    localparam integer QUIET = `DRF_PSU_SEL_STAGES;
    localparam integer SB = `DRF_REG_BITS + `DRF_BLK_BITS;

    reg  [SLOTS-1:0] map; // 1: faulty block
    wire [SLOTS-1:0] free = ~bitmap;

    // --- stage 1 (from the bitmap): per group, the lowest candidate of tiers 0 and 1 and the
    // two lowest whole free entries
    wire [SLOTS-1:0] t_faulty, t_shared;
    wire [ENTRIES-1:0] whole;
    genvar e, g;
    generate
        for (e = 0; e < ENTRIES; e = e + 1) begin : g_entry
            wire [BLKS-1:0] f = free[e*BLKS +: BLKS];
            wire is_faulty = |map[e*BLKS +: BLKS];
            assign whole[e] = &f;
            assign t_faulty[e*BLKS +: BLKS] = f & {BLKS{is_faulty}};
            assign t_shared[e*BLKS +: BLKS] = f & {BLKS{~is_faulty & ~whole[e]}};
        end
    endgenerate
    wire [NG-1:0] s1_v0_d, s1_v1_d, s1_w1_d, s1_w2_d;
    wire [NG*LB-1:0] s1_i0_d, s1_i1_d;
    wire [NG*WB-1:0] s1_e1_d, s1_e2_d;
    generate
        for (g = 0; g < NG; g = g + 1) begin : g_group
            psu_prio_enc #(.WIDTH(GS)) u_t0 (.in(t_faulty[g*GS +: GS]), .valid(s1_v0_d[g]),
                                             .index(s1_i0_d[g*LB +: LB]));
            psu_prio_enc #(.WIDTH(GS)) u_t1 (.in(t_shared[g*GS +: GS]), .valid(s1_v1_d[g]),
                                             .index(s1_i1_d[g*LB +: LB]));
            psu_first2 #(.WIDTH(GE)) u_whole (.in(whole[g*GE +: GE]), .valid1(s1_w1_d[g]),
                                              .index1(s1_e1_d[g*WB +: WB]), .valid2(s1_w2_d[g]),
                                              .index2(s1_e2_d[g*WB +: WB]));
        end
    endgenerate
    // the stage-1 register (one vector: formal/psu_props.v compares it with s1_d)
    localparam integer S1W = NG * (4 + 2 * LB + 2 * WB);
    wire [S1W-1:0] s1_d = {s1_v0_d, s1_v1_d, s1_w1_d, s1_w2_d, s1_i0_d, s1_i1_d, s1_e1_d, s1_e2_d};
    reg  [S1W-1:0] s1;
    wire [NG-1:0] s1_v0, s1_v1, s1_w1, s1_w2;
    wire [NG*LB-1:0] s1_i0, s1_i1;
    wire [NG*WB-1:0] s1_e1, s1_e2;
    assign {s1_v0, s1_v1, s1_w1, s1_w2, s1_i0, s1_i1, s1_e1, s1_e2} = s1;

    // --- stage 2 (from stage 1): the first group of each tier and its candidate; the first
    // and second whole free entries; the offers
    wire a0, a1, aw, aw2;
    wire [GB-1:0] g0, g1, gw, gw2;
    psu_prio_enc #(.WIDTH(NG)) u_g0 (.in(s1_v0), .valid(a0), .index(g0));
    psu_prio_enc #(.WIDTH(NG)) u_g1 (.in(s1_v1), .valid(a1), .index(g1));
    psu_first2 #(.WIDTH(NG)) u_gw (.in(s1_w1), .valid1(aw), .index1(gw), .valid2(aw2),
                                   .index2(gw2));
    wire [SB-1:0] slot0 = {g0, s1_i0[g0*LB +: LB]};
    wire [SB-1:0] slot1 = {g1, s1_i1[g1*LB +: LB]};
    wire [`DRF_REG_BITS-1:0] ue = {gw, s1_e1[gw*WB +: WB]};
    // the second whole free entry: in the first entry's group, else the next group's first
    wire in_group = s1_w2[gw];
    wire alt_v = in_group || aw2;
    wire [`DRF_REG_BITS-1:0] alt_e = in_group ? {gw, s1_e2[gw*WB +: WB]}
                                   : {gw2, aw2 ? s1_e1[gw2*WB +: WB] : {WB{1'b1}}};
    localparam [SB-1:0] NONE = {SB{1'b1}};
    wire [1:0] tier_d = a0 ? TIER_FAULTY : a1 ? TIER_SHARED : TIER_WHOLE;
    wire [SB-1:0] pc_slot_d = a0 ? slot0 : a1 ? slot1 : aw ? {ue, BLK0} : NONE;
    wire [SB-1:0] alt_slot_d = {alt_e, alt_v ? BLK0 : {`DRF_BLK_BITS{1'b1}}};
    // the offer register (one vector, like s1)
    localparam integer QW = 5 + 2 * SB + `DRF_REG_BITS;
    wire [QW-1:0] q_d = {a0 || a1 || aw, aw, alt_v, tier_d, pc_slot_d, alt_slot_d, ue};
    reg  [QW-1:0] q;
    wire pcq_v, puq_v, altq_v;
    wire [1:0] pcq_tier;
    wire [SB-1:0] pcq_slot, altq_slot;
    wire [`DRF_REG_BITS-1:0] puq_e;
    assign {pcq_v, puq_v, altq_v, pcq_tier, pcq_slot, altq_slot, puq_e} = q;

    // --- the take cycle: the offers once the bitmap has been still for QUIET cycles; take_u
    // steers a whole-entry compressed patch to the second whole free entry (decision 10)
    reg [QUIET-1:0] changed; // bit k: the bitmap may have changed k + 1 edges ago (QUIET >= 2)
    assign ready = ~|changed;
    assign ready_next = ~|changed[QUIET-2:0];
    assign pu_valid = ready && puq_v;
    assign pu_entry = puq_e;
    wire steer = take_u && pu_valid && pcq_tier == TIER_WHOLE;
    assign pc_valid = ready && (steer ? altq_v : pcq_v);
    assign {pc_entry, pc_blk} = steer ? altq_slot : pcq_slot;
    assign pc_tier = pcq_tier;

    // release (one block or the whole entry), takes of this cycle's patches
    wire [SLOTS-1:0] rel_mask = !rel ? {SLOTS{1'b0}}
                              : rel_c ? ONE_BLOCK << {rel_entry, rel_blk}
                                      : ONE_ENTRY << {rel_entry, BLK0};
    wire [SLOTS-1:0] take_mask = (take_c && pc_valid ? ONE_BLOCK << {pc_entry, pc_blk}
                                                     : {SLOTS{1'b0}})
                               | (take_u && pu_valid ? ONE_ENTRY << {pu_entry, BLK0}
                                                     : {SLOTS{1'b0}});
    assign err = |(rel_mask & (free | map));
    wire change = rel || (take_c && pc_valid) || (take_u && pu_valid);

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

    // the selection pipeline runs every cycle; a reset clears it
    always @(posedge clk) begin
        if (rst) begin
            s1 <= {S1W{1'b0}};
            q <= {QW{1'b0}};
            changed <= {QUIET{1'b1}};
        end else begin
            s1 <= s1_d;
            q <= q_d;
            changed <= {changed[QUIET-2:0], load_map || change};
        end
    end
endmodule
`default_nettype wire
