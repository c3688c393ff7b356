// SPDX-License-Identifier: Apache-2.0
// Formal properties of the PV/NBTI banked register file (pv-nbti-banked-rf paper Sections
// 3.2-3.3.1, 4.2; docs/pv-decisions.md D14-D18), unbounded, at reduced parameters (VEC_BITS = 4,
// ROWS = 4: module parameters; DRF_PV_BLOCKS = 2): a granted read of an anyconst (warp, reg)
// returns the last value written to it since its block's launch, whatever other blocks launched
// (renamed) or retired. Assume-guarantee (docs/formal.md, PV/NBTI): the organization table, the
// store and the busy arbiter are cut and assumed to keep the contracts that pv_bank_org's,
// the `store` group's and pv_busy_arb's proofs give; the store is watched at one anyconst
// address A, so the read is checked half by half (anyconst half h).
//@ prove store
//@   checks  store contract (anyconst address A): once written, a read whose half 0 or 1 is at A
//@           returns the last half written to A
//@   top     pv_rf_store_props
//@   params  VEC_BITS=4, ROWS=4
//@   engine  abc-pdr
//@   depth   0
//@ prove spec
//@   checks  anyconst (warp, reg), half h, address A: read = last value written since the block's
//@           launch, across other blocks' launches and retires; granted accesses use two distinct
//@           sub-banks; errors refuse
//@   params  VEC_BITS=4, ROWS=4
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_owned=dut.warp_owned, peek_wblock=dut.warp_block, peek_live=dut.block_live,
//@           peek_kshift=dut.kshift, peek_rows=dut.u_ren.rows, peek_t0=dut.t_sb0,
//@           peek_t1=dut.t_sb1, peek_ook=dut.ook, peek_row=dut.row_full, peek_q=dut.store_q
//@   cut     pv_bank_org, pv_rf_store, pv_busy_arb
//@   sizes   DRF_PV_BLOCKS=2
//@ cover cover
//@   checks  a checked read after another block was launched between the write and the read; a slow
//@           access stalled then granted
//@   params  VEC_BITS=4, ROWS=4
//@   engine  abc-cover
//@   depth   8
//@   peeks   peek_owned=dut.warp_owned, peek_wblock=dut.warp_block, peek_live=dut.block_live,
//@           peek_kshift=dut.kshift, peek_rows=dut.u_ren.rows, peek_t0=dut.t_sb0,
//@           peek_t1=dut.t_sb1, peek_ook=dut.ook, peek_row=dut.row_full, peek_q=dut.store_q
//@   cut     pv_bank_org, pv_rf_store, pv_busy_arb
//@   sizes   DRF_PV_BLOCKS=2
`include "drf_params.vh"
module pv_rf_props #(
    parameter integer VEC_BITS = `DRF_PV_VEC_BITS,
    parameter integer ROWS = `DRF_PV_ENTRIES,
    parameter integer ROW_BITS = $clog2(ROWS),
    parameter integer DB = `DRF_PV_DELAY_BITS,
    parameter integer KB = `DRF_PV_BLOCK_BITS,
    parameter integer NBLK = `DRF_PV_BLOCKS
) (
`include "pv_rf_ports.vh",
    input wire [47:0] peek_owned,
    input wire [48*KB-1:0] peek_wblock,
    input wire [NBLK-1:0] peek_live,
    input wire [1:0] peek_kshift,
    input wire [NBLK*64-1:0] peek_rows,
    input wire [79:0] peek_t0,
    input wire [79:0] peek_t1,
    input wire peek_ook,
    input wire [7:0] peek_row,
    input wire [VEC_BITS-1:0] peek_q
);
    localparam integer HALF = VEC_BITS / 2;
    localparam integer RB = $clog2(ROWS);
`include "pv_rf_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // --- the organization table's contract (pv_bank_org's proofs, docs/formal.md) ---
    // lookup = table entry; idle: the 32 sub-banks of the table are distinct (a permutation),
    // and kept (still idle) unless a re-organization starts
    reg idle_kept = 1'b0;
    reg [79:0] t0_was, t1_was;
    always @(posedge clk) begin
        idle_kept <= !rst && !org_busy && !peek_ook;
        t0_was <= peek_t0;
        t1_was <= peek_t1;
    end
    wire [159:0] sbs = {peek_t1, peek_t0};
    integer i, j;
    always @(*) begin
        assume (sb0 == peek_t0[vbank*5 +: 5] && sb1 == peek_t1[vbank*5 +: 5]);
        if (!org_busy)
            for (i = 0; i < 32; i = i + 1)
                for (j = i + 1; j < 32; j = j + 1)
                    assume (sbs[i*5 +: 5] != sbs[j*5 +: 5]);
        if (!init && idle_kept)
            assume (!org_busy && peek_t0 == t0_was && peek_t1 == t1_was);
    end

    // --- the busy arbitration's contract (pv_busy_arb's proof: grant = req & ~busy, stall =
    // req & busy): only a legal access is granted or stalled, never both ---
    always @(*) assume (!(grant && stall) && ((grant || stall) ? req && !err_access : 1'b1));

    // --- the store's contract at one address A (the `store` group proves it) ---
    (* anyconst *) reg [5+RB-1:0] A;
    reg known_a = 1'b0;
    reg [HALF-1:0] mem_a = 0;
    wire [5+RB-1:0] a0 = {sb0, peek_row[RB-1:0]}, a1 = {sb1, peek_row[RB-1:0]};
    always @(posedge clk)
        if (grant && we && (a0 == A || a1 == A)) begin
            known_a <= 1'b1;
            mem_a <= a1 == A ? wdata[VEC_BITS-1:HALF] : wdata[HALF-1:0];
        end
    always @(*) begin
        if (known_a && a0 == A)
            assume (peek_q[HALF-1:0] == mem_a);
        if (known_a && a1 == A)
            assume (peek_q[VEC_BITS-1:HALF] == mem_a);
    end

    // --- the watched register (ww, wr): its block, the value written since the launch ---
    (* anyconst *) reg [5:0] ww;
    (* anyconst *) reg [5:0] wr;
    (* anyconst *) reg h; // the half checked
    reg        owned = 1'b0, valid = 1'b0, launched_since = 1'b0;
    reg [KB-1:0] blk = 0;
    reg [VEC_BITS-1:0] value = 0;
    wire in_launch = launch && !err_launch && ww >= launch_first && ww <= launch_last;
    wire in_retire = retire && !err_retire && owned && retire_block == blk;
    wire hit = req && warp == ww && reg_id == wr;
    always @(posedge clk) begin
        if (rst) begin
            owned <= 1'b0;
            valid <= 1'b0;
        end else begin
            if (hit && grant && we) begin
                valid <= 1'b1;
                value <= wdata;
                launched_since <= 1'b0;
            end
            if (launch && !err_launch && !in_launch)
                launched_since <= 1'b1;
            if (in_retire) begin
                owned <= 1'b0;
                valid <= 1'b0;
            end
            if (in_launch) begin
                owned <= 1'b1;
                blk <= launch_block;
                valid <= 1'b0;
            end
        end
    end

    reg stalled = 1'b0;
    always @(posedge clk) stalled <= !rst && hit && stall && slow;

    // the watched half's address from the state: Eq. (3), the block's renaming row, the table
    wire [3:0] w_bank;
    /* verilator lint_off PINCONNECTEMPTY */
    pv_bank_map u_wmap (.warp(ww), .reg_id(wr), .fast_regs(7'd0), .bank(w_bank), .bank_fba(),
                        .fba_fast());
    /* verilator lint_on PINCONNECTEMPTY */
    wire [3:0] w_vbank = peek_rows[{blk, w_bank} * 4 +: 4];
    wire [4:0] w_sb = h ? peek_t1[w_vbank*5 +: 5] : peek_t0[w_vbank*5 +: 5];
    wire [7:0] w_row_full = {2'b0, ww} << peek_kshift | {6'b0, wr[5:4]};
    wire [5+RB-1:0] w_addr = {w_sb, w_row_full[RB-1:0]};
    wire [HALF-1:0] value_h = h ? value[VEC_BITS-1:HALF] : value[HALF-1:0];
    wire [HALF-1:0] rdata_h = h ? rdata[VEC_BITS-1:HALF] : rdata[HALF-1:0];
    wire [5+RB-1:0] r_addr = h ? a1 : a0;

    integer w, p, q;
    always @(*) begin
        if (!init) begin
            // the requirement, for every (ww, wr), half h and address A: so for every read
            if (hit && grant && !we && valid && r_addr == A)
                assert (rdata_h == value_h);
            if (grant)
                assert (sb0 != sb1);
            if (hit && req && !owned)
                assert (err_access && !grant);
            assert (!(in_launch && owned)); // a launch never takes an owned warp
            // D16: a launch and a re-organization are never both accepted in one cycle
            assert (!(launch && !err_launch && reorg && !err_reorg));
            // invariants: the ownership bookkeeping, every owned warp's rows inside the store,
            // the watched block's renaming row a permutation, its address fixed while valid
            assert (owned == (ww < 48 && peek_owned[ww])); // (no x bit beyond warp 47)
            assert (peek_kshift != 2'd3);
            for (w = 0; w < 48; w = w + 1)
                if (peek_owned[w])
                    assert (peek_live[peek_wblock[w*KB +: KB]] &&
                            ({3'b0, w[5:0]} + 1'b1) << peek_kshift <= ROWS);
            if (owned) begin
                assert (peek_wblock[ww*KB +: KB] == blk);
                for (p = 0; p < 16; p = p + 1)
                    for (q = p + 1; q < 16; q = q + 1)
                        assert (peek_rows[{blk, p[3:0]} * 4 +: 4] != peek_rows[{blk, q[3:0]} * 4 +: 4]);
            end
            if (owned)
                assert (ww < 48);
            if (valid) // written, so a legal register, at its address since
                assert (owned && !org_busy && {1'b0, wr} < 7'd16 << peek_kshift &&
                        (w_addr == A ? known_a && mem_a == value_h : 1'b1));
            cover (hit && grant && !we && valid && launched_since);
            cover (hit && grant && stalled);
        end
    end
endmodule

// The store's contract, proven on pv_rf_store itself: after a write to address A (sub-bank, row),
// a read whose half 0 (sb0) or half 1 (sb1) is at A returns the last half written to A (half 1
// wins when both halves of a write name A).
module pv_rf_store_props #(
    parameter integer VEC_BITS = `DRF_PV_VEC_BITS,
    parameter integer ROWS = `DRF_PV_ENTRIES
) (
    input wire                clk,
    input wire                we,
    input wire [4:0]          sb0,
    input wire [4:0]          sb1,
    input wire [$clog2(ROWS)-1:0] row,
    input wire [VEC_BITS-1:0] wdata
);
    localparam integer HALF = VEC_BITS / 2;
    localparam integer RB = $clog2(ROWS);
    wire [VEC_BITS-1:0] rdata;
    pv_rf_store #(.VEC_BITS(VEC_BITS), .ROWS(ROWS)) dut (.clk(clk), .we(we), .sb0(sb0), .sb1(sb1),
                                                        .row(row), .wdata(wdata), .rdata(rdata));
    (* anyconst *) reg [5+RB-1:0] A;
    reg known_a = 1'b0;
    reg [HALF-1:0] mem_a = 0;
    wire [5+RB-1:0] a0 = {sb0, row}, a1 = {sb1, row};
    always @(posedge clk)
        if (we && (a0 == A || a1 == A)) begin
            known_a <= 1'b1;
            mem_a <= a1 == A ? wdata[VEC_BITS-1:HALF] : wdata[HALF-1:0];
        end
    always @(*) begin
        if (known_a && a0 == A)
            assert (rdata[HALF-1:0] == mem_a);
        if (known_a && a1 == A)
            assert (rdata[VEC_BITS-1:HALF] == mem_a);
    end
endmodule
