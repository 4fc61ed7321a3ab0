#!/bin/bash
# One batch spread over the machines listed in nodes.txt (one ssh login a
# line, e.g. "2/render1" to run two shards at once on render1) with GNU
# parallel: it starts `--shard 1/8` … `--shard 8/8` over ssh, each as soon
# as a machine has a free slot, and gathers their JSON lines here.
#
#   bash gnu-parallel.sh
#
# What it needs, and nothing more:
# - each machine in nodes.txt takes an ssh login without a password (a key
#   in ssh-agent or ~/.ssh, or Kerberos): BatchMode makes a machine that
#   would ask for one fail at once instead of waiting for an answer that
#   never comes, and --filter-hosts leaves out the machines that cannot be
#   reached;
# - scale-video at /usr/local/bin/scale-video on each machine (where
#   scripts/install.sh puts it; set SCALE_VIDEO for another place): ssh
#   runs the command in a non-interactive shell, whose PATH is not the one
#   a login shell sets;
# - /shared mounted at the same path everywhere, holding the list, the
#   clips it names and the output folder.
#
# Run it again to finish what a failed or interrupted run left: the
# outputs already complete are skipped, and the JSON lines are appended to
# what the earlier run wrote.
set -euo pipefail
tool=${SCALE_VIDEO:-/usr/local/bin/scale-video}
parallel --sshloginfile nodes.txt --ssh 'ssh -o BatchMode=yes' --filter-hosts --retries 2 \
    "$tool" --inputs-from /shared/list.txt --factor 2 --output-dir /shared/scaled \
    --skip-existing --json --quiet \
    --shard {}/8 \
    ::: 1 2 3 4 5 6 7 8 >> results.jsonl
