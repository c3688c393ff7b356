// SPDX-License-Identifier: Apache-2.0
// Formal properties of the Eq. (3) / FBA-RM bank map (pv-nbti-banked-rf paper Sections
// 3.3.1-3.3.2, docs/pv-decisions.md D4-D5): every input, written with a subtraction loop instead
// of the RTL's % operators.
//@ prove spec
//@   checks  bank = (warp + reg) % 16; bank_fba = Eq. (3) over the 11 fast banks below fast_regs,
//@           11 + Eq. (3) over the 5 slow ones above; fba_fast
//@   engine  sat-comb
//@   depth   1
//@ cover cover
//@   checks  a large-ID register on slow bank 15, a small-ID one on fast bank 10, Fig. 6's warp 11
//@           R4 on bank 15
//@   engine  sat-cover
//@   depth   1
`include "drf_params.vh"
module pv_bank_map_props (
`include "pv_bank_map_ports.vh"
);
`include "pv_bank_map_dut.vh"

    // s mod m by repeated subtraction (s < 128, m >= 5: at most 25 steps)
    function [6:0] modulo(input [6:0] s, input [6:0] m);
        integer i;
        begin
            modulo = s;
            for (i = 0; i < 26; i = i + 1)
                if (modulo >= m)
                    modulo = modulo - m;
        end
    endfunction

    wire [6:0] sum = warp + reg_id;
    wire [6:0] fast_bank = modulo(sum, 7'd11);
    wire [6:0] slow_bank = 7'd11 + modulo(sum, 7'd5);
    always @(*) begin
        assert (bank == sum[3:0]);
        assert (fba_fast == (reg_id < fast_regs));
        assert ({3'b0, bank_fba} == (reg_id < fast_regs ? fast_bank : slow_bank));
        cover (!fba_fast && bank_fba == 15);
        cover (fba_fast && bank_fba == 10);
        cover (warp == 11 && reg_id == 4 && bank == 15);
    end
endmodule
