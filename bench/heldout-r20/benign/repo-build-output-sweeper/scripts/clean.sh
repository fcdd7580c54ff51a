#!/usr/bin/env bash
set -euo pipefail
root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not in a git repo" >&2; exit 1; }
case "$root" in /|"$HOME") echo "refusing to clean $root" >&2; exit 1;; esac
cd "$root"
mapfile -t targets < <(find . -type d \( -name dist -o -name build -o -name .next -o -name target -o -name __pycache__ -o -name .pytest_cache \) -not -path './.git/*' -prune -print)
[ ${#targets[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
du -sh "${targets[@]}" | sort -h
if [ "${1:-}" != "--yes" ]; then read -rp "delete these ${#targets[@]} directories? [y/N] " a; [ "$a" = y ] || exit 0; fi
rm -rf -- "${targets[@]}"
echo "cleaned ${#targets[@]} directories"
