#!/bin/bash
# Formal runner of deltarf: proves the property groups of formal/<module>_props.v (RC, aging
# paper Section 5.1; RAR, Section 5.2; DC-Patch PT, PSU, Com and Dec units, dc-patch Section IV)
# with Yosys 0.23 sat and yosys-smtbmc + z3, and writes build/formal/report.md (docs/formal.md).
#
# usage: formal/run.sh [-r RTL_DIR] [-o OUT_DIR] [-g GROUP] MODULE.TASK...   (TASK: prove | cover)
#        formal/run.sh [-o OUT_DIR] report        build OUT_DIR/report.md from the task results
#        formal/run.sh files MODULE               the RTL files MODULE's tasks read (for make)
#        formal/run.sh modules                    the modules of `make formal`
# FORMAL_TIMEOUT (seconds, default 300) bounds every solver run.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RTL=rtl
OUT=build/formal
ONLY=""
TIMEOUT=${FORMAL_TIMEOUT:-300}
DCP_COM_DEPTH=10  # BMC depth of dcp_compress: reset, start, 4 blocks, misprediction, replay
# slice proofs (docs/formal.md): registers, component width, lanes, BMC depths
SLICE_REGS=4 SLICE_WORD=16 SLICE_LANES=${SLICE_LANES:-0 7 8 15}
SLICE_DEPTH=${SLICE_DEPTH:-13} SLICE_DEPTH_DE=${SLICE_DEPTH_DE:-9}
DSLICE_REGS=8 DSLICE_LANES=${DSLICE_LANES:-0 8} DSLICE_DEPTH=${DSLICE_DEPTH:-12} DSLICE_COVER_DEPTH=16
SMALL_LDS=8    # LDS spill slots of the groups with a reduced register count (prep regsN)
CEX_DEPTH=12   # BMC depth of the search for a real counterexample when an induction step fails
MODULES="rc_decompress rc_compress rc_ctable rar_phys rar_alloc dcp_pt psu psu_prio_enc
         dcp_compress dcp_decompress rc_slice dcp_slice
         pv_bank_map pv_bank_org pv_bank_rename pv_busy_arb pv_fwas pv_rf"


# --- the module table -------------------------------------------------------------------
# files MODULE: RTL files read by every group of the module
files() {
    case $1 in
        rc_decompress) echo rc_decompress.v ;;
        rc_compress) echo rc_compress.v rc_compress_ctrl.v rc_compress_deltas.v \
                          rc_delta_legal.v rc_delta_code.v rc_decompress.v ;;
        rar_phys) echo rar_phys.v ;;
        rar_alloc) echo rar_alloc.v ;;
        rc_ctable) echo rc_ctable.v ;;
        dcp_pt) echo dcp_pt.v ;;
        psu) echo psu.v psu_prio_enc.v ;;
        psu_prio_enc) echo psu_prio_enc.v ;;
        rc_slice) echo rc_slice.v rc_ctable.v $(files rc_compress) ;;
        dcp_compress) echo dcp_compress.v dcp_beats.v $(files rc_compress) ;;
        dcp_decompress) echo dcp_decompress.v dcp_beats.v rc_decompress.v ;;
        dcp_slice) echo dcp_slice.v dcp_compress.v dcp_decompress.v dcp_beats.v dcp_pt.v psu.v \
                        psu_prio_enc.v $(files rc_compress) ;;
        pv_bank_map|pv_bank_org|pv_bank_rename|pv_busy_arb|pv_fwas) echo "$1.v" ;;
        pv_rf) echo pv_rf.v pv_rf_store.v pv_bank_map.v pv_bank_rename.v pv_bank_org.v pv_busy_arb.v ;;
        *) echo "run.sh: unknown module $1" >&2; return 1 ;;
    esac
}

# groups MODULE TASK: one line per property group,
#   name|top|params|engine|depth|peeks|prep|description   (params: NAME=VALUE,... of top)
# engines: smt-comb (z3, one step), smt-ind (z3: BMC base case of depth D, then D-induction),
#   smt-bmc (z3, D steps), sat-comb (yosys sat), sat-ind (yosys sat -tempinduct, up to D),
#   smt-cover (z3 -c, D steps), sat-cover (yosys sat, each cover on its own, D steps),
#   abc-bmc (ABC bmc3, D steps), abc-cover (ABC bmc3, each cover on its own, D steps)
# peeks: wire=instance.signal,... connected after flattening (internal state for invariants)
# prep: abc = AIG rewriting before yosys sat (same function, easier for the SAT solver)
groups() {
    case $1.$2 in
        rc_decompress.prove)
            echo "miter-impl0|rc_decompress_props|IMPL=0|sat-comb|1|||IMPL 0 (Fig. 10): 16 lanes = C0 + floor(i/8)*Db + (i%8)*De, every C0, codes, sw"
            echo "miter-impl1|rc_decompress_props|IMPL=1|sat-comb|1|||IMPL 1 (wired shifts, split carry): the same Eq. (2) miter"
            echo "equiv|rc_decompress||sat-comb|1||equiv|optimised == straightforward: IMPL 1 and IMPL 0 in a miter -equiv, every input" ;;
        rc_decompress.cover) echo "cover|rc_decompress_props||sat-cover|1|||a lane with a non-zero offset" ;;
        rc_compress.prove)
            echo "fsm|rc_compress_fsm_props||smt-ind|1|||Table 1 outputs per state, only Fig. 9 transitions (start wins), compr_final, PG"
            echo "deltas-impl0|rc_compress_deltas_props|IMPL=0|sat-comb|1|||computing deltas (IMPL 0) == Eq. (2) per subwavefront, both comp_deltas, legal deltas"
            echo "deltas-impl1|rc_compress_deltas_props|IMPL=1|sat-comb|1|||computing deltas (IMPL 1, carry-free compares) == Eq. (2), the same"
            echo "register-impl0|rc_compress_reg_props|IMPL=0|sat-ind|1|$REG_PEEKS||IMPL 0: compr_final iff the 4 subwavefronts fit De, Db of the first; entry decompresses to Eq. (2); st_reg"
            echo "register-impl1|rc_compress_reg_props|IMPL=1|sat-ind|1|$REG_PEEKS||IMPL 1 (8-bit delta buffers): the same"
            echo "equiv-deltas|rc_compress_deltas||sat-comb|1||equiv|optimised == straightforward computing deltas: IMPL 1 and 0 in a miter -equiv"
            echo "equiv|rc_compress_equiv_props||sat-ind|1|$EQ_PEEKS||optimised == straightforward unit: sequential miter of IMPL 1 and 0, every output every cycle from reset" ;;
        rc_compress.cover)
            echo "fsm|rc_compress_fsm_props||abc-cover|8|||every state and Fig. 9 transition, compressed and uncompressed final state"
            echo "deltas|rc_compress_deltas_props||sat-cover|1|||compressible subwavefront with non-zero deltas, both comp_deltas" ;;
        rar_phys.prove) echo "datapath|rar_phys_props||sat-comb|1|||reg_phys = reg_base + (s+index)%N, inside the window, injective; err iff illegal; outputs 0 on err" ;;
        rar_phys.cover) echo "cover|rar_phys_props||sat-cover|1|||overflow taken / not taken, reg_base1 wrapping, N = 256, err" ;;
        rar_alloc.prove) echo "alloc|rar_alloc_props||sat-ind|1|$RAR_PEEKS||grant: free, existing, lowest window at k*N; flags; busy and N updates; s = j-th assignment mod N (anyconst window)" ;;
        rar_alloc.cover) echo "cover|rar_alloc_props||abc-cover|20|$RAR_PEEKS||full allocator (16 windows held), s = 2, s wrapping to 0, refused requests" ;;
        rc_ctable.prove) echo "table|rc_ctable_props||smt-ind|1|||read at an anyconst address = last entry written, zero when invalid (3 ports)" ;;
        rc_ctable.cover) echo "cover|rc_ctable_props||smt-cover|4|||valid entry read back, entry invalidated, entry overwritten" ;;
        dcp_pt.prove) echo "table|dcp_pt_props||sat-ind|1|$PT_PEEKS|abc,regs16|reads = last row written or zero (anyconst row); walk: one row per cycle, release, flags; window invalid after the walk" ;;
        dcp_pt.cover) echo "cover|dcp_pt_props||sat-cover|6|$PT_PEEKS|regs16|completed walk of 3 rows with a release, walk to the last row, conflict, refused requests" ;;
        psu.prove)
            echo "offers|psu_props|PART=0|sat-comb|1|peek_map=dut.map|abc,regs16|any state with map inside bitmap: offers free, not faulty; uncompressed = whole free reliable entry; lowest candidate of the first tier; err"
            echo "state|psu_props|PART=1|sat-ind|1|peek_map=dut.map|abc,regs16|from reset: map = last loaded, map inside bitmap, bitmap = map OR held (release restores it)" ;;
        psu_prio_enc.prove)
            local w i
            for w in 1024 256 128 200; do for i in 0 1; do
                echo "ref-$w-impl$i|psu_prio_enc_props|WIDTH=$w,IMPL=$i|sat-comb|1|||IMPL $i, $w inputs: valid = any set, index = the lowest set input, all ones when none"
            done; done
            for w in 1024 256 128 200; do
                echo "equiv-$w|psu_prio_enc|WIDTH=$w|sat-comb|1||equiv|optimised tree == linear chain, $w inputs: miter -equiv of IMPL 1 and 0"
            done ;;
        psu_prio_enc.cover) echo "cover|psu_prio_enc_props|WIDTH=1024|sat-cover|1|||only the last input set, a tie, no input set" ;;
        dcp_compress.prove) echo "spec|dcp_compress_props||abc-bmc|$DCP_COM_DEPTH|$COM_CUT_PEEKS|cutrc_compress|starts taken; c_compr = the RC unit's compr at block 0; misp iff block 0 compressible and compr_final = 0; DRB replay = the register written (RC unit cut to its contract)" ;;
        dcp_compress.cover) echo "cover|dcp_compress_props||abc-cover|8|$COM_CUT_PEEKS|cutrc_compress|a misprediction, a replayed block, a compressed register, a start refused during a replay" ;;
        dcp_decompress.prove) echo "unwind|dcp_decompress_props||sat-ind|1|$DEC_PEEKS||blocks 0..3 in the 4 cycles after a load, block k = Eq. (2) of the loaded entry" ;;
        dcp_decompress.cover) echo "cover|dcp_decompress_props||sat-cover|6|$DEC_PEEKS||block 3 of an entry with non-zero deltas, a load restarting the sequence" ;;
        rc_slice.prove)
            # lanes 0 and 8 (offsets 2sw*Db, (2sw+1)*Db) to the depth of a special MOV; lanes 7
            # and 15 (7*De more) to the depth of a compressed read, their SAT cost grows steeply
            local lane depth
            for lane in $SLICE_LANES; do
                depth=$SLICE_DEPTH; [ $((lane % 8)) -eq 7 ] && depth=$SLICE_DEPTH_DE
                echo "read-lane$lane|rc_slice_props|LANE=$lane|abc-bmc|$depth|$RC_CUT_PEEKS|regs$SLICE_REGS,word$SLICE_WORD,abc,cutrc_compress|$SLICE_REGS registers, $SLICE_WORD-bit components, lane $lane of every subwavefront: read = last value written (uncompressed, compressed$([ "$depth" -ge 13 ] && echo ', special MOV')); write port timing"
            done ;;
        rc_slice.cover) echo "cover|rc_slice_props|LANE=0|abc-cover|$SLICE_DEPTH|$RC_CUT_PEEKS|regs$SLICE_REGS,word$SLICE_WORD,abc,cutrc_compress|checked reads of an uncompressed, a compressed and a special-MOV register" ;;
        dcp_slice.prove)
            local lane
            for lane in $DSLICE_LANES; do
                echo "read-lane$lane|dcp_slice_props|LANE=$lane|abc-bmc|$DSLICE_DEPTH|$DSLICE_PEEKS|regs$DSLICE_REGS,word$SLICE_WORD,abc,cutrc_compress|$DSLICE_REGS registers, $SMALL_LDS LDS slots, $SLICE_WORD-bit components, lane $lane of an anyconst block, any fault map: read = last value written (entry, compressed, LDS, DRB replay, special MOV); no write to a faulty block; err_lds_full, err_rel, psu_err never; read beats"
            done ;;
        dcp_slice.cover) echo "cover|dcp_slice_props|LANE=0|abc-cover|$DSLICE_COVER_DEPTH|$DSLICE_PEEKS|regs$DSLICE_REGS,word$SLICE_WORD,abc,cutrc_compress|checked reads of a compressed, a spilled, a replayed and an entry register; a re-patch from the LDS; a special MOV" ;;
        psu.cover) echo "cover|psu_props|PART=1|sat-cover|4|peek_map=dut.map|regs16|every tier, both spills, release, steering" ;;
        pv_*.prove|pv_*.cover) # the //@ TASK lines of the props file (the registry's format)
            grep "^//@ TASK|$2|" "$HERE/$1_props.v" | sed "s/^\/\/@ TASK|$2|/$2|/" ;;
        *) echo "run.sh: no task $1.$2" >&2; return 1 ;;
    esac
}
REG_PEEKS=peek_de_buf=dut.de_buf,peek_db_buf=dut.db_buf,peek_cprev=dut.cprev
RC_CUT_PEEKS=peek_compr_final=dut.compr_final,peek_st_c0=dut.st_c0,peek_st_log2de=dut.st_log2de,peek_st_log2db=dut.st_log2db
COM_CUT_PEEKS=peek_w_en_delta=dut.w_en_delta,peek_compr=dut.compr,peek_compr_final=dut.compr_final
DSLICE_PEEKS=peek_w_en_delta=dut.u_com.w_en_delta,peek_compr_final=dut.u_com.compr_final,peek_de=dut.cdata_de,peek_db=dut.cdata_db,peek_mem_we=dut.mem_we,peek_wr_faulty=dut.wr_faulty,peek_leave_lds=dut.leave_lds
RAR_PEEKS=peek_valid=dut.valid,peek_s_all=dut.s_all
PT_PEEKS=peek_ptr=dut.ptr,peek_left=dut.left
DEC_PEEKS=peek_c0=dut.c0_q,peek_de=dut.log2de_q,peek_db=dut.log2db_q
EQ_PEEKS=peek_de0=gold.de_buf,peek_db0=gold.db_buf,peek_cprev0=gold.cprev,peek_de1=gate.de_buf,peek_db1=gate.db_buf,peek_cprev1=gate.cprev

# --- helpers ----------------------------------------------------------------------------
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# frontend TOP PEEKS MODULE: the yosys commands that read and flatten the design
frontend() {
    local top=$1 peeks=$2 module=$3 params=$4 prep=$5 f cmd chp=""
    cmd="read_verilog -formal -I$RTL"
    local regs word
    regs=$(echo ",$prep," | grep -o ',regs[0-9]*,' | tr -dc 0-9)
    word=$(echo ",$prep," | grep -o ',word[0-9]*,' | tr -dc 0-9)
    if [ -n "$regs" ]; then cmd="$cmd $(small_params "$regs" "$word")" || return 1; fi
    for f in $(files "$module"); do cmd="$cmd $RTL/$f"; done
    if [ -n "$params" ]; then
        local p
        for p in ${params//,/ }; do chp="$chp -chparam ${p%%=*} ${p#*=}"; done
    fi
    # cutMODULE: MODULE's outputs become free ($anyseq), constrained by the wrapper's
    # assumptions (its contract, proven by MODULE's own tasks)
    local cut
    cut=$(echo ",$prep," | grep -o ',cut[a-z_]*,' | sed 's/^,cut//; s/,$//')
    cmd="$cmd $HERE/common.v $HERE/${module}_props.v; hierarchy -check -top $top$chp; proc;"
    [ -n "$cut" ] && cmd="$cmd cutpoint $cut;"
    cmd="$cmd flatten;"
    if [ -n "$peeks" ]; then
        local p
        for p in ${peeks//,/ }; do cmd="$cmd connect -nounset -set ${p%%=*} ${p#*=};"; done
    fi
    echo "$cmd prep -top $top;"
}

# small_params REGS [WORD]: writes OUT/drf_params_REGS[_wWORD].vh, rtl/drf_params.vh with REGS
# registers (DRF_REGS, DRF_REG_BITS), SMALL_LDS LDS spill slots and, given WORD, WORD-bit
# components (DRF_WORD_BITS), and prints its name. Read before the RTL, its include guard makes
# every `include "drf_params.vh" of the RTL use it instead.
small_params() {
    local n=$1 word=${2:-} vh="$OUT/drf_params_$1${2:+_w$2}.vh" bits
    bits=$(awk -v n="$n" 'BEGIN { b = 0; while ((2 ^ b) < n) b++; print b }')
    local want=("DRF_REGS $n" "DRF_REG_BITS $bits" "DRF_LDS_SPILL_SLOTS $SMALL_LDS")
    [ -n "$word" ] && want+=("DRF_WORD_BITS $word")
    local sub=() w
    for w in "${want[@]}"; do sub+=(-e "s/^\`define ${w% *} [0-9]*\$/\`define $w/"); done
    sed "${sub[@]}" "$RTL/drf_params.vh" > "$vh.$$" && mv "$vh.$$" "$vh"   # tasks run in parallel
    for w in "${want[@]}"; do
        grep -q "^\`define $w\$" "$vh" || { echo "run.sh: cannot set $w in $vh" >&2; return 1; }
    done
    echo "$vh"
}

# equiv_frontend TOP MODULE PARAMS: TOP with IMPL 0 (gold) and IMPL 1 (gate) in a miter whose
# $assert says that every output agrees (the other PARAMS apply to both)
equiv_frontend() {
    local top=$1 module=$2 params=$3 f rd chp="" p impl
    rd="read_verilog -I$RTL"
    for f in $(files "$module"); do rd="$rd $RTL/$f"; done
    for p in ${params//,/ }; do chp="$chp -chparam ${p%%=*} ${p#*=}"; done
    for impl in 0 1; do
        echo "$rd; hierarchy -check -top $top -chparam IMPL $impl$chp; proc; flatten;"
        echo "rename $top impl$impl; design -stash impl$impl;"
    done
    echo "design -copy-from impl0 -as gold impl0; design -copy-from impl1 -as gate impl1;"
    echo "miter -equiv -flatten -make_assert -ignore_gold_x gold gate miter; hierarchy -top miter;"
}

# source_text SRC: the line of a props file that a "file:line.col-..." location names
source_text() {
    local file=${1%%:*} rest=${1#*:}
    rest=${rest#*-}                      # the statement ends on the range's last line
    local line=${rest%%[.:-]*}
    [ -f "$file" ] || { echo "$1"; return; }
    echo "$(basename "$file"):$line $(sed -n "${line}p" "$file" | sed 's/^ *//')"
}

# abc_bmc LOAD DEPTH BASE UNDEF: ABC's bmc3 on the AIGER of the design that the Yosys commands
# LOAD leave (assumptions folded into the property), log BASE.log; when an assertion fails, BASE.vcd replays ABC's trace with yosys
# sim. Constant x bits become UNDEF: anyseq (any value, for proofs) or zero (one refinement, for
# covers). Returns 0 when no assertion fails within DEPTH frames, 1 on a failure, 2 on a timeout
# or error.
abc_bmc() {
    local load=$1 depth=$2 base=$3 undef=$4 rc
    yosys -q -l "$base.log" -p "$load; async2sync; techmap; opt -fast; setundef -$undef; dffunmap; aigmap; opt_clean; write_aiger -zinit -map $base.aim $base.aig; write_rtlil $base.aig.il" >/dev/null 2>&1 || return 2
    timeout "$TIMEOUT" yosys-abc -c "read_aiger $base.aig; fold; bmc3 -F $depth -v; write_cex -a $base.cex" >> "$base.log" 2>&1; rc=$?
    grep -q "No output asserted in $depth frames" "$base.log" && return 0
    [ $rc -eq 124 ] && return 2
    grep -q "Output [0-9]* of miter .* was asserted in frame" "$base.log" || return 2
    # ABC's trace (latches of the folded AIG, then one line of inputs per frame) as a Yosys AIGER
    # witness: the design's latches only
    local latches
    latches=$(head -c 64 "$base.aig" | head -1 | awk '{ print $4 }')
    { echo 1; echo b0; head -1 "$base.cex" | cut -c1-"$latches"; tail -n +2 "$base.cex"; echo .; } > "$base.aiw"
    yosys -q -l "$base.sim.log" -p "read_rtlil $base.aig.il; sim -clock clk -r $base.aiw -map $base.aim -vcd $base.vcd" >/dev/null 2>&1
    return 1
}

# result ROW fields: appended to the task's result file
emit() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$RESULT"; }

# run_group MODULE TASK LINE: runs one property group; returns 0 on PASS/COVERED
run_group() {
    local module=$1 task=$2 line=$3
    local name top params engine depth peeks prep desc
    IFS='|' read -r name top params engine depth peeks prep desc <<< "$line"
    local dir="$OUT/$module/$task-$name"
    rm -rf "$dir" && mkdir -p "$dir"
    local log="$dir/log.txt" vcd="$dir/cex.vcd" t0 result detail depth_txt engine_txt
    t0=$(now)
    local fe
    fe=$(frontend "$top" "$peeks" "$module" "$params" "$prep")
    local abc="" satx=""
    case ,$prep, in *,abc,*) abc="techmap; opt -fast; abc -g AND; opt_clean;" ;; esac
    case ,$prep, in *,equiv,*) fe=$(equiv_frontend "$top" "$module" "$params" | tr '\n' ' ') ;; esac
    case ,$prep, in *,zero,*) satx="-set-init-zero" ;; esac
    : > "$log"
    case $engine in
        smt-*)
            local strip="chformal -cover -remove;"
            [ "$engine" = smt-cover ] && strip="chformal -assert -remove;"
            if ! yosys -q -l "$dir/yosys.log" -p "$fe $strip dffunmap; write_smt2 -wires $dir/model.smt2" >/dev/null 2>&1; then
                emit "$module" "$task" "$name" "$desc" "$engine" "-" "$(elapsed "$t0")" ERROR "yosys failed: $dir/yosys.log"
                echo "$module.$task $name: ERROR (yosys: $dir/yosys.log)"; return 1
            fi ;;
        sat-*|abc-*)
            if ! yosys -q -l "$dir/yosys.log" -p "$fe memory_map; opt -fast; $abc dffunmap; write_rtlil $dir/model.il" >/dev/null 2>&1; then
                emit "$module" "$task" "$name" "$desc" "$engine" "-" "$(elapsed "$t0")" ERROR "yosys failed: $dir/yosys.log"
                echo "$module.$task $name: ERROR (yosys: $dir/yosys.log)"; return 1
            fi ;;
    esac

    # an undriven wire would be a free input: it could make an assumption vacuous or a cover easy
    if grep -q "is used but has no driver" "$dir/yosys.log"; then
        emit "$module" "$task" "$name" "$desc" "$engine" "-" "$(elapsed "$t0")" ERROR "undriven wires: $dir/yosys.log"
        echo "$module.$task $name: ERROR (undriven wires, a peek missing? $dir/yosys.log)"; return 1
    fi
    local rc=0
    case $engine in
        smt-comb|smt-bmc)
            engine_txt="smtbmc z3"; depth_txt="BMC depth $depth"
            [ "$engine" = smt-comb ] && depth_txt="combinational"
            timeout "$TIMEOUT" yosys-smtbmc -s z3 -t "$depth" --dump-vcd "$vcd" "$dir/model.smt2" >> "$log" 2>/dev/null; rc=$?
            if grep -q "Status: PASSED" "$log"; then result=PASS; detail=""
            elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
            else result=FAIL; detail="counterexample: $vcd (log $log)"; fi ;;
        smt-ind)
            engine_txt="smtbmc z3"; depth_txt="${depth}-induction (unbounded)"
            timeout "$TIMEOUT" yosys-smtbmc -s z3 -t "$depth" --dump-vcd "$vcd" "$dir/model.smt2" >> "$log" 2>/dev/null; rc=$?
            if grep -q "Status: PASSED" "$log"; then
                timeout "$TIMEOUT" yosys-smtbmc -s z3 -i -t "$depth" --dump-vcd "$dir/induction.vcd" "$dir/model.smt2" > "$dir/induction.txt" 2>/dev/null; rc=$?
                cat "$dir/induction.txt" >> "$log"
                if grep -q "Status: PASSED" "$dir/induction.txt"; then result=PASS; detail=""
                elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="induction: no answer in ${TIMEOUT} s: $log"
                else
                    # the induction step fails: look for a real counterexample from reset
                    timeout "$TIMEOUT" yosys-smtbmc -s z3 -t "$CEX_DEPTH" --dump-vcd "$vcd" "$dir/model.smt2" > "$dir/bmc.txt" 2>/dev/null
                    cat "$dir/bmc.txt" >> "$log"
                    if grep -q "Status: FAILED" "$dir/bmc.txt"; then result=FAIL; detail="counterexample from reset: $vcd (log $log)"
                    else result=FAIL; detail="induction step fails, no counterexample from reset within $CEX_DEPTH steps: $dir/induction.vcd (log $log)"; fi
                fi
            elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="base case: no answer in ${TIMEOUT} s: $log"
            else result=FAIL; detail="counterexample from reset: $vcd (log $log)"; fi ;;
        sat-comb)
            engine_txt="yosys sat"; depth_txt="combinational"
            timeout "$TIMEOUT" yosys -l "$log" -p "read_rtlil $dir/model.il; chformal -cover -remove; sat -seq 1 -prove-asserts -set-assumes $satx -show-inputs -dump_vcd $vcd" >/dev/null 2>&1; rc=$?
            if grep -q "SAT proof finished - no model found: SUCCESS" "$log"; then result=PASS; detail=""
            elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
            elif grep -q "model found: FAIL" "$log"; then result=FAIL; detail="counterexample: $vcd (log $log)"
            else result=ERROR; detail="see $log"; fi ;;
        sat-ind)
            engine_txt="yosys sat"; depth_txt="${depth}-induction (unbounded)"
            timeout "$TIMEOUT" yosys -l "$log" -p "read_rtlil $dir/model.il; chformal -cover -remove; sat -tempinduct -prove-asserts -set-assumes $satx -maxsteps $depth -dump_vcd $dir/induction.vcd" >/dev/null 2>&1; rc=$?
            if grep -q "Induction step proven: SUCCESS" "$log"; then result=PASS; detail=""
            elif [ $rc -eq 124 ]; then result=TIMEOUT; detail="no answer in ${TIMEOUT} s: $log"
            elif grep -q "model found for base case: FAIL" "$log"; then
                mv "$dir/induction.vcd" "$vcd"; result=FAIL; detail="counterexample from reset: $vcd (log $log)"
            elif grep -q "Reached maximum number of time steps" "$log"; then
                # the induction step fails: look for a real counterexample from reset
                timeout "$TIMEOUT" yosys -l "$dir/bmc.txt" -p "read_rtlil $dir/model.il; chformal -cover -remove; sat -tempinduct-baseonly -prove-asserts -set-assumes $satx -maxsteps $CEX_DEPTH -show-inputs -dump_vcd $vcd" >/dev/null 2>&1
                if grep -q "model found for base case: FAIL" "$dir/bmc.txt"; then result=FAIL; detail="counterexample from reset: $vcd (log $dir/bmc.txt)"
                else result=FAIL; detail="induction step fails, no counterexample from reset within $CEX_DEPTH steps: $dir/induction.vcd (log $log)"; fi
            else result=ERROR; detail="see $log"; fi ;;
        abc-bmc)
            engine_txt="ABC bmc3"; depth_txt="BMC depth $depth"
            abc_bmc "read_rtlil $dir/model.il; chformal -cover -remove" "$depth" "$dir/bmc" anyseq; rc=$?
            cat "$dir/bmc.log" >> "$log"
            case $rc in
                0) result=PASS; detail="" ;;
                1) result=FAIL; detail="counterexample from reset, $(grep -o 'asserted in frame [0-9]*' "$log" | head -1): $dir/bmc.vcd (log $log)" ;;
                *) result=TIMEOUT; detail="no answer in ${TIMEOUT} s or error: $log" ;;
            esac ;;
        smt-cover)
            engine_txt="smtbmc z3 -c"; depth_txt="cover, BMC depth $depth"
            timeout "$TIMEOUT" yosys-smtbmc -s z3 -c -t "$depth" --dump-vcd "$vcd" "$dir/model.smt2" >> "$log" 2>/dev/null; rc=$?
            local src
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
            else result=FAIL; detail="a cover is unreachable within $depth steps: $log"; fi ;;
        sat-cover|abc-cover)
            engine_txt="yosys sat"; depth_txt="cover, BMC depth $depth"
            [ "$engine" = abc-cover ] && engine_txt="ABC bmc3"
            # each cover becomes the only one, turned into assert(!cond): a model is its trace
            yosys -q -p "read_rtlil $dir/model.il; chformal -assert -remove; rename -enumerate -pattern cover_% t:\$cover; write_rtlil $dir/covers.il; tee -q -o $dir/covers.txt select -list t:\$cover" >/dev/null 2>&1
            local c n_ok=0 n_all=0 cname csrc
            for c in $(sed 's|.*/||' "$dir/covers.txt" | sort -t_ -k2 -n); do
                n_all=$((n_all + 1))
                csrc=$(awk -v c="\\\\$c" '/attribute \\src/ { s = $3 } $1 == "cell" && $3 == c { gsub(/"/, "", s); print s; exit }' "$dir/covers.il")
                local only="read_rtlil $dir/covers.il; chformal -cover -remove t:\$cover c:$c %d; techmap -map $HERE/cover2assert.v t:\$cover"
                if [ "$engine" = abc-cover ]; then
                    abc_bmc "$only" "$depth" "$dir/$c" zero
                    grep -q "Output [0-9]* of miter .* was asserted in frame" "$dir/$c.log" \
                      && echo "model found for base case: FAIL ($(grep -o 'asserted in frame [0-9]*' "$dir/$c.log"))" >> "$dir/$c.log"
                else
                    timeout "$TIMEOUT" yosys -l "$dir/$c.log" -p "$only; sat -tempinduct-baseonly -maxsteps $depth -prove-asserts -set-assumes -show-inputs -dump_vcd $dir/$c.vcd" >/dev/null 2>&1
                fi
                if grep -q "model found for base case: FAIL" "$dir/$c.log"; then
                    n_ok=$((n_ok + 1))
                    local when="within $depth steps"
                    [ "$engine" = abc-cover ] && when="in $(grep -o 'frame [0-9]*' "$dir/$c.log" | head -1) (depth $depth)"
                    printf '%s\t%s\treached %s: %s\n' "$module.$name" "$(source_text "$csrc")" "$when" "$dir/$c.vcd" >> "$COVERS"
                else
                    printf '%s\t%s\tNOT REACHED within %s steps (%s)\n' "$module.$name" "$(source_text "$csrc")" "$depth" "$dir/$c.log" >> "$COVERS"
                fi
            done
            if [ "$n_ok" -eq "$n_all" ] && [ "$n_all" -gt 0 ]; then result=COVERED; detail="$n_ok/$n_all covers reached"
            else result=FAIL; detail="$n_ok/$n_all covers reached: $dir"; fi ;;
    esac
    local t
    t=$(elapsed "$t0")
    emit "$module" "$task" "$name" "$desc" "$engine_txt" "$depth_txt" "$t" "$result" "$detail"
    echo "$module.$task $name: $result ($t s)${detail:+ - $detail}"
    [ "$result" = PASS ] || [ "$result" = COVERED ]
}

# run_task MODULE.TASK
run_task() {
    local module=${1%%.*} task=${1#*.} line ok=0
    local lines
    lines=$(groups "$module" "$task") || return 1
    mkdir -p "$OUT/results"
    RESULT="$OUT/results/$module.$task.tsv"
    COVERS="$OUT/results/$module.$task.covers"
    : > "$RESULT"; : > "$COVERS"
    while IFS= read -r line; do
        [ -n "$ONLY" ] && [ "${line%%|*}" != "$ONLY" ] && continue
        run_group "$module" "$task" "$line" || ok=1
    done <<< "$lines"
    return $ok
}

# failures PREFIX: one line per group that is not PASS / COVERED, with its waveform or log
failures() {
    local m t f
    for m in $MODULES; do for t in prove cover; do
        f="$OUT/results/$m.$t.tsv"; [ -s "$f" ] || continue
        awk -F'\t' -v p="$1" '$8 != "PASS" && $8 != "COVERED" { print p $1 "." $2 " " $3 ": " $8 " - " $9 }' "$f"
    done; done
}

# report: OUT/report.md from every module's result files; fails unless all PASS / COVERED
report() {
    local md="$OUT/report.md" m t f bad=0 total=0 n=0
    {
        echo "# Formal verification report"
        echo
        echo "$(yosys -V), $(z3 --version). RTL: \`$RTL\`. Generated by \`formal/run.sh\` (docs/formal.md)."
        echo
        echo "| module | property group | engine | depth / induction | time (s) | result |"
        echo "| --- | --- | --- | --- | --- | --- |"
        for m in $MODULES; do
            for t in prove cover; do
                f="$OUT/results/$m.$t.tsv"
                if [ ! -s "$f" ]; then
                    echo "| $m | ($t task not run) | | | | MISSING |"; bad=1; continue
                fi
                while IFS=$'\t' read -r mod task name desc engine depth secs result detail; do
                    echo "| $mod | $task $name: $desc | $engine | $depth | $secs | $result |"
                    total=$(awk -v a="$total" -v b="$secs" 'BEGIN { print a + b }'); n=$((n + 1))
                    case $result in PASS|COVERED) ;; *) bad=1 ;; esac
                done < "$f"
            done
        done
        echo
        echo "$n groups, solver and frontend time $(printf '%.0f' "$total") s."
        echo
        if [ "$bad" -ne 0 ]; then
            echo "## Failures"
            echo
            failures "- "
            echo
        fi
        echo "## Covers"
        echo
        for m in $MODULES; do
            f="$OUT/results/$m.cover.covers"; [ -s "$f" ] || continue
            awk -F'\t' '{ printf "- %s `%s`: %s\n", $1, $2, $3 }' "$f"
        done
    } > "$md"
    echo "formal: report in $md"
    failures "formal: "
    return $bad
}

# --- main ------------------------------------------------------------------------------
while getopts "r:o:g:" opt; do
    case $opt in
        r) RTL=$OPTARG ;;
        o) OUT=$OPTARG ;;
        g) ONLY=$OPTARG ;;
        *) sed -n '6,10p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '6,10p' "$0" >&2; exit 2; }
case $1 in
    files) files "$2"; exit ;;
    modules) echo $MODULES; exit ;;
    report) report; exit ;;
esac
command -v yosys-smtbmc >/dev/null && command -v z3 >/dev/null || { echo "run.sh: needs yosys, yosys-smtbmc and z3" >&2; exit 2; }
status=0
for t in "$@"; do run_task "$t" || status=1; done
exit $status
