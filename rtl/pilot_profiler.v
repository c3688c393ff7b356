// SPDX-License-Identifier: Apache-2.0
// Pilot warp profiler (pilot paper Sections III-A2, III-B): 63 16-bit access counters indexed
// by register number, the 1-byte pilot-warp-id register, the profile mask bit, and the top-n
// selection when the pilot warp finishes (bit-serial, 17 cycles a rank; ties to the lower register).
`default_nettype none
`include "drf_params.vh"
module pilot_profiler #(
    parameter integer REGS = `DRF_PILOT_REGS,      // counters R0..R(REGS-1), REGS = 2^RB - 1
    parameter integer RB = `DRF_PILOT_REG_BITS,
    parameter integer CB = `DRF_PILOT_CNT_BITS,
    parameter integer N = `DRF_PILOT_N,
    parameter integer PORTS = `DRF_PILOT_ACC_PORTS,
    parameter integer IDB = `DRF_PILOT_ID_BITS
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                launch,    // kernel launch
    input  wire [IDB-1:0]      launch_id, // its pilot warp
    input  wire [IDB-1:0]      acc_warp,
    input  wire [PORTS-1:0]    acc_valid,
    input  wire [PORTS*RB-1:0] acc_reg,
    input  wire                fin,       // warp fin_warp finishes
    input  wire [IDB-1:0]      fin_warp,
    input  wire [RB-1:0]       cnt_addr,  // counter read port
    output reg                 mask,      // profile mask bit
    output reg  [IDB-1:0]      pilot_id,
    output reg                 sorting,
    output reg                 top_valid,
    output reg  [N*RB-1:0]     top,       // rank k at [k*RB +: RB]
    output wire [CB-1:0]       cnt_data,
    output reg                 err_reg    // pilot access to R(2^RB - 1), which has no counter
);
    localparam integer KB = $clog2(N);
    localparam integer IB = $clog2(PORTS + 1);   // bits of a cycle's increment
    localparam integer NUMS = 1 << RB;            // register numbers
    localparam [31:0] REGS32 = REGS, LAST32 = N - 1;
    localparam [RB-1:0] REGS_R = REGS32[RB-1:0];
    localparam [KB-1:0] LAST_RANK = LAST32[KB-1:0];

    reg [REGS*CB-1:0] count;
    wire pilot_acc = mask && acc_warp == pilot_id;
    wire pilot_fin = mask && fin && fin_warp == pilot_id;

    assign cnt_data = cnt_addr < REGS_R ? count[cnt_addr*CB +: CB] : {CB{1'b0}};

    integer p;
    always @(*) begin
        err_reg = 1'b0;
        for (p = 0; p < PORTS; p = p + 1)
            if (pilot_acc && acc_valid[p] && acc_reg[p*RB +: RB] == {RB{1'b1}})
                err_reg = 1'b1;
    end

    // next counts: each counter adds the ports naming it (one-hot decoded), saturating at
    // 2^16 - 1
    reg [REGS*CB-1:0] counted;
    reg [PORTS*NUMS-1:0] hot;   // port p's register, one-hot, at [p*NUMS +: NUMS]
    reg [IB-1:0] inc;
    reg [CB:0] sum;
    integer r;
    always @(*) begin
        for (p = 0; p < PORTS; p = p + 1)
            hot[p*NUMS +: NUMS] = {{(NUMS-1){1'b0}}, acc_valid[p]} << acc_reg[p*RB +: RB];
        for (r = 0; r < REGS; r = r + 1) begin
            inc = {IB{1'b0}};
            for (p = 0; p < PORTS; p = p + 1)
                inc = inc + {{(IB-1){1'b0}}, hot[p*NUMS + r]};
            sum = {1'b0, count[r*CB +: CB]} + {{(CB+1-IB){1'b0}}, inc};
            counted[r*CB +: CB] = sum[CB] ? {CB{1'b1}} : sum[CB-1:0];
        end
    end

    // The top-n selection, bit-serial (docs/pilot-decisions.md, profiler 5): per rank, CB bit
    // steps, most significant first, narrow the candidates (the untaken registers) to those
    // with a 1 at the bit when any has one; they are then the untaken registers of the highest
    // count, and a pick step takes the lowest-numbered of them (ties rank the lower number
    // first). CB + 1 cycles per rank, each a 63-input OR at most: one 1 GHz cycle.
    reg [REGS-1:0] taken;        // registers already selected
    reg [REGS-1:0] cand;         // untaken, tied with the best on the bits examined so far
    reg [CB-1:0] bit_sel;        // one-hot: the bit examined; 0: the pick step (both loaded
                                 // when the pilot finishes, used only while sorting)
    reg [KB-1:0] rank;           // next top entry
    localparam [CB-1:0] MSB = {1'b1, {(CB-1){1'b0}}};

    reg [REGS-1:0] ones;         // candidates with a 1 at the bit examined
    always @(*)
        for (r = 0; r < REGS; r = r + 1)
            ones[r] = cand[r] && |(count[r*CB +: CB] & bit_sel);
    wire [REGS-1:0] narrowed = |ones ? ones : cand;

    // the pick: the lowest-numbered candidate, by a balanced tree over the 2^RB register
    // numbers in heap order (node k: children 2k+1, the lower numbers, and 2k+2; leaves
    // NUMS-1+r); a candidate exists (n < REGS leaves one untaken register)
    localparam integer NODES = 2 * NUMS - 1;
    /* verilator lint_off UNUSEDSIGNAL */ // the root's valid: always 1 at the pick
    reg [NODES-1:0] nv;      // a candidate below the node
    /* verilator lint_on UNUSEDSIGNAL */
    reg [NODES*RB-1:0] ni;   // the lowest-numbered one
    integer nd, lf;
    always @(*) begin
        for (nd = NUMS - 1; nd < NODES; nd = nd + 1) begin
            lf = nd - (NUMS - 1);
            ni[nd*RB +: RB] = lf[RB-1:0];
            nv[nd] = lf < REGS && cand[lf];
        end
        for (nd = NUMS - 2; nd >= 0; nd = nd - 1) begin
            nv[nd] = nv[2*nd+1] || nv[2*nd+2];
            ni[nd*RB +: RB] = nv[2*nd+1] ? ni[(2*nd+1)*RB +: RB] : ni[(2*nd+2)*RB +: RB];
        end
    end
    wire [RB-1:0] best = ni[0 +: RB];
    wire [REGS-1:0] taken_next = taken | {{(REGS-1){1'b0}}, 1'b1} << best;

    always @(posedge clk) begin
        if (rst || launch) begin
            count <= {REGS*CB{1'b0}};
            taken <= {REGS{1'b0}};
            rank <= {KB{1'b0}};
            top <= {N*RB{1'b0}};
            top_valid <= 1'b0;
            sorting <= 1'b0;
            mask <= !rst;
            pilot_id <= rst ? {IDB{1'b0}} : launch_id;
        end else if (sorting) begin
            if (bit_sel != {CB{1'b0}}) begin
                cand <= narrowed;
                bit_sel <= bit_sel >> 1;
            end else begin
                top[rank*RB +: RB] <= best;
                taken <= taken_next;
                cand <= ~taken_next;
                bit_sel <= MSB;
                rank <= rank + 1'b1;
                if (rank == LAST_RANK) begin
                    sorting <= 1'b0;
                    top_valid <= 1'b1;
                end
            end
        end else if (mask) begin
            if (pilot_acc)
                count <= counted;
            if (pilot_fin) begin
                mask <= 1'b0;
                sorting <= 1'b1;
                cand <= {REGS{1'b1}};
                bit_sel <= MSB;
            end
        end
    end
endmodule
`default_nettype wire
