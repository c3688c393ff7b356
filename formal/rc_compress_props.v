// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RC compression unit (aging paper Section 5.1.1, Figs. 8-9,
// Table 1), in three wrappers proven separately (formal/run.sh): the control FSM, the
// computing-deltas module against Eq. (2), and the whole register over the four cycles.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove fsm
//@   checks  Table 1 outputs per state, only Fig. 9 transitions (start wins), compr_final, PG
//@   top     rc_compress_fsm_props
//@   engine  smt-ind
//@   depth   1
//@ prove deltas-impl0
//@   checks  computing deltas (IMPL 0) == Eq. (2) per subwavefront, both comp_deltas, legal deltas
//@   top     rc_compress_deltas_props
//@   params  IMPL=0
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove deltas-impl1
//@   checks  computing deltas (IMPL 1, carry-free compares) == Eq. (2), the same
//@   top     rc_compress_deltas_props
//@   params  IMPL=1
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove register-impl0
//@   checks  IMPL 0: compr_final iff the 4 subwavefronts fit De, Db of the first; entry
//@           decompresses to Eq. (2); st_reg
//@   top     rc_compress_reg_props
//@   params  IMPL=0
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_de_buf=dut.de_buf, peek_db_buf=dut.db_buf, peek_cprev=dut.cprev
//@   profile full
//@ prove register-impl1
//@   checks  IMPL 1 (8-bit delta buffers): the same
//@   top     rc_compress_reg_props
//@   params  IMPL=1
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_de_buf=dut.de_buf, peek_db_buf=dut.db_buf, peek_cprev=dut.cprev
//@ prove equiv-deltas
//@   checks  optimised == straightforward computing deltas: IMPL 1 and 0 in a miter -equiv
//@   top     rc_compress_deltas
//@   engine  sat-comb
//@   depth   1
//@   prep    equiv
//@ prove equiv
//@   checks  optimised == straightforward unit: sequential miter of IMPL 1 and 0, every output
//@           every cycle from reset
//@   top     rc_compress_equiv_props
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_de0=gold.de_buf, peek_db0=gold.db_buf, peek_cprev0=gold.cprev,
//@           peek_de1=gate.de_buf, peek_db1=gate.db_buf, peek_cprev1=gate.cprev
//@ cover fsm
//@   checks  every state and Fig. 9 transition, compressed and uncompressed final state
//@   top     rc_compress_fsm_props
//@   engine  abc-cover
//@   depth   8
//@ cover deltas
//@   checks  compressible subwavefront with non-zero deltas, both comp_deltas
//@   top     rc_compress_deltas_props
//@   engine  sat-cover
//@   depth   1
`include "drf_params.vh"

// ---------------------------------------------------------------------------------------
// rc_compress_fsm_props: Table 1's outputs in every state, only Fig. 9's transitions (start
// wins, docs/rc-decisions.md decision 5), compr_final = final_st & compr, PG = ~compr_final.
// State-only properties of the whole unit: proven by 1-induction. Covers: every state and
// every transition of Fig. 9, compressed and uncompressed final states.
// ---------------------------------------------------------------------------------------
module rc_compress_fsm_props #(
    parameter integer IMPL = 1
) (
`include "rc_compress_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam [2:0] IDLE = 3'd0, S0 = 3'd1, S1 = 3'd2, S2 = 3'd3, S3 = 3'd4;

`include "rc_compress_dut.vh"

    // the first cycle is a reset
    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // Table 1, a Moore output per state {W_en_delta, W_en_C, comp_deltas, final_st, W_en_st}
    reg [4:0] table1;
    always @(*) begin
        case (state)
            IDLE:    table1 = 5'b00000;
            S0:      table1 = 5'b11000;
            S1:      table1 = 5'b01100;
            S2:      table1 = 5'b01100;
            S3:      table1 = 5'b00111;
            default: table1 = 5'b00000;
        endcase
    end

    // Fig. 9's next state, from this cycle's inputs and compr
    reg [2:0] expected_next;
    always @(*) begin
        if (start)
            expected_next = divergent ? IDLE : S0;
        else if (state == S0 || state == S1 || state == S2)
            expected_next = compr ? state + 3'd1 : IDLE;
        else
            expected_next = IDLE;
    end
    reg [2:0] prev_expected = IDLE;
    reg prev_rst = 1'b1;
    always @(posedge clk) begin
        prev_expected <= expected_next;
        prev_rst <= rst;
    end

    always @(*) begin
        if (!init) begin
            assert (state <= S3);                                  // no other state
            assert ({w_en_delta, w_en_c, comp_deltas, final_st, w_en_st} == table1);
            assert (compr_final == (final_st && compr));           // the final multiplexer
            assert (pg == !compr_final);
            assert (state == (prev_rst ? IDLE : prev_expected));   // only Fig. 9's arcs
        end
    end

    // covers: every state, every transition of Fig. 9, both outcomes of the final state
    reg [2:0] prev_state = IDLE;
    always @(posedge clk) prev_state <= state;
    always @(*) begin
        if (!init && !prev_rst) begin
            cover (prev_state == IDLE && state == IDLE);
            cover (prev_state == IDLE && state == S0);
            cover (prev_state == S0 && state == S1);
            cover (prev_state == S0 && state == IDLE);
            cover (prev_state == S0 && state == S0);   // aborted by a new start
            cover (prev_state == S1 && state == S2);
            cover (prev_state == S1 && state == IDLE);
            cover (prev_state == S1 && state == S0);
            cover (prev_state == S2 && state == S3);
            cover (prev_state == S2 && state == IDLE);
            cover (prev_state == S2 && state == S0);
            cover (prev_state == S3 && state == IDLE);
            cover (prev_state == S3 && state == S0);   // back-to-back writes
            cover (state == S3 && compr_final);        // a compressed register
            cover (state == S3 && !compr_final);       // fails only in the last subwavefront
        end
    end
endmodule

// ---------------------------------------------------------------------------------------
// rc_compress_deltas_props: the computing-deltas module (Fig. 8) against Eq. (2) written with
// multiplications, one subwavefront, combinational. comp_deltas = 0 (first subwavefront):
// compr iff every component j is C0 + (j/8)*Db + (j%8)*De with De = C1 - C0, Db = C8 - C0,
// both legal (0 or 2^k, k <= 6, as a list). comp_deltas = 1: the same with De = de_buf,
// Db = db_buf and, across the subwavefronts, C0 = cprev + Db. ref_e / ref_b are the deltas
// the unit buffers (and encodes on ref_log2de / ref_log2db).
// ---------------------------------------------------------------------------------------
module rc_compress_deltas_props #(
    parameter integer IMPL = 1 // rc_compress_deltas variant (formal/run.sh proves both)
) (
    input wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] sw_data,
    input wire                                    comp_deltas,
    input wire [`DRF_WORD_BITS-1:0]               de_buf,
    input wire [`DRF_WORD_BITS-1:0]               db_buf,
    input wire [`DRF_WORD_BITS-1:0]               cprev
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer BS = `DRF_BLOCK_SIZE;

    wire [W-1:0] ref_e, ref_b;
    wire compr;
    rc_compress_deltas #(.IMPL(IMPL)) dut (.sw_data(sw_data), .comp_deltas(comp_deltas), .de_buf(de_buf),
                            .db_buf(db_buf), .cprev(cprev), .ref_e(ref_e), .ref_b(ref_b),
                            .compr(compr));


    wire [W-1:0] c0 = sw_data[0 +: W];
    wire [W-1:0] de = comp_deltas ? de_buf : sw_data[W +: W] - c0;
    wire [W-1:0] db = comp_deltas ? db_buf : sw_data[BS*W +: W] - c0;

    wire [LANES-1:0] lane_fits;
    genvar j;
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_lane
            wire [2:0] blk = j / BS;
            wire [2:0] el = j % BS;
            assign lane_fits[j] = sw_data[j*W +: W] == c0 + blk * db + el * de;
        end
    endgenerate
    wire legal_de, legal_db;
    legal_ref u_le (.d(de), .legal(legal_de));
    legal_ref u_lb (.d(db), .legal(legal_db));
    wire fits = (&lane_fits) && legal_de && legal_db && (!comp_deltas || c0 == cprev + db);

    always @(*) begin
        assert (compr == fits);
        assert (ref_e == de);
        assert (ref_b == db);
        cover (compr && !comp_deltas && de != 0 && db != 0);
        cover (compr && comp_deltas && de != 0 && db != 0);
    end
endmodule

// ---------------------------------------------------------------------------------------
// rc_compress_reg_props: the whole register over its four cycles, in the paper's terms (the
// deltas of every subwavefront are compared with De = C1 - C0 and Db = C8 - C0 of the first
// one). A shadow records C0, De, Db of subwavefront 0 and C8 of the previous subwavefront and
// checks each subwavefront: every element delta inside a block is De, C8 - C0 is Db, C0 minus
// the previous C8 is Db (from the second one on), De and Db legal. Asserted: compr_final
// exactly when all four fit, and only in the last cycle of a write; the table entry written
// then is C0 and the codes of De and Db, and decompresses through rc_decompress to Eq. (2) of
// them (together with rc_compress_deltas_props this is the round trip to the register);
// st_reg is the write's dst. Inductive invariants tie the FSM state and the buffers (de_buf,
// db_buf, cprev: peek_* wires that formal/run.sh connects after flattening) to the shadow, so
// the proof is unbounded: 1-induction covers resets, aborted and back-to-back writes.
// ---------------------------------------------------------------------------------------
module rc_compress_reg_props #(
    parameter integer IMPL = 1 // rc_compress variant (formal/run.sh proves both)
) (
`include "rc_compress_ports.vh",
    input wire [1:0] rt_sw // subwavefront the round trip reads
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer BS = `DRF_BLOCK_SIZE;
    localparam [2:0] IDLE = 3'd0, S0 = 3'd1;

`include "rc_compress_dut.vh"

    // internal buffers of the unit, connected by formal/run.sh (connect -set after flatten)
    wire [W-1:0] peek_de_buf, peek_db_buf, peek_cprev;

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);


    // the write in flight: phase k+1 while its subwavefront k arrives, 0 without a write
    reg [2:0] phase = 3'd0;
    reg ok = 1'b0;                    // every subwavefront so far fits
    reg [W-1:0] rec_c0 = 0, rec_de = 0, rec_db = 0, rec_c8 = 0;
    reg [`DRF_REG_BITS-1:0] rec_dst = 0;

    wire first = phase == 3'd1;
    wire [W-1:0] c0_now = sw_data[0 +: W];
    wire [W-1:0] de_first, db_first;   // the deltas of subwavefront 0, while it arrives
    wire fits_now;
    sw_fits u_fits (.sw_data(sw_data), .first(first), .rec_de(rec_de), .rec_db(rec_db),
                    .rec_c8(rec_c8), .de(de_first), .db(db_first), .fits(fits_now));

    always @(posedge clk) begin
        if (rst) begin
            phase <= 3'd0;
            ok <= 1'b0;
            rec_dst <= 0;
        end else begin
            if (phase != 3'd0) begin
                ok <= (first || ok) && fits_now;
                rec_c8 <= sw_data[BS*W +: W];
            end
            if (first) begin
                rec_c0 <= c0_now;
                rec_de <= de_first;
                rec_db <= db_first;
            end
            if (start) begin
                phase <= divergent ? 3'd0 : 3'd1;
                rec_dst <= dst;
            end else
                phase <= (phase == 3'd0 || phase == 3'd4) ? 3'd0 : phase + 3'd1;
        end
    end

    // the table entry: codes decoded as the decompression unit reads them, and decompressed
    // subwavefront rt_sw against Eq. (2) of the register's deltas (formal/common.v)
    wire [W-1:0] de_dec, db_dec;
    code_value u_de (.code(st_log2de), .value(de_dec));
    code_value u_db (.code(st_log2db), .value(db_dec));
    wire [LANES*W-1:0] unwound, rt_want;
    rc_decompress #(.IMPL(IMPL)) u_dec (.c0(st_c0), .log2de(st_log2de), .log2db(st_log2db),
                                        .sw(rt_sw), .en(1'b1), .comp(unwound));
    eq2_ref u_ref (.c0(rec_c0), .de(rec_de), .db(rec_db), .sw(rt_sw), .comp(rt_want));
    wire lane_rt = unwound == rt_want;
    wire rec_legal_de, rec_legal_db;
    legal_ref u_rle (.d(rec_de), .legal(rec_legal_de));
    legal_ref u_rlb (.d(rec_db), .legal(rec_legal_db));

    always @(*) begin
        if (!init) begin
            // the properties
            assert (compr_final == (phase == 3'd4 && ok && fits_now));
            if (compr_final) begin
                assert (st_c0 == rec_c0 && de_dec == rec_de && db_dec == rec_db);
                assert (lane_rt);
            end
            assert (st_reg == rec_dst);
            // inductive invariants: FSM and buffers against the shadow
            assert (phase <= 3'd4);
            if (phase == 3'd0) assert (state == IDLE);
            if (phase == 3'd1) assert (state == S0);
            if (phase >= 3'd2) begin
                assert (state == (ok ? phase : IDLE));
                if (ok) begin
                    assert (st_c0 == rec_c0);
                    assert (peek_de_buf == rec_de);
                    assert (peek_db_buf == rec_db);
                    assert (peek_cprev == rec_c8);
                    assert (rec_legal_de && rec_legal_db);
                end
            end
        end
    end
endmodule

// ---------------------------------------------------------------------------------------
// rc_compress_equiv_props: the optimised unit (IMPL 1) against the straightforward one (IMPL 0,
// Figs. 8-9 as drawn; docs/synth.md, Area work), a sequential miter: both see the same inputs
// from reset and every output agrees in every cycle. Inductive invariant: the same FSM state,
// C0 and C_{i*8-8} buffers, and IMPL 1's 8-bit delta buffers are IMPL 0's through to_buf
// (bits 0..6 and "any of bits 7..31"); peek_* wires are connected by formal/run.sh.
// ---------------------------------------------------------------------------------------
module rc_compress_equiv_props (
    input wire                                    clk,
    input wire                                    rst,
    input wire                                    start,
    input wire                                    divergent,
    input wire [`DRF_REG_BITS-1:0]                dst,
    input wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] sw_data
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LOW = `DRF_MAX_LOG2 + 1;
    localparam integer OUTS = 3 + 8 + `DRF_REG_BITS + W + 4 * `DRF_CODE_BITS;

    wire [OUTS-1:0] out0, out1;
    rc_compress #(.IMPL(0)) gold (
        .clk(clk), .rst(rst), .start(start), .divergent(divergent), .dst(dst),
        .sw_data(sw_data), .state(out0[2:0]), .w_en_delta(out0[3]), .w_en_c(out0[4]),
        .comp_deltas(out0[5]), .final_st(out0[6]), .w_en_st(out0[7]), .compr(out0[8]),
        .compr_final(out0[9]), .pg(out0[10]), .st_reg(out0[11 +: `DRF_REG_BITS]),
        .st_c0(out0[11 + `DRF_REG_BITS +: W]), .st_log2de(out0[OUTS-12 +: 3]),
        .st_log2db(out0[OUTS-9 +: 3]), .ref_log2de(out0[OUTS-6 +: 3]),
        .ref_log2db(out0[OUTS-3 +: 3]));
    rc_compress #(.IMPL(1)) gate (
        .clk(clk), .rst(rst), .start(start), .divergent(divergent), .dst(dst),
        .sw_data(sw_data), .state(out1[2:0]), .w_en_delta(out1[3]), .w_en_c(out1[4]),
        .comp_deltas(out1[5]), .final_st(out1[6]), .w_en_st(out1[7]), .compr(out1[8]),
        .compr_final(out1[9]), .pg(out1[10]), .st_reg(out1[11 +: `DRF_REG_BITS]),
        .st_c0(out1[11 + `DRF_REG_BITS +: W]), .st_log2de(out1[OUTS-12 +: 3]),
        .st_log2db(out1[OUTS-9 +: 3]), .ref_log2de(out1[OUTS-6 +: 3]),
        .ref_log2db(out1[OUTS-3 +: 3]));

    wire [W-1:0] peek_de0, peek_db0, peek_cprev0, peek_de1, peek_db1, peek_cprev1;
    function [W-1:0] to_buf;
        input [W-1:0] d;
        to_buf = {{(W-LOW-1){1'b0}}, |d[W-1:LOW], d[LOW-1:0]};
    endfunction

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);
    always @(*) begin
        if (!init) begin
            assert (out0 == out1);                           // the miter
            assert (peek_de1 == to_buf(peek_de0));           // inductive invariants
            assert (peek_db1 == to_buf(peek_db0));
            assert (peek_cprev1 == peek_cprev0);
        end
    end
endmodule
