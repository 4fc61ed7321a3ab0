#!/usr/bin/env bash
# Writes man/scale-video.1 anew from the command's own option definitions:
# run it after changing an option or the help text (a test checks the page
# says what --help says).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product scale-video
swift build --product scale-video-manual
"$(swift build --show-bin-path)/scale-video-manual" "$(swift build --show-bin-path)/scale-video" > man/scale-video.1
echo "wrote man/scale-video.1"
