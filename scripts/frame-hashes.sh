#!/usr/bin/env bash
# The MD5 of each decoded frame (v) or block of samples (a) of a file's first
# video or audio stream, one a line, as ffmpeg's framemd5 lists them: what
# film-check.sh and image-test.sh compare a render in parts with the whole by.
#
#   bash scripts/frame-hashes.sh FILE v|a
set -euo pipefail
ffmpeg -v error -threads 2 -i "$1" -map "0:$2:0" -fps_mode passthrough -f framemd5 - | grep -v '^#' | awk -F, '{print $NF}'
