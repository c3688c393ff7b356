// SPDX-License-Identifier: Apache-2.0
// Formal properties of the FRF_high / FRF_low switch (pilot paper Section IV-C, threshold of
// Section V-B; docs/pilot-decisions.md): the wrapper's own epoch count (clamped to 8 a cycle)
// equals icount, epochs last EPOCH cycles, the mode of an epoch is (last epoch's count >=
// THRESHOLD), FRF_high after reset. Proven by induction; covered at a 4-cycle epoch.
//@ prove epochs
//@   checks  50-cycle epochs, threshold 85: icount = the epoch's clamped issues, epoch_last every
//@           50 cycles, next mode = (count >= 85), mode constant inside an epoch, err_issue iff
//@           issue > 8
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_pos=dut.pos
//@ cover cover
//@   checks  epoch of THRESHOLD-1 -> FRF_low, of THRESHOLD -> FRF_high, back to FRF_high, err_issue
//@   params  EPOCH=4, THRESHOLD=7
//@   engine  sat-cover
//@   depth   14
//@   peeks   peek_pos=dut.pos
`include "drf_params.vh"
module frf_mode_ctl_props #(
    parameter integer EPOCH = `DRF_PILOT_EPOCH,
    parameter integer THRESHOLD = `DRF_PILOT_THRESHOLD
) (
`include "frf_mode_ctl_ports.vh"
);
    localparam integer CB = `DRF_PILOT_ICNT_BITS;
    localparam integer PB = $clog2(EPOCH);
`include "frf_mode_ctl_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the wrapper's epoch: cycle inside it, instructions so far (16 bits: never wraps)
    wire [3:0] clamped = issue > `DRF_PILOT_ISSUE_MAX ? `DRF_PILOT_ISSUE_MAX : issue;
    reg [15:0] cyc = 0, count = 0;
    reg want_mode = 1'b1;
    wire [15:0] total = count + clamped;
    wire last = cyc == EPOCH - 1;
    always @(posedge clk) begin
        if (rst) begin
            cyc <= 0; count <= 0; want_mode <= 1'b1;
        end else if (last) begin
            cyc <= 0; count <= 0; want_mode <= total >= THRESHOLD;
        end else begin
            cyc <= cyc + 1'b1; count <= total;
        end
    end

    wire [PB-1:0] peek_pos;
    always @(*) begin
        if (!init) begin
            assert (peek_pos == cyc);   // inductive strengthening
            assert (cyc < EPOCH);
            assert (count <= `DRF_PILOT_ISSUE_MAX * cyc);
            assert (icount == count);
            assert (epoch_last == last);
            assert (mode == want_mode);
            assert (err_issue == (issue > `DRF_PILOT_ISSUE_MAX));
        end
    end

    // covers (at a short epoch): the rule at THRESHOLD - 1 and THRESHOLD, both transitions
    reg was_low = 1'b0;
    always @(posedge clk) if (!init && !mode) was_low <= 1'b1;
    always @(*) begin
        if (!init) begin
            cover (last && total == THRESHOLD - 1 && mode);
            cover (last && total == THRESHOLD && !mode);
            cover (was_low && mode && cyc == 1);
            cover (err_issue && last);
        end
    end
endmodule
