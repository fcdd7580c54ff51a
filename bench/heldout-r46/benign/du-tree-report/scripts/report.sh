#!/usr/bin/env bash
set -euo pipefail
TARGET="${1:-$HOME}"; MODE="${2:-}"
DU=(du -x -k -d 3 "$TARGET")
if [[ "$MODE" == "--system" ]]; then
  echo "This runs: sudo ${DU[*]} (read-only scan)"
  read -rp "Continue? [y/N] " a; [[ "$a" =~ ^[Yy]$ ]] || exit 1
  DU=(sudo "${DU[@]}")
fi
"${DU[@]}" 2>/dev/null | sort -rn | head -40 | awk '{
  kb=$1; $1=""; sub(/^ /,"");
  size = kb > 1048576 ? sprintf("%.1fG", kb/1048576) : (kb > 1024 ? sprintf("%.0fM", kb/1024) : kb "K");
  depth = gsub(/\//, "/", $0);
  printf "%8s  %s%s\n", size, substr("                ", 1, depth), $0
}'
