#!/usr/bin/env bash
# What the built command writes, mode by mode: a short movie whose frames
# carry their index (testsrc2 with the frame number drawn on it, H.264 with a
# key frame a second) and a 440 Hz stereo tone, rendered as a user would
# (movies losslessly, see render below) in each mode: nearest, blend slowing
# and speeding, flow, a map with a freeze and a backwards run, a smooth
# curve, reverse, two parts and their join, stills, a preview, keep-pitch,
# sound alone and more. Each output is named by its mode, with a SHA-256 of
# every packet of every stream (ffmpeg's framemd5 of a stream copy, so no
# muxer's date or tool name counts), or of a PNG's bytes. A change that must
# not change behaviour leaves every line as it was.
#
#   bash scripts/behaviour-matrix.sh --record FILE [PROGRAMS]
#   bash scripts/behaviour-matrix.sh --check FILE [PROGRAMS]
#
# PROGRAMS is the folder of the release builds (scale-video and
# libScaleVideoFlow.so beside it); default: swift build -c release
# --show-bin-path. It builds nothing. --check prints the modes whose output
# differs from FILE's, and exits 1 if any does.
set -euo pipefail
usage() { echo "usage: scripts/behaviour-matrix.sh --record FILE | --check FILE [PROGRAMS]" >&2; exit 64; }
[ $# -ge 2 ] || usage
action=$1 record=$(realpath -m "$2")
case "$action" in --record | --check) ;; *) usage ;; esac
programs=${3:-$(cd "$(dirname "$0")/.." && swift build -c release --show-bin-path)}
scale_video=$programs/scale-video
[ -x "$scale_video" ] || { echo "behaviour-matrix: no $scale_video: build the release products first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The sources: 4 s at 30 fps, each frame's index drawn in its corner; the
# tone in both channels; the tone alone as a WAV file; a map file.
ffmpeg -v error -nostdin \
  -f lavfi -i "testsrc2=s=320x240:r=30:d=4,drawtext=text='%{frame_num}':fontsize=48:fontcolor=white:box=1:boxcolor=black:x=10:y=10" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=4" \
  -c:v libx264 -preset ultrafast -crf 20 -g 30 -pix_fmt yuv420p -threads 1 \
  -c:a pcm_s16le -ac 2 source.mov
ffmpeg -v error -nostdin -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=3" -ac 2 -c:a pcm_s16le tone.wav
printf '%s\n' '# a freeze at 1 s, then a run backwards from 2.5 s to 1.5 s' \
  '0 0' '1 1' '1 1.5' '2.5 3' '1.5 4' '3.5 5' >map.txt

# What the command says goes to a log, shown when a step fails.
log=$work/log
trap 'cat "$log" >&2' ERR
run() { "$scale_video" "$@" --quiet 2>>"$log"; }
# A movie's render, lossless: libx264's lossy rate control, threaded, now and
# then spends a few bits differently from one run of the same pictures to the
# next (about one run in 40 here), where lossless it writes the same packets
# every time.
render() { run "$@" --crf 0; }
# Each output's line: its mode, then the hash of its packets (every
# stream's, as framemd5 lists them) or of a picture's bytes.
lines=$work/lines
packets() {
  local framemd5
  framemd5=$(ffmpeg -v error -nostdin -i "$2" -map 0 -c copy -f framemd5 - | grep -v '^#')
  printf '%s %s\n' "$1" "$(sha256sum <<<"$framemd5" | cut -d' ' -f1)" >>"$lines"
}
picture() { printf '%s %s\n' "$1" "$(sha256sum <"$2" | cut -d' ' -f1)" >>"$lines"; }

packets source source.mov
render source.mov -o nearest.mov --factor 1.5 --fps 24
packets nearest nearest.mov
render source.mov -o blend-slower.mov --motion blend --factor 2.5
packets blend-slower blend-slower.mov
render source.mov -o blend-faster.mov --motion blend --factor 0.4
packets blend-faster blend-faster.mov
render source.mov -o flow.mov --motion flow --factor 2
packets flow flow.mov
render source.mov -o map.mov --time-map @map.txt --plot-map map.png
packets map-freeze-backwards map.mov
picture map-picture map.png
render source.mov -o freeze-aac.mp4 --time-map 0=0,1=1,1=1.5,4=6 --motion blend
packets freeze-blend-aac freeze-aac.mp4
render source.mov -o curve.mov --time-map 0=0,1=2,3=3,4=5 --curve smooth
packets curve-smooth curve.mov
render source.mov -o reverse.mov --reverse
packets reverse reverse.mov
render source.mov -o reverse-keep-pitch.mov --reverse --factor 1.25 --keep-pitch
packets reverse-keep-pitch reverse-keep-pitch.mov
render source.mov -o whole.mov --factor 2 --motion blend --part 1/2
render source.mov -o whole.mov --factor 2 --motion blend --part 2/2
packets part-1-of-2 whole.part-1-of-2.mkv
packets part-2-of-2 whole.part-2-of-2.mkv
"$scale_video" join whole.part-1-of-2.mkv whole.part-2-of-2.mkv -o whole.mov --quiet 2>>"$log"
packets join whole.mov
run source.mov -o still.mov --factor 2.5 --motion blend --still still.png --still-at 1.3 --dry-run >/dev/null
picture still-blend still.png
run source.mov -o still.mov --time-map @map.txt --still still-map.png --still-at 3.5 --dry-run >/dev/null
picture still-map still-map.png
render source.mov -o preview.mov --factor 2 --motion blend --preview preview.mp4 --preview-at 3 --dry-run >/dev/null
packets preview preview.mp4
render source.mov -o keep-pitch.mov --factor 1.5 --keep-pitch
packets keep-pitch keep-pitch.mov
render source.mov -o keep-pitch-map.mov --time-map 0=0,2=1,2=1.5,4=5.5 --keep-pitch
packets keep-pitch-map keep-pitch-map.mov
run source.mov -o sound.wav --factor 0.75 --no-video
packets sound-alone sound.wav
run tone.wav -o tone.m4a --time-map 0=0,1=2,2=2.5,1=3.5,3=4
packets sound-file-map-aac tone.m4a
render source.mov -o waveform.mov --factor 0.5 --mono --waveform waveform.png
packets mono waveform.mov
picture waveform waveform.png

case "$action" in
--record) cp "$lines" "$record" ;;
--check)
  differing=$(join -a1 -a2 -e missing -o 0,1.2,2.2 <(sort "$record") <(sort "$lines") | awk '$2 != $3 { print $1 }')
  if [ -n "$differing" ]; then
    printf 'differs: %s\n' $differing
    exit 1
  fi
  echo "behaviour-matrix: all $(wc -l <"$lines") outputs as recorded"
  ;;
esac
