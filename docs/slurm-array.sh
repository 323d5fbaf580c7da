#!/usr/bin/env bash
# Grades a contest as a Slurm job array of SHARDS tasks, then merges (docs/scale-out.md). With the
# toolkit installed on every node (the sudoku-contest-toolkit package; this file is then
# /usr/share/sudoku/scale-out/slurm-array.sh):
#
#   recipe=/usr/share/sudoku/scale-out/slurm-array.sh
#   jobs=$(sbatch --parsable --array=0-2 $recipe /shared/contest/contest.yaml /shared/contest/out 3)
#   sbatch --dependency=afterany:$jobs $recipe /shared/contest/contest.yaml /shared/contest/out 3
#
# As an array task it grades shard SLURM_ARRAY_TASK_ID of SHARDS into OUT/shard-<i> (the array is
# numbered 0..SHARDS-1; SHARDS, not the array, says how many shards there are, so `--array=1` re-runs
# shard 1 alone and `--array=0-4:2` grades shards 0, 2 and 4 of 5). Without --array it merges
# OUT/shard-0 .. OUT/shard-<SHARDS-1> into OUT/merged: after `afterany`, it runs even when a task
# failed or was cancelled, and then refuses to merge, printing the sbatch line that re-runs the
# shards that did not finish. A task that is requeued or re-run continues from its journal.
#
# The judge is $SUDOKU_JUDGE, else the installed sudoku-judge on PATH, else build/judge/sudoku-judge
# of the folder sbatch was called from (a built repository on shared storage).
#SBATCH --job-name=sudoku-judge
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=01:00:00
#SBATCH --output=sudoku-judge-%A_%a.log
#SBATCH --open-mode=append
set -euo pipefail
usage="usage: sbatch [--array=0-N] slurm-array.sh CONTEST.yaml OUT_DIR SHARDS"
contest="${1:?$usage}"
out="${2:?$usage}"
shards="${3:?$usage}"
judge="${SUDOKU_JUDGE:-$(command -v sudoku-judge || echo "${SLURM_SUBMIT_DIR:-.}/build/judge/sudoku-judge")}"
[ -x "$judge" ] || { echo "slurm-array.sh: no judge at $judge (install the toolkit, or set SUDOKU_JUDGE)" >&2; exit 2; }
# This recipe as the re-run lines below name it (inside a job it runs from Slurm's copy): the
# installed one beside an installed judge, else docs/ of the repository sbatch was called from.
recipe=docs/slurm-array.sh
installed_recipe="$(dirname "$judge")/../share/sudoku/scale-out/slurm-array.sh"
[ -f "$installed_recipe" ] && recipe="$(realpath "$installed_recipe")"

if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  # The sandbox needs root for namespaces and cgroups; without them the judge says so and falls
  # back to rlimits (see docs/judge.md).
  SUDOKU_SHARD_COUNT="$shards" exec "$judge" grade "$contest" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}" \
    --out "$out/shard-$SLURM_ARRAY_TASK_ID"
fi

dirs=()
for ((i = 0; i < shards; i++)); do dirs+=("$out/shard-$i"); done
status="$("$judge" status "$contest" "${dirs[@]}")" && exec "$judge" merge "$contest" --out "$out/merged" "${dirs[@]}"
echo "$status"
again="$(sed -n 's/^shards to run again: //p' <<<"$status")"
again="${again:-0-$((shards - 1))}"  # no shard.json anywhere: none is known to have started
echo "not merged: run the shards that did not finish again, then this merge:"
echo "  cd ${SLURM_SUBMIT_DIR:-.} && jobs=\$(sbatch --parsable --array=$again $recipe $contest $out $shards)"
echo "  sbatch --dependency=afterany:\$jobs $recipe $contest $out $shards"
exit 2
