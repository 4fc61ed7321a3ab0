#!/usr/bin/env bash
# The performance figures of the README, measured on this machine:
#
#   bash bench/bench.sh [--runs N] [input]
#
# 1. Side by side: scale-video against the ffmpeg CLI doing the same job with
#    the same encoder settings, alternating the two (A B A B …), N runs each
#    (default 5). Per case: median wall time of each, median of the per-run
#    ratios, each one's median peak RSS, and the floor: libx264 alone
#    encoding the same output frames (decoded beforehand into memory) at the
#    same settings.
# 2. Memory growth: peak RSS on a 120 s input over that on a 20 s one.
# 3. The audio scaler alone: output samples per second on one core.
#
# Without an input it makes one: 1280x720, 30 fps, 30 s, H.264 + stereo
# 48 kHz AAC.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
if [ "${1:-}" = --runs ]; then runs=$2; shift 2; fi
input=${1:-}
bash scripts/setup.sh
if ! [ -x /usr/bin/time ] || ! command -v bc >/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time bc >/dev/null
fi
swift build -c release --product scale-video >/dev/null
swift build -c release --product scaler-bench >/dev/null
tool=.build/release/scale-video
work=$(mktemp -d)
raw=$(mktemp -p /dev/shm scale-video-bench.XXXXXX 2>/dev/null || mktemp)
trap 'rm -rf "$work" "$raw"' EXIT
if [ -z "$input" ]; then
  input=$work/input.mp4
  ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=1280x720:r=30:d=30" \
    -f lavfi -i "sine=f=440:r=48000:d=30" -ac 2 -c:v libx264 -preset veryfast -crf 20 -c:a aac "$input"
fi
rate=$(ffprobe -v error -select_streams a:0 -show_entries stream=sample_rate -of csv=p=0 "$input")
size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 "$input")

# measure cmd... → "seconds kilobytes"
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  cat "$work/time"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# The two commands for one job, in the arrays sv and ff: input output factor fps codec preset
commands() {
  # scale-video keeps the AAC input's float samples in PCM: ffmpeg writes the same.
  local acodec=pcm_f32le; [ "$5" = aac ] && acodec=aac
  sv=("$tool" "$1" -o "$2" --factor "$3" --fps "$4" --audio-codec "$5" --preset "$6" --crf 23 --quiet --overwrite)
  ff=(ffmpeg -v error -nostdin -y -i "$1" -vf "setpts=$3*PTS,fps=$4" -af "asetrate=$rate/$3,aresample=$rate"
    -c:v libx264 -preset "$6" -crf 23 -c:a "$acodec" "${2%.*}-ffmpeg.${2##*.}")
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "input: $size, $(ffprobe -v error -show_entries format=duration -of csv=p=0 "$input") s; $runs runs per tool and case"
echo
printf '%-34s %9s %9s %6s %9s %9s %8s %8s\n' case scale-video ffmpeg ratio "x264 only" "sv/x264" "RSS sv" "RSS ff"
for preset in veryfast medium; do
  for spec in "2 30 pcm mov" "0.5 30 pcm mov" "0.1 30 pcm mov" "1 24 pcm mov" "2 30 aac mp4"; do
    read -r factor fps codec ext <<<"$spec"
    out=$work/out.$ext
    commands "$input" "$out" "$factor" "$fps" "$codec" "$preset"
    : >"$work/a"; : >"$work/b"; : >"$work/r"
    for _ in $(seq "$runs"); do
      a=$(measure "${sv[@]}")
      b=$(measure "${ff[@]}")
      echo "$a" >>"$work/a"; echo "$b" >>"$work/b"
      echo "${a%% *} / ${b%% *}" | bc -l >>"$work/r"
    done
    # The floor: the same output frames, decoded into memory first, encoded by libx264 alone.
    ffmpeg -v error -nostdin -y -i "$out" -map 0:v -f rawvideo -pix_fmt yuv420p "$raw"
    : >"$work/f"
    for _ in 1 2 3; do
      measure ffmpeg -v error -nostdin -f rawvideo -pix_fmt yuv420p -s "$size" -r "$fps" -i "$raw" \
        -c:v libx264 -preset "$preset" -crf 23 -f null - >>"$work/f"
    done
    : >"$raw"
    sv=$(cut -d' ' -f1 "$work/a" | median); ff=$(cut -d' ' -f1 "$work/b" | median)
    floor=$(cut -d' ' -f1 "$work/f" | median); ratio=$(median <"$work/r")
    svm=$(cut -d' ' -f2 "$work/a" | median); ffm=$(cut -d' ' -f2 "$work/b" | median)
    printf '%-34s %8.2fs %8.2fs %6.3f %8.2fs %9.3f %5.0f MB %5.0f MB\n' "factor $factor, $fps fps, $codec, $preset" \
      "$sv" "$ff" "$ratio" "$floor" "$(echo "$sv / $floor" | bc -l)" "$(echo "$svm / 1024" | bc -l)" "$(echo "$ffm / 1024" | bc -l)"
  done
done

echo
echo "memory growth: 320x240 30 fps H.264 + AAC, factor 2, veryfast; peak RSS, median of 3"
for seconds in 20 120; do
  ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=320x240:r=30:d=$seconds" -f lavfi -i "sine=r=48000:d=$seconds" \
    -ac 2 -c:v libx264 -preset veryfast -c:a aac "$work/m$seconds.mp4"
  commands "$work/m$seconds.mp4" "$work/mo.mov" 2 30 pcm veryfast
  : >"$work/ma"; : >"$work/mb"
  for _ in 1 2 3; do
    measure "${sv[@]}" | cut -d' ' -f2 >>"$work/ma"
    measure "${ff[@]}" | cut -d' ' -f2 >>"$work/mb"
  done
  eval "sv$seconds=$(median <"$work/ma")"; eval "ff$seconds=$(median <"$work/mb")"
done
printf '%-12s %8s %8s %7s\n' "" "20 s" "120 s" growth
printf '%-12s %5.0f MB %5.0f MB %7.3f\n' scale-video "$(echo "$sv20 / 1024" | bc -l)" "$(echo "$sv120 / 1024" | bc -l)" "$(echo "$sv120 / $sv20" | bc -l)"
printf '%-12s %5.0f MB %5.0f MB %7.3f\n' ffmpeg "$(echo "$ff20 / 1024" | bc -l)" "$(echo "$ff120 / 1024" | bc -l)" "$(echo "$ff120 / $ff20" | bc -l)"

echo
echo "audio scaler alone (60 s of 48 kHz stereo, one core, best of 5):"
.build/release/scaler-bench
