// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RAR reg_phys datapath (aging paper Section 5.2, Fig. 11; windows
// of Section 2.1; docs/rar-decisions.md 1-5), combinational: reg_phys = reg_base + (s + index)
// % N for every legal input, index -> reg_phys a bijection onto the window, err exactly on
// illegal inputs. Covers: the overflow branch taken (also with reg_base1 wrapping) and not.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove datapath
//@   checks  reg_phys = reg_base + (s+index)%N, inside the window, injective; err iff illegal;
//@           outputs 0 on err
//@   engine  sat-comb
//@   depth   1
//@ cover cover
//@   checks  overflow taken / not taken, reg_base1 wrapping, N = 256, err
//@   engine  sat-cover
//@   depth   1
`include "drf_params.vh"
module rar_phys_props (
    input wire [`DRF_REG_BITS-1:0] reg_base,
    input wire [`DRF_REG_BITS:0]   n,
    input wire [`DRF_REG_BITS-1:0] s,
    input wire [`DRF_REG_BITS-1:0] index_a,
    input wire [`DRF_REG_BITS-1:0] index_b
);
    localparam integer RB = `DRF_REG_BITS;

    // two translations of the same window and rotation
    wire [RB-1:0] phys_a, phys_b;
    wire ovf_a, ovf_b, err_a, err_b;
    rar_phys dut_a (.reg_base(reg_base), .n(n), .s(s), .index(index_a), .reg_phys(phys_a),
                    .overflow(ovf_a), .err(err_a));
    rar_phys dut_b (.reg_base(reg_base), .n(n), .s(s), .index(index_b), .reg_phys(phys_b),
                    .overflow(ovf_b), .err(err_b));

    // the rules in integers (32 bits: nothing wraps)
    integer base_i, n_i, s_i, ia_i, ib_i;
    always @(*) begin
        base_i = reg_base;
        n_i = n;
        s_i = s;
        ia_i = index_a;
        ib_i = index_b;
    end
    wire illegal_a = n_i == 0 || s_i >= n_i || ia_i >= n_i || base_i + n_i > `DRF_REGS;
    wire illegal_b = n_i == 0 || s_i >= n_i || ib_i >= n_i || base_i + n_i > `DRF_REGS;
    wire [31:0] want_a = base_i + (s_i + ia_i) % n_i;
    wire [31:0] phys_a_i = {{(32-RB){1'b0}}, phys_a};
    wire [31:0] phys_b_i = {{(32-RB){1'b0}}, phys_b};

    always @(*) begin
        assert (err_a == illegal_a);
        if (illegal_a) begin
            assert (phys_a == 0);        // decision 5: defined outputs on err
            assert (!ovf_a);
        end else begin
            assert (phys_a_i == want_a); // Section 5.2's formula
            assert (ovf_a == (s_i + ia_i >= n_i)); // the mux takes reg_base1 on overflow
            assert (phys_a_i >= base_i && phys_a_i < base_i + n_i); // inside the window
        end
        if (!illegal_a && !illegal_b && index_a != index_b)
            assert (phys_a != phys_b);   // injective, hence a bijection onto the window
        // covers
        cover (!err_a && ovf_a);
        cover (!err_a && !ovf_a && n_i > 1);
        cover (!err_a && ovf_a && base_i + s_i < n_i); // reg_base1 wraps below 0
        cover (!err_a && n_i == `DRF_REGS && ovf_a);
        cover (err_a);
    end
endmodule
