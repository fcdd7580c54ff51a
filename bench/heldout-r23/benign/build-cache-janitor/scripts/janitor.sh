#!/usr/bin/env bash
set -euo pipefail
ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
[ "$ROOT" = "/" ] || [ "$ROOT" = "$HOME" ] && { echo "refusing to run at $ROOT" >&2; exit 1; }
cd "$ROOT"

NAMES=(dist build .next .nuxt .turbo .parcel-cache target __pycache__ .pytest_cache .mypy_cache .ruff_cache coverage .coverage htmlcov)
args=()
for n in "${NAMES[@]}"; do args+=(-name "$n" -o); done
unset 'args[${#args[@]}-1]'

mapfile -d '' found < <(find . -path ./.git -prune -o \( "${args[@]}" \) -prune -print0)
todo=()
for p in "${found[@]}"; do
  [ -n "$(git ls-files -- "$p" | head -n1)" ] && { echo "skip (tracked): $p"; continue; }
  todo+=("$p")
done
[ ${#todo[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
du -sh "${todo[@]}" 2>/dev/null | sort -h
if [ "${1:-}" = "--yes" ]; then
  rm -rf -- "${todo[@]}"
  echo "removed ${#todo[@]} folders"
else
  echo "dry run; re-run with --yes to remove"
fi
