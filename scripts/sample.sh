#!/usr/bin/env bash
# Sets up, builds everything a user runs (the command, the studio's program
# and the library --motion flow loads) and scales the bundled sample to
# twice its length at 30 fps, then prints where the command and the result
# are, and the line that puts the command on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The same builds as scripts/test.sh and scripts/install.sh make, so none is made twice.
for product in scale-video scale-video-studio ScaleVideoFlow; do
  swift build -c release --static-swift-stdlib --product "$product"
done
programs=$(swift build -c release --show-bin-path)
mkdir -p out
"$programs/scale-video" Samples/sample.mp4 -o out/sample-scaled.mov --factor 2 --fps 30 --overwrite
cat <<TEXT
The scaled sample is at $(pwd)/out/sample-scaled.mov
scale-video is built at $programs/scale-video (with scale-video-studio and libScaleVideoFlow.so beside it).
To run it by name in this shell:
  export PATH="$programs:\$PATH"
TEXT
