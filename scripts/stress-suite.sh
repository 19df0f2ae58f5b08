#!/usr/bin/env bash
# CI again and again beside a CPU hog: a flaky test shows itself under load.
# Usage: scripts/stress-suite.sh [runs=10]. Needs Debian's stress-ng (apt-get install -y stress-ng).
# Each run is CI's own: a clean clone of this checkout's HEAD, then its .ci/run (install, typecheck,
# npm test, the scenarios, the generated visits), beside `stress-ng --cpu 1`. Stops at the first red
# run; every run's output stays in $LOGS/run-N.log.
set -u
runs=${1:-10}
command -v stress-ng > /dev/null || { echo "stress-ng is missing: apt-get install -y stress-ng" >&2; exit 2; }
repo=$(git rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --short HEAD)
LOGS=$(mktemp -d -t stress-suite-XXXXXX)
stress-ng --cpu 1 --timeout 0 > /dev/null 2>&1 &
hog=$!
trap 'kill $hog 2> /dev/null; rm -rf "$LOGS/clone"' EXIT
echo "commit $commit, $runs runs of .ci/run on a clean clone beside stress-ng --cpu 1; logs in $LOGS"
for i in $(seq 1 "$runs"); do
  rm -rf "$LOGS/clone"
  git clone -q "$repo" "$LOGS/clone" && git -C "$LOGS/clone" checkout -q "$commit"
  start=$(date +%s)
  (cd "$LOGS/clone" && CI=true bash .ci/run) > "$LOGS/run-$i.log" 2>&1
  rc=$?
  # vitest colours its summary: the colour codes go before the line is looked for.
  tests=$(sed 's/\x1b\[[0-9;]*m//g' "$LOGS/run-$i.log" | grep -E '^\s*Tests ' | tail -1 | xargs)
  echo "run $i: exit $rc in $(($(date +%s) - start)) s ($tests)"
  [ $rc -eq 0 ] || exit $rc
done
echo "$runs green runs in a row"
