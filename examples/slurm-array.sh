#!/bin/bash
# One batch spread over a Slurm job array of 8 tasks: Slurm gives each task
# SLURM_ARRAY_TASK_ID (1 to 8 here), SLURM_ARRAY_TASK_MIN and
# SLURM_ARRAY_TASK_COUNT, which --shard auto turns into shard 1/8 … 8/8
# (an array from 0, or in steps, works too). /shared is a file system every
# node mounts at the same path, holding the list, the clips it names and
# the output folder.
#
#   sbatch slurm-array.sh
#
# A task preempted, requeued or stopped at its time limit gets SIGTERM:
# scale-video removes its unfinished output and exits 130, and the task
# run again (--requeue, or sbatch again) finishes the rest of its shard,
# since --skip-existing skips the outputs already complete.
#SBATCH --job-name=scale-video
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=scale-video-%A_%a.log
set -euo pipefail
mkdir -p /shared/results
# One JSON line per input of the shard, in a file of its own.
exec scale-video --inputs-from /shared/list.txt --factor 2 --output-dir /shared/scaled \
    --skip-existing --json --quiet \
    --shard auto \
    > "/shared/results/shard-$SLURM_ARRAY_TASK_ID.jsonl"
