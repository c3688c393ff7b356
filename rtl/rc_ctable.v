// SPDX-License-Identifier: Apache-2.0
// RC compression table (aging paper Section 5.1.1): DRF_REGS entries of v, C0, log2(De),
// log2(Db) (1.22 KB); one write port, two entry read ports for the decompression units and
// a valid-bit read port for the write side. An invalid entry reads as all zero.
`include "drf_params.vh"
`default_nettype none
module rc_ctable (
    input  wire                       clk,
    input  wire                       rst,
    input  wire                       we,
    input  wire [`DRF_REG_BITS-1:0]   waddr,
    input  wire                       wv,
    input  wire [`DRF_WORD_BITS-1:0]  wc0,
    input  wire [`DRF_CODE_BITS-1:0]  wlog2de,
    input  wire [`DRF_CODE_BITS-1:0]  wlog2db,
    input  wire [`DRF_REG_BITS-1:0]   ra,
    input  wire [`DRF_REG_BITS-1:0]   rb,
    input  wire [`DRF_REG_BITS-1:0]   rw,
    output wire                       va,
    output wire [`DRF_WORD_BITS-1:0]  c0a,
    output wire [`DRF_CODE_BITS-1:0]  log2dea,
    output wire [`DRF_CODE_BITS-1:0]  log2dba,
    output wire                       vb,
    output wire [`DRF_WORD_BITS-1:0]  c0b,
    output wire [`DRF_CODE_BITS-1:0]  log2deb,
    output wire [`DRF_CODE_BITS-1:0]  log2dbb,
    output wire                       vw
);
    localparam integer PAYLOAD = `DRF_WORD_BITS + 2 * `DRF_CODE_BITS;

    reg [`DRF_REGS-1:0] v;
    reg [PAYLOAD-1:0] payload [0:`DRF_REGS-1];

    assign va = v[ra];
    assign vb = v[rb];
    assign vw = v[rw];
    assign {c0a, log2dea, log2dba} = va ? payload[ra] : {PAYLOAD{1'b0}};
    assign {c0b, log2deb, log2dbb} = vb ? payload[rb] : {PAYLOAD{1'b0}};

    always @(posedge clk) begin
        if (rst)
            v <= 0;
        else if (we)
            v[waddr] <= wv;
    end

    // no reset term: a row written during a reset is never read (the reset clears every
    // valid bit, and a row becomes valid only by a write, which writes its payload too)
    always @(posedge clk)
        if (we)
            payload[waddr] <= {wc0, wlog2de, wlog2db};
endmodule
`default_nettype wire
