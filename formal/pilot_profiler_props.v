// SPDX-License-Identifier: Apache-2.0
// Formal properties of the pilot warp profiler (pilot paper Sections III-A2, III-B;
// docs/pilot-decisions.md): the pick takes the lowest-numbered candidate of any candidate set;
// a watched counter is the wrapper's own saturating count of the pilot's accesses; the
// bit-serial selection keeps as candidates exactly the untaken registers that tie with the best
// on the bits examined so far, and its result is the top-n in rank order (more accesses, ties
// to the lower number). At the reduced parameters DRF_PILOT_FV_* of the shared headers (7
// counters of 3 bits, n = 2): the same RTL text, small enough for induction, and saturation
// within a few cycles.
//@ prove pick
//@   checks  any nonempty candidate set: best is a candidate and no lower-numbered register is one
//@   params  PART=0
//@   engine  sat-comb
//@   depth   1
//@   peeks   peek_cand=dut.cand, peek_best=dut.best
//@ prove counting
//@   checks  from reset: watched counter = own saturating count of the pilot's accesses (3 ports),
//@           mask and pilot id, selection: candidates = the untaken registers tied with the best on
//@           the bits examined, a rank every CB + 1 cycles, taken = top[0..rank), each top ranks
//@           before every untaken register and before the next top
//@   params  PART=1
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_count=dut.count, peek_taken=dut.taken, peek_cand=dut.cand, peek_bit=dut.bit_sel,
//@           peek_rank=dut.rank
//@ cover cover
//@   checks  a selection with a tie, 3 accesses to one register in a cycle, a launch during the
//@           selection, a saturated counter, a bit step that narrows the candidates
//@   params  PART=1
//@   engine  sat-cover
//@   depth   16
//@   peeks   peek_count=dut.count, peek_taken=dut.taken, peek_cand=dut.cand, peek_bit=dut.bit_sel,
//@           peek_rank=dut.rank
`include "drf_params.vh"
module pilot_profiler_props #(
    parameter integer PART = 1, // 0: the argmax from any state; 1: from reset
    // pilot_profiler's parameters at the proof's sizes (the DRF_PILOT_FV_* of params.def)
    parameter integer REGS = `DRF_PILOT_FV_PROF_REGS,
    parameter integer RB = `DRF_PILOT_FV_PROF_REG_BITS,
    parameter integer CB = `DRF_PILOT_FV_CNT_BITS,
    parameter integer N = `DRF_PILOT_FV_N,
    parameter integer PORTS = `DRF_PILOT_ACC_PORTS,
    parameter integer IDB = `DRF_PILOT_FV_ID_BITS
) (
`include "pilot_profiler_ports.vh"
);
    localparam integer KB = $clog2(N);

`include "pilot_profiler_dut.vh"

    wire [REGS*CB-1:0] peek_count;
    wire [REGS-1:0] peek_taken, peek_cand;
    wire [RB-1:0] peek_best;   // connected by the PART 0 group only
    wire [CB-1:0] peek_bit;
    wire [KB-1:0] peek_rank;   // connected by the PART 1 groups only

    // a ranks before b: more accesses, or as many and a lower number
    function before;
        input [RB-1:0] a, b;
        input [REGS*CB-1:0] c;
        before = c[a*CB +: CB] > c[b*CB +: CB] || (c[a*CB +: CB] == c[b*CB +: CB] && a < b);
    endfunction

    integer r, k, j;
    generate
        if (PART == 0) begin : g_pick
            always @(*) begin
                if (peek_cand != {REGS{1'b0}}) begin
                    assert (peek_best < REGS && peek_cand[peek_best]);
                    for (r = 0; r < REGS; r = r + 1)
                        if (r < peek_best) assert (!peek_cand[r]);
                end
            end
        end else begin : g_reset
            reg init = 1'b1;
            always @(posedge clk) init <= 1'b0;
            always @(*) if (init) assume (rst);

            // the wrapper's view: profiling, pilot id, selecting, one watched counter
            (* anyconst *) reg [RB-1:0] watch;
            always @(*) assume (watch < REGS);
            reg prof = 1'b0, sel = 1'b0, done = 1'b0;
            reg [IDB-1:0] id = 0;
            reg [KB:0] picked = 0;
            reg [$clog2(CB+1)-1:0] step = 0; // cycle of the rank being selected: CB bit steps, a pick
            reg [CB-1:0] sh = 0;
            reg [1:0] hits;
            reg [CB+1:0] sum;
            always @(*) begin
                hits = 2'd0;
                for (k = 0; k < PORTS; k = k + 1)
                    if (acc_valid[k] && acc_reg[k*RB +: RB] == watch) hits = hits + 2'd1;
                sum = sh + hits;
            end
            wire pilot_now = prof && acc_warp == id;
            always @(posedge clk) begin
                if (rst || launch) begin
                    prof <= !rst; sel <= 1'b0; done <= 1'b0; id <= rst ? 0 : launch_id;
                    sh <= 0; picked <= 0; step <= 0;
                end else if (sel) begin
                    step <= step == CB ? 0 : step + 1'b1;
                    if (step == CB) picked <= picked + 1'b1;
                    if (step == CB && picked == N - 1) begin sel <= 1'b0; done <= 1'b1; end
                end else if (prof) begin
                    if (pilot_now) sh <= sum > {CB{1'b1}} ? {CB{1'b1}} : sum[CB-1:0];
                    if (fin && fin_warp == id) begin prof <= 1'b0; sel <= 1'b1; end
                end
            end

            // the bits examined so far (above the one bit_sel names; all of them at the pick)
            // and the best untaken count on them
            reg [CB:0] below;
            reg [CB-1:0] seen, best_seen;
            always @(*) begin
                below = {1'b0, peek_bit} << 1;
                below = below - 1'b1;
                seen = peek_bit == 0 ? {CB{1'b1}} : ~below[CB-1:0];
                best_seen = 0;
                for (r = 0; r < REGS; r = r + 1)
                    if (!peek_taken[r] && (peek_count[r*CB +: CB] & seen) > best_seen)
                        best_seen = peek_count[r*CB +: CB] & seen;
            end

            always @(*) begin
                if (!init) begin
                    assert (mask == prof && sorting == sel && top_valid == done);
                    if (!sel) assert (step == 0);
                    if (sel) begin
                        assert (step <= CB && peek_bit == (step == CB ? 0 : {1'b1, {(CB-1){1'b0}}} >> step));
                        for (r = 0; r < REGS; r = r + 1)
                            assert (peek_cand[r] == (!peek_taken[r] && (peek_count[r*CB +: CB] & seen) == best_seen));
                    end
                    assert (pilot_id == id);
                    assert (peek_count[watch*CB +: CB] == sh);
                    if (cnt_addr == watch) assert (cnt_data == sh);
                    for (k = 0; k < PORTS; k = k + 1)
                        if (pilot_now && acc_valid[k] && acc_reg[k*RB +: RB] == {RB{1'b1}})
                            assert (err_reg);
                    if (err_reg) assert (pilot_now);
                    assert (!(sel && done) && !(prof && (sel || done)));
                    assert (peek_rank == (sel ? picked[KB-1:0] : 0));
                    assert (sel ? picked < N : done ? picked == N : picked == 0);
                    if (!sel && !done) assert (peek_taken == 0 && top == 0);
                    // the selection so far: taken = top[0..picked), in rank order, each top
                    // before every untaken register
                    for (k = 0; k < N; k = k + 1) begin
                        if (k < picked) begin
                            assert (peek_taken[top[k*RB +: RB]] && top[k*RB +: RB] < REGS);
                            for (r = 0; r < REGS; r = r + 1)
                                if (!peek_taken[r]) assert (before(top[k*RB +: RB], r, peek_count));
                            if (k + 1 < picked)
                                assert (before(top[k*RB +: RB], top[(k+1)*RB +: RB], peek_count));
                            for (j = 0; j < k; j = j + 1)
                                assert (top[j*RB +: RB] != top[k*RB +: RB]);
                        end else begin
                            assert (top[k*RB +: RB] == 0);
                        end
                    end
                    for (r = 0; r < REGS; r = r + 1)
                        if (peek_taken[r]) begin
                            j = 0;
                            for (k = 0; k < N; k = k + 1)
                                if (k < picked && top[k*RB +: RB] == r) j = 1;
                            assert (j == 1);
                        end
                end
            end

            // covers
            reg [REGS-1:0] ones_now;  // candidates with a 1 at the bit examined
            always @(*)
                for (r = 0; r < REGS; r = r + 1)
                    ones_now[r] = |(peek_count[r*CB +: CB] & peek_bit);
            always @(*) begin
                if (!init) begin
                    cover (done && peek_count[top[0 +: RB]*CB +: CB] == peek_count[top[RB +: RB]*CB +: CB] &&
                           peek_count[top[0 +: RB]*CB +: CB] != 0);
                    cover (pilot_now && hits == 2'd3);
                    cover (sel && launch);
                    cover (sh == {CB{1'b1}} && pilot_now && hits != 0);
                    cover (sel && peek_bit != 0 && (peek_cand & ~ones_now) != 0 && (peek_cand & ones_now) != 0);
                end
            end
        end
    endgenerate
endmodule
