#!/usr/bin/env bash
# Installs what scale-video needs on Debian or Ubuntu when it is missing:
# FFmpeg's development libraries (with libx264), the Rubber Band library's
# (pitch-keeping time stretch), OpenCV's core and image processing (beneath
# the optical flow of --motion flow), pkg-config, the ffmpeg command (used by
# the tests as an independent judge), the DejaVu fonts (the font
# Samples/make-film.sh attaches), mkvmerge and the reference FLAC encoder
# (the tests make files as those tools write them), curl (the studio's
# HTTP tests speak to it with curl), Chromium and its
# WebDriver (the studio's page is tested in a real browser) and, from PyPI,
# kubernetes-validate (the tests check the Kubernetes example with it) and
# Selenium (which drives the browser). Swift 6 and Python 3 must be on PATH.
set -euo pipefail
packages=(pkg-config libavformat-dev libavcodec-dev libavfilter-dev libswscale-dev libswresample-dev libavutil-dev librubberband-dev libopencv-imgproc-dev ffmpeg fonts-dejavu-core mkvtoolnix flac curl chromium chromium-driver binutils)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: swift not found; install Swift 6 (swift.org) and put it on PATH" >&2; exit 1; }
# From PyPI: the Kubernetes example is checked against the API's schemas;
# the studio's page is driven in Chromium by Selenium, and its API fuzzed
# by schemathesis.
pip_install() {
  python3 -m pip install --quiet "$1" 2>/dev/null || python3 -m pip install --quiet --user --break-system-packages "$1"
}
if ! command -v kubernetes-validate >/dev/null; then
  echo "setup: installing kubernetes-validate (PyPI)" >&2
  pip_install kubernetes-validate
fi
if ! python3 -c "import selenium" 2>/dev/null; then
  echo "setup: installing selenium (PyPI)" >&2
  pip_install selenium
fi
if ! python3 -c "import schemathesis" 2>/dev/null; then
  echo "setup: installing schemathesis (PyPI)" >&2
  pip_install schemathesis
fi
