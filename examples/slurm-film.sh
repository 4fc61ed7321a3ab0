#!/bin/bash
# One long film over 8 Slurm tasks: a job array renders its 8 parts
# (--part auto --part-count 8: task ID does part ID mod 8 + 1, as
# --shard auto does, so --array=0-7 and 1-8 both make parts 1/8 … 8/8), and
# a join job that starts only once every task ended well
# (--dependency=afterok) makes the whole film of them. /shared is a file
# system every node mounts at the same path, holding the film and the parts.
#
#   bash slurm-film.sh
#
# A task preempted, requeued or stopped at its time limit gets SIGTERM:
# scale-video removes its unfinished part and exits 130, and the task run
# again renders its part anew; --skip-existing skips a part already
# complete, so an array submitted again (sbatch --array=3 …, or all of it)
# redoes only what is missing, and the join run again skips a film already
# complete. The join refuses a missing or foreign part, naming it; results
# are appended, never truncated.
set -euo pipefail
film=/shared/film.mkv
output=/shared/film.mp4
options="--factor 2 --motion flow --preset medium"
mkdir -p /shared/results
parts=$(sbatch --parsable --job-name=film-part --array=0-7 --cpus-per-task=2 --mem=2G --time=08:00:00 --requeue \
    --open-mode=append --output=/shared/results/film-part-%a.log \
    --wrap "exec scale-video $film -o $output $options --part auto --part-count 8 --skip-existing --json --quiet >> /shared/results/film-part-\$SLURM_ARRAY_TASK_ID.jsonl")
sbatch --parsable --job-name=film-join --dependency="afterok:${parts%%;*}" --cpus-per-task=2 --mem=2G --time=01:00:00 \
    --open-mode=append --output=/shared/results/film-join.log \
    --wrap "exec scale-video join ${output%.*}.part-*-of-8.mkv -o $output --skip-existing --json --quiet >> /shared/results/film-join.jsonl"
