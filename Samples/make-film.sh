#!/usr/bin/env bash
# Makes a film-like Matroska from the bundled sample, to try every stream on:
#
#   bash Samples/make-film.sh [OUTPUT]        # default: Samples/film.mkv
#
# The sample's picture (its clock counts the seconds) and sound (English),
# a French commentary (mono 44.1 kHz AAC, a 330 Hz tone with a click every
# second), English SubRip and French ASS subtitles naming the second the
# clock shows (each cue from the second to 0.8 s after it), the DejaVu Sans
# font the ASS cues are set in, a cover picture (the sample's frame at 3 s)
# and a start timecode of 01:00:00:00.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
output=${1:-$here/film.mkv}
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -f "$font" ] || { echo "make-film.sh: $font is missing: run scripts/setup.sh" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
english=(zero one two three four five)
french=(zéro une deux trois quatre cinq)
for s in 1 2 3 4 5; do
  printf '%d\n00:00:0%d,000 --> 00:00:0%d,800\nThe clock says %s.\n\n' "$s" "$s" "$s" "${english[$s]}"
done > "$work/en.srt"
{
  printf '[Script Info]\nScriptType: v4.00+\nPlayResX: 640\nPlayResY: 360\n\n[V4+ Styles]\n'
  printf 'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n'
  printf 'Style: Default,DejaVu Sans,30,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,20,20,24,1\n\n'
  printf '[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n'
  for s in 1 2 3 4 5; do
    printf 'Dialogue: 0,0:00:0%d.00,0:00:0%d.80,Default,,0,0,0,,L'"'"'horloge dit {\\i1}%s{\\i0}.\n' "$s" "$s" "${french[$s]}"
  done
} > "$work/fr.ass"
ffmpeg -v error -nostdin -y -ss 3 -i "$here/sample.mp4" -frames:v 1 -q:v 3 "$work/cover.jpg"
ffmpeg -v error -nostdin -y -i "$here/sample.mp4" \
  -f lavfi -i "aevalsrc='0.3*sin(2*PI*330*t)+0.5*lt(mod(t,1),0.02)':s=44100:d=6" \
  -i "$work/en.srt" -i "$work/fr.ass" \
  -map 0:v -map 0:a -map 1:a -map 2 -map 3 -c:v copy -c:a:0 copy -c:a:1 aac -c:s copy \
  -metadata:s:a:0 language=eng -metadata:s:a:1 language=fra -metadata:s:a:1 title=Commentaire \
  -metadata:s:s:0 language=eng -metadata:s:s:1 language=fra \
  -disposition:a:0 default -disposition:s:0 default \
  -attach "$font" -metadata:s:t:0 mimetype=font/ttf -metadata:s:t:0 filename=DejaVuSans.ttf \
  -attach "$work/cover.jpg" -metadata:s:t:1 mimetype=image/jpeg -metadata:s:t:1 filename=cover.jpg \
  -map_metadata -1 -metadata title="Sample film" -timecode 01:00:00:00 "$output"
echo "$output"
