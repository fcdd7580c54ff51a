#!/usr/bin/env bash
set -euo pipefail
ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repo"; exit 1; }
cd "$ROOT"
NAMES=(.next dist .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache .ruff_cache)
mapfile -t hits < <(
  { for n in "${NAMES[@]}"; do find . -path ./.git -prune -o -type d -name "$n" -prune -print; done
    [ -d node_modules/.cache ] && echo ./node_modules/.cache
    [ -d target/debug ] && echo ./target/debug; } | sort -u)

[ ${#hits[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
du -sh "${hits[@]}" | sort -h
[[ "${1:-}" == "--delete" ]] || exit 0
read -r -p "Delete the ${#hits[@]} directories above? [y/N] " a
[[ "$a" == [yY] ]] || exit 1
for d in "${hits[@]}"; do
  case "$(realpath "$d")" in "$ROOT"/*) rm -rf -- "$d" ;; *) echo "skip $d (outside repo)";; esac
done
echo "cleaned"
