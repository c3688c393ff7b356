// SPDX-License-Identifier: Apache-2.0
// The two lowest set inputs of F2_W (the includer's localparams F2_W, a power of two >= 128, and
// F2_L = log2 F2_W) as a function: the PSU's encoder of whole free entries with the second one
// for the take_u steering (dc-patch paper Section IV-D; docs/dcpatch-psu-decisions.md 10, 20,
// 23). rtl/psu_lowest.vh's tree, each node with its second lowest too; all ones: none.
`include "psu_tree.vh"
function [2*F2_L+1:0] psu_first2; // {valid1, index1, valid2, index2}
    input [F2_W-1:0] req;
    reg [63:0] v1, v2;                // a word's nodes: one, two set inputs below them
    reg [6*64-1:0] p1, p2;            // the lowest's and the second's index bits
    reg [F2_W/64-1:0] u1, u2;         // the words' nodes, word w at bit w
    reg [F2_L*(F2_W/64)-1:0] q1, q2;
    integer w, l, b;
    begin
        p1 = 0;
        p2 = 0;
        u1 = 0; // (shifted out by the words; set for the simulators)
        u2 = 0;
        q1 = 0;
        q2 = 0;
        for (w = 0; w < F2_W / 64; w = w + 1) begin
            v1 = req[64*w +: 64];
            v2 = 0;
            for (l = 0; l < 6; l = l + 1) begin
                for (b = 0; b < l; b = b + 1) begin
                    p2[64*b +: 64] = `PSU_PICK2(v1, v2, p1[64*b +: 64], p2[64*b +: 64], 1 << l);
                    p1[64*b +: 64] = `PSU_PICK(v1, p1[64*b +: 64], 1 << l);
                end
                p1[64*l +: 64] = ~v1;
                p2[64*l +: 64] = ~v2;
                v2 = v2 | (v1 & (v1 >> (1 << l))) | (~v1 & (v2 >> (1 << l)));
                v1 = v1 | (v1 >> (1 << l));
            end
            u1 = {v1[0], u1[F2_W/64-1:1]};
            u2 = {v2[0], u2[F2_W/64-1:1]};
            for (b = 0; b < 6; b = b + 1) begin
                q1[(F2_W/64)*b +: F2_W/64] = {p1[64*b], q1[(F2_W/64)*b+1 +: F2_W/64-1]};
                q2[(F2_W/64)*b +: F2_W/64] = {p2[64*b], q2[(F2_W/64)*b+1 +: F2_W/64-1]};
            end
        end
        for (l = 0; l < F2_L - 6; l = l + 1) begin
            for (b = 0; b < 6 + l; b = b + 1) begin
                q2[(F2_W/64)*b +: F2_W/64] = `PSU_PICK2(u1, u2, q1[(F2_W/64)*b +: F2_W/64],
                                                       q2[(F2_W/64)*b +: F2_W/64], 1 << l);
                q1[(F2_W/64)*b +: F2_W/64] = `PSU_PICK(u1, q1[(F2_W/64)*b +: F2_W/64], 1 << l);
            end
            q1[(F2_W/64)*(6+l) +: F2_W/64] = ~u1;
            q2[(F2_W/64)*(6+l) +: F2_W/64] = ~u2;
            u2 = u2 | (u1 & (u1 >> (1 << l))) | (~u1 & (u2 >> (1 << l)));
            u1 = u1 | (u1 >> (1 << l));
        end
        for (b = 0; b < F2_L; b = b + 1) begin
            psu_first2[F2_L + 1 + b] = q1[(F2_W/64)*b];
            psu_first2[b] = q2[(F2_W/64)*b];
        end
        psu_first2[2*F2_L+1] = u1[0];
        psu_first2[F2_L] = u2[0];
    end
endfunction
