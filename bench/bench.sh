#!/usr/bin/env bash
# Times scale-video against the ffmpeg CLI doing the same job with the same
# encoder settings, alternating the two (A B A B …), and prints per case the
# median wall time of each, their ratio and each one's peak RSS.
#
#   bash bench/bench.sh [input] [runs]
#
# Without an input it makes one: 1280x720, 30 fps, 30 s, H.264 + stereo
# 48 kHz AAC. Runs default to 3 per tool and case.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if ! [ -x /usr/bin/time ] || ! command -v bc >/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time bc >/dev/null
fi
swift build -c release --product scale-video >/dev/null
tool=.build/release/scale-video
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=${1:-}
runs=${2:-3}
if [ -z "$input" ]; then
  input=$work/input.mp4
  ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=1280x720:r=30:d=30" \
    -f lavfi -i "sine=f=440:r=48000:d=30" -ac 2 -c:v libx264 -preset veryfast -crf 20 -c:a aac "$input"
fi
rate=$(ffprobe -v error -select_streams a:0 -show_entries stream=sample_rate -of csv=p=0 "$input")

# measure OUTFILE cmd... → "seconds kilobytes"
measure() {
  local out=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  rm -f "$out"
  cat "$work/time"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

printf '%-34s %9s %9s %7s %10s %10s\n' case scale-video ffmpeg ratio "RSS sv MB" "RSS ff MB"
for preset in veryfast medium; do
  for spec in "2 30 pcm mov" "0.5 30 pcm mov" "1 24 pcm mov" "2 30 aac mp4"; do
    read -r factor fps codec ext <<<"$spec"
    acodec=pcm_s16le; [ "$codec" = aac ] && acodec=aac
    out=$work/out.$ext
    : >"$work/a"; : >"$work/b"
    for _ in $(seq "$runs"); do
      measure "$out" $tool "$input" -o "$out" --factor "$factor" --fps "$fps" --audio-codec "$codec" \
        --preset "$preset" --crf 23 --quiet --overwrite >>"$work/a"
      measure "$out" ffmpeg -v error -nostdin -y -i "$input" -vf "setpts=$factor*PTS,fps=$fps" \
        -af "asetrate=$rate/$factor,aresample=$rate" -c:v libx264 -preset "$preset" -crf 23 -c:a "$acodec" "$out" >>"$work/b"
    done
    sv=$(cut -d' ' -f1 "$work/a" | median); ff=$(cut -d' ' -f1 "$work/b" | median)
    svm=$(cut -d' ' -f2 "$work/a" | median); ffm=$(cut -d' ' -f2 "$work/b" | median)
    printf '%-34s %8.2fs %8.2fs %7.2f %10.0f %10.0f\n' "factor $factor, $fps fps, $codec, $preset" \
      "$sv" "$ff" "$(echo "$sv / $ff" | bc -l)" "$(echo "$svm / 1024" | bc -l)" "$(echo "$ffm / 1024" | bc -l)"
  done
done
