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

    // --- the selection stage (decision 20): the encoders on the bitmap, registered as offers;
    // functions, run at the edges that load the offer register (decision 23)
    localparam integer PAD = SLOTS < 64 ? 64 : SLOTS;          // blocks, a word at least
    localparam integer LOW_W = 2 * PAD, LOW_L = $clog2(LOW_W); // the tiers' encoder
    localparam integer F2_W = ENTRIES < 128 ? 128 : ENTRIES;   // whole entries, two words at least
    localparam integer F2_L = $clog2(F2_W);
    localparam integer WE = 64 / BLKS;                         // entries in a word of blocks
    localparam [63:0] FIRST = {WE{{{(BLKS-1){1'b0}}, 1'b1}}};  // each entry's block 0
`include "psu_lowest.vh"
`include "psu_first2.vh"
    // a word of blocks: its free blocks in tier 0 (of a faulty entry) and in tier 1 (of a
    // reliable entry, not whole), and its whole free entries (decision 8)
    function [128+WE-1:0] word_tiers; // {tier 0, tier 1, whole}
        input [63:0] occupied;
        input [63:0] map;
        reg [63:0] f, m, h, fe, we;
        reg [WE-1:0] whole;
        integer k;
        begin
            f = ~occupied;
            m = map;
            h = f;
            for (k = 1; k < BLKS; k = k + 1) begin // an entry's blocks, at its block 0
                m = m | (map >> k);
                h = h & (f >> k);
            end
            m = m & FIRST;                         // the entry has a faulty block
            h = h & FIRST;                         // the entry is whole and free
            fe = m;
            we = h;
            for (k = 1; k < BLKS; k = k + 1) begin // back to each of its blocks
                fe = fe | (m << k);
                we = we | (h << k);
            end
            for (k = 0; k < WE; k = k + 1)
                whole[k] = h[BLKS*k];
            word_tiers = {f & fe, f & ~fe & ~we, whole};
        end
    endfunction
    localparam integer QW = 5 + 2 * SB + EB;
    function [QW-1:0] select; // the offers of a bitmap under a fault map
        input [SLOTS-1:0] occupied;
        input [SLOTS-1:0] map;
        reg [PAD-1:0] occ, fm;                 // padded: blocks that do not exist are occupied
        reg [128+WE-1:0] wt;
        reg [PAD-1:0] t_faulty, t_shared;
        reg [F2_W-1:0] whole;
        reg [LOW_L:0] t01;                     // {valid, index} of tiers 0 and 1
        reg [2*F2_L+1:0] w2;                   // {valid, index} of the two whole entries
        reg a01, aw, aw2;
        reg [LOW_L-1:0] i01;
        reg [F2_L-1:0] ue, ue2;
        integer w;
        begin
            occ = {PAD{1'b1}};
            occ[SLOTS-1:0] = occupied;
            fm = {PAD{1'b0}};
            fm[SLOTS-1:0] = map;
            whole = 0;
            // (each function result through a variable: Verilator calls a function once per
            // part of a {..} target)
            for (w = 0; w < PAD / 64; w = w + 1) begin
                wt = word_tiers(occ[64*w +: 64], fm[64*w +: 64]);
                t_faulty[64*w +: 64] = wt[128+WE-1 -: 64];
                t_shared[64*w +: 64] = wt[64+WE-1 -: 64];
                whole[WE*w +: WE] = wt[WE-1:0];
            end
            // tiers 0 and 1: one encoder (decision 8), its top index bit says which
            t01 = psu_lowest({t_shared, t_faulty});
            w2 = psu_first2(whole);
            {a01, i01} = t01;
            {aw, ue, aw2, ue2} = w2;
            // no candidate at all: i01 is all ones, the NONE of decision 11
            select = {a01 || aw, aw, aw2,
                      !a01 ? TIER_WHOLE : i01[LOW_L-1] ? TIER_SHARED : TIER_FAULTY,
                      a01 || !aw ? i01[SB-1:0] : {ue[EB-1:0], BLK0},
                      ue2[EB-1:0], aw2 ? BLK0 : NO_BLK, ue[EB-1:0]};
        end
    endfunction
    // the offer register (one vector: formal/psu_props.v compares it with q_d)
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

    // the selection stage, after the bitmap changed; a reset clears it
    always @(posedge clk) begin
        if (rst) begin
            q <= {QW{1'b0}};
            changed <= 1'b1;
        end else begin
            if (changed) // else the bitmap is the last edge's: q holds its offers (decision 2)
                q <= select(bitmap, fmap);
            changed <= load_map || change;
        end
    end
`ifdef FORMAL
    wire [QW-1:0] q_d = select(bitmap, fmap); // the proofs' view of the selection
`endif
endmodule
`default_nettype wire
