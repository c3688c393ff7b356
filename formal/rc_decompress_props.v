// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RC decompression unit (aging paper Section 5.1.2, Fig. 10): a miter
// against Eq. (2) written with multiplications, for every C0, code pair and subwavefront:
// C_i = C0 + floor(i/8) * Db + (i mod 8) * De, i = 16 sw + j. Both IMPL variants (run.sh).
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove miter-impl0
//@   checks  IMPL 0 (Fig. 10): 16 lanes = C0 + floor(i/8)*Db + (i%8)*De, every C0, codes, sw
//@   params  IMPL=0
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove miter-impl1
//@   checks  IMPL 1 (wired shifts, split carry): the same Eq. (2) miter
//@   params  IMPL=1
//@   engine  sat-comb
//@   depth   1
//@ prove miter-impl1-w16
//@   checks  IMPL 1 at 16-bit components (the slices' reduced width): the same Eq. (2) miter, the
//@           contract rc_slice assumes when it cuts the unit
//@   params  IMPL=1
//@   engine  sat-comb
//@   depth   1
//@   sizes   DRF_WORD_BITS=16
//@ prove equiv
//@   checks  optimised == straightforward: IMPL 1 and IMPL 0 in a miter -equiv, every input
//@   top     rc_decompress
//@   engine  sat-comb
//@   depth   1
//@   prep    equiv
//@   profile full
//@ cover cover
//@   checks  a lane with a non-zero offset
//@   engine  sat-cover
//@   depth   1
`include "drf_params.vh"
module rc_decompress_props #(
    parameter integer IMPL = 1 // rc_decompress variant (formal/run.sh proves both)
) (
`include "rc_decompress_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer LANES = `DRF_SW_LANES;
`include "rc_decompress_dut.vh"

    // the reference: Eq. (2) of the deltas the codes stand for (formal/common.v)
    wire [LANES*W-1:0] ref_comp;
    entry_ref u_ref (.c0(c0), .log2de(log2de), .log2db(log2db), .sw(sw), .comp(ref_comp));
    // read (en): Eq. (2); not read, the output is x (no property)
    always @(*) if (en) assert (comp == ref_comp);

    // covers: the largest offset (lane 15 of subwavefront 3 with both deltas 64), with a
    // carry out of C0's low bits; a zero code forwarding 0
    always @(*) begin
        cover (en && sw == 3 && log2de == 6 && log2db == 6 && comp[(LANES-1)*W +: W] < c0);
        cover (en && log2de == `DRF_CODE_ZERO && log2db == 0 && sw == 1 &&
               comp[W +: W] == c0 + 2);
    end
endmodule
