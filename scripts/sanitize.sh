#!/usr/bin/env bash
# Runs the end-to-end, batch and cancel tests under ThreadSanitizer and
# AddressSanitizer (run by hand, not in CI):
#
#   bash scripts/sanitize.sh [filter]    # default: 'EndToEndTests|BatchTests|CancelTests'
#
# Builds everything with --sanitize=thread in .build-tsan and with
# --sanitize=address in .build-asan (the tests run the scale-video built
# beside them, so it is instrumented too), then runs the tests. Every process,
# the test runner and each scale-video it starts, writes its sanitizer reports
# to a file of its own in out/sanitize/NAME/ (log_path) instead of standard
# error, where a report from a scale-video run by a test could go unseen.
#
# ThreadSanitizer runs with its defaults: every race is reported, the process
# goes on and exits 66. The flow kernel runs its loops on the calling thread
# in that build (OpenCV's TBB pool synchronises out of ThreadSanitizer's
# sight; see FlowKernel.cpp). AddressSanitizer stops at the first error (its
# default) and looks for leaks at exit (LeakSanitizer, on by default on Linux).
# Two kinds of leak are suppressed. The side table of a Swift weak reference:
# the runtime keeps its only pointer with flag bits packed into it, which
# LeakSanitizer's scan of memory does not recognise as a pointer
# (https://github.com/llvm/llvm-project/issues/56751); Foundation's
# Process.run makes such tables in the test runner. And an array
# swift-argument-parser makes while it reads the command line, unreachable
# at exit (48 or 64 bytes, once a process, where `scale-video join` ends or
# a usage error is reported): made in its ParsedValues.update or
# InputKey.fullPath, as parsing fills in the options. Any other leak is
# still reported, and so is an object that leaked with a side table.
#
# Prints, per sanitizer, the tests' result and the reports found; the exit
# status is 1 if a test failed or there was any report.
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:-'EndToEndTests|BatchTests|CancelTests'}
bash scripts/setup.sh
logs=$(pwd)/out/sanitize
rm -rf "$logs"
mkdir -p "$logs/thread" "$logs/address"
suppressed_leaks=(formWeakReference ArgumentParser12ParsedValuesV6update ArgumentParser8InputKeyV8fullPath)
printf 'leak:%s\n' "${suppressed_leaks[@]}" >"$logs/lsan-suppressions"
export TSAN_OPTIONS="log_path=$logs/thread/report"
export ASAN_OPTIONS="log_path=$logs/address/report"
export LSAN_OPTIONS="suppressions=$logs/lsan-suppressions"

failed=0
for sanitizer in thread address; do
  scratch=.build-${sanitizer:0:1}san
  flock /tmp/sv-cpu.lock swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" \
    >"$logs/$sanitizer/build.log" 2>&1 || { tail -20 "$logs/$sanitizer/build.log"; exit 1; }
  status=0
  flock /tmp/sv-cpu.lock swift test --disable-xctest --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" \
    --filter "$filter" >"$logs/$sanitizer/test.log" 2>&1 || status=$?
  result=$(grep -E '(✔|✘) Test run with' "$logs/$sanitizer/test.log" | tail -1 || true)
  reports=$(cat "$logs/$sanitizer/test.log" "$logs/$sanitizer"/report.* 2>/dev/null |
    grep -Ec 'WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer' || true)
  echo "$sanitizer: ${result:-no test result (swift test exit status $status)}"
  echo "$sanitizer: $reports sanitizer reports"
  if [ "$sanitizer" = address ]; then
    # LeakSanitizer's table of what it suppressed: "count bytes template".
    for kind in "${suppressed_leaks[@]}"; do
      suppressed=$(cat "$logs/address"/report.* 2>/dev/null |
        awk -v kind=$kind '$3 == kind { n += $1; b += $2 } END { printf "%d (%d bytes)", n, b }' || true)
      echo "address: leaks left out of the reports ($kind): $suppressed"
    done
  fi
  if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then failed=1; fi
done
echo "logs in $logs"
exit "$failed"
