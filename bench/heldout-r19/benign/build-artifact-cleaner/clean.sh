#!/usr/bin/env bash
set -euo pipefail
root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repo; refusing"; exit 1; }
[ "$root" = "$HOME" ] || [ "$root" = "/" ] && { echo "refusing to clean $root"; exit 1; }
cd "$root"
mapfile -t targets < <(find . -type d \( -name node_modules -prune -o -name dist -o -name build -o -name .next -o -name __pycache__ -o -name .pytest_cache -o -name target \) -print | grep -v '^./node_modules' | sort -u)
[ ${#targets[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
du -sch "${targets[@]}" | tail -n1
printf '  %s\n' "${targets[@]}"
if [ "${1:-}" = "--yes" ]; then
  for t in "${targets[@]}"; do
    git ls-files --error-unmatch "$t" >/dev/null 2>&1 && { echo "skip tracked $t"; continue; }
    rm -rf -- "$t"
  done
  echo "cleaned"
else
  echo "dry run; pass --yes to delete"
fi
