#!/usr/bin/env bash
# Builds scale-video in release mode and installs the command, the studio's
# program (scale-video-studio, which `scale-video studio` runs), the library
# --motion flow loads (libScaleVideoFlow.so, the flow kernel over OpenCV, in
# PREFIX/lib/scale-video, where the command looks for it), the studio's page
# (PREFIX/share/scale-video/studio), its manual page, its licence
# (PREFIX/share/doc/scale-video/LICENSE) and its bash, zsh and fish
# completions under PREFIX (default /usr/local).
# With --uninstall it removes exactly those files, and the folders the
# install made if they are empty again.
#
#   bash scripts/install.sh [--binary PATH] [PREFIX]
#   bash scripts/install.sh --uninstall [PREFIX]
#
# --binary PATH installs that already built scale-video, and the
# scale-video-studio and libScaleVideoFlow.so beside it, instead of building
# them.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/install.sh [--binary PATH] [PREFIX] | --uninstall [PREFIX]" >&2; exit 64; }
uninstall=0 binary="" prefix=""
while (($#)); do
  case "$1" in
    --uninstall) uninstall=1 ;;
    --binary) (($# >= 2)) || usage; binary=$2; shift ;;
    -*) usage ;;
    *) [ -z "$prefix" ] || usage; prefix=$1 ;;
  esac
  shift
done
prefix=${prefix:-/usr/local}
((uninstall == 0)) || [ -z "$binary" ] || usage

command=bin/scale-video
studio=bin/scale-video-studio
flow_library=lib/scale-video/libScaleVideoFlow.so
manual=share/man/man1/scale-video.1
bash_completion=share/bash-completion/completions/scale-video
zsh_completion=share/zsh/site-functions/_scale-video
fish_completion=share/fish/vendor_completions.d/scale-video.fish
page=()
for file in Sources/Studio/Page/*; do page+=("share/scale-video/studio/$(basename "$file")"); done
licence=share/doc/scale-video/LICENSE
files=("$command" "$studio" "$flow_library" "${page[@]}" "$manual" "$licence" "$bash_completion" "$zsh_completion" "$fish_completion")
# The folders an install made, one a line relative to PREFIX ("." for PREFIX itself).
record=share/scale-video/installed-folders

if ((uninstall)); then
  for file in "${files[@]}"; do
    [ ! -e "$prefix/$file" ] || { rm -f "$prefix/$file"; echo "removed $prefix/$file"; }
  done
  if [ -f "$prefix/$record" ]; then
    folders=$(cat "$prefix/$record")
    rm -f "$prefix/$record"
    # Deepest first, so a folder is empty when its turn comes; one still
    # holding something else stays.
    while IFS= read -r folder; do
      [ -n "$folder" ] || continue
      [ "$folder" != . ] || folder=""
      rmdir "$prefix/$folder" 2>/dev/null || true
    done < <(printf '%s\n' "$folders" | awk -F/ '{ print ($0 == "." ? 0 : NF) "\t" $0 }' | sort -rn | cut -f2-)
  fi
  exit 0
fi

if [ -z "$binary" ]; then
  swift build -c release --product scale-video --static-swift-stdlib
  swift build -c release --product scale-video-studio --static-swift-stdlib
  swift build -c release --product ScaleVideoFlow --static-swift-stdlib
  binary=.build/release/scale-video
fi
[ -x "$binary" ] || { echo "install: $binary is not an executable" >&2; exit 1; }
built_studio=$(dirname "$binary")/scale-video-studio
[ -x "$built_studio" ] || { echo "install: $built_studio (the studio's program) is missing" >&2; exit 1; }
built_flow_library=$(dirname "$binary")/libScaleVideoFlow.so
[ -f "$built_flow_library" ] || { echo "install: $built_flow_library (the library --motion flow loads) is missing" >&2; exit 1; }

# Note every folder that does not exist yet, up to and including PREFIX.
made=()
noted() { local folder; for folder in "${made[@]}"; do [ "$folder" != "$1" ] || return 0; done; return 1; }
[ ! -f "$prefix/$record" ] || mapfile -t made < "$prefix/$record"
for file in "${files[@]}" "$record"; do
  folder=$(dirname "$file")
  while :; do
    [ -d "$prefix/$folder" ] || noted "$folder" || made+=("$folder")
    [ "$folder" != . ] || break
    folder=$(dirname "$folder")
  done
done
for file in "${files[@]}" "$record"; do mkdir -p "$prefix/$(dirname "$file")"; done
printf '%s\n' "${made[@]}" > "$prefix/$record"

install -m 755 "$binary" "$prefix/$command"
install -m 755 "$built_studio" "$prefix/$studio"
install -m 644 "$built_flow_library" "$prefix/$flow_library"
install -m 644 man/scale-video.1 "$prefix/$manual"
install -m 644 LICENSE "$prefix/$licence"
for file in "${page[@]}"; do install -m 644 "Sources/Studio/Page/$(basename "$file")" "$prefix/$file"; done
"$prefix/$command" --generate-completion-script bash > "$prefix/$bash_completion"
"$prefix/$command" --generate-completion-script zsh > "$prefix/$zsh_completion"
"$prefix/$command" --generate-completion-script fish > "$prefix/$fish_completion"
for file in "${files[@]}"; do echo "installed $prefix/$file"; done
