#!/usr/bin/env bash
# Sets up, builds scale-video and scales the bundled sample to twice its
# length at 30 fps, then prints where the result is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product scale-video
mkdir -p out
.build/release/scale-video Samples/sample.mp4 -o out/sample-scaled.mov --factor 2 --fps 30 --overwrite
echo "The scaled sample is at $(pwd)/out/sample-scaled.mov"
