// Icarus Verilog testbench of rtl/rc_decompress.v (combinational): replays a vector file of
// the lockstep harness (bench_rc_decompress --vectors): apply inputs, settle, compare.
// usage: vvp rc_decompress_tb.vvp +vectors=FILE (fields: see tb/bench_rc_decompress.c)
`include "drf_params.vh"
module rc_decompress_tb;
    localparam VEC_BLOCK = "rc_decompress";
    localparam integer SW_BITS = `DRF_SW_LANES * `DRF_WORD_BITS;
`include "vec_io.vh"

    reg [`DRF_WORD_BITS-1:0] c0;
    reg [`DRF_CODE_BITS-1:0] log2de, log2db;
    reg [1:0] sw;
    wire [SW_BITS-1:0] comp;

    rc_decompress dut (.c0(c0), .log2de(log2de), .log2db(log2db), .sw(sw), .comp(comp));

    reg [VEC_BITS-1:0] v;
    reg more;

    // Inputs in the order the bench drives them (hx_set).
    task apply_inputs;
        begin
            vec_field(`DRF_WORD_BITS, v); c0 = v[`DRF_WORD_BITS-1:0];
            vec_field(`DRF_CODE_BITS, v); log2de = v[`DRF_CODE_BITS-1:0];
            vec_field(`DRF_CODE_BITS, v); log2db = v[`DRF_CODE_BITS-1:0];
            vec_field(2, v); sw = v[1:0];
        end
    endtask

    initial begin
        vec_open;
        vec_next_line(more);
        while (more && !vec_failed) begin
            apply_inputs;
            #1;
            vec_expect("comp", SW_BITS, comp);
            vec_end_line;
            vec_next_line(more);
        end
        vec_finish;
    end
endmodule
