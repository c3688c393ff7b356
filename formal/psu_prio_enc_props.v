// SPDX-License-Identifier: Apache-2.0
// Formal properties of the PSU priority encoder (dc-patch paper Section IV-D;
// docs/dcpatch-psu-decisions.md): for every input vector the index is the lowest set input,
// valid = any input set, all ones when none. Both IMPL variants; formal/run.sh sets WIDTH.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove ref-1024-impl0
//@   checks  IMPL 0, 1024 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=1024, IMPL=0
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove ref-1024-impl1
//@   checks  IMPL 1, 1024 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=1024, IMPL=1
//@   engine  sat-comb
//@   depth   1
//@ prove ref-256-impl0
//@   checks  IMPL 0, 256 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=256, IMPL=0
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove ref-256-impl1
//@   checks  IMPL 1, 256 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=256, IMPL=1
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove ref-128-impl0
//@   checks  IMPL 0, 128 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=128, IMPL=0
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove ref-128-impl1
//@   checks  IMPL 1, 128 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=128, IMPL=1
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove ref-200-impl0
//@   checks  IMPL 0, 200 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=200, IMPL=0
//@   engine  sat-comb
//@   depth   1
//@   profile full
//@ prove ref-200-impl1
//@   checks  IMPL 1, 200 inputs: valid = any set, index = the lowest set input, all ones when none
//@   params  WIDTH=200, IMPL=1
//@   engine  sat-comb
//@   depth   1
//@ prove equiv-1024
//@   checks  optimised tree == linear chain, 1024 inputs: miter -equiv of IMPL 1 and 0
//@   top     psu_prio_enc
//@   params  WIDTH=1024
//@   engine  sat-comb
//@   depth   1
//@   prep    equiv
//@   profile full
//@ prove equiv-256
//@   checks  optimised tree == linear chain, 256 inputs: miter -equiv of IMPL 1 and 0
//@   top     psu_prio_enc
//@   params  WIDTH=256
//@   engine  sat-comb
//@   depth   1
//@   prep    equiv
//@   profile full
//@ prove equiv-128
//@   checks  optimised tree == linear chain, 128 inputs: miter -equiv of IMPL 1 and 0
//@   top     psu_prio_enc
//@   params  WIDTH=128
//@   engine  sat-comb
//@   depth   1
//@   prep    equiv
//@ prove equiv-200
//@   checks  optimised tree == linear chain, 200 inputs: miter -equiv of IMPL 1 and 0
//@   top     psu_prio_enc
//@   params  WIDTH=200
//@   engine  sat-comb
//@   depth   1
//@   prep    equiv
//@   profile full
//@ cover cover
//@   checks  only the last input set, a tie, no input set
//@   params  WIDTH=1024
//@   engine  sat-cover
//@   depth   1
module psu_prio_enc_props #(
    parameter integer WIDTH = 1024,
    parameter integer IMPL = 1
) (
`include "psu_prio_enc_ports.vh"
);
    localparam integer LEVELS = $clog2(WIDTH);

`include "psu_prio_enc_dut.vh"

    // the reference: the lowest set input, written as "no set input below it"
    wire [LEVELS:0] idx = {1'b0, index};
    wire [WIDTH-1:0] below = ({{(WIDTH-1){1'b0}}, 1'b1} << index) - 1'b1; // inputs < index
    always @(*) begin
        assert (valid == (in != 0));
        if (valid) begin
            assert (idx < WIDTH);
            assert (in[index]);
            assert ((in & below) == 0);
        end else
            assert (index == {LEVELS{1'b1}});
    end

    // covers: only the last input set, a tie broken towards the lowest input, none set
    always @(*) begin
        cover (in == {1'b1, {(WIDTH-1){1'b0}}} && valid);
        cover (in[0] && in[WIDTH-1] && index == 0);
        cover (!valid);
    end
endmodule
