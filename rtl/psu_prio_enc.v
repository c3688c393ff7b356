// Priority encoder of the DC-Patch Patching Selection Unit (dc-patch paper Section IV-D):
// WIDTH >= 2 inputs, the lowest set index wins; a log-depth tree of 2:1 merge nodes built
// level by level. index is all ones when valid = 0 (docs/dcpatch-psu-decisions.md).
module psu_prio_enc #(
    parameter integer WIDTH = 1024
) (
    input  wire [WIDTH-1:0]         in,
    output wire                     valid,
    output wire [$clog2(WIDTH)-1:0] index
);
    localparam integer LEVELS = $clog2(WIDTH);
    localparam integer LEAVES = 1 << LEVELS; // a width that is not a power of two: zeros above

    wire [LEAVES-1:0] leaf;
    generate
        if (LEAVES == WIDTH) begin : g_exact
            assign leaf = in;
        end else begin : g_pad
            assign leaf = {{(LEAVES - WIDTH){1'b0}}, in};
        end
    endgenerate

    // level l has LEAVES >> l merge nodes, each a valid bit and an l-bit index; every node
    // reads only its two children (no level-wide vector: simulators re-evaluate per node)
    genvar l, n;
    generate
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
    endgenerate

    assign valid = g_lvl[LEVELS].g_node[0].v;
    assign index = g_lvl[LEVELS].g_node[0].idx;
endmodule
