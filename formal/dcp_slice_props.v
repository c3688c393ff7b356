// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch slice wrapper (dc-patch paper Sections II-A and IV;
// docs/dcpatch-slice-decisions.md 2-16), bounded from reset: a read returns the last value written
// to the component (uncompressed, compressed, spilled to the LDS, after a misprediction's DRB
// replay, merged by the special MOV), nothing is written to a faulty block, and err_lds_full,
// err_rel, psu_err are never raised. The RC compression unit inside the Com unit is cut
// (formal/run.sh): its outputs are free but for its contract, proven by rc_compress's tasks.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove read-lane0
//@   checks  8 registers, 8 LDS slots, 16-bit components, lane 0 of an anyconst block, any fault
//@           map: read = last value written (entry, compressed, LDS, DRB replay, special MOV); no
//@           write to a faulty block; err_lds_full, err_rel, psu_err never; read beats
//@   params  LANE=0
//@   engine  abc-bmc
//@   depth   15
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds
//@   prep    abc
//@   cut     rc_compress
//@   sizes   DRF_REGS=8, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile quick depth 11
//@ prove read-lane8
//@   checks  8 registers, 8 LDS slots, 16-bit components, lane 8 of an anyconst block, any fault
//@           map: read = last value written (entry, compressed, LDS, DRB replay, special MOV); no
//@           write to a faulty block; err_lds_full, err_rel, psu_err never; read beats
//@   params  LANE=8
//@   engine  abc-bmc
//@   depth   15
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds
//@   prep    abc
//@   cut     rc_compress
//@   sizes   DRF_REGS=8, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile full
//@ cover cover
//@   checks  checked reads of a compressed, a spilled, a replayed and an entry register; a re-patch
//@           from the LDS; a special MOV
//@   params  LANE=0
//@   engine  abc-cover
//@   depth   15
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds
//@   prep    abc
//@   cut     rc_compress
//@   sizes   DRF_REGS=8, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
`include "drf_params.vh"
module dcp_slice_props #(
    parameter integer LANE = 0   // the lane watched: a constant keeps one lane's cone of logic
) (
`include "dcp_slice_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer ROW = `DRF_SW_LANES * W;
    localparam integer RB = `DRF_REG_BITS;
    localparam integer CB = `DRF_CODE_BITS;
    localparam [1:0] EV_SPILL = 2'd3;

`include "dcp_slice_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // decision 14: a fault map is loaded right after a reset, before the first write
    reg fresh = 1'b1;
    always @(posedge clk) fresh <= rst || (fresh && !wr_start);
    always @(*) if (load_map) assume (fresh);

    // the write in flight (decision 6): phase k+1 while block k is due
    wire [2:0] phase;
    reg [RB-1:0] w_reg = 0;
    reg [`DRF_COMPONENTS-1:0] w_mask = 0;
    wire taken = wr_start && !rst && !wr_refused;
    wire [1:0] blk_now = phase[1:0] - 2'd1;
    phase4 u_phase (.clk(clk), .rst(rst), .load(taken), .phase(phase));
    always @(posedge clk)
        if (taken) begin
            w_reg <= wr_reg;
            w_mask <= wr_mask;
        end
    wire w_div = ~&w_mask;
    // the same write at the write port, a cycle behind the Com unit (decision 6a): it ends
    // (ev_done) after the next write may have been taken
    reg x_taken = 1'b0;
    reg [RB-1:0] v_reg = 0;
    reg [`DRF_COMPONENTS-1:0] v_mask = 0;
    always @(posedge clk) begin
        x_taken <= taken;
        if (x_taken) begin
            v_reg <= w_reg;
            v_mask <= w_mask;
        end
    end

    // one component, (watch register, block, LANE): its last value written, known once an
    // active lane of a write has written it since the reset or the last deallocation
    (* anyconst *) reg [RB-1:0] watch;
    (* anyconst *) reg [1:0] wblk;
    localparam [3:0] wlane = LANE;
    reg known = 1'b0;
    reg [W-1:0] val = 0;
    wire writing = wr_busy && (w_reg == watch || v_reg == watch); // decision 16: not checked
    wire dealloc_ok = dealloc && !err_dealloc;
    always @(posedge clk) begin
        if (rst || dealloc_ok)
            known <= 1'b0;
        else if (phase != 3'd0 && w_reg == watch && blk_now == wblk && w_mask[{wblk, wlane}]) begin
            known <= 1'b1;
            val <= wr_data[wlane*W +: W];
        end
    end

    // the RC unit's contract (rc_compress fsm and register groups): deltas C0-C15 exactly in
    // the block-0 cycle of a non-divergent write; compr_final only in its 4th block cycle, and
    // then C0 (block 0, lane 0) with the block-0 codes decompresses to the register written
    wire peek_w_en_delta, peek_compr_final;
    wire [CB-1:0] peek_de, peek_db;
    reg [W-1:0] sh_c0 = 0;
    reg [CB-1:0] sh_de = 0, sh_db = 0;
    always @(posedge clk)
        if (phase == 3'd1)
            {sh_c0, sh_de, sh_db} <= {wr_data[W-1:0], peek_de, peek_db};
    wire [ROW-1:0] ent_blk;
    entry_ref u_ent (.c0(sh_c0), .log2de(sh_de), .log2db(sh_db), .sw(wblk), .comp(ent_blk));
    wire [W-1:0] this_write = wblk == 2'd3 ? wr_data[wlane*W +: W] : val;
    always @(*) begin
        assume (peek_w_en_delta == (phase == 3'd1 && !w_div));
        if (peek_compr_final) begin
            assume (phase == 3'd4 && !w_div);
            if (w_reg == watch)
                assume (ent_blk[wlane*W +: W] == this_write);
        end
    end

    // per read port: a read of the watched register started when its value is known and no
    // write to it is in flight returns the value in the beat of block wblk (decisions 15-16)
    wire settled = !rst && known && !writing;
    wire [2:0] beat_a, beat_b;
    phase4 u_beat_a (.clk(clk), .rst(rst), .load(rd_start_a), .phase(beat_a));
    phase4 u_beat_b (.clk(clk), .rst(rst), .load(rd_start_b), .phase(beat_b));
    reg chk_a = 1'b0, chk_b = 1'b0;
    reg [W-1:0] want_a = 0, want_b = 0;
    always @(posedge clk) begin
        if (rst)
            {chk_a, chk_b} <= 2'b00;
        else begin
            if (rd_start_a)
                {chk_a, want_a} <= {settled && rd_reg_a == watch, val};
            if (rd_start_b)
                {chk_b, want_b} <= {settled && rd_reg_b == watch, val};
        end
    end
    wire seen_a = chk_a && rd_valid_a && rd_blk_a == wblk;
    wire seen_b = chk_b && rd_valid_b && rd_blk_b == wblk;

    // nothing the design writes lands in a faulty block (decision 2)
    wire peek_mem_we, peek_wr_faulty;
    always @(*) begin
        if (!init) begin
            assert (rd_valid_a == (beat_a != 3'd0) && rd_valid_b == (beat_b != 3'd0));
            assert (!rd_valid_a || rd_blk_a == beat_a[1:0] - 2'd1);
            assert (!rd_valid_b || rd_blk_b == beat_b[1:0] - 2'd1);
            if (seen_a)
                assert (rd_data_a[wlane*W +: W] == want_a);
            if (seen_b)
                assert (rd_data_b[wlane*W +: W] == want_b);
            assert (!(peek_mem_we && peek_wr_faulty));
            assert (!err_lds_full && !err_rel && !psu_err);
        end
    end

    // how the watched register was last written (for the covers)
    reg was_comp = 1'b0, was_spill = 1'b0, was_misp = 1'b0, was_mov = 1'b0, w_mov = 1'b0;
    // was_mov: the last write was a special MOV and left the watched lane inactive
    always @(posedge clk) begin
        if (x_taken)
            w_mov <= mov;
        if (rst)
            {was_comp, was_spill, was_misp, was_mov} <= 4'b0000;
        else if (ev_done && v_reg == watch)
            {was_comp, was_spill, was_misp, was_mov} <= {ev_compressed, ev_kind == EV_SPILL,
                                                         ev_misp, w_mov && !v_mask[{wblk, wlane}]};
    end
    wire peek_leave_lds;
    always @(*) begin
        if (!init) begin
            cover (seen_a && was_comp);                  // a compressed register read back
            cover (seen_b && was_spill);                 // a spilled one, from the LDS
            cover (seen_a && was_misp);                  // one replayed from the DRB
            cover (seen_a && !was_comp && !was_spill);   // one in an entry
            cover (peek_leave_lds && w_reg == watch);    // re-patched from the LDS
            cover (seen_a && was_mov);                   // a lane the special MOV kept
        end
    end
endmodule
