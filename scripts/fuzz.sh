#!/usr/bin/env bash
# Fuzzes the release binary with damaged movies (run by hand, not in CI):
#
#   bash scripts/fuzz.sh [mutants] [seed] [whole|sparse|reverse|pipe]
#                                   # defaults: 1000 mutants, seed 1, whole
#
# Makes three small sources with the ffmpeg CLI (2 s, 160x120: an mp4 with
# H.264 + AAC, an mkv with H.264 + 16-bit PCM, a stereo WAV) and cycles
# through them and through seven kinds of damage: bit flips at four rates
# (zzuf, 1e-5 to 1e-2 of the bits), a truncation, a zeroed range and a
# duplicated range (a few lines of Python below). The same mutants and seed
# make the same files. Each mutant is converted on its own, one at a time, in a
# fresh folder under a time limit:
#
#   scale-video in.EXT --factor 2 --quiet -o out.mov   (out.wav for the WAV)
#
# With `sparse`, the sources last 12 s with a key frame every 5 frames, and
# the conversions alternate between `--factor 0.05` (a time-lapse that skips
# key-frame intervals and seeks past them) and `--start 7 --end 9 --factor 1`
# (a late cut), so that damage meets the code that decodes only what is shown.
# With `reverse`, the sources last 4 s with a key frame every 10 frames, and
# the conversions alternate between `--reverse --factor 1.5` and a map that
# plays forwards, holds and plays backwards, so that damage meets the
# backward reader (its packet index, its seeks) and the audio spool.
# With `pipe`, each mutant goes through standard input and out to standard
# output (`scale-video - --factor 2 --quiet -o - < in.EXT > out.mkv`, TMPDIR
# a folder of the run's own), so that damage meets standard input's copy
# and the streamed Matroska; a refusal names `-`, the partial out.mkv a
# failed stream leaves is expected, and a copy left in TMPDIR is a file
# left behind.
# Each is counted as one of
#   converted  exit 0, the output present and nothing else written;
#   refused    exit 1, out.* absent and exactly one line on standard error that
#              is not a warning: "scale-video: in.EXT: reason";
#   crashed    killed by a signal, an exit status other than 0 and 1, or a
#              trace on standard error (Fatal error, stack dump);
#   hung       still running after the limit (20 s; the longest sane
#              conversion here takes well under a second);
#   misspoke   exit 0 without an output, or exit 1 with no line, several lines
#              or a line that does not name the input;
# and, on top, "left files behind" when the folder holds anything else
# afterwards (a .NAME.partial-* temporary file, a stray output).
# Every crashed, hung, misspoken or leaving mutant is kept with its command
# line, exit status and standard error in out/fuzz-SEED/ for reproduction,
# and the exit status is then 1. The reasons given for refusing are tallied
# at the end, and the first mutant to give each is kept in out/fuzz-SEED/refused/.
# Run it at low priority, e.g.
#   nice -n 19 bash scripts/fuzz.sh 1000 1 > fuzz.log 2>&1 &
set -euo pipefail
cd "$(dirname "$0")/.."
mutants=${1:-1000}
seed=${2:-1}
mode=${3:-whole}
case $mode in
  whole) seconds=2 group=25 ;;
  sparse) seconds=12 group=5 ;;
  reverse) seconds=4 group=10 ;;
  pipe) seconds=2 group=250 ;;
  *) echo "fuzz: the mode is whole, sparse, reverse or pipe, not $mode" >&2; exit 64 ;;
esac
limit=20
bash scripts/setup.sh
if ! command -v zzuf >/dev/null; then
  echo "fuzz: installing zzuf" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq zzuf >/dev/null
fi
# The build shares the machine's lock with other builds; the fuzzing does not.
flock /tmp/sv-cpu.lock swift build -c release --product scale-video >/dev/null
tool=$(pwd)/.build/release/scale-video
kept=$(pwd)/out/fuzz-$mode-$seed
rm -rf "$kept"
mkdir -p "$kept/refused"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$work/reasons"

sources=("$work/source.mp4" "$work/source.mkv" "$work/source.wav")
outputs=(out.mov out.mov out.wav)
video=(-f lavfi -i "testsrc2=s=160x120:r=25:d=$seconds")
x264=(-c:v libx264 -preset veryfast -g "$group" -keyint_min "$group" -sc_threshold 0)
ffmpeg -v error -nostdin -y "${video[@]}" -f lavfi -i "sine=f=440:r=48000:d=$seconds" -ac 2 \
  "${x264[@]}" -c:a aac "${sources[0]}"
ffmpeg -v error -nostdin -y "${video[@]}" -f lavfi -i "sine=f=330:r=48000:d=$seconds" -ac 2 \
  "${x264[@]}" -c:a pcm_s16le "${sources[1]}"
ffmpeg -v error -nostdin -y -f lavfi -i "sine=f=550:r=44100:d=$seconds" -ac 2 "${sources[2]}"

kinds=(flip-1e-5 flip-1e-4 flip-1e-3 flip-1e-2 truncate zero dup)
# mutate KIND SEED IN OUT: writes a damaged copy of IN.
mutate() {
  case $1 in
    flip-*) zzuf -s "$2" -r "${1#flip-}" <"$3" >"$4" ;;
    *) python3 - "$@" <<'EOF'
import random, sys
kind, seed, source, target = sys.argv[1:]
data = bytearray(open(source, "rb").read())
rng = random.Random(int(seed))
start = rng.randrange(len(data))
length = min(len(data) - start, rng.choice([1, 16, 256, 4096, 65536]))
if kind == "truncate":
    del data[start:]
elif kind == "zero":
    data[start:start + length] = bytes(length)
else:  # dup: the range twice in a row
    data[start:start] = data[start:start + length]
open(target, "wb").write(data)
EOF
    ;;
  esac
}

converted=0 refused=0 crashed=0 hung=0 misspoke=0 leftover=0 warned=0
# keep INDEX NAME WHY: keeps the mutant of the run folder for reproduction.
keep() {
  local name=$kept/$1-$2
  cp "$work/run/$input" "$name.$extension"
  {
    echo "$3"
    if [ "$mode" = pipe ]; then
      echo "command: cd $kept && $tool - ${arguments[*]:2} < $1-$2.$extension > out.mkv"
    else
      echo "command: cd $kept && $tool $1-$2.$extension ${arguments[*]:2}"
    fi
    echo "exit status: $status"
    echo "files left: ${left[*]:-none}"
    echo "standard error:"
    cat "$work/stderr"
  } >"$name.txt"
  echo "$1 $2: $3 (kept as $name.$extension)"
}

for ((i = 0; i < mutants; i++)); do
  source=${sources[i % 3]}
  kind=${kinds[(i / 3) % 7]}
  extension=${source##*.}
  input=in.$extension
  output=${outputs[i % 3]}
  rm -rf "$work/run"
  mkdir "$work/run"
  mutate "$kind" "$((seed * 1000000 + i))" "$source" "$work/run/$input"
  retiming=(--factor 2)
  if [ "$mode" = sparse ]; then
    retiming=(--factor 0.05)
    (((i / 21) % 2)) && retiming=(--start 7 --end 9 --factor 1)
  elif [ "$mode" = reverse ]; then
    retiming=(--reverse --factor 1.5)
    (((i / 21) % 2)) && retiming=(--time-map 0=0,2=2,2=2.5,0.5=4)
  fi
  named=$input
  arguments=("$tool" "$input" "${retiming[@]}" --quiet -o "$output")
  started=$(date +%s)
  status=0
  if [ "$mode" = pipe ]; then
    named=- output=out.mkv
    arguments=("$tool" - "${retiming[@]}" --quiet -o -)
    mkdir "$work/run/tmp"
    (cd "$work/run" && TMPDIR=$work/run/tmp timeout -k 5 "$limit" "${arguments[@]}" <"$input" >"$output") 2>"$work/stderr" || status=$?
  else
    (cd "$work/run" && timeout -k 5 "$limit" "${arguments[@]}") >/dev/null 2>"$work/stderr" || status=$?
  fi
  elapsed=$(($(date +%s) - started))
  left=()
  while IFS= read -r file; do
    [ "$file" = "$input" ] && continue
    [ "$file" = "$output" ] && { [ "$status" -eq 0 ] || [ "$mode" = pipe ]; } && continue
    [ "$file" = tmp ] && [ -z "$(ls -A "$work/run/tmp")" ] && continue
    left+=("$file")
  done < <(ls -A "$work/run")
  errors=$(grep -vc ': warning: ' "$work/stderr" || true)
  grep -q ': warning: ' "$work/stderr" && warned=$((warned + 1))
  trace=$(grep -Ec 'Fatal error|Stack dump|stack trace|Sanitizer|Segmentation fault|Assertion|Illegal instruction' "$work/stderr" || true)
  index=$(printf %04d "$i")
  problems=()
  if [ "$status" -eq 124 ] || { [ "$status" -eq 137 ] && [ "$elapsed" -ge "$limit" ]; }; then
    hung=$((hung + 1))
    problems+=("hung: still running after $limit s")
  elif [ "$trace" -gt 0 ]; then
    crashed=$((crashed + 1))
    problems+=("crashed: a trace on standard error (exit status $status)")
  elif [ "$status" -eq 0 ] && [ -s "$work/run/$output" ]; then
    converted=$((converted + 1))
  elif [ "$status" -eq 1 ] && [ "$errors" -eq 1 ] && grep -v ': warning: ' "$work/stderr" | grep -q "^scale-video: $named: "; then
    refused=$((refused + 1))
    reason=$(grep -v ': warning: ' "$work/stderr" | sed "s/^scale-video: $named: //; s/[0-9][0-9.]*/N/g")
    if REASON=$reason awk -F '\t' '$2 == ENVIRON["REASON"] { exit 1 }' "$work/reasons"; then
      cp "$work/run/$input" "$kept/refused/$index-$kind.$extension"
    fi
    printf '%s\t%s\n' "$index" "$reason" >>"$work/reasons"
  elif [ "$status" -eq 0 ]; then
    misspoke=$((misspoke + 1))
    problems+=("misspoke: exit status 0 without an output")
  elif [ "$status" -eq 1 ]; then
    misspoke=$((misspoke + 1))
    problems+=("misspoke: a refusal on $errors lines, or one that does not name $named")
  else
    crashed=$((crashed + 1))
    problems+=("crashed: exit status $status")
  fi
  if ((${#left[@]})); then
    leftover=$((leftover + 1))
    problems+=("left files behind: ${left[*]}")
  fi
  if ((${#problems[@]})); then keep "$index" "$kind" "$(IFS=';'; echo "${problems[*]}")"; fi
  if (((i + 1) % 100 == 0)); then echo "fuzz: $((i + 1)) of $mutants done" >&2; fi
done

echo "$mutants mutants, seed $seed, $mode, limit $limit s, $(date -u +%F)"
echo "converted $converted, refused $refused, crashed $crashed, hung $hung, misspoke $misspoke, left files behind $leftover"
echo "($warned printed a warning about skipped damage)"
echo "reasons for refusing (numbers written N), how often, the first mutant that gave it (kept in $kept/refused):"
awk -F '\t' '!($2 in n) { first[$2] = $1 } { n[$2]++ }
  END { for (r in n) printf "%7d  %s  %s\n", n[r], first[r], r }' "$work/reasons" | sort -rn
if ((crashed + hung + misspoke + leftover)); then
  echo "kept for reproduction in $kept"
  exit 1
fi
