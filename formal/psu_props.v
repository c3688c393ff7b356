// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D;
// docs/dcpatch-psu-decisions.md): once the pipelined selection is ready, offers are free and
// never faulty, the uncompressed one a whole free reliable entry, each the lowest candidate of
// the first non-empty tier; none while it runs; release restores the bitmap (bitmap = fault map
// | held patches, shadow of an $anyconst block); err. The pipeline invariant (the stage
// registers are the stages of the current bitmap once it has been still) is proven from reset
// (PART 1) and assumed in any state (PART 0).
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove offers
//@   checks  any state with map inside bitmap and the pipeline invariant: when ready, offers free,
//@           not faulty; uncompressed = whole free reliable entry; lowest candidate of the first
//@           tier; no offer while not ready; ready_next; err
//@   params  PART=0
//@   engine  sat-comb
//@   depth   1
//@   peeks   peek_map=dut.map, peek_s1=dut.s1, peek_s1_d=dut.s1_d, peek_q=dut.q, peek_q_d=dut.q_d,
//@           peek_changed=dut.changed
//@   prep    abc
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
//@ prove state
//@   checks  from reset: map = last loaded, map inside bitmap, bitmap = map OR held (release
//@           restores it); pipeline invariant: stage 1 = stage 1 of the bitmap one still cycle on,
//@           offers = stage 2 of it two still cycles on
//@   params  PART=1
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_map=dut.map, peek_s1=dut.s1, peek_s1_d=dut.s1_d, peek_q=dut.q, peek_q_d=dut.q_d,
//@           peek_changed=dut.changed
//@   prep    abc
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
//@ cover cover
//@   checks  every tier, both spills, release, steering, a take refused while the selection runs
//@   params  PART=1
//@   engine  sat-cover
//@   depth   8
//@   peeks   peek_map=dut.map, peek_s1=dut.s1, peek_s1_d=dut.s1_d, peek_q=dut.q, peek_q_d=dut.q_d,
//@           peek_changed=dut.changed
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
`include "drf_params.vh"
module psu_props #(
    // 0: the offers and err in any state with the fault map inside the bitmap (assumed; one
    // step, no induction needed); 1: the state: map, bitmap = map | held, map inside bitmap
    parameter integer PART = 0,
    // widths of rtl/psu.v's stage-1 and offer registers, its S1W and QW (white-box: the peeks'
    // connect fails on a width that differs from the RTL's)
    parameter integer GE = `DRF_PSU_GROUP_ENTRIES < `DRF_REGS / 2 ? `DRF_PSU_GROUP_ENTRIES
                                                                 : `DRF_REGS / 2,
    parameter integer S1W = `DRF_REGS / GE * (4 + 2 * $clog2(GE * `DRF_SUBWAVEFRONTS) + 2 * $clog2(GE)),
    parameter integer QW = 5 + 2 * (`DRF_REG_BITS + `DRF_BLK_BITS) + `DRF_REG_BITS
) (
    input wire                                    clk,
    input wire                                    rst,
    input wire                                    load_map,
    input wire [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0] faulty,
    input wire                                    take_c,
    input wire                                    take_u,
    input wire                                    rel,
    input wire [`DRF_REG_BITS-1:0]                rel_entry,
    input wire [`DRF_BLK_BITS-1:0]                rel_blk,
    input wire                                    rel_c,
    input wire [`DRF_REG_BITS+`DRF_BLK_BITS-1:0]  probe, // any block, to compare the offers with
    // the selection pipeline (peeks): stage-1 and offer registers, their next values, changed
    input wire [S1W-1:0]                          peek_s1,
    input wire [S1W-1:0]                          peek_s1_d,
    input wire [QW-1:0]                           peek_q,
    input wire [QW-1:0]                           peek_q_d,
    input wire [`DRF_PSU_SEL_STAGES-1:0]          peek_changed
);
    localparam integer EB = `DRF_REG_BITS;
    localparam integer BB = `DRF_BLK_BITS;
    localparam integer SB = EB + BB;
    localparam integer SLOTS = `DRF_REGS * `DRF_SUBWAVEFRONTS;

    wire pc_valid, pu_valid, ready, ready_next, err;
    wire [EB-1:0] pc_entry, pu_entry;
    wire [BB-1:0] pc_blk;
    wire [1:0] pc_tier;
    wire [SLOTS-1:0] bitmap;
    psu dut (.clk(clk), .rst(rst), .load_map(load_map), .faulty(faulty), .take_c(take_c),
             .take_u(take_u), .rel(rel), .rel_entry(rel_entry), .rel_blk(rel_blk), .rel_c(rel_c),
             .pc_valid(pc_valid), .pc_entry(pc_entry), .pc_blk(pc_blk), .pc_tier(pc_tier),
             .pu_valid(pu_valid), .pu_entry(pu_entry), .ready(ready),
             .ready_next(ready_next), .err(err), .bitmap(bitmap));

    // the pipeline invariant: stage 1 holds the stage 1 of the bitmap once it has been still
    // for an edge, the offers the stage 2 of that for two (decision 20)
    wire s1_settled = !peek_changed[0] ? peek_s1 == peek_s1_d : 1'b1;
    wire q_settled = !peek_changed[0] && !peek_changed[1] ? peek_q == peek_q_d : 1'b1;

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the fault map the PSU keeps (peek_map, connected by formal/run.sh after flattening) is
    // the one loaded last, or none after a reset (decisions 2-4)
    wire [SLOTS-1:0] peek_map;
    reg [SLOTS-1:0] map_want = 0;
    always @(posedge clk) map_want <= rst ? {SLOTS{1'b0}} : load_map ? faulty : map_want;

    // a block's tier as decision 8 defines it (3: no candidate); take_u steers tier 2
    function [3:0] entry_bits;
        input [SLOTS-1:0] v;
        input [EB-1:0] e;
        entry_bits = v[{e, 2'b00} +: 4];
    endfunction
    function [1:0] tier_of;
        input [SB-1:0] b;
        reg [EB-1:0] e;
        reg free_b, faulty_e, whole_e, steered;
        begin
            e = b[SB-1:BB];
            free_b = !bitmap[b];
            faulty_e = entry_bits(peek_map, e) != 0;
            whole_e = entry_bits(bitmap, e) == 0;
            steered = take_u && pu_valid && pu_entry == e;
            tier_of = !free_b ? 2'd3 : faulty_e ? 2'd0 : !whole_e ? 2'd1 :
                      !steered ? 2'd2 : 2'd3;
        end
    endfunction
    wire [SB-1:0] pc_slot = {pc_entry, pc_blk};
    wire [1:0] probe_tier = tier_of(probe);
    wire [1:0] pc_slot_tier = tier_of(pc_slot);
    wire [EB-1:0] probe_entry = probe[SB-1:BB];
    wire probe_whole = entry_bits(bitmap, probe_entry) == 0;

    // err: the release names a free or a faulty block (decision 17)
    wire [3:0] rel_blocks = rel_c ? 4'b0001 << rel_blk : 4'b1111;
    wire rel_bad = (rel_blocks & (~entry_bits(bitmap, rel_entry) |
                                  entry_bits(peek_map, rel_entry))) != 0;

    // block `watch`: occupied exactly when faulty or held by a patch taken and not released
    (* anyconst *) reg [SB-1:0] watch;
    wire taken = (take_c && pc_valid && pc_slot == watch) ||
                 (take_u && pu_valid && pu_entry == watch[SB-1:BB]);
    wire released = rel && rel_entry == watch[SB-1:BB] && (!rel_c || rel_blk == watch[BB-1:0]);
    reg held = 1'b0;
    always @(posedge clk) begin
        if (rst || load_map)
            held <= 1'b0;
        else
            held <= (held && !released) || taken;            // release before take
    end

    generate
        if (PART == 0) begin : g_offers
            // any state whose fault map lies inside the bitmap (PART 1 proves that it always
            // does); the state is free, so these hold in every reachable cycle
            always @(*) assume ((peek_map & ~bitmap) == 0);
            always @(*) assume (s1_settled && q_settled);
            always @(*) begin
                assert (ready == (peek_changed == 0));
                // ready after this edge unless it changes the bitmap: the changes of the
                // last QUIET - 1 edges only (the oldest one is selected over by then)
                assert (ready_next == (peek_changed[`DRF_PSU_SEL_STAGES-2:0] == 0));
                if (!ready)
                    assert (!pc_valid && !pu_valid);                 // none while it runs
                if (pc_valid) begin
                    assert (!bitmap[pc_slot] && !peek_map[pc_slot]); // free, not faulty
                    assert (pc_slot_tier == pc_tier);        // a candidate of its tier
                end
                // the lowest candidate of the first non-empty tier; none: no candidate at all
                if (ready && probe_tier != 2'd3)
                    assert (pc_valid && (pc_tier < probe_tier ||
                                         (pc_tier == probe_tier && pc_slot <= probe)));
                if (pu_valid) begin
                    assert (entry_bits(bitmap, pu_entry) == 0);   // a whole free entry
                    assert (entry_bits(peek_map, pu_entry) == 0); // reliable
                end
                if (ready && probe_whole)
                    assert (pu_valid && pu_entry <= probe_entry); // the lowest one
                if (take_u && pu_valid && pc_valid)
                    assert (pc_entry != pu_entry);           // the two patches are disjoint
                assert (err == (rel && rel_bad));
            end
        end else begin : g_state
            // the state from reset: the map loaded last, faulty blocks occupied, and a block
            // occupied exactly when faulty or held (so a release restores the bitmap)
            always @(*) begin
                if (!init) begin
                    assert (peek_map == map_want);
                    assert (s1_settled && q_settled);
                    assert ((peek_map & ~bitmap) == 0);
                    assert (bitmap[watch] == (peek_map[watch] || held));
                end
            end
        end
    endgenerate

    // covers (PART 1, from reset): every tier, both spills, steering, a release
    always @(*) begin
        if (!init) begin
            cover (pc_valid && pc_tier == 2'd0);
            cover (pc_valid && pc_tier == 2'd1);
            cover (pc_valid && pc_tier == 2'd2 && pu_valid);
            cover (!pc_valid);
            cover (!pu_valid && pc_valid);
            cover (take_u && pu_valid && !pc_valid);         // steering leaves nothing
            cover (take_c && !ready && !rst && !load_map);   // a take while it runs: ignored
            cover (rel && !err && held && released && !peek_map[watch]);
        end
    end
endmodule
