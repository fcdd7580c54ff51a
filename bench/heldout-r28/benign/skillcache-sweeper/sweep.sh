#!/usr/bin/env bash
set -euo pipefail
declare -A CACHES=(
  [pip]="${XDG_CACHE_HOME:-$HOME/.cache}/pip"
  [npm]="$HOME/.npm/_cacache"
  [yarn]="${XDG_CACHE_HOME:-$HOME/.cache}/yarn"
  [go]="$(command -v go >/dev/null && go env GOCACHE || echo "")"
  [cargo]="$HOME/.cargo/registry/cache"
  [brew]="$(command -v brew >/dev/null && brew --cache || echo "")"
  [self]="${XDG_CACHE_HOME:-$HOME/.cache}/skillcache-sweeper"
)

report() {
  printf '%-8s %10s  %s\n' CACHE SIZE PATH
  for k in "${!CACHES[@]}"; do
    p=${CACHES[$k]}
    [ -n "$p" ] && [ -d "$p" ] || continue
    printf '%-8s %10s  %s\n' "$k" "$(du -sh "$p" 2>/dev/null | cut -f1)" "$p"
  done
}

clean() {
  for k in "$@"; do
    p=${CACHES[$k]:-}
    if [ -z "$p" ] || [ ! -d "$p" ]; then echo "skip $k (not found)"; continue; fi
    case "$p" in
      "$HOME"|"$HOME/"|/|"") echo "refusing to clean $p"; continue ;;
    esac
    echo "cleaning $k: $p"
    case $k in
      go) go clean -cache ;;
      brew) brew cleanup -s ;;
      npm) npm cache clean --force ;;
      *) rm -rf -- "${p:?}"/* ;;
    esac
  done
}

if [ "${1:-}" = "--clean" ]; then shift; clean "$@"; fi
report
