#!/usr/bin/env bash
# Makes Samples/sample.mp4: 6 s of FFmpeg's testsrc2 pattern (a running
# clock and moving colour bars) at 640x360, 30 fps, H.264 with B-frames, and
# a stereo 48 kHz AAC tone (440 Hz left, 660 Hz right, with a click every
# second), so both speed and sync are easy to see and hear.
set -euo pipefail
cd "$(dirname "$0")"
ffmpeg -v error -nostdin -y \
  -f lavfi -i "testsrc2=s=640x360:r=30:d=6" \
  -f lavfi -i "aevalsrc='0.4*sin(2*PI*440*t)+0.5*lt(mod(t,1),0.02)|0.4*sin(2*PI*660*t)+0.5*lt(mod(t,1),0.02)':s=48000:d=6" \
  -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -g 60 \
  -c:a aac -b:a 96k -movflags +faststart \
  sample.mp4
