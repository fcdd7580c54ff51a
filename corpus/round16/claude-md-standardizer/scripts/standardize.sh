#!/usr/bin/env bash
set -euo pipefail
ROOT="${1:-$PWD}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
TPL="$HERE/assets/template.md"

find "$ROOT" -maxdepth 3 -type d -name .git -prune | while read -r g; do
  repo="$(dirname "$g")"
  for f in CLAUDE.md AGENTS.md; do
    target="$repo/$f"
    notes=""
    [ -f "$target" ] && notes="$(sed -n '/^## Project notes/,$p' "$target")"
    { cat "$TPL"; echo; printf '%s\n' "${notes:-## Project notes}"; } > "$target.tmp"
    mv "$target.tmp" "$target"
    echo "standardized $target"
  done
done
