// SPDX-License-Identifier: Apache-2.0
// Formal properties of the swapping table (pilot paper Section III-B, Figs. 6-7;
// docs/pilot-decisions.md): the table is always the wrapper's own Fig. 7 fill of the last
// accepted top-n (or empty after reset / clear); every lookup maps R0..R62 one to one, the
// FRF holds exactly that top-n, registers outside it and outside the FRF stay home.
//@ prove table
//@   checks  any two lookups: injective, inside R0..R62, FRF iff in the last top-n (R0..R3 when
//@           empty), others untouched; table = reference Fig. 7 fill; err_apply iff an illegal
//@           top-n
//@   engine  sat-ind
//@   depth   1
//@ cover cover
//@   checks  Fig. 7 middle and right, a top-n with registers already in the FRF, a refused apply
//@   engine  sat-cover
//@   depth   3
`include "drf_params.vh"
module pilot_swap_table_props #(
`include "pilot_swap_table_params.vh"
) (
`include "pilot_swap_table_ports.vh"
);
    localparam integer EB = 2 * RB + 1;
    localparam integer L = LOOKUPS;

`include "pilot_swap_table_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // legality of a top-n, written as a count of equal pairs
    function legal_top;
        input [N*RB-1:0] t;
        integer a, b;
        begin
            legal_top = 1'b1;
            for (a = 0; a < N; a = a + 1) begin
                if (t[a*RB +: RB] > REGS - 1) legal_top = 1'b0;
                for (b = a + 1; b < N; b = b + 1)
                    if (t[a*RB +: RB] == t[b*RB +: RB]) legal_top = 1'b0;
            end
        end
    endfunction

    // the last accepted top-n
    reg sh_v = 1'b0;
    reg [N*RB-1:0] sh_top = 0;
    always @(posedge clk) begin
        if (rst || clear)
            sh_v <= 1'b0;
        else if (apply && legal_top(top)) begin
            sh_v <= 1'b1;
            sh_top <= top;
        end
    end

    // reference fill: a "used" mask starts as the FRF slots holding top registers; each rank
    // whose register is outside the FRF takes the lowest unused slot
    reg [2*N*EB-1:0] ref_fill;
    reg [N-1:0] used;
    reg [RB-1:0] slot;
    reg found;
    integer k, s;
    always @(*) begin
        used = 0;
        for (k = 0; k < N; k = k + 1)
            for (s = 0; s < N; s = s + 1)
                if (sh_top[k*RB +: RB] == s) used[s] = 1'b1;
        ref_fill = 0;
        for (k = 0; k < N; k = k + 1) begin
            if (sh_top[k*RB +: RB] >= N) begin
                found = 1'b0;
                slot = 0;
                for (s = N - 1; s >= 0; s = s - 1)
                    if (!used[s]) begin slot = s; found = 1'b1; end
                used[slot] = 1'b1;
                ref_fill[(2*k)*EB +: EB] = {found, slot, sh_top[k*RB +: RB]};
                ref_fill[(2*k+1)*EB +: EB] = {found, sh_top[k*RB +: RB], slot};
            end
        end
    end

    function in_top;
        input [RB-1:0] r;
        input [N*RB-1:0] t;
        integer a;
        begin
            in_top = 1'b0;
            for (a = 0; a < N; a = a + 1)
                if (t[a*RB +: RB] == r) in_top = 1'b1;
        end
    endfunction

    integer p, q;
    always @(*) begin
        if (!init) begin
            assert (entries == (sh_v ? ref_fill : 0));
            if (sh_v) assert (legal_top(sh_top));
            assert (err_apply == (apply && !clear && !legal_top(top)));
            for (p = 0; p < L; p = p + 1) begin
                if (look[p*RB +: RB] < REGS) begin
                    assert (phys[p*RB +: RB] < REGS);
                    assert (frf[p] == (sh_v ? in_top(look[p*RB +: RB], sh_top)
                                            : look[p*RB +: RB] < N));
                    if (!(sh_v && in_top(look[p*RB +: RB], sh_top)) && look[p*RB +: RB] >= N)
                        assert (phys[p*RB +: RB] == look[p*RB +: RB]);
                end
                for (q = p + 1; q < L; q = q + 1)
                    if (look[p*RB +: RB] < REGS && look[q*RB +: RB] < REGS &&
                        look[p*RB +: RB] != look[q*RB +: RB])
                        assert (phys[p*RB +: RB] != phys[q*RB +: RB]);
            end
        end
    end

    // covers: Fig. 7 middle (R4-R7) and right (R8-R11), a top-n with 2 registers in the FRF
    always @(*) begin
        if (!init) begin
            cover (sh_v && entries[0 +: EB] == {1'b1, 6'd0, 6'd4} && entries[7*EB +: EB] == {1'b1, 6'd7, 6'd3});
            cover (sh_v && entries[0 +: EB] == {1'b1, 6'd0, 6'd8} && entries[7*EB +: EB] == {1'b1, 6'd11, 6'd3});
            cover (sh_v && in_top(6'd1, sh_top) && in_top(6'd2, sh_top) && in_top(6'd40, sh_top) && frf[0] && look[0 +: RB] == 6'd40);
            cover (err_apply);
        end
    end
endmodule
