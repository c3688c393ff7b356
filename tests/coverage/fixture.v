// SPDX-License-Identifier: Apache-2.0
// Fixture of make coverage-selftest (docs/coverage.md): the source that the hand-made
// Verilator counts fixture.s1.dat and fixture.s2.dat point at (genhtml reads it); never built.
module fixture (input wire clk, input wire a, output reg q);
    wire [1:0] tied = 2'b01;
    always @(posedge clk)
        if (a) q <= tied[0];
        else q <= 1'b0;
endmodule
