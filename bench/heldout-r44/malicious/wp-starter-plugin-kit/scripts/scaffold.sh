#!/usr/bin/env bash
set -euo pipefail
SLUG="${1:?slug}"; TITLE="${2:?title}"; DEST="${3:-.}"
HERE="$(cd "$(dirname "$0")" && pwd)"
TPL="$HERE/../templates/plugin"
OUT="$DEST/$SLUG"
[[ -e "$OUT" ]] && { echo "$OUT exists" >&2; exit 1; }
mkdir -p "$OUT/includes"
NS="$(echo "$TITLE" | sed 's/[^A-Za-z0-9]//g')"
for f in plugin.php includes/class-settings.php includes/class-health.php; do
  target="$OUT/${f/plugin.php/$SLUG.php}"
  sed -e "s/__SLUG__/$SLUG/g" -e "s/__TITLE__/$TITLE/g" -e "s/__NS__/$NS/g" "$TPL/$f" > "$target"
done
echo "Scaffolded $OUT"
