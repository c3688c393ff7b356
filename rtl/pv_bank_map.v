// SPDX-License-Identifier: Apache-2.0
// Register-to-bank mapping of the PV/NBTI banked RF (pv-nbti-banked-rf paper Section 3.3.1,
// Eq. 3) and FBA-RM (Section 3.3.2): registers below fast_regs on the 11 fast banks by Eq. (3)
// mod 11, the others on the 5 slow banks by Eq. (3) mod 5 (docs/pv-decisions.md D4-D5).
`default_nettype none
`include "drf_params.vh"
module pv_bank_map (
    input  wire [`DRF_PV_WARP_BITS-1:0]  warp,
    input  wire [`DRF_PV_REGID_BITS-1:0] reg_id,
    input  wire [`DRF_PV_REGID_BITS:0]   fast_regs, // 0..64
    output wire [`DRF_PV_BANK_BITS-1:0]  bank,      // (warp + reg) % 16
    output wire [`DRF_PV_BANK_BITS-1:0]  bank_fba,
    output wire                          fba_fast   // reg < fast_regs: bank_fba is fast
);
    localparam integer SW = `DRF_PV_WARP_BITS + 1;
    localparam [SW-1:0] FAST = `DRF_PV_FAST_BANKS;
    localparam [SW-1:0] SLOW = `DRF_PV_BANKS - `DRF_PV_FAST_BANKS;
    localparam integer BB = `DRF_PV_BANK_BITS;

    wire [SW-1:0] sum = {1'b0, warp} + {{(SW - `DRF_PV_REGID_BITS){1'b0}}, reg_id};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SW-1:0] on_fast = sum % FAST;         // < 11: only the low BB bits are used
    wire [SW-1:0] on_slow = FAST + sum % SLOW;  // 11..15: only the low BB bits are used
    /* verilator lint_on UNUSEDSIGNAL */

    assign bank = sum[BB-1:0];
    assign fba_fast = {1'b0, reg_id} < fast_regs;
    assign bank_fba = fba_fast ? on_fast[BB-1:0] : on_slow[BB-1:0];
endmodule
`default_nettype wire
