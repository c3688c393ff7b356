// SPDX-License-Identifier: Apache-2.0
// Priority encoder of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D): WIDTH
// >= 2 inputs, the lowest set index wins, all ones when none (docs/dcpatch-psu-decisions.md).
// IMPL 0: a linear priority chain; 1 (default): a log-depth tree of 2:1 merge nodes, the
// PSU's (rtl/psu_lowest.vh).
`default_nettype none
module psu_prio_enc #(
    parameter integer WIDTH = 1024,
    parameter integer IMPL = 1
) (
    input  wire [WIDTH-1:0]         in,
    output wire                     valid,
    output wire [$clog2(WIDTH)-1:0] index
);
    localparam integer LEVELS = $clog2(WIDTH);
    localparam integer LOW_W = LEVELS < 7 ? 128 : 1 << LEVELS, LOW_L = $clog2(LOW_W);
`include "psu_lowest.vh"

    generate
        if (IMPL == 0) begin : g_chain
            // from the top input down, each set input overrides the index chosen above it
            reg [LEVELS-1:0] idx;
            integer i;
            always @(*) begin
                idx = {LEVELS{1'b1}};
                for (i = WIDTH - 1; i >= 0; i = i - 1)
                    if (in[i])
                        idx = i[LEVELS-1:0];
            end
            assign valid = |in;
            assign index = idx;
        end else begin : g_tree
            // the PSU's tree, the inputs padded with zeros (decision 23)
            wire [LOW_L:0] low = psu_lowest({{(LOW_W - WIDTH){1'b0}}, in});
            assign valid = low[LOW_L];
            assign index = low[LEVELS-1:0];
        end
    endgenerate
endmodule
`default_nettype wire
