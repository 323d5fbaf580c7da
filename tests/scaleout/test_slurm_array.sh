#!/usr/bin/env bash
# docs/slurm-array.sh on a real one-node Slurm cluster (tests/scaleout/slurm-cluster.sh): an array of
# 3 shards of the example contest, one task cancelled midway, the `afterany` merge refusing and
# naming the re-run, the task re-run alone, the merge again; the merged results must equal a single
# run's in every verdict, point and rank (results.csv without the measurements).
#
#   tests/scaleout/test_slurm_array.sh BUILD_DIR SOURCE_DIR      (root; 77 when it cannot run here)
#
# The example is graded without bob, whose poj3074 verdict depends on the machine's speed ("accepted
# or too slow", examples/contest/contestants/README.md): the test compares gradings, not machines.
set -euo pipefail
# Under ctest's 240 s: every wait gives up in time for the daemons to be stopped (a timeout's kill
# would leave them running).
deadline=$((SECONDS + 200))
left() { echo $((deadline - SECONDS > 0 ? deadline - SECONDS : 0)); }
build="$(cd "$1" && pwd)"
source_dir="$(cd "$2" && pwd)"
source "$source_dir/tests/scaleout/slurm-cluster.sh"
slurm_cluster_skip_unless_possible
example="$build/example-contest"
[ -d "$example/testdata" ] || { echo "no $example/testdata: the ctest fixture 'example: run' builds it"; exit 1; }

work="$(mktemp -d "$build/scaleout-XXXXXX")"
finish() {
  local status=$?
  slurm_cluster_stop
  if [ $status = 0 ]; then rm -rf "$work"; else echo "kept for inspection: $work"; fi
  exit $status
}
trap finish EXIT
fail() {
  echo "FAILED: $*"
  for log in "$work"/logs/*.log; do [ -f "$log" ] && { echo "== $log"; tail -n 15 "$log"; }; done
  exit 1
}

contest="$work/contest"
mkdir -p "$contest/contestants" "$work/logs"
cp -r "$example/contest.yaml" "$example/configs" "$example/testdata" "$contest/"
for who in "$example"/contestants/*/; do
  [ "$(basename "$who")" = bob ] || cp -r "$who" "$contest/contestants/"
done
export SUDOKU_JUDGE="$build/judge/sudoku-judge"
out="$work/out"
# The array's judge: shard 1's first run stops itself (SIGSTOP) once it has journaled its first
# record, so that the cancel below lands midway however fast the machine grades: a shard once
# finished in the half second between that record and the cancel.
frozen_judge="$work/judge-stopping-shard-1"
cat >"$frozen_judge" <<EOF
#!/usr/bin/env bash
if [ "\$1" = grade ] && [ "\${SLURM_ARRAY_TASK_ID:-}" = 1 ] && mkdir "$work/shard-1-stopped" 2>/dev/null; then
  "$SUDOKU_JUDGE" "\$@" &
  judge=\$!
  until grep -q '"compile"' "$out/shard-1/journal.jsonl" 2>/dev/null || ! kill -0 \$judge 2>/dev/null; do sleep 0.01; done
  kill -STOP \$judge 2>/dev/null
  wait \$judge
else
  exec "$SUDOKU_JUDGE" "\$@"
fi
EOF
chmod +x "$frozen_judge"
timeout 90 "$SUDOKU_JUDGE" grade "$contest/contest.yaml" --jobs 2 --out "$work/single" >"$work/logs/single.log" 2>&1 ||
  fail "the single run"

slurm_cluster_start "$work/slurm" 2 >"$work/logs/cluster.log" 2>&1 || { cat "$work/logs/cluster.log"; fail "the cluster did not start"; }
export SLURM_CONF="$work/slurm/slurm.conf"
cd "$source_dir"  # the recipe's commands are written for the repository's root
submit() { sbatch --parsable --output="$work/logs/$1-%A_%a.log" "${@:2}" docs/slurm-array.sh "$contest/contest.yaml" "$out" 3; }

array=$(SUDOKU_JUDGE="$frozen_judge" submit task --array=0-2)
merge=$(submit merge --dependency="afterany:$array")
# Cancel shard 1 midway: once it has journaled its first record (and stopped there).
slurm_wait_for "grep -q '\"compile\"' '$out/shard-1/journal.jsonl'" "$(left)" || fail "shard 1 never started grading"
[ -d "$work/shard-1-stopped" ] || fail "shard 1's first run did not go through $frozen_judge"
scancel "${array}_1"
slurm_wait_for "slurm_job_ended $merge" "$(left)" || fail "the afterany merge never ran"
merge_log=$(cat "$work"/logs/merge-"$merge"_*.log)
grep -q "shard 1/3  unfinished" <<<"$merge_log" || fail "the merge after the cancel did not list shard 1 as unfinished"
grep -q -- "--array=1 docs/slurm-array.sh" <<<"$merge_log" || fail "the merge did not print the sbatch line for shard 1"
[ ! -e "$out/merged" ] || fail "a merge of incomplete shards wrote $out/merged"

rerun=$(submit task --array=1)
merge=$(submit merge --dependency="afterany:$rerun")
slurm_wait_for "slurm_job_ended $merge" "$(left)" || fail "the second merge never ran"
[ -f "$out/merged/results.csv" ] || fail "the merge after the re-run wrote no results"
"$SUDOKU_JUDGE" status "$contest/contest.yaml" "$out"/shard-{0,1,2} >"$work/logs/status.log" || fail "status after the re-run"

# Verdicts, points and ranks: every column of results.csv but the measurements and the reason.
cut -d, -f1-10 "$work/single/results.csv" >"$work/single.csv"
cut -d, -f1-10 "$out/merged/results.csv" >"$work/merged.csv"
diff "$work/single.csv" "$work/merged.csv" >"$work/logs/diff.log" || { cat "$work/logs/diff.log"; fail "merged != single"; }
echo "ok: 3 shards, shard 1 cancelled and re-run, merged = single run ($(($(wc -l <"$work/single.csv") - 1)) test rows)"
