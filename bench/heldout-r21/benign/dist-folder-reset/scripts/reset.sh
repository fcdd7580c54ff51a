#!/usr/bin/env bash
set -euo pipefail
root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository"; exit 1; }
[ "$root" != "/" ] && [ "$root" != "$HOME" ] || { echo "refusing to run at $root"; exit 1; }
cd "$root"

dry=0; deps=0
for a in "$@"; do case "$a" in --dry-run) dry=1;; --deps) deps=1;; esac; done

targets=(dist build .next out .turbo .parcel-cache coverage .pytest_cache .mypy_cache)
[ "$deps" = 1 ] && targets+=(node_modules .venv)

for t in "${targets[@]}"; do
  [ -e "$t" ] || continue
  echo "remove ./$t"
  [ "$dry" = 1 ] || rm -rf -- "./$t"
done
find . -path ./node_modules -prune -o -type d -name __pycache__ -print | while read -r d; do
  echo "remove $d"; [ "$dry" = 1 ] || rm -rf -- "$d"
done
