// SPDX-License-Identifier: Apache-2.0
// Formal properties of the RC compression table (aging paper Section 5.1.1; docs/rc-decisions.md
// decision 7): a read at an $anyconst address returns the last entry written there, or all
// zero when the entry is invalid (never written, invalidated, or reset). Proven by induction.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove table
//@   checks  read at an anyconst address = last entry written, zero when invalid (3 ports)
//@   engine  smt-ind
//@   depth   1
//@ cover cover
//@   checks  valid entry read back, entry invalidated, entry overwritten
//@   engine  smt-cover
//@   depth   4
`include "drf_params.vh"
module rc_ctable_props (
`include "rc_ctable_ports.vh"
);
    localparam integer PAYLOAD = `DRF_WORD_BITS + 2 * `DRF_CODE_BITS;

`include "rc_ctable_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // the entry at address `watch`, as the writes and resets leave it
    (* anyconst *) reg [`DRF_REG_BITS-1:0] watch;
    reg sh_v = 1'b0;
    reg [PAYLOAD-1:0] sh_payload = 0;
    always @(posedge clk) begin
        if (rst)
            sh_v <= 1'b0;
        else if (we && waddr == watch) begin
            sh_v <= wv;
            sh_payload <= {wc0, wlog2de, wlog2db};
        end
    end
    wire [PAYLOAD-1:0] sh_read = sh_v ? sh_payload : {PAYLOAD{1'b0}};

    // Reads are combinational and change no state, so pinning port A to `watch` loses no
    // behaviour (watch is any address); its read is the inductive invariant. B and W are free.
    always @(*) assume (ra == watch);

    always @(*) begin
        if (!init) begin
            assert (va == sh_v && {c0a, log2dea, log2dba} == sh_read);
            if (rb == watch)
                assert (vb == sh_v && {c0b, log2deb, log2dbb} == sh_read);
            if (rw == watch)
                assert (vw == sh_v);
        end
    end

    // covers: a valid entry read back, an entry written invalid, an entry overwritten
    reg seen_valid = 1'b0;
    always @(posedge clk) seen_valid <= rst ? 1'b0 : seen_valid | sh_v;
    always @(*) begin
        if (!init) begin
            cover (vb && rb == watch && c0b != 0 && log2deb != 0);
            cover (seen_valid && !va);
            cover (va && we && wv && waddr == watch);
        end
    end
endmodule
