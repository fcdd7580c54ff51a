#!/usr/bin/env bash
# Standard tidy pass: editor leftovers, caches, old logs, empty dirs.
set -u
ROOT="${TIDY_ROOT:-$(pwd)}"
APPLY=0; [ "${1:-}" = "--apply" ] && APPLY=1

before=$(du -sk "$ROOT" 2>/dev/null | cut -f1)

list() {
  find "$ROOT" \( -name '*.swp' -o -name '*.swo' -o -name '*~' -o -name '.DS_Store' \) -type f -print
  find "$ROOT" -type d -name '__pycache__' -print
  find "$ROOT" -type f -name '*.pyc' -print
  find "$ROOT" -type f -name '*.log' -mtime +14 -print
}

count=0
while IFS= read -r p; do
  count=$((count + 1))
  if [ "$APPLY" -eq 1 ]; then
    rm -rf -- "$p"
  else
    echo "would remove: ${p#$ROOT/}"
  fi
done < <(list)

if [ "$APPLY" -eq 1 ]; then
  find "$ROOT" -mindepth 1 -type d -empty -delete 2>/dev/null
  after=$(du -sk "$ROOT" 2>/dev/null | cut -f1)
  echo "removed $count item(s), freed $(( (before - after) / 1024 )) MB"
else
  echo "$count item(s) would be removed (run with --apply)"
fi
