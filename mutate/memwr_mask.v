// SPDX-License-Identifier: Apache-2.0
// Techmap for mutate/equiv.sh -c (docs/mutate.md): a memory write port's data masked
// by its enable, and its address while no bit is enabled, so that a mutation of a data bit the
// port never writes, or of the address of a cycle it writes nothing, compares equal. The
// masked port is renamed back to $memwr_v2 by `chtype` after the mapping.
(* techmap_celltype = "$memwr_v2" *)
module memwr_mask (CLK, EN, ADDR, DATA);
    parameter MEMID = "";
    parameter ABITS = 1;
    parameter WIDTH = 1;
    parameter CLK_ENABLE = 0;
    parameter CLK_POLARITY = 0;
    parameter PORTID = 0;
    parameter PRIORITY_MASK = 0;
    input CLK;
    input [WIDTH-1:0] EN;
    input [ABITS-1:0] ADDR;
    input [WIDTH-1:0] DATA;
    \$__memwr_masked #(.MEMID(MEMID), .ABITS(ABITS), .WIDTH(WIDTH), .CLK_ENABLE(CLK_ENABLE),
        .CLK_POLARITY(CLK_POLARITY), .PORTID(PORTID), .PRIORITY_MASK(PRIORITY_MASK))
        _TECHMAP_REPLACE_ (.CLK(CLK), .EN(EN), .ADDR(ADDR & {ABITS{|EN}}), .DATA(DATA & EN));
endmodule
