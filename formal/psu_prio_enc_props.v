// Formal properties of the PSU priority encoder (dc-patch paper Section IV-D;
// docs/dcpatch-psu-decisions.md): for every input vector the index is the lowest set input,
// valid = any input set, all ones when none. Both IMPL variants; formal/run.sh sets WIDTH.
module psu_prio_enc_props #(
    parameter integer WIDTH = 1024,
    parameter integer IMPL = 1
) (
    input wire [WIDTH-1:0] in
);
    localparam integer LEVELS = $clog2(WIDTH);

    wire valid;
    wire [LEVELS-1:0] index;
    psu_prio_enc #(.WIDTH(WIDTH), .IMPL(IMPL)) dut (.in(in), .valid(valid), .index(index));

    // the reference: the lowest set input, written as "no set input below it"
    wire [LEVELS:0] idx = {1'b0, index};
    wire [WIDTH-1:0] below = ({{(WIDTH-1){1'b0}}, 1'b1} << index) - 1'b1; // inputs < index
    always @(*) begin
        assert (valid == (in != 0));
        if (valid) begin
            assert (idx < WIDTH);
            assert (in[index]);
            assert ((in & below) == 0);
        end else
            assert (index == {LEVELS{1'b1}});
    end

    // covers: only the last input set, a tie broken towards the lowest input, none set
    always @(*) begin
        cover (in == {1'b1, {(WIDTH-1){1'b0}}} && valid);
        cover (in[0] && in[WIDTH-1] && index == 0);
        cover (!valid);
    end
endmodule
