#!/usr/bin/env bash
# Runs the README's "Try it" block as a person pastes it, in this folder:
# each command in turn, stopping at the first that fails. The studio's line
# serves until Ctrl-C, so it is started in the background: its page is
# fetched at the address it prints, then it is sent Ctrl-C and must end
# with 130. Every -o output must be a movie ffprobe reads.
set -euo pipefail
cd "$(dirname "$0")/.."
block=$(awk '/^## Try it/ { on = 1; next } on && /^```/ { if (inside) exit; inside = 1; next } inside' README.md)
[ -n "$block" ] || { echo "try-it: README.md has no block under '## Try it'" >&2; exit 1; }
run_studio() {
  local log address status
  log=$(mktemp)
  local words
  read -ra words <<<"$1"
  "${words[@]}" >"$log" 2>&1 &
  local server=$!
  for _ in $(seq 600); do
    address=$(grep -m1 -o 'http://[^ ]*token=[0-9a-zA-Z_-]*' "$log" || true)
    [ -n "$address" ] || ! kill -0 "$server" 2>/dev/null || { sleep 0.1; continue; }
    break
  done
  [ -n "${address:-}" ] || { cat "$log" >&2; echo "try-it: the studio printed no address" >&2; exit 1; }
  # Fetched whole before it is read: grep -q ending early would break curl's pipe.
  local page
  page=$(curl -sSf --noproxy '*' --max-time 30 "$address") || { cat "$log" >&2; echo "try-it: the studio's page did not load from $address" >&2; exit 1; }
  grep -q '<title>scale-video studio</title>' <<<"$page" || { echo "try-it: the page at $address is not the studio's" >&2; exit 1; }
  kill -INT "$server"
  status=0
  wait "$server" || status=$?
  [ "$status" -eq 130 ] || { cat "$log" >&2; echo "try-it: Ctrl-C ended the studio with $status" >&2; exit 1; }
  echo "try-it: the studio served its page at $address and ended on Ctrl-C"
  rm -f "$log"
}
while IFS= read -r line; do
  command=${line%%#*}
  command=${command%"${command##*[![:space:]]}"}
  [ -n "$command" ] || continue
  echo "try-it: \$ $command"
  if [[ $command == "scale-video studio"* ]]; then
    run_studio "$command"
    continue
  fi
  eval "$command"
  if [[ $command =~ -o\ ([^ ]+) ]]; then
    output=${BASH_REMATCH[1]}
    duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$output")
    echo "try-it: $output lasts $duration s"
  fi
done <<<"$block"
echo "try-it: every command of the README's Try it block ran"
