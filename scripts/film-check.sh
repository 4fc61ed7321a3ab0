#!/usr/bin/env bash
# SPEC §16 on a long film: a film whose frames carry their index (by default
# 600 s of 1080p at 30 fps over a moving picture, with a stereo PCM tone)
# rendered with --motion flow --factor 2, losslessly (--crf 0), and then:
#   1. whole, on this machine;
#   2. by examples/slurm-film.sh (8 parts, and the join after them) under the
#      stand-in sbatch of Tests/StandIns;
#   3. in 4 parts one after another, joined: here, or with --image inside
#      the container image scripts/image-test.sh built (scale-video:test;
#      offline, read-only, user 1000).
# Each joined film is compared with the whole render, frame by frame and
# sample by sample (ffmpeg's framemd5 of what it decodes); each step's wall
# time (and here its CPU time and peak memory) is printed. About 5 GB of disk a film.
#
#   bash scripts/film-check.sh [--seconds S] [--size WxH] [--image] [--work DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts=$PWD/scripts
seconds=600 size=1920x1080 image=0 work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift ;;
    --size) size=$2; shift ;;
    --image) image=1 ;;
    --work) work=$2; shift ;;
    *) echo "usage: scripts/film-check.sh [--seconds S] [--size WxH] [--image] [--work DIR]" >&2; exit 64 ;;
  esac
  shift
done
if [ -z "$work" ]; then work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/bin" "$work/state" "$work/shared"
# The engine as built now, so that a build meanwhile does not change it.
bin=$(swift build -c release --show-bin-path)
cp "$bin/scale-video" "$bin/libScaleVideoFlow.so" "$work/bin/"
cp Tests/StandIns/sbatch "$work/bin/"
export PATH=$work/bin:$PATH
options=(--factor 2 --motion flow --crf 0 --preset ultrafast)
step() {
  local name=$1; shift
  /usr/bin/time -f "$name: %e s wall, %U s user + %S s system, %M KB peak" "$@"
}
hashes() { bash "$scripts/frame-hashes.sh" "$@"; }
same() {
  local name=$1 film=$2
  for stream in v a; do
    hashes "$film" "$stream" >"$work/$name.$stream"
    cmp -s "$work/whole.$stream" "$work/$name.$stream" \
      || { echo "film-check: $name: its $stream differs from the whole render's" >&2; exit 1; }
  done
  echo "ok: $name is the whole render: $(wc -l <"$work/$name.v") frames, $(wc -l <"$work/$name.a") sound frames alike"
}

film=$work/shared/film.mov
width=${size%x*} height=${size#*x}
# The index: 16 bits as bars across the top 64 lines, white for 1.
step "made the ${seconds} s ${size} film" ffmpeg -v error \
  -f lavfi -i "nullsrc=s=16x1:r=30:d=$seconds,format=gray,geq=lum='if(mod(floor(N/pow(2,X)),2),235,16)',scale=${width}:64:flags=neighbor,setsar=1,format=yuv420p" \
  -f lavfi -i "testsrc2=s=${width}x$((height - 64)):r=30:d=$seconds,format=yuv420p" \
  -f lavfi -i "aevalsrc='0.5*sin(2*PI*440*t)+0.2*sin(2*PI*97*t)|0.3*sin(2*PI*660*t)':s=48000:d=$seconds" \
  -filter_complex "[0:v][1:v]vstack[v]" -map "[v]" -map 2:a -c:v libx264 -preset ultrafast -crf 16 -g 60 -c:a pcm_s16le "$film"

cd "$work"
step "whole render" scale-video "$film" -o whole.mov "${options[@]}" --quiet
for stream in v a; do hashes whole.mov "$stream" >"whole.$stream"; done

cd - >/dev/null
sed -e "s|/shared|$work/shared|g" -e "s|^film=.*|film=$film|" -e "s|^output=.*|output=$work/shared/film-slurm.mov|" \
  -e "s|^options=.*|options=\"${options[*]}\"|" examples/slurm-film.sh >"$work/slurm-film.sh"
step "examples/slurm-film.sh under the stand-in sbatch" env SBATCH_STATE="$work/state" bash "$work/slurm-film.sh"
same "the Slurm example's film" "$work/shared/film-slurm.mov"
rm "$work"/shared/film-slurm.*

# 4 parts one after another, joined: here, or inside the image.
if [ "$image" = 1 ]; then
  export CONTAINERS_CONF=$PWD/scripts/containers.conf
  podman image exists scale-video:test || { echo "film-check: no image scale-video:test: run scripts/image-test.sh first" >&2; exit 1; }
  chmod -R a+rwX "$work/shared"
  where="inside the image"
  run() { podman run --rm --pull=never --network=none --read-only --user 1000:1000 -v "$work/shared:/data" scale-video:test "$@"; }
else
  where="here"
  run() { (cd "$work/shared" && scale-video "$@"); }
fi
started=$(date +%s)
for k in 1 2 3 4; do run film.mov -o parts.mov "${options[@]}" --part "$k/4" --quiet; done
echo "4 parts $where, one after another: $(($(date +%s) - started)) s wall"
started=$(date +%s)
run join parts.part-{1,2,3,4}-of-4.mkv -o parts.mov --quiet
echo "join of 4 parts $where: $(($(date +%s) - started)) s wall"
same "4 parts joined $where" "$work/shared/parts.mov"
