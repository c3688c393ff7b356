// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RF-BRO organization table's kernel-level re-organization
// (pv-nbti-banked-rf paper Section 4.2.2, docs/pv-decisions.md D6-D8): once sub-bank x is ranked,
// the table's slot of rank(x) holds x (rank: faster sub-banks, ties to the lower ID, recomputed
// here from the captured delays), every type is by position, the boundary is the rank-21 delay;
// the four-stage ranking pipeline holds sub-banks c, c-1, c-2, c-3 in busy cycle c, each stage
// what it should hold for its sub-bank (delay, faster vector, rank).
// Proven with 3-bit delay codes (module parameter DB): 32 sub-banks over 8 values, ties included.
// The induction needs "two sub-banks never share a rank": `rank-order` proves its step lemma
// (docs/formal.md, pv_bank_org), `spec` assumes it (a tautology of the rank function).
//@ prove rank-order
//@   checks  rank lemma: a ranked before b => prefix count step keeps count_b(k) >= count_a(k) + [a
//@           < k] (induction over k: rank(a) < rank(b))
//@   top     pv_bank_org_rank_lemma
//@   params  DB=3
//@   engine  sat-comb
//@   depth   1
//@ prove spec
//@   checks  anyconst sub-bank x: ranked => slot rank(x) = x; types 0-10 fast; boundary = delay of
//@           rank 21 after a ranking; the pipeline schedule and stage contents; NSB + 3 busy
//@           cycles; table kept while idle; err; lookup = table (no ROM load since the ranking)
//@   params  DB=3
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_d=dut.d, peek_next=dut.next, peek_fetching=dut.fetching, peek_va=dut.va,
//@           peek_ia=dut.ia, peek_cur=dut.cur, peek_vb=dut.vb, peek_ib=dut.ib,
//@           peek_cur_b=dut.cur_b, peek_faster=dut.faster, peek_vc=dut.vc, peek_ic=dut.ic,
//@           peek_cur_c=dut.cur_c, peek_rank=dut.rank_q
//@   sizes   DRF_PV_SUBBANKS=16, DRF_PV_BANKS=8, DRF_PV_FAST_BANKS=5
//@ cover cover
//@   checks  the last sub-bank ranked, a ROM load after a ranking, a request refused while ranking
//@   params  DB=3
//@   engine  sat-cover
//@   depth   22
//@   peeks   peek_d=dut.d, peek_next=dut.next, peek_fetching=dut.fetching, peek_va=dut.va,
//@           peek_ia=dut.ia, peek_cur=dut.cur, peek_vb=dut.vb, peek_ib=dut.ib,
//@           peek_cur_b=dut.cur_b, peek_faster=dut.faster, peek_vc=dut.vc, peek_ic=dut.ic,
//@           peek_cur_c=dut.cur_c, peek_rank=dut.rank_q
//@   sizes   DRF_PV_SUBBANKS=16, DRF_PV_BANKS=8, DRF_PV_FAST_BANKS=5
`include "drf_params.vh"
module pv_bank_org_props #(
    parameter integer DB = `DRF_PV_DELAY_BITS
) (
`include "pv_bank_org_ports.vh",
    input wire [`DRF_PV_SUBBANKS*DB-1:0] peek_d,
    input wire [`DRF_PV_SB_BITS-1:0] peek_next,
    input wire peek_fetching,
    input wire peek_va,
    input wire [`DRF_PV_SB_BITS-1:0] peek_ia,
    input wire [DB-1:0] peek_cur,
    input wire peek_vb,
    input wire [`DRF_PV_SB_BITS-1:0] peek_ib,
    input wire [DB-1:0] peek_cur_b,
    input wire [`DRF_PV_SUBBANKS-1:0] peek_faster,
    input wire peek_vc,
    input wire [`DRF_PV_SB_BITS-1:0] peek_ic,
    input wire [DB-1:0] peek_cur_c,
    input wire [`DRF_PV_SB_BITS-1:0] peek_rank
);
    localparam integer SB = `DRF_PV_SB_BITS;
    localparam integer NSB = `DRF_PV_SUBBANKS;
    localparam integer NB = `DRF_PV_BANKS;
    localparam integer BOUNDARY_RANK = 2 * `DRF_PV_FAST_BANKS - 1;
`include "pv_bank_org_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    (* anyconst *) reg [SB-1:0] x;

    `include "pv_rank.vh"

    // two sub-banks never share a rank (rank-order, pv_bank_org_rank_lemma, proves it): the one
    // written now (stage 4's) and x
    always @(*) assume (!peek_vc || x == peek_ic || rank_of(peek_d, x) != rank_of(peek_d, peek_ic));

    // the sub-banks faster than i (stage 2's vector)
    function [NSB-1:0] faster_of(input [NSB*DB-1:0] dl, input [SB-1:0] i);
        integer j;
        for (j = 0; j < NSB; j = j + 1)
            faster_of[j] = precedes(dl, j[SB-1:0], i);
    endfunction

    // clean: no ROM load since the last reset or ranking start; typed: none since the reset
    reg clean = 1'b1, typed = 1'b1;
    reg [SB+1:0] busy_cycles = 0;
    always @(posedge clk) begin
        if (rst || (!busy && reorg))
            clean <= 1'b1;
        else if (!busy && wr)
            clean <= 1'b0;
        if (rst)
            typed <= 1'b1;
        else if (!busy && !reorg && wr)
            typed <= 1'b0;
        busy_cycles <= rst ? 0 : busy ? busy_cycles + 1'b1 : (reorg ? 0 : busy_cycles);
    end

    // the table while idle: kept unless a ROM load or a ranking starts (what pv_rf relies on)
    reg idle_kept = 1'b0;
    reg [NB*SB-1:0] t0_was, t1_was;
    reg [NB-1:0] ts_was;
    always @(posedge clk) begin
        idle_kept <= !rst && !busy && !reorg && !wr;
        t0_was <= table_sb0;
        t1_was <= table_sb1;
        ts_was <= table_slow;
    end

    wire [SB-1:0] rx = rank_of(peek_d, x);
    wire [SB-1:0] slot_x = rx[0] ? table_sb1[rx[SB-1:1]*SB +: SB] : table_sb0[rx[SB-1:1]*SB +: SB];
    // busy cycle c (busy_cycles): stage 1 fetches c, stages 2-4 hold c-1, c-2, c-3; the
    // sub-banks below c-3 are written
    wire [SB+1:0] c = busy_cycles;
    wire ranked = !busy || (c >= 3 && {2'b00, x} < c - 3);
    localparam [SB+1:0] NSB_C = NSB;

    integer v;
    always @(*) begin
        if (!init) begin
            assert (lk_sb0 == table_sb0[lk_v*SB +: SB] && lk_sb1 == table_sb1[lk_v*SB +: SB] && lk_slow == table_slow[lk_v]);
            assert (err == ((busy && (reorg || wr)) || (reorg && wr)));
            if (busy)
                assert (c < NSB_C + 3);
            assert (peek_fetching == (busy && c < NSB_C));
            assert (peek_va == (busy && c >= 1 && c <= NSB_C));
            assert (peek_vb == (busy && c >= 2 && c <= NSB_C + 1));
            assert (peek_vc == (busy && c >= 3 && c <= NSB_C + 2));
            assert (peek_fetching ? {2'b00, peek_next} == c : peek_next == 0);
            if (peek_va)
                assert ({2'b00, peek_ia} == c - 1 && peek_cur == peek_d[peek_ia*DB +: DB]);
            if (peek_vb)
                assert ({2'b00, peek_ib} == c - 2 && peek_cur_b == peek_d[peek_ib*DB +: DB] &&
                        peek_faster == faster_of(peek_d, peek_ib));
            if (peek_vc)
                assert ({2'b00, peek_ic} == c - 3 && peek_cur_c == peek_d[peek_ic*DB +: DB] &&
                        peek_rank == rank_of(peek_d, peek_ic));
            if (idle_kept)
                assert (!busy && table_sb0 == t0_was && table_sb1 == t1_was && table_slow == ts_was);
            if (clean && ranked)
                assert (slot_x == x);
            if (clean && ranked && rx == BOUNDARY_RANK) // x is the slowest fast sub-bank
                assert (boundary == peek_d[x*DB +: DB]);
            if (typed)
                for (v = 0; v < NB; v = v + 1)
                    assert (table_slow[v] == (v >= `DRF_PV_FAST_BANKS));
            cover (peek_vc && peek_ic == NSB - 1);
            cover (!clean && !busy);
            cover (err && busy);
        end
    end
endmodule

// The rank lemma's step (sat-comb, every input): count_a(k) = the sub-banks j < k ranked before
// a. If a ranks before b and count_b(k) >= count_a(k) + [a < k], the same holds at k + 1 (k = a
// adds a to b's count only). From count(0) = 0, induction over k = 0..31 gives rank(b) =
// count_b(32) > count_a(32) = rank(a): distinct sub-banks have distinct ranks.
module pv_bank_org_rank_lemma #(
    parameter integer DB = `DRF_PV_DELAY_BITS
) (
    input wire [`DRF_PV_SUBBANKS*DB-1:0] d,
    input wire [`DRF_PV_SB_BITS-1:0]     a,
    input wire [`DRF_PV_SB_BITS-1:0]     b,
    input wire [`DRF_PV_SB_BITS-1:0]     k,
    input wire [`DRF_PV_SB_BITS:0]       count_a, // any counts of k sub-banks
    input wire [`DRF_PV_SB_BITS:0]       count_b
);
    `include "pv_rank.vh"
    wire a_b = precedes(d, a, b);
    wire [`DRF_PV_SB_BITS+1:0] next_a = count_a + precedes(d, k, a) + (a <= k);
    wire [`DRF_PV_SB_BITS+1:0] next_b = count_b + precedes(d, k, b);
    always @(*)
        if (a_b && count_a <= k && count_b <= k && count_b >= count_a + (a < k))
            assert (next_b >= next_a);
endmodule
