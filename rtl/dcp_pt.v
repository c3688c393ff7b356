// SPDX-License-Identifier: Apache-2.0
// DC-Patch Patching Table (dc-patch paper Section IV-B; deallocation walk of Section IV-D):
// DRF_REGS rows of v, c, m, entry, blk (416 bytes); src0/src1/dest read ports, one write port,
// and a walk releasing and invalidating a finished window (docs/dcpatch-pt-decisions.md).
`include "drf_params.vh"
`default_nettype none
module dcp_pt (
    input  wire                          clk,
    input  wire                          rst,
    input  wire [`DRF_REG_BITS-1:0]      src0,
    input  wire [`DRF_REG_BITS-1:0]      src1,
    input  wire [`DRF_REG_BITS-1:0]      dest,
    input  wire                          we,
    input  wire [`DRF_REG_BITS-1:0]      waddr,
    input  wire                          wv,
    input  wire                          wc,
    input  wire                          wm,
    input  wire [`DRF_PT_ENTRY_BITS-1:0] wentry,
    input  wire [`DRF_BLK_BITS-1:0]      wblk,
    input  wire                          dealloc,
    input  wire [`DRF_REG_BITS-1:0]      reg_base,
    input  wire [`DRF_REG_BITS:0]        n,
    output wire                          v_src0,
    output wire                          c_src0,
    output wire                          m_src0,
    output wire [`DRF_PT_ENTRY_BITS-1:0] entry_src0,
    output wire [`DRF_BLK_BITS-1:0]      blk_src0,
    output wire                          v_src1,
    output wire                          c_src1,
    output wire                          m_src1,
    output wire [`DRF_PT_ENTRY_BITS-1:0] entry_src1,
    output wire [`DRF_BLK_BITS-1:0]      blk_src1,
    output wire                          v_dest,
    output wire                          c_dest,
    output wire                          m_dest,
    output wire [`DRF_PT_ENTRY_BITS-1:0] entry_dest,
    output wire [`DRF_BLK_BITS-1:0]      blk_dest,
    output wire                          rel_valid,
    output wire                          rel_c,
    output wire                          rel_m,
    output wire [`DRF_PT_ENTRY_BITS-1:0] rel_entry,
    output wire [`DRF_BLK_BITS-1:0]      rel_blk,
    output wire                          busy,
    output wire                          err_busy,
    output wire                          err_window,
    output wire                          err_conflict
);
    localparam integer RB = `DRF_REG_BITS;
    localparam integer PAYLOAD = `DRF_PT_ROW_BITS - 1; // c, m, entry, blk
    localparam [RB+1:0] REGS = `DRF_REGS;

    reg [`DRF_REGS-1:0] v;
    reg [PAYLOAD-1:0]   payload [0:`DRF_REGS-1];
    reg [RB-1:0]        ptr;  // row the walk visits this cycle
    reg [RB:0]          left; // rows left to visit, ptr's included; 0: idle

    wire [RB+1:0] win_end = {2'b00, reg_base} + {1'b0, n};
    wire          window_bad = n == 0 || win_end > REGS;

    assign v_src0 = v[src0];
    assign v_src1 = v[src1];
    assign v_dest = v[dest];
    assign {c_src0, m_src0, entry_src0, blk_src0} = v_src0 ? payload[src0] : {PAYLOAD{1'b0}};
    assign {c_src1, m_src1, entry_src1, blk_src1} = v_src1 ? payload[src1] : {PAYLOAD{1'b0}};
    assign {c_dest, m_dest, entry_dest, blk_dest} = v_dest ? payload[dest] : {PAYLOAD{1'b0}};

    assign busy = |left;
    assign rel_valid = busy & v[ptr];
    assign {rel_c, rel_m, rel_entry, rel_blk} = rel_valid ? payload[ptr] : {PAYLOAD{1'b0}};
    assign err_busy = dealloc & busy;
    assign err_window = dealloc & window_bad;
    assign err_conflict = we & busy & (waddr == ptr);

    always @(posedge clk) begin
        if (rst) begin
            v <= {`DRF_REGS{1'b0}};
            left <= {(RB + 1){1'b0}};
        end else begin
            if (busy) begin
                v[ptr] <= 1'b0;
                ptr <= ptr + 1'b1;
                left <= left - 1'b1;
            end else if (dealloc && !window_bad) begin
                ptr <= reg_base;
                left <= n;
            end
            if (we) // after the walk's invalidation: the write wins a conflict
                v[waddr] <= wv;
        end
    end

    // no reset term: a row written during a reset is never read (the reset clears every
    // valid bit, and a row becomes valid only by a write, which writes its payload too)
    always @(posedge clk)
        if (we)
            payload[waddr] <= {wc, wm, wentry, wblk};
endmodule
`default_nettype wire
