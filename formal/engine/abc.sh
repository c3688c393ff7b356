# SPDX-License-Identifier: Apache-2.0
# ABC engines of formal/run.sh: abc-bmc (bmc3, D frames), abc-pdr (property-directed
# reachability, unbounded; D unused) and abc-cover (each cover alone, bmc3, D frames:
# formal/covers.sh). Each engine_* reads the group's $dir/model.il and sets result, detail,
# engine_txt and depth_txt.

# abc_aig LOAD BASE: the AIGER of the AIG-mapped design that the Yosys commands LOAD leave,
# BASE.aig (latches from zero), with BASE.aim and BASE.aig.il for replaying a trace
abc_aig() {
    yosys -q -l "$2.log" -p "$1; write_aiger -zinit -map $2.aim $2.aig; write_rtlil $2.aig.il" >/dev/null 2>&1
}
# aig_map UNDEF: the Yosys commands that map a design to an AIG. Constant x bits become UNDEF:
# anyseq (any value, for proofs) or zero (one refinement, for covers). The peek_* inputs are
# driven inside (formal/run.sh connects them): no longer ports, or the AIGER backend aborts.
aig_map() { echo "delete -port i:peek_*; async2sync; techmap; opt -fast; setundef -$1; dffunmap; aigmap; opt_clean"; }

# abc_replay BASE: ABC's trace BASE.cex (latches of the folded AIG, then one line of inputs per
# frame) as a Yosys AIGER witness of the design's latches, replayed by yosys sim into BASE.vcd.
# The witness starts every latch at zero (the AIGER is written -zinit): ABC's first line may
# count fewer latches than the design (its read drops some, e.g. beside cut units).
abc_replay() {
    local latches
    latches=$(head -c 64 "$1.aig" | head -1 | awk '{ print $4 }')
    { echo 1; echo b0; printf "%${latches}s\n" "" | tr ' ' 0; tail -n +2 "$1.cex"; echo .; } > "$1.aiw"
    yosys -q -l "$1.sim.log" -p "read_rtlil $1.aig.il; sim -clock clk -r $1.aiw -map $1.aim -vcd $1.vcd" >/dev/null 2>&1
}

# abc_bmc LOAD DEPTH BASE: ABC's bmc3 on the AIGER of the AIG-mapped design that the Yosys
# commands LOAD leave (assumptions folded into the property), log BASE.log; when an assertion
# fails, BASE.vcd replays ABC's trace with yosys sim. Returns 0 when no assertion fails within
# DEPTH frames, 1 on a failure, 2 on a timeout or error.
abc_bmc() {
    local load=$1 depth=$2 base=$3 rc
    abc_aig "$load" "$base" || return 2
    timeout "$TIMEOUT" yosys-abc -c "read_aiger $base.aig; fold; bmc3 -s -F $depth -v; write_cex -a $base.cex" >> "$base.log" 2>&1; rc=$?
    grep -q "No output asserted in $depth frames" "$base.log" && return 0
    [ $rc -eq 124 ] && return 2
    grep -q "Output [0-9]* of miter .* was asserted in frame" "$base.log" || return 2
    abc_replay "$base"
    return 1
}

# engine_abc_pdr: ABC's pdr on the folded AIG: PASS is unbounded (an inductive invariant found)
engine_abc_pdr() {
    engine_txt="ABC pdr"; depth_txt="unbounded (pdr)"
    local base="$dir/pdr" rc
    if ! abc_aig "read_rtlil $dir/model.il; chformal -cover -remove; $(aig_map anyseq)" "$base"; then
        result=ERROR; detail="AIGER: $base.log"; return
    fi
    timeout "$TIMEOUT" yosys-abc -c "read_aiger $base.aig; fold; pdr; write_cex -a $base.cex" >> "$base.log" 2>&1; rc=$?
    cat "$base.log" >> "$log"
    if grep -q "Property proved" "$base.log"; then result=PASS; detail=""
    elif grep -q "Output [0-9]* of miter .* was asserted in frame" "$base.log"; then
        abc_replay "$base"
        result=FAIL; detail="counterexample from reset, $(grep -o 'asserted in frame [0-9]*' "$base.log" | head -1): $base.vcd (log $log)"
    elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
    else result=ERROR; detail="see $log"; fi
}

engine_abc_bmc() {
    engine_txt="ABC bmc3"; depth_txt="BMC depth $depth"
    abc_bmc "read_rtlil $dir/model.il; chformal -cover -remove; $(aig_map anyseq)" "$depth" "$dir/bmc"; local rc=$?
    cat "$dir/bmc.log" >> "$log"
    case $rc in
        0) result=PASS; detail="" ;;
        1) result=FAIL; detail="counterexample from reset, $(grep -o 'asserted in frame [0-9]*' "$log" | head -1): $dir/bmc.vcd (log $log)" ;;
        *) result=TIMEOUT; detail="no answer in ${TIMEOUT} s or error: $log" ;;
    esac
}

# abc_cover_one COVER LOAD: the cover's trace within depth frames; true when reached
abc_cover_one() {
    abc_bmc "$2; aigmap; opt_clean" "$depth" "$dir/$1"
    grep -q "Output [0-9]* of miter .* was asserted in frame" "$dir/$1.log" \
      && echo "in $(grep -o 'frame [0-9]*' "$dir/$1.log" | head -1) (depth $depth)"
}

# the covers' model is mapped to an AIG once (the $cover cells kept); each cover's load then
# only maps its own assert(!cond) and drops the others' logic
engine_abc_cover() {
    engine_txt="ABC bmc3"; depth_txt="cover, BMC depth $depth"
    each_cover abc_cover_one "$(aig_map zero)"
}
