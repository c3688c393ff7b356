// SPDX-License-Identifier: Apache-2.0
// DC-Patch slice wrapper (dc-patch paper Sections II-A and IV): DRF_REGS entries x 4 blocks with
// stuck-at faulty blocks, the LDS spill partition, and the PT, PSU, speculative Com unit (DRB)
// and two Dec units around one write and two read ports; the Com unit in its own pipeline stage
// (Sec. IV-A) ahead of the write port, the PT's destination read and the PSU (docs/dcpatch-slice-
// decisions.md).
`include "drf_params.vh"
`default_nettype none
module dcp_slice (
    input  wire                                        clk,
    input  wire                                        rst,
    input  wire                                        load_map,
    input  wire [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     faulty,     // bit 4e+b: entry e block b
    input  wire                                        wr_start,   // blocks follow, 1 a cycle
    input  wire [`DRF_REG_BITS-1:0]                    wr_reg,
    input  wire [`DRF_COMPONENTS-1:0]                  wr_mask,    // not all ones: divergent
    input  wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0]     wr_data,
    input  wire                                        rd_start_a, // blocks in the 4 next cycles
    input  wire [`DRF_REG_BITS-1:0]                    rd_reg_a,
    input  wire                                        rd_start_b,
    input  wire [`DRF_REG_BITS-1:0]                    rd_reg_b,
    input  wire                                        dealloc,    // walk reg_base .. + n - 1
    input  wire [`DRF_REG_BITS-1:0]                    reg_base,
    input  wire [`DRF_REG_BITS:0]                      n,
    output wire                                        rd_valid_a,
    output wire [`DRF_BLK_BITS-1:0]                    rd_blk_a,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0]     rd_data_a,
    output wire                                        rd_valid_b,
    output wire [`DRF_BLK_BITS-1:0]                    rd_blk_b,
    output wire [`DRF_SW_LANES*`DRF_WORD_BITS-1:0]     rd_data_b,
    output wire                                        wr_busy,    // blocks or replay in flight
    output wire                                        stall,      // DRB replay
    output wire                                        wr_refused,
    output wire                                        mov,        // special MOV starts
    output wire                                        err_lds_full,
    output wire                                        err_rel,    // two releases due at once
    output wire                                        psu_err,
    output wire                                        dealloc_busy,
    output wire                                        err_dealloc,
    output reg                                         relq_valid,
    output wire [`DRF_REGS*`DRF_SUBWAVEFRONTS-1:0]     bitmap,
    output reg  [`DRF_LDS_SPILL_SLOTS-1:0]             lds_used,
    output wire                                        ev_done,
    output wire [1:0]                                  ev_kind,
    output wire                                        ev_misp,
    output wire                                        ev_compressed
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer ROW = LANES * W;
    localparam integer RB = `DRF_REG_BITS;
    localparam integer BB = `DRF_BLK_BITS;
    localparam integer EB = `DRF_PT_ENTRY_BITS;
    localparam integer CB = `DRF_CODE_BITS;
    localparam integer SLOTS = `DRF_REGS * `DRF_SUBWAVEFRONTS;
    localparam integer LDS = `DRF_LDS_SPILL_SLOTS;
    localparam integer LB = $clog2(LDS);
    localparam [1:0] K_NONE = `DCP_NONE, K_UNC = `DCP_UNC, K_COMP = `DCP_COMP, K_SPILL = `DCP_SPILL;
    localparam [1:0] S_OLD = `DCP_SRC_OLD, S_PC = `DCP_SRC_PC, S_PU = `DCP_SRC_PU, S_SLOT = `DCP_SRC_SLOT;
    localparam [1:0] EV_NORMAL = `DCP_EV_NORMAL, EV_FAULTY = `DCP_EV_FAULTY,
                     EV_RELIABLE = `DCP_EV_RELIABLE, EV_SPILL = `DCP_EV_SPILL;
    localparam [1:0] TIER_FAULTY = `PSU_TIER_FAULTY; // psu pc_tier: a block of a faulty entry
    localparam [BB-1:0] BLK0 = {BB{1'b0}}, LAST_BLK = {BB{1'b1}};
    localparam [LANES-1:0] LANE_ALL = {LANES{1'b1}};

    reg [ROW-1:0]   mem [0:SLOTS-1];   // the slice: {entry, block}, not reset
    reg [ROW-1:0]   lds [0:LDS*4-1];   // the LDS spill partition: {slot, block}, not reset
    reg [SLOTS-1:0] fmap;              // faulty blocks (stuck-at faults on write)

    // the write in flight (dcp_wr): register, mask, old PT row, preventive patches, placement
    reg [RB-1:0]    w_reg;
    reg [`DRF_COMPONENTS-1:0] w_mask;
    reg             o_v, o_c, o_m;
    reg [EB-1:0]    o_entry;
    reg [BB-1:0]    o_blk;
    reg             pc_v, pu_v;
    reg [1:0]       pc_tier_q;         // PSU tier of the preventive compressed patch
    reg [RB-1:0]    pc_entry, pu_entry;
    reg [BB-1:0]    pc_blk;
    reg [1:0]       p_kind, p_src;
    reg [EB-1:0]    p_entry;
    reg [BB-1:0]    p_blk;
    reg [W-1:0]     mov_c0;            // the old compressed block, for the special MOV
    reg [CB-1:0]    mov_de, mov_db;
    reg             w_misp;
    reg             rq_c;              // the release queue (one entry, drained every cycle)
    reg [RB-1:0]    rq_entry;
    reg [BB-1:0]    rq_blk;

    // --- Com unit stage: the start and this cycle's block ----------------------------------
    wire try_start;
    wire divergent = ~&wr_mask;
    wire c_compr, misp, replay_valid, com_err_busy;
    wire [CB-1:0] cdata_de, cdata_db;
    wire [BB-1:0] replay_blk;
    wire [ROW-1:0] replay_data;
    /* verilator lint_off PINCONNECTEMPTY */
    dcp_compress u_com (
        .clk(clk), .rst(rst), .start(try_start), .divergent(divergent), .blk_data(wr_data),
        .c_compr(c_compr), .cdata_c0(), .cdata_log2de(cdata_de), .cdata_log2db(cdata_db),
        .done(), .compressed(), .misp(misp), .replay_valid(replay_valid),
        .replay_blk(replay_blk), .replay_data(replay_data), .busy(stall),
        .err_busy(com_err_busy));
    /* verilator lint_on PINCONNECTEMPTY */
    wire start_ok = try_start && !com_err_busy;

    // the Com stage's register (decision 6a): the taken start with its register and mask, and
    // what the Com unit decided on this cycle's block, for the write port one cycle later
    reg             x_ok, x_div, x_compr, x_misp, x_replay;
    reg [RB-1:0]    x_reg;
    reg [`DRF_COMPONENTS-1:0] x_mask;
    reg [BB-1:0]    x_replay_blk;
    reg [CB-1:0]    x_de, x_db;
    reg [ROW-1:0]   x_row;             // the block: the write's, or the DRB's in a replay
    always @(posedge clk) begin
        if (rst) begin
            {x_ok, x_div, x_compr, x_misp, x_replay} <= 5'b0;
            {x_reg, x_mask, x_replay_blk, x_de, x_db} <= {(RB + `DRF_COMPONENTS + BB + 2 * CB){1'b0}};
            x_row <= {ROW{1'b0}};
        end else begin
            {x_ok, x_div, x_compr, x_misp, x_replay} <= {start_ok, divergent, c_compr, misp,
                                                         replay_valid};
            {x_reg, x_mask, x_replay_blk, x_de, x_db} <= {wr_reg, wr_mask, replay_blk, cdata_de,
                                                          cdata_db};
            x_row <= replay_valid ? replay_data : wr_data;
        end
    end

    // --- write stage: the write's blocks one cycle behind the Com unit ---------------------
    wire wb_valid, wb_last;
    wire [BB-1:0] wb_blk;
    dcp_beats u_wb (.clk(clk), .rst(rst), .load(x_ok), .valid(wb_valid), .blk(wb_blk),
                    .last(wb_last));
    wire wr_end = (wb_last && !x_misp) || (x_replay && x_replay_blk == LAST_BLK);
    assign wr_busy = x_ok || wb_valid || x_replay;

    // the PT row of the write when it ends (placement kind NONE: the write was dropped)
    wire f_v = p_kind != K_NONE;
    wire f_c = p_kind == K_COMP;
    wire f_m = p_kind == K_SPILL;

    // --- Patching Table ---------------------------------------------------------------------
    wire dealloc_try = dealloc && !rst && !load_map && !wr_busy;
    wire [1:0] sv, sc, sm;
    wire [EB-1:0] se0, se1;
    wire [BB-1:0] sb0, sb1;
    wire d_v, d_c, d_m, rel_valid, rel_c, rel_m, pt_err_busy, pt_err_window;
    wire [EB-1:0] d_entry, rel_entry;
    wire [BB-1:0] d_blk, rel_blk;
    /* verilator lint_off PINCONNECTEMPTY */
    dcp_pt u_pt (
        .clk(clk), .rst(rst), .src0(rd_reg_a), .src1(rd_reg_b), .dest(x_reg), .we(wr_end),
        .waddr(w_reg), .wv(f_v), .wc(f_c), .wm(f_m), .wentry(p_entry), .wblk(p_blk),
        .dealloc(dealloc_try), .reg_base(reg_base), .n(n),
        .v_src0(sv[0]), .c_src0(sc[0]), .m_src0(sm[0]), .entry_src0(se0), .blk_src0(sb0),
        .v_src1(sv[1]), .c_src1(sc[1]), .m_src1(sm[1]), .entry_src1(se1), .blk_src1(sb1),
        .v_dest(d_v), .c_dest(d_c), .m_dest(d_m), .entry_dest(d_entry), .blk_dest(d_blk),
        .rel_valid(rel_valid), .rel_c(rel_c), .rel_m(rel_m), .rel_entry(rel_entry),
        .rel_blk(rel_blk), .busy(dealloc_busy), .err_busy(pt_err_busy),
        .err_window(pt_err_window), .err_conflict());
    /* verilator lint_on PINCONNECTEMPTY */
    wire dealloc_ok = dealloc_try && !pt_err_busy && !pt_err_window;
    assign err_dealloc = dealloc && !dealloc_ok;
    // a start finds the PSU's preventive patches ready at its take in the next cycle when
    // nothing changes its bitmap now: no map load, walk or release (decisions 6a and 7)
    assign try_start = wr_start && !rst && !load_map && !dealloc_busy && !dealloc_ok
                    && !relq_valid;
    assign wr_refused = wr_start && !rst && !start_ok;

    // the starting write's old row: a write ending now on the same register bypasses the PT
    wire bypass = wr_end && (w_reg == x_reg);
    wire n_v = bypass ? f_v : d_v;
    wire n_c = bypass ? f_c : d_c;
    wire n_m = bypass ? f_m : d_m;
    wire [EB-1:0] n_entry = bypass ? p_entry : d_entry;
    wire [BB-1:0] n_blk = bypass ? p_blk : d_blk;
    wire n_comp = n_v && !n_m && n_c;
    wire n_unc = n_v && !n_m && !n_c;
    assign mov = x_ok && x_div && n_comp;

    // --- PSU: preventive patches; one release, from the queue, else from the walk ----------
    wire take_c = x_ok && !x_div && !n_comp;
    wire take_u = x_ok && !n_unc;
    wire walk_rel = rel_valid && !rel_m;
    wire pc_valid, pu_valid;
    wire [RB-1:0] pc_entry_o, pu_entry_o;
    wire [BB-1:0] pc_blk_o;
    wire [1:0] pc_tier;
    /* verilator lint_off PINCONNECTEMPTY */
    psu u_psu (
        .clk(clk), .rst(rst), .load_map(load_map), .faulty(faulty), .fmap(fmap),
        .take_c(take_c), .take_u(take_u), .rel(relq_valid || walk_rel),
        .rel_entry(relq_valid ? rq_entry : rel_entry[RB-1:0]),
        .rel_blk(relq_valid ? rq_blk : rel_blk), .rel_c(relq_valid ? rq_c : rel_c),
        .pc_valid(pc_valid), .pc_entry(pc_entry_o), .pc_blk(pc_blk_o), .pc_tier(pc_tier),
        .pu_valid(pu_valid), .pu_entry(pu_entry_o), .ready(),
        .err(psu_err), .bitmap(bitmap));
    /* verilator lint_on PINCONNECTEMPTY */

    // --- placement: decided in the block-0 cycle, again on a misprediction ---------------
    wire old_comp = o_v && !o_m && o_c;
    wire old_unc = o_v && !o_m && !o_c;
    wire old_spill = o_v && o_m;
    // compressed: the register's own block, else the preventive patch
    wire comp_ok = old_comp || pc_v;
    wire [1:0] comp_src = old_comp ? S_OLD : S_PC;
    wire [EB-1:0] comp_entry = old_comp ? o_entry : pc_entry;
    wire [BB-1:0] comp_blk = old_comp ? o_blk : pc_blk;
    wire blk0 = wb_valid && (wb_blk == BLK0);
    wire use_comp = x_compr && comp_ok;
    wire re_place = x_misp && (p_kind == K_COMP);
    wire decide_unc = (blk0 && !use_comp) || re_place;
    // the LDS slot: the lowest free one, psu_prio_enc's tree (the PSU's), read only while an
    // uncompressed placement is decided; x otherwise, evaluated then alone in simulation
    // (docs/dcpatch-comdec-decisions.md, decision 16)
    localparam integer LOW_W = LB < 7 ? 128 : 1 << LB, LOW_L = $clog2(LOW_W);
`include "psu_lowest.vh"
    reg [LOW_L:0] lds_low;
    always @(*) begin
        lds_low = {(LOW_L + 1){1'bx}};
        if (decide_unc)
            lds_low = psu_lowest({{(LOW_W - LDS){1'b0}}, ~lds_used});
    end
    wire slot_v = lds_low[LOW_L];
    wire [LB-1:0] slot = lds_low[LB-1:0];
    // uncompressed: its own entry, the preventive entry, its own LDS slot, a new one, none
    wire [1:0] unc_kind = (old_unc || pu_v) ? K_UNC : (old_spill || slot_v) ? K_SPILL : K_NONE;
    wire [1:0] unc_src = old_unc ? S_OLD : pu_v ? S_PU : old_spill ? S_OLD : S_SLOT;
    // the slot index also when no slot is free (all ones): the row is then written invalid
    wire [EB-1:0] unc_entry = (old_unc || (!pu_v && old_spill)) ? o_entry
                            : pu_v ? pu_entry : {{(EB-LB){1'b0}}, slot};
    wire lds_alloc = decide_unc && (unc_kind == K_SPILL) && (unc_src == S_SLOT);
    assign err_lds_full = decide_unc && (unc_kind == K_NONE);
    wire [1:0] cur_kind = !blk0 ? p_kind : use_comp ? K_COMP : unc_kind;
    wire [1:0] cur_src = !blk0 ? p_src : use_comp ? comp_src : unc_src;
    wire [EB-1:0] cur_entry = !blk0 ? p_entry : use_comp ? comp_entry : unc_entry;
    wire [BB-1:0] cur_blk = !blk0 ? p_blk : use_comp ? comp_blk : BLK0;

    // --- the block written this cycle (a write's block or the DRB replay) ---------------
    wire data_cyc = wb_valid || x_replay;
    wire [BB-1:0] k = wb_valid ? wb_blk : x_replay_blk;
    wire [ROW-1:0] new_row = x_row;
    wire [LANES-1:0] active = w_mask[k*LANES +: LANES];
    wire [LANES-1:0] lane_we = (cur_src == S_OLD) ? active : LANE_ALL;
    // lanes the write does not enable keep the old value where the register moves or stays in
    // its LDS slot, else zero; read only in a data cycle of a divergent block (decision 16)
    wire keep_lanes = data_cyc && !(&active);
    wire [ROW-1:0] mov_row;
    wire [ROW-1:0] lds_old = lds[{o_entry[LB-1:0], k}];
    rc_decompress u_mov (.c0(mov_c0), .log2de(mov_de), .log2db(mov_db), .sw(k),
                         .en(keep_lanes && old_comp && (cur_src != S_OLD)), .comp(mov_row));
    reg [ROW-1:0] old_row;
    always @(*) begin
        old_row = {ROW{1'b0}};
        if (keep_lanes && old_comp)
            old_row = mov_row;
        if (keep_lanes && old_spill)
            old_row = lds_old;
    end
    wire [ROW-1:0] merged, comp_row;
    genvar j;
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_merge
            assign merged[j*W +: W] = active[j] ? new_row[j*W +: W] : old_row[j*W +: W];
        end
    endgenerate
    assign comp_row = {{(ROW - W - 2 * CB){1'b0}}, x_de, x_db, x_row[W-1:0]};
    wire is_comp = cur_kind == K_COMP;
    wire mem_we = !rst && data_cyc && ((cur_kind == K_UNC) || (is_comp && blk0));
    wire lds_we = !rst && data_cyc && (cur_kind == K_SPILL);
    wire [RB+BB-1:0] mem_addr = {cur_entry[RB-1:0], is_comp ? cur_blk : k};
    wire [ROW-1:0] raw_row = is_comp ? comp_row : merged;
    wire [LANES-1:0] mem_lanes = is_comp ? LANE_ALL : lane_we;

    // stuck-at faults of a faulty block: in lane j, bit (4e + b + j) mod 32 is (e + j) & 1
    wire [ROW-1:0] mem_row;
    wire wr_faulty = fmap[mem_addr];
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_stuck
            localparam integer JI = j;
            wire [4:0] pos = mem_addr[4:0] + JI[4:0];
            wire [W-1:0] bit_mask = {{(W-1){1'b0}}, 1'b1} << pos;
            wire stuck = mem_addr[BB] ^ JI[0];
            wire [W-1:0] word = raw_row[j*W +: W];
            assign mem_row[j*W +: W] = !wr_faulty ? word
                                     : stuck ? (word | bit_mask) : (word & ~bit_mask);
        end
    endgenerate

    integer lj;
    always @(posedge clk) begin
        for (lj = 0; lj < LANES; lj = lj + 1) begin
            if (mem_we && mem_lanes[lj])
                mem[mem_addr][lj*W +: W] <= mem_row[lj*W +: W];
        end
        // the whole row: lanes kept in place in the LDS are merged from its old row
        if (lds_we)
            lds[{cur_entry[LB-1:0], k}] <= merged;
    end

    // --- end of the write: releases, the LDS slot it leaves, events ---------------------
    wire rel_old = o_v && !o_m && (p_src != S_OLD);
    wire rel_pc = pc_v && (p_src != S_PC);
    wire rel_pu = pu_v && (p_src != S_PU);
    assign err_rel = wr_end && ((rel_old && rel_pc) || (rel_old && rel_pu) || (rel_pc && rel_pu));
    wire push = wr_end && (rel_old || rel_pc || rel_pu);
    wire leave_lds = wr_end && old_spill && (p_src != S_OLD);
    assign ev_done = wr_end;
    assign ev_kind = !wr_end ? EV_NORMAL
                   : (p_kind == K_SPILL || p_kind == K_NONE) ? EV_SPILL
                   : (p_src == S_OLD) ? EV_NORMAL
                   : (p_src == S_PC && pc_tier_q == TIER_FAULTY) ? EV_FAULTY : EV_RELIABLE;
    assign ev_misp = wr_end && w_misp;
    assign ev_compressed = wr_end && (p_kind == K_COMP);

    wire [LDS-1:0] one_slot = {{(LDS-1){1'b0}}, 1'b1};
    wire [LDS-1:0] lds_free = (leave_lds ? one_slot << o_entry[LB-1:0] : {LDS{1'b0}})
                            | (rel_valid && rel_m ? one_slot << rel_entry[LB-1:0] : {LDS{1'b0}});
    wire [LDS-1:0] lds_take = lds_alloc ? one_slot << slot : {LDS{1'b0}};

    always @(posedge clk) begin
        if (rst) begin
            fmap <= {SLOTS{1'b0}};
            lds_used <= {LDS{1'b0}};
            relq_valid <= 1'b0;
            rq_c <= 1'b0;
            rq_entry <= {RB{1'b0}};
            rq_blk <= BLK0;
        end else begin
            if (load_map)
                fmap <= faulty;
            lds_used <= (lds_used & ~lds_free) | lds_take;
            relq_valid <= push;
            rq_c <= push && (rel_old ? o_c : rel_pc);
            rq_entry <= !push ? {RB{1'b0}} : rel_old ? o_entry[RB-1:0] : rel_pc ? pc_entry
                                                                         : pu_entry;
            rq_blk <= !push ? BLK0 : rel_old ? o_blk : rel_pc ? pc_blk : BLK0;
        end
    end

    // --- write state: latched at the start, placement at block 0 and on a misprediction --
    wire [W+2*CB-1:0] old_cdata = mem[{n_entry[RB-1:0], n_blk}][W+2*CB-1:0];
    always @(posedge clk) begin
        if (rst) begin
            w_reg <= {RB{1'b0}};
            w_mask <= {`DRF_COMPONENTS{1'b0}};
            {o_v, o_c, o_m, o_entry, o_blk} <= {(3 + EB + BB){1'b0}};
            {pc_v, pc_tier_q, pc_entry, pc_blk, pu_v, pu_entry} <= {(4 + 2 * RB + BB){1'b0}};
            {p_kind, p_src, p_entry, p_blk} <= {(4 + EB + BB){1'b0}};
            {mov_c0, mov_de, mov_db} <= {(W + 2 * CB){1'b0}};
            w_misp <= 1'b0;
        end else if (x_ok) begin
            w_reg <= x_reg;
            w_mask <= x_mask;
            {o_v, o_c, o_m, o_entry, o_blk} <= {n_v, n_c, n_m, n_entry, n_blk};
            pc_v <= take_c && pc_valid;
            pc_tier_q <= pc_tier;
            pc_entry <= pc_entry_o;
            pc_blk <= pc_blk_o;
            pu_v <= take_u && pu_valid;
            pu_entry <= pu_entry_o;
            {p_kind, p_src, p_entry, p_blk} <= {K_NONE, S_OLD, {EB{1'b0}}, BLK0};
            if (n_comp)
                {mov_de, mov_db, mov_c0} <= old_cdata;
            w_misp <= 1'b0;
        end else begin
            if (blk0)
                {p_kind, p_src, p_entry, p_blk} <= {cur_kind, cur_src, cur_entry, cur_blk};
            if (re_place)
                {p_kind, p_src, p_entry, p_blk} <= {unc_kind, unc_src, unc_entry, BLK0};
            if (x_misp)
                w_misp <= 1'b1;
        end
    end

    // --- read ports: PT row at the start, then one block a cycle -------------------------
    wire [1:0] rd_start = {rd_start_b, rd_start_a};
    wire [EB-1:0] s_entry [0:1];
    wire [BB-1:0] s_blk [0:1];
    assign s_entry[0] = se0;
    assign s_entry[1] = se1;
    assign s_blk[0] = sb0;
    assign s_blk[1] = sb1;
    wire [1:0] rd_valid;
    wire [BB-1:0] rd_blk [0:1];
    wire [ROW-1:0] rd_data [0:1];
    genvar p;
    generate
        for (p = 0; p < 2; p = p + 1) begin : g_rd
            reg [1:0] kind_q;
            reg [EB-1:0] entry_q;
            reg [ROW-1:0] data_q;
            wire valid, last;
            wire [BB-1:0] blk;
            wire start = rd_start[p];
            dcp_beats u_beats (.clk(clk), .rst(rst), .load(start), .valid(valid), .blk(blk),
                               .last(last));
            wire [1:0] s_kind = !sv[p] ? K_NONE : sm[p] ? K_SPILL : sc[p] ? K_COMP : K_UNC;
            wire issue = start || (valid && !last);
            wire [1:0] i_kind = start ? s_kind : kind_q;
            wire [EB-1:0] i_entry = start ? s_entry[p] : entry_q;
            wire [BB-1:0] i_blk = start ? (s_kind == K_COMP ? s_blk[p] : BLK0) : blk + 1'b1;
            // the row read at the issue (the compressed block's fields at a compressed start)
            wire [RB+BB-1:0] i_addr = {i_entry[RB-1:0], i_blk};
            wire [LB+BB-1:0] i_lds = {i_entry[LB-1:0], i_blk};
            wire [W+2*CB-1:0] m_cdata = mem[i_addr][W+2*CB-1:0];
            wire [ROW-1:0] dec_data;
            /* verilator lint_off PINCONNECTEMPTY */
            dcp_decompress u_dec (.clk(clk), .rst(rst), .load(start && s_kind == K_COMP),
                                  .c0(m_cdata[W-1:0]), .log2de(m_cdata[W+2*CB-1:W+CB]),
                                  .log2db(m_cdata[W+CB-1:W]), .valid(), .blk(), .data(dec_data));
            /* verilator lint_on PINCONNECTEMPTY */
            always @(posedge clk) begin
                if (rst) begin
                    kind_q <= K_NONE;
                    entry_q <= {EB{1'b0}};
                    data_q <= {ROW{1'b0}};
                end else if (issue) begin
                    kind_q <= i_kind;
                    entry_q <= i_entry;
                    data_q <= i_kind == K_UNC ? mem[i_addr] : i_kind == K_SPILL ? lds[i_lds]
                                                                      : {ROW{1'b0}};
                end
            end
            assign rd_valid[p] = valid;
            assign rd_blk[p] = blk;
            assign rd_data[p] = !valid ? {ROW{1'b0}} : kind_q == K_COMP ? dec_data : data_q;
        end
    endgenerate
    assign rd_valid_a = rd_valid[0];
    assign rd_valid_b = rd_valid[1];
    assign rd_blk_a = rd_blk[0];
    assign rd_blk_b = rd_blk[1];
    assign rd_data_a = rd_data[0];
    assign rd_data_b = rd_data[1];
endmodule
`default_nettype wire
