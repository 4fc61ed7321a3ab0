#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite, then the studio's page in
# headless Chromium and its API under schemathesis (Tests/Browser); with --unit, only the suites tagged .unit
# (Tests/TestSupport/TestTags.swift: no program started, no movie made); with
# --end-to-end, only the others and the page.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
# The end-to-end tests run the engine as scripts/install.sh builds it: optimized, the Swift runtime linked in.
if [ "${1:-}" != --unit ]; then
    for product in scale-video scale-video-studio ScaleVideoFlow; do swift build -c release --static-swift-stdlib --product "$product"; done
    SCALE_VIDEO_PROGRAMS=$(swift build -c release --show-bin-path)
    export SCALE_VIDEO_PROGRAMS
fi
# swift test (Swift 6.3) has no filter by tag: `--filter tag:unit` runs
# nothing. The suites tagged .unit are named instead, as the sources tag them
# (a line `@Suite(… .tags(.unit) …)`, the type on it or on the line below).
unit_suites() {
    awk '/^@Suite\(.*\.tags\(\.unit\)/ { tagged = 1 }
        tagged && match($0, /(^|[ )])(struct|class|enum|actor) [A-Za-z_0-9]+/) {
            name = substr($0, RSTART, RLENGTH); sub(/.* /, "", name); print name; tagged = 0; next }
        !/^@/ { tagged = 0 }' Tests/*/*.swift | paste -sd'|' -
}
# The studio in a real browser, then its API fuzzed (Tests/Browser).
studio_tests() { python3 Tests/Browser/studio_page_test.py && python3 Tests/Browser/studio_api_fuzz.py; }
case "${1:-}" in
--unit) swift test --disable-xctest --skip-build --filter "\.($(unit_suites))/" ;;
--end-to-end) swift test --disable-xctest --skip-build --skip "\.($(unit_suites))/" && studio_tests ;;
"") swift test --disable-xctest --skip-build && studio_tests ;;
*) echo "usage: scripts/test.sh [--unit | --end-to-end]" >&2; exit 64 ;;
esac
