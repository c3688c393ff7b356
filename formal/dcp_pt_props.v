// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch Patching Table (dc-patch paper Sections IV-B and IV-D;
// docs/dcpatch-pt-decisions.md): a read returns the last row written or zero (shadow of an
// $anyconst row), the walk visits each window row once and releases it, and after it every row
// of the window is invalid unless written since its visit. Covers: a completed walk.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove table
//@   checks  reads = last row written or zero (anyconst row); walk: one row per cycle, release,
//@           flags; window invalid after the walk
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_ptr=dut.ptr, peek_left=dut.left
//@   prep    abc
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
//@ cover cover
//@   checks  completed walk of 3 rows with a release, walk to the last row, conflict, refused
//@           requests
//@   engine  sat-cover
//@   depth   6
//@   peeks   peek_ptr=dut.ptr, peek_left=dut.left
//@   sizes   DRF_REGS=16, DRF_LDS_SPILL_SLOTS=8
`include "drf_params.vh"
module dcp_pt_props (
`include "dcp_pt_ports.vh"
);
    localparam integer RB = `DRF_REG_BITS;
    localparam integer PAYLOAD = `DRF_PT_ROW_BITS - 1;

`include "dcp_pt_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the walk as decisions 8-10 and 18 describe it: accepted when idle with a legal window,
    // then one row per cycle from the next cycle on, reg_base first, ascending
    wire window_bad = n == 0 || reg_base + n > `DRF_REGS;
    wire accept = dealloc && !busy && !window_bad;
    reg [RB:0] walk_base = 0, walk_end = 0;  // the window being walked, [walk_base, walk_end)
    reg [RB:0] at = 0;                       // row visited this cycle
    reg walking = 1'b0;
    always @(posedge clk) begin
        if (rst)
            walking <= 1'b0;
        else if (walking) begin
            at <= at + 1'b1;
            walking <= at + 1'b1 != walk_end;
        end else if (accept) begin
            walk_base <= reg_base;
            walk_end <= reg_base + n;
            at <= reg_base;
            walking <= 1'b1;
        end
    end

    // the row `watch`: valid bit and fields as writes, visits and resets leave them
    (* anyconst *) reg [RB-1:0] watch;
    reg sh_v = 1'b0;
    reg [PAYLOAD-1:0] sh_row = 0;
    reg wr_since_visit = 1'b0;               // written in or after its visit by this walk
    wire visit = walking && at == watch;
    wire wr = we && waddr == watch;
    always @(posedge clk) begin
        if (rst)
            sh_v <= 1'b0;
        else begin
            if (visit)
                sh_v <= 1'b0;
            if (wr) begin                    // the write wins a conflict (decision 15)
                sh_v <= wv;
                sh_row <= {wc, wm, wentry, wblk};
            end
        end
        if (accept || visit)
            wr_since_visit <= wr;
        else if (wr)
            wr_since_visit <= 1'b1;
    end
    wire [PAYLOAD-1:0] sh_read = sh_v ? sh_row : {PAYLOAD{1'b0}};
    wire in_window = {1'b0, watch} >= walk_base && {1'b0, watch} < walk_end;

    // Reads change no state, so pinning the three read ports to `watch` loses no behaviour
    // (watch is any row, and each port is its own multiplexer); src0's read is the inductive
    // invariant. Free read addresses would only add two 256:1 multiplexers to the SAT problem.
    always @(*) assume (src0 == watch && src1 == watch && dest == watch);

    reg prev_walking = 1'b0, prev_rst = 1'b1;
    always @(posedge clk) begin
        prev_walking <= walking;
        prev_rst <= rst;
    end

    always @(*) begin
        if (!init) begin
            // reads: the last row written, zero when invalid (decisions 4-6)
            assert (v_src0 == sh_v && {c_src0, m_src0, entry_src0, blk_src0} == sh_read);
            assert (v_src1 == sh_v && {c_src1, m_src1, entry_src1, blk_src1} == sh_read);
            assert (v_dest == sh_v && {c_dest, m_dest, entry_dest, blk_dest} == sh_read);
            // the walk and its flags (decisions 9, 11, 14, 15)
            assert (busy == walking);
            assert (err_busy == (dealloc && walking));
            assert (err_window == (dealloc && window_bad));
            assert (err_conflict == (we && walking && waddr == at[RB-1:0]));
            if (!walking)
                assert (!rel_valid && {rel_c, rel_m, rel_entry, rel_blk} == 0);
            if (visit)
                assert (rel_valid == sh_v && {rel_c, rel_m, rel_entry, rel_blk} == sh_read);
            // after a walk every row of its window is invalid, unless written since its visit
            if (prev_walking && !walking && !prev_rst && in_window && !wr_since_visit)
                assert (!v_src0);
            // inductive invariants: the walk state, rows already visited
            assert (walk_end <= `DRF_REGS && walk_base < walk_end || !walking);
            if (walking) begin
                assert (at >= walk_base && at < walk_end);
                if ({1'b0, watch} >= walk_base && {1'b0, watch} < at && !wr_since_visit)
                    assert (!sh_v);
            end
            if (!walking && in_window && !wr_since_visit && prev_walking && !prev_rst)
                assert (!sh_v);
        end
    end
    // the walk's pointer and count (peek_* wires that formal/run.sh connects after flattening)
    wire [RB-1:0] peek_ptr;
    wire [RB:0] peek_left;
    always @(*) begin
        if (!init) begin
            assert (peek_left == (walking ? walk_end - at : 0));
            if (walking)
                assert (peek_ptr == at[RB-1:0]);
        end
    end

    // covers: a walk of a window of 3 rows completes with the watched row released; a
    // write in the visit cycle (conflict); refused requests
    reg released = 1'b0;
    always @(posedge clk) released <= rst || accept ? 1'b0 : released | (visit && rel_valid);
    always @(*) begin
        if (!init) begin
            cover (prev_walking && !walking && !prev_rst && walk_end - walk_base == 3 &&
                   released && !v_src0);
            cover (visit && rel_valid && rel_c);
            cover (err_conflict && wv);
            cover (err_busy);
            cover (err_window);
            cover (prev_walking && !walking && !prev_rst && walk_end == `DRF_REGS);
        end
    end
endmodule
