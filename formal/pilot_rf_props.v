// SPDX-License-Identifier: Apache-2.0
// Formal properties of the partitioned register file (pilot paper Sections III, IV-C, V-B;
// docs/pilot-decisions.md, pilot_rf 1-6) at the reduced parameters DRF_PILOT_FV_* of the shared
// headers (2 warps, 8 registers, n = 2, 2-bit lanes): for an $anyconst warp and register, a read
// returns the last value the warp wrote there since it started, across any table changes, with
// its tag, at the latency of its warp's table and the mode; the location never changes while
// the warp lives; every response, stall and refusal of every warp is the wrapper's own rule.
//@ prove readback
//@   checks  2 warps, 8 registers, n = 2: read = last value written (any table changes), tag,
//@           latency = FRF iff in the warp's top-n (1 FRF_high, 2 FRF_low, 3 SRF), location
//@           constant while live, rvalid/stall/err_req/err_warp/err_tbl/gen/live by the wrapper's
//@           rules
//@   engine  abc-pdr
//@   depth   0
//@ cover cover
//@   checks  checked read of a value written before a table change, from the FRF in FRF_low and
//@           from a swapped-in register; a stall; a table change refused while the other table is
//@           used
//@   engine  abc-cover
//@   depth   12
`include "drf_params.vh"
module pilot_rf_props #(
    // pilot_rf's parameters at the proof's sizes (the DRF_PILOT_FV_* of params.def)
    parameter integer WARPS = `DRF_PILOT_FV_WARPS,
    parameter integer WB = `DRF_PILOT_FV_WARP_BITS,
    parameter integer REGS = `DRF_PILOT_FV_REGS,
    parameter integer RB = `DRF_PILOT_FV_REG_BITS,
    parameter integer N = `DRF_PILOT_FV_N,
    parameter integer W = `DRF_PILOT_FV_WORD_BITS,
    parameter integer TB = `DRF_PILOT_TAG_BITS
) (
`include "pilot_rf_ports.vh"
);

`include "pilot_rf_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // --- the wrapper's own state: live warps, their tables, the two top-n sets ---------------
    reg [WARPS-1:0] s_live = 0, s_wgen = 0;
    reg s_gen = 1'b0;
    reg [REGS-1:0] s_set0 = {{(REGS-N){1'b0}}, {N{1'b1}}}, s_set1 = {{(REGS-N){1'b0}}, {N{1'b1}}};
    reg [REGS-1:0] top_set;
    reg legal;
    integer a, b;
    always @(*) begin
        top_set = 0;
        legal = 1'b1;
        for (a = 0; a < N; a = a + 1) begin
            top_set[tbl_top[a*RB +: RB]] = 1'b1;
            for (b = a + 1; b < N; b = b + 1)
                if (tbl_top[a*RB +: RB] == tbl_top[b*RB +: RB]) legal = 1'b0;
        end
    end
    wire other_used = |(s_live & (s_gen ? ~s_wgen : s_wgen));
    wire apply_ok = tbl_apply && !other_used && legal;
    wire start_ok = warp_start && !s_live[start_warp];
    wire end_ok = warp_end && s_live[end_warp];
    wire req_set_gen = s_wgen[req_warp];
    wire req_in_frf = req_set_gen ? s_set1[req_reg] : s_set0[req_reg];
    wire [1:0] want_lat = req_in_frf ? (mode ? 2'd1 : 2'd2) : 2'd3;
    reg [2:0] due = 0;                       // due[i]: some read is delivered i cycles from now
    wire read_ok = req && !req_we && s_live[req_warp];
    wire collide = read_ok && (want_lat == 2'd1 ? due[1] : want_lat == 2'd2 ? due[2] : 1'b0);
    wire acc_ok = req && s_live[req_warp] && !collide;
    always @(posedge clk) begin
        if (rst) begin
            s_live <= 0; s_wgen <= 0; s_gen <= 1'b0; due <= 0;
            s_set0 <= {{(REGS-N){1'b0}}, {N{1'b1}}}; s_set1 <= {{(REGS-N){1'b0}}, {N{1'b1}}};
        end else begin
            due <= {1'b0, due[2:1]} | ((acc_ok && !req_we) ? (3'b001 << (want_lat - 2'd1)) : 3'b000);
            if (end_ok) s_live[end_warp] <= 1'b0;
            if (start_ok) begin s_live[start_warp] <= 1'b1; s_wgen[start_warp] <= s_gen; end
            if (apply_ok) begin
                if (s_gen) s_set0 <= top_set; else s_set1 <= top_set;
                s_gen <= !s_gen;
            end
        end
    end

    // --- the watched register: its value, the reads of it in flight, its location ------------
    (* anyconst *) reg [WB-1:0] ww;
    (* anyconst *) reg [RB-1:0] wr;
    wire watched = req && req_warp == ww && req_reg == wr;
    reg known = 1'b0, loc_v = 1'b0, changed = 1'b0;
    reg [W-1:0] val = 0;
    reg [RB-1:0] loc = 0;
    reg [2:0] wdue = 0, wknown = 0, wchg = 0;  // the watched reads delivered i cycles from now
    reg [3*W-1:0] wval = 0;
    reg [3*TB-1:0] wtag = 0;
    reg got_changed = 1'b0, got_low = 1'b0, got_swapped = 1'b0; // covers
    integer i;
    always @(posedge clk) begin
        if (rst) begin
            known <= 1'b0; loc_v <= 1'b0; wdue <= 0; wknown <= 0; wchg <= 0;
            changed <= 1'b0;
        end else begin
            wdue <= {1'b0, wdue[2:1]}; wknown <= {1'b0, wknown[2:1]}; wchg <= {1'b0, wchg[2:1]};
            wval <= {{W{1'b0}}, wval[3*W-1:W]}; wtag <= {{TB{1'b0}}, wtag[3*TB-1:TB]};
            if (watched && acc_ok && !req_we)
                for (i = 0; i < 3; i = i + 1)
                    if (i == want_lat - 1) begin
                        wdue[i] <= 1'b1; wknown[i] <= known; wchg[i] <= changed;
                        wval[i*W +: W] <= val; wtag[i*TB +: TB] <= req_tag;
                    end
            if (watched && acc_ok && req_we) begin val <= req_wdata; known <= 1'b1; changed <= 1'b0; end
            if (watched && acc_ok) begin loc_v <= 1'b1; loc <= acc_loc; end
            if (apply_ok) changed <= 1'b1;
            if (start_ok && start_warp == ww) begin known <= 1'b0; loc_v <= 1'b0; end
        end
    end
    always @(posedge clk) begin
        if (!init && rvalid && wdue[0] && wknown[0]) begin
            got_changed <= got_changed | wchg[0];
            got_low <= got_low | (mode == 1'b0);
        end
        if (!init && watched && acc_ok && known && wr >= N && req_in_frf) got_swapped <= 1'b1;
    end

    always @(*) begin
        if (!init) begin
            assert (live == s_live && gen == s_gen);
            assert ((warp_gen & s_live) == (s_wgen & s_live));
            assert (err_warp == ((warp_start && s_live[start_warp]) || (warp_end && !s_live[end_warp])));
            assert (err_tbl == (tbl_apply && !apply_ok));
            assert (err_req == (req && !s_live[req_warp]));
            assert (stall == collide);
            assert (accept == acc_ok);
            if (req && s_live[req_warp]) begin
                assert (acc_frf == req_in_frf && acc_lat == want_lat);
                assert (acc_frf == (acc_loc < N));
            end
            assert (rvalid == due[0]);
            if (wdue[0]) begin
                assert (rvalid && rtag == wtag[0 +: TB]);
                if (wknown[0]) assert (rdata == wval[0 +: W]);
            end
            if (watched && s_live[ww] && loc_v) assert (acc_loc == loc);
        end
    end

    always @(*) begin
        if (!init) begin
            cover (got_changed && got_low);
            cover (got_swapped);
            cover (stall);
            cover (err_tbl && legal && tbl_apply);
        end
    end
endmodule
