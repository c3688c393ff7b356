// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch Com unit (dc-patch paper Section IV-C; docs/dcpatch-comdec-
// decisions.md 5-12), bounded from reset: which starts are taken, c_compr = the RC unit's compr
// in the block-0 cycle, a misprediction exactly when block 0 was compressible and the register
// is not, and the DRB replay returns the register written (one $anyconst lane of each block).
// The RC compression unit is cut (formal/run.sh): its outputs are free but for its contract,
// assumed here and proven by rc_compress's tasks (compr in deltas C0-C15 = block 0 fits Eq. (2),
// compr_final = the four blocks fit).
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove spec
//@   checks  starts taken; c_compr = the RC unit's compr at block 0; misp iff block 0 compressible
//@           and compr_final = 0; DRB replay = the register written (RC unit cut to its contract)
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_w_en_delta=dut.w_en_delta, peek_compr=dut.compr,
//@           peek_compr_final=dut.compr_final, peek_wr_valid=dut.u_wr.valid,
//@           peek_wr_blk=dut.u_wr.blk, peek_rp_valid=dut.u_replay.valid,
//@           peek_rp_blk=dut.u_replay.blk, peek_spec=dut.spec, pk_drb[*].w=dut.drb[*]#4
//@   prep    abc
//@   cut     rc_compress
//@ cover cover
//@   checks  a misprediction, a replayed block, a compressed register, a start refused during a
//@           replay
//@   engine  abc-cover
//@   depth   8
//@   peeks   peek_w_en_delta=dut.w_en_delta, peek_compr=dut.compr,
//@           peek_compr_final=dut.compr_final, peek_wr_valid=dut.u_wr.valid,
//@           peek_wr_blk=dut.u_wr.blk, peek_rp_valid=dut.u_replay.valid,
//@           peek_rp_blk=dut.u_replay.blk, peek_spec=dut.spec, pk_drb[*].w=dut.drb[*]#4
//@   prep    abc
//@   cut     rc_compress
`include "drf_params.vh"
module dcp_compress_props (
`include "dcp_compress_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer CB = `DRF_CODE_BITS;
    localparam integer ROW = `DRF_SW_LANES * W;

`include "dcp_compress_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the write in flight (wphase k+1: block k due) and the replay (rphase k+1: block k)
    wire [2:0] wphase, rphase;
    reg wdiv = 1'b0, spec = 1'b0;
    wire first = wphase == 3'd1;

    // the RC unit's contract (rc_compress fsm group): deltas C0-C15 exactly in the block-0
    // cycle of a non-divergent write, compr_final only in its 4th block cycle
    wire peek_w_en_delta, peek_compr, peek_compr_final;
    always @(*) begin
        assume (peek_w_en_delta == (first && !wdiv));
        if (peek_compr_final)
            assume (wphase == 3'd4 && !wdiv);
    end
    wire want_misp = wphase == 3'd4 && spec && !peek_compr_final;
    wire want_accept = start && (wphase == 3'd0 || (wphase == 3'd4 && !want_misp)) &&
                       (rphase == 3'd0 || rphase == 3'd4);
    phase4 u_wphase (.clk(clk), .rst(rst), .load(want_accept), .phase(wphase));
    phase4 u_rphase (.clk(clk), .rst(rst), .load(want_misp), .phase(rphase));
    wire [1:0] wblk = wphase[1:0] - 2'd1;

    // one lane of each block of the write, as the DRB must give it back
    (* anyconst *) reg [3:0] wlane;
    reg [W-1:0] rec_lane [0:3];
    always @(posedge clk) begin
        if (!rst) begin
            if (wphase != 3'd0)
                rec_lane[wblk] <= blk_data[wlane*W +: W];
            if (first)
                spec <= !wdiv && peek_compr;
            if (want_accept)
                wdiv <= divergent;
        end
    end

    // --- invariants (1-induction, unbounded): the unit's beat counters and its speculation bit
    // are the wrapper's phases and spec, and the DRB holds the watched lane of every block of
    // the write so far while it is speculated compressible, and of all four during a replay
    // (peeks; formal/run.sh maps the DRB to words first)
    wire peek_wr_valid, peek_rp_valid, peek_spec;
    wire [1:0] peek_wr_blk, peek_rp_blk;
    wire [4*W-1:0] drb_lane;                  // the watched lane of each DRB word
    integer i;
    genvar gi;
    generate
        for (gi = 0; gi < 4; gi = gi + 1) begin : pk_drb
            wire [ROW-1:0] w;                  // peek: DRB word gi
            reg [W-1:0] lw;
            integer l;
            always @(*) begin                  // a mux, not a shift over the word
                lw = 0;
                for (l = 0; l < `DRF_SW_LANES; l = l + 1)
                    if (wlane == l) lw = w[l*W +: W];
            end
            assign drb_lane[gi*W +: W] = lw;
        end
    endgenerate
    always @(*) begin
        if (!init) begin
            assert (wphase <= 3'd4 && rphase <= 3'd4);
            assert (peek_wr_valid == (wphase != 3'd0) && peek_wr_blk == (wphase != 3'd0 ? wblk : 2'd0));
            assert (peek_rp_valid == (rphase != 3'd0) &&
                    peek_rp_blk == (rphase != 3'd0 ? rphase[1:0] - 2'd1 : 2'd0));
            if (wphase >= 3'd2)
                assert (peek_spec == spec);
            if (rphase != 3'd0)
                assert (wphase == 3'd0 && peek_spec);   // no write during a replay
            for (i = 0; i < 4; i = i + 1)
                if (rphase != 3'd0 || (wphase >= 3'd2 && spec && i < wblk))
                    assert (drb_lane[i*W +: W] == rec_lane[i]);
        end
    end

    always @(*) begin
        if (!init) begin
            assert (err_busy == (start && !want_accept));
            assert (done == (wphase == 3'd4));
            assert (c_compr == (first && !wdiv && peek_compr));  // the block-0 verdict
            assert (compressed == peek_compr_final);
            assert (misp == want_misp);
            assert (replay_valid == (rphase != 3'd0) && busy == replay_valid);
            if (replay_valid) begin
                assert (replay_blk == rphase[1:0] - 2'd1);
                assert (replay_data[wlane*W +: W] == rec_lane[replay_blk]);
            end else
                assert (replay_data == 0);
        end
    end

    // covers: a misprediction, a replayed block, a compressed register, a refused start
    always @(*) begin
        if (!init) begin
            cover (misp);
            cover (replay_valid && replay_blk == 2'd1 && replay_data != 0);
            cover (compressed);
            cover (err_busy && replay_valid);
        end
    end
endmodule
