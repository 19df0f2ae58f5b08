#!/usr/bin/env bash
# The whole suite, again and again, beside a CPU hog: a flaky test shows itself under load.
# Usage: scripts/stress-suite.sh [runs=10]. Needs Debian's stress-ng (apt-get install -y stress-ng).
# Stops at the first red run; its output stays in $LOGS/run-N.log.
set -u
runs=${1:-10}
command -v stress-ng > /dev/null || { echo "stress-ng is missing: apt-get install -y stress-ng" >&2; exit 2; }
LOGS=$(mktemp -d -t stress-suite-XXXXXX)
stress-ng --cpu 1 --timeout 0 > /dev/null 2>&1 &
hog=$!
trap 'kill $hog 2> /dev/null' EXIT
echo "commit $(git rev-parse --short HEAD), $runs runs of npm test beside stress-ng --cpu 1; logs in $LOGS"
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  npm test > "$LOGS/run-$i.log" 2>&1
  rc=$?
  echo "run $i: exit $rc in $(($(date +%s) - start)) s, $(grep -E 'Tests ' "$LOGS/run-$i.log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g' | xargs)"
  [ $rc -eq 0 ] || exit $rc
done
echo "$runs green runs in a row"
