#!/bin/bash
# One batch spread over a Slurm job array of 8 tasks, 0 to 7: task ID does
# shard ID mod 8 + 1 (0 is shard 1/8), so --array=1-8 works as well (8 is
# shard 1/8), and --shard-count 8 says how many shards the batch has, so a
# task resubmitted alone (sbatch --array=4 slurm-array.sh) or a list of
# them (--array=2,5) does exactly its own shards, and an array of more
# than 8 ids (--array=0-9) is refused. /shared is a file system every node
# mounts at the same path, holding the list, the clips it names and the
# output folder.
#
#   sbatch slurm-array.sh
#
# A task preempted, requeued or stopped at its time limit gets SIGTERM:
# scale-video removes its unfinished output and exits 130, and the task
# run again (--requeue, or sbatch again) finishes the rest of its shard,
# since --skip-existing skips the outputs already complete. Its log and
# its results are appended to, never truncated, so what a run before the
# requeue wrote is kept.
#SBATCH --job-name=scale-video
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=scale-video-%A_%a.log
set -euo pipefail
mkdir -p /shared/results
# One JSON line per input of the shard, appended to a file of its own.
exec scale-video --inputs-from /shared/list.txt --factor 2 --output-dir /shared/scaled \
    --skip-existing --json --quiet \
    --shard auto --shard-count 8 \
    >> "/shared/results/shard-$SLURM_ARRAY_TASK_ID.jsonl"
