// SPDX-License-Identifier: Apache-2.0
// The two lowest set inputs of WIDTH (a power of two >= 2: the slice entries), the PSU's
// 256-input encoder of whole free entries with the second one for the take_u steering (dc-patch
// paper Section IV-D; docs/dcpatch-psu-decisions.md 10, 20): a log-depth tree of 2:1 merge
// nodes, each index all ones when there is no such input (like psu_prio_enc).
`default_nettype none
module psu_first2 #(
    parameter integer WIDTH = 32
) (
    input  wire [WIDTH-1:0]         in,
    output wire                     valid1, // at least one input set
    output wire [$clog2(WIDTH)-1:0] index1, // the lowest
    output wire                     valid2, // at least two
    output wire [$clog2(WIDTH)-1:0] index2  // the second lowest
);
    localparam integer LEVELS = $clog2(WIDTH);
    wire [WIDTH-1:0] leaf = in;
    generate
        // a node: the lowest and second lowest of its subtree; the second is the low child's
        // second, else the high child's first (low has one), else the high child's second
        genvar l, n;
        for (l = 1; l <= LEVELS; l = l + 1) begin : g_lvl
            for (n = 0; n < (WIDTH >> l); n = n + 1) begin : g_node
                wire v1, v2;
                wire [l-1:0] i1, i2;
                if (l == 1) begin : g_first
                    assign v1 = leaf[2*n] | leaf[2*n+1];
                    assign i1 = ~leaf[2*n];
                    assign v2 = leaf[2*n] & leaf[2*n+1];
                    assign i2 = 1'b1;
                end else begin : g_upper
                    wire lv1 = g_lvl[l-1].g_node[2*n].v1, lv2 = g_lvl[l-1].g_node[2*n].v2;
                    wire hv1 = g_lvl[l-1].g_node[2*n+1].v1, hv2 = g_lvl[l-1].g_node[2*n+1].v2;
                    wire [l-2:0] li1 = g_lvl[l-1].g_node[2*n].i1, li2 = g_lvl[l-1].g_node[2*n].i2;
                    wire [l-2:0] hi1 = g_lvl[l-1].g_node[2*n+1].i1, hi2 = g_lvl[l-1].g_node[2*n+1].i2;
                    assign v1 = lv1 | hv1;
                    assign i1 = lv1 ? {1'b0, li1} : {1'b1, hi1};
                    assign v2 = lv2 | (lv1 ? hv1 : hv2);
                    assign i2 = lv2 ? {1'b0, li2} : lv1 ? {1'b1, hi1} : {1'b1, hi2};
                end
            end
        end
    endgenerate
    assign valid1 = g_lvl[LEVELS].g_node[0].v1;
    assign index1 = g_lvl[LEVELS].g_node[0].i1;
    assign valid2 = g_lvl[LEVELS].g_node[0].v2;
    assign index2 = g_lvl[LEVELS].g_node[0].i2;
endmodule
`default_nettype wire
