// SPDX-License-Identifier: Apache-2.0
// Priority encoder of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D): WIDTH
// >= 2 inputs, the lowest set index wins, all ones when none (docs/dcpatch-psu-decisions.md).
// IMPL 0: a linear priority chain; 1 (default): a log-depth tree of 2:1 merge nodes.
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
            localparam integer LEAVES = 1 << LEVELS; // WIDTH not a power of two: zeros above
            wire [LEAVES-1:0] leaf;
            if (LEAVES == WIDTH) begin : g_exact
                assign leaf = in;
            end else begin : g_pad
                assign leaf = {{(LEAVES - WIDTH){1'b0}}, in};
            end

            // level l has LEAVES >> l merge nodes, each a valid bit and an l-bit index; every
            // node reads only its two children (no level-wide vector: simulators re-evaluate
            // per node)
            genvar l, n;
            for (l = 1; l <= LEVELS; l = l + 1) begin : g_lvl
                for (n = 0; n < (LEAVES >> l); n = n + 1) begin : g_node
                    wire v;
                    wire [l-1:0] idx;
                    if (l == 1) begin : g_first
                        assign v = leaf[2*n] | leaf[2*n+1];
                        assign idx = ~leaf[2*n];
                    end else begin : g_upper
                        wire lo = g_lvl[l-1].g_node[2*n].v;
                        assign v = lo | g_lvl[l-1].g_node[2*n+1].v;
                        assign idx = lo ? {1'b0, g_lvl[l-1].g_node[2*n].idx}
                                        : {1'b1, g_lvl[l-1].g_node[2*n+1].idx};
                    end
                end
            end

            assign valid = g_lvl[LEVELS].g_node[0].v;
            assign index = g_lvl[LEVELS].g_node[0].idx;
        end
    endgenerate
endmodule
`default_nettype wire
