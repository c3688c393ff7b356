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
    sat_ind ""
}

# sat-ind-each: each assertion by its own D-induction, the others removed, one solver run each
# (TIMEOUT each); PASS when all pass. For a wrapper whose conditions are inductive together but
# too slow as one SAT problem: it assumes them all a cycle earlier (docs/formal.md, Engines).
engine_sat_ind_each() {
    engine_txt="yosys sat, each assertion"; depth_txt="${depth}-induction (unbounded)"
    local n i log0=$log
    n=$(grep -c '^  cell .assert ' "$dir/model.il")
    for ((i = 0; i < n; i++)); do
        log="$dir/log-$i.txt"
        sat_ind "rename -enumerate -pattern assert_% t:\$assert; chformal -remove t:\$assert c:assert_$i %d;"
        { grep -h "Import proof for assert" "$log"; echo "$result ${detail:-$log}"; } >> "$log0"
        [ "$result" = PASS ] || { detail="assertion $((i + 1)) of $n: $detail"; return; }
    done
}

# sat_ind CMDS: sat-ind on the model after the Yosys commands CMDS; sets result and detail
sat_ind() {
    timeout "$TIMEOUT" yosys -l "$log" -p "read_rtlil $dir/model.il; chformal -cover -remove; $1 sat -tempinduct -prove-asserts -set-assumes $satx -maxsteps $depth -dump_vcd $dir/induction.vcd" >/dev/null 2>&1; local rc=$?
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
