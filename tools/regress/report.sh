#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The results of a regression (tools/regress/regress.sh; docs/regress.md) from its job files:
# DIR/results.tsv (one line a job), DIR/junit.xml (a testsuite per block, a testcase per seed
# with its time; a failure carries the replay command as its message and the bench's mismatch
# report in system-out) and DIR/summary.md (per block: seeds, passed, failed, cycles, Mcycles/s;
# the slowest jobs). Prints every failure's replay line and "regress: N passed, N failed";
# exit 1 when any job failed.
# usage: tools/regress/report.sh DIR   (DIR/meta.tsv: ID, block, seed; DIR/jobs; DIR/out/)
set -u
dir=$1
[ -s "$dir/meta.tsv" ] || { echo "usage: tools/regress/report.sh DIR (DIR/meta.tsv missing)" >&2; exit 2; }
read -r launcher wall <"$dir/wall" 2>/dev/null || { launcher=unknown wall=0; }

# results.tsv: id block seed verdict rc seconds cycles Mcycles/s host replay message
awk -F'\t' -v dir="$dir" -v OFS='\t' '
FNR == NR { cmd[$1] = $2; next }
{
  id = $1; st = dir "/out/" id ".status"; lg = dir "/out/" id ".log"
  rc = "none"; secs = 0; host = ""
  if ((getline line < st) > 0) { split(line, a, " "); rc = a[1]; secs = a[2]; host = a[3] }
  close(st)
  cycles = 0; mcps = 0; replay = ""; msg = ""; last = ""
  while ((getline line < lg) > 0) {
    if (match(line, /, [0-9]+ cycles, [0-9.]+ Mcycles\/s/)) {
      split(substr(line, RSTART + 2, RLENGTH - 2), c, " "); cycles = c[1]; mcps = c[3]
    }
    if (index(line, ": replay: ")) replay = substr(line, index(line, ": replay: ") + 10)
    if (msg == "" && line ~ /FIRST DIVERGENCE|coverage bin never hit/) msg = line
    if (line != "") last = line
  }
  close(lg)
  if (rc == "none") msg = "no result: the job did not finish (see " dir "/sbatch/ or the launcher)"
  else if (rc == 124) msg = "timeout: no result within the time limit"
  else if (rc != 0 && msg == "") msg = "exit status " rc ": " last
  if (rc != 0 && replay == "") { replay = cmd[id]; sub(/timeout [0-9]+ /, "", replay) }
  print id, $2, $3, rc == "0" ? "passed" : "failed", rc, secs, cycles, mcps, host, replay, msg
}' "$dir/jobs" "$dir/meta.tsv" >"$dir/results.tsv"

# junit.xml
awk -F'\t' -v dir="$dir" '
function esc(s) {
  gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s)
  gsub(/[\001-\010\013\014\016-\037]/, "", s); return s
}
{ n[$2]++; t[$2] += $6; f[$2] += ($4 == "failed"); row[NR] = $0
  if (!($2 in first)) { first[$2] = NR; order[++nb] = $2 } }
END {
  for (i = 1; i <= NR; i++) { split(row[i], r, "\t"); tot += r[6]; fails += (r[4] == "failed") }
  print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
  printf "<testsuites name=\"regress\" tests=\"%d\" failures=\"%d\" errors=\"0\" time=\"%.3f\">\n", NR, fails, tot
  for (k = 1; k <= nb; k++) {
    b = order[k]
    printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"%.3f\">\n", esc(b), n[b], f[b], t[b]
    for (i = 1; i <= NR; i++) {
      split(row[i], r, "\t"); if (r[2] != b) continue
      printf "    <testcase classname=\"regress.%s\" name=\"%s seed %s\" time=\"%.3f\"", esc(b), esc(b), r[3], r[6]
      if (r[4] == "passed") { print "/>"; continue }
      print ">"
      printf "      <failure type=\"%s\" message=\"replay: %s\">%s</failure>\n", r[5] == 124 ? "timeout" : "mismatch", esc(r[10]), esc(r[11])
      printf "      <system-out>"
      lg = dir "/out/" r[1] ".log"; m = 0
      while ((getline line < lg) > 0) buf[++m] = line
      close(lg)
      for (j = (m > 200 ? m - 199 : 1); j <= m; j++) print esc(buf[j])
      print "</system-out>"
      print "    </testcase>"
    }
    print "  </testsuite>"
  }
  print "</testsuites>"
}' "$dir/results.tsv" >"$dir/junit.xml"

# summary.md
awk -F'\t' -v launcher="$launcher" -v wall="$wall" '
{ n[$2]++; p[$2] += ($4 == "passed"); f[$2] += ($4 == "failed"); cyc[$2] += $7; sec[$2] += $6
  if (!($2 in seen)) { seen[$2] = 1; order[++nb] = $2 }
  slow[NR] = sprintf("%012.3f\t%s\t%s\t%s\t%s", $6, $2, $3, $4, $7) }
END {
  print "# Regression summary (make regress)"
  print ""
  printf "%d jobs, LAUNCHER=%s, %d s wall: %.0f seeds per hour. Mcycles/s is per job (cycles over the\n", NR, launcher, wall, (wall > 0 ? NR * 3600 / wall : 0)
  print "jobs'"'"' own run time); s/seed is the mean run time of a job. docs/regress.md."
  print ""
  print "| block | seeds | passed | failed | cycles | Mcycles/s | s/seed |"
  print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  for (k = 1; k <= nb; k++) { b = order[k]
    printf "| %s | %d | %d | %d | %d | %.2f | %.2f |\n", b, n[b], p[b], f[b], cyc[b], (sec[b] > 0 ? cyc[b] / sec[b] / 1e6 : 0), sec[b] / n[b]
  }
  print ""
  print "## Slowest jobs"
  print ""
  print "| block | seed | s | cycles | verdict |"
  print "| --- | ---: | ---: | ---: | --- |"
  fflush(); cmd = "sort -r | head -10"
  for (i = 1; i <= NR; i++) print slow[i] | cmd
  close(cmd)
}' "$dir/results.tsv" >"$dir/summary.tmp"
# the slowest rows, sorted above, in the table's column order
awk -F'\t' '/^[0-9]+\.[0-9]+\t/ {printf "| %s | %s | %.3f | %s | %s |\n", $2, $3, $1, $5, $4; next} {print}' \
  "$dir/summary.tmp" >"$dir/summary.md" && rm -f "$dir/summary.tmp"

awk -F'\t' '$4 == "failed" {printf "regress: FAILED %s seed %s: %s\nregress: replay: %s\n", $2, $3, $11, $10}' "$dir/results.tsv"
# the bins over the merged seeds: one more failure when a bin was never hit (merge_bins.py)
bins_failed=0
if [ -d "$dir/bins" ]; then
  python3 "$(dirname "$0")/merge_bins.py" "$dir" || bins_failed=1
fi
awk -F'\t' -v bf="$bins_failed" '{p += ($4 == "passed"); f += ($4 == "failed")} END {
  if (bf) print "regress: FAILED: coverage bins never hit by any seed (above; " d "/bins.tsv)"
  printf "regress: results in %s/junit.xml, %s/summary.md\nregress: %d passed, %d failed\n", d, d, p, f + bf
  exit f + bf > 0 }' d="$dir" "$dir/results.tsv"
