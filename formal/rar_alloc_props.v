// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RAR window allocator (aging paper Section 5.2; windows of Section
// 2.1; docs/rar-decisions.md 6-16): a grant is a free window that exists, the lowest one, at
// k*N; s of a window advances by 1 mod N per reassignment (shadow of an $anyconst window).
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove alloc
//@   checks  grant: free, existing, lowest window at k*N; flags; busy and N updates; s = j-th
//@           assignment mod N (anyconst window)
//@   engine  sat-ind
//@   depth   1
//@   peeks   peek_valid=dut.valid, peek_s_all=dut.s_all
//@ cover cover
//@   checks  full allocator (16 windows held), s = 2, s wrapping to 0, refused requests
//@   engine  abc-cover
//@   depth   20
//@   peeks   peek_valid=dut.valid, peek_s_all=dut.s_all
`include "drf_params.vh"
module rar_alloc_props (
`include "rar_alloc_ports.vh"
);
    localparam integer RB = `DRF_REG_BITS;
    localparam integer SB = `DRF_SLOT_BITS;
    localparam integer SLOTS = `DRF_WAVEFRONT_SLOTS;

`include "rar_alloc_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // window k exists for the running kernel when (k + 1) * N <= DRF_REGS (N = 0: none)
    function exists;
        input integer k;
        input [RB:0] nn;
        exists = nn != 0 && (k + 1) * nn <= `DRF_REGS;
    endfunction
    reg [SLOTS-1:0] avail;
    integer k;
    always @(*)
        for (k = 0; k < SLOTS; k = k + 1)
            avail[k] = exists(k, n) && !busy[k];

    // a configure the allocator must accept (decision 7)
    wire cfg_ok = configure && cfg_n != 0 && cfg_n <= `DRF_REGS && busy == 0 && !alloc && !free;

    // the properties of a grant and of the flags
    always @(*) begin
        if (!init) begin
            assert (full == (avail == 0));
            assert (grant == (alloc && avail != 0));
            assert (err_alloc == (alloc && avail == 0));
            assert (err_cfg == (configure && !cfg_ok));
            assert (err_free == (free && !busy[free_id]));
            if (grant) begin
                assert (!busy[win_id]);                       // never a held window
                assert (exists(win_id, n));                   // a window of this kernel
                assert ((avail & ((16'd1 << win_id) - 16'd1)) == 0); // the lowest free one
                assert ({1'b0, reg_base} == win_id * n);
                assert (s < n);
            end else begin
                assert (win_id == 0 && reg_base == 0 && s == 0);
            end
            for (k = 0; k < SLOTS; k = k + 1)
                if (busy[k]) assert (exists(k, n));          // only windows that exist are held
        end
    end

    // held windows at the next edge: rst/configure clear, grant sets, a held free clears
    reg [SLOTS-1:0] busy_want = 0;
    reg prev_init = 1'b1;
    always @(posedge clk) begin
        prev_init <= init;
        if (rst || cfg_ok)
            busy_want <= 0;
        else
            busy_want <= (busy & ~((free && busy[free_id]) ? (16'd1 << free_id) : 16'd0))
                         | (grant ? (16'd1 << win_id) : 16'd0);
    end
    always @(*) if (!init) assert (busy == busy_want);

    // N follows accepted configures only
    reg [RB:0] n_want = 0;
    always @(posedge clk) n_want <= rst ? 0 : cfg_ok ? cfg_n : n;
    always @(*) if (!init) assert (n == n_want);

    // rotation of one window ($anyconst): its j-th assignment since the last configure (or
    // reset) sees s = j mod N. rot counts those assignments modulo N.
    (* anyconst *) reg [SB-1:0] watch;
    reg [RB:0] rot = 0;
    wire [RB:0] rot_inc = (rot + 1'b1 == n) ? 0 : rot + 1'b1;
    reg [2:0] uses = 0;   // assignments of `watch` so far, saturating (for the covers)
    always @(posedge clk) begin
        if (rst || cfg_ok) begin
            rot <= 0;
            uses <= 0;
        end else if (grant && win_id == watch) begin
            rot <= rot_inc;
            uses <= uses + (uses != 3'd7);
        end
    end
    always @(*) begin
        if (!init) begin
            if (grant && win_id == watch)
                assert ({1'b0, s} == rot);
            assert (n == 0 ? rot == 0 : rot < n);
        end
    end

    // inductive invariants on the allocator's state (peek_* wires that formal/run.sh connects
    // after flattening): the valid mask is the windows that exist, the stored s of `watch`
    // is rot, or the one before it while the window is held (s advances at the free)
    wire [SLOTS-1:0] peek_valid;
    wire [SLOTS*RB-1:0] peek_s_all;
    wire [RB:0] s_watch = {1'b0, peek_s_all[watch*RB +: RB]};
    wire [RB:0] s_watch_inc = (s_watch + 1'b1 == n) ? 0 : s_watch + 1'b1;
    always @(*) begin
        if (!init) begin
            for (k = 0; k < SLOTS; k = k + 1) begin
                assert (peek_valid[k] == exists(k, n));
                assert (n == 0 ? peek_s_all[k*RB +: RB] == 0 : {1'b0, peek_s_all[k*RB +: RB]} < n);
            end
            if (n == 0 || !busy[watch])
                assert (s_watch == rot);
            else
                assert (s_watch_inc == rot && s_watch < n);
        end
    end

    // covers: a full allocator (every window of a kernel held), a reassigned window with s > 0,
    // the rotation wrapping back to 0, refused requests
    always @(*) begin
        if (!init) begin
            cover (n != 0 && full && busy != 0);
            cover (n == 16 && busy == 16'hffff);
            cover (grant && s == 2);
            cover (grant && n == 2 && uses == 2 && win_id == watch && s == 0); // s wrapped
            cover (err_alloc && n != 0);
            cover (err_free);
            cover (err_cfg);
        end
    end
endmodule
