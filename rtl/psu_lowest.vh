// SPDX-License-Identifier: Apache-2.0
// The PSU's priority encoder (dc-patch paper Section IV-D) as a function: the lowest set input of
// LOW_W (the includer's localparams LOW_W, a power of two >= 128, and LOW_L = log2 LOW_W), the
// index all ones when none is set. The tree of 2:1 merge nodes, a level at a time on whole
// vectors (docs/dcpatch-psu-decisions.md 23): in each word of 64 inputs, then on the words.
`include "psu_tree.vh"
function [LOW_L:0] psu_lowest; // {valid, index}
    input [LOW_W-1:0] req;
    reg [63:0] v;                     // a word's nodes: valid
    reg [6*64-1:0] p;                 // their index bit b at p[64*b +: 64]
    reg [LOW_W/64-1:0] u;             // the words' nodes (word w at bit w): valid
    reg [LOW_L*(LOW_W/64)-1:0] q;     // their index bit b at q[(LOW_W/64)*b +: LOW_W/64]
    integer w, l, b;
    begin
        p = 0;
        u = 0; // (shifted out by the words; set for the simulators)
        q = 0;
        for (w = 0; w < LOW_W / 64; w = w + 1) begin
            v = req[64*w +: 64];
            for (l = 0; l < 6; l = l + 1) begin // nodes 2^(l+1) inputs apart
                for (b = 0; b < l; b = b + 1)
                    p[64*b +: 64] = `PSU_PICK(v, p[64*b +: 64], 1 << l);
                p[64*l +: 64] = ~v;
                v = v | (v >> (1 << l));
            end
            // the word's node, shifted in from the top: word w ends at bit w
            u = {v[0], u[LOW_W/64-1:1]};
            for (b = 0; b < 6; b = b + 1)
                q[(LOW_W/64)*b +: LOW_W/64] = {p[64*b], q[(LOW_W/64)*b+1 +: LOW_W/64-1]};
        end
        for (l = 0; l < LOW_L - 6; l = l + 1) begin // nodes 2^(l+1) words apart
            for (b = 0; b < 6 + l; b = b + 1)
                q[(LOW_W/64)*b +: LOW_W/64] = `PSU_PICK(u, q[(LOW_W/64)*b +: LOW_W/64], 1 << l);
            q[(LOW_W/64)*(6+l) +: LOW_W/64] = ~u;
            u = u | (u >> (1 << l));
        end
        for (b = 0; b < LOW_L; b = b + 1)
            psu_lowest[b] = q[(LOW_W/64)*b];
        psu_lowest[LOW_L] = u[0];
    end
endfunction
