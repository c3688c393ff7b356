// SPDX-License-Identifier: Apache-2.0
// RC slice wrapper (aging paper Sections 2.1 and 5.1): DRF_REGS registers x 64 components,
// one write port (4 subwavefronts), two read ports, the compression table, one compression
// and two decompression units, power gating per register, and the special MOV that fills
// the inactive lanes of a divergent write to a compressed register (docs/rc-decisions.md).
`include "drf_params.vh"
`default_nettype none
module rc_slice (
    input  wire                                    clk,
    input  wire                                    rst,
    input  wire                                    wr_start,
    input  wire [`DRF_REG_BITS-1:0]                wr_reg,
    input  wire [`DRF_COMPONENTS-1:0]              wr_mask,
    input  wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] wr_data,
    input  wire                                    rd_en_a,
    input  wire [`DRF_REG_BITS-1:0]                rd_reg_a,
    input  wire [1:0]                              rd_sw_a,
    input  wire                                    rd_en_b,
    input  wire [`DRF_REG_BITS-1:0]                rd_reg_b,
    input  wire [1:0]                              rd_sw_b,
    output reg                                     rd_valid_a,
    output reg  [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] rd_data_a,
    output reg                                     rd_valid_b,
    output reg  [`DRF_SW_LANES*`DRF_WORD_BITS-1:0] rd_data_b,
    output reg  [2:0]                              wr_phase,   // 0 idle, 1..4 data of sw 0..3
    output wire                                    wr_overlap, // wr_start ignored: data still due
    output wire                                    mov,        // special MOV issued
    output wire                                    wake,       // register switched back on
    output reg  [`DRF_REGS-1:0]                    pg          // 1: register on
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer ROW = LANES * W;
    localparam integer SWS = `DRF_SUBWAVEFRONTS;
    localparam integer RB = `DRF_REG_BITS;

    reg [ROW-1:0] mem [0:`DRF_REGS*SWS-1]; // the slice: one row per subwavefront

    // write sequencer
    reg [RB-1:0]              wr_reg_q;
    reg [`DRF_COMPONENTS-1:0] wr_mask_q;
    reg                       wr_mov_q;
    wire [1:0] sw = wr_phase[1:0] - 2'd1;
    wire data_cycle = (wr_phase != 0);
    wire last_cycle = (wr_phase == 3'd4);
    wire mov_active = data_cycle && wr_mov_q;
    wire start_ok = wr_start && (!data_cycle || last_cycle);
    wire divergent = ~&wr_mask;

    // compression unit
    wire compr_final;
    wire [W-1:0] st_c0;
    wire [`DRF_CODE_BITS-1:0] st_log2de, st_log2db;
    /* verilator lint_off PINCONNECTEMPTY */
    rc_compress u_compress (
        .clk(clk), .rst(rst), .start(start_ok), .divergent(divergent), .dst(wr_reg),
        .sw_data(wr_data), .state(), .w_en_delta(), .w_en_c(), .comp_deltas(), .final_st(),
        .w_en_st(), .compr(), .compr_final(compr_final), .pg(), .st_reg(), .st_c0(st_c0),
        .st_log2de(st_log2de), .st_log2db(st_log2db), .ref_log2de(), .ref_log2db());
    /* verilator lint_on PINCONNECTEMPTY */

    // compression table: port B serves read B or the special MOV
    wire va, vb, vw;
    wire [W-1:0] c0a, c0b;
    wire [`DRF_CODE_BITS-1:0] dea, dba, deb, dbb;
    rc_ctable u_table (
        .clk(clk), .rst(rst), .we(last_cycle), .waddr(wr_reg_q), .wv(compr_final),
        .wc0(st_c0), .wlog2de(st_log2de), .wlog2db(st_log2db),
        .ra(rd_reg_a), .rb(mov_active ? wr_reg_q : rd_reg_b), .rw(wr_reg),
        .va(va), .c0a(c0a), .log2dea(dea), .log2dba(dba),
        .vb(vb), .c0b(c0b), .log2deb(deb), .log2dbb(dbb), .vw(vw));

    // two decompression units
    wire [ROW-1:0] dec_a, dec_b;
    rc_decompress u_dec_a (.c0(c0a), .log2de(dea), .log2db(dba), .sw(rd_sw_a), .en(1'b1),
                           .comp(dec_a));
    rc_decompress u_dec_b (.c0(c0b), .log2de(deb), .log2db(dbb),
                           .sw(mov_active ? sw : rd_sw_b), .en(1'b1), .comp(dec_b));

    // a start right behind the last data cycle of the same register sees its outcome
    wire same_reg = last_cycle && (wr_reg_q == wr_reg);
    wire dst_compressed = same_reg ? compr_final : vw;
    wire dst_on = same_reg ? !compr_final : pg[wr_reg];
    assign wr_overlap = wr_start && !start_ok;
    assign mov = start_ok && divergent && dst_compressed;
    assign wake = start_ok && !dst_on;

    // per-lane merge of the write data: active lanes, else the MOV, else the old value
    wire [ROW-1:0] old_row = mem[{wr_reg_q, sw}];
    wire [LANES-1:0] lane_active = wr_mask_q[sw*LANES +: LANES];
    wire [ROW-1:0] merged_row;
    genvar j, k;
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_merge
            assign merged_row[j*W +: W] = lane_active[j] ? wr_data[j*W +: W]
                                        : mov_active ? dec_b[j*W +: W] : old_row[j*W +: W];
        end
    endgenerate

    // what a switched-off register holds (rc_poison in cmodel/rc_slice.h)
    wire [ROW-1:0] poison_row [0:SWS-1];
    generate
        for (k = 0; k < SWS; k = k + 1) begin : g_poison_sw
            for (j = 0; j < LANES; j = j + 1) begin : g_poison_lane
                localparam integer COMP = (k * LANES + j) ^ 'hA5;
                assign poison_row[k][j*W +: W] = {16'hDEAD, wr_reg_q, COMP[7:0]};
            end
        end
    endgenerate

    integer s;
    always @(posedge clk) begin
        if (!rst && data_cycle)
            mem[{wr_reg_q, sw}] <= merged_row;
        if (!rst && last_cycle && compr_final)
            for (s = 0; s < SWS; s = s + 1)
                mem[{wr_reg_q, s[1:0]}] <= poison_row[s];
    end

    // read ports
    always @(posedge clk) begin
        if (rst) begin
            rd_valid_a <= 1'b0;
            rd_valid_b <= 1'b0;
            rd_data_a <= 0;
            rd_data_b <= 0;
        end else begin
            rd_valid_a <= rd_en_a;
            rd_valid_b <= rd_en_b && !mov_active;
            if (rd_en_a)
                rd_data_a <= va ? dec_a : mem[{rd_reg_a, rd_sw_a}];
            if (rd_en_b && !mov_active)
                rd_data_b <= vb ? dec_b : mem[{rd_reg_b, rd_sw_b}];
        end
    end

    // power gating and the write sequencer
    always @(posedge clk) begin
        if (rst) begin
            pg <= {`DRF_REGS{1'b1}};
            wr_phase <= 0;
            wr_reg_q <= 0;
            wr_mask_q <= 0;
            wr_mov_q <= 1'b0;
        end else begin
            if (last_cycle)
                pg[wr_reg_q] <= !compr_final;
            if (start_ok) begin
                pg[wr_reg] <= 1'b1;
                wr_phase <= 3'd1;
                wr_reg_q <= wr_reg;
                wr_mask_q <= wr_mask;
                wr_mov_q <= mov;
            end else begin
                wr_phase <= (!data_cycle || last_cycle) ? 3'd0 : wr_phase + 3'd1;
            end
        end
    end
endmodule
`default_nettype wire
