# SPDX-License-Identifier: Apache-2.0
# Cover handling shared by the engines of formal/run.sh (sat-cover, abc-cover).

# each_cover SOLVE [PREP]: every $cover of the group's model on its own, turned into
# assert(!cond) (formal/cover2assert.v), so a counterexample is its trace; SOLVE COVER LOAD
# prints when it was reached (nothing when not). Lines in $COVERS; COVERED when all are
# reached. PREP: Yosys commands run once on the model with all its covers (the $cover cells
# stay), so that each cover's LOAD starts from their result instead of repeating them.
each_cover() {
    local solve=$1 prep=${2:+$2;} c n_ok=0 n_all=0 csrc when
    yosys -q -p "read_rtlil $dir/model.il; chformal -assert -remove; rename -enumerate -pattern cover_% t:\$cover; $prep write_rtlil $dir/covers.il; tee -q -o $dir/covers.txt select -list t:\$cover" >/dev/null 2>&1
    for c in $(sed 's|.*/||' "$dir/covers.txt" | sort -t_ -k2 -n); do
        n_all=$((n_all + 1))
        csrc=$(awk -v c="\\\\$c" '/attribute \\src/ { s = $3 } $1 == "cell" && $3 == c { gsub(/"/, "", s); print s; exit }' "$dir/covers.il")
        when=$($solve "$c" "read_rtlil $dir/covers.il; chformal -cover -remove t:\$cover c:$c %d; techmap -map $HERE/cover2assert.v t:\$cover")
        if [ -n "$when" ]; then
            n_ok=$((n_ok + 1))
            printf '%s\t%s\treached %s: %s\n' "$module.$name" "$(source_text "$csrc")" "$when" "$dir/$c.vcd" >> "$COVERS"
        else
            printf '%s\t%s\tNOT REACHED within %s steps (%s)\n' "$module.$name" "$(source_text "$csrc")" "$depth" "$dir/$c.log" >> "$COVERS"
        fi
    done
    if [ "$n_ok" -eq "$n_all" ] && [ "$n_all" -gt 0 ]; then result=COVERED; detail="$n_ok/$n_all covers reached"
    else result=FAIL; detail="$n_ok/$n_all covers reached: $dir"; fi
}

# source_text SRC: the line of a props file that a "file:line.col-..." location names
source_text() {
    local file=${1%%:*} rest=${1#*:}
    rest=${rest#*-}                      # the statement ends on the range's last line
    local line=${rest%%[.:-]*}
    [ -f "$file" ] || { echo "$1"; return; }
    echo "$(basename "$file"):$line $(sed -n "${line}p" "$file" | sed 's/^ *//')"
}
