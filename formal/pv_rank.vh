// SPDX-License-Identifier: Apache-2.0
// The RF-BRO ranking order (pv-nbti-banked-rf paper Section 4.2.2, docs/pv-decisions.md D7) for
// formal wrappers, over the sub-banks' delay codes of DB bits: i precedes j when it is faster, a
// tie to the lower ID.
function precedes(input [`DRF_PV_SUBBANKS*DB-1:0] dl, input [`DRF_PV_SB_BITS-1:0] i,
                  input [`DRF_PV_SB_BITS-1:0] j);
    precedes = dl[i*DB +: DB] < dl[j*DB +: DB] || (dl[i*DB +: DB] == dl[j*DB +: DB] && i < j);
endfunction

// rank of sub-bank i: the sub-banks that precede it (at most NSB - 1, so SB bits, as in the RTL)
function [`DRF_PV_SB_BITS-1:0] rank_of(input [`DRF_PV_SUBBANKS*DB-1:0] dl,
                                       input [`DRF_PV_SB_BITS-1:0] i);
    integer j;
    begin
        rank_of = 0;
        for (j = 0; j < `DRF_PV_SUBBANKS; j = j + 1)
            rank_of = rank_of + {{(`DRF_PV_SB_BITS - 1){1'b0}}, precedes(dl, j[`DRF_PV_SB_BITS-1:0], i)};
    end
endfunction
