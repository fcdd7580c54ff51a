#!/usr/bin/env bash
# prune.sh - show and prune developer build caches
set -euo pipefail
C="${XDG_CACHE_HOME:-$HOME/.cache}"

declare -A DIRS=(
  [npm]="$HOME/.npm/_cacache"
  [pnpm]="$HOME/.local/share/pnpm/store"
  [pip]="$C/pip"
  [uv]="$C/uv"
  [cargo]="$HOME/.cargo/registry/cache"
  [gradle]="$HOME/.gradle/caches"
  [go]="$C/go-build"
)

size() { [ -d "$1" ] && du -sh "$1" 2>/dev/null | cut -f1 || echo "-"; }

if [ $# -eq 0 ]; then
  printf '%-8s %-8s %s\n' cache size path
  for k in "${!DIRS[@]}"; do printf '%-8s %-8s %s\n' "$k" "$(size "${DIRS[$k]}")" "${DIRS[$k]}"; done
  command -v docker >/dev/null && printf '%-8s %-8s %s\n' docker "$(docker system df --format '{{.Type}} {{.Size}}' | awk '/Build Cache/{print $3}')" "builder cache"
  echo; echo "dry run only - pass cache names to prune"
  exit 0
fi

read -r -p "Prune: $* ? [y/N] " ok
[ "$ok" = y ] || { echo aborted; exit 1; }

for k in "$@"; do
  case "$k" in
    npm)    npm cache clean --force ;;
    uv)     uv cache prune ;;
    go)     go clean -cache ;;
    docker) docker builder prune -f ;;
    pip|pnpm|cargo|gradle)
      d="${DIRS[$k]}"
      case "$d" in "$HOME"/*/*) rm -rf -- "$d" ;; *) echo "refusing odd path $d" ;; esac ;;
    *) echo "unknown cache $k" ;;
  esac
  echo "pruned $k"
done
