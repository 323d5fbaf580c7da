#!/usr/bin/env bash
# Grades a contest as a Slurm job array: one array task per shard, then one merge job.
#
#   sbatch --array=0-7 docs/slurm-array.sh /shared/contest/contest.yaml /shared/contest/out
#   sbatch --dependency=afterok:<array job id> --wrap \
#     "sudoku-judge merge /shared/contest/contest.yaml --out /shared/contest/out/merged /shared/contest/out/shard-*"
#
# Every path is on storage all nodes share (docs/scale-out.md). Each task takes its shard from
# SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT (`--shard auto`) and writes only its own directory;
# a task that is requeued or rerun continues from its journal.
#SBATCH --job-name=sudoku-judge
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=01:00:00
#SBATCH --output=sudoku-judge-%A_%a.log
set -euo pipefail
contest="${1:?usage: sbatch --array=0-N docs/slurm-array.sh CONTEST.yaml OUT_DIR}"
out="${2:?usage: sbatch --array=0-N docs/slurm-array.sh CONTEST.yaml OUT_DIR}"
judge="${SUDOKU_JUDGE:-sudoku-judge}"
# The sandbox needs root for namespaces and cgroups; without them the judge says so and falls
# back to rlimits (see docs/judge.md).
exec "$judge" grade "$contest" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --out "$out/shard-${SLURM_ARRAY_TASK_ID}"
