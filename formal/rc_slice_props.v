// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RC slice wrapper (aging paper Sections 2.1 and 5.1; docs/rc-decisions.md
// 9-13), by 1-induction: a read returns the last value written to the component, whether the
// register was stored uncompressed, compressed (table + decompression unit) or merged by the
// special MOV. The compression unit and both decompression units are cut (formal/run.sh): their
// outputs are free but for their contracts, assumed here and proven by rc_compress's and
// rc_decompress's tasks (docs/formal.md, Slice wrappers).
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove read-lane0
//@   checks  4 registers, 16-bit components, lane 0 of every subwavefront: read = last value
//@           written (uncompressed, compressed, special MOV); write port timing
//@   params  LANE=0
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_compr_final=dut.compr_final, peek_st_c0=dut.st_c0, peek_st_log2de=dut.st_log2de,
//@           peek_st_log2db=dut.st_log2db, peek_wr_reg=dut.wr_reg_q, peek_wr_mask=dut.wr_mask_q,
//@           peek_wr_mov=dut.wr_mov_q, peek_v=dut.u_table.v, pk_mem[*].w=dut.mem[*]#16,
//@           pk_pay[*].w=dut.u_table.payload[*]#4,
//@           peek_dca_c0=dut.u_dec_a.c0, peek_dca_de=dut.u_dec_a.log2de,
//@           peek_dca_db=dut.u_dec_a.log2db, peek_dca_sw=dut.u_dec_a.sw,
//@           peek_dca_comp=dut.u_dec_a.comp, peek_dcb_c0=dut.u_dec_b.c0,
//@           peek_dcb_de=dut.u_dec_b.log2de, peek_dcb_db=dut.u_dec_b.log2db,
//@           peek_dcb_sw=dut.u_dec_b.sw, peek_dcb_comp=dut.u_dec_b.comp
//@   prep    abc
//@   cut     rc_compress, rc_decompress
//@   sizes   DRF_REGS=4, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@ prove read-lane7
//@   checks  4 registers, 16-bit components, lane 7 of every subwavefront: read = last value
//@           written (uncompressed, compressed); write port timing
//@   params  LANE=7
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_compr_final=dut.compr_final, peek_st_c0=dut.st_c0, peek_st_log2de=dut.st_log2de,
//@           peek_st_log2db=dut.st_log2db, peek_wr_reg=dut.wr_reg_q, peek_wr_mask=dut.wr_mask_q,
//@           peek_wr_mov=dut.wr_mov_q, peek_v=dut.u_table.v, pk_mem[*].w=dut.mem[*]#16,
//@           pk_pay[*].w=dut.u_table.payload[*]#4,
//@           peek_dca_c0=dut.u_dec_a.c0, peek_dca_de=dut.u_dec_a.log2de,
//@           peek_dca_db=dut.u_dec_a.log2db, peek_dca_sw=dut.u_dec_a.sw,
//@           peek_dca_comp=dut.u_dec_a.comp, peek_dcb_c0=dut.u_dec_b.c0,
//@           peek_dcb_de=dut.u_dec_b.log2de, peek_dcb_db=dut.u_dec_b.log2db,
//@           peek_dcb_sw=dut.u_dec_b.sw, peek_dcb_comp=dut.u_dec_b.comp
//@   prep    abc
//@   cut     rc_compress, rc_decompress
//@   sizes   DRF_REGS=4, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile full
//@ prove read-lane8
//@   checks  4 registers, 16-bit components, lane 8 of every subwavefront: read = last value
//@           written (uncompressed, compressed, special MOV); write port timing
//@   params  LANE=8
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_compr_final=dut.compr_final, peek_st_c0=dut.st_c0, peek_st_log2de=dut.st_log2de,
//@           peek_st_log2db=dut.st_log2db, peek_wr_reg=dut.wr_reg_q, peek_wr_mask=dut.wr_mask_q,
//@           peek_wr_mov=dut.wr_mov_q, peek_v=dut.u_table.v, pk_mem[*].w=dut.mem[*]#16,
//@           pk_pay[*].w=dut.u_table.payload[*]#4,
//@           peek_dca_c0=dut.u_dec_a.c0, peek_dca_de=dut.u_dec_a.log2de,
//@           peek_dca_db=dut.u_dec_a.log2db, peek_dca_sw=dut.u_dec_a.sw,
//@           peek_dca_comp=dut.u_dec_a.comp, peek_dcb_c0=dut.u_dec_b.c0,
//@           peek_dcb_de=dut.u_dec_b.log2de, peek_dcb_db=dut.u_dec_b.log2db,
//@           peek_dcb_sw=dut.u_dec_b.sw, peek_dcb_comp=dut.u_dec_b.comp
//@   prep    abc
//@   cut     rc_compress, rc_decompress
//@   sizes   DRF_REGS=4, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile full
//@ prove read-lane15
//@   checks  4 registers, 16-bit components, lane 15 of every subwavefront: read = last value
//@           written (uncompressed, compressed); write port timing
//@   params  LANE=15
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_compr_final=dut.compr_final, peek_st_c0=dut.st_c0, peek_st_log2de=dut.st_log2de,
//@           peek_st_log2db=dut.st_log2db, peek_wr_reg=dut.wr_reg_q, peek_wr_mask=dut.wr_mask_q,
//@           peek_wr_mov=dut.wr_mov_q, peek_v=dut.u_table.v, pk_mem[*].w=dut.mem[*]#16,
//@           pk_pay[*].w=dut.u_table.payload[*]#4,
//@           peek_dca_c0=dut.u_dec_a.c0, peek_dca_de=dut.u_dec_a.log2de,
//@           peek_dca_db=dut.u_dec_a.log2db, peek_dca_sw=dut.u_dec_a.sw,
//@           peek_dca_comp=dut.u_dec_a.comp, peek_dcb_c0=dut.u_dec_b.c0,
//@           peek_dcb_de=dut.u_dec_b.log2de, peek_dcb_db=dut.u_dec_b.log2db,
//@           peek_dcb_sw=dut.u_dec_b.sw, peek_dcb_comp=dut.u_dec_b.comp
//@   prep    abc
//@   cut     rc_compress, rc_decompress
//@   sizes   DRF_REGS=4, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile full
//@ cover cover
//@   checks  checked reads of an uncompressed, a compressed and a special-MOV register
//@   params  LANE=0
//@   engine  abc-cover
//@   depth   13
//@   peeks   peek_compr_final=dut.compr_final, peek_st_c0=dut.st_c0, peek_st_log2de=dut.st_log2de,
//@           peek_st_log2db=dut.st_log2db, peek_wr_reg=dut.wr_reg_q, peek_wr_mask=dut.wr_mask_q,
//@           peek_wr_mov=dut.wr_mov_q, peek_v=dut.u_table.v, pk_mem[*].w=dut.mem[*]#16,
//@           pk_pay[*].w=dut.u_table.payload[*]#4,
//@           peek_dca_c0=dut.u_dec_a.c0, peek_dca_de=dut.u_dec_a.log2de,
//@           peek_dca_db=dut.u_dec_a.log2db, peek_dca_sw=dut.u_dec_a.sw,
//@           peek_dca_comp=dut.u_dec_a.comp, peek_dcb_c0=dut.u_dec_b.c0,
//@           peek_dcb_de=dut.u_dec_b.log2de, peek_dcb_db=dut.u_dec_b.log2db,
//@           peek_dcb_sw=dut.u_dec_b.sw, peek_dcb_comp=dut.u_dec_b.comp
//@   prep    abc
//@   cut     rc_compress, rc_decompress
//@   sizes   DRF_REGS=4, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
`include "drf_params.vh"
module rc_slice_props #(
    parameter integer LANE = 0   // the lane watched: a constant keeps one lane's cone of logic
) (
`include "rc_slice_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer ROW = LANES * W;
    localparam integer RB = `DRF_REG_BITS;

`include "rc_slice_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the write in flight (decision 9): a start is taken when idle or in the last data cycle
    wire [2:0] phase;
    reg [RB-1:0] w_reg = 0;
    reg [`DRF_COMPONENTS-1:0] w_mask = 0;
    reg w_mov = 1'b0;                       // the write is a special MOV (port B lent)
    wire taken = wr_start && (phase == 3'd0 || phase == 3'd4);
    phase4 u_phase (.clk(clk), .rst(rst), .load(taken), .phase(phase));
    always @(posedge clk)
        if (!rst && taken) begin
            w_reg <= wr_reg;
            w_mask <= wr_mask;
            w_mov <= mov;
        end

    // one component, (watch register, subwavefront, lane): its last written value, known once
    // an active lane of a write has written it since the last reset
    (* anyconst *) reg [RB-1:0] watch;
    (* anyconst *) reg [1:0] wsw;
    localparam [3:0] wlane = LANE;
    reg known = 1'b0;
    reg [W-1:0] val = 0;
    wire [1:0] sw_now = phase[1:0] - 2'd1;
    wire writing = phase != 3'd0 && w_reg == watch;   // a read now may see either value
    always @(posedge clk) begin
        if (rst)
            known <= 1'b0;
        else if (writing && sw_now == wsw && w_mask[{wsw, wlane}]) begin
            known <= 1'b1;
            val <= wr_data[wlane*W +: W];
        end
    end

    // the compression unit's contract (rc_compress fsm and register groups): compr_final only
    // in the last data cycle of a non-divergent write, and then its entry decompresses to the
    // register written; here: to the watched component's value in this write
    wire peek_compr_final;
    wire [W-1:0] peek_st_c0;
    wire [`DRF_CODE_BITS-1:0] peek_st_log2de, peek_st_log2db;
    wire [ROW-1:0] ent_sw;
    entry_ref u_ent (.c0(peek_st_c0), .log2de(peek_st_log2de), .log2db(peek_st_log2db), .sw(wsw),
                     .comp(ent_sw));
    wire [W-1:0] this_write = wsw == 2'd3 ? wr_data[wlane*W +: W] : val;
    always @(*) begin
        if (peek_compr_final) begin
            assume (phase == 3'd4 && w_mask == {`DRF_COMPONENTS{1'b1}});
            if (w_reg == watch)
                assume (ent_sw[wlane*W +: W] == this_write);
        end
    end

    // the decompression units' contract, when they are cut (cut rc_decompress; proven for
    // every input by rc_decompress's miters, at this word width by miter-impl1-w16): the
    // watched lane of each unit's output is Eq. (2) (entry_ref) of the unit's inputs. Without
    // the cut the peeks are the units' own ports and this holds by those miters.
    wire [W-1:0] peek_dca_c0, peek_dcb_c0;
    wire [`DRF_CODE_BITS-1:0] peek_dca_de, peek_dca_db, peek_dcb_de, peek_dcb_db;
    wire [1:0] peek_dca_sw, peek_dcb_sw;
    wire [ROW-1:0] peek_dca_comp, peek_dcb_comp, dca_ref, dcb_ref;
    entry_ref u_dca (.c0(peek_dca_c0), .log2de(peek_dca_de), .log2db(peek_dca_db),
                     .sw(peek_dca_sw), .comp(dca_ref));
    entry_ref u_dcb (.c0(peek_dcb_c0), .log2de(peek_dcb_de), .log2db(peek_dcb_db),
                     .sw(peek_dcb_sw), .comp(dcb_ref));
    always @(*) begin
        assume (peek_dca_comp[wlane*W +: W] == dca_ref[wlane*W +: W]);
        assume (peek_dcb_comp[wlane*W +: W] == dcb_ref[wlane*W +: W]);
    end

    // a read of the component asked in a cycle with no write to it in flight is answered in
    // the next cycle with the value (decision 12); port B is lent to the special MOV
    reg chk_a = 1'b0, chk_b = 1'b0;
    reg [W-1:0] want = 0;
    wire ask_a = rd_en_a && rd_reg_a == watch && rd_sw_a == wsw;
    wire ask_b = rd_en_b && rd_reg_b == watch && rd_sw_b == wsw;
    wire settled = !rst && known && !writing;
    always @(posedge clk) begin
        chk_a <= settled && ask_a;
        chk_b <= settled && ask_b && !(phase != 3'd0 && w_mov);
        want <= val;
    end
    // how the watched register was last written (for the covers): compressed, special MOV
    reg was_comp = 1'b0, was_mov = 1'b0;
    always @(posedge clk) begin
        if (rst)
            {was_comp, was_mov} <= 2'b00;
        else if (phase == 3'd4 && w_reg == watch)
            {was_comp, was_mov} <= {peek_compr_final, w_mov};
    end
    always @(*) begin
        if (!init) begin
            cover (chk_a && !was_comp && !was_mov);  // an uncompressed register read back
            cover (chk_b && was_comp);               // a compressed one, through the table
            cover (chk_a && was_mov);                // one merged by the special MOV
        end
    end

    // --- invariants (1-induction, unbounded): the slice's write sequencer is the wrapper's,
    // and the watched component's value is where the read path finds it: in the table entry
    // (Eq. (2)) while the register is compressed, else in its row of the array. The array
    // words, the table's payload words and valid bits are peeks (formal/run.sh maps the
    // memories to words first).
    localparam integer CB = `DRF_CODE_BITS;
    localparam integer NROWS = `DRF_REGS * `DRF_SUBWAVEFRONTS;
    localparam integer PAY = W + 2 * CB;
    wire [RB-1:0] peek_wr_reg;
    wire [`DRF_COMPONENTS-1:0] peek_wr_mask;
    wire peek_wr_mov;
    wire [`DRF_REGS-1:0] peek_v;
    wire [NROWS*ROW-1:0] mem_all;
    wire [`DRF_REGS*PAY-1:0] pay_all;
    genvar gi;
    generate
        for (gi = 0; gi < NROWS; gi = gi + 1) begin : pk_mem
            wire [ROW-1:0] w;                  // peek: the array's row gi
            assign mem_all[gi*ROW +: ROW] = w;
        end
        for (gi = 0; gi < `DRF_REGS; gi = gi + 1) begin : pk_pay
            wire [PAY-1:0] w;                  // peek: the table's payload of register gi
            assign pay_all[gi*PAY +: PAY] = w;
        end
    endgenerate
    wire [RB+1:0] wrow = {watch, wsw};
    reg [W-1:0] in_array;                    // the watched component in the array
    reg [PAY-1:0] pay;                       // the watched register's table payload
    integer r;
    always @(*) begin                        // muxes, not shifts over the whole array
        in_array = 0;
        pay = 0;
        for (r = 0; r < NROWS; r = r + 1)
            if (wrow == r) in_array = mem_all[r*ROW + wlane*W +: W];
        for (r = 0; r < `DRF_REGS; r = r + 1)
            if (watch == r) pay = pay_all[r*PAY +: PAY];
    end
    wire [ROW-1:0] ent_watch;
    entry_ref u_entw (.c0(pay[PAY-1 -: W]), .log2de(pay[2*CB-1 -: CB]), .log2db(pay[CB-1:0]),
                      .sw(wsw), .comp(ent_watch));
    wire fresh = writing && sw_now > wsw;    // the watched row is already the new one
    wire full_mask = &w_mask;
    always @(*) begin
        if (!init) begin
            assert (phase <= 3'd4);
            if (phase != 3'd0) begin
                assert (peek_wr_reg == w_reg && peek_wr_mask == w_mask && peek_wr_mov == w_mov);
                assert (w_mov == (peek_v[w_reg] && !full_mask)); // a MOV exactly on a compressed one
            end
            if (known && peek_v[watch] && !fresh)
                assert (ent_watch[wlane*W +: W] == val);
            if (known && (!peek_v[watch] || fresh))
                assert (in_array == val);
        end
    end

    always @(*) begin
        if (!init) begin
            assert (wr_phase == phase);
            assert (wr_overlap == (wr_start && !taken));
            if (chk_a)
                assert (rd_valid_a && rd_data_a[wlane*W +: W] == want);
            if (chk_b)
                assert (rd_valid_b && rd_data_b[wlane*W +: W] == want);
        end
    end
endmodule
