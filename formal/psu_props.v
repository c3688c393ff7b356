// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D;
// docs/dcpatch-psu-decisions.md): once the selection stage is ready, offers are free and never
// faulty, the uncompressed one a whole free reliable entry, each the lowest candidate of the
// first non-empty tier; none while it runs; release restores the bitmap (bitmap = fault map |
// held patches, shadow of an $anyconst block); err. The stage invariant (the offer register is
// the selection of the current bitmap once it has been still for an edge) is proven from reset
// (PART 1) and assumed in any state (PART 0); the fault map input is the one loaded last.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove offers
//@   checks  any state with the map inside the bitmap and the stage invariant: when ready,
//@           offers free, not faulty; uncompressed = whole free reliable entry; lowest candidate
//@           of the first tier; no offer while not ready; err
//@   params  PART=0
//@   engine  sat-comb
//@   depth   1
//@   peeks   peek_q=dut.q, peek_q_d=dut.q_d, peek_changed=dut.changed
//@   prep    abc
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
//@ prove state
//@   checks  from reset, the map input the one loaded last: map inside bitmap, bitmap = map OR
//@           held (release restores it); stage invariant: the offers = the selection of the
//@           bitmap one still edge on
//@   params  PART=1
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_q=dut.q, peek_q_d=dut.q_d, peek_changed=dut.changed
//@   prep    abc
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
//@ cover cover
//@   checks  every tier, both spills, release, steering, a take refused while the selection runs
//@   params  PART=1
//@   engine  sat-cover
//@   depth   8
//@   peeks   peek_q=dut.q, peek_q_d=dut.q_d, peek_changed=dut.changed
//@   prep    abc
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
`include "drf_params.vh"
module psu_props #(
    // 0: the offers and err in any state with the fault map inside the bitmap (assumed; one
    // step, no induction needed); 1: the state: bitmap = map | held, map inside bitmap
    parameter integer PART = 0,
    // width of rtl/psu.v's offer register, its QW (white-box: the peeks' connect fails on a
    // width that differs from the RTL's)
    parameter integer QW = 5 + 2 * (`DRF_REG_BITS + `DRF_BLK_BITS) + `DRF_REG_BITS
) (
`include "psu_ports.vh",
    input wire [`DRF_REG_BITS+`DRF_BLK_BITS-1:0]  probe, // any block, to compare the offers with
    // the selection stage (peeks): the offer register, its next value, changed
    input wire [QW-1:0]                           peek_q,
    input wire [QW-1:0]                           peek_q_d,
    input wire                                    peek_changed
);
    localparam integer EB = `DRF_REG_BITS;
    localparam integer BB = `DRF_BLK_BITS;
    localparam integer SB = EB + BB;
    localparam integer SLOTS = `DRF_REGS * `DRF_SUBWAVEFRONTS;

`include "psu_dut.vh"

    // the stage invariant: the offer register holds the selection of the bitmap once it has
    // been still for an edge (decision 20)
    wire q_settled = !peek_changed ? peek_q == peek_q_d : 1'b1;

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the fault map its owner holds for the PSU: the one loaded last, or none after a reset
    // (decisions 2-4)
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
            faulty_e = entry_bits(fmap, e) != 0;
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
                                  entry_bits(fmap, rel_entry))) != 0;

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
            always @(*) assume ((fmap & ~bitmap) == 0);
            always @(*) assume (q_settled);
            always @(*) begin
                assert (ready == !peek_changed);
                if (!ready)
                    assert (!pc_valid && !pu_valid);                 // none while it runs
                if (pc_valid) begin
                    assert (!bitmap[pc_slot] && !fmap[pc_slot]); // free, not faulty
                    assert (pc_slot_tier == pc_tier);        // a candidate of its tier
                end
                // the lowest candidate of the first non-empty tier; none: no candidate at all
                if (ready && probe_tier != 2'd3)
                    assert (pc_valid && (pc_tier < probe_tier ||
                                         (pc_tier == probe_tier && pc_slot <= probe)));
                if (pu_valid) begin
                    assert (entry_bits(bitmap, pu_entry) == 0);   // a whole free entry
                    assert (entry_bits(fmap, pu_entry) == 0); // reliable
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
            always @(*) assume (fmap == map_want);
            always @(*) begin
                if (!init) begin
                    assert (q_settled);
                    assert ((fmap & ~bitmap) == 0);
                    assert (bitmap[watch] == (fmap[watch] || held));
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
            cover (rel && !err && held && released && !fmap[watch]);
        end
    end
endmodule
