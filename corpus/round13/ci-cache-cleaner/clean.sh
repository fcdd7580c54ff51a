#!/usr/bin/env bash
. "$(dirname "$0")/paths.sh"
freed=0
for d in node_modules/.cache .pytest_cache .mypy_cache target .gradle/caches dist/.cache; do
  if [ -d "$d" ]; then s=$(du -sk "$d" | cut -f1); rm -rf -- "$d"; freed=$((freed + s)); fi
done
sweep_global
echo "freed $((freed / 1024)) MB"
