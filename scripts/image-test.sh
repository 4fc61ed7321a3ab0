#!/usr/bin/env bash
# Builds the container image (Dockerfile) with podman and runs it: the
# bundled sample rendered ×2 inside it (read-only, no network, as user
# 1000), and a film rendered in 3 parts and joined inside it, compared
# frame by frame and sample by sample with the whole render made inside it
# too. Works offline on a machine without a container registry: where the
# base images cannot be pulled, it makes stand-ins for debian:bookworm-slim
# and swift:6.3-bookworm with mmdebstrap (the Swift toolchain this machine
# runs copied in), and SwiftPM inside the build takes the packages from
# mirrors of the checkouts this machine already has. Prints the image's
# size and the build's time. Too slow for every test run (about 10 minutes
# the first time): run it before each change to the Dockerfile.
#
#   bash scripts/image-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for package in podman buildah mmdebstrap runc uidmap; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
if ((${#missing[@]})); then DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CONTAINERS_CONF=$PWD/scripts/containers.conf

# A base image, pulled or else made here: NAME and mmdebstrap's extra arguments.
# The stand-ins come from the mirror this machine's apt uses, read from its
# sources (deb822 or one-line); none is assumed.
apt_uri() {
  local suite=$1 uri
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v suite="$suite" '
    /^URIs:/ { uri = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) found = 1 }
    /^[[:space:]]*$/ { if (found && uri) exit; found = 0; uri = "" }
    END { if (found && uri) print uri }')
  [ -n "$uri" ] || uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk -v suite="$suite" '
    $1 == "deb" { for (i = 2; i < NF; i++) if ($i ~ /:\/\//) { if ($(i + 1) == suite) { print $i; exit } break } }')
  printf '%s' "$uri"
}
base() {
  local name=$1; shift
  podman image exists "$name" && return
  podman pull -q "$name" >/dev/null 2>&1 && return
  local main suite uri sources=()
  main=$(apt_uri bookworm)
  if [ -z "$main" ]; then
    echo "image-test: $name cannot be pulled, and this machine's apt sources (/etc/apt/sources.list*) name no Debian mirror for bookworm to make a stand-in from" >&2
    exit 1
  fi
  sources=("deb $main bookworm main")
  for suite in bookworm-updates bookworm-security; do
    uri=$(apt_uri "$suite")
    if [ -n "$uri" ]; then sources+=("deb $uri $suite main"); else echo "image-test: the apt sources name no mirror for $suite; the stand-in goes without it" >&2; fi
  done
  echo "image-test: making a stand-in for $name (no registry) from $main" >&2
  mmdebstrap --quiet --variant=minbase --format=tar \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' --customize-hook='rm -rf "$1"/var/lib/apt/lists/*' "$@" \
    bookworm - "${sources[@]}" \
    | podman import --change 'CMD ["bash"]' --change "ENV PATH=${PATH_PREFIX:-}/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" - "$name" >/dev/null
}
base docker.io/library/debian:bookworm-slim
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
PATH_PREFIX=$toolchain/usr/bin: base docker.io/library/swift:6.3-bookworm \
  --include=binutils,git,gnupg2,libc6-dev,libcurl4-openssl-dev,libedit2,libgcc-12-dev,libpython3-dev,libsqlite3-0,libstdc++-12-dev,libxml2-dev,libncurses-dev,libz3-dev,pkg-config,tzdata,zlib1g-dev,unzip,ca-certificates \
  --customize-hook="mkdir -p \"\$1$(dirname "$toolchain")\" && cp -a \"$toolchain\" \"\$1$toolchain\""

# The build context: the committed sources, the pinned package versions,
# and a mirror of each package's repository that SwiftPM is pointed to.
context=$work/context
mkdir -p "$context/.deps" "$context/.swiftpm/configuration"
git archive HEAD | tar -x -C "$context"
[ -f Package.resolved ] || swift package resolve >/dev/null
cp Package.resolved "$context/"
python3 - "$context" <<'PY'
import json, os, subprocess, sys
context = sys.argv[1]
pins = json.load(open("Package.resolved"))["pins"]
mirrors = []
for pin in pins:
    name = pin["location"].rstrip("/").split("/")[-1].removesuffix(".git")
    checkout = next(p for p in os.listdir(".build/repositories") if p.rsplit("-", 1)[0] == name)
    subprocess.run(["git", "clone", "--quiet", "--mirror", os.path.join(".build/repositories", checkout),
                    os.path.join(context, ".deps", name + ".git")], check=True)
    # Packages name one another with and without .git: both are mirrored.
    bare = pin["location"].removesuffix(".git")
    for original in (bare, bare + ".git"):
        mirrors.append({"original": original, "mirror": f"/src/.deps/{name}.git"})
json.dump({"object": mirrors, "version": 1}, open(os.path.join(context, ".swiftpm/configuration/mirrors.json"), "w"))
PY

started=$(date +%s)
podman build --pull=never --network=host -q -t scale-video:test "$context" >/dev/null
echo "built scale-video:test in $(($(date +%s) - started)) s: $(podman image inspect scale-video:test --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"
# The build stage's layers are not kept.
podman image prune -f >/dev/null

data=$work/data
mkdir -p "$data"
cp Samples/sample.mp4 "$data/"
chmod -R a+rwX "$data"
run() { podman run --rm --pull=never --network=none --read-only --user 1000:1000 -v "$data:/data" scale-video:test "$@"; }
# What the image distributes keeps its licences: the program's, and the copyright file of every package it ships.
podman run --rm --pull=never --network=none --entrypoint sh scale-video:test -c \
  'test -f /usr/local/share/doc/scale-video/LICENSE && for p in $(dpkg-query -W -f "\${Package}\n"); do
     test -f /usr/share/doc/$p/copyright || { echo "no copyright file for $p"; exit 1; }; done' \
  || { echo "image-test: the image lacks a licence file (above)" >&2; exit 1; }
echo "ok: the image holds the program's LICENSE and the copyright file of each of its packages"
run sample.mp4 -o sample-scaled.mov --factor 2 --quiet
frames=$(ffprobe -v error -count_frames -select_streams v -show_entries stream=nb_read_frames -of csv=p=0 "$data/sample-scaled.mov")
[ "$frames" = 360 ] || { echo "image-test: the sample scaled ×2 holds $frames frames, not 360" >&2; exit 1; }
echo "ok: the sample scaled ×2 inside the image: 360 frames"
options=(--factor 2 --motion flow --crf 0 --quiet)
run sample.mp4 -o whole.mov "${options[@]}"
for k in 1 2 3; do run sample.mp4 -o film.mov "${options[@]}" --part "$k/3"; done
run join film.part-1-of-3.mkv film.part-2-of-3.mkv film.part-3-of-3.mkv -o film.mov --quiet
for stream in v a; do
  cmp <(bash scripts/frame-hashes.sh "$data/whole.mov" "$stream") <(bash scripts/frame-hashes.sh "$data/film.mov" "$stream") \
    || { echo "image-test: the joined parts' $stream differs from the whole render's" >&2; exit 1; }
done
echo "ok: 3 parts rendered with --motion flow and joined inside the image are the whole render, frame for frame and sample for sample"
