// SPDX-License-Identifier: Apache-2.0
// Shared half of the generated Icarus testbenches (tools/gen/registry.py, build/gen/icarus): reads
// the per-cycle vector file of the lockstep harness (tb/harness.c --vectors: the armed flag,
// then every port in RTL order, inputs as driven, outputs as expected or x for don't-care),
// compares outputs, prints the verdict and, with +result=PATH, writes it as JSON (docs/results.md,
// icarus_replay). Include inside a module after localparams VEC_BLOCK (the block's name) and
// VEC_BITS (its widest port).
integer vec_fd;        // the vector file
integer vec_cycle;     // cycle of the current line, 0-based as in the harness
integer vec_compared;  // lines with flag 1 that matched
reg     vec_armed;     // flag of the current line: compare its outputs
reg     vec_failed;    // a divergence was reported
reg [8*1024-1:0] vec_path;
integer vec_fail_cycle;            // the first divergence: its cycle, signal, values
reg [8*24-1:0] vec_fail_signal;
reg [VEC_BITS-1:0] vec_fail_exp, vec_fail_got;

// Stops the simulation with a non-zero exit status after a message.
task vec_abort(input [8*64-1:0] why);
    begin
        $display("%0s (icarus): ERROR %0s at cycle %0d", VEC_BLOCK, why, vec_cycle);
        $fatal(1, "%0s (icarus): bad vector file or options", VEC_BLOCK);
    end
endtask

// Opens the file named by +vectors=PATH.
task vec_open;
    begin
        vec_cycle = 0;
        vec_compared = 0;
        vec_failed = 0;
        if (!$value$plusargs("vectors=%s", vec_path))
            vec_abort("no +vectors=FILE given");
        vec_fd = $fopen(vec_path, "r");
        if (vec_fd == 0)
            vec_abort("cannot open the +vectors file");
    end
endtask

// Starts the next line by reading its flag; more = 0 at the end of the file.
task vec_next_line(output more);
    integer rc;
    reg [31:0] flag;
    begin
        rc = $fscanf(vec_fd, "%h", flag);
        more = rc == 1;
        if (rc == 0 || (more && flag > 1))
            vec_abort("malformed flag field");
        vec_armed = flag[0];
    end
endtask

// Reads one hex field of at most bits bits (x: an output the bench did not compare).
task vec_field(input integer bits, output [VEC_BITS-1:0] v);
    integer rc;
    begin
        rc = $fscanf(vec_fd, "%h", v);
        if (rc != 1)
            vec_abort("missing field");
        if (bits < VEC_BITS && (^v) !== 1'bx && (v >> bits) != 0)
            vec_abort("field wider than its signal");
    end
endtask

// Compares output name with its expected value on armed lines (an x expectation: don't-care).
task vec_compare(input [8*24-1:0] name, input [VEC_BITS-1:0] got, input [VEC_BITS-1:0] exp);
    begin
        if (vec_armed && !vec_failed && (^exp) !== 1'bx && got !== exp) begin
            vec_failed = 1;
            vec_fail_cycle = vec_cycle;
            vec_fail_signal = name;
            vec_fail_exp = exp;
            vec_fail_got = got;
            $display("%0s (icarus): FIRST DIVERGENCE at cycle %0d: signal %0s expected 0x%0h got 0x%0h",
                     VEC_BLOCK, vec_cycle, name, exp, got);
        end
    end
endtask

// Ends the line: it must have had exactly the fields read.
task vec_end_line;
    integer c;
    begin
        c = $fgetc(vec_fd);
        if (c == 13)
            c = $fgetc(vec_fd);
        if (c != 10)
            vec_abort("wrong number of fields on the line");
        if (vec_armed && !vec_failed)
            vec_compared = vec_compared + 1;
        vec_cycle = vec_cycle + 1;
    end
endtask

// The verdict as JSON to the file named by +result=PATH, when given.
task vec_write_result;
    integer fd;
    reg [8*1024-1:0] path;
    begin
        if ($value$plusargs("result=%s", path)) begin
            fd = $fopen(path, "w");
            if (fd == 0)
                vec_abort("cannot write the +result file");
            $fwrite(fd, "{\"flow\": \"icarus_replay\", \"version\": 1, \"block\": \"%0s\", ", VEC_BLOCK);
            $fwrite(fd, "\"cycles\": %0d, \"compared\": %0d, \"passed\": %0s, \"divergence\": ",
                    vec_cycle, vec_compared, vec_failed ? "false" : "true");
            if (vec_failed)
                $fwrite(fd, "{\"cycle\": %0d, \"signal\": \"%0s\", \"expected\": \"0x%0h\", \"got\": \"0x%0h\"}}\n",
                        vec_fail_cycle, vec_fail_signal, vec_fail_exp, vec_fail_got);
            else
                $fwrite(fd, "null}\n");
            $fclose(fd);
        end
    end
endtask

// Closing line; a divergence (or an empty file) ends with a non-zero exit status.
task vec_finish;
    begin
        $fclose(vec_fd);
        if (!vec_failed && vec_compared == 0)
            vec_abort("no compared cycles in the vector file");
        vec_write_result;
        $display("%0s (icarus): %0d passed, %0d failed", VEC_BLOCK, vec_compared,
                 vec_failed ? 1 : 0);
        if (vec_failed)
            $fatal(1, "%0s (icarus): divergence from the C model", VEC_BLOCK);
        $finish;
    end
endtask
