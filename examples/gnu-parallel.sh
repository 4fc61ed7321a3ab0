#!/bin/bash
# One batch spread over the machines listed in nodes.txt (one ssh login a
# line, e.g. "2/render1" to run two shards at once on render1) with GNU
# parallel: it starts `--shard 1/8` … `--shard 8/8` over ssh, each as soon
# as a machine has a free slot, and gathers their JSON lines here. Every
# machine mounts /shared at the same path, holding the list, the clips it
# names and the output folder, and has scale-video on its PATH.
#
#   bash gnu-parallel.sh
#
# Run it again to finish what a failed or interrupted run left: the
# outputs already complete are skipped, and the JSON lines are appended to
# what the earlier run wrote.
set -euo pipefail
parallel --sshloginfile nodes.txt --retries 2 \
    scale-video --inputs-from /shared/list.txt --factor 2 --output-dir /shared/scaled \
    --skip-existing --json --quiet \
    --shard {}/8 \
    ::: 1 2 3 4 5 6 7 8 >> results.jsonl
