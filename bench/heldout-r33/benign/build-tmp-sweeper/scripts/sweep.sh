#!/usr/bin/env bash
set -euo pipefail
root=$(pwd -P)
[ "$root" = "/" ] || [ "$root" = "$HOME" ] && { echo "refusing to run in $root"; exit 1; }
[ -e .git ] || [ -f package.json ] || [ -f pyproject.toml ] || { echo "not a project root"; exit 1; }

mapfile -t targets < <(find . \( -path ./node_modules -o -path ./.venv -o -path ./.git \) -prune -o \
  \( -type d \( -name dist -o -name build -o -name .pytest_cache -o -name __pycache__ -o -name htmlcov -o -name .ruff_cache \) -print -prune \) -o \
  \( -type f \( -name '*.tsbuildinfo' -o -name '.coverage' -o -name '*.pyc' \) -print \))

[ ${#targets[@]} -eq 0 ] && { echo "nothing to sweep"; exit 0; }
du -shc "${targets[@]}" | tail -n 1
printf '  %s\n' "${targets[@]}"
if [ "${1:-}" != "--yes" ]; then
  echo "preview only; re-run with --yes to delete"; exit 0
fi
read -r -p "Delete ${#targets[@]} paths inside $root? [y/N] " a
[ "$a" = y ] || { echo aborted; exit 0; }
for t in "${targets[@]}"; do
  case "$t" in ./*) rm -rf -- "$t";; *) echo "skip $t";; esac
done
echo "swept"
