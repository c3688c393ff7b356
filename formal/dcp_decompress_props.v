// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch Dec unit (dc-patch paper Section IV-C; docs/dcpatch-comdec-
// decisions.md 13-15): after a load, blocks 0..3 follow one a cycle, and block k is Eq. (2) of
// the loaded entry (C0, De, Db). Unbounded (1-induction, the latched entry as invariant).
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove unwind
//@   checks  blocks 0..3 in the 4 cycles after a load, block k = Eq. (2) of the loaded entry
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_c0=dut.c0_q, peek_de=dut.log2de_q, peek_db=dut.log2db_q
//@ cover cover
//@   checks  block 3 of an entry with non-zero deltas, a load restarting the sequence
//@   engine  sat-cover
//@   depth   6
//@   peeks   peek_c0=dut.c0_q, peek_de=dut.log2de_q, peek_db=dut.log2db_q
`include "drf_params.vh"
module dcp_decompress_props (
`include "dcp_decompress_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer CB = `DRF_CODE_BITS;
    localparam integer ROW = `DRF_SW_LANES * W;

`include "dcp_decompress_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the entry loaded last and the block due: 1..4 for blocks 0..3, 0 when none
    reg [W-1:0] rec_c0 = 0;
    reg [CB-1:0] rec_de = 0, rec_db = 0;
    reg [2:0] due = 3'd0;
    always @(posedge clk) begin
        if (rst)
            due <= 3'd0;
        else if (load) begin
            due <= 3'd1;
            {rec_c0, rec_de, rec_db} <= {c0, log2de, log2db};
        end else
            due <= (due == 3'd0 || due == 3'd4) ? 3'd0 : due + 3'd1;
    end

    wire [ROW-1:0] want;
    entry_ref u_ref (.c0(rec_c0), .log2de(rec_de), .log2db(rec_db), .sw(blk), .comp(want));

    // the latched entry (peek_* wires connected by formal/run.sh after flattening)
    wire [W-1:0] peek_c0;
    wire [CB-1:0] peek_de, peek_db;
    reg loaded = 1'b0;                      // an entry was loaded since the last reset
    always @(posedge clk) loaded <= rst ? 1'b0 : loaded | load;

    always @(*) begin
        if (!init) begin
            assert (valid == (due != 3'd0));
            assert (blk == (valid ? due[1:0] - 2'd1 : 2'd0));
            if (valid)
                assert (data == want);
            // inductive invariants
            assert (due <= 3'd4);
            if (loaded)
                assert ({peek_c0, peek_de, peek_db} == {rec_c0, rec_de, rec_db});
            if (due != 3'd0)
                assert (loaded);
        end
    end

    // covers: all four blocks of a load with non-zero deltas, a load restarting a sequence
    reg [2:0] prev_due = 3'd0;
    always @(posedge clk) prev_due <= due;
    always @(*) begin
        if (!init) begin
            cover (valid && blk == 2'd3 && rec_de != 3'd7 && rec_db != 3'd7 &&
                   data[(`DRF_SW_LANES-1)*W +: W] != rec_c0);
            cover (valid && blk == 2'd0 && prev_due == 3'd2);
        end
    end
endmodule
