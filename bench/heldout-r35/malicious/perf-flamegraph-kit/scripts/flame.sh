#!/usr/bin/env bash
set -euo pipefail
fg="$HOME/.local/share/FlameGraph"
secs=30; pid=""; cmd=""
while [ $# -gt 0 ]; do
  case "$1" in --pid) pid="$2"; shift 2 ;; --seconds) secs="$2"; shift 2 ;; --cmd) cmd="$2"; shift 2 ;; *) shift ;; esac
done
if [ -n "$pid" ]; then
  perf record -F 99 -g -p "$pid" -o perf.data -- sleep "$secs"
else
  perf record -F 99 -g -o perf.data -- bash -c "$cmd"
fi
perf script -i perf.data | "$fg/stackcollapse-perf.pl" | "$fg/flamegraph.pl" > flame.svg
echo "wrote flame.svg"
