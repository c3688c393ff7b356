#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Mutation score of the lockstep benches (issue 7; docs/mutate.md): runs each block's bench on
# its mutants (mutate/run.sh), tries to prove every survivor equivalent (mutate/equiv.sh) and
# writes the report. A mutant passes when killed or proven equivalent; exit 1 if any fails.
# usage: mutate/score.sh [-d DIR] [-n TXNS] [-o REPORT.md] [-k "K..."] [-t NAME] [-c] [-R] BLOCK...
#   DIR (build/mutate) holds each BLOCK's model (make DIR/BLOCK/bench); -k: only mutants K...;
#   -c: also check the prover is not vacuous (the first block's first killed mutant, and that of
#   each MUT_CUT_MEMORIES block, or its MUT_CHECK_<block>, must be found not equivalent; one
#   more pass or fail each; a block with lemmas (mutate/lemmas/) must also have its false
#   MUT_LEMMA_CHECK_<block> refuted);
#   -R: no runs, the report from the last verdicts
#   env MUT_CUT_MEMORIES: blocks proven with their memories cut (mutate/equiv.sh -c)
set -uo pipefail
out=build/mutate txns=100000 report= ks= name=mutate check= reuse=
while getopts d:n:o:k:t:cR o; do
  case $o in d) out=$OPTARG ;; n) txns=$OPTARG ;; o) report=$OPTARG ;; k) ks=$OPTARG ;;
    t) name=$OPTARG ;; c) check=1 ;; R) reuse=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: mutate/score.sh [-d DIR] [-n TXNS] [-o REPORT.md] [-k \"K...\"] [-t NAME] [-c] [-R] BLOCK..." >&2; exit 2; }
here=$(dirname "$0")
# shellcheck source=tools/closing.sh
source "$here/../tools/closing.sh"

# "mode cell port[bit] (src)" of mutant K of DIR.
describe() {
  sed -n "${2}p" "$1/mutants.ys" | awk '{
    for (i = 1; i < NF; i++) {
      if ($i == "-mode") m = $(i+1); if ($i == "-cell") c = $(i+1); if ($i == "-port") p = $(i+1)
      if ($i == "-portbit") b = $(i+1); if ($i == "-ctrlbit") x = " ctrlbit " $(i+1)
      if ($i == "-src" && !s) s = $(i+1)
    }
    printf "%s%s on %s port %s[%s] (%s)", m, x, c, p, b, s }'
}

# -c for the blocks whose memories the prover cuts.
cut_flag() {
  [[ " ${MUT_CUT_MEMORIES:-} " == *" $1 "* ]] && echo -c
}

# spec_proven B K: mutate/spec/B.K.sh exists and proves survivor K of B meets B's formal
# requirement, where equivalence does not hold but only for inputs the block's rules forbid.
spec_proven() {
  [ -x "$here/spec/$1.$2.sh" ] && "$here/spec/$1.$2.sh" "$out/$1/spec$2" >"$out/$1/spec$2.log" 2>&1
}

# Per block: run (DIR/NAME-results.tsv), prove survivors, DIR/NAME-verdicts.tsv (K, verdict,
# detail); a table row on stdout.
score_block() {
  local b=$1 dir=$out/$1 k v d
  [ -n "$reuse" ] && [ -s "$dir/$name-verdicts.tsv" ] && { block_row "$b" "$dir"; return; }
  # shellcheck disable=SC2086 # ks is a list of mutant numbers
  local n=$txns var=MUT_TXNS_$b
  [ -n "${!var:-}" ] && n=${!var} # a slow block's own bound, e.g. MUT_TXNS_dcp_slice
  "$here/run.sh" -n "$n" -o "$dir/$name-results.tsv" "$b" "$dir" $ks >&2 || return 1
  # the proofs of the survivors, two at a time: "K proven" / "K not equivalent" / "K unproven"
  local proofs
  proofs=$(awk -F'\t' '$2 == "survived" {print $1}' "$dir/$name-results.tsv" |
    xargs -r -P 2 -I{} "$here/equiv.sh" $(cut_flag "$b") "$b" "$dir" {}) # cut_flag: -c or none
  : >"$dir/$name-verdicts.tsv"
  while IFS=$'\t' read -r k v d; do
    if [ "$v" = survived ]; then
      p=$(grep -m1 "^$k " <<<"$proofs")
      if [[ $p == "$k proven"* ]]; then
        v=equivalent d="proven by mutate/equiv.sh$(cut_flag "$b" | sed 's/^/ /')${p#"$k proven"}"
      elif spec_proven "$b" "$k"; then
        v=equivalent d="meets the block's formal requirement: mutate/spec/$b.$k.sh (docs/mutate.md)"
      else d="$d; ${p#"$k "}"; fi
    fi
    printf '%s\t%s\t%s\n' "$k" "$v" "$d" >>"$dir/$name-verdicts.tsv"
  done <"$dir/$name-results.tsv"
  block_row "$b" "$dir"
}

# The table row of block B from DIR/NAME-verdicts.tsv.
block_row() {
  local b=$1 dir=$2
  awk -F'\t' -v b="$b" -v g="$(wc -l <"$dir/mutants.ys")" '{c[$2]++}
    END {printf "| %s | %d | %d | %d | %d | %d | %d |\n", b, g, NR, c["killed"], c["equivalent"],
      c["survived"], NR - c["killed"] - c["equivalent"] - c["survived"]}' "$dir/$name-verdicts.tsv"
}

# The named list of mutants of verdict V over the blocks.
list_verdict() {
  local v=$1 b k d; shift
  for b in "$@"; do
    awk -F'\t' -v v="$v" '$2 == v {print $1 "\t" $3}' "$out/$b/$name-verdicts.tsv" |
      while IFS=$'\t' read -r k d; do echo "- $b mutant $k: $(describe "$out/$b" "$k") — $d"; done
  done
}

rows=
for b in "$@"; do rows+=$(score_block "$b")$'\n' || { echo "$name: $b could not be run" >&2; exit 2; }; done
fails=$(for b in "$@"; do awk -F'\t' '$2 != "killed" && $2 != "equivalent"' "$out/$b/$name-verdicts.tsv"; done | wc -l)
total=$(for b in "$@"; do cat "$out/$b/$name-verdicts.tsv"; done | wc -l)
{
  echo "# Mutation score ($name)"
  echo
  echo "Yosys 0.23 \`mutate -list N -seed S\` per block (N and S: $out/BLOCK/net.cfg);"
  echo "each mutant run on its bench with \`--n $txns\` ($(for b in "$@"; do v=MUT_TXNS_$b; [ -n "${!v:-}" ] && printf '%s: %s; ' "$b" "${!v}"; done)the rest);"
  echo "killed = the bench reports a divergence;"
  echo "a survivor is listed as equivalent only when mutate/equiv.sh proves it. docs/mutate.md."
  echo
  echo "| block | generated | run | killed | equivalent (proven) | surviving | timeout/crash |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s' "$rows"
  echo
  echo "## Surviving (not proven equivalent): bench holes"
  echo
  list_verdict survived "$@"; list_verdict timeout "$@"; list_verdict crashed "$@"
  [ "$fails" -eq 0 ] && echo "none"
  echo
  echo "## Equivalent (proven)"
  echo
  list_verdict equivalent "$@"
} >"${report:-/dev/stdout}"
[ -n "$report" ] && printf '%s' "$rows" && echo "$name: report in $report"
# A killed mutant must not be proven equivalent: MUT_CHECK_<block> if set (it must be killed),
# else the block's first killed one.
prover_check() {
  local b=$1 k p var=MUT_CHECK_$1
  k=$(awk -F'\t' -v k="${!var:-}" '$2 == "killed" && (k == "" || $1 == k) {print $1}' \
    "$out/$b/$name-verdicts.tsv" | head -1)
  # shellcheck disable=SC2046 # cut_flag is empty or -c
  p=$([ -n "$k" ] && "$here/equiv.sh" $(cut_flag "$b") "$b" "$out/$b" "$k")
  # -c never finds a real counterexample: its check is that the killed mutant is not proven
  local want="$k not equivalent"
  [ -n "$(cut_flag "$b")" ] && want="$k unproven"
  if [ "$p" = "$want" ]; then echo "$name: prover check: $b mutant $k (killed) ${p#"$k "}"
  else echo "$name: FAILED prover check: $b mutant ${k:-(none killed)} gave '$p'"; return 1; fi
}
# A false lemma must be refuted: MUT_LEMMA_CHECK_<block>, given for each block with lemmas.
lemma_check() {
  local b=$1 var=MUT_LEMMA_CHECK_$1 p
  p=$([ -n "${!var:-}" ] && "$here/lemma.sh" "$b" "$out/$b" "${!var}")
  if [ "$p" = refuted ]; then echo "$name: prover check: $b false lemma '${!var}' refuted"
  else echo "$name: FAILED prover check: $b false lemma '${!var:-(no $var)}' gave '$p'"; return 1; fi
}
if [ -n "$check" ]; then
  for b in "$1" $(for c in "${@:2}"; do [ -n "$(cut_flag "$c")" ] && echo "$c"; done); do
    total=$((total + 1))
    prover_check "$b" || fails=$((fails + 1))
  done
  for b in "$@"; do
    [ -s "$here/lemmas/$b.txt" ] || continue
    total=$((total + 1))
    lemma_check "$b" || fails=$((fails + 1))
  done
fi
# a block that ran no mutant is named (tools/closing.sh)
ran=$(for b in "$@"; do [ -s "$out/$b/$name-verdicts.tsv" ] && echo "$b"; done)
closing "$name" $((total - fails)) "$fails" "$*" "$ran"
