// SPDX-License-Identifier: Apache-2.0
// Techmap for formal/run.sh's sat-cover engine (deltarf formal flow, docs/formal.md): a $cover
// becomes assert(!cond), so a yosys sat model of the assertion failing is the cover's trace.
(* techmap_celltype = "$cover" *)
module _90_cover2assert (A, EN);
    input A, EN;
    \$assert _TECHMAP_REPLACE_ (.A(~A), .EN(EN));
endmodule
