# SPDX-License-Identifier: Apache-2.0
# Yosys sat engines of formal/run.sh: sat-comb (one step), sat-ind (-tempinduct up to D steps),
# sat-cover (each cover alone, D steps: formal/covers.sh). Each engine_* reads the group's
# $dir/model.il and sets result, detail, engine_txt and depth_txt.

engine_sat_comb() {
    engine_txt="yosys sat"; depth_txt="combinational"
    timeout "$TIMEOUT" yosys -l "$log" -p "read_rtlil $dir/model.il; chformal -cover -remove; sat -seq 1 -prove-asserts -set-assumes $satx -show-inputs -dump_vcd $vcd" >/dev/null 2>&1; local rc=$?
    if grep -q "SAT proof finished - no model found: SUCCESS" "$log"; then result=PASS; detail=""
    elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
    elif grep -q "model found: FAIL" "$log"; then result=FAIL; detail="counterexample: $vcd (log $log)"
    else result=ERROR; detail="see $log"; fi
}

engine_sat_ind() {
    engine_txt="yosys sat"; depth_txt="${depth}-induction (unbounded)"
    timeout "$TIMEOUT" yosys -l "$log" -p "read_rtlil $dir/model.il; chformal -cover -remove; sat -tempinduct -prove-asserts -set-assumes $satx -maxsteps $depth -dump_vcd $dir/induction.vcd" >/dev/null 2>&1; local rc=$?
    if grep -q "Induction step proven: SUCCESS" "$log"; then result=PASS; detail=""
    elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
    elif grep -q "model found for base case: FAIL" "$log"; then
        mv "$dir/induction.vcd" "$vcd"; result=FAIL; detail="counterexample from reset: $vcd (log $log)"
    elif grep -q "Reached maximum number of time steps" "$log"; then
        # the induction step fails: look for a real counterexample from reset, with ABC's bmc3
        # (on the slices 20x faster than yosys sat) unless the registers start at zero (prep
        # zero, which the AIGER's free initial values would not keep)
        result=FAIL
        if [ -z "$satx" ]; then
            abc_bmc "read_rtlil $dir/model.il; chformal -cover -remove; $(aig_map anyseq)" "$CEX_DEPTH" "$dir/bmc"
            if [ $? -eq 1 ]; then mv "$dir/bmc.vcd" "$vcd"; detail="counterexample from reset, $(grep -o 'asserted in frame [0-9]*' "$dir/bmc.log" | head -1): $vcd (log $dir/bmc.log)"
            else detail="induction step fails, no counterexample from reset within $CEX_DEPTH steps: $dir/induction.vcd (log $log)"; fi
            return
        fi
        timeout "$TIMEOUT" yosys -l "$dir/bmc.txt" -p "read_rtlil $dir/model.il; chformal -cover -remove; sat -tempinduct-baseonly -prove-asserts -set-assumes $satx -maxsteps $CEX_DEPTH -show-inputs -dump_vcd $vcd" >/dev/null 2>&1
        if grep -q "model found for base case: FAIL" "$dir/bmc.txt"; then detail="counterexample from reset: $vcd (log $dir/bmc.txt)"
        else detail="induction step fails, no counterexample from reset within $CEX_DEPTH steps: $dir/induction.vcd (log $log)"; fi
    else result=ERROR; detail="see $log"; fi
}

# sat_cover_one COVER LOAD: the cover's trace within depth steps; true when reached
sat_cover_one() {
    timeout "$TIMEOUT" yosys -l "$dir/$1.log" -p "$2; sat -tempinduct-baseonly -maxsteps $depth -prove-asserts -set-assumes -show-inputs -dump_vcd $dir/$1.vcd" >/dev/null 2>&1
    grep -q "model found for base case: FAIL" "$dir/$1.log" && echo "within $depth steps"
}

engine_sat_cover() { engine_txt="yosys sat"; depth_txt="cover, BMC depth $depth"; each_cover sat_cover_one; }
