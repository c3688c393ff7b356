// Icarus Verilog testbench of rtl/rc_compress.v: replays a vector file of the lockstep
// harness (bench_rc_compress --vectors) cycle by cycle: inputs, settle, compare, clock edge.
// usage: vvp rc_compress_tb.vvp +vectors=FILE (fields: see tb/bench_rc_compress.c)
`include "drf_params.vh"
module rc_compress_tb;
    localparam VEC_BLOCK = "rc_compress";
    localparam integer SW_BITS = `DRF_SW_LANES * `DRF_WORD_BITS;
`include "vec_io.vh"

    reg clk = 1'b0;
    reg rst, start, divergent;
    reg [`DRF_REG_BITS-1:0] dst;
    reg [SW_BITS-1:0] sw_data;
    wire [2:0] state;
    wire w_en_delta, w_en_c, comp_deltas, final_st, w_en_st, compr, compr_final, pg;
    wire [`DRF_REG_BITS-1:0] st_reg;
    wire [`DRF_WORD_BITS-1:0] st_c0;
    wire [`DRF_CODE_BITS-1:0] st_log2de, st_log2db, ref_log2de, ref_log2db;

    rc_compress dut (
        .clk(clk), .rst(rst), .start(start), .divergent(divergent), .dst(dst),
        .sw_data(sw_data), .state(state), .w_en_delta(w_en_delta), .w_en_c(w_en_c),
        .comp_deltas(comp_deltas), .final_st(final_st), .w_en_st(w_en_st), .compr(compr),
        .compr_final(compr_final), .pg(pg), .st_reg(st_reg), .st_c0(st_c0),
        .st_log2de(st_log2de), .st_log2db(st_log2db), .ref_log2de(ref_log2de),
        .ref_log2db(ref_log2db));

    reg [VEC_BITS-1:0] v;
    reg more;

    // Inputs in the order the bench drives them (hx_set / hx_set_words).
    task apply_inputs;
        begin
            vec_field(1, v);  rst = v[0];
            vec_field(1, v);  start = v[0];
            vec_field(1, v);  divergent = v[0];
            vec_field(`DRF_REG_BITS, v); dst = v[`DRF_REG_BITS-1:0];
            vec_field(SW_BITS, v); sw_data = v[SW_BITS-1:0];
        end
    endtask

    // Outputs in the order the bench checks them (hx_expect).
    task check_outputs;
        begin
            vec_expect("state", 3, state);
            vec_expect("w_en_delta", 1, w_en_delta);
            vec_expect("w_en_c", 1, w_en_c);
            vec_expect("comp_deltas", 1, comp_deltas);
            vec_expect("final_st", 1, final_st);
            vec_expect("w_en_st", 1, w_en_st);
            vec_expect("compr", 1, compr);
            vec_expect("compr_final", 1, compr_final);
            vec_expect("pg", 1, pg);
            vec_expect("st_reg", `DRF_REG_BITS, st_reg);
            vec_expect("st_c0", `DRF_WORD_BITS, st_c0);
            vec_expect("st_log2de", `DRF_CODE_BITS, st_log2de);
            vec_expect("st_log2db", `DRF_CODE_BITS, st_log2db);
            vec_expect("ref_log2de", `DRF_CODE_BITS, ref_log2de);
            vec_expect("ref_log2db", `DRF_CODE_BITS, ref_log2db);
        end
    endtask

    initial begin
        vec_open;
        vec_next_line(more);
        while (more && !vec_failed) begin
            apply_inputs;
            #1;
            check_outputs;
            vec_end_line;
            clk = 1'b1; // the rising edge of this cycle
            #1;
            clk = 1'b0;
            vec_next_line(more);
        end
        vec_finish;
    end
endmodule
