# SPDX-License-Identifier: Apache-2.0
# yosys-smtbmc + z3 engines of formal/run.sh: smt-comb (one step), smt-bmc (D steps), smt-ind
# (BMC base case of depth D, then D-induction), smt-cover (-c, D steps). Each engine_* reads
# the group's $dir/model.smt2 and sets result, detail, engine_txt and depth_txt.

smt_model() { # FRONTEND STRIP: the SMT2 model of the design
    yosys -q -l "$dir/yosys.log" -p "$1 $2 dffunmap; write_smt2 -wires $dir/model.smt2" >/dev/null 2>&1
}

engine_smt_comb() { engine_smt_bmc; depth_txt="combinational"; }

engine_smt_bmc() {
    engine_txt="smtbmc z3"; depth_txt="BMC depth $depth"
    timeout "$TIMEOUT" yosys-smtbmc -s z3 -t "$depth" --dump-vcd "$vcd" "$dir/model.smt2" >> "$log" 2>/dev/null; local rc=$?
    if grep -q "Status: PASSED" "$log"; then result=PASS; detail=""
    elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
    elif grep -q "Status: FAILED" "$log"; then result=FAIL; detail="counterexample: $vcd (log $log)"
    else result=ERROR; detail="the solver gave no verdict: $log"; fi
}

engine_smt_ind() {
    engine_txt="smtbmc z3"; depth_txt="${depth}-induction (unbounded)"
    timeout "$TIMEOUT" yosys-smtbmc -s z3 -t "$depth" --dump-vcd "$vcd" "$dir/model.smt2" >> "$log" 2>/dev/null; local rc=$?
    if ! grep -q "Status: PASSED" "$log"; then
        if [ $rc -eq 124 ]; then result=TIMEOUT; detail="base case: no answer in ${TIMEOUT} s: $log"
        elif grep -q "Status: FAILED" "$log"; then result=FAIL; detail="counterexample from reset: $vcd (log $log)"
        else result=ERROR; detail="base case: the solver gave no verdict: $log"; fi
        return
    fi
    timeout "$TIMEOUT" yosys-smtbmc -s z3 -i -t "$depth" --dump-vcd "$dir/induction.vcd" "$dir/model.smt2" > "$dir/induction.txt" 2>/dev/null; rc=$?
    cat "$dir/induction.txt" >> "$log"
    if grep -q "Status: PASSED" "$dir/induction.txt"; then result=PASS; detail=""
    elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="induction: no answer in ${TIMEOUT} s: $log"
    else
        # the induction step fails: look for a real counterexample from reset
        timeout "$TIMEOUT" yosys-smtbmc -s z3 -t "$CEX_DEPTH" --dump-vcd "$vcd" "$dir/model.smt2" > "$dir/bmc.txt" 2>/dev/null
        cat "$dir/bmc.txt" >> "$log"
        result=FAIL
        if grep -q "Status: FAILED" "$dir/bmc.txt"; then detail="counterexample from reset: $vcd (log $log)"
        else detail="induction step fails, no counterexample from reset within $CEX_DEPTH steps: $dir/induction.vcd (log $log)"; fi
    fi
}

engine_smt_cover() {
    engine_txt="smtbmc z3 -c"; depth_txt="cover, BMC depth $depth"
    timeout "$TIMEOUT" yosys-smtbmc -s z3 -c -t "$depth" --dump-vcd "$vcd" "$dir/model.smt2" >> "$log" 2>/dev/null; local rc=$? src
    grep -o "Reached cover statement at [^ ]* .*in step [0-9]*" "$log" | while read -r _ _ _ _ src _ _ step; do
        printf '%s\t%s\treached in step %s\n' "$module.$name" "$(source_text "$src")" "$step"
    done >> "$COVERS"
    grep -o "Unreached cover statement at [^ ]*" "$log" | while read -r _ _ _ _ src; do
        printf '%s\t%s\tNOT REACHED within %s steps\n' "$module.$name" "$(source_text "$src")" "$depth"
    done >> "$COVERS"
    local nreached
    nreached=$(grep -c "Reached cover statement" "$log")
    if grep -q "Status: PASSED" "$log"; then result=COVERED; detail="$nreached covers reached; last trace $vcd"
    elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
    else result=FAIL; detail="a cover is unreachable within $depth steps: $log"; fi
}
